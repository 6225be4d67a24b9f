"""The classical corpus can fail: each award and each limit predicate of the
points-and-doubles family, forced never to award and always to award, makes some fixture
citing its rule fail (the rule a predicate implements is the catalogue rule naming its
pattern)."""

from __future__ import annotations

import pytest
from mutants import any_fails

from conformance.corpus import Case, load_corpus
from reference_engine.variants.classical import patterns
from reference_engine.variants.classical.patterns import AWARDS, LIMITS, Player
from reference_engine.variants.classical.sets import Reading
from spec.profile import PatternValue

pytestmark = pytest.mark.slow

CORPUS = load_corpus()
CATALOGUE = CORPUS.catalogues["classical-chinese"]
# The set table is one rule (cc.points.sets) over four rows.
SET_ROWS = dict.fromkeys(
    ("simple-pung", "major-pung", "simple-kong", "major-kong"), "cc.points.sets"
)
RULES = {rule.pattern: rule.id for rule in CATALOGUE.rules if rule.pattern} | SET_ROWS

# Mutants that behave exactly like the rule, so no fixture can tell them apart.
EQUIVALENT_WHEN_ALWAYS = {
    "mahjong": "only the winner is given the award, and every winner goes out",
}


def _citing(pattern_id: str) -> list[Case]:
    rule = RULES[pattern_id]
    return [case for case in CORPUS.cases if rule in case.rules]


def _never(reading: Reading, player: Player, row: PatternValue) -> int:
    return 0


def _always(reading: Reading, player: Player, row: PatternValue) -> int:
    return row.value("points") or row.value("doubles")


def test_every_award_and_limit_names_a_rule() -> None:
    assert set(AWARDS) | set(LIMITS) <= set(RULES)


@pytest.mark.parametrize("pattern_id", sorted(AWARDS))
def test_an_award_that_is_never_given_is_caught(
    pattern_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(patterns.AWARDS, pattern_id, _never)
    assert any_fails(_citing(pattern_id))


@pytest.mark.parametrize("pattern_id", sorted(AWARDS))
def test_an_award_that_is_always_given_is_caught(
    pattern_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if pattern_id in EQUIVALENT_WHEN_ALWAYS:
        pytest.skip(EQUIVALENT_WHEN_ALWAYS[pattern_id])
    monkeypatch.setitem(patterns.AWARDS, pattern_id, _always)
    assert any_fails(_citing(pattern_id))


@pytest.mark.parametrize("pattern_id", sorted(LIMITS))
@pytest.mark.parametrize("forced", [False, True], ids=["never", "always"])
def test_a_limit_forced_either_way_is_caught(
    pattern_id: str, forced: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(patterns.LIMITS, pattern_id, lambda reading, player, row: forced)
    assert any_fails(_citing(pattern_id))
