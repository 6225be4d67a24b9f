"""The pytest plugin turns fixtures into items whose failures point at the YAML file."""

from __future__ import annotations

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
