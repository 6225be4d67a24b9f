"""Running cases through an engine and recording a verdict per case.

The engine receives ``{"variant", "kind", "given"}`` only. An engine that
raises, or answers something that is not a mapping, gives an ``error``
verdict for that case; the run goes on.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from conformance.compare import Difference, compare
from conformance.corpus import Case, thaw
from conformance.engine import Engine, EngineError, EngineInfo, EngineSkipped, Settling
from conformance.json_values import json_problem


class Verdict(Enum):
    PASS = "pass"
    FAIL = "fail"
    ERROR = "error"
    SKIP = "skip"


@dataclass(frozen=True)
class CaseResult:
    case: Case
    verdict: Verdict
    differences: tuple[Difference, ...] = ()
    outcome: Mapping[str, Any] | None = None
    message: str = ""
    seconds: float = 0.0
    stderr: str = ""


@dataclass(frozen=True)
class RunReport:
    engine: EngineInfo
    results: tuple[CaseResult, ...]
    seconds: float
    counts: Mapping[Verdict, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not any(r.verdict in (Verdict.FAIL, Verdict.ERROR) for r in self.results)


def request_for(case: Case) -> dict[str, Any]:
    """What the engine sees of a case: never ``expect``."""
    return {"variant": case.variant, "kind": case.kind, "given": thaw(case.given)}


def run_case(
    engine: Engine, info: EngineInfo, case: Case, request: Mapping[str, Any] | None = None
) -> CaseResult:
    """One case's verdict; ``request`` is what the engine is given (by default
    :func:`request_for` the case)."""
    if not info.supports(case.variant, case.kind):
        return CaseResult(
            case, Verdict.SKIP, message=f"{info.name} does not support {case.variant}/{case.kind}"
        )
    started = time.perf_counter()
    try:
        outcome = engine.evaluate(request_for(case) if request is None else request)
    except EngineSkipped as skipped:
        return CaseResult(case, Verdict.SKIP, message=f"skipped by the engine: {skipped}")
    except EngineError as failure:
        return CaseResult(
            case,
            Verdict.ERROR,
            message=str(failure),
            seconds=time.perf_counter() - started,
            stderr=failure.stderr,
        )
    except Exception as error:  # an engine's crash is a result for this case, not the run's end
        return CaseResult(
            case,
            Verdict.ERROR,
            message=f"engine raised {error!r}",
            seconds=time.perf_counter() - started,
        )
    elapsed = time.perf_counter() - started
    if not isinstance(outcome, Mapping):
        return CaseResult(
            case,
            Verdict.ERROR,
            message=f"engine answered {type(outcome).__name__}, not a mapping",
            seconds=elapsed,
        )
    problem = json_problem(outcome)
    if problem is not None:
        return CaseResult(
            case,
            Verdict.ERROR,
            message=f"engine answered a value that is not plain JSON, {problem}",
            seconds=elapsed,
        )
    try:
        differences = tuple(compare(case.expect, outcome, kind=case.kind))
    except Exception as error:  # the last guard: no outcome ends the run
        return CaseResult(
            case,
            Verdict.ERROR,
            message=f"the outcome could not be compared: {error!r}",
            seconds=elapsed,
        )
    verdict = Verdict.FAIL if differences else Verdict.PASS
    return CaseResult(case, verdict, differences, outcome, seconds=elapsed)


def run(
    engine: Engine,
    info: EngineInfo,
    cases: Iterable[Case],
    progress: Callable[[int], None] | None = None,
) -> RunReport:
    """Run every case; ``progress`` is told how many cases are done after each one.

    A settling engine is asked at the end which requests turned out to have been answered
    wrongly (a second reply); each such case becomes an ``error`` with that message."""
    started = time.perf_counter()
    done: list[CaseResult] = []
    sent: dict[int, int] = {}  # id() of a request given to the engine -> its case's index
    requests: list[Mapping[str, Any]] = []  # kept alive so that no id() is reused
    for case in cases:
        request = request_for(case)
        requests.append(request)
        sent[id(request)] = len(done)
        done.append(run_case(engine, info, case, request))
        if progress is not None:
            progress(len(done))
    if isinstance(engine, Settling):
        for answered, message in engine.settle():
            index = sent.get(id(answered))
            if index is not None and requests[index] is answered:
                done[index] = replace(
                    done[index], verdict=Verdict.ERROR, differences=(), message=message
                )
    results = tuple(done)
    counts = {verdict: sum(1 for r in results if r.verdict is verdict) for verdict in Verdict}
    return RunReport(info, results, time.perf_counter() - started, counts)
