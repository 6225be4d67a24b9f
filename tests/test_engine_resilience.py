"""Misbehaving engines: every misdeed is one case's error, the run finishes, nothing is left.

The subprocess fakes are ``tests/fake_engines/misbehaving.py <mode>``; the in-process fakes
are classes below. Each run goes through five Taiwanese fixtures; the fake misbehaves on
the second request.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import spec
from conformance.cli import main
from conformance.connect import open_engine
from conformance.corpus import Case, load_corpus
from conformance.engine import EngineLoadError, engine_info
from conformance.runner import RunReport, Verdict, run
from conformance.subprocess_engine import SubprocessEngine

pytestmark = pytest.mark.slow

FAKE = Path(__file__).parent / "fake_engines" / "misbehaving.py"
FIXTURES = sorted((spec.SCENARIOS_DIR / "taiwanese" / "payments").glob("*.yaml"))[:5]


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    corpus = load_corpus(FIXTURES)
    assert len(corpus.cases) == 5
    return list(corpus.cases)


def fake(mode: str, timeout: float = 5.0, target: int = 2, **options: Any) -> SubprocessEngine:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    argv = [sys.executable, str(FAKE), mode, str(target)]
    return SubprocessEngine(argv, timeout=timeout, env=env, **options)


def run_fake(engine: SubprocessEngine, cases: list[Case]) -> RunReport:
    try:
        return run(engine, engine_info(engine), cases)
    finally:
        engine.close()


def assert_no_process_left(engine: SubprocessEngine) -> None:
    for pgid in engine.pgids:
        deadline = time.monotonic() + 5
        while True:
            try:
                os.killpg(pgid, 0)
            except ProcessLookupError:
                break
            assert time.monotonic() < deadline, f"process group {pgid} is still alive"
            time.sleep(0.05)


def verdicts(report: RunReport) -> list[Verdict]:
    return [result.verdict for result in report.results]


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("crash-mid-run", "exited with status 1"),
        ("garbage", "not a JSON line"),
        ("wrong-seq", "a reply for seq 9 to request 2"),
        ("not-schema", "outcome is not an object"),
        ("huge", "longer than"),
        ("exit-early", "exited with status 0"),
        ("partial-line", "partial line"),
        ("error-reply", "fake: not implemented"),
        ("nan-outcome", "NaN is not a JSON number"),
        ("deep-reply", "nested too deep"),
    ],
)
def test_a_misdeed_is_one_error_and_the_run_goes_on(
    mode: str, words: str, cases: list[Case]
) -> None:
    engine = fake(mode)
    report = run_fake(engine, cases)
    assert verdicts(report) == [Verdict.PASS, Verdict.ERROR, *[Verdict.PASS] * 3]
    assert words in report.results[1].message
    assert report.engine.name == f"fake-{mode}"
    assert_no_process_left(engine)


def test_a_crash_attaches_stderr(cases: list[Case]) -> None:
    engine = fake("crash-mid-run")
    report = run_fake(engine, cases)
    assert "fake: crashing now" in report.results[1].stderr


def test_a_hung_engine_is_killed_with_its_children(cases: list[Case]) -> None:
    engine = fake("hang-with-child", timeout=1.0)
    started = time.monotonic()
    report = run_fake(engine, cases)
    assert verdicts(report) == [Verdict.PASS, Verdict.ERROR, *[Verdict.PASS] * 3]
    assert "no reply within 1 s" in report.results[1].message
    assert time.monotonic() - started < 30
    assert_no_process_left(engine)


@pytest.mark.parametrize("mode", ["second-reply", "late-second-reply"])
@pytest.mark.parametrize("target", [2, 5])
def test_a_second_reply_is_the_error_of_the_request_it_answered_twice(
    mode: str, target: int, cases: list[Case]
) -> None:
    """Seen at once, when the next request is about to go, or (after the last request) when
    the engine stops: always the case whose request had two replies."""
    engine = fake(mode, target=target)
    report = run_fake(engine, cases)
    expected = [Verdict.PASS] * 5
    expected[target - 1] = Verdict.ERROR
    assert verdicts(report) == expected
    assert f"more than one reply to request {target}" in report.results[target - 1].message
    assert_no_process_left(engine)


@pytest.mark.parametrize(("mode", "seq"), [("seq-true", "True"), ("seq-float", "1.0")])
def test_a_seq_that_only_equals_the_request_number_is_refused(
    mode: str, seq: str, cases: list[Case]
) -> None:
    """``true == 1`` and ``1.0 == 1`` in Python: a reply's seq must be the integer itself."""
    report = run_fake(fake(mode, target=1), cases)
    assert report.results[0].verdict is Verdict.ERROR
    assert f"a reply for seq {seq} to request 1" in report.results[0].message
    assert verdicts(report)[1:] == [Verdict.PASS] * 4


def test_a_hang_is_killed(cases: list[Case]) -> None:
    engine = fake("hang", timeout=1.0)
    report = run_fake(engine, cases)
    assert report.results[1].verdict is Verdict.ERROR
    assert_no_process_left(engine)


def test_a_reply_against_the_schema_is_caught_in_traffic_mode(cases: list[Case]) -> None:
    engine = fake("missing-outcome", validate_traffic=True)
    report = run_fake(engine, cases)
    assert report.results[1].verdict is Verdict.ERROR
    assert "'outcome' is a required property" in report.results[1].message


def test_an_outcome_against_its_kinds_schema_is_caught_in_traffic_mode(cases: list[Case]) -> None:
    engine = fake("bad-outcome", validate_traffic=True)
    report = run_fake(engine, cases)
    assert report.results[1].verdict is Verdict.ERROR
    assert "invalid score outcome at payments/east" in report.results[1].message


def test_an_outcome_against_its_kinds_schema_is_a_failure_otherwise(cases: list[Case]) -> None:
    report = run_fake(fake("bad-outcome"), cases)
    assert report.results[1].verdict is Verdict.FAIL


def test_a_skipped_reply_is_a_skip(cases: list[Case]) -> None:
    report = run_fake(fake("skip-reply"), cases)
    assert report.results[1].verdict is Verdict.SKIP
    assert "fake: not supported" in report.results[1].message


def test_a_stderr_flood_is_kept_short(cases: list[Case]) -> None:
    engine = fake("stderr-flood")
    report = run_fake(engine, cases)
    assert verdicts(report) == [Verdict.PASS] * 5
    assert_no_process_left(engine)


def test_slow_within_the_timeout_passes(cases: list[Case]) -> None:
    report = run_fake(fake("slow", timeout=3.0), cases)
    assert verdicts(report) == [Verdict.PASS] * 5


def test_an_engine_that_claims_a_variant_then_fails_errs_per_case(cases: list[Case]) -> None:
    report = run_fake(fake("claims-then-fails"), cases)
    assert verdicts(report) == [Verdict.ERROR] * 5
    assert all("variant not really supported" in r.message for r in report.results)


def test_an_engine_that_cannot_start_is_a_load_error() -> None:
    engine = fake("crash-at-start")
    with pytest.raises(EngineLoadError, match="fake: cannot start"):
        engine_info(engine)
    engine.close()
    assert_no_process_left(engine)


def test_an_engine_named_with_a_lone_surrogate_is_a_load_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """json.loads accepts ``"\\ud800"``; no terminal or UTF-8 report can hold it."""
    command = f"{sys.executable} {FAKE} surrogate-name"
    status = main(["run", str(FIXTURES[0]), "--engine", f"exec:{command}"])
    assert status == 2
    assert "at /name: a string that is not Unicode text" in capsys.readouterr().err


def test_a_missing_program_is_a_load_error() -> None:
    with pytest.raises(EngineLoadError, match="cannot run"):
        engine_info(open_engine("exec:/nonexistent/engine --flag"))


# --- in-process engines ----------------------------------------------------------------


class Raising:
    def info(self) -> Mapping[str, Any]:
        return {"name": "raising", "version": "0", "variants": {"taiwanese": ["score"]}}

    def evaluate(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        raise RuntimeError("boom")


class NotAMapping(Raising):
    def evaluate(self, request: Mapping[str, Any]) -> Any:
        return ["not", "a", "mapping"]


def test_in_process_misdeeds_are_errors(cases: list[Case]) -> None:
    for engine, words in ((Raising(), "boom"), (NotAMapping(), "not a mapping")):
        report = run(engine, engine_info(engine), cases)
        assert verdicts(report) == [Verdict.ERROR] * 5
        assert words in report.results[0].message


def test_python_transport_loads_a_factory(cases: list[Case]) -> None:
    engine = open_engine("python:reference_engine.plugin:ReferenceEngine")
    report = run(engine, engine_info(engine), cases)
    assert verdicts(report) == [Verdict.PASS] * 5
    with pytest.raises(EngineLoadError):
        open_engine("python:no.such.module:factory")
