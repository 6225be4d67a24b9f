"""A riichi gate only skips a predicate that would say 0: on every reading of random wins
of every yaku family (four and three players) and of the corpus' riichi score fixtures,
each yaku and yakuman the scorer leaves unasked (its gate refuses the reading, or it has no
open value and the hand is open) awards nothing when asked. The corpus-strength mutants
(tests/test_corpus_strength_riichi.py) show the other side: a gate that skips what its
predicate awards is caught by a fixture."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from conformance.corpus import load_corpus
from conformance.fuzz.riichi_deals import deal, engine_request
from reference_engine.variants import find_variant
from reference_engine.variants.riichi import Riichi
from reference_engine.variants.riichi.gates import HandFacts, SetFacts
from reference_engine.variants.riichi.shapes import riichi_readings
from spec.errors import RuleError
from spec.profile import load_profile

HANDS = 1500


def _riichi(variant: str) -> Riichi:
    found = find_variant(variant)
    assert isinstance(found, Riichi)
    return found


def _unasked_awards(variant: Riichi, given: Mapping[str, Any]) -> Iterator[str]:
    """What a predicate the scorer would not ask awards on a reading of ``given``."""
    try:
        win = variant.requests.parse(given)
    except RuleError:
        return
    scorer = variant.scorer
    for reading in riichi_readings(win.hand, on_anothers_tile=win.by.on_anothers_tile):
        key = HandFacts.key(win, reading.tiles)
        asked = {c[0] for checks in scorer.gated(SetFacts.key(reading), key) for c in checks}
        for pattern_id, predicate, row in (*scorer.yakuman_checks, *scorer.yaku_checks):
            if pattern_id in asked:
                continue
            if value := predicate(reading, win, scorer.numbers, row):
                yield f"{pattern_id} = {value} on {given}"


@pytest.mark.parametrize("variant", ["riichi", "riichi-sanma"])
def test_no_gate_skips_an_award_on_random_wins(variant: str) -> None:
    rng = random.Random(20261206)
    riichi = _riichi(variant)
    for _ in range(HANDS):
        request = engine_request(deal(rng, variant))
        assert not list(_unasked_awards(riichi, request["given"]))


def test_no_gate_skips_an_award_on_the_corpus_score_fixtures() -> None:
    corpus = load_corpus()
    cases = [
        case
        for case in corpus.cases
        if case.kind == "score" and load_profile(case.variant).family == "riichi"
    ]
    assert cases
    for case in cases:
        given = {key: value for key, value in case.given.items() if key != "options"}
        assert not list(_unasked_awards(_riichi(case.variant), given)), case.id
