"""Malformed riichi play requests get a coded error naming the field, never a traceback."""

from __future__ import annotations

from typing import Any

import pytest

from reference_engine.plugin import ReferenceEngine

ENGINE = ReferenceEngine()
SANMA_WALL = {
    "hands": {
        "east": "123456p 789s 23s 11z",
        "south": "19m 19p 19s 2345z 666z",
        "west": "19m 19p 19s 2345z 777z",
    },
    "draws": "9m",
}


def play(variant: str, **given: Any) -> dict[str, Any]:
    request = {"variant": variant, "kind": "play", "given": {"actions": [], **given}}
    return dict(ENGINE.evaluate(request))


@pytest.mark.parametrize(
    ("given", "code", "path"),
    [
        (
            {"wall": {**SANMA_WALL, "hands": {**SANMA_WALL["hands"], "north": "1m"}}},
            "invalid-request",
            ["wall", "hands", "north"],
        ),
        ({"wall": SANMA_WALL, "dealer": "south"}, "invalid-request", ["dealer"]),
        ({"wall": SANMA_WALL, "round": "west"}, "invalid-request", ["round"]),
        ({"wall": SANMA_WALL, "honba": -1}, "invalid-request", ["honba"]),
        ({"wall": SANMA_WALL, "riichi_sticks": "two"}, "invalid-request", ["riichi_sticks"]),
        (
            {"wall": {**SANMA_WALL, "dead_wall": {"indicators": "1z1z1z1z2z2z"}}},
            "tile-count",
            ["wall", "dead_wall"],
        ),
        ({"wall": {**SANMA_WALL, "draws": "5m"}}, "invalid-tile", None),
        ({"wall": SANMA_WALL, "actions": ["east riichi"]}, "invalid-action", ["actions", 0]),
        (
            {"wall": SANMA_WALL, "options": {"red_fives": "yes"}},
            "invalid-request",
            ["options", "red_fives"],
        ),
        (
            {"wall": SANMA_WALL, "options": {"open_kan_dora": "later"}},
            "invalid-request",
            ["options", "open_kan_dora"],
        ),
        ({"wall": SANMA_WALL, "options": {"tobi": True}}, "invalid-request", ["options", "tobi"]),
    ],
)
def test_a_malformed_sanma_request_is_a_coded_error(
    given: dict[str, Any], code: str, path: list[Any] | None
) -> None:
    outcome = play("riichi-sanma", **given)
    assert outcome["error"]["code"] == code, outcome
    if path is not None:
        assert outcome["error"].get("path") == path


def test_a_dead_wall_is_refused_in_taiwanese() -> None:
    wall = {"hands": {s: "1234567z 123456789m" for s in ("east", "south", "west", "north")}}
    outcome = play("taiwanese", wall={**wall, "draws": "", "dead_wall": {"indicators": "1z"}})
    assert outcome["error"]["code"] == "invalid-request"


def test_riichi_fields_are_refused_in_taiwanese() -> None:
    outcome = play("taiwanese", wall={"seed": 1}, honba=2)
    assert outcome["error"] == {
        "code": "invalid-request",
        "message": "'honba' is a riichi field; not read here",
        "path": ["honba"],
    }


def test_an_action_the_state_does_not_allow_is_refused_not_crashed() -> None:
    outcome = play("riichi", wall={"seed": 3}, actions=["east north"])
    assert outcome["illegal"]["code"] == "illegal-action"
    assert "north" in outcome["illegal"]["message"]
