"""The pytest plugin turns fixtures into items whose failures point at the YAML file."""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

import pytest

GOOD = """\
id: taiwanese/payments/plugin-good
variant: taiwanese
kind: score
title: Plugin good case
rules: [tw.payments.self-draw]
given:
  concealed: 1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 5m
  win: {by: self-draw}
  seat: east
  table: {discards: 20}
expect:
  tai: 11
  payments: {east: 36, south: -12, west: -12, north: -12}
"""


def test_each_fixture_is_an_item_named_by_its_id(pytester: pytest.Pytester) -> None:
    pytester.makefile(".yaml", **{"scenarios/plugin-good": GOOD})
    result = pytester.runpytest("--mjspec-corpus", "-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*taiwanese/payments/plugin-good PASSED*"])


def test_a_wrong_expectation_fails_at_the_file_and_line_with_the_diff(
    pytester: pytest.Pytester,
) -> None:
    wrong = GOOD.replace("plugin-good", "plugin-wrong").replace("tai: 11", "tai: 12")
    pytester.makefile(".yaml", **{"scenarios/plugin-wrong": wrong})
    result = pytester.runpytest("--mjspec-corpus", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*plugin-wrong.yaml:1: taiwanese/payments/plugin-wrong*"])
    result.stdout.fnmatch_lines(["*tai: expected 12, got 11*"])


def test_an_invalid_fixture_fails_with_its_located_problem(pytester: pytest.Pytester) -> None:
    broken = GOOD.replace("plugin-good", "plugin-broken").replace("seat: east", "seat: centre")
    pytester.makefile(".yaml", **{"scenarios/plugin-broken": broken})
    result = pytester.runpytest("--mjspec-corpus", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*plugin-broken.yaml:9:9: schema:*centre*"])


def test_nothing_is_collected_without_opting_in(pytester: pytest.Pytester) -> None:
    pytester.makefile(".yaml", **{"scenarios/plugin-good": GOOD})
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


FAKE_ENGINES = Path(__file__).resolve().parent / "fake_engines"
WRONG_ENGINE = """\
from reference_engine.plugin import ReferenceEngine


class OneTaiMore(ReferenceEngine):
    def evaluate(self, request):
        outcome = super().evaluate(request)
        return {**outcome, "tai": outcome["tai"] + 1}
"""


def test_a_python_engine_is_loaded_from_the_current_folder(pytester: pytest.Pytester) -> None:
    pytester.makefile(".yaml", **{"scenarios/plugin-good": GOOD})
    shutil.copy(FAKE_ENGINES / "random_players.py", pytester.path)
    engine = "--mjspec-engine=python:random_players:lopsided"
    result = pytester.runpytest("--mjspec-corpus", engine, "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)


def test_the_python_engine_named_is_the_one_that_answers(pytester: pytest.Pytester) -> None:
    pytester.makefile(".yaml", **{"scenarios/plugin-good": GOOD})
    pytester.makepyfile(wrong_engine=WRONG_ENGINE)
    engine = "--mjspec-engine=python:wrong_engine:OneTaiMore"
    result = pytester.runpytest("--mjspec-corpus", engine, "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*tai: expected 11, got 12*"])


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "outcome"), [("none", "passed"), ("garbage", "failed")])
def test_an_exec_engine_is_run_as_mjspec_run_runs_it(
    mode: str, outcome: str, pytester: pytest.Pytester
) -> None:
    pytester.makefile(".yaml", **{"scenarios/plugin-good": GOOD})
    command = shlex.join([sys.executable, str(FAKE_ENGINES / "misbehaving.py"), mode, "1"])
    result = pytester.runpytest(
        "--mjspec-corpus", f"--mjspec-engine=exec:{command}", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(**{outcome: 1})
    if mode == "garbage":
        result.stdout.fnmatch_lines(["*not a JSON line*this is not json*"])


@pytest.mark.parametrize(
    ("engine", "words"),
    [
        ("python:no_such_module:Engine", "'python:no_such_module:Engine' failed to load"),
        ("python:no-factory", "python: needs <module>:<factory>"),
        ("exec:", "exec: needs a command"),
        ("no-such-plugin", "no engine plugin named 'no-such-plugin'"),
    ],
)
def test_an_engine_that_cannot_be_opened_is_a_usage_error(
    engine: str, words: str, pytester: pytest.Pytester
) -> None:
    for name in ("one", "two", "three"):
        fixture = GOOD.replace("plugin-good", f"plugin-{name}")
        pytester.makefile(".yaml", **{f"scenarios/plugin-{name}": fixture})
    result = pytester.runpytest("--mjspec-corpus", f"--mjspec-engine={engine}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: --mjspec-engine {engine}: engine-load: *{words}*"])
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


def test_the_engine_on_the_command_line_overrides_the_one_in_addopts(
    pytester: pytest.Pytester,
) -> None:
    pytester.makefile(".yaml", **{"scenarios/plugin-good": GOOD})
    pytester.makepyfile(wrong_engine=WRONG_ENGINE)
    pytester.makeini("[pytest]\naddopts = --mjspec-engine=python:wrong_engine:OneTaiMore\n")
    result = pytester.runpytest("--mjspec-corpus", "--mjspec-engine=reference")
    result.assert_outcomes(passed=1)
