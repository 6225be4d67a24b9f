"""Who pays whom in a Taiwanese hand: dealer tai, self-draw vs discard, several winners.

Rules ``tw.dealer.*`` and ``tw.payments.*``.
"""

from __future__ import annotations

from reference_engine.hand import Win
from spec.profile import DealerTai
from spec.seats import SEATS, Seat
from spec.wins import WinBy


def payers(winner: Seat, win: Win) -> tuple[Seat, ...]:
    """tw.payments.self-draw / tw.payments.discard: all rivals on a self-draw, else the giver."""
    if win.by in (WinBy.SELF_DRAW, WinBy.EIGHT_FLOWERS):
        return tuple(seat for seat in SEATS if seat is not winner)
    assert win.from_seat is not None
    return (win.from_seat,)


def dealer_extra(
    winner: Seat, payer: Seat, dealer: Seat, streak: int, rule: DealerTai | None
) -> int:
    """tw.dealer.tai: dealer tai passes only between the dealer and the other party, and a
    non-dealer self-draw carries none (tw.dealer.non-dealer-self-draw)."""
    if rule is None or dealer not in (winner, payer):
        return 0
    return rule.for_streak(streak)


def settle(
    winner: Seat,
    win: Win,
    tai: int,
    dealer: Seat,
    streak: int,
    rule: DealerTai | None,
) -> tuple[dict[Seat, int], int]:
    """Payments of one winner (tw.payments.tai-are-points) and the dealer tai applied."""
    payments = dict.fromkeys(SEATS, 0)
    applied = 0
    non_dealer_self_draw = win.by is WinBy.SELF_DRAW and winner is not dealer
    for payer in payers(winner, win):
        extra = 0 if non_dealer_self_draw else dealer_extra(winner, payer, dealer, streak, rule)
        applied = max(applied, extra)
        payments[payer] -= tai + extra
        payments[winner] += tai + extra
    return payments, applied
