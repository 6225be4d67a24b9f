"""Fu, following the WRC/Tenhou convention (the source is silent): rule ``riichi.fu.*``.

Base 20; +10 for a closed ron; +2 for a self-draw except pinfu; per set by kind,
openness and terminal/honour; +2 per value the pair carries; +2 for a closed,
edge or single wait; rounded up to 10; an open hand without fu counts the
minimum; seven pairs are a flat 25.
"""

from __future__ import annotations

from reference_engine.analysis.reading import Reading, SetKind, Shape, Wait
from reference_engine.variants.riichi.context import WIND_TILES, RiichiNumbers, RiichiWin
from spec.tiles import DRAGONS, TERMINALS_AND_HONOURS

_WAIT_KEY = {Wait.CLOSED: "closed", Wait.EDGE: "edge", Wait.PAIR: "pair"}
# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the members every reading's fu
# compares with are read once here.
_SEVEN_PAIRS, _CHOW, _KONG = Shape.SEVEN_PAIRS, SetKind.CHOW, SetKind.KONG
_PUNG_ROW = {  # the fu table's row of a pung: (of terminals or honours, concealed)
    (True, True): "terminal_concealed",
    (True, False): "terminal_open",
    (False, True): "simple_concealed",
    (False, False): "simple_open",
}


def fu(r: Reading, w: RiichiWin, n: RiichiNumbers, *, pinfu: bool) -> int:
    """The fu of a reading."""
    table = n.fu
    if r.shape is _SEVEN_PAIRS:
        return table.seven_pairs
    if pinfu:
        return table.base if w.tsumo else table.base + table.closed_ron
    total = table.base
    if w.closed and not w.tsumo:
        total += table.closed_ron
    if w.tsumo:
        total += table.tsumo
    for item in r.sets:
        kind = item.kind
        if kind is _CHOW:
            continue
        value = table.pung[_PUNG_ROW[item.tile in TERMINALS_AND_HONOURS, item.concealed]]
        total += value * (table.kong_factor if kind is _KONG else 1)
    pair = r.pair
    if pair is not None:
        if pair.tile in DRAGONS:
            total += table.pair_of_value
        for wind in (WIND_TILES[w.seat], WIND_TILES[w.round_wind]):
            if pair.tile is wind and wind in n.value_winds:
                total += table.pair_of_value
    total += table.wait.get(_WAIT_KEY.get(r.wait, ""), 0)
    rounded = -(-total // 10) * 10
    if not w.closed and rounded == table.base:
        return table.open_pinfu_minimum
    return rounded
