"""The rule the reference engine names when it refuses an action (``illegal.rule``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from mutants import any_fails

import spec
from conformance.cli import main
from conformance.corpus import Case, load_corpus
from conformance.runner import request_for
from reference_engine.play.refusal import Refusal, Refused
from reference_engine.play.state import EndReason
from reference_engine.plugin import ReferenceEngine
from reference_engine.variants import find_variant, playable_variants
from reference_engine.variants.riichi.play import RiichiPlay
from spec.actions import ActionKind
from spec.catalogue import first_ending, rule_ids


def refusal_cases() -> Iterator[Case]:
    for case in load_corpus().cases:
        illegal = case.expect.get("illegal")
        if case.kind == "play" and isinstance(illegal, Mapping) and "rule" in illegal:
            yield case


CASES = sorted(refusal_cases(), key=lambda case: case.id)


def test_the_corpus_names_the_refusing_rule_in_every_family() -> None:
    families = {case.variant for case in CASES}
    assert {"riichi", "riichi-sanma", "taiwanese", "sichuan", "classical-chinese"} <= families
    assert "european-classic" in families


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_the_reference_engine_names_the_rule_each_refusal_fixture_states(case: Case) -> None:
    """An engine may leave the rule out, so the runner would not catch the reference
    engine leaving it out: this test does."""
    outcome = ReferenceEngine().evaluate(request_for(case))
    assert outcome["illegal"].get("rule") == case.expect["illegal"]["rule"]


def test_a_rule_is_found_by_its_last_parts_in_the_variant_and_what_it_inherits() -> None:
    assert first_ending(rule_ids("riichi-sanma"), ("furiten.temporary",)) == (
        "sanma.furiten.temporary"
    )
    tenhou = rule_ids("riichi-tenhou")
    assert first_ending(tenhou, ("play.riichi-drawn-only", "play.riichi")) == "riichi.play.riichi"
    assert "tenhou.house.open-kan-dora" in tenhou
    assert "riichi.house.open-kan-dora" not in tenhou  # replaced by Tenhou's own
    assert rule_ids("no-such-variant") == ()


def test_a_wrong_furiten_kind_fails_the_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    original = RiichiPlay.refusal

    def furiten_always_temporary(self: RiichiPlay, state: object, action: object) -> object:
        refusal = original(self, state, action)  # type: ignore[arg-type]
        if refusal is not None and refusal.rules[0].startswith("furiten."):
            return Refusal(refusal.message, ("furiten.temporary",))
        return refusal

    riichi = [case for case in CASES if case.variant.startswith("riichi")]
    assert not any_fails(riichi)
    monkeypatch.setattr(RiichiPlay, "refusal", furiten_always_temporary)
    assert any_fails(riichi)


def test_a_refusing_rule_the_fixture_does_not_cite_is_linted_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = spec.SCENARIOS_DIR / "riichi/play/chi-offered-only-to-next-seat.yaml"
    text = source.read_text(encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "illegal:" in row)
    target = tmp_path / "riichi/play" / source.name
    target.parent.mkdir(parents=True)
    cited = "rule: riichi.claims.chi-previous-only"
    assert cited in text
    target.write_text(text.replace(cited, "rule: riichi.play.riichi"), encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    out = captured.out + captured.err
    assert f"{target.name}:{line}:" in out
    assert "uncited-rule" in out
    assert "$.expect.illegal.rule" in out


def test_every_rule_a_family_names_for_a_refusal_is_a_rule_of_a_variant_it_plays() -> None:
    """A misspelt suffix would name no rule, silently."""
    found: dict[type, set[str]] = {}
    named: dict[type, set[tuple[str, ...]]] = {}
    for variant in playable_variants():
        rules = find_variant(variant).play_rules()
        family = type(rules)
        suffixes = {
            *rules.refusal_rules.values(),
            *rules.action_rules.values(),
            *rules.end_rules.values(),
        }
        named.setdefault(family, set()).update(suffixes)
        ids = rule_ids(variant)
        found.setdefault(family, set()).update(
            suffix for group in suffixes for suffix in group if first_ending(ids, (suffix,))
        )
    unknown = {
        (family.__name__, suffix)
        for family, groups in named.items()
        for group in groups
        for suffix in group
        if suffix not in found[family]
    }
    assert unknown == set()


def test_the_rule_ids_an_engine_reads_are_those_the_corpus_lets_a_fixture_cite() -> None:
    corpus = load_corpus([])
    for variant in spec.variant_ids():
        assert set(rule_ids(variant)) == set(corpus.rules_of(variant)), variant


# Refusals a classical profile cannot reach: European play has no declarations before the
# first discard (play.initial_kongs false) and no ready declaration (play.original_call
# false), so nobody is refused for declaring out of turn or for discarding while ready.
UNREACHABLE: dict[str, set[Refused | ActionKind | EndReason]] = {
    "european-classic": {Refused.DECLARING, Refused.READY_DISCARDS_DRAWN}
}


@pytest.mark.parametrize("variant", ["classical-chinese", "european-classic"])
def test_every_refusal_of_classical_play_names_a_rule_of_each_classical_catalogue(
    variant: str,
) -> None:
    """Classical Chinese and European share one play: a reason's rule found only in the
    other catalogue would leave the refusal naming none (out of turn, flowers first, an
    added kong)."""
    rules = find_variant(variant).play_rules()
    named = (rules.refusal_rules, rules.action_rules, rules.end_rules)
    unnamed = {
        reason
        for table in named
        for reason, suffixes in table.items()
        if rules.rule_id(suffixes) is None
    }
    assert unnamed == UNREACHABLE.get(variant, set())
