"""The families are found through the profiles (:mod:`spec.families`): each profile says the
kinds its rules answer, and the engine answers those and no other."""

from __future__ import annotations

import argparse
from dataclasses import replace

import pytest

from conformance.score_cli import FAMILY_GROUPS, add_score_arguments
from reference_engine.plugin import ReferenceEngine
from reference_engine.variants import families as engine_families
from spec import variant_ids
from spec.errors import RuleError
from spec.families import families, field_readers, variants_answering
from spec.profile import load_profile


def test_the_families_are_those_the_profiles_name_each_with_its_variants() -> None:
    found = families()
    assert list(found) == sorted({load_profile(v).family for v in variant_ids()})
    assert found["classical"].variants == ("classical-chinese", "european-classic")
    assert set(found) == set(engine_families())


def test_the_engine_answers_exactly_the_kinds_each_profile_declares() -> None:
    info = ReferenceEngine().info()["variants"]
    assert info == {v: list(load_profile(v).kinds) for v in variant_ids()}


def test_only_the_points_and_doubles_and_sichuan_profiles_settle() -> None:
    assert variants_answering("settle") == ("classical-chinese", "european-classic", "sichuan")
    assert families()["sichuan"].kinds == ("score", "claim", "play", "match", "settle")


def test_a_profile_naming_a_kind_its_family_cannot_answer_is_refused() -> None:
    sichuan = load_profile("sichuan")
    with pytest.raises(RuleError) as refused:
        engine_families()["sichuan"](replace(sichuan, kinds=(*sichuan.kinds, "analyse")))
    assert refused.value.code == "invalid-profile"
    assert "analyse" in refused.value.message


def test_a_request_field_says_which_families_read_it() -> None:
    assert field_readers("settle_given", "left") == ("sichuan",)
    assert field_readers("settle_given", "hands") == tuple(families())


def test_the_score_help_groups_each_option_under_the_family_that_reads_its_field() -> None:
    parser = argparse.ArgumentParser()
    add_score_arguments(parser)
    grouped = {
        group.title: {action.option_strings[0] for action in group._group_actions}
        for group in parser._action_groups
        if group.title in FAMILY_GROUPS.values()
    }
    assert list(grouped) == ["riichi variants", "classical variants", "sichuan variants"]
    assert {"--dora", "--honba", "--kazoe", "--riichi"} <= grouped["riichi variants"]
    assert {"--seen", "--original-call"} <= grouped["classical variants"]
    sichuan = {"--void", "--left", "--self-draw", "--no-kong-roots", "--after-kong-discard"}
    assert grouped["sichuan variants"] == sichuan
    assert not {"--streak", "--discards", "--dealer"} & set().union(*grouped.values())


def test_a_profile_keeps_the_section_named_after_its_family_and_the_shared_ones() -> None:
    for variant in variant_ids():
        profile = load_profile(variant)
        assert set(profile.sections) <= {profile.family, "play", "match"}
    assert "cap_fan" in load_profile("sichuan").sections["sichuan"]
