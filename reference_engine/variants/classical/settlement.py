"""Who pays whom at the end of a classical hand.

Rules ``cc.settlement.winner-paid`` (each non-winner pays the winner's value),
``cc.settlement.differences`` (non-winners pay each other the difference of their
values), ``cc.settlement.east-doubles`` (every payment involving East is multiplied by the
profile's ``east_factor``, once) and ``cc.settlement.wall-draw`` (no winner, no payment).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

from spec.seats import Seat


def settle(values: Mapping[Seat, int], winner: Seat | None, east_factor: int) -> dict[Seat, int]:
    """Every seat's change, zero-sum."""
    changes = dict.fromkeys(values, 0)
    if winner is None:
        return changes

    def pay(payer: Seat, payee: Seat, amount: int) -> None:
        if Seat.EAST in (payer, payee):
            amount *= east_factor
        changes[payer] -= amount
        changes[payee] += amount

    others = [seat for seat in values if seat is not winner]
    for seat in others:
        pay(seat, winner, values[winner])
    for first, second in combinations(others, 2):
        low, high = sorted((first, second), key=lambda seat: values[seat])
        if values[high] > values[low]:
            pay(low, high, values[high] - values[low])
    return changes


def winners_share(
    value: int, winner: Seat, seats: tuple[Seat, ...], east_factor: int
) -> dict[Seat, int]:
    """What the winner alone collects from one hand: each other seat pays the value
    (the non-winners' differences need their hands: a settle request)."""
    changes = dict.fromkeys(seats, 0)
    for seat in seats:
        if seat is winner:
            continue
        amount = value * (east_factor if Seat.EAST in (seat, winner) else 1)
        changes[seat] -= amount
        changes[winner] += amount
    return changes
