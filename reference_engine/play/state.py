"""The state of one hand in play: a mutable table that each action changes in place.

:func:`~reference_engine.play.game.apply` changes the state it is given and returns it; a
caller that needs the state as it was (a trace, a test comparing states along a hand)
takes :meth:`GameState.snapshot` first. Same wall and same actions give equal states."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeVar

from reference_engine.analysis.counted import CountedHand
from reference_engine.outcome import Settlement
from spec.actions import Action
from spec.enums import IdentityEnum
from spec.melds import Meld
from spec.seats import SEATS, Seat, next_seat
from spec.tiles import Tile

T = TypeVar("T")
_NO_OFFERS: Mapping[Seat, tuple[Action, ...]] = MappingProxyType({})


class Phase(IdentityEnum):
    """Whose move it is and what kind of move (``DECLARE``: the declarations made before
    the first discard, cc.play.initial-kongs)."""

    DECLARE = "declare"
    DRAW = "draw"
    DISCARD = "discard"
    CLAIM = "claim"
    ROB = "rob"
    END = "end"


class EndReason(IdentityEnum):
    """Why a hand ended."""

    WIN = "win"
    EXHAUSTIVE = "exhaustive"
    NINE_TERMINALS = "nine-terminals"
    FOUR_KONGS = "four-kongs"
    FOUR_WINDS = "four-winds"
    FOUR_RIICHI = "four-riichi"
    TRIPLE_RON = "triple-ron"


@dataclass(frozen=True)
class HandEnd:
    """How a hand ended: its winners' settlement, or a draw with what it moved.

    ``payments`` are the transfers of a draw (noten payments, nagashi mangan); ``deposits``
    what riichi sticks did to each seat (a declarer's 1,000 down, a winner's collection) and
    ``sticks_left`` the sticks staying on the table for the next hand.
    """

    settlement: Settlement | None
    reason: EndReason = EndReason.EXHAUSTIVE
    payments: Mapping[Seat, int] = field(default_factory=dict)
    tenpai: tuple[Seat, ...] = ()
    deposits: Mapping[Seat, int] = field(default_factory=dict)
    sticks_left: int = 0


@dataclass(frozen=True)
class Declarations:
    """The declarations before the first discard under way: what the dealer drew last (its
    extra tile, or a replacement), kept while the others declare (cc.play.initial-kongs)."""

    dealer_drawn: Tile | None
    dealer_replacement: bool


@dataclass(slots=True)
class GameState:
    """One hand in play, changed in place by each action. Per-seat lists are indexed in seat
    order (east, south, west, north), one entry per player (three-player games have no
    north); their entries (a hand's tiles, a seat's melds, ...) are immutable values, so
    that a :meth:`snapshot` copies the lists alone.

    The wall is drawn from ``front`` forwards and, for replacements, backwards from its end
    (``back`` tiles taken so far), skipping the ``tail`` tiles kept there (riichi's dora
    indicators). A family with a kong box (``kong_box`` tiles left) draws its kong
    replacements from it: box tiles are not live, so a box draw leaves ``live_tiles`` as
    it was (cc.play.kong-box).

    ``rivers`` holds each seat's discards in front of it, ``discards`` every tile it
    discarded, those claimed from its river too (riichi's furiten and nagashi read them).
    ``waits`` holds, for each seat whose hand is one tile short, the kinds of tile that would
    complete it (empty otherwise); it follows the hand, so answering a discard needs no
    completeness test. ``rob_concealed`` marks a rob window on a concealed kong (the tile
    set aside is the kong's fourth). ``declaring`` is set while the seats declare before
    the first discard (phase ``DECLARE``). ``win_only`` marks a claim window on a tile
    that only a win may take (riichi's North set aside). ``left`` holds the seats that
    have left the hand (a winner of a family whose hand goes on after a win); turns and
    claims pass them by. ``offers`` holds, while a discard awaits its answers, the claims
    each seat asked may make on it (decided once, when the tile is discarded: a mapping
    replaced, never changed). ``counted`` holds each seat's hand as counts (its flowers aside),
    kept with ``hands`` by every change (:mod:`~reference_engine.play.hands`); it follows
    from the hands, so it takes no part in comparing states. ``extra`` is the rule family's
    own state (riichi's furiten, ippatsu, indicators...; None for a family that needs
    none), an immutable record that the family replaces as a whole: the core never reads
    it.
    """

    wall: tuple[Tile, ...]
    front: int
    back: int
    hands: list[tuple[Tile, ...]]
    melds: list[tuple[Meld, ...]]
    flowers: list[tuple[Tile, ...]]
    rivers: list[tuple[Tile, ...]]
    dealer: Seat
    dealer_streak: int
    turn: Seat
    phase: Phase
    reserve: int
    discard_count: int = 0
    drawn: Tile | None = None
    pending: Tile | None = None
    pending_from: Seat | None = None
    awaiting: frozenset[Seat] = frozenset()
    answers: tuple[Action, ...] = ()
    restricted: list[frozenset[Tile]] = field(default_factory=lambda: [frozenset()] * 4)
    ready: list[bool] = field(default_factory=lambda: [False] * 4)
    has_discarded: list[bool] = field(default_factory=lambda: [False] * 4)
    discards: list[tuple[Tile, ...]] = field(default_factory=lambda: [()] * 4)
    calls_made: bool = False
    last_live_drawn: bool = False
    end: HandEnd | None = None
    tail: int = 0
    round_wind: Seat = Seat.EAST
    replacement_drawn: bool = False
    win_only: bool = False
    waits: list[frozenset[Tile]] = field(default_factory=lambda: [frozenset()] * 4)
    left: frozenset[Seat] = frozenset()
    kong_box: int = 0
    rob_concealed: bool = False
    declaring: Declarations | None = None
    extra: object = None
    offers: Mapping[Seat, tuple[Action, ...]] = field(default_factory=dict)
    counted: list[CountedHand] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        """Each seat's hand counted (its flowers aside), unless given."""
        if not self.counted:
            self.counted = [CountedHand(t for t in hand if not t.is_flower) for hand in self.hands]

    @property
    def live_tiles(self) -> int:
        """Tiles still drawable, front and back together (the reserve is never drawn, the
        kong box only for kong replacements)."""
        return len(self.wall) - self.front - self.back - self.reserve - self.kong_box

    def update(self, **changes: Any) -> GameState:
        """This state, with some fields changed in place."""
        for name, value in changes.items():
            setattr(self, name, value)
        return self

    def snapshot(self) -> GameState:
        """An independent copy of the state as it is now (the per-seat lists and counted
        hands copied; the lists' entries, the wall and the family's record are immutable
        and shared)."""
        twin = copy.copy(self)
        for name in PER_SEAT:
            setattr(twin, name, list(getattr(self, name)))
        twin.counted = [hand.copy() for hand in self.counted]
        return twin

    def window_closed(self, **changes: Any) -> GameState:
        """The claim window over: no tile offered, nobody to answer (and ``changes``)."""
        self.pending = None
        self.pending_from = None
        self.awaiting = frozenset()
        self.answers = ()
        self.offers = _NO_OFFERS
        return self.update(**changes) if changes else self

    def ended(self, end: HandEnd) -> GameState:
        """The hand over, as ``end`` says; nobody has anything left to answer."""
        self.phase = Phase.END
        self.end = end
        self.awaiting = frozenset()
        self.answers = ()
        self.offers = _NO_OFFERS
        return self

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in play, in turn order from east."""
        return SEATS[: len(self.hands)]

    def after(self, seat: Seat, steps: int = 1) -> Seat:
        """The seat ``steps`` places after ``seat`` in turn order, among the seats still in
        the hand."""
        if not self.left:  # next_seat's reckoning, without its call (a hot path)
            return SEATS[(SEATS.index(seat) + steps) % len(self.hands)]
        for _ in range(steps):
            seat = next_seat(seat, 1, len(self.hands))
            while seat in self.left:
                seat = next_seat(seat, 1, len(self.hands))
        return seat

    def in_play(self) -> tuple[Seat, ...]:
        """The seats still in the hand, in turn order from east."""
        seats = SEATS[: len(self.hands)]
        return seats if not self.left else tuple(s for s in seats if s not in self.left)

    def order_after(self, seat: Seat) -> list[Seat]:
        """Every other seat still in the hand, in turn order after ``seat``."""
        players = len(self.hands)
        following = (next_seat(seat, step, players) for step in range(1, players))
        return [s for s in following if s not in self.left]

    def hand(self, seat: Seat) -> tuple[Tile, ...]:
        return self.hands[SEATS.index(seat)]

    def melds_of(self, seat: Seat) -> tuple[Meld, ...]:
        return self.melds[SEATS.index(seat)]


PER_SEAT = (
    "hands",
    "melds",
    "flowers",
    "rivers",
    "restricted",
    "ready",
    "has_discarded",
    "discards",
    "waits",
)


def replace_at(items: tuple[T, ...], seat: Seat, value: T) -> tuple[T, ...]:
    """``items`` with the entry of ``seat`` replaced."""
    index = SEATS.index(seat)
    return (*items[:index], value, *items[index + 1 :])


@dataclass(frozen=True)
class PlayTable:
    """What the table brings to a hand besides the wall: the round wind, the counters and the
    riichi sticks left by earlier hands."""

    round_wind: Seat = Seat.EAST
    honba: int = 0
    sticks: int = 0
