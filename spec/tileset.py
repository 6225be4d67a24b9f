"""Which tiles a variant has, and how many of each: computed once, from its profile."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property

from spec.tiles import HONOURS, Suit, Tile

_SUIT_START = {Suit.CHARACTERS: Tile.M1, Suit.DOTS: Tile.P1, Suit.BAMBOO: Tile.S1}


@dataclass(frozen=True)
class TileSet:
    """The tiles of one variant's set.

    ``kinds`` are the plain tile identities (a red five is a copy of its plain five),
    ``red_fives`` the fives of which one copy is red, ``flowers`` the flower and season
    tiles (each exists once), ``copies`` how many of each kind the set holds.
    """

    kinds: frozenset[Tile]
    red_fives: tuple[Tile, ...]
    flowers: tuple[Tile, ...]
    copies: int

    @classmethod
    def build(
        cls,
        suits: tuple[str, ...],
        honours: bool,
        excluded: tuple[Tile, ...],
        red_fives: tuple[Tile, ...],
        flowers: int,
        copies: int,
    ) -> TileSet:
        numbered = {Tile(_SUIT_START[Suit(s)] + k) for s in suits for k in range(9)}
        kinds = (numbered | set(HONOURS if honours else ())) - set(excluded)
        flower_tiles = tuple(Tile(Tile.F1 + k) for k in range(flowers))
        return cls(frozenset(kinds), red_fives, flower_tiles, copies)

    @cached_property
    def playing(self) -> frozenset[Tile]:
        """Every tile identity that can be in a hand: the kinds and the red fives."""
        return self.kinds | frozenset(self.red_fives)

    def ordered_kinds(self) -> tuple[Tile, ...]:
        """The kinds in tile order (characters, dots, bamboo, honours)."""
        return tuple(sorted(self.kinds))

    def full_set(self) -> tuple[Tile, ...]:
        """Every physical tile, in tile order: ``copies`` of each kind (one of them red where
        the set has a red five of it), then the flowers."""
        reds = {red.normal: red for red in self.red_fives}
        tiles: list[Tile] = []
        for kind in self.ordered_kinds():
            block = [kind] * self.copies
            if kind in reds:
                block[0] = reds[kind]
            tiles += block
        return (*tiles, *self.flowers)

    def without_red_fives(self) -> TileSet:
        """The same set with every five plain (the ``red_fives: false`` table option)."""
        return replace(self, red_fives=())


def table_tile_set(tiles: TileSet, options: object) -> TileSet:
    """The tile set a table plays with: ``options: {red_fives: false}`` makes every five
    plain (``riichi.tiles.red-fives-option``); without options, the profile's set."""
    if isinstance(options, Mapping) and options.get("red_fives") is False:
        return tiles.without_red_fives()
    return tiles
