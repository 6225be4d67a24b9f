"""The in-process runner against deterministic fake engines."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from conformance.corpus import Case
from conformance.engine import EngineInfo, engine_info
from conformance.report import render_text, to_json
from conformance.runner import Verdict, request_for, run, run_case
from reference_engine.plugin import ReferenceEngine

INFO = EngineInfo("fake", "0", {"taiwanese": ("score",)})

CASE = Case(
    id="taiwanese/payments/fake-case",
    variant="taiwanese",
    kind="score",
    title="Fake case",
    rules=("tw.payments.discard",),
    given={
        "concealed": "1m2m3m4m5m6m7p8p9p2s2s2s6s7s8s5m5m",
        "win": {"by": "self-draw"},
        "seat": "east",
        "table": {"discards": 20},
    },
    expect={
        "patterns": {
            "winning-hand": 2,
            "no-flowers": 1,
            "fully-concealed-self-draw": 3,
            "pair-wait": 1,
            "no-honours": 1,
            "no-honours-no-flowers": 3,
        },
        "tai": 11,
        "dealer_tai": 1,
        "payments": {"east": 36, "south": -12, "west": -12, "north": -12},
    },
    file=Path("fake-case.yaml"),
    line=1,
)


class Recording:
    """Answers with a fixed outcome and records what it was sent."""

    def __init__(self, outcome: Any) -> None:
        self.outcome = outcome
        self.requests: list[Mapping[str, Any]] = []

    def info(self) -> Mapping[str, Any]:
        return {"name": "fake", "version": "0", "variants": {"taiwanese": ["score"]}}

    def evaluate(self, request: Mapping[str, Any]) -> Any:
        self.requests.append(request)
        if isinstance(self.outcome, Exception):
            raise self.outcome
        return self.outcome


def test_the_reference_engine_passes_the_full_calculation_example() -> None:
    engine = ReferenceEngine()
    assert run_case(engine, engine_info(engine), CASE).verdict is Verdict.PASS


def test_the_engine_never_sees_expect() -> None:
    engine = Recording({})
    run_case(engine, INFO, CASE)
    assert set(engine.requests[0]) == {"variant", "kind", "given"}
    assert "expect" not in str(engine.requests[0])


def test_a_wrong_pattern_breakdown_is_reported_even_when_the_total_matches() -> None:
    outcome = dict(CASE.expect)
    outcome["patterns"] = {**CASE.expect["patterns"], "pair-wait": 0, "closed-or-edge-wait": 1}
    result = run_case(Recording(outcome), INFO, CASE)
    assert result.verdict is Verdict.FAIL
    assert {d.path for d in result.differences} == {
        "patterns.pair-wait",
        "patterns.closed-or-edge-wait",
    }


def test_an_engine_that_raises_gives_an_error_verdict_and_the_run_goes_on() -> None:
    report = run(Recording(RuntimeError("boom")), INFO, [CASE, CASE])
    assert [r.verdict for r in report.results] == [Verdict.ERROR, Verdict.ERROR]
    assert "boom" in report.results[0].message


def test_an_answer_that_is_not_a_mapping_is_an_error() -> None:
    assert run_case(Recording([1, 2]), INFO, CASE).verdict is Verdict.ERROR


def test_an_unsupported_kind_is_skipped() -> None:
    info = EngineInfo("fake", "0", {"taiwanese": ("analyse",)})
    assert run_case(Recording({}), info, CASE).verdict is Verdict.SKIP


def test_an_unexpected_error_outcome_fails_with_the_error_code() -> None:
    result = run_case(Recording({"error": {"code": "not-winning"}}), INFO, CASE)
    assert result.verdict is Verdict.FAIL
    assert result.differences[0].actual == "not-winning"


def test_reports_show_the_failure_and_its_location() -> None:
    report = run(Recording({"tai": 3}), INFO, [CASE])
    text = render_text(report)
    assert "FAIL taiwanese/payments/fake-case" in text
    assert "tai: expected 11, got 3" in text
    data = to_json(report)
    assert data["counts"]["fail"] == 1
    assert data["results"][0]["differences"]


@pytest.mark.parametrize("field", ["variant", "kind", "given"])
def test_requests_carry_the_three_fields(field: str) -> None:
    assert field in request_for(CASE)


@pytest.mark.parametrize(
    ("kind", "given"),
    [
        (
            "score",
            {
                "concealed": "123m456p789s234s55z",
                "seat": "south",
                "win": {"by": "discard", "from": "east"},
                "table": {"honba": "x"},
            },
        ),
        ("claim", {"discard": {"tile": "5m", "from": "west"}, "hands": {"north": "oops"}}),
    ],
)
def test_a_malformed_request_is_a_coded_error_not_an_exception(
    kind: str, given: dict[str, Any]
) -> None:
    variant = "riichi" if kind == "score" else "taiwanese"
    outcome = ReferenceEngine().evaluate({"variant": variant, "kind": kind, "given": given})
    assert outcome["error"]["code"] == "invalid-request"
