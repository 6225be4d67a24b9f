"""Yaku gates: what a yaku needs of a reading before its predicate is worth asking.

Each yaku and yakuman of :mod:`~reference_engine.variants.riichi.yaku` declares a
:class:`Gate` beside its predicate: conditions every reading the predicate awards meets
(a shape, at least so many chows or pungs, honours or terminals held or not, how many
suits). A gate only ever skips a predicate that would have returned 0, so the predicates
stay the definition of each yaku (``riichi.yaku.*``); the gates let the scorer ask a few
of them per reading. The facts a gate reads (:class:`Facts`) are counts of the reading's
sets and of the hand's tile classes, the same for every reading of a hand but the sets.
"""

from __future__ import annotations

from dataclasses import dataclass

from reference_engine.analysis.reading import Reading, SetKind, Shape
from spec.tiles import DRAGONS, WINDS, Tile


@dataclass(frozen=True, slots=True)
class TileFacts:
    """Which classes of tile a hand holds (red fives as fives) and in how many suits."""

    honours: bool
    terminals: bool
    simples: bool
    suits: int

    @classmethod
    def of(cls, tiles: tuple[Tile, ...]) -> TileFacts:
        kinds = {t.normal for t in tiles}
        return cls(
            honours=any(t.is_honour for t in kinds),
            terminals=any(t.is_terminal for t in kinds),
            simples=any(t.is_numbered and not t.is_terminal for t in kinds),
            suits=len({t.suit for t in kinds if t.is_numbered}),
        )


@dataclass(frozen=True, slots=True)
class Facts:
    """What the gates read of one reading: its shape, its sets by kind and the hand's tiles."""

    shape: Shape
    chows: int
    pungs: int  # pungs and kongs
    kongs: int
    dragon_pungs: int
    wind_pungs: int
    tiles: TileFacts

    @classmethod
    def of(cls, reading: Reading, tiles: TileFacts) -> Facts:
        pungs = reading.pungs
        return cls(
            shape=reading.shape,
            chows=len(reading.chows),
            pungs=len(pungs),
            kongs=sum(1 for s in pungs if s.kind is SetKind.KONG),
            dragon_pungs=sum(1 for s in pungs if s.tile in DRAGONS),
            wind_pungs=sum(1 for s in pungs if s.tile in WINDS),
            tiles=tiles,
        )


@dataclass(frozen=True, slots=True)
class Gate:
    """Necessary conditions of a predicate: a shape (None: any), at least so many sets of
    each kind, honours / terminals / simples held (True), not held (False) or either
    (None), and the number of suits held within ``suits``."""

    shape: Shape | None = None
    chows: int = 0
    pungs: int = 0
    kongs: int = 0
    dragon_pungs: int = 0
    wind_pungs: int = 0
    honours: bool | None = None
    terminals: bool | None = None
    simples: bool | None = None
    suits: tuple[int, int] = (0, 3)

    def admits(self, facts: Facts) -> bool:
        """Whether a reading with ``facts`` may earn the yaku (its predicate is asked)."""
        tiles = facts.tiles
        return (
            self.shape in (None, facts.shape)
            and facts.chows >= self.chows
            and facts.pungs >= self.pungs
            and facts.kongs >= self.kongs
            and facts.dragon_pungs >= self.dragon_pungs
            and facts.wind_pungs >= self.wind_pungs
            and self.honours in (None, tiles.honours)
            and self.terminals in (None, tiles.terminals)
            and self.simples in (None, tiles.simples)
            and self.suits[0] <= tiles.suits <= self.suits[1]
        )


ANY = Gate()  # no condition: the predicate is asked of every reading
