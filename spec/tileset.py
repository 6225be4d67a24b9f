"""Which tiles a variant has, and how many of each: computed once, from its profile."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from spec.errors import RuleError
from spec.tiles import HONOURS, RED_FIVES, Suit, Tile, parse_tiles

_SUIT_START = {Suit.CHARACTERS: Tile.M1, Suit.DOTS: Tile.P1, Suit.BAMBOO: Tile.S1}


@dataclass(frozen=True)
class TileSet:
    """The tiles of one variant's set.

    ``kinds`` are the plain tile identities (a red five is a copy of its plain five),
    ``red_fives`` the red copies of fives, in tile order (a five listed twice has two red
    copies), ``flowers`` the flower and season tiles (each exists once), ``copies`` how
    many of each kind the set holds.
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

    @cached_property
    def most_seen(self) -> Mapping[Tile, int]:
        """How many times each five may be seen: a plain five as often as the copies its red
        ones leave, a red five as its red copies (one at least); any other tile as
        ``copies``."""
        fives = {red.normal: self.copies - self.red_copies(red) for red in RED_FIVES.values()}
        reds = {red: max(self.red_copies(red), 1) for red in RED_FIVES.values()}
        return {**fives, **reds}

    def red_copies(self, red: Tile) -> int:
        """How many copies of the five ``red`` are red (riichi.tiles.red-five-counts)."""
        return self.red_fives.count(red)

    def ordered_kinds(self) -> tuple[Tile, ...]:
        """The kinds in tile order (characters, dots, bamboo, honours)."""
        return tuple(sorted(self.kinds))

    def full_set(self) -> tuple[Tile, ...]:
        """Every physical tile, in tile order: ``copies`` of each kind (the first ones red
        where the set has red copies of it), then the flowers."""
        tiles: list[Tile] = []
        for kind in self.ordered_kinds():
            reds = [red for red in self.red_fives if red.normal is kind]
            tiles += reds + [kind] * (self.copies - len(reds))
        return (*tiles, *self.flowers)

    def without_red_fives(self) -> TileSet:
        """The same set with every five plain (the ``red_fives: false`` table option)."""
        return replace(self, red_fives=())

    def with_red_fives(self, reds: tuple[Tile, ...]) -> TileSet:
        """The same set with these red copies (riichi.tiles.red-five-counts), in tile order."""
        return replace(self, red_fives=tuple(sorted(reds)))


def table_tile_set(tiles: TileSet, options: object) -> TileSet:
    """The tile set a table plays with: ``options: {red_fives: false}`` makes every five
    plain (``riichi.tiles.red-fives-option``), a list of red fives sets their counts
    (``riichi.tiles.red-five-counts``, read as the engine reads it: a malformed list is
    the engine's error to report); without options, the profile's set."""
    if not isinstance(options, Mapping):
        return tiles
    reds = options.get("red_fives")
    if reds is False:
        return tiles.without_red_fives()
    if isinstance(reds, Sequence) and not isinstance(reds, str):
        if not all(isinstance(red, str) for red in reds):
            return tiles
        try:
            return tiles.with_red_fives(tuple(t for red in reds for t in parse_tiles(red)))
        except RuleError:
            return tiles
    return tiles
