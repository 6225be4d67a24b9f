"""A request's ``options`` set the switches of the profile's ``play`` section a family lets a
table choose (eu.claims.chow-win-from-the-left, eu.play.dead-wall-kept-back,
tw.structure.seven-pairs-claimed-pung): anything else is a coded error at the option."""

from __future__ import annotations

from typing import Any

import pytest

from reference_engine.plugin import ReferenceEngine

ENGINE = ReferenceEngine()

SEVEN_PAIRS = {
    "concealed": "1m1m 3m3m 5p5p 7p7p 2s2s 8s8s 6z 6z",
    "melds": [{"type": "pung", "tiles": "9s9s9s", "from": "west"}],
    "win": {"by": "discard", "from": "north"},
    "seat": "south",
    "dealer": "east",
}

CHOW_FROM_WEST = {
    "concealed": "123m 789m 3p4p 7s7s7s 2z2z 5p",
    "win": {"by": "discard", "from": "west"},
    "seat": "south",
}

BROKEN_OPTIONS = {
    "an option no family reads": (
        "taiwanese",
        SEVEN_PAIRS,
        {"no_such_option": True},
        ["options", "no_such_option"],
    ),
    "a switch that is not true or false": (
        "taiwanese",
        SEVEN_PAIRS,
        {"seven_pairs_claimed_pung": "no"},
        ["options", "seven_pairs_claimed_pung"],
    ),
    "options that are not a mapping": (
        "european-classic",
        CHOW_FROM_WEST,
        ["chow_win_from_anyone"],
        ["options"],
    ),
    "a classical switch given a number": (
        "european-classic",
        CHOW_FROM_WEST,
        {"dead_wall_kept_back": 0},
        ["options", "dead_wall_kept_back"],
    ),
}


def _score(variant: str, given: dict[str, Any]) -> dict[str, Any]:
    outcome: dict[str, Any] = ENGINE.evaluate({"variant": variant, "kind": "score", "given": given})
    return outcome


@pytest.mark.parametrize(
    ("variant", "given", "options", "path"), BROKEN_OPTIONS.values(), ids=BROKEN_OPTIONS.keys()
)
def test_an_option_a_table_cannot_set_is_an_invalid_request_at_the_option(
    variant: str, given: dict[str, Any], options: object, path: list[str]
) -> None:
    outcome = _score(variant, {**given, "options": options})
    assert outcome["error"]["code"] == "invalid-request", outcome
    assert outcome["error"]["path"] == path


def test_a_switch_of_another_family_is_an_unsupported_field_at_the_switch() -> None:
    outcome = _score("taiwanese", {**SEVEN_PAIRS, "options": {"chow_win_from_anyone": True}})
    assert outcome["error"]["code"] == "unsupported-field", outcome
    assert outcome["error"]["path"] == ["options", "chow_win_from_anyone"]
    assert "classical" in outcome["error"]["message"]


def test_setting_a_switch_to_the_profiles_own_value_changes_nothing() -> None:
    plain = _score("taiwanese", SEVEN_PAIRS)
    same = _score("taiwanese", {**SEVEN_PAIRS, "options": {"seven_pairs_claimed_pung": True}})
    assert "error" not in plain
    assert plain == same


def test_a_chow_win_from_across_is_refused_at_the_discarder_by_the_literal_reading() -> None:
    outcome = _score("european-classic", CHOW_FROM_WEST)
    assert outcome["error"]["code"] == "not-winning"
    assert outcome["error"]["path"] == ["win", "from"]


def test_classical_chinese_keeps_its_chow_win_from_anyone() -> None:
    given = {**CHOW_FROM_WEST, "round": "east"}
    outcome = _score("classical-chinese", given)
    assert "error" not in outcome, outcome
