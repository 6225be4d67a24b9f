"""A classical hand read as sets: each with its kind, its tile, whether it scores as exposed
and whether it counts as concealed for the concealed awards.

Rule ``cc.points.sets``: a declared chow or pung is exposed; a concealed kong is
concealed; a kong claimed from a discard scores as exposed but counts as concealed for
three concealed pungs, the concealed hand and the concealed limits
(``cc.doubles.three-concealed-pungs``, ``cc.winner.concealed-self-draw``); a promoted kong
is exposed for everything; a pung in the concealed tiles is concealed, unless the winning
discard completed it. A non-winner's concealed tiles are read kind by kind
(``cc.points.everyone-scores``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from reference_engine.analysis.decompose import Group, GroupKind, counts_of, sets_and_pair
from reference_engine.variants.classical.request import Circumstances, Tiles
from spec.melds import Meld, MeldKind
from spec.seats import SEATS, Seat, next_seat
from spec.tiles import TERMINALS_AND_HONOURS, WINDS, Suit, Tile
from spec.wins import WinBy


class SetKind(Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the kinds every reading's sets
# are built and asked by are read once here.
_CHOW, _PUNG = SetKind.CHOW, SetKind.PUNG
_PAIR_GROUP, _CHOW_GROUP = GroupKind.PAIR, GroupKind.CHOW


@dataclass(frozen=True)
class ClassicalSet:
    kind: SetKind
    tile: Tile
    exposed: bool  # scores the exposed value of the set table
    hidden: bool  # counts as concealed for the concealed awards

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind is not _CHOW

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is SetKind.CHOW:
            return (self.tile, Tile(self.tile + 1), Tile(self.tile + 2))
        return (self.tile,) * (4 if self.kind is SetKind.KONG else 3)

    @property
    def major(self) -> bool:
        """Of terminals or honours."""
        return self.tile.is_honour or self.tile.is_terminal


def _meld_set(meld: Meld, claimed_kong_concealed: bool) -> ClassicalSet:
    kind = {MeldKind.CHOW: SetKind.CHOW, MeldKind.PUNG: SetKind.PUNG}.get(meld.kind, SetKind.KONG)
    tile = meld.tiles[0].normal
    if kind is SetKind.KONG and meld.concealed:
        return ClassicalSet(kind, tile, exposed=False, hidden=True)
    claimed_kong = kind is SetKind.KONG and not meld.added
    return ClassicalSet(kind, tile, exposed=True, hidden=claimed_kong and claimed_kong_concealed)


@dataclass(frozen=True)
class Reading:
    """One reading of a player's hand: sets, pairs (a winner's one pair), all the tiles, and
    for a winner the group the winning tile completed."""

    sets: tuple[ClassicalSet, ...]
    pairs: tuple[Tile, ...]
    tiles: tuple[Tile, ...]
    winning_group: GroupKind | None = None

    @cached_property
    def pungs(self) -> tuple[ClassicalSet, ...]:
        return tuple(s for s in self.sets if s.is_pung_or_kong)

    @cached_property
    def suits(self) -> frozenset[Suit]:
        return frozenset(t.suit for t in self.tiles if t.is_numbered)

    @cached_property
    def has_honours(self) -> bool:
        return any(t.is_honour for t in self.tiles)

    def sets_of(self, kinds: tuple[Tile, ...]) -> int:
        return sum(1 for s in self.pungs if s.tile in kinds)

    def pairs_of(self, kinds: tuple[Tile, ...]) -> int:
        return sum(1 for tile in self.pairs if tile in kinds)

    @property
    def concealed_hand(self) -> bool:
        """No exposed chow or pung and no promoted kong (cc.winner.concealed-self-draw)."""
        return all(s.hidden for s in self.sets)


def is_thirteen_orphans(concealed: tuple[Tile, ...], melds: int) -> bool:
    """cc.limits.thirteen-orphans: no meld, one of each terminal and honour and a pair of
    one of them (the only winning hand that is not four sets and a pair)."""
    counts = counts_of(concealed)
    held = sorted(counts[t] for t in TERMINALS_AND_HONOURS)
    return not melds and held == [1] * 12 + [2] and len(concealed) == 14


def seat_wind(seat: Seat) -> Tile:
    return WINDS[SEATS.index(seat)]


def winner_readings(
    tiles: Tiles, on_a_discard: bool, sets: int, claimed_kong_concealed: bool = True
) -> Iterator[Reading]:
    """Every four-sets-and-a-pair reading of a winner's hand, one per group the winning tile
    can complete (cc.tiles.hand-shape)."""
    declared = tuple(_meld_set(meld, claimed_kong_concealed) for meld in tiles.melds)
    needed = sets - len(declared)
    all_tiles = tuple(t.normal for t in tiles.concealed) + tuple(
        t.normal for meld in tiles.melds for t in meld.tiles
    )
    winning = tiles.winning_tile.normal
    for decomposition in sets_and_pair(counts_of(tiles.concealed), needed):
        for chosen in sorted(set(decomposition)):
            if winning not in chosen.tiles:
                continue
            yield _reading(declared, decomposition, chosen, all_tiles, on_a_discard)


def claimable_readings(
    readings: list[Reading], seat: Seat, win: Circumstances, chow_from_anyone: bool
) -> list[Reading]:
    """eu.claims.chow-win-from-the-left: a discard of a player other than the one on the
    winner's left completes no chow, so only the readings in which it completes a pung or
    the pair are kept; all are kept for a drawn or robbed tile, a discard from the left,
    or at a table that lets a chow win be claimed from anyone (``chow_from_anyone``)."""
    source = win.from_seat
    if chow_from_anyone or win.by is not WinBy.DISCARD or source is None:
        return readings
    if next_seat(source) is seat:
        return readings
    return [reading for reading in readings if reading.winning_group is not GroupKind.CHOW]


def _reading(
    declared: tuple[ClassicalSet, ...],
    decomposition: tuple[Group, ...],
    chosen: Group,
    all_tiles: tuple[Tile, ...],
    on_a_discard: bool,
) -> Reading:
    found: list[ClassicalSet] = list(declared)
    pairs: list[Tile] = []
    for group in decomposition:
        if group.kind is _PAIR_GROUP:
            pairs.append(group.tile)
            continue
        completed_by_discard = on_a_discard and group == chosen
        kind = _CHOW if group.kind is _CHOW_GROUP else _PUNG
        found.append(ClassicalSet(kind, group.tile, completed_by_discard, not completed_by_discard))
    return Reading(tuple(found), tuple(pairs), all_tiles, chosen.kind)


def standing_reading(tiles: Tiles, claimed_kong_concealed: bool = True) -> Reading:
    """A non-winner's hand as it stands: declared melds, each kind held three or four times
    concealed as a concealed pung, each kind held twice as a pair (cc.points.everyone-scores)."""
    found = [_meld_set(meld, claimed_kong_concealed) for meld in tiles.melds]
    pairs: list[Tile] = []
    for kind, held in enumerate(counts_of(tiles.concealed)):
        if held >= 3:
            found.append(ClassicalSet(SetKind.PUNG, Tile(kind), exposed=False, hidden=True))
        elif held == 2:
            pairs.append(Tile(kind))
    all_tiles = tuple(t.normal for t in tiles.concealed) + tuple(
        t.normal for meld in tiles.melds for t in meld.tiles
    )
    return Reading(tuple(found), tuple(pairs), all_tiles)
