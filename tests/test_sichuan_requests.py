"""Sichuan requests that cannot be answered, and actions the bloody battle refuses: a
coded error naming the field or the step, through evaluate and through mjspec score."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.cli import main
from reference_engine.plugin import ReferenceEngine

ENGINE = ReferenceEngine()
WIN = {"seat": "south", "concealed": "111p 234p 567p 99s 55s 5s", "win": {"by": "self-draw"}}
# East holds a complete hand with its 14th tile; nobody else can claim anything.
DEALT = {
    "east": "111p 222p 333p 444s 5s",
    "south": "1m4m7m 2m5m8m 3m6m9m 1s2s3s 6p",
    "west": "1m4m7m 2m5m8m 3m6m9m 6s7s8s 7p",
    "north": "1m4m7m 2m5m8m 3m6m9m 9s9s9s 8p",
}
CHOICES = ["east void m", "south void p", "west void p", "north void p"]


def evaluate(kind: str, given: dict[str, Any]) -> dict[str, Any]:
    return ENGINE.evaluate({"variant": "sichuan", "kind": kind, "given": given})


BROKEN_SCORES = {
    "no void suit": ({}, "invalid-request", ["void"]),
    "the void suit held": ({"void": "p"}, "not-winning", ["concealed"]),
    "an honour tile": (
        {"void": "m", "concealed": "111p 234p 567p 99s 55s 1z"},
        "invalid-tile",
        ["concealed"],
    ),
    "the winner among those who left": (
        {"void": "m", "left": ["south"]},
        "invalid-request",
        ["left"],
    ),
    "an unknown reading": (
        {"void": "m", "options": {"self_draw": "half"}},
        "invalid-request",
        ["options", "self_draw"],
    ),
}


@pytest.mark.parametrize(("change", "code", "path"), BROKEN_SCORES.values(), ids=BROKEN_SCORES)
def test_a_sichuan_score_that_cannot_be_answered_is_a_coded_error(
    change: dict[str, Any], code: str, path: list[str]
) -> None:
    outcome = evaluate("score", {**WIN, **change})
    assert outcome["error"]["code"] == code, outcome
    assert outcome["error"]["path"][: len(path)] == path


def test_the_command_line_refuses_a_win_without_or_holding_the_void_suit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["score", "--variant", "sichuan", "--hand", "111p 234p 567p 99s 55s 5s"]
    assert main(argv) == 2
    assert "invalid-request: " in capsys.readouterr().err
    assert main([*argv, "--void", "s"]) == 1
    assert "not-winning: " in capsys.readouterr().err
    assert main([*argv, "--void", "m"]) == 0


def play(actions: list[str]) -> dict[str, Any]:
    return evaluate("play", {"wall": {"hands": DEALT, "draws": "5s"}, "actions": actions})


def test_a_script_that_skips_the_void_suit_choice_is_refused_at_its_first_step() -> None:
    refused = play(["east discard 1p"])["illegal"]
    assert refused["after"] == 0
    assert refused["code"] == "illegal-action"


def test_a_player_who_has_won_and_left_may_not_act() -> None:
    outcome = play([*CHOICES, "east win", "east discard 1p"])
    assert outcome["illegal"]["after"] == 5
    assert outcome["illegal"]["code"] == "illegal-action"
    assert outcome["trace"][-1]["state"]["left.east"] is True


def test_a_win_while_holding_the_void_suit_is_refused() -> None:
    outcome = play(["east void p", "south void p", "west void p", "north void p", "east win"])
    assert outcome["illegal"]["after"] == 4
    assert "void suit" in outcome["illegal"]["message"]


def test_a_pung_of_ones_own_void_suit_is_not_a_legal_claim() -> None:
    given = {
        "discard": {"tile": "5m", "from": "east"},
        "hands": {"west": {"concealed": "5m5m 1p2p3p 4p5p6p 7s8s9s 1s1s", "void": "m"}},
        "claims": {"west": "pung 5m"},
    }
    assert evaluate("claim", given)["legal"] == {"west": False}


def test_a_sichuan_play_request_with_a_field_of_another_family_is_refused() -> None:
    given = {"wall": {"hands": DEALT, "draws": "5s"}, "actions": [], "dealer_streak": 1}
    outcome = evaluate("play", given)
    assert outcome["error"]["code"] == "invalid-request"
    assert outcome["error"]["path"] == ["dealer_streak"]


def test_a_win_on_a_discard_of_ones_void_suit_is_refused_under_the_void_rule() -> None:
    # sc.void.no-win: "a winning tile of the void suit is held too". South holds no
    # character and chose characters as its void; east discards its 1m (its void too, so
    # the first tile it must discard), which north (void s, holding 1m1m) may pung, so the
    # tile stays offered; south may not win on it.
    dealt = {
        "east": "1m 2p3p4p 5p6p7p 1s2s3s 4s5s 9s",
        "south": "1p1p 2p2p 3s3s 4s4s 6s6s 7s7s 8s",
        "west": "2m3m4m 5m6m7m 8m9m 2p5p8p 1s9s",
        "north": "1m1m 2m3m4m 5m6m7m 3p6p9p 2s8s",
    }
    script = ["east void m", "south void m", "west void s", "north void s"]
    given = {"wall": {"hands": dealt, "draws": "9p"}, "actions": [*script, "east discard 1m"]}
    refused = evaluate("play", {**given, "actions": [*given["actions"], "south win"]})
    assert refused["illegal"]["after"] == 5
    assert refused["illegal"]["rule"] == "sc.void.no-win"
