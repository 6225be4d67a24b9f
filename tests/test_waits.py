"""Waits by per-block tables against the plain definition: each tile tried, the hand tested."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

import pytest

from reference_engine.analysis.decompose import counts_of, is_sets_and_pair, pairs_and_pung
from reference_engine.analysis.waits import pairs_and_pungs_waits, sets_and_pair_waits
from reference_engine.variants.riichi.shapes import (
    TERMINALS_AND_HONOURS,
    seven_pairs_waits,
    thirteen_orphans_waits,
)
from spec.tiles import parse_tiles


def _near_complete(rng: random.Random, sets: int) -> list[int]:
    """A hand of ``sets`` sets and a pair less one tile, sometimes with one tile swapped."""
    counts = [0] * 34
    for _ in range(sets):
        if rng.random() < 0.5:
            start = 9 * rng.randrange(3) + rng.randrange(7)
            for offset in range(3):
                counts[start + offset] += 1
        else:
            counts[rng.randrange(34)] += 3
    counts[rng.randrange(34)] += 2
    for _ in range(1 if rng.random() < 0.6 else 2):
        held = [kind for kind, count in enumerate(counts) if count]
        counts[rng.choice(held)] -= 1
    if sum(counts) % 3 != 1:
        counts[rng.randrange(34)] += 1
    return counts


def _tried(counts: list[int], complete: Callable[[list[int]], bool]) -> list[int]:
    found = []
    for kind in range(34):
        counts[kind] += 1
        if complete(counts):
            found.append(kind)
        counts[kind] -= 1
    return found


def _sets_and_pair(counts: list[int], sets: int) -> bool:
    return is_sets_and_pair(counts, sets)


def _pairs_and_pung(counts: list[int], pairs: int, pungs: int) -> bool:
    return bool(pairs_and_pung(counts, pairs, pungs))


@pytest.mark.parametrize("sets", [1, 2, 3, 4, 5])
def test_sets_and_pair_waits_equal_trying_every_tile(sets: int) -> None:
    rng = random.Random(sets)
    waiting = 0
    for _ in range(3_000):
        counts = _near_complete(rng, sets)
        size = sum(counts)
        expected = _tried(counts, partial(_sets_and_pair, sets=(size + 1 - 2) // 3))
        assert sorted(sets_and_pair_waits(counts)) == expected, counts
        waiting += bool(expected)
    assert waiting > 1_000  # the sample is mostly hands that do wait


def test_pairs_and_pung_waits_equal_trying_every_tile() -> None:
    rng = random.Random(7)
    for _ in range(3_000):
        counts = [0] * 34
        for kind in rng.sample(range(34), 8):
            counts[kind] = rng.choice((1, 2, 2, 2, 3, 4))
        pungs = rng.choice((0, 1))
        pairs = (sum(counts) + 1 - 3 * pungs) // 2
        expected = _tried(counts, partial(_pairs_and_pung, pairs=pairs, pungs=pungs))
        if (sum(counts) + 1 - 3 * pungs) % 2:
            expected = []
        assert sorted(pairs_and_pungs_waits(counts, pungs)) == expected, counts


@pytest.mark.parametrize(
    ("tiles", "waits"),
    [
        ("1133557799m1122p", []),  # fourteen tiles: not one short
        ("113355779m11p22s", ["9m"]),
        ("11335577m11p22s3z", ["3z"]),
        ("1111335577m11p2s", []),  # four of a kind is not two distinct pairs
    ],
)
def test_seven_pairs_waits(tiles: str, waits: list[str]) -> None:
    counts = counts_of(tuple(parse_tiles(tiles)))
    assert seven_pairs_waits(counts) == [int(t) for w in waits for t in parse_tiles(w)]


def test_thirteen_orphans_waits() -> None:
    orphans = sorted(TERMINALS_AND_HONOURS)
    thirteen = counts_of(tuple(orphans))
    assert thirteen_orphans_waits(thirteen) == [int(t) for t in orphans]
    doubled = counts_of((*orphans[1:], orphans[1]))
    assert thirteen_orphans_waits(doubled) == [int(orphans[0])]
    two_missing = counts_of((*orphans[2:], orphans[2], orphans[3]))
    assert thirteen_orphans_waits(two_missing) == []
