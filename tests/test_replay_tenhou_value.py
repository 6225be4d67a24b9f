"""A win's value as Tenhou JSON writes it (score and yaku strings) compared with the
reference engine's: yaku, han, fu and limit, each difference naming its rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conformance.cli import main
from conformance.replay.tenhou_yaku import YAKU, read_value
from conformance.replay.value import DORA, ScoreTextError
from spec.profile import load_profile

# East (dealer) is dealt 123m 4p 0p 6p 789p 123s 9s: tenpai on a single 9s. It draws and
# discards 8m, as do south, west and north; then it draws 4m and declares riichi discarding
# it (not on its first discard: no double riichi); south draws a 9s and discards it at
# once; east wins on it before its next draw. Dora indicator 1p (dora 2p, none held), ura
# indicator Red (dora White, none held).
EAST = [11, 12, 13, 24, 52, 26, 27, 28, 29, 31, 32, 33, 39]
SOUTH = [11, 11, 19, 19, 22, 22, 33, 33, 34, 45, 45, 46, 47]
WEST = [12, 13, 14, 26, 26, 37, 38, 39, 44, 44, 42, 42, 43]
NORTH = [15, 16, 17, 21, 21, 23, 23, 36, 36, 39, 43, 41, 47]
# The value, by hand (riichi profile, riichi.fu.*, riichi.points.base):
# yaku riichi 1 + ippatsu 1 (won before east's next draw, no call between) + red five 1
# (the 0p) = 3 han; no dora, no ura-dora (0 han, written 裏ドラ(0飜)). Not pinfu (a single
# wait). Fu: 20 base + 10 concealed ron + 2 single wait = 32 -> 40. Base 40 x 2^(3+2) =
# 1,280; a dealer's ron pays 6 x 1,280 = 7,680 -> 7,700. Tenhou's changes: south -7,700,
# east +7,700 + its own riichi stick back (1,000) = +8,700 (the 1,000 it put down is in
# the next hand's scores, not here).
VALUE = ["40符3飜7700点", "立直(1飜)", "一発(1飜)", "赤ドラ(1飜)", "裏ドラ(0飜)"]


def log_with(value: list[Any]) -> str:
    hand: list[Any] = [
        [0, 0, 0],
        [25000] * 4,
        [21],
        [47],
        EAST, [18, 14], [60, "r60"],
        SOUTH, [18, 39], [60, 60],
        WEST, [18], [60],
        NORTH, [18], [60],
        ["和了", [8700, -7700, 0, 0], [0, 1, 0, *value]],
    ]  # fmt: skip
    return json.dumps({"name": ["A", "B", "C", "D"], "rule": {"aka": 1}, "log": [hand]})


def replayed(tmp_path: Path, value: list[Any], capsys: pytest.CaptureFixture[str]) -> dict:
    log = tmp_path / "game.json"
    log.write_text(log_with(value), encoding="utf-8")
    main(["replay", str(log), "--variant", "riichi-tenhou", "--format", "json"])
    (hand,) = json.loads(capsys.readouterr().out)["hands"]
    return dict(hand)


def test_a_win_whose_yaku_han_and_fu_are_the_logs_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert replayed(tmp_path, VALUE, capsys)["verdict"] == "agrees"


@pytest.mark.parametrize(
    ("value", "item", "rule"),
    [
        (["40符2飜5800点", "立直(1飜)", "赤ドラ(1飜)"], "yaku", "riichi.yaku.ippatsu"),
        ([*VALUE, "ドラ(1飜)"], "yaku", "riichi.dora.every-copy"),
        (["40符4飜11600点", *VALUE[1:]], "han", "riichi.points.base"),
        (["30符3飜5800点", *VALUE[1:]], "fu", "riichi.fu.base-and-rounding"),
        (["満貫12000点", *VALUE[1:]], "limit", "riichi.points.limits"),
        ([*VALUE, "三色同刻(2飜)"], "yaku", "riichi.yaku.sanshoku-doukou"),
    ],
)
def test_a_value_that_differs_names_its_item_and_rule(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    value: list[Any],
    item: str,
    rule: str,
) -> None:
    hand = replayed(tmp_path, value, capsys)
    assert (hand["verdict"], hand["rule"]) == ("differs", rule)
    assert hand["log"].startswith(f"{item}: ")


def test_jansous_empty_score_string_compares_no_value() -> None:
    assert read_value([""]) is None
    assert read_value([]) is None


@pytest.mark.parametrize(
    "entries", [["7700"], [7700], ["40符3飜7700点", "立直"], ["40符3飜7700点", 1]]
)
def test_a_score_or_yaku_entry_that_is_not_one_is_refused(entries: list[Any]) -> None:
    with pytest.raises(ScoreTextError):
        read_value(entries)


def test_a_malformed_score_string_is_a_located_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.json"
    log.write_text(log_with(["40符3飜7700点", "立直"]), encoding="utf-8")
    code = main(["replay", str(log), "--variant", "riichi-tenhou"])
    captured = capsys.readouterr()
    assert code == 1
    assert "game.json:1:1: log-field:" in captured.err
    assert "$.log[0][16][2][4]" in captured.err


def test_every_tenhou_name_scores_as_a_pattern_of_the_riichi_profiles() -> None:
    patterns = {
        row.id for variant in ("riichi", "riichi-sanma") for row in load_profile(variant).patterns
    }
    assert set(YAKU.values()) - patterns == set()
    assert patterns >= DORA


def test_an_mjai_hora_with_a_malformed_value_is_a_located_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tehais = [
        ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p"],
        ["1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1p", "2p", "3p", "4p"],
        ["E", "E", "E", "S", "S", "S", "W", "W", "W", "N", "N", "N", "P"],
        ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "5p", "6p", "7p", "8p"],
    ]
    events = [
        {"type": "start_game"},
        {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
         "dora_marker": "1p", "scores": [25000] * 4, "tehais": tehais},
        {"type": "hora", "actor": 0, "target": 1, "deltas": [0] * 4, "tenhou_score": 7},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]  # fmt: skip
    log = tmp_path / "game.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    assert main(["replay", str(log), "--variant", "riichi-tenhou"]) == 1
    assert "game.jsonl:3:1: log-field:" in capsys.readouterr().err
