"""How the benchmarks measure and print a throughput (``python -m conformance.bench`` and
``python -m reference_engine.bench``; both import spec, never each other).

Every batch of inputs is run (none is skipped, however long), each timed by the wall clock
and by the CPU time of the processes doing the work: a rate by CPU time is what one core
gives whatever else the machine does, and CPU time above the wall clock shows work done
in other threads or processes. A figure is printed with its totals over all batches and
each batch's own rate beside them (never the best batch alone), and, where the work is
played actions, the actions per item and the microseconds per action.
"""

from __future__ import annotations

import argparse
import math
import platform
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

T = TypeVar("T")
LABEL = 46  # the width of a figure's label
REPEATS = 3  # the batches (or runs) of every figure


@dataclass(frozen=True)
class Batch:
    """One timed run: how many items (deals, hands, cases...) it did, the seconds it took by
    the wall clock and by the CPU clock, and the actions it played (0: not counted)."""

    items: int
    wall: float
    cpu: float
    actions: int = 0


@dataclass(frozen=True)
class Measure:
    """Every batch of one figure."""

    batches: tuple[Batch, ...]

    @property
    def items(self) -> int:
        return sum(batch.items for batch in self.batches)

    @property
    def wall(self) -> float:
        return sum(batch.wall for batch in self.batches)

    @property
    def cpu(self) -> float:
        return sum(batch.cpu for batch in self.batches)

    @property
    def actions(self) -> int:
        return sum(batch.actions for batch in self.batches)

    @property
    def per_second(self) -> float:
        """Items per second of wall clock, over all batches."""
        return _ratio(self.items, self.wall)

    @property
    def per_cpu_second(self) -> float:
        """Items per second of CPU time, over all batches."""
        return _ratio(self.items, self.cpu)


def _ratio(count: float, seconds: float) -> float:
    return count / seconds if seconds > 0 else math.nan


def timed(
    items: int, work: Callable[[], int | None], cpu_clock: Callable[[], float] = time.process_time
) -> Batch:
    """One batch: ``work`` (which may return the number of actions it played) timed by the
    wall clock and by ``cpu_clock`` (this process's CPU time unless told otherwise)."""
    cpu_started = cpu_clock()
    started = time.perf_counter()
    actions = work()
    wall = time.perf_counter() - started
    return Batch(items, wall, cpu_clock() - cpu_started, actions or 0)


def measure(
    batches: Sequence[Sequence[T]],
    work: Callable[[Sequence[T]], int | None],
    cpu_clock: Callable[[], float] = time.process_time,
) -> Measure:
    """``work`` on every batch in turn, each batch inputs of its own (so that no engine's
    cache meets an input twice; every engine is given the same batches)."""
    return Measure(tuple(timed(len(b), partial(work, b), cpu_clock) for b in batches))


def repeated(
    items: int,
    times: int,
    work: Callable[[], int | None],
    cpu_clock: Callable[[], float] = time.process_time,
) -> Measure:
    """The same ``work`` of ``items`` items run ``times`` times, each run a batch."""
    return Measure(tuple(timed(items, work, cpu_clock) for _ in range(times)))


def heading(batches: int) -> str:
    """The lines that open a benchmark's output: the machine, and how each figure is made."""
    python = f"{platform.python_implementation()} {platform.python_version()}"
    return (
        f"machine: {platform.machine()}, {python}, {platform.system()}\n"
        f"each figure: all {batches} batches (inputs of their own where an engine could"
        " cache), by wall clock and by CPU time; the rates over all batches, then each"
        " batch's"
    )


def at_least_one(text: str) -> int:
    """A benchmark option's count of inputs: a whole number of at least 1 (with none, a
    rate would have nothing to divide)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text[:20]!r}: give at least 1")
    return value


def _number(value: float, digits: int = 0) -> str:
    return "n/a" if math.isnan(value) else f"{value:,.{digits}f}"


def report(label: str, unit: str, measured: Measure, extra: str = "") -> str:
    """A figure's lines: the rates over all batches by wall clock and by CPU time (``unit``
    a plural such as ``deals``), each batch's rates, the seconds in all and, when actions
    were counted, the actions per item and the microseconds per action."""
    wall, cpu = _number(measured.per_second), _number(measured.per_cpu_second)
    lines = [f"  {label:<{LABEL}} {wall:>10} {unit}/s wall, {cpu} {unit}/s CPU  {extra}".rstrip()]
    each = ", ".join(
        f"{_number(_ratio(b.items, b.wall))} ({_number(_ratio(b.items, b.cpu))})"
        for b in measured.batches
    )
    runs = len(measured.batches)
    lines.append(
        f"  {'':<{LABEL}} {runs} batch{'' if runs == 1 else 'es'}, {unit}/s wall (CPU): {each};"
        f" {measured.wall:.2f} s wall, {measured.cpu:.2f} s CPU"
    )
    if measured.actions:
        per_item = _number(_ratio(measured.actions, measured.items), 1)
        per_wall = _number(_ratio(measured.wall * 1e6, measured.actions), 1)
        per_cpu = _number(_ratio(measured.cpu * 1e6, measured.actions), 1)
        lines.append(
            f"  {'':<{LABEL}} {per_item} actions/{unit.removesuffix('s')},"
            f" {per_wall} µs/action wall, {per_cpu} µs/action CPU"
        )
    return "\n".join(lines)


def compared(ours: Measure, theirs: Measure, name: str) -> str:
    """How many times ``name``'s rate ours is, by wall clock and by CPU time."""
    by_wall = _number(_ratio(ours.per_second, theirs.per_second), 2)
    by_cpu = _number(_ratio(ours.per_cpu_second, theirs.per_cpu_second), 2)
    return f"mjspec/{name} = {by_wall}x wall, {by_cpu}x CPU"
