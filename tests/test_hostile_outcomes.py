"""Whatever an engine answers, the run ends with one verdict per case and four valid
reports: comparisons and renderings of engine-supplied data never end the run."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from xml.etree import ElementTree as ET

import pytest

import spec
from conformance.corpus import Case, load_corpus
from conformance.engine import EngineLoadError, engine_info
from conformance.expectations import Reconciled, reconcile
from conformance.json_values import json_problem
from conformance.printable import printable
from conformance.report import render_side_by_side, render_text, to_json
from conformance.report_html import to_html
from conformance.report_junit import to_junit
from conformance.runner import CaseResult, RunReport, Verdict, run
from spec.requests import KINDS


def deeply_nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


HOSTILE: list[Any] = [
    {"result": {"winners": [{"seat": ["east"]}, {"seat": {"a": 1}}, {"seat": 3}]}},
    {"result": {"winners": "east"}, "trace": "not a trace", "illegal": []},
    {"trace": [{"after": "3", "legal": 5, "state": []}, 7, {"after": [1]}]},
    {"illegal": {"after": [1], "code": {}}},
    {"patterns": [1, 2], "payments": None, "winners": "x", "waits": 5, "readings": 3},
    {"patterns": {"x": {"y": [1]}}, "payments": {"east": [1]}, "winners": [1, [2], {}]},
    {"after": {"a": 1}, "final": [], "legal": [1], "granted": {"a": 1}},
    {"after": [None, "x", {"totals": 5}], "final": {"totals": [1]}},
    {"error": []},
    {"error": {"code": ["x"], "message": {"a": 1}}},
    {"tai": "\x1b[31mred\x1b[0m", "name": "\x00\x07\r", "total": "\u202e reversed"},
    {"tai": True, "points": 1e308, "han": -(2**63) + 1},
    {},
]
NOT_JSON: list[tuple[Any, str]] = [
    ({"tai": float("nan")}, "nan is not a JSON number"),
    ({"tai": float("inf")}, "inf is not a JSON number"),
    ({"tai": {1, 2}}, "a set, not a JSON value"),
    ({"tai": "\ud800"}, "not Unicode text"),
    ({"\udc80": 1}, "a key (str) that is not Unicode text"),
    ({1: "x"}, "a key (int) that is not Unicode text"),
    ({"tai": 10**5000}, "an integer beyond 64 bits"),
    ({"tai": object()}, "a object, not a JSON value"),
    ({"trace": deeply_nested(100_000)}, "nested more than 64 deep"),
]


class Answering:
    """An in-process engine that answers every request with one outcome."""

    def __init__(self, outcome: Any, name: str = "hostile") -> None:
        self.outcome = outcome
        self.name = name

    def info(self) -> Mapping[str, Any]:
        kinds = list(KINDS)
        variants = spec.variant_ids()
        return {"name": self.name, "version": "0", "variants": dict.fromkeys(variants, kinds)}

    def evaluate(self, request: Mapping[str, Any]) -> Any:
        return self.outcome


@pytest.fixture(scope="module")
def one_case_per_kind() -> list[Case]:
    chosen: dict[str, Case] = {}
    for case in load_corpus().cases:
        chosen.setdefault(case.kind, case)
    assert set(chosen) == set(KINDS)
    return list(chosen.values())


def assert_reports_are_valid(report: RunReport) -> None:
    runs = [(report, reconcile(report, None))]
    document = json.dumps(to_json(*runs[0]), ensure_ascii=False, allow_nan=False)
    json.loads(document)
    ET.fromstring(to_junit(runs).encode("utf-8"))
    for text in (render_text(*runs[0]), render_side_by_side(runs), to_html(runs)):
        text.encode("utf-8")
        assert printable(text) == text, "a control character reached a report"


@pytest.mark.parametrize("outcome", HOSTILE, ids=range(len(HOSTILE)))
def test_a_malformed_outcome_is_a_failure_of_each_case(
    outcome: Any, one_case_per_kind: list[Case]
) -> None:
    engine = Answering(outcome)
    report = run(engine, engine_info(engine), one_case_per_kind)
    assert {r.verdict for r in report.results} <= {Verdict.FAIL, Verdict.ERROR}
    assert_reports_are_valid(report)


@pytest.mark.parametrize(("outcome", "words"), NOT_JSON, ids=[w for _, w in NOT_JSON])
def test_an_outcome_that_is_not_plain_json_is_an_error_of_each_case(
    outcome: Any, words: str, one_case_per_kind: list[Case]
) -> None:
    engine = Answering(outcome)
    report = run(engine, engine_info(engine), one_case_per_kind)
    assert [r.verdict for r in report.results] == [Verdict.ERROR] * len(one_case_per_kind)
    assert all(words in r.message for r in report.results)
    assert_reports_are_valid(report)


def test_a_winner_whose_seat_is_a_list_is_a_difference(one_case_per_kind: list[Case]) -> None:
    play = next(case for case in one_case_per_kind if case.kind == "play")
    outcome = {"result": {"winners": [{"seat": ["east"]}]}}
    report = run(Answering(outcome), engine_info(Answering(outcome)), [play])
    assert report.results[0].verdict is Verdict.FAIL


@pytest.mark.parametrize("name", ["\ud800", "x\udfff"])
def test_an_engine_name_that_is_not_text_is_a_load_error(name: str) -> None:
    with pytest.raises(EngineLoadError, match="not Unicode text") as raised:
        engine_info(Answering({}, name=name))
    str(raised.value).encode("utf-8")


def test_control_characters_from_an_engine_are_escaped_in_every_report(
    one_case_per_kind: list[Case],
) -> None:
    engine = Answering({}, name="\x1b]0;owned\x07")
    info = engine_info(engine)
    case = one_case_per_kind[0]
    result = CaseResult(case, Verdict.ERROR, message="\x00\x1b[2J", stderr="\x1b[31m\x0c\r")
    report = RunReport(info, (result,), 0.0, {verdict: 0 for verdict in Verdict})
    assert_reports_are_valid(report)
    assert "\\x1b]0;owned\\x07" in render_text(report, Reconciled((), (), ()))


def test_the_check_names_where_the_value_goes_wrong() -> None:
    assert json_problem({"a": [1, {"b": float("nan")}]}) == "at /a/1/b: nan is not a JSON number"
    assert json_problem({"a": [1, "x", None, True, 2.5, {"b": ()}]}) is None
