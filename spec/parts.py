"""Where a benchmark's time goes, by part, measured in the same run as its figure
(``python -m reference_engine.bench`` for random play, ``python -m conformance.bench`` for
replay; both import spec, never each other).

The work is run on the same inputs several times. A clean pass is the figure's own work,
timed whole by CPU time and by the wall clock. An instrumented pass, alternating with
them, runs it with the public calls it makes wrapped (:class:`PartClock`,
:func:`wrapped`, :func:`instrumented`): each call's interval is read with
``time.perf_counter_ns`` and given to a part (chosen from the call's arguments), a
wrapped call made inside another is given to its own part and taken out of the outer
one, and what no wrapped call covers is the loop around them (the pass's total less the
parts). The instrumentation's own cost, the instrumented passes' CPU time less the clean
passes' (the same work), is taken out of every part and of the total; each part's median
over the passes, as a share of what is left, is scaled to the clean pass's CPU
microseconds per action, so that the parts add up to it (:func:`breakdown`). A last pass
on a few inputs counts the Python calls, builtin calls and bytecodes run in each part
(``sys.setprofile``, ``sys.settrace``): beside the measured cost of one call and of the
cheapest bytecode on this machine, count times cost is a floor of the design, whatever
each function does (:func:`parts_table`).
"""

from __future__ import annotations

import statistics
import sys
import textwrap
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from types import CodeType, FrameType, ModuleType
from typing import Any, ParamSpec, TypeVar

from spec.throughput import LABEL, Batch

P = ParamSpec("P")
R = TypeVar("R")
TraceFunction = Callable[[FrameType, str, Any], Any]
LOOP = "the loop around them (by difference)"  # what no wrapped call covers
CELL = 13  # the width of a column of the table
WIDTH = 100  # the width of the words under it


class PartClock:
    """Times wrapped calls by part. ``spent`` holds each part's nanoseconds (the
    intervals of wrapped calls made inside it taken out), ``runs`` its calls, ``nested``
    the wrapped calls made inside it (:data:`LOOP`: outside any); while
    :meth:`counted`, ``calls``, ``builtins`` and ``bytecodes`` count the Python calls,
    builtin calls and bytecodes run in each part, the instrumentation's own left out."""

    def __init__(self, clock: Callable[[], int] = time.perf_counter_ns) -> None:
        self.clock = clock
        self.spent: defaultdict[str, int] = defaultdict(int)
        self.runs: defaultdict[str, int] = defaultdict(int)
        self.nested: defaultdict[str, int] = defaultdict(int)
        self.calls: defaultdict[str, int] = defaultdict(int)
        self.builtins: defaultdict[str, int] = defaultdict(int)
        self.bytecodes: defaultdict[str, int] = defaultdict(int)
        self._names = [LOOP]  # the part of each wrapped call under way, innermost last
        self._inner = [0]  # the nanoseconds of wrapped calls made inside each of them
        self._own = {PartClock.counted.__code__}  # the instrumentation's code, never counted

    @property
    def wrapped_calls(self) -> int:
        return sum(self.runs.values())

    def timed(self, function: Callable[P, R], part: str | Callable[P, str]) -> Callable[P, R]:
        """``function``, its calls timed for ``part`` (a name, or a function of the call's
        arguments that names it, read before the call: it should call nothing in Python)."""
        name_of = part if callable(part) else _constant(part)
        clock, names, inner = self.clock, self._names, self._inner
        spent, runs, nested = self.spent, self.runs, self.nested

        def timed_call(*args: P.args, **kwargs: P.kwargs) -> R:
            name = name_of(*args, **kwargs)
            names.append(name)
            inner.append(0)
            started = clock()
            try:
                return function(*args, **kwargs)
            finally:
                elapsed = clock() - started
                names.pop()
                spent[name] += elapsed - inner.pop()
                runs[name] += 1
                inner[-1] += elapsed
                nested[names[-1]] += 1

        self._own.add(timed_call.__code__)
        code = getattr(name_of, "__code__", None)
        if isinstance(code, CodeType):
            self._own.add(code)
        return timed_call

    def carve(self, source: str, apart: PartClock, part: str) -> None:
        """``part`` of ``source``'s work, timed or counted apart on the same inputs by
        ``apart``, moved out of ``source``: its time, calls and counts."""
        pairs = (
            (self.spent, apart.spent),
            (self.runs, apart.runs),
            (self.calls, apart.calls),
            (self.builtins, apart.builtins),
            (self.bytecodes, apart.bytecodes),
        )
        for mine, theirs in pairs:
            mine[source] -= theirs[part]
            mine[part] += theirs[part]

    def counted(self, work: Callable[[], R]) -> R:
        """``work()``, counting the Python calls (its own, and generators resumed,
        included), the builtin calls and the bytecodes it runs, each for the part under
        way (slow: give it a few inputs)."""
        names, own = self._names, self._own
        calls, builtins, bytecodes = self.calls, self.builtins, self.bytecodes

        def profile(frame: FrameType, event: str, arg: object) -> None:
            if frame.f_code in own:
                return
            if event == "call":
                calls[names[-1]] += 1
            elif event == "c_call":
                builtins[names[-1]] += 1

        def each_bytecode(frame: FrameType, event: str, arg: Any) -> TraceFunction:
            if event == "opcode":
                bytecodes[names[-1]] += 1
            return each_bytecode

        def trace(frame: FrameType, event: str, arg: Any) -> TraceFunction | None:
            if frame.f_code in own:
                return None
            frame.f_trace_opcodes = True
            return each_bytecode

        sys.setprofile(profile)
        sys.settrace(trace)
        try:
            return work()
        finally:
            sys.settrace(None)
            sys.setprofile(None)


def _constant(name: str) -> Callable[..., str]:
    def named(*args: object, **kwargs: object) -> str:
        return name

    return named


@contextmanager
def wrapped(module: ModuleType, wrappers: Mapping[str, Callable[..., object]]) -> Iterator[None]:
    """``module``'s functions named in ``wrappers`` replaced by them while inside (the calls
    the module's own code makes then go through them), put back after; a name the module
    lacks is an AttributeError naming it, before anything is replaced."""
    for name in wrappers:
        if not hasattr(module, name):
            raise AttributeError(f"{module.__name__} has no {name!r} to time")
    kept = {name: getattr(module, name) for name in wrappers}
    try:
        for name, wrapper in wrappers.items():
            setattr(module, name, wrapper)
        yield
    finally:
        for name, function in kept.items():
            setattr(module, name, function)


@dataclass(frozen=True)
class Overhead:
    """What the interpreter's steps cost on this machine now (ns): the part of a timed
    call's cost inside its interval beyond the call itself (``inside``: the clock's reads),
    one call of a small Python function, one call of a builtin, and one bytecode of an
    empty loop (the cheapest)."""

    inside: float
    python_call: float
    builtin_call: float
    bytecode: float


def _noop(value: int) -> int:
    return value


def _loop_ns(rounds: int) -> int:
    started = time.perf_counter_ns()
    for _ in range(rounds):
        pass
    return time.perf_counter_ns() - started


def _calls_ns(function: Callable[[int], int], rounds: int) -> int:
    started = time.perf_counter_ns()
    for value in range(rounds):
        function(value)
    return time.perf_counter_ns() - started


def _loop_bytecodes(rounds: int) -> int:
    """The bytecodes an empty loop of ``rounds`` runs (counted, whatever the Python)."""
    clock = PartClock()
    clock.counted(partial(_loop_ns, rounds))
    return sum(clock.bytecodes.values())


def measure_overhead(rounds: int = 20_000, repeats: int = 5) -> Overhead:
    """The cheapest of ``repeats`` runs of ``rounds`` (the machine only ever adds to a
    run): a bare loop, a Python function called in it, a builtin called, and the same
    function timed by a :class:`PartClock` (whose intervals, less the call, are the cost
    inside them)."""
    loops, calls, builtins, intervals = [], [], [], []
    for _ in range(repeats):
        loops.append(_loop_ns(rounds))
        calls.append(_calls_ns(_noop, rounds))
        builtins.append(_calls_ns(abs, rounds))
        clock = PartClock()
        _calls_ns(clock.timed(_noop, "no-op"), rounds)
        intervals.append(clock.spent["no-op"])
    loop = min(loops)
    call = max(0.0, (min(calls) - loop) / rounds)
    return Overhead(
        inside=max(0.0, min(intervals) / rounds - call),
        python_call=call,
        builtin_call=max(0.0, (min(builtins) - loop) / rounds),
        bytecode=loop / _loop_bytecodes(rounds),
    )


@dataclass(frozen=True)
class Instrumented:
    """One instrumented pass: its clock, its nanoseconds by the wall clock and its CPU
    seconds."""

    clock: PartClock
    wall: int
    cpu: float


def instrumented(clock: PartClock, work: Callable[[], object]) -> Instrumented:
    """``work`` done once, its wrapped calls timed by ``clock`` (the caller wrapped them)."""
    cpu_started = time.process_time()
    started = time.perf_counter_ns()
    work()
    wall = time.perf_counter_ns() - started
    return Instrumented(clock, wall, time.process_time() - cpu_started)


@dataclass(frozen=True)
class Part:
    """One part of the work: its microseconds per action, scaled to the clean pass's CPU
    time, and the Python calls, builtin calls and bytecodes run in it per action (the
    counting pass)."""

    name: str
    micros: float
    calls: float
    builtins: float
    bytecodes: float


@dataclass(frozen=True)
class Breakdown:
    """Where the clean pass's time per action goes: its ``parts`` (the loop around the
    wrapped calls last), with the clean pass (the median one), the timed calls per action
    and the nanoseconds each cost (taken out)."""

    parts: tuple[Part, ...]
    clean: Batch
    timed_calls: float
    per_call: float

    @property
    def micros(self) -> float:
        """The parts' microseconds per action, in all: the clean pass's by CPU time."""
        return sum(part.micros for part in self.parts)

    @property
    def calls(self) -> float:
        return sum(part.calls for part in self.parts)

    @property
    def builtins(self) -> float:
        return sum(part.builtins for part in self.parts)

    @property
    def bytecodes(self) -> float:
        return sum(part.bytecodes for part in self.parts)

    def call_floor(self, overhead: Overhead) -> float:
        """Microseconds per action that the calls alone cost, at the measured cost of a
        small one."""
        spent = self.calls * overhead.python_call + self.builtins * overhead.builtin_call
        return spent / 1000

    def bytecode_floor(self, overhead: Overhead) -> float:
        """Microseconds per action that the bytecodes cost were each as cheap as an empty
        loop's."""
        return self.bytecodes * overhead.bytecode / 1000


def breakdown(
    cleans: Sequence[Batch],
    passes: Sequence[Instrumented],
    counting: PartClock,
    counted_actions: int,
    overhead: Overhead,
    parts: Sequence[str],
) -> Breakdown:
    """The parts of the clean passes ``cleans`` (batches with their actions counted) from
    the instrumented ``passes`` over the same inputs and ``counting``, the counts of a pass
    of ``counted_actions`` actions; ``parts`` names the rows (every part timed must be
    among them), :data:`LOOP` added last. What a timed call costs is the instrumented
    passes' CPU time less the clean passes' (medians: the work is the same), at least
    ``overhead.inside``; it is taken out of each part (inside its intervals, and outside
    those of the calls made in it) and of the loop's, stretched as the passes' wall clock
    was beside their CPU time (a busy machine). Each part, the loop's included, is
    its median over the passes (a pass the machine interrupted moves it little), scaled so
    that they add up to the clean pass's CPU time."""
    timed = {name for one in passes for name, runs in one.clock.runs.items() if runs}
    if timed - set(parts):
        raise ValueError(f"parts timed but not named: {', '.join(sorted(timed - set(parts)))}")
    clean = sorted(cleans, key=lambda batch: batch.cpu)[len(cleans) // 2]
    calls = statistics.median(one.clock.wrapped_calls for one in passes)
    cpu = statistics.median(one.cpu for one in passes)
    per_call = max(overhead.inside, _ratio((cpu - clean.cpu) * 1e9, calls))
    stretch = _ratio(statistics.median(one.wall for one in passes), cpu * 1e9) or 1.0
    inside = overhead.inside * stretch  # the intervals are read on the wall clock
    outside = (per_call - overhead.inside) * stretch
    own = {
        name: statistics.median(_own(one, name, inside, outside) for one in passes)
        for name in parts
    }
    own[LOOP] = statistics.median(
        one.wall
        - one.clock.wrapped_calls * (inside + outside)
        - sum(_own(one, name, inside, outside) for name in parts)
        for one in passes
    )
    total = sum(own.values())
    scale = _ratio(clean.cpu * 1e6, clean.actions) / total if total > 0 else 0.0
    found = tuple(
        Part(
            name,
            spent * scale,
            _ratio(counting.calls[name], counted_actions),
            _ratio(counting.builtins[name], counted_actions),
            _ratio(counting.bytecodes[name], counted_actions),
        )
        for name, spent in own.items()
    )
    return Breakdown(found, clean, _ratio(calls, clean.actions), per_call)


def _own(one: Instrumented, part: str, inside: float, outside: float) -> float:
    """``part``'s nanoseconds in the pass ``one``, less the timing's cost: ``inside`` in
    each of its intervals, ``outside`` those of each timed call made in it."""
    clock = one.clock
    return clock.spent[part] - clock.runs[part] * inside - clock.nested[part] * outside


def _ratio(count: float, of: float) -> float:
    return count / of if of else 0.0


def parts_table(unit: str, columns: Sequence[tuple[str, Breakdown]], overhead: Overhead) -> str:
    """One table: a row per part, a column per figure (``unit`` the items, a plural such
    as ``deals``), then the totals and what bounds them."""
    one = unit.removesuffix("s")
    names = [part.name for part in columns[0][1].parts]

    def row(label: str, cell: Callable[[Breakdown], str]) -> str:
        return f"  {label:<{LABEL}}" + "".join(f"{cell(b):>{CELL}}" for _, b in columns)

    lines = [f"  {'µs per action (bytecodes per action)':<{LABEL}}"]
    lines[0] += "".join(f"{name:>{CELL}}" for name, _ in columns)
    lines += [row(name, partial(_part_cell, k)) for k, name in enumerate(names)]
    lines += [
        row("total: the clean pass by CPU time", lambda b: _cell(b.micros, b.bytecodes)),
        row("  the same by wall clock", lambda b: _per_action(b.clean.wall, b.clean)),
        row("  the timing's cost, taken out", lambda b: f"{b.timed_calls * b.per_call / 1000:.1f}"),
        row(f"actions per {one}", lambda b: f"{_ratio(b.clean.actions, b.clean.items):.1f}"),
        row(
            f"1,000 {unit} a second: µs/action at most",
            lambda b: f"{_ratio(1000 * b.clean.items, b.clean.actions):.1f}",
        ),
        row("ns per bytecode, in all", lambda b: f"{_ratio(1000 * b.micros, b.bytecodes):.1f}"),
        row(
            f"  bytecodes/action 1,000 {unit} a second allow",
            lambda b: (
                f"{_ratio(1000 * b.clean.items * b.bytecodes, b.micros * b.clean.actions):,.0f}"
            ),
        ),
        row("Python calls + builtins per action", lambda b: f"{b.calls:.0f} + {b.builtins:.0f}"),
        row(
            "floors (µs/action): calls, bytecodes",
            lambda b: f"{b.call_floor(overhead):.1f}, {b.bytecode_floor(overhead):.1f}",
        ),
    ]
    return "\n".join(lines)


def _part_cell(index: int, found: Breakdown) -> str:
    part = found.parts[index]
    return _cell(part.micros, part.bytecodes)


def _cell(micros: float, bytecodes: float) -> str:
    return f"{micros:.1f} ({bytecodes:,.0f})"


def _per_action(seconds: float, clean: Batch) -> str:
    return f"{_ratio(seconds * 1e6, clean.actions):.1f}"


def how_measured(overhead: Overhead, passes: int, timed: str, counted: str) -> str:
    """The lines under a table saying how its figures were made: ``passes`` clean passes
    and as many instrumented ones over ``timed`` (words naming the inputs), the counting
    pass over ``counted``."""
    text = (
        f"Parts: the public calls timed (perf_counter_ns) in {passes} passes over {timed},"
        f" alternating with {passes} clean passes; each part its median, less what the timing"
        " costs (the instrumented passes' CPU time less the clean passes', shown above;"
        f" {overhead.inside:.0f} ns of it inside each timed interval, as on a wrapped no-op"
        " this run); the parts scaled to the median clean pass's CPU µs/action."
        f" Bounds: calls and bytecodes counted (sys.setprofile, sys.settrace) on {counted};"
        f" here a Python call costs {overhead.python_call:.0f} ns, a builtin"
        f" {overhead.builtin_call:.0f} ns, an empty loop's bytecode {overhead.bytecode:.1f} ns"
        " (this run): count x cost is a floor of this design."
    )
    return textwrap.fill(text, WIDTH, initial_indent="  ", subsequent_indent="  ")
