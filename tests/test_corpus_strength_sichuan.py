"""The Sichuan corpus can fail: each fan predicate, forced never to award and always to
award (once), makes some fixture citing its rule fail (the rule a predicate implements is
the catalogue rule naming its pattern)."""

from __future__ import annotations

import pytest
from mutants import any_fails

from conformance.corpus import Case, load_corpus
from reference_engine.analysis.reading import Reading
from reference_engine.variants.sichuan import patterns
from reference_engine.variants.sichuan.patterns import FAN, Winner

pytestmark = pytest.mark.slow

CORPUS = load_corpus()
CATALOGUE = CORPUS.catalogues["sichuan"]
RULES = {rule.pattern: rule.id for rule in CATALOGUE.rules if rule.pattern}


def _citing(pattern_id: str) -> list[Case]:
    rule = RULES[pattern_id]
    return [case for case in CORPUS.cases if rule in case.rules]


def test_every_fan_predicate_names_a_rule() -> None:
    assert set(FAN) <= set(RULES)


@pytest.mark.parametrize("pattern_id", sorted(FAN))
@pytest.mark.parametrize("forced", [0, 1], ids=["never", "always"])
def test_a_fan_predicate_forced_either_way_is_caught(
    pattern_id: str, forced: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    def mutant(reading: Reading, winner: Winner) -> int:
        return forced

    monkeypatch.setitem(patterns.FAN, pattern_id, mutant)
    assert any_fails(_citing(pattern_id))
