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
from reference_engine.variants.riichi.house import Kazoe, PaoHonba
from spec.seats import Seat


@dataclass(frozen=True)
class Points:
    base: int
    limit: str | None


# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the members every scored reading's
# points compare with are read once here.
_NO_KAZOE, _SANBAIMAN, _EAST = Kazoe.NONE, Kazoe.SANBAIMAN, Seat.EAST
_BY_DISCARDER = PaoHonba.DISCARDER

KIRIAGE = ((4, 30), (3, 60))  # riichi.house.kiriage-mangan: the han and fu of base 1,920


def base_points(han: int, fu: int, yakuman: int, n: RiichiNumbers) -> Points:
    """riichi.points.base and riichi.points.limits; 13 han without a yakuman as
    riichi.house.kazoe says, and riichi.house.kiriage-mangan."""
    top = n.limits[-1]
    if yakuman:
        return Points(top.base * yakuman, top.name)
    kazoe = n.house.kazoe
    if kazoe is _NO_KAZOE and han >= top.han:
        return Points(top.base * (han // top.han), top.name)
    limits = n.limits[:-1] if kazoe is _SANBAIMAN else n.limits
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
    points: Points,
    w: RiichiWin,
    seats: tuple[Seat, ...],
    n: RiichiNumbers,
    covered: int = 0,
) -> dict[Seat, int]:
    """riichi.payments.ron and riichi.payments.tsumo: who pays the winner what, with honba.
    riichi.house.pao: ``covered`` yakuman of the hand are the liable seat's to answer for,
    the honba of a shared ron his or the discarder's (riichi.house.pao-honba)."""
    result = dict.fromkeys(seats, 0)
    liable = w.liable if covered else None
    if liable is None or liable is w.from_seat:
        _pay(result, w, points.base, n, honba=True)
        return result
    pay = n.payments
    top = n.limits[-1].base
    factor = pay["ron_dealer"] if w.is_dealer else pay["ron_non_dealer"]
    value = _round_up(top * covered * factor, pay["round_to"])
    share = value if w.tsumo else value // 2
    honba = pay["honba_ron"] * w.honba
    by_discarder = not w.tsumo and n.house.pao_honba is _BY_DISCARDER
    _move(result, liable, w.seat, share + (0 if by_discarder else honba))
    if not w.tsumo:
        assert w.from_seat is not None
        _move(result, w.from_seat, w.seat, value - share + (honba if by_discarder else 0))
    _pay(result, w, points.base - top * covered, n, honba=False)
    return result


def _move(result: dict[Seat, int], payer: Seat, winner: Seat, amount: int) -> None:
    result[payer] -= amount
    result[winner] += amount


def _pay(
    result: dict[Seat, int], w: RiichiWin, base: int, n: RiichiNumbers, *, honba: bool
) -> None:
    """The usual payments of ``base``: a self-draw shared by every other seat, a ron by the
    discarder; with the honba when ``honba`` (a liable seat pays them otherwise)."""
    if base <= 0:
        return
    pay = n.payments
    unit = pay["round_to"]
    counters = w.honba if honba else 0
    if w.tsumo:
        for payer in result:
            if payer is w.seat:
                continue
            if w.is_dealer:
                factor = pay["tsumo_dealer_each"]
            elif payer is _EAST:
                factor = pay["tsumo_non_dealer_from_dealer"]
            else:
                factor = pay["tsumo_non_dealer_from_others"]
            amount = _round_up(base * factor, unit) + pay["honba_tsumo_each"] * counters
            _move(result, payer, w.seat, amount)
    else:
        assert w.from_seat is not None
        factor = pay["ron_dealer"] if w.is_dealer else pay["ron_non_dealer"]
        amount = _round_up(base * factor, unit) + pay["honba_ron"] * counters
        _move(result, w.from_seat, w.seat, amount)


def deposits(w: RiichiWin, n: RiichiNumbers) -> int:
    """riichi.payments.deposits: the winner collects every riichi stick on the table."""
    return n.payments["riichi_deposit"] * w.riichi_sticks
