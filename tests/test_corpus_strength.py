"""The corpus can fail: breaking any one scoring rule makes a fixture citing it fail.

A mutation check in the spirit of "a fixture that would fail if the rule were
done wrong": each tai-table predicate is replaced by one that never awards and
by one that always awards; some fixture citing that rule must then fail.
"""

from __future__ import annotations

import pytest
from mutants import any_fails

from conformance.corpus import Case, load_corpus
from reference_engine.analysis.reading import Reading
from reference_engine.variants.taiwanese import patterns as taiwanese_patterns
from reference_engine.variants.taiwanese.patterns import PREDICATES, WinContext
from spec.profile import PatternValue

CASES = load_corpus().cases

# Mutants that behave exactly like the rule, so no fixture can tell them apart.
EQUIVALENT_WHEN_ALWAYS = {
    "winning-hand": "every reading the predicates see is a valid 17-tile win",
}


def _citing(rule_id: str) -> list[Case]:
    return [case for case in CASES if rule_id in case.rules and case.kind == "score"]


def _never(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    return 0


def _always(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    return row.value("tai")


@pytest.mark.parametrize("pattern_id", sorted(PREDICATES))
def test_a_pattern_that_never_awards_is_caught(
    pattern_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(taiwanese_patterns.PREDICATES, pattern_id, _never)
    assert any_fails(_citing(f"tw.pattern.{pattern_id}"))


@pytest.mark.parametrize("pattern_id", sorted(PREDICATES))
def test_a_pattern_that_always_awards_is_caught(
    pattern_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if pattern_id in EQUIVALENT_WHEN_ALWAYS:
        pytest.skip(EQUIVALENT_WHEN_ALWAYS[pattern_id])
    monkeypatch.setitem(taiwanese_patterns.PREDICATES, pattern_id, _always)
    assert any_fails(_citing(f"tw.pattern.{pattern_id}"))
