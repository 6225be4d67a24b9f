"""Known deviations: expected failures are reported apart, stale entries fail the run."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import spec
from conformance.cli import main
from conformance.corpus import Case, load_corpus, thaw
from conformance.engine import engine_info
from conformance.expectations import load_expectations, reconcile
from conformance.problems import ProblemsError
from conformance.runner import run
from reference_engine.plugin import ReferenceEngine

PAYMENTS = spec.SCENARIOS_DIR / "taiwanese" / "payments"


class WrongOnOne:
    """The reference engine, except that one case's payments are wrong."""

    def __init__(self, victim: Case) -> None:
        self.victim_given = thaw(victim.given)
        self.inner = ReferenceEngine()

    def info(self) -> Mapping[str, Any]:
        return {**self.inner.info(), "name": "wrong-on-one"}

    def evaluate(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        outcome = dict(self.inner.evaluate(request))
        if request["given"] == self.victim_given:
            outcome["payments"] = {}
        return outcome


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "expectations.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_expected_failure_is_known_and_a_passing_one_is_stale(tmp_path: Path) -> None:
    corpus = load_corpus([PAYMENTS])
    cases = list(corpus.cases)
    victim, other = cases[0], cases[1]
    engine = WrongOnOne(victim)
    report = run(engine, engine_info(engine), cases)
    expectations = load_expectations(
        write(
            tmp_path,
            f"engine: wrong-on-one\n"
            f"deviations:\n"
            f"  - {{case: {victim.id}, expect: fail, reason: pays nobody}}\n"
            f"  - {{case: {other.id}, expect: fail, reason: used to fail}}\n",
        )
    )
    reconciled = reconcile(report, expectations)
    assert [r.case.id for r, _ in reconciled.known] == [victim.id]
    assert not reconciled.unexpected
    assert len(reconciled.stale) == 1
    assert other.id in reconciled.stale[0][1]
    assert not reconciled.ok


def test_without_expectations_the_failure_is_unexpected() -> None:
    cases = list(load_corpus([PAYMENTS]).cases)
    engine = WrongOnOne(cases[0])
    reconciled = reconcile(run(engine, engine_info(engine), cases), None)
    assert [r.case.id for r in reconciled.unexpected] == [cases[0].id]


def test_a_rule_entry_covers_every_case_citing_it(tmp_path: Path) -> None:
    cases = list(load_corpus([PAYMENTS]).cases)
    engine = WrongOnOne(cases[0])
    rule = cases[0].rules[0]
    expectations = load_expectations(
        write(
            tmp_path,
            f"engine: wrong-on-one\ndeviations:\n  - {{rule: {rule}, expect: fail, reason: x}}\n",
        )
    )
    reconciled = reconcile(run(engine, engine_info(engine), cases), expectations)
    assert [r.case.id for r, _ in reconciled.known] == [cases[0].id]
    assert reconciled.ok


def test_a_malformed_expectations_file_is_a_located_problem(tmp_path: Path) -> None:
    path = write(tmp_path, "engine: x\ndeviations:\n  - {case: a/b/c, expect: maybe, reason: r}\n")
    with pytest.raises(ProblemsError) as raised:
        load_expectations(path)
    assert "expectations.yaml:3" in str(raised.value.problems[0])


def test_the_cli_fails_on_a_stale_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = next(iter(load_corpus([PAYMENTS]).cases))
    path = write(
        tmp_path,
        f"engine: mjspec-reference\ndeviations:\n"
        f"  - {{case: {case.id}, expect: fail, reason: no longer true}}\n",
    )
    status = main(["run", str(PAYMENTS), "--expectations", str(path)])
    out = capsys.readouterr().out
    assert status == 1
    assert "STALE expectations (1)" in out
