"""Tenhou JSON games written by hand for the tests: one hand of four dealt hands (a red
five among east's), the takes, discards and result given."""

from __future__ import annotations

import json
from typing import Any

DEALT = [
    [11, 12, 13, 24, 52, 25, 27, 28, 29, 31, 32, 33, 41],
    [11, 11, 19, 19, 22, 22, 33, 33, 34, 45, 45, 46, 47],
    [12, 13, 14, 26, 26, 37, 38, 39, 44, 44, 42, 42, 43],
    [15, 16, 17, 21, 21, 23, 23, 36, 36, 39, 43, 41, 47],
]


def game(takes: list[list[Any]], discards: list[list[Any]], result: list[Any]) -> str:
    hand: list[Any] = [[0, 0, 0], [25000] * 4, [21], [], *[None] * 12, result]
    for seat in range(4):
        hand[4 + 3 * seat : 7 + 3 * seat] = [DEALT[seat], takes[seat], discards[seat]]
    return json.dumps({"name": ["A", "B", "C", "D"], "rule": {"aka": 1}, "log": [hand]})
