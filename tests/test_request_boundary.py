"""A request is checked against its kind's schema before any rule runs: an unknown field, a
wrong type or a kind the variant lacks is refused with its code and the field's path, the same
through ``evaluate``, through ``mjspec serve`` and through ``mjspec score``."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from conformance.cli import main
from reference_engine.plugin import ReferenceEngine

TAIWANESE_WIN: dict[str, Any] = {
    "concealed": "123m456m789m123p456p11s",
    "melds": [],
    "win": {"by": "self-draw"},
    "seat": "east",
    "table": {"discards": 20},
}
RIICHI_WIN: dict[str, Any] = {
    "concealed": "123m456m789m123p55s",
    "win": {"by": "self-draw"},
    "seat": "east",
    "table": {"riichi": True},
}


def evaluate(variant: str, kind: str, given: object) -> dict[str, Any]:
    return ReferenceEngine().evaluate({"variant": variant, "kind": kind, "given": given})


@pytest.mark.parametrize(
    ("variant", "given", "path"),
    [
        ("riichi", {**RIICHI_WIN, "table": {"richi": True}}, ["table", "richi"]),
        ("riichi", {**RIICHI_WIN, "dora_indicator": "1m"}, ["dora_indicator"]),
        ("taiwanese", {**TAIWANESE_WIN, "winner": "east"}, ["winner"]),
        (
            "taiwanese",
            {**TAIWANESE_WIN, "melds": [{"type": "pung", "tiles": "5m5m5m", "frm": "west"}]},
            ["melds", 0, "frm"],
        ),
    ],
)
def test_an_unknown_field_is_refused_with_its_path(
    variant: str, given: dict[str, Any], path: list[str | int]
) -> None:
    outcome = evaluate(variant, "score", given)
    assert outcome["error"]["code"] == "invalid-request"
    assert outcome["error"]["path"] == path
    assert "unknown field" in outcome["error"]["message"]


@pytest.mark.parametrize(
    ("given", "path"),
    [
        ({**TAIWANESE_WIN, "table": {"discards": "twenty"}}, ["table", "discards"]),
        ({**TAIWANESE_WIN, "seat": 1}, ["seat"]),
        ({**TAIWANESE_WIN, "melds": "pung 5m"}, ["melds"]),
        ({**TAIWANESE_WIN, "win": {"by": "discard", "from": ["west"]}}, ["win", "from"]),
    ],
)
def test_a_wrong_type_is_refused_with_its_path(given: dict[str, Any], path: list[str]) -> None:
    outcome = evaluate("taiwanese", "score", given)
    assert outcome["error"]["code"] == "invalid-request"
    assert outcome["error"]["path"] == path


def test_a_kind_no_variant_has_is_unsupported() -> None:
    outcome = evaluate("taiwanese", "settle", TAIWANESE_WIN)
    assert outcome["error"]["code"] == "unsupported-kind"


def test_a_variant_named_in_another_letter_case_is_found() -> None:
    outcome = evaluate("TAIWANESE", "score", TAIWANESE_WIN)
    assert "error" not in outcome, outcome


def test_an_engine_bug_is_raised_not_reported_as_a_refused_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from reference_engine.variants.taiwanese import Taiwanese

    def broken(self: Taiwanese, given: object) -> dict[str, Any]:
        raise KeyError("a bug of the engine's own")

    monkeypatch.setattr(Taiwanese, "score", broken)
    with pytest.raises(KeyError):
        evaluate("taiwanese", "score", TAIWANESE_WIN)


def serve_one(request: dict[str, Any]) -> dict[str, Any]:
    lines = [
        {"type": "start", "protocol": 1},
        {"type": "evaluate", "seq": 1, **request},
        {"type": "stop"},
    ]
    done = subprocess.run(
        [sys.executable, "-m", "conformance.cli", "serve"],
        input="".join(json.dumps(line) + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert replies[0]["type"] == "ready"
    reply: dict[str, Any] = replies[1]
    return reply


def test_serve_refuses_a_misspelled_field_with_its_path() -> None:
    given = {**RIICHI_WIN, "table": {"richi": True}}
    reply = serve_one({"variant": "riichi", "kind": "score", "given": given})
    assert reply["type"] == "result"
    assert reply["outcome"]["error"]["code"] == "invalid-request"
    assert reply["outcome"]["error"]["path"] == ["table", "richi"]


def test_serve_refuses_a_wrong_type_and_an_unknown_kind() -> None:
    wrong = {**TAIWANESE_WIN, "table": {"discards": "twenty"}}
    reply = serve_one({"variant": "taiwanese", "kind": "score", "given": wrong})
    assert reply["outcome"]["error"]["code"] == "invalid-request"
    assert reply["outcome"]["error"]["path"] == ["table", "discards"]
    reply = serve_one({"variant": "taiwanese", "kind": "settle", "given": TAIWANESE_WIN})
    assert reply["outcome"]["error"]["code"] == "unsupported-kind"


def test_score_refuses_an_out_of_range_field_naming_its_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    hand = "123m456m789m123p55s"
    # an option out of its range is a usage error
    assert main(["score", "--variant", "riichi", "--hand", hand, "--north", "-1"]) == 2
    err = capsys.readouterr().err
    assert "invalid-request" in err
    assert "invalid-request: --north: " in err  # the option typed, not the field it fills


@pytest.mark.parametrize(
    ("variant", "given", "path"),
    [
        ("taiwanese", {**TAIWANESE_WIN, "dora_indicators": "3p"}, ["dora_indicators"]),
        ("taiwanese", {**TAIWANESE_WIN, "table": {"riichi": True}}, ["table", "riichi"]),
        ("riichi", {**RIICHI_WIN, "flowers": "1f"}, ["flowers"]),
        ("riichi", {**RIICHI_WIN, "table": {"dealer_streak": 1}}, ["table", "dealer_streak"]),
    ],
)
def test_a_field_of_another_family_is_refused_not_ignored(
    variant: str, given: dict[str, Any], path: list[str]
) -> None:
    outcome = evaluate(variant, "score", given)
    assert outcome["error"]["code"] == "unsupported-field"
    assert outcome["error"]["path"] == path


def test_a_claim_hand_field_of_another_family_is_refused_at_its_path() -> None:
    given = {
        "discard": {"tile": "5m", "from": "west"},
        "hands": {"north": {"concealed": "5m5m123p456p789s1z1z1z2z", "riichi": True}},
        "claims": {"north": "pung 5m"},
    }
    outcome = evaluate("taiwanese", "claim", given)
    assert outcome["error"]["code"] == "unsupported-field"
    assert outcome["error"]["path"] == ["hands", "north", "riichi"]


def test_compiling_the_schemas_leaves_the_shipped_ones_as_they_are() -> None:
    import copy

    from spec.schemas import fast_check, fast_check_definition, schema

    before = {name: copy.deepcopy(schema(name)) for name in ("scenario", "protocol", "kind")}
    fast_check.cache_clear()
    fast_check_definition.cache_clear()
    fast_check("scenario")
    fast_check("protocol")
    fast_check_definition("scenario", "score_given")
    assert {name: schema(name) for name in before} == before


@pytest.mark.parametrize(
    ("variant", "reds", "message"),
    [
        ("riichi", ["0p0p"], "'0p0p' does not match"),  # the request schema
        ("riichi", ["0m", "5p"], "'5p' does not match"),
        ("riichi", ["0p"] * 5, "more red 0p than the 4 copies"),  # the engine
        ("riichi-sanma", ["0m"], "0m is not a red five of this set"),
    ],
)
def test_a_malformed_list_of_red_fives_is_refused_at_its_entry(
    variant: str, reds: list[str], message: str
) -> None:
    given = {**RIICHI_WIN, "concealed": "111m456p789p123s55s", "options": {"red_fives": reds}}
    error = evaluate(variant, "score", given)["error"]
    assert error["code"] == "invalid-request"
    assert message in error["message"]
    assert error["path"] == ["options", "red_fives", len(reds) - 1]
