"""The corpora of the points-and-doubles family can fail: in each of its profiles
(classical Chinese, classic European), each award and limit predicate the profile uses,
forced never to award and always to award, makes some fixture citing its rule fail (the
rule a predicate implements there is that catalogue's rule naming its pattern)."""

from __future__ import annotations

import pytest
from mutants import any_fails

from conformance.corpus import Case, load_corpus
from reference_engine.variants.classical import patterns
from reference_engine.variants.classical.patterns import AWARDS, LIMITS, Player
from reference_engine.variants.classical.sets import Reading
from spec.profile import PatternValue, load_profile

pytestmark = pytest.mark.slow

CORPUS = load_corpus()
VARIANTS = ("classical-chinese", "european-classic")


# Rules stated over several rows: the set table, and (European) one rule for its table of
# limit hands.
GROUPED = {
    "cc.points.sets": ("simple-pung", "major-pung", "simple-kong", "major-kong"),
    "eu.points.sets": ("simple-pung", "major-pung", "simple-kong", "major-kong"),
    "eu.limits.limit-hands": ("four-kongs", "nine-gates", "all-terminals"),
}


def _rules(variant: str) -> dict[str, str]:
    """Each pattern's rule in the variant's catalogue."""
    catalogue = CORPUS.catalogues[variant]
    found = {rule.pattern: rule.id for rule in catalogue.rules if rule.pattern}
    for rule in catalogue.rules:
        found |= dict.fromkeys(GROUPED.get(rule.id, ()), rule.id)
    return found


RULES = {variant: _rules(variant) for variant in VARIANTS}
USED = {variant: [row.id for row in load_profile(variant).patterns] for variant in VARIANTS}
AWARDED = [(v, p) for v in VARIANTS for p in USED[v] if p in AWARDS]
LIMITED = [(v, p) for v in VARIANTS for p in USED[v] if p in LIMITS]

# Mutants that behave exactly like the rule, so no fixture can tell them apart.
EQUIVALENT_WHEN_ALWAYS = {
    "mahjong": "only the winner is given the award, and every winner goes out",
}


def _citing(variant: str, pattern_id: str) -> list[Case]:
    rule = RULES[variant][pattern_id]
    return [case for case in CORPUS.cases if rule in case.rules]


def _never(reading: Reading, player: Player, row: PatternValue) -> int:
    return 0


def _always(reading: Reading, player: Player, row: PatternValue) -> int:
    return row.value("points") or row.value("doubles")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_row_of_the_profile_names_a_rule(variant: str) -> None:
    assert set(USED[variant]) <= set(RULES[variant])
    assert set(USED[variant]) <= set(AWARDS) | set(LIMITS)


@pytest.mark.parametrize(("variant", "pattern_id"), AWARDED)
def test_an_award_that_is_never_given_is_caught(
    variant: str, pattern_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(patterns.AWARDS, pattern_id, _never)
    assert any_fails(_citing(variant, pattern_id))


@pytest.mark.parametrize(("variant", "pattern_id"), AWARDED)
def test_an_award_that_is_always_given_is_caught(
    variant: str, pattern_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if pattern_id in EQUIVALENT_WHEN_ALWAYS:
        pytest.skip(EQUIVALENT_WHEN_ALWAYS[pattern_id])
    monkeypatch.setitem(patterns.AWARDS, pattern_id, _always)
    assert any_fails(_citing(variant, pattern_id))


@pytest.mark.parametrize(("variant", "pattern_id"), LIMITED)
@pytest.mark.parametrize("forced", [False, True], ids=["never", "always"])
def test_a_limit_forced_either_way_is_caught(
    variant: str, pattern_id: str, forced: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(patterns.LIMITS, pattern_id, lambda reading, player, row: forced)
    assert any_fails(_citing(variant, pattern_id))
