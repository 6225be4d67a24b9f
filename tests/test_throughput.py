"""How the benchmarks measure (spec.throughput): every batch, by wall clock and CPU time."""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from itertools import count

import pytest

from spec.throughput import Batch, Measure, at_least_one, compared, measure, report


def test_a_measure_runs_every_batch_however_long_each_takes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ticks = count(step=10.0)  # each reading of the wall clock is 10 s after the last
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks))
    seen: list[Sequence[int]] = []
    cpu = count(step=2.0)
    measured = measure([[1, 2], [3], [4, 5, 6]], seen.append, lambda: next(cpu))
    assert seen == [[1, 2], [3], [4, 5, 6]]
    assert measured.batches == (Batch(2, 10.0, 2.0), Batch(1, 10.0, 2.0), Batch(3, 10.0, 2.0))


def test_a_batch_counts_the_actions_its_work_says_it_played() -> None:
    measured = measure([[1, 2], [3]], len)
    assert [batch.actions for batch in measured.batches] == [2, 1]
    assert measured.actions == 3


def test_a_report_gives_wall_and_cpu_rates_over_all_batches_and_each_batch() -> None:
    measured = Measure((Batch(10, 2.0, 1.0, 1_000), Batch(30, 2.0, 1.5, 3_000)))
    lines = report("riichi", "deals", measured, "no peer").splitlines()
    # 40 deals in 4 s of wall clock and 2.5 s of CPU
    assert " 10 deals/s wall, 16 deals/s CPU  no peer" in lines[0]
    assert "2 batches, deals/s wall (CPU): 5 (10), 15 (20); 4.00 s wall, 2.50 s CPU" in lines[1]
    # 4,000 actions in 40 deals; 4 s wall and 2.5 s CPU over 4,000 actions
    assert "100.0 actions/deal, 1,000.0 µs/action wall, 625.0 µs/action CPU" in lines[2]


def test_a_report_without_actions_leaves_the_actions_line_out() -> None:
    lines = report("scoring", "hands", Measure((Batch(5, 1.0, 1.0),))).splitlines()
    assert len(lines) == 2
    assert "1 batch, hands/s wall (CPU): 5 (5)" in lines[1]


def test_a_batch_without_measurable_cpu_time_reads_not_available() -> None:
    lines = report("trips", "cases", Measure((Batch(5, 1.0, 0.0),))).splitlines()
    assert "5 cases/s wall, n/a cases/s CPU" in lines[0]


def test_a_comparison_gives_both_ratios() -> None:
    ours = Measure((Batch(100, 1.0, 0.5),))
    theirs = Measure((Batch(100, 2.0, 2.0),))
    assert compared(ours, theirs, "riichienv") == "mjspec/riichienv = 2.00x wall, 4.00x CPU"


@pytest.mark.parametrize("text", ["0", "-3", "ten", "1.5"])
def test_a_benchmark_count_below_one_or_not_whole_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=repr(text)):
        at_least_one(text)
