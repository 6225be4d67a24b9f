"""Classical settle and score requests that cannot be answered: a coded error naming the
field, through evaluate and through mjspec settle / mjspec score."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

import spec
from conformance.cli import main
from reference_engine.plugin import ReferenceEngine

FULL = spec.SCENARIOS_DIR / "classical-chinese" / "settlement" / "full-hands.yaml"
ENGINE = ReferenceEngine()


def hands() -> dict[str, Any]:
    data = yaml.safe_load(FULL.read_text(encoding="utf-8"))
    return copy.deepcopy(data["given"]["hands"])


def without_north(found: dict[str, Any]) -> None:
    del found["north"]


def fifth_copy(found: dict[str, Any]) -> None:
    found["west"]["concealed"] = found["west"]["concealed"].replace("1p9p", "9m9m")


def one_tile_short(found: dict[str, Any]) -> None:
    found["west"]["concealed"] = found["west"]["concealed"].replace("1p9p", "1p")


def flower_in_hand(found: dict[str, Any]) -> None:
    found["west"]["concealed"] = found["west"]["concealed"].replace("1p9p", "1p3f")


def incomplete_winner(found: dict[str, Any]) -> None:
    found["south"]["concealed"] = found["south"]["concealed"].replace("7s8s", "7s1s")


def win_on_a_loser(found: dict[str, Any]) -> None:
    found["east"]["win"] = {"by": "self-draw"}


BROKEN = {
    "a player's hand missing": (without_north, "invalid-request", ["hands"]),
    "a fifth copy across the hands": (fifth_copy, "too-many-copies", ["hands"]),
    "a non-winner a tile short": (one_tile_short, "tile-count", ["hands", "west", "concealed"]),
    "a flower among the tiles": (flower_in_hand, "flower-in-hand", ["hands", "west"]),
    "a winner whose hand is not complete": (
        incomplete_winner,
        "not-winning",
        ["hands", "south", "concealed"],
    ),
    "a win described for a non-winner": (win_on_a_loser, "invalid-request", ["hands", "east"]),
}


@pytest.mark.parametrize(("edit", "code", "path"), BROKEN.values(), ids=BROKEN.keys())
def test_a_settle_that_cannot_be_answered_is_a_coded_error(
    edit: Any, code: str, path: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    found = hands()
    edit(found)
    given = {"winner": "south", "hands": found}
    outcome = ENGINE.evaluate({"variant": "classical-chinese", "kind": "settle", "given": given})
    assert outcome["error"]["code"] == code, outcome
    assert outcome["error"]["path"][: len(path)] == path
    file = tmp_path / "hands.yaml"
    file.write_text(yaml.safe_dump(found), encoding="utf-8")
    status = main(["settle", "--winner", "south", "--hands", str(file)])
    assert status in (1, 2)
    assert f"{code}: " in capsys.readouterr().err


def test_the_source_example_settles_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    values = ["east=2", "south=46", "west=12", "north=192"]
    assert main(["settle", "--winner", "north", "--values", *values]) == 0
    printed = capsys.readouterr().out
    for seat, payment in (("east", "-492"), ("south", "-70"), ("west", "-206"), ("north", "+768")):
        assert any(
            line.startswith(seat) and line.endswith(payment) for line in printed.splitlines()
        )


def test_a_classical_score_prints_its_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "--variant", "classical", "--hand", "111z 555z 789p 234s 5s 5s"]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "Going out" in printed
    assert "480" in printed


DEAD_HANDS = {
    "east": "1m4m7m 2p5p8p 3s6s9s 1z2z3z4z",
    "south": "2m5m8m 3p6p9p 1s4s7s 5z6z7z 9m",
    "west": "3m6m9m 1p4p7p 2s5s8s 1z2z3z 4z",
    "north": "1m5m9m 1p5p9p 1s5s9s 5z6z7z 8m",
}

BROKEN_PLAY = {
    "a dealer other than east": ({"dealer": "south"}, "invalid-request", ["dealer"]),
    "a riichi counter": ({"honba": 1}, "invalid-request", ["honba"]),
    "an unknown round wind": ({"round": "middle"}, "invalid-request", ["round"]),
    "an option of another family": (
        {"options": {"red_fives": False}},
        "unsupported-field",
        ["options", "red_fives"],
    ),
    "an option that is not true or false": (
        {"options": {"original_call_with_melds": "no"}},
        "invalid-request",
        ["options", "original_call_with_melds"],
    ),
    "a hand dealt twelve tiles": (
        {"wall": {"hands": {**DEAD_HANDS, "north": "1m5m9m 1p5p9p 1s5s9s 5z6z7z"}, "draws": ""}},
        "tile-count",
        ["wall", "hands", "north"],
    ),
}


@pytest.mark.parametrize(("change", "code", "path"), BROKEN_PLAY.values(), ids=BROKEN_PLAY.keys())
def test_a_classical_play_request_that_cannot_be_played_is_a_coded_error(
    change: dict[str, Any], code: str, path: list[str]
) -> None:
    given = {"wall": {"hands": DEAD_HANDS, "draws": "9s"}, "actions": [], **change}
    outcome = ENGINE.evaluate({"variant": "classical-chinese", "kind": "play", "given": given})
    assert outcome["error"]["code"] == code, outcome
    assert outcome["error"]["path"][: len(path)] == path


def test_the_original_call_option_changes_only_what_it_says() -> None:
    given = {"wall": {"hands": DEAD_HANDS, "draws": "9s"}, "actions": ["east discard 9s"]}
    plain = ENGINE.evaluate({"variant": "classical-chinese", "kind": "play", "given": given})
    both = {**given, "options": {"original_call_with_melds": False}}
    optioned = ENGINE.evaluate({"variant": "classical-chinese", "kind": "play", "given": both})
    assert "error" not in plain
    assert plain == optioned
