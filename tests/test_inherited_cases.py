"""A platform profile's catalogue inherits the fixtures of the profile it extends: each runs
again under the platform's variant, but for those citing a rule the platform sets otherwise."""

from __future__ import annotations

from dataclasses import replace

import pytest

from conformance.corpus import Case, load_corpus
from conformance.engine import engine_info, reference_plugin
from conformance.lint import lint
from conformance.runner import Verdict, run

CORPUS = load_corpus()


def test_every_inherited_case_passes_on_the_reference_engine() -> None:
    engine = reference_plugin()
    inherited = CORPUS.inherited()
    assert {case.variant for case in inherited} == {
        "riichi-tenhou",
        "riichi-mahjongsoul",
        "riichi-tenhou-sanma",
        "riichi-mjsoul-sanma",
    }
    report = run(engine, engine_info(engine), inherited)
    failed = [r.case.id for r in report.results if r.verdict is not Verdict.PASS]
    assert failed == []


@pytest.mark.parametrize(
    ("fixture", "variant", "inherited"),
    [
        ("riichi/yaku/riichi-ippatsu-tsumo-ura", "riichi-mahjongsoul", True),
        # cites riichi.points.no-double-yakuman, which mjsoul.house.double-yakuman replaces
        ("riichi/yakuman/thirteen-orphans-thirteen-sided", "riichi-mahjongsoul", False),
        ("riichi/yakuman/thirteen-orphans-thirteen-sided", "riichi-tenhou", True),
        # cites riichi.abortive.triple-ron, which mjsoul.draws.no-triple-ron-abort replaces
        ("riichi/abortive/triple-ron", "riichi-mahjongsoul", False),
        # cites sanma.draws.noten-payments, which tenhou3p.draws.noten-payments replaces
        ("riichi-sanma/play/exhaustive-draw-one-tenpai-riichi", "riichi-tenhou-sanma", False),
    ],
)
def test_a_fixture_is_inherited_unless_it_cites_a_replaced_rule(
    fixture: str, variant: str, inherited: bool
) -> None:
    ids = {case.id for case in CORPUS.inherited()}
    assert (f"{fixture}@{variant}" in ids) is inherited


def test_an_inherited_case_keeps_its_fixture_and_takes_the_platform_variant() -> None:
    case = next(c for c in CORPUS.inherited() if c.id.endswith("@riichi-tenhou"))
    assert case.variant == "riichi-tenhou"
    assert case.inherited_from == case.id.removesuffix("@riichi-tenhou")
    assert case.file.is_file()


def test_a_replaced_rule_must_be_a_rule_of_the_inherited_catalogue() -> None:
    catalogue = CORPUS.catalogues["riichi-mahjongsoul"]
    broken = replace(catalogue.rules[0], replaces=("riichi.no-such-rule",))
    catalogues = {
        **CORPUS.catalogues,
        "riichi-mahjongsoul": replace(catalogue, rules=(broken, *catalogue.rules[1:])),
    }
    problems = [p for p in lint(replace(CORPUS, catalogues=catalogues)) if p.code == "unknown-rule"]
    assert [p.message for p in problems] == [
        f"rule {broken.id!r} replaces 'riichi.no-such-rule', not a rule of riichi"
    ]


def test_inheriting_from_an_unknown_variant_is_a_problem() -> None:
    catalogue = replace(CORPUS.catalogues["riichi-tenhou"], inherits="riichi-nowhere")
    catalogues = {**CORPUS.catalogues, "riichi-tenhou": catalogue}
    problems = [
        p for p in lint(replace(CORPUS, catalogues=catalogues)) if p.code == "unknown-variant"
    ]
    assert [p.file for p in problems] == [catalogue.file]


def test_a_platform_fixture_may_cite_the_base_rules_it_keeps_but_not_those_it_replaces() -> None:
    rules = CORPUS.rules_of("riichi-tenhou")
    assert "riichi.payments.ron" in rules  # kept from riichi
    assert "tenhou.house.open-kan-dora" in rules  # its own
    assert "riichi.house.open-kan-dora" not in rules  # replaced by its own
    assert "house" in CORPUS.areas_of("riichi-tenhou")
    assert "yaku" in CORPUS.areas_of("riichi-tenhou")  # the base's area
    case = next(c for c in CORPUS.cases if c.variant == "riichi-tenhou")
    kept = replace(case, rules=("riichi.payments.ron",))
    gone = replace(case, rules=("riichi.house.open-kan-dora",))

    def unknown(rule_id: str, fixture: Case) -> bool:
        problems = lint(replace(CORPUS, cases=(fixture,)))
        return any(p.code == "unknown-rule" and rule_id in p.message for p in problems)

    assert not unknown("riichi.payments.ron", kept)
    assert unknown("riichi.house.open-kan-dora", gone)
