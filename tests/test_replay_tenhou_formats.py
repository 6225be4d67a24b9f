"""Tenhou JSON as Tenhou writes it: three-player games in four seats with ``f44`` Norths,
every ending name, English yaku names, unknown names as located problems of their hand
only, the table's rules read from the ``rule`` header or set with ``--option``, a kan
indicator the log leaves out, a hand the log stops before its end, and a bad line of a
Tenhou JSON or MJAI file that loses its own hand or game only."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from tenhou_logs import DEALT, game, tenhou_of

from conformance.cli import main
from conformance.replay.mjai import LoggedHand, parse_mjai
from conformance.replay.tenhou import parse_meld, parse_tenhou, table_options
from conformance.replay.tenhou_yaku import ENGLISH, YAKU

REAL = Path(__file__).parent / "real_logs" / "mjx"
BENCH_3P = Path(__file__).parent / "bench_logs" / "riichienv-3p-tenhou.jsonl.gz"
FOUR_KANS = "2016052515gm-00a9-0000-c4d72066"  # a four-kan abort (四槓散了), 14 hands
PAIR = "2020052700gm-00a9-0000-75a4695c"  # 9 hands, a concealed kan in the third


def _report(
    paths: list[Path], capsys: pytest.CaptureFixture[str], variant: str, *extra: str
) -> tuple[dict[str, Any], str]:
    main(["replay", *map(str, paths), "--variant", variant, "--format", "json", *extra])
    captured = capsys.readouterr()
    return json.loads(captured.out), captured.err


def _verdicts(report: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [(hand["verdict"], hand["rule"]) for hand in report["hands"]]


def _three_player_game() -> list[LoggedHand]:
    with gzip.open(BENCH_3P, "rt", encoding="utf-8") as log:
        hands = parse_mjai(log.read(), "3p.jsonl")
    return [hand for hand in hands if hand.game == 0]


def test_a_three_player_game_in_four_seats_with_f44_norths_replays_like_its_mjai_twin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = _three_player_game()
    text = tenhou_of(hands)
    document = json.loads(text)
    assert all(hand[4 + 9 : 4 + 12] == [[], [], []] for hand in document["log"])
    assert any("f44" in hand[4 + 3 * seat + 2] for hand in document["log"] for seat in range(3))
    as_json = tmp_path / "game.json"
    as_json.write_text(text, encoding="utf-8")
    as_mjai = tmp_path / "game.jsonl"
    end = [{"type": "end_kyoku"}]
    lines = [json.dumps(dict(e)) for h in hands for e in (*(e.data for e in h.events), *end)]
    as_mjai.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report, errors = _report([as_json], capsys, "riichi-tenhou-sanma")
    twin, _ = _report([as_mjai], capsys, "riichi-tenhou-sanma")
    assert errors == ""
    assert len(report["hands"]) == len(hands)
    assert _verdicts(report) == _verdicts(twin)


def test_a_three_player_meld_counts_its_seat_round_four_seats_the_fourth_empty() -> None:
    # real three-player Tenhou JSON (2024123123gm-00b9-0000-4a3a3639, read, not shipped)
    # writes seat 2's pon from seat 0, its next player, with the letter second ("across")
    assert parse_meld("35p3535").source(2, 3) == 0
    assert parse_meld("35p3535").source(0, 3) == 2  # seat 0's previous player
    assert parse_meld("4646p46").source(0, 3) == 1
    assert parse_meld("p313131").source(2, 3) == 1
    assert parse_meld("p313131").source(0, 3) is None  # the empty fourth seat
    assert parse_meld("p313131").source(0, 4) == 3


def test_a_north_set_aside_is_a_nukidora_event_and_its_replacement_the_next_take() -> None:
    hands = _three_player_game()
    (read,), problems = parse_tenhou(tenhou_of(hands[:1]), "game.json")
    # the same turns, riichienv's kita a nukidora (the dora events' places are each
    # writer's own: Tenhou JSON lists the indicators, not when each was turned)
    kinds = [(e.type, e.data.get("actor")) for e in read.events if e.type != "dora"]
    logged = [
        ("nukidora" if e.type == "kita" else e.type, e.data.get("actor"))
        for e in hands[0].events
        if e.type != "dora"
    ]
    assert problems == []
    assert ("nukidora", 2) in kinds
    assert kinds == logged


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("流局", "exhaustive_draw"),
        ("全員聴牌", "exhaustive_draw"),
        ("全員不聴", "exhaustive_draw"),
        ("流し満貫", "nagashi_mangan"),
        ("九種九牌", "kyushukyuhai"),
        ("四家立直", "four_riichi"),
        ("三家和了", "triple_ron"),
        ("四槓散了", "four_kans"),
        ("四風連打", "four_winds"),
    ],
)
def test_every_tenhou_ending_name_is_read_as_its_draw(name: str, reason: str) -> None:
    text = game([[18], [], [], []], [[41], [], [], []], [name, [0, 0, 0, 0]])
    (hand,), problems = parse_tenhou(text, "game.json")
    assert problems == []
    assert hand.events[-1].data["reason"] == reason


def test_the_real_four_kan_abort_game_replays_in_tenhou_json_like_its_mjlog(
    capsys: pytest.CaptureFixture[str],
) -> None:
    as_json, errors = _report([REAL / f"{FOUR_KANS}.json"], capsys, "riichi-tenhou")
    as_mjlog, _ = _report([REAL / f"{FOUR_KANS}.mjlog"], capsys, "riichi-tenhou")
    assert errors == ""
    assert _verdicts(as_json) == _verdicts(as_mjlog) == [("agrees", None)] * 14


def _two_hands(result: list[Any]) -> str:
    """A game of two hands: a plain exhaustive draw, then one whose result is ``result``."""
    first = json.loads(game([[18], [], [], []], [[41], [], [], []], ["流局", [0, 0, 0, 0]]))
    second = json.loads(game([[18], [], [], []], [[41], [], [], []], result))
    first["log"] += second["log"]
    return json.dumps(first)


@pytest.mark.parametrize(
    ("result", "path"),
    [
        (["七種七牌", [0, 0, 0, 0]], "$.log[1][16][0]"),
        (
            ["和了", [0, 0, 0, 0], [0, 1, 0, "30符1飜1000点", "立直(1飜)", "八連荘(役満)"]],
            "$.log[1][16][2][5]",
        ),
    ],
)
def test_an_unknown_ending_or_yaku_name_is_a_located_problem_of_its_hand_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], result: list[Any], path: str
) -> None:
    log = tmp_path / "game.json"
    log.write_text(_two_hands(result), encoding="utf-8")
    report, errors = _report([log], capsys, "riichi-tenhou")
    assert [hand["hand"] for hand in report["hands"]] == [1]  # the other hand replays
    assert report["problems"] == 1
    assert "game.json:1:1: log-field: unknown" in errors
    assert path in errors


def _in_english(text: str) -> str:
    """A Tenhou JSON game with each yaku entry named in English (the first English name of
    the same pattern; 人和, which the English list leaves out, stays as it is)."""
    first: dict[str, str] = {}
    for name, pattern in ENGLISH.items():
        first.setdefault(pattern, name)
    english = {japanese: first.get(pattern, japanese) for japanese, pattern in YAKU.items()}
    document = json.loads(text)
    for hand in document["log"]:
        result = hand[-1]
        for detail in result[2::2] if result[0] == "和了" else ():
            for index in range(4, len(detail)):
                name, _, value = detail[index].partition("(")
                detail[index] = f"{english[name]}({value}"
    return json.dumps(document, ensure_ascii=False)


def test_english_yaku_names_compare_like_the_japanese_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (REAL / f"{PAIR}.json").read_text(encoding="utf-8").splitlines()
    english = tmp_path / "english.json"
    english.write_text("\n".join(_in_english(line) for line in lines) + "\n", encoding="utf-8")
    written = english.read_text(encoding="utf-8")
    assert "Prevalent Wind(1飜)" in written
    assert "場風" not in written
    report, errors = _report([english], capsys, "riichi-tenhou")
    japanese, _ = _report([REAL / f"{PAIR}.json"], capsys, "riichi-tenhou")
    assert errors == ""
    assert _verdicts(report) == _verdicts(japanese) == [("agrees", None)] * 9


def test_every_english_name_scores_as_a_pattern_a_japanese_name_does() -> None:
    assert set(ENGLISH.values()) <= set(YAKU.values())


@pytest.mark.parametrize(
    ("rule", "options"),
    [
        ({"disp": "鳳南喰赤", "aka": 1}, {}),
        ({"disp": "般南喰", "aka": 0}, {"red_fives": False}),
        ({"disp": "般東"}, {"open_tanyao": False, "red_fives": False}),
        ({"disp": "三般南喰赤", "aka51": 0, "aka52": 1, "aka53": 1}, {"red_fives": ["0p", "0s"]}),
        ({"disp": "MyMahjong", "aka": 1}, {}),  # not a Tenhou lobby: says nothing of tanyao
        (None, {}),
    ],
)
def test_the_rule_header_names_the_tables_options(
    rule: dict[str, Any] | None, options: dict[str, Any]
) -> None:
    assert table_options(rule) == options


def test_a_lobby_name_that_is_not_text_is_a_located_problem_of_the_header() -> None:
    document = json.loads(game([[25], [25], [], []], [[60], [60], [], []], ["流局", [0] * 4]))
    document["rule"] = {"disp": 5}
    hands, problems = parse_tenhou(json.dumps(document, ensure_ascii=False), "game.json")
    assert len(hands) == 1
    assert [(p.code, p.path) for p in problems] == [("log-field", ("rule",))]
    assert "rule.disp should be the lobby's name, not 5" in problems[0].message


@pytest.mark.parametrize("scores", ["notalist", [25000, 0, "x", 0, 25000, 0, 25000, 0], [1, 2]])
def test_malformed_final_scores_are_a_located_problem_not_the_games_end(scores: object) -> None:
    document = json.loads(game([[25], [25], [], []], [[60], [60], [], []], ["流局", [0] * 4]))
    document["sc"] = scores
    (hand,), problems = parse_tenhou(json.dumps(document, ensure_ascii=False), "game.json")
    assert "last_hand" not in hand.start.data
    assert [(p.code, p.path) for p in problems] == [("log-field", ("sc",))]


def test_final_scores_mark_the_logs_last_hand_as_the_games_end() -> None:
    document = json.loads(game([[25], [25], [], []], [[60], [60], [], []], ["流局", [0] * 4]))
    document["sc"] = [25000, 0, 25000, 0, 25000, 0, 25000, 0]
    (hand,), problems = parse_tenhou(json.dumps(document, ensure_ascii=False), "game.json")
    assert hand.start.data["last_hand"] is True
    assert problems == []


# Four plain 5p: east is dealt two (its red five written plain), south and west draw one each
PLAIN_FIVES = [25 if t == 52 else t for t in DEALT[0]]


def _without_red_fives(rule: dict[str, Any] | None) -> str:
    document = json.loads(game([[25], [25], [], []], [[60], [60], [], []], ["流局", [0] * 4]))
    document["log"][0][4] = PLAIN_FIVES
    if rule is None:
        del document["rule"]
    else:
        document["rule"] = rule
    return json.dumps(document, ensure_ascii=False)


def test_a_lobby_without_red_fives_replays_with_red_fives_false_not_too_many_copies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.json"
    log.write_text(_without_red_fives({"disp": "般南喰", "aka": 0}), encoding="utf-8")
    (hand,), _ = parse_tenhou(log.read_text(encoding="utf-8"), "game.json")
    assert hand.start.data["options"] == {"red_fives": False}
    report, _ = _report([log], capsys, "riichi-tenhou")
    assert "too-many-copies" not in report["hands"][0]["engine"]
    assert report["hands"][0]["verdict"] != "error"


def test_option_sets_a_table_option_of_every_hand_and_a_repeated_key_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.json"
    log.write_text(_without_red_fives(None), encoding="utf-8")
    plain, _ = _report([log], capsys, "riichi-tenhou")
    assert plain["hands"][0]["verdict"] == "error"
    assert "too-many-copies" in plain["hands"][0]["engine"]
    given, _ = _report([log], capsys, "riichi-tenhou", "--option", "red_fives=false")
    assert "too-many-copies" not in given["hands"][0]["engine"]
    twice = ["--option", "red_fives=false", "--option", "red_fives=true"]
    assert main(["replay", str(log), "--variant", "riichi-tenhou", *twice]) == 2
    assert "--option red_fives given more than once" in capsys.readouterr().err
    assert main(["replay", str(log), "--variant", "riichi-tenhou", "--option", "no_such=1"]) == 2
    assert "--option no_such: not a table option" in capsys.readouterr().err


def test_a_kan_whose_new_indicator_the_log_does_not_hold_is_a_located_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (REAL / f"{PAIR}.json").read_text(encoding="utf-8").splitlines()
    third = json.loads(lines[2])
    assert third["log"][0][2] == [15, 42]  # its concealed kan turned 42
    third["log"][0][2] = [15]
    log = tmp_path / "game.json"
    log.write_text(json.dumps(third, ensure_ascii=False), encoding="utf-8")
    report, errors = _report([log], capsys, "riichi-tenhou")
    assert report["hands"] == []
    assert report["problems"] == 1
    assert "game.json:1:1: log-indicator:" in errors
    assert "ankan" in errors
    assert "does not make one up" in errors


def test_a_hand_the_log_stops_before_its_end_says_so_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.json"
    log.write_text(game([[18], [], [], []], [[41], [], [], []], []), encoding="utf-8")
    report, _ = _report([log], capsys, "riichi-tenhou")
    (hand,) = report["hands"]
    assert hand["log"] == "end: the log stops before the hand ends (no win or draw after its " + (
        "last action)"
    )
    assert hand["engine"].startswith("end: the hand goes on after the log's last action")
    assert "None" not in hand["engine"]


def test_a_line_that_is_not_json_is_a_problem_of_that_line_and_the_other_games_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (REAL / f"{PAIR}.json").read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1][:40]  # the second game cut short
    log = tmp_path / "game.json"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report, errors = _report([log], capsys, "riichi-tenhou")
    assert _verdicts(report) == [("agrees", None)] * 8
    assert report["problems"] == 1
    assert "game.json:2:" in errors
    assert "log-syntax" in errors


def test_a_riichi_win_whose_ura_indicator_the_log_does_not_hold_is_a_located_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (REAL / "2011020415gm-00a9-0000-e037b629.json").read_text(encoding="utf-8")
    eighth = json.loads(lines.splitlines()[7])
    assert eighth["log"][0][3] == [44]  # a riichi win's ura indicator
    eighth["log"][0][3] = []
    log = tmp_path / "game.json"
    log.write_text(json.dumps(eighth, ensure_ascii=False), encoding="utf-8")
    report, errors = _report([log], capsys, "riichi-tenhou")
    assert report["hands"] == []
    assert "game.json:1:1: log-indicator:" in errors
    assert "needs 1 ura indicator(s), the log shows 0" in errors


def test_an_mjai_line_that_is_not_json_loses_its_hand_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = _three_player_game()[:3]
    end = [{"type": "end_kyoku"}]
    lines = [json.dumps(dict(e)) for h in hands for e in (*(e.data for e in h.events), *end)]
    lines[2] = lines[2][:10]  # an event of the first hand cut short
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report, errors = _report([log], capsys, "riichi-tenhou-sanma")
    assert [hand["hand"] for hand in report["hands"]] == [2, 3]
    assert report["problems"] == 1
    assert "game.jsonl:3:" in errors
    assert "log-syntax" in errors
