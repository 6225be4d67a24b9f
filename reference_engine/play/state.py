"""The state of one hand in play: an immutable value; every action makes a new one."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from reference_engine.hand import Meld, Seat
from reference_engine.outcome import Settlement
from reference_engine.play.actions import Action
from reference_engine.tiles import Tile

SEATS: tuple[Seat, ...] = tuple(Seat)
T = TypeVar("T")


class Phase(Enum):
    """Whose move it is and what kind of move."""

    DRAW = "draw"
    DISCARD = "discard"
    CLAIM = "claim"
    ROB = "rob"
    END = "end"


@dataclass(frozen=True)
class HandEnd:
    """How a hand ended: its winners' settlement, or an exhaustive draw (no settlement)."""

    settlement: Settlement | None

    @property
    def is_draw(self) -> bool:
        return self.settlement is None


@dataclass(frozen=True)
class GameState:
    """One hand in play. Per-seat tuples are indexed in seat order (east, south, west, north).

    The wall is drawn from ``front`` forwards and, for replacements, from its end
    backwards (``back`` tiles taken so far).
    """

    wall: tuple[Tile, ...]
    front: int
    back: int
    hands: tuple[tuple[Tile, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    flowers: tuple[tuple[Tile, ...], ...]
    rivers: tuple[tuple[Tile, ...], ...]
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
    restricted: tuple[frozenset[Tile], ...] = (frozenset(),) * 4
    ready: tuple[bool, ...] = (False,) * 4
    has_discarded: tuple[bool, ...] = (False,) * 4
    calls_made: bool = False
    last_live_drawn: bool = False
    end: HandEnd | None = None

    @property
    def live_tiles(self) -> int:
        """Tiles still drawable, front and back together (the reserve is never drawn)."""
        return len(self.wall) - self.front - self.back - self.reserve

    def hand(self, seat: Seat) -> tuple[Tile, ...]:
        return self.hands[SEATS.index(seat)]

    def melds_of(self, seat: Seat) -> tuple[Meld, ...]:
        return self.melds[SEATS.index(seat)]


def next_seat(seat: Seat, steps: int = 1) -> Seat:
    """The seat ``steps`` places later in turn order (east -> south -> west -> north)."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def replace_at(items: tuple[T, ...], seat: Seat, value: T) -> tuple[T, ...]:
    """``items`` with the entry of ``seat`` replaced."""
    index = SEATS.index(seat)
    return (*items[:index], value, *items[index + 1 :])
