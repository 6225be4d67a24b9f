"""A win's value as the original mjai writes it on a hora event (``yakus``, ``fu``, ``fan``)
compared with the reference engine's: yaku, han and fu, each difference naming its rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conformance.cli import main
from conformance.replay.mjai_yaku import YAKU, read_mjai_value
from conformance.replay.value import DRAGONS, ScoreTextError, engine_patterns
from spec.profile import load_profile

# The hand of tests/test_replay_tenhou_value.py, written as MJAI events. East (dealer) is
# dealt 123m 4p 0p 6p 789p 123s 9s: tenpai on a single 9s. Everyone draws and discards an
# 8m; east draws 4m and declares riichi with it; south draws 9s and discards it; east
# wins on it before its next draw. Dora indicator 1p (dora 2p, none held), ura indicator
# Red (dora White, none held). The value, by hand (riichi.fu.*, riichi.points.base):
# riichi 1 + ippatsu 1 + red five 1 = 3 han; fu 20 + 10 concealed ron + 2 single wait =
# 32 -> 40; base 40 x 2^5 = 1,280, a dealer's ron 6 x 1,280 = 7,680 -> 7,700. The hora's
# changes: south -7,700, east +7,700 and its riichi stick back, +8,700.
TEHAIS = [
    ["1m", "2m", "3m", "4p", "5pr", "6p", "7p", "8p", "9p", "1s", "2s", "3s", "9s"],
    ["1m", "1m", "9m", "9m", "2p", "2p", "3s", "3s", "4s", "P", "P", "F", "C"],
    ["2m", "3m", "4m", "6p", "6p", "7s", "8s", "9s", "N", "N", "S", "S", "W"],
    ["5m", "6m", "7m", "1p", "1p", "3p", "3p", "6s", "6s", "9s", "W", "E", "C"],
]
VALUE = {"yakus": [["reach", 1], ["ippatsu", 1], ["akadora", 1]], "fu": 40, "fan": 3}


def events_with(value: dict[str, Any]) -> list[dict[str, Any]]:
    def turn(actor: int, tile: str) -> list[dict[str, Any]]:
        drawn = {"type": "tsumo", "actor": actor, "pai": tile}
        return [drawn, {"type": "dahai", "actor": actor, "pai": tile, "tsumogiri": True}]

    hora = {
        "type": "hora", "actor": 0, "target": 1, "pai": "9s", "deltas": [8700, -7700, 0, 0],
        "uradora_markers": ["C"], **value,
    }  # fmt: skip
    return [
        {"type": "start_game", "names": ["A", "B", "C", "D"]},
        {
            "type": "start_kyoku",
            "bakaze": "E",
            "kyoku": 1,
            "honba": 0,
            "kyotaku": 0,
            "oya": 0,
            "dora_marker": "1p",
            "scores": [25000] * 4,
            "tehais": TEHAIS,
        },
        *(event for actor in range(4) for event in turn(actor, "8m")),
        {"type": "tsumo", "actor": 0, "pai": "4m"},
        {"type": "reach", "actor": 0},
        {"type": "dahai", "actor": 0, "pai": "4m", "tsumogiri": True},
        {"type": "reach_accepted", "actor": 0, "deltas": [-1000, 0, 0, 0]},
        *turn(1, "9s"),
        hora,
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]


def replayed(tmp_path: Path, value: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> dict:
    log = tmp_path / "game.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events_with(value)), encoding="utf-8")
    main(["replay", str(log), "--variant", "riichi-tenhou", "--format", "json"])
    (hand,) = json.loads(capsys.readouterr().out)["hands"]
    return dict(hand)


def test_a_win_whose_yakus_fu_and_fan_are_the_logs_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert replayed(tmp_path, VALUE, capsys)["verdict"] == "agrees"


@pytest.mark.parametrize(
    ("value", "item", "rule"),
    [
        (
            {**VALUE, "yakus": [["reach", 1], ["akadora", 1]], "fan": 2},
            "yaku",
            "riichi.yaku.ippatsu",
        ),
        ({**VALUE, "yakus": [*VALUE["yakus"], ["dora", 1]]}, "yaku", "riichi.dora.every-copy"),
        ({**VALUE, "fan": 4}, "han", "riichi.points.base"),
        ({**VALUE, "fu": 30}, "fu", "riichi.fu.base-and-rounding"),
        ({**VALUE, "yakus": [*VALUE["yakus"], ["sangenpai", 1]]}, "yaku", None),
    ],
    ids=["a-yaku-missing", "a-dora-more", "the-han", "the-fu", "a-dragon-pung-more"],
)
def test_a_value_that_differs_names_its_item_and_rule(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    value: dict[str, Any],
    item: str,
    rule: str | None,
) -> None:
    hand = replayed(tmp_path, value, capsys)
    assert hand["verdict"] == "differs"
    assert hand["log"].startswith(f"{item}: ")
    if rule is not None:
        assert hand["rule"] == rule


def test_the_dragon_pungs_are_compared_as_mjai_counts_them() -> None:
    logged = read_mjai_value({"yakus": [["sangenpai", 2], ["toitoiho", 2]], "fu": 40, "fan": 4})
    assert logged is not None
    assert dict(logged.patterns) == {DRAGONS: 2, "toitoi": 1}
    engine = {"yakuhai-white": 1, "yakuhai-red": 1, "toitoi": 2, "dora": 0}
    assert engine_patterns(engine, logged) == {DRAGONS: 2, "toitoi": 1}


def test_a_yakuman_compares_its_limit_and_no_fu_or_han() -> None:
    logged = read_mjai_value({"yakus": [["kokushimuso", 100]], "fu": 0, "fan": 100})
    assert logged is not None
    assert (logged.yakuman, logged.limit, logged.fu, logged.han) == (True, "yakuman", None, None)
    plain = read_mjai_value(VALUE)
    assert plain is not None
    assert (plain.limit, plain.limit_stated) == (None, False)  # mjai writes no limit


def test_an_mjai_hora_without_a_value_compares_the_score_changes_only() -> None:
    assert read_mjai_value({"deltas": [0, 0, 0, 0]}) is None


@pytest.mark.parametrize(
    ("value", "field"),
    [
        ({"yakus": "reach"}, "yakus"),
        ({"yakus": [["reach"]]}, "yakus"),
        ({"yakus": [[1, "reach"]]}, "yakus"),
        ({**VALUE, "fu": -40}, "fu"),
        ({**VALUE, "fan": "3"}, "fan"),
    ],
)
def test_a_malformed_value_is_refused_naming_its_field(value: dict[str, Any], field: str) -> None:
    with pytest.raises(ScoreTextError) as raised:
        read_mjai_value(value)
    assert raised.value.field == field


def test_a_malformed_value_is_a_located_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    events = events_with({**VALUE, "fu": "forty"})
    log.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    code = main(["replay", str(log), "--variant", "riichi-tenhou"])
    captured = capsys.readouterr()
    assert code == 1
    hora_line = next(n for n, e in enumerate(events, 1) if e["type"] == "hora")
    assert f"game.jsonl:{hora_line}:" in captured.err
    assert "log-field" in captured.err
    assert "fu" in captured.err


def test_every_mjai_name_scores_as_a_pattern_of_the_riichi_profiles() -> None:
    patterns = {
        row.id for variant in ("riichi", "riichi-sanma") for row in load_profile(variant).patterns
    }
    assert set(YAKU.values()) - patterns == {DRAGONS}
