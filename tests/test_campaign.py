"""Campaign shards: every item once, in order, however many shards or workers."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import pytest

from conformance.campaign import run_campaign, run_shards, shards_of


def squares(shard: Sequence[int]) -> list[int]:
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


class Unpicklable:
    """An item that cannot be sent to another process."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __reduce__(self) -> str | tuple[object, ...]:
        raise TypeError("an item of the campaign was pickled")


def values(items: Sequence[Unpicklable]) -> list[int]:
    return [item.value for item in items]


WARMED: list[str] = []


def warm() -> None:
    WARMED.append("warm")


def warmed(items: Sequence[int]) -> list[int]:
    return [len(WARMED)] * len(items)


def test_a_campaign_gives_the_items_results_in_order_however_it_is_run() -> None:
    items = list(range(37))
    assert run_campaign(squares, items) == [n * n for n in items]
    assert run_campaign(squares, items, workers=3) == [n * n for n in items]
    assert run_campaign(squares, [], workers=2) == []


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_forked_workers_are_sent_item_numbers_never_the_items() -> None:
    items = [Unpicklable(n) for n in range(20)]
    assert run_campaign(values, items, workers=2) == list(range(20))


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_forked_workers_inherit_what_the_command_warmed_up() -> None:
    WARMED.clear()
    assert run_campaign(warmed, list(range(10)), workers=2, warm=warm) == [1] * 10
    assert WARMED == ["warm"]
