"""The pieces of a hand: seats, melds, how a hand was won, and its table context."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from reference_engine.tiles import Tile


class Seat(Enum):
    """A seat, named by its wind for the hand being played (the dealer sits East by default)."""

    EAST = "east"
    SOUTH = "south"
    WEST = "west"
    NORTH = "north"


class MeldKind(Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


@dataclass(frozen=True)
class Meld:
    """A declared set: exposed, or a concealed kong. ``tiles`` are sorted."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    concealed: bool = False
    added: bool = False
    claimed_from: Seat | None = None

    @property
    def is_open(self) -> bool:
        """Exposed to the table: every meld but a concealed kong."""
        return not self.concealed


class WinBy(Enum):
    """How a win came about."""

    SELF_DRAW = "self-draw"
    DISCARD = "discard"
    ROBBING_KONG = "robbing-kong"
    EIGHT_FLOWERS = "eight-flowers"
    FLOWER_CAPTURE = "flower-capture"

    @property
    def on_anothers_tile(self) -> bool:
        """Won with a tile another player let go (a discard or a robbed kong)."""
        return self in (WinBy.DISCARD, WinBy.ROBBING_KONG)

    @property
    def by_flowers(self) -> bool:
        return self in (WinBy.EIGHT_FLOWERS, WinBy.FLOWER_CAPTURE)


@dataclass(frozen=True)
class Win:
    by: WinBy
    from_seat: Seat | None = None


@dataclass(frozen=True)
class TableContext:
    """What the table knows when the hand is won."""

    dealer_streak: int = 0
    discards: int | None = None
    last_wall_tile: bool = False
    last_discard: bool = False
    original_ready: bool = False


@dataclass(frozen=True)
class WinningHand:
    """One player's tiles at the moment of winning; ``concealed[-1]`` is the winning tile."""

    seat: Seat
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    flowers: tuple[Tile, ...] = ()
    original_ready: bool = False

    @property
    def winning_tile(self) -> Tile:
        return self.concealed[-1]

    @property
    def has_open_meld(self) -> bool:
        return any(meld.is_open for meld in self.melds)


@dataclass(frozen=True)
class WinRequest:
    """A scoring request: the winner (and any other winners on the same discard)."""

    winner: WinningHand
    win: Win
    dealer: Seat
    table: TableContext
    other_winners: tuple[WinningHand, ...] = ()
