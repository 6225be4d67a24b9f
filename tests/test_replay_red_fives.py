"""Replayed logs whose chi melds a red five: the chow is read by its ranks, as the log's own
score says (the hands of riichi/play/chi-with-the-red-five-keeps-its-run and
riichi/play/chi-of-a-discarded-red-five-keeps-its-run, written as an MJAI and a Tenhou JSON
log)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conformance.cli import main

# riichi/play/chi-with-the-red-five-keeps-its-run: MJAI player 0 deals (east); player 1
# (south) chis east's 7m with its red five and 6m, and wins sanshoku 567 on west's 8s
MJAI_TEHAIS = [
    ["1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s", "S", "W", "N", "F"],
    ["5mr", "6m", "2p", "3p", "4p", "5p", "6p", "7p", "5s", "6s", "7s", "8s", "E"],
    ["2m", "5m", "8m", "1p", "4p", "9p", "2s", "4s", "9s", "S", "W", "P", "F"],
    ["3m", "6m", "9m", "3p", "6p", "9p", "1s", "4s", "7s", "W", "N", "P", "C"],
]
MJAI_EVENTS: list[dict[str, Any]] = [
    {"type": "start_game"},
    {
        "type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
        "oya": 0, "dora_marker": "4m", "scores": [25000] * 4, "tehais": MJAI_TEHAIS,
    },
    {"type": "tsumo", "actor": 0, "pai": "C"},
    {"type": "dahai", "actor": 0, "pai": "7m", "tsumogiri": False},
    {"type": "chi", "actor": 1, "target": 0, "pai": "7m", "consumed": ["5mr", "6m"]},
    {"type": "dahai", "actor": 1, "pai": "E", "tsumogiri": False},
    {"type": "tsumo", "actor": 2, "pai": "8s"},
    {"type": "dahai", "actor": 2, "pai": "8s", "tsumogiri": True},
    {
        "type": "hora", "actor": 1, "target": 2, "deltas": [0, 7700, -7700, 0],
        "ura_markers": [], "fu": 30, "fan": 4,
        "yakus": [["sanshokudojun", 1], ["tanyaochu", 1], ["dora", 1], ["akadora", 1]],
    },
    {"type": "end_kyoku"},
    {"type": "end_game"},
]  # fmt: skip

# riichi/play/chi-of-a-discarded-red-five-keeps-its-run: player 0 deals and discards the red
# 0p (52); player 1 chis it with 6p 7p ("c522627"), discards 9m and wins sanshoku 567 on
# player 2's 2s
TENHOU_HAND: list[Any] = [
    [0, 0, 0],
    [25000] * 4,
    [41],
    [],
    [11, 14, 18, 52, 23, 28, 33, 36, 39, 42, 43, 44, 46], [47], [52],
    [15, 16, 17, 12, 12, 19, 26, 27, 33, 34, 35, 36, 37], ["c522627"], [19],
    [13, 19, 21, 22, 24, 29, 31, 34, 38, 42, 45, 46, 47], [32], [60],
    [11, 13, 18, 23, 25, 28, 31, 37, 39, 41, 43, 44, 45], [], [],
    [
        "和了",
        [0, 3900, -3900, 0],
        [1, 2, 1, "30符3飜3900点", "断幺九(1飜)", "三色同順(1飜)", "赤ドラ(1飜)"],
    ],
]  # fmt: skip


def replayed(path: Path, variant: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """The one hand of the log at ``path``, as ``mjspec replay`` reports it."""
    main(["replay", str(path), "--variant", variant, "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert report["problems"] == 0
    (hand,) = report["hands"]
    return dict(hand)


def test_an_mjai_chi_melding_the_red_five_wins_the_sanshoku_the_log_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in MJAI_EVENTS), encoding="utf-8")
    hand = replayed(path, "riichi", capsys)
    assert (hand["verdict"], hand["log"], hand["engine"]) == ("agrees", "", "")


def test_a_tenhou_chi_of_a_discarded_red_five_wins_the_sanshoku_the_log_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    game = {"name": ["A", "B", "C", "D"], "rule": {"aka": 1}, "log": [TENHOU_HAND]}
    path.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    hand = replayed(path, "riichi-tenhou", capsys)
    assert (hand["verdict"], hand["log"], hand["engine"]) == ("agrees", "", "")
