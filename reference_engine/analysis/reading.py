"""Readings of a winning hand: its sets with their status, and where the winning tile sits.

A reading is one decomposition of the concealed tiles, plus the declared
melds, plus the choice of the set that the winning tile completed. Scoring
rules are predicates over a reading (see the variant modules).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from reference_engine.analysis.cached import cached_fact
from reference_engine.analysis.decompose import TILE_KINDS, Decomposition, Group, GroupKind
from reference_engine.hand import WinningHand
from reference_engine.record import set_at_once
from spec.enums import IdentityEnum
from spec.melds import Meld, MeldKind
from spec.tiles import Suit, Tile


class SetKind(IdentityEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"


class Shape(IdentityEnum):
    """The overall form of a complete hand."""

    SETS_AND_PAIR = "sets-and-pair"
    PAIRS_AND_PUNG = "seven-pairs-and-pung"
    SEVEN_PAIRS = "seven-pairs"
    THIRTEEN_ORPHANS = "thirteen-orphans"


class Wait(IdentityEnum):
    """How the winning tile completed its set."""

    PAIR = "pair"
    CLOSED = "closed"
    EDGE = "edge"
    TWO_SIDED = "two-sided"
    PUNG = "pung"


# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the members every scored reading
# compares with are read once here.
_CHOW, _PUNG, _KONG, _PAIR = SetKind.CHOW, SetKind.PUNG, SetKind.KONG, SetKind.PAIR
_SETS_AND_PAIR = Shape.SETS_AND_PAIR
_PAIR_GROUP, _PUNG_GROUP = GroupKind.PAIR, GroupKind.PUNG
_PAIR_WAIT, _PUNG_WAIT, _CLOSED, _EDGE, _TWO_SIDED = (
    Wait.PAIR,
    Wait.PUNG,
    Wait.CLOSED,
    Wait.EDGE,
    Wait.TWO_SIDED,
)


@dataclass(frozen=True)
class HandSet:
    """A set of a reading.

    ``open`` means exposed (every declared meld but a concealed kong);
    ``concealed`` means it counts as concealed for scoring: not exposed and not
    completed with another player's tile.
    """

    kind: SetKind
    tile: Tile
    open: bool
    concealed: bool
    declared: bool = False

    @property
    def is_pung_or_kong(self) -> bool:
        kind = self.kind
        return kind is _PUNG or kind is _KONG

    @property
    def is_concealed_kong(self) -> bool:
        return self.kind is _KONG and self.declared and not self.open


@set_at_once
@dataclass(frozen=True)
class Reading:
    """One interpretation of a complete hand."""

    shape: Shape
    sets: tuple[HandSet, ...]
    pairs: tuple[HandSet, ...]
    wait: Wait
    tiles: tuple[Tile, ...]

    @property
    def pair(self) -> HandSet | None:
        """The single pair of a sets-and-pair hand."""
        return self.pairs[0] if self.shape is _SETS_AND_PAIR else None

    # Facts the pattern predicates ask again and again, computed once per reading.

    @cached_fact
    def normals(self) -> tuple[Tile, ...]:
        """The tiles with red fives as plain fives."""
        return tuple(t.normal for t in self.tiles)

    @cached_fact
    def suits(self) -> frozenset[Suit]:
        """The suits of the numbered tiles."""
        return frozenset(t.suit for t in self.tiles if t.is_numbered)

    @cached_fact
    def pungs(self) -> tuple[HandSet, ...]:
        """The pungs and kongs."""
        return tuple(s for s in self.sets if s.kind is _PUNG or s.kind is _KONG)

    @cached_fact
    def chows(self) -> tuple[HandSet, ...]:
        return tuple(s for s in self.sets if s.kind is _CHOW)


_MELD_SET = {MeldKind.CHOW: SetKind.CHOW, MeldKind.PUNG: SetKind.PUNG, MeldKind.KONG: SetKind.KONG}
_GROUP_SET = {
    GroupKind.CHOW: SetKind.CHOW,
    GroupKind.PUNG: SetKind.PUNG,
    GroupKind.PAIR: SetKind.PAIR,
}


def meld_set(meld: Meld) -> HandSet:
    return _declared_set(meld.kind, meld.base, meld.is_open)


@cache
def _declared_set(kind: MeldKind, tile: Tile, is_open: bool) -> HandSet:
    """The set of a reading made of a declared meld (one shared instance of each)."""
    return HandSet(_MELD_SET[kind], tile, open=is_open, concealed=not is_open, declared=True)


_GROUP_KINDS = len(GroupKind)


def _concealed_set(key: int, concealed: bool) -> HandSet:
    """The set of concealed tiles whose place in group order is ``key``."""
    tile, kind = divmod(key, _GROUP_KINDS)
    return HandSet(_GROUP_SET[GroupKind(kind)], Tile(tile), open=False, concealed=concealed)


# A group's place in group order (by tile, then kind) is one int, equal for equal groups: a
# decomposition's distinct groups are found and ordered by it at C speed, and its sets read
# from these tables (one shared instance of each: sets are immutable).
_PLACES = range(TILE_KINDS * _GROUP_KINDS)
_CONCEALED = tuple(_concealed_set(place, True) for place in _PLACES)
_COMPLETED_BY_ANOTHER = tuple(_concealed_set(place, False) for place in _PLACES)


def wait_of(group: Group, winning: Tile) -> Wait:
    """How ``winning`` completed ``group`` (rule ``tw.pattern.closed-or-edge-wait``)."""
    kind = group.kind
    if kind is _PAIR_GROUP:
        return _PAIR_WAIT
    if kind is _PUNG_GROUP:
        return _PUNG_WAIT
    position = winning.normal - group.tile
    if position == 1:
        return _CLOSED
    if (position == 2 and group.tile.number == 1) or (position == 0 and group.tile.number == 7):
        return _EDGE
    return _TWO_SIDED


def readings(
    hand: WinningHand,
    decomposition: Decomposition,
    shape: Shape,
    *,
    on_anothers_tile: bool,
    declared: tuple[HandSet, ...] | None = None,
    tiles: tuple[Tile, ...] | None = None,
) -> Iterator[Reading]:
    """Every reading of one decomposition: one per distinct group the winning tile can
    complete, in group order. ``declared`` (the melds' sets) and ``tiles`` (the hand's
    tiles, melds included) may be given when the caller reads several decompositions of
    one hand."""
    winning = hand.winning_tile.normal
    if declared is None:
        declared = tuple(meld_set(meld) for meld in hand.melds)
    if tiles is None:
        tiles = hand_tiles(hand)
    places = [group.tile * _GROUP_KINDS + group.kind for group in decomposition]
    items = [_CONCEALED[place] for place in places]
    completing = _COMPLETED_BY_ANOTHER if on_anothers_tile else _CONCEALED
    for place in sorted(set(places)):  # each distinct group once, in group order
        first = places.index(place)  # the copy the winning tile completed
        chosen = decomposition[first]
        if winning not in chosen.tiles:
            continue
        completed = items.copy()
        completed[first] = completing[place]
        sets = [item for item in completed if item.kind is not _PAIR]
        pairs = tuple(item for item in completed if item.kind is _PAIR)
        wait = wait_of(chosen, winning)
        yield Reading(shape, (*declared, *sets), pairs, wait, tiles)


def hand_tiles(hand: WinningHand) -> tuple[Tile, ...]:
    """The tiles of a hand: its concealed tiles, then each meld's."""
    return hand.concealed + tuple(t for meld in hand.melds for t in meld.tiles)
