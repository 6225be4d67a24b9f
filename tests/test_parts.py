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
    Instrumented,
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
    """Nanoseconds that pass only when the work says so (``slower`` times as many: a busy
    machine's wall clock)."""

    def __init__(self, slower: int = 1) -> None:
        self.now = 0
        self.slower = slower

    def __call__(self) -> int:
        return self.now

    def spend(self, ns: int) -> None:
        self.now += ns * self.slower


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


CPU = 25e-9  # the clean pass's CPU seconds: the work's 25 ns


def _clean(actions: int = 10, cpu: float = CPU) -> Batch:
    return Batch(items=2, wall=cpu, cpu=cpu, actions=actions)


def _timed_pass(clock: FakeClock, cpu: float | None = None) -> Instrumented:
    """An instrumented pass of 7 ns of the loop's own and one outer call (25 ns in all),
    of ``cpu`` seconds (by default as many as by the wall clock)."""
    timing = PartClock(clock)
    outer = _nested_work(clock, timing)
    started = clock()
    clock.spend(7)  # the loop's own work
    outer(1)
    wall = clock() - started
    return Instrumented(timing, wall, wall / 1e9 if cpu is None else cpu)


NO_COST = Overhead(inside=0, python_call=10, builtin_call=5, bytecode=1)
SHARES = {"outer": 13 / 25, "inner": 5 / 25, LOOP: 7 / 25}


def _shares(found: Breakdown) -> dict[str, float]:
    return {part.name: part.micros / found.micros for part in found.parts}


def test_the_parts_add_up_to_the_clean_pass_by_cpu_time() -> None:
    clock = FakeClock()
    found = breakdown(
        [_clean()], [_timed_pass(clock)], PartClock(), 10, NO_COST, ["outer", "inner"]
    )
    assert [part.name for part in found.parts] == ["outer", "inner", LOOP]
    assert math.isclose(found.micros, CPU * 1e6 / 10)  # 0.0025 µs per action
    assert _shares(found) == pytest.approx(SHARES)


@pytest.mark.parametrize("slower", [1, 2])
def test_the_instrumentation_cost_is_taken_out_of_each_part_and_of_the_total(
    slower: int,
) -> None:
    clock = FakeClock(slower)
    # as if each timed call had cost 1 ns more inside its interval and 2 ns more outside
    # it: 3 ns of CPU time more than the clean pass for each of the two calls, and
    # ``slower`` times as many by the wall clock
    one = _timed_pass(clock, cpu=CPU + 6e-9)
    one.clock.spent["outer"] += (1 + 2) * slower  # its interval's, the inner call's wrapper
    one.clock.spent["inner"] += 1 * slower
    costly = Instrumented(one.clock, one.wall + 2 * (1 + 2) * slower, one.cpu)
    cost = Overhead(inside=1, python_call=10, builtin_call=5, bytecode=1)
    found = breakdown([_clean()], [costly], PartClock(), 10, cost, ["outer", "inner"])
    assert _shares(found) == pytest.approx(SHARES)
    assert found.per_call == pytest.approx(3)
    assert found.timed_calls == 2 / 10


def test_a_timed_call_costs_at_least_what_the_clock_costs_inside_its_interval() -> None:
    clock = FakeClock()
    cost = Overhead(inside=1, python_call=10, builtin_call=5, bytecode=1)
    faster = _timed_pass(clock, cpu=CPU / 2)  # the machine was quicker this time
    found = breakdown([_clean()], [faster], PartClock(), 10, cost, ["outer", "inner"])
    assert found.per_call == 1


def test_each_part_and_the_clean_pass_are_the_medians_of_their_passes() -> None:
    clock = FakeClock()
    passes = [_timed_pass(clock) for _ in range(3)]
    passes[1].clock.spent["inner"] += 1000  # the machine interrupted one pass
    passes[1] = Instrumented(passes[1].clock, passes[1].wall + 1000, CPU)
    cleans = [_clean(cpu=CPU), _clean(cpu=CPU / 2), _clean(cpu=CPU * 5)]
    found = breakdown(cleans, passes, PartClock(), 10, NO_COST, ["outer", "inner"])
    assert _shares(found) == pytest.approx(SHARES)
    assert found.clean == cleans[0]


def test_a_part_timed_but_not_named_is_refused() -> None:
    clock = FakeClock()
    with pytest.raises(ValueError, match="parts timed but not named: inner"):
        breakdown([_clean()], [_timed_pass(clock)], PartClock(), 10, NO_COST, ["outer"])


def test_a_part_named_but_never_run_is_a_row_of_nothing() -> None:
    clock = FakeClock()
    parts = ["outer", "inner", "never"]
    found = breakdown([_clean()], [_timed_pass(clock)], PartClock(), 10, NO_COST, parts)
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
    nothing = Instrumented(PartClock(), 1, CPU)
    found = breakdown([_clean(1)], [nothing], counting, 1, NO_COST, ["work"])
    assert (found.calls, found.builtins) == (4, 2)  # the lambda's call in the loop's part
    assert found.call_floor(NO_COST) == (4 * 10 + 2 * 5) / 1000
    assert found.bytecode_floor(NO_COST) == found.bytecodes / 1000


def test_a_part_measured_apart_is_carved_out_of_the_part_holding_it() -> None:
    clock = FakeClock()
    timing = _timed_pass(clock).clock
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
    clock, clean = FakeClock(), _clean(cpu=0.001)  # 100 µs per action
    parts = ["outer", "inner"]
    return [
        (name, breakdown([clean], [_timed_pass(clock)], PartClock(), 10, NO_COST, parts))
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
    assert all(len(line) <= 100 for line in words.splitlines())
    words = " ".join(words.split())
    assert "in 3 passes over the same 100 deals, alternating with 3 clean passes" in words
    assert "counted (sys.setprofile, sys.settrace) on the first 10" in words


def test_the_overhead_is_measured_in_nanoseconds_none_negative() -> None:
    found = measure_overhead(rounds=200, repeats=1)
    assert all(value >= 0 for value in vars(found).values())
