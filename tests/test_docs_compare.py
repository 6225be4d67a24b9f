"""The comparison page's groups and links, read from the bundled profiles and catalogues: a
rule set with the rule sets whose catalogues inherit it in one table, the rule sets that
stand alone in another, every rule a variant's own catalogue states still linked, and an
inheriting variant linked to the rule it inherits (never one its own rules replace)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from conformance.corpus import Catalogue, Rule, load_corpus
from spec import variant_ids
from spec.profile import Profile, load_profile

pytest.importorskip("sphinx")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))

from mjspec_docs import compare

CATALOGUES = load_corpus().catalogues
PROFILES: dict[str, Profile] = {variant: load_profile(variant) for variant in variant_ids()}


def test_every_variant_is_in_exactly_one_table() -> None:
    listed = [v for group in compare.groups(PROFILES, CATALOGUES) for v in group.variants]
    assert sorted(listed) == sorted(PROFILES)


def test_a_rule_set_shares_its_table_with_the_rule_sets_inheriting_it() -> None:
    groups = compare.groups(PROFILES, CATALOGUES)
    assert [(g.base, g.variants) for g in groups] == [
        ("riichi", ("riichi", "riichi-mahjongsoul", "riichi-tenhou")),
        ("riichi-sanma", ("riichi-sanma", "riichi-mjsoul-sanma", "riichi-tenhou-sanma")),
        (None, ("classical-chinese", "european-classic", "sichuan", "taiwanese")),
    ]
    assert groups[0].title == "Riichi (four players) and the rule sets built on it"
    assert groups[-1].title == "Classical, Sichuan and Taiwanese rule sets"


def test_no_table_has_more_than_four_variants() -> None:
    """Four answers and the question fit a 1280 px page; a phone shows them one under another."""
    assert max(len(g.variants) for g in compare.groups(PROFILES, CATALOGUES)) <= 4


def test_every_rule_a_variants_own_catalogue_states_is_still_linked() -> None:
    """The one table of ten columns linked the first rule of the variant's own catalogue
    matching the row: each of those links is kept."""
    kept = 0
    for variant, catalogue in CATALOGUES.items():
        for row in compare.ROWS:
            own = next(
                (
                    rule.id
                    for pattern in row.rules
                    for rule in catalogue.rules
                    if re.search(pattern, rule.id)
                ),
                None,
            )
            if own is not None:
                kept += 1
                assert compare.stating_rule(variant, row.rules, CATALOGUES) == own
    assert kept > 40


def test_a_platform_links_the_rule_it_inherits_where_it_states_none() -> None:
    tiles = next(row for row in compare.ROWS if row.label == "Tiles")
    assert compare.stating_rule("riichi-tenhou", tiles.rules, CATALOGUES) == "riichi.tiles.set"
    assert compare.stating_rule("riichi-tenhou-sanma", tiles.rules, CATALOGUES) == (
        "sanma.tiles.set"
    )


def _catalogue(variant: str, rules: list[Rule], inherits: str | None = None) -> Catalogue:
    return Catalogue(variant, "none", "us", {}, tuple(rules), f"{variant}.yaml", inherits=inherits)


def _rule(rule_id: str, replaces: tuple[str, ...] = ()) -> Rule:
    return Rule(rule_id, "area", f"title of {rule_id}", "statement", "section", replaces=replaces)


def test_a_rule_its_own_rules_replace_is_not_linked_for_an_inheriting_variant() -> None:
    catalogues = {
        "base": _catalogue("base", [_rule("b.claims.priority"), _rule("b.match.length")]),
        "child": _catalogue(
            "child", [_rule("c.house.order", replaces=("b.claims.priority",))], "base"
        ),
    }
    assert compare.stating_rule("child", (r"claims\..*priority",), catalogues) is None
    assert compare.stating_rule("child", (r"match\.",), catalogues) == "b.match.length"
    assert compare.stating_rule("base", (r"claims\..*priority",), catalogues) == (
        "b.claims.priority"
    )


def test_the_first_row_of_a_platform_lists_the_rules_by_which_it_differs() -> None:
    tenhou = CATALOGUES["riichi-tenhou"]
    assert compare.differences("riichi-tenhou", CATALOGUES) == [
        (rule.id, rule.title) for rule in tenhou.rules
    ]
    assert compare.differences("riichi", CATALOGUES) == []


def test_the_differences_of_a_rule_set_two_steps_down_include_its_parents() -> None:
    catalogues = {
        "base": _catalogue("base", [_rule("b.one")]),
        "child": _catalogue("child", [_rule("c.one")], "base"),
        "grandchild": _catalogue("grandchild", [_rule("g.one")], "child"),
    }
    assert [rule_id for rule_id, _ in compare.differences("grandchild", catalogues)] == [
        "g.one",
        "c.one",
    ]


def test_answers_alike_in_a_table_are_one_answer() -> None:
    riichi = compare.groups(PROFILES, CATALOGUES)[0]
    tiles = next(row for row in compare.ROWS if row.label == "Tiles")
    given = compare.answers(tiles, riichi, PROFILES, CATALOGUES)
    assert set(given) == {compare.Answer("136 (0 flowers)", "riichi.tiles.set")}
