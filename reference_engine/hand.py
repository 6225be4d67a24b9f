"""A won hand as the engine sees it: the winner's tiles, how the hand was won, the table."""

from __future__ import annotations

from dataclasses import dataclass

from reference_engine.record import set_at_once
from spec.melds import Meld
from spec.seats import Seat
from spec.tiles import RED_FIVES, Tile
from spec.wins import WinBy


def red_choice(concealed: tuple[Tile, ...], five: Tile, need: int) -> bool:
    """riichi.claims.red-five-choice: a claimer melding ``need`` copies of ``five`` from
    ``concealed`` chooses between its red five and plain ones (it holds the red one and
    ``need`` plain ones), so the claim may name the red five."""
    red = RED_FIVES.get(five)
    return red is not None and red in concealed and concealed.count(five) >= need


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


@set_at_once
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
