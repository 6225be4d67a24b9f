"""The copy check's quick answer from the counts agrees with the located problems: a hand
passes at once exactly when no problem would be listed (riichi.tiles.set,
riichi.tiles.red-five-counts), whatever the red fives of the set."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from spec.possible import _within_copies, located_copy_problems
from spec.tiles import Tile
from spec.tileset import TileSet

KINDS = frozenset(Tile(kind) for kind in range(int(Tile.RED) + 1))
RED_SETS = [(), (Tile.M0,), (Tile.M0, Tile.P0, Tile.S0), (Tile.P0, Tile.P0), (Tile.S0,) * 4]
FIVES = [Tile.M5, Tile.P5, Tile.S5, Tile.M0, Tile.P0, Tile.S0]
POOL = [*KINDS, Tile.M0, Tile.P0, Tile.S0]


@pytest.mark.parametrize("reds", RED_SETS, ids=lambda reds: "".join(t.mpsz for t in reds))
def test_the_quick_copy_check_passes_exactly_the_hands_with_no_problem(
    reds: tuple[Tile, ...],
) -> None:
    tiles = TileSet(KINDS, reds, (), 4)
    rng = random.Random(len(reds))
    for _ in range(20_000):
        drawn = [
            rng.choice(FIVES if rng.random() < 0.5 else POOL) for _ in range(rng.randrange(18))
        ]
        seen = Counter(drawn)
        quick = _within_copies(tiles, sorted(drawn))
        assert quick == (not located_copy_problems(tiles, seen, ())), seen
