"""The fan predicates of Sichuan scoring, one per profile pattern id.

Each predicate says how many times a reading of a win earns its pattern (once, or once
per root); the profile says what one earns (``fan``) and which rows are limit hands,
worth the cap. Nothing here is a number of the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reference_engine.analysis.reading import Reading, Shape, Wait
from reference_engine.variants.sichuan.request import Readings, SichuanWin
from reference_engine.variants.sichuan.shapes import roots
from spec.wins import WinBy


@dataclass(frozen=True)
class Winner:
    """What the predicates read: the win, and the table's readings."""

    win: SichuanWin
    readings: Readings


Count = Callable[[Reading, Winner], int]


def _all_pungs(reading: Reading, winner: Winner) -> int:
    """sc.fan.all-pungs: four pungs or kongs and a pair."""
    return int(reading.shape is Shape.SETS_AND_PAIR and not reading.chows)


def _full_flush(reading: Reading, winner: Winner) -> int:
    """sc.fan.full-flush: one suit only, melds included."""
    return int(len(reading.suits) == 1)


def _seven_pairs(reading: Reading, winner: Winner) -> int:
    """sc.fan.seven-pairs."""
    return int(reading.shape is Shape.SEVEN_PAIRS)


def _root(reading: Reading, winner: Winner) -> int:
    """sc.fan.root: each root."""
    return roots(winner.win.hand, winner.readings.kong_roots)


def _golden_single_wait(reading: Reading, winner: Winner) -> int:
    """sc.fan.golden-single-wait: four melds, the pair completed."""
    return int(len(winner.win.hand.melds) == 4 and reading.wait is Wait.PAIR)


def _self_draw(reading: Reading, winner: Winner) -> int:
    """sc.fan.self-draw: when the table counts a self-draw in fan."""
    return int(winner.win.self_drawn and winner.readings.self_draw_fan)


def _kong_replacement(reading: Reading, winner: Winner) -> int:
    """sc.fan.kong-replacement."""
    return int(winner.win.self_drawn and winner.win.after_kong)


def _kong_discard(reading: Reading, winner: Winner) -> int:
    """sc.fan.kong-discard."""
    return int(winner.win.by is WinBy.DISCARD and winner.win.after_kong_discard)


def _robbing_kong(reading: Reading, winner: Winner) -> int:
    """sc.fan.robbing-kong."""
    return int(winner.win.by is WinBy.ROBBING_KONG)


def _last_tile(reading: Reading, winner: Winner) -> int:
    """sc.fan.last-tile: the last tile drawn, or the discard after it."""
    return int(winner.win.last_tile)


def _heavenly(reading: Reading, winner: Winner) -> int:
    """sc.fan.heavenly-hand: the dealer's self-draw before any discard of its own."""
    win = winner.win
    return int(win.first_turn and win.self_drawn and win.hand.seat is win.dealer)


def _earthly(reading: Reading, winner: Winner) -> int:
    """sc.fan.earthly-hand: another player's self-draw on its first draw."""
    win = winner.win
    return int(win.first_turn and win.self_drawn and win.hand.seat is not win.dealer)


FAN: dict[str, Count] = {
    "all-pungs": _all_pungs,
    "full-flush": _full_flush,
    "seven-pairs": _seven_pairs,
    "root": _root,
    "golden-single-wait": _golden_single_wait,
    "self-draw": _self_draw,
    "kong-replacement": _kong_replacement,
    "kong-discard": _kong_discard,
    "robbing-kong": _robbing_kong,
    "last-tile": _last_tile,
    "heavenly-hand": _heavenly,
    "earthly-hand": _earthly,
}
