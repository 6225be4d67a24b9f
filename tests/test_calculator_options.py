"""The options of ``mjspec score`` (and of the docs' calculator, which is built from them)
describe the fixtures' hands: written as options, a score fixture gets its expectation."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from conformance.cli import main
from conformance.compare import compare
from conformance.corpus import Case, load_corpus, thaw
from conformance.score_cli import options_of

SCORE_CASES = [
    case
    for case in load_corpus().cases
    if case.kind == "score" and case.status == "accepted" and not case.expects_error
]


def _options(case: Case) -> list[str] | None:
    return options_of(case.variant, thaw(case.given))


def test_nearly_every_score_fixture_can_be_written_as_options() -> None:
    said = Counter(case.variant for case in SCORE_CASES if _options(case) is not None)
    total = Counter(case.variant for case in SCORE_CASES)
    for variant, count in total.items():
        assert said[variant] >= 0.9 * count, (variant, said[variant], count)


@pytest.mark.parametrize("case", SCORE_CASES, ids=lambda case: case.id)
def test_a_score_fixture_written_as_options_gets_its_expectation(
    case: Case, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = _options(case)
    if argv is None:
        pytest.skip("the fixture holds a field the options cannot say")
    assert main(["score", *argv, "--format", "json"]) == 0
    outcome = json.loads(capsys.readouterr().out)
    assert compare(case.expect, outcome, kind="score") == []


def test_a_given_the_options_cannot_say_has_no_options() -> None:
    given = {"concealed": "123m", "win": {"by": "discard"}, "seat": "east", "other_winners": []}
    assert options_of("sichuan", given) is None
    meld = {"type": "pung", "tiles": "555z", "hidden": True}
    assert options_of("taiwanese", {"concealed": "1m", "melds": [meld], "win": {}}) is None
