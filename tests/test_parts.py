"""Where a benchmark's time goes, by part (spec.parts), on tiny inputs and a clock that moves
only when the work says so: each part timed apart from the parts called inside it, the
instrumentation's cost taken out, the parts adding up to the clean pass, every part named in
the table, the calls and bytecodes counted by part (no timing threshold anywhere)."""

from __future__ import annotations

import math
import types
from collections.abc import Callable

import pytest

from spec.parts import (
    LOOP,
    Breakdown,
    Overhead,
    Part,
    PartClock,
    breakdown,
    how_measured,
    measure_overhead,
    parts_table,
    wrapped,
)
from spec.throughput import Batch


class FakeClock:
    """Nanoseconds that pass only when the work says so."""

    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now

    def spend(self, ns: int) -> None:
        self.now += ns


def _nested_work(clock: FakeClock, timing: PartClock) -> Callable[[int], int]:
    """An outer call (10 ns, then an inner call of 5 ns, then 3 ns) timed by part."""

    def inner(value: int) -> int:
        clock.spend(5)
        return value

    timed_inner = timing.timed(inner, "inner")

    def outer(value: int) -> int:
        clock.spend(10)
        timed_inner(value)
        clock.spend(3)
        return value

    return timing.timed(outer, "outer")


def test_each_part_is_timed_apart_from_the_parts_called_inside_it() -> None:
    clock = FakeClock()
    timing = PartClock(clock)
    outer = _nested_work(clock, timing)
    outer(1)
    outer(2)
    assert dict(timing.spent) == {"outer": 26, "inner": 10}
    assert dict(timing.runs) == {"outer": 2, "inner": 2}
    assert timing.nested["outer"] == 2  # the inner calls
    assert timing.nested[LOOP] == 2  # the outer calls, made outside any part
    assert timing.wrapped_calls == 4


def test_a_part_can_be_named_by_the_arguments_of_each_call() -> None:
    clock = FakeClock()
    timing = PartClock(clock)

    def work(size: int) -> None:
        clock.spend(size)

    timed = timing.timed(work, lambda size: "big" if size > 5 else "small")
    for size in (1, 2, 9):
        timed(size)
    assert dict(timing.spent) == {"small": 3, "big": 9}


def test_a_call_that_raises_is_timed_and_leaves_the_parts_as_they_were() -> None:
    clock = FakeClock()
    timing = PartClock(clock)

    def refused(value: int) -> int:
        clock.spend(4)
        raise ValueError(value)

    timed = timing.timed(refused, "refused")
    with pytest.raises(ValueError, match="1"):
        timed(1)
    outer = _nested_work(clock, timing)
    outer(1)
    assert timing.spent["refused"] == 4
    assert timing.spent["outer"] == 13


def _clean(actions: int = 10) -> Batch:
    return Batch(items=2, wall=0.002, cpu=0.001, actions=actions)


def _timed_pass(clock: FakeClock) -> tuple[PartClock, int]:
    timing = PartClock(clock)
    outer = _nested_work(clock, timing)
    started = clock()
    clock.spend(7)  # the loop's own work
    outer(1)
    return timing, clock() - started


NO_COST = Overhead(inside=0, outside=0, python_call=10, builtin_call=5, bytecode=1)


def test_the_parts_add_up_to_the_clean_pass_by_cpu_time() -> None:
    clock = FakeClock()
    found = breakdown(_clean(), [_timed_pass(clock)], PartClock(), 10, NO_COST, ["outer", "inner"])
    assert [part.name for part in found.parts] == ["outer", "inner", LOOP]
    assert math.isclose(found.micros, 0.001 * 1e6 / 10)  # 100 µs per action
    shares = {part.name: part.micros / found.micros for part in found.parts}
    assert shares == pytest.approx({"outer": 13 / 25, "inner": 5 / 25, LOOP: 7 / 25})


def test_the_instrumentation_cost_is_taken_out_of_each_part_and_of_the_total() -> None:
    clock = FakeClock()
    timing, total = _timed_pass(clock)
    # as if each call had cost 1 ns more inside its interval and 2 ns more outside it
    timing.spent["outer"] += 1 + 2  # in its own interval, and the inner call's wrapper
    timing.spent["inner"] += 1
    total += 2 * (1 + 2)
    cost = Overhead(inside=1, outside=2, python_call=10, builtin_call=5, bytecode=1)
    found = breakdown(_clean(), [(timing, total)], PartClock(), 10, cost, ["outer", "inner"])
    shares = {part.name: part.micros / found.micros for part in found.parts}
    assert shares == pytest.approx({"outer": 13 / 25, "inner": 5 / 25, LOOP: 7 / 25})
    assert found.removed == 6
    assert found.instrumented == 31


def test_each_part_is_the_median_of_the_instrumented_passes() -> None:
    clock = FakeClock()
    passes = [_timed_pass(clock) for _ in range(3)]
    passes[1][0].spent["inner"] += 1000  # the machine interrupted one pass
    passes[1] = (passes[1][0], passes[1][1] + 1000)
    found = breakdown(_clean(), passes, PartClock(), 10, NO_COST, ["outer", "inner"])
    shares = {part.name: part.micros / found.micros for part in found.parts}
    assert shares == pytest.approx({"outer": 13 / 25, "inner": 5 / 25, LOOP: 7 / 25})


def test_a_part_timed_but_not_named_is_refused() -> None:
    clock = FakeClock()
    with pytest.raises(ValueError, match="parts timed but not named: inner"):
        breakdown(_clean(), [_timed_pass(clock)], PartClock(), 10, NO_COST, ["outer"])


def test_a_part_named_but_never_run_is_a_row_of_nothing() -> None:
    clock = FakeClock()
    parts = ["outer", "inner", "never"]
    found = breakdown(_clean(), [_timed_pass(clock)], PartClock(), 10, NO_COST, parts)
    assert found.parts[2] == Part("never", 0.0, 0.0, 0.0, 0.0)


def _counted_helper(values: list[int]) -> int:
    return len(values)


def _counted_work(values: list[int]) -> int:
    return _counted_helper(values) + _counted_helper(values)


def test_calls_and_bytecodes_are_counted_by_part_the_instrumentation_left_out() -> None:
    counting = PartClock()
    timed = counting.timed(_counted_work, "work")
    assert counting.counted(lambda: timed([1, 2])) == 4
    assert counting.calls["work"] == 3  # the work and its two helpers, not the wrapper
    assert counting.builtins["work"] == 2  # len, twice
    assert counting.bytecodes["work"] > 0
    assert counting.calls[LOOP] == 1  # the lambda given: the wrapper's own are not counted
    found = breakdown(_clean(1), [(PartClock(), 1)], counting, 1, NO_COST, ["work"])
    assert (found.calls, found.builtins) == (4, 2)  # the lambda's call in the loop's part
    assert found.call_floor(NO_COST) == (4 * 10 + 2 * 5) / 1000
    assert found.bytecode_floor(NO_COST) == found.bytecodes / 1000


def test_a_part_measured_apart_is_carved_out_of_the_part_holding_it() -> None:
    clock = FakeClock()
    timing, _ = _timed_pass(clock)
    apart = PartClock(clock)
    timed = apart.timed(lambda: clock.spend(2), "fixed")
    timed()
    apart.calls["fixed"] = 4
    timing.calls["outer"] = 10
    timing.carve("outer", apart, "fixed")
    assert (timing.spent["outer"], timing.spent["fixed"]) == (11, 2)
    assert (timing.calls["outer"], timing.calls["fixed"]) == (6, 4)
    assert (timing.runs["outer"], timing.runs["fixed"]) == (0, 1)


def test_wrapped_replaces_a_modules_functions_while_inside_and_puts_them_back() -> None:
    module = types.ModuleType("module")
    module.work = _counted_helper  # type: ignore[attr-defined]
    with wrapped(module, {"work": _counted_work}):
        assert module.work is _counted_work
    assert module.work is _counted_helper


def test_wrapped_names_a_function_the_module_lacks_and_replaces_nothing() -> None:
    module = types.ModuleType("module")
    module.work = _counted_helper  # type: ignore[attr-defined]
    wrappers = {"work": _counted_work, "gone": _counted_work}
    with (
        pytest.raises(AttributeError, match="module has no 'gone' to time"),
        wrapped(module, wrappers),
    ):
        pass
    assert module.work is _counted_helper


def _breakdowns() -> list[tuple[str, Breakdown]]:
    clock = FakeClock()
    return [
        (
            name,
            breakdown(_clean(), [_timed_pass(clock)], PartClock(), 10, NO_COST, ["outer", "inner"]),
        )
        for name in ("first", "second")
    ]


def test_the_table_names_every_part_and_every_column_with_its_totals_and_bounds() -> None:
    table = parts_table("deals", _breakdowns(), NO_COST)
    lines = table.splitlines()
    assert lines[0].split()[-2:] == ["first", "second"]
    for label in ("outer", "inner", LOOP, "total: the clean pass by CPU time", "by wall clock"):
        assert any(line.startswith(f"  {label}") or f" {label}" in line for line in lines), label
    total = next(line for line in lines if "total: the clean pass" in line)
    assert total.split()[-4:] == ["100.0", "(0)", "100.0", "(0)"]
    assert any(line.startswith("  actions per deal ") and line.endswith("5.0") for line in lines)
    assert any("1,000 deals a second: µs/action at most" in line for line in lines)
    assert "/s " not in table  # no line reads as a rate of the figures above it


def test_how_the_parts_were_measured_is_said_under_the_table() -> None:
    words = how_measured(NO_COST, 3, "the same 100 deals", "the first 10")
    assert "3 more passes over the same 100 deals" in words
    assert "counted (sys.setprofile, sys.settrace) on the first 10" in words
    assert all(len(line) <= 100 for line in words.splitlines())


def test_the_overhead_is_measured_in_nanoseconds_none_negative() -> None:
    found = measure_overhead(rounds=200, repeats=1)
    assert all(value >= 0 for value in vars(found).values())
