"""Shanten: known hands, and agreement with the ``mahjong`` package on random hands."""

from __future__ import annotations

import os
import random

import pytest

from reference_engine.analysis.shanten import shanten, shanten_of
from spec.tiles import parse_tiles

HANDS = 100_000 if os.environ.get("MJSPEC_LONG") else 5_000


@pytest.mark.parametrize(
    ("tiles", "melds", "expected"),
    [
        ("123m 456m 789m 123p 55p", 0, -1),  # complete
        ("123m 456m 789m 123p 5p", 0, 0),  # tenpai on a single wait
        ("19m 19p 19s 1234567z", 0, 0),  # thirteen-sided orphans wait
        ("19m 19p 19s 1234567z 1z", 0, -1),  # thirteen orphans
        ("1133557799m 113p", 0, 0),  # six pairs and a single
        ("11223344556677z", 0, -1),  # seven distinct pairs (all honours)
        ("147m 258p 369s 1234z", 0, 6),  # no set or partial set: seven pairs from 13 kinds
        ("123m 55p", 3, -1),  # three melds declared
        ("12m 55p", 3, 0),
    ],
)
def test_known_hands(tiles: str, melds: int, expected: int) -> None:
    assert shanten_of(parse_tiles(tiles), melds) == expected


def test_agrees_with_the_mahjong_package_on_random_hands() -> None:
    mahjong = pytest.importorskip("mahjong.shanten")
    rng = random.Random(20261201)
    wall = [kind for kind in range(34) for _ in range(4)]
    calculator = mahjong.Shanten()
    for index in range(HANDS):
        counts = [0] * 34
        for kind in rng.sample(wall, 13 if index % 2 else 14):
            counts[kind] += 1
        assert shanten(counts) == calculator.calculate_shanten(counts), counts
