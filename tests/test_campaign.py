"""Campaign shards: every item once, in order, however many shards or workers."""

from __future__ import annotations

import pytest

from conformance.campaign import run_shards, shards_of


def squares(shard: list[int]) -> list[int]:
    return [n * n for n in shard]


@pytest.mark.parametrize("count", [1, 2, 3, 7, 50])
def test_shards_hold_every_item_once_in_order_and_nearly_equal(count: int) -> None:
    items = list(range(23))
    shards = shards_of(items, count)
    assert [n for shard in shards for n in shard] == items
    assert len(shards) == min(count, len(items))
    assert max(map(len, shards)) - min(map(len, shards)) <= 1


def test_no_items_make_no_shards() -> None:
    assert shards_of([], 4) == []


def test_a_process_pool_merges_the_results_as_one_process_would() -> None:
    shards = shards_of(list(range(40)), 8)
    assert run_shards(squares, shards, workers=3) == run_shards(squares, shards)
    assert run_shards(squares, shards) == [n * n for n in range(40)]
