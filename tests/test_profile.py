"""One source of truth: profile rows, predicates and rule catalogue agree."""

from __future__ import annotations

from conformance.corpus import load_corpus
from reference_engine.variants.taiwanese.flowers import FLOWER_WIN_PATTERN
from reference_engine.variants.taiwanese.patterns import PREDICATES
from spec.profile import load_profile


def test_every_taiwanese_pattern_has_exactly_one_implementation() -> None:
    rows = {row.id for row in load_profile("taiwanese").patterns}
    implemented = set(PREDICATES) | set(FLOWER_WIN_PATTERN.values())
    assert rows == implemented
    assert not set(PREDICATES) & set(FLOWER_WIN_PATTERN.values())


def test_the_source_tai_table_has_41_rows_each_with_a_rule() -> None:
    corpus = load_corpus([])
    catalogue = corpus.catalogues["taiwanese"]
    patterns = {rule.pattern for rule in catalogue.rules if rule.pattern}
    assert len(load_profile("taiwanese").patterns) == 41
    assert patterns == {row.id for row in load_profile("taiwanese").patterns}


def test_the_bundled_catalogues_and_profiles_are_valid() -> None:
    assert load_corpus([]).problems == ()


def test_replacements_name_existing_patterns() -> None:
    profile = load_profile("taiwanese")
    ids = {row.id for row in profile.patterns}
    for row in profile.patterns:
        assert set(row.replaces) <= ids


def test_every_riichi_pattern_has_a_rule_and_an_implementation() -> None:
    from reference_engine.variants.riichi.yaku import YAKU, YAKUMAN

    dora_rows = {"dora", "ura-dora", "aka-dora", "nuki-dora"}
    corpus = load_corpus([])
    for variant in ("riichi", "riichi-sanma"):
        rows = {row.id for row in load_profile(variant).patterns}
        assert rows <= set(YAKU) | set(YAKUMAN) | dora_rows, variant
        defined = {rule.pattern for rule in corpus.catalogues[variant].rules if rule.pattern}
        assert rows == defined, (variant, rows ^ defined)
