"""From han and fu to base points, limits and payments (``riichi.points.*``, ``riichi.payments.*``).

Base points are fu x 2^(2 + han), capped at the mangan base; limits by han from
the profile; yakuman (or 13 han counted) are the top limit times the number of
yakuman. Payments multiply the base per payer, round each up to 100, and add
honba; the riichi sticks on the table go to the winner apart from the payments.
Three-player tsumo loses the absent fourth share, since only the seats present pay.
"""

from __future__ import annotations

from dataclasses import dataclass

from reference_engine.variants.riichi.context import RiichiNumbers, RiichiWin
from reference_engine.variants.riichi.house import Kazoe
from spec.seats import Seat


@dataclass(frozen=True)
class Points:
    base: int
    limit: str | None


KIRIAGE = ((4, 30), (3, 60))  # riichi.house.kiriage-mangan: the han and fu of base 1,920


def base_points(han: int, fu: int, yakuman: int, n: RiichiNumbers) -> Points:
    """riichi.points.base and riichi.points.limits; 13 han without a yakuman as
    riichi.house.kazoe says, and riichi.house.kiriage-mangan."""
    top = n.limits[-1]
    if yakuman:
        return Points(top.base * yakuman, top.name)
    kazoe = n.house.kazoe
    if kazoe is Kazoe.NONE and han >= top.han:
        return Points(top.base * (han // top.han), top.name)
    limits = n.limits[:-1] if kazoe is Kazoe.SANBAIMAN else n.limits
    reached = [limit for limit in limits if han >= limit.han]
    if reached:
        limit = reached[-1]
        return Points(limit.base, limit.name)
    base = fu * 2 ** (2 + han)
    if base > n.base_cap or (n.house.kiriage_mangan and (han, fu) in KIRIAGE):
        return Points(n.base_cap, n.limits[0].name)
    return Points(base, None)


def _round_up(value: int, unit: int) -> int:
    return -(-value // unit) * unit


def payments(
    points: Points, w: RiichiWin, seats: tuple[Seat, ...], n: RiichiNumbers
) -> dict[Seat, int]:
    """riichi.payments.ron and riichi.payments.tsumo: who pays the winner what, with honba."""
    pay = n.payments
    unit = pay["round_to"]
    result = dict.fromkeys(seats, 0)
    if w.tsumo:
        for payer in seats:
            if payer is w.seat:
                continue
            if w.is_dealer:
                factor = pay["tsumo_dealer_each"]
            elif payer is Seat.EAST:
                factor = pay["tsumo_non_dealer_from_dealer"]
            else:
                factor = pay["tsumo_non_dealer_from_others"]
            amount = _round_up(points.base * factor, unit) + pay["honba_tsumo_each"] * w.honba
            result[payer] -= amount
            result[w.seat] += amount
    else:
        assert w.from_seat is not None
        factor = pay["ron_dealer"] if w.is_dealer else pay["ron_non_dealer"]
        amount = _round_up(points.base * factor, unit) + pay["honba_ron"] * w.honba
        result[w.from_seat] -= amount
        result[w.seat] += amount
    return result


def deposits(w: RiichiWin, n: RiichiNumbers) -> int:
    """riichi.payments.deposits: the winner collects every riichi stick on the table."""
    return n.payments["riichi_deposit"] * w.riichi_sticks
