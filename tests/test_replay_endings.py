"""Every way a hand ends, replayed from hand-built logs in Tenhou JSON and in mjlog: a
triple ron (whose three wins the log writes as an abortive draw), nine terminals, a win
that leaves a player below zero, and a three-player win whose Norths Tenhou counts inside
its dora. The four-kan, four-riichi and four-winds aborts, nagashi mangan and a double ron
are in the real games of ``tests/real_logs`` (:mod:`test_replay_mjlog`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from mjlog_logs import mjlog_of

from conformance.cli import main
from conformance.engine import reference_plugin
from conformance.replay.game_end import compare_games
from conformance.replay.replay import Verdict, replay_hand
from conformance.replay.rules import finder_for
from conformance.replay_cli import read_log

SCORES = [25000] * 4
# Tenhou JSON tiles: 11-19 man, 21-29 pin, 31-39 sou, 41-47 east to red (47 the indicator:
# red dragon, its dora white)
JUNK = [25, 11, 11, 19, 19, 21, 21, 39, 39, 41, 41, 42, 42]  # east: nothing near ready
SOUTH_WAITS_5P = [12, 13, 14, 14, 15, 16, 36, 37, 38, 32, 32, 24, 26]  # 234m 456m 678s 22s 46p
WEST_WAITS_5P = [12, 13, 14, 16, 17, 18, 33, 34, 35, 36, 37, 38, 25]  # 234m 678m 345s 678s 5p
NORTH_WAITS_5P = [23, 24, 26, 27, 28, 35, 35, 32, 33, 34, 16, 17, 18]  # 34p 678p 55s 234s 678m
WEST_WAITS_7P = [12, 13, 14, 16, 17, 18, 33, 34, 35, 36, 37, 38, 27]  # 234m 678m 345s 678s 7p
NORTH_NOT_READY = [23, 24, 29, 29, 28, 35, 35, 32, 33, 34, 16, 17, 18]  # 34p 99p 8p 55s ...


def tenhou_game(
    dealt: list[list[int]],
    takes: list[list[Any]],
    discards: list[list[Any]],
    result: list[Any],
    scores: list[int] = SCORES,
) -> str:
    hand: list[Any] = [[0, 0, 0], scores, [47], []]
    for seat in range(4):
        hand += [dealt[seat], takes[seat], discards[seat]]
    return json.dumps({"name": ["A", "B", "C", "D"], "rule": {"aka": 1}, "log": [[*hand, result]]})


def replay(
    tmp_path: Path, name: str, text: str, capsys: pytest.CaptureFixture[str], variant: str
) -> list[dict[str, Any]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    main(["replay", str(path), "--variant", variant, "--format", "json"])
    hands: list[dict[str, Any]] = json.loads(capsys.readouterr().out)["hands"]
    return hands


def both_formats(
    tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str], variant: str = "riichi-tenhou"
) -> list[dict[str, Any]]:
    """The hand replayed as Tenhou JSON and as the same hand written in mjlog."""
    as_json = replay(tmp_path, "game.json", text, capsys, variant)
    hands, _ = read_log(tmp_path / "game.json", "game.json", "tenhou")
    record = mjlog_of(hands)
    as_mjlog = replay(tmp_path, "game.mjlog", record, capsys, variant)
    return as_json + as_mjlog


# East (the dealer) discards 5p first; south (kanchan 46p), west (tanki 5p) and north
# (ryanmen 34p) all wait on it with all simples (tanyao, riichi.claims.ron-needs-yaku), and
# all three declare ron. Tenhou writes the hand as 三家和了 with no score changes
TRIPLE_RON = tenhou_game(
    [JUNK, SOUTH_WAITS_5P, WEST_WAITS_5P, NORTH_WAITS_5P],
    [[43], [], [], []],
    [[25], [], [], []],
    ["三家和了"],
)


def test_a_triple_ron_abort_replays_the_three_wins_and_ends_in_a_draw_that_moves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # riichi.abortive.triple-ron (riichi-tenhou keeps riichi's abortive_draws): the third
    # ron aborts the hand; nobody is paid (0, 0, 0, 0), no sticks were on the table
    hands = both_formats(tmp_path, TRIPLE_RON, capsys)
    assert [(h["verdict"], h["engine"]) for h in hands] == [("agrees", "")] * 2
    assert all("riichi.abortive.triple-ron" in h["rules"] for h in hands)


def test_a_triple_ron_abort_differs_under_mahjong_souls_rule_that_all_three_win(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # mjsoul.draws.no-triple-ron-abort: Mahjong Soul pays all three wins, so the log's
    # abort is a rule-set difference named by that rule
    (hand,) = replay(tmp_path, "game.json", TRIPLE_RON, capsys, "riichi-mahjongsoul")
    assert (hand["verdict"], hand["log"], hand["engine"]) == ("differs", "end: draw", "end: win")
    assert hand["rule"] == "mjsoul.draws.no-triple-ron-abort"


# East's 13 dealt tiles and its 14th (6m) hold nine kinds of terminals and honours (1m 9m
# 1p 9p 1s 9s E S W); Tenhou writes 九種九牌 and no changes (the player's declaration is
# not written: the replay has the player who drew last declare it)
NINE_TERMINALS = tenhou_game(
    [[11, 19, 21, 29, 31, 39, 41, 42, 43, 12, 13, 14, 15], SOUTH_WAITS_5P, WEST_WAITS_5P,
     NORTH_WAITS_5P],
    [[16], [], [], []],
    [[], [], [], []],
    ["九種九牌"],
)  # fmt: skip
# East (dealer, 300 points) discards 5p, south alone wins on it: 234m 456m 678s 22s 456p,
# tanyao 1 han (the dora, white, is not held); 20 + 10 closed ron + 2 kanchan = 32 -> 40
# fu; 40 x 2^(2+1) = 320 x 4 = 1,280 -> 1,300 from east, who falls to -1,000
BUSTING = tenhou_game(
    [JUNK, SOUTH_WAITS_5P, WEST_WAITS_7P, NORTH_NOT_READY],
    [[43], [], [], []],
    [[25], [], [], []],
    ["和了", [-1300, 1300, 0, 0], [1, 0, 1, "40符1飜1300点", "断幺九(1飜)"]],
    scores=[300, 25000, 25000, 49700],
)


def test_nine_terminals_declared_on_the_dealers_first_draw_ends_in_an_abort(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = both_formats(tmp_path, NINE_TERMINALS, capsys)
    assert [h["verdict"] for h in hands] == ["agrees"] * 2
    assert all("riichi.abortive.nine-terminals" in h["rules"] for h in hands)


def test_a_win_that_leaves_the_payer_below_zero_agrees_on_the_games_last_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the game ends there (riichi.house.busting): the log's last hand
    hands = both_formats(tmp_path, BUSTING, capsys)
    assert [h["verdict"] for h in hands] == ["agrees"] * 2


# A three-player hand (MJAI numbers 0 east the dealer, 1 south, 2 west), dora indicator 3p
# (dora 4p). East is dealt 234p 345p 678s 22s 46s (ready on 5s alone, kanchan: 456s 678s
# is the only reading, no pinfu, no iipeikou), draws a North as its 14th tile, sets it
# aside and discards the 1s its replacement brings; south draws 9m and discards 5s, and
# east wins on it
THREE_PLAYERS: list[dict[str, Any]] = [
    {"type": "start_game", "names": ["A", "B", "C"]},
    {
        "type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
        "dora_marker": "3p", "scores": [35000, 35000, 35000],
        "tehais": [
            ["2p", "3p", "4p", "3p", "4p", "5p", "6s", "7s", "8s", "2s", "2s", "4s", "6s"],
            ["1p", "1p", "9p", "1s", "9s", "E", "S", "W", "P", "P", "F", "C", "5s"],
            ["1m", "1m", "9m", "9m", "2p", "2p", "6p", "6p", "9p", "9s", "2s", "3s", "F"],
        ],
    },
    {"type": "tsumo", "actor": 0, "pai": "N"},
    {"type": "kita", "actor": 0, "pai": "N"},
    {"type": "tsumo", "actor": 0, "pai": "1s"},
    {"type": "dahai", "actor": 0, "pai": "1s", "tsumogiri": True},
    {"type": "tsumo", "actor": 1, "pai": "9m"},
    {"type": "dahai", "actor": 1, "pai": "5s", "tsumogiri": False},
    # tanyao 1, dora 2 (two 4p), the North 1: Tenhou writes the North inside ドラ, 3 in
    # all; 4 han 40 fu (20 + 10 closed ron + 2 kanchan, rounded up) is 40 x 2^6 = 2,560
    # -> mangan, a dealer's 12,000, all from south
    {
        "type": "hora", "actor": 0, "target": 1, "deltas": [12000, -12000, 0],
        "ura_markers": [], "tenhou_score": ["満貫12000点", "断幺九(1飜)", "ドラ(3飜)"],
    },
    {"type": "end_kyoku"},
    {"type": "end_game"},
]  # fmt: skip


def test_a_north_that_tenhou_counts_inside_its_dora_agrees_with_the_engines_north_dora(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "\n".join(json.dumps(event, ensure_ascii=False) for event in THREE_PLAYERS) + "\n"
    as_mjai = replay(tmp_path, "game.jsonl", text, capsys, "riichi-tenhou-sanma")
    hands, _ = read_log(tmp_path / "game.jsonl", "game.jsonl", "mjai")
    record = mjlog_of(hands, lobby=0xB9)  # 3p, east-south, red
    as_mjlog = replay(tmp_path, "game.mjlog", record, capsys, "riichi-tenhou-sanma")
    assert [(h["verdict"], h["engine"]) for h in as_mjai + as_mjlog] == [("agrees", "")] * 2


def test_a_dora_total_that_differs_with_norths_counted_in_it_names_the_north_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the same hand logged with ドラ(2飜) (the North left out of the count): the engine's
    # 2 dora + 1 North = 3 differ from the log's 2, a difference of the North's rule
    events = [dict(e) for e in THREE_PLAYERS]
    events[8]["tenhou_score"] = ["満貫12000点", "断幺九(1飜)", "ドラ(2飜)"]
    text = "\n".join(json.dumps(event, ensure_ascii=False) for event in events) + "\n"
    (hand,) = replay(tmp_path, "game.jsonl", text, capsys, "riichi-tenhou-sanma")
    assert hand["verdict"] == "differs"
    assert hand["log"] == "yaku: east dora:2 tanyao"
    assert hand["engine"] == (
        "yaku: east dora:3 tanyao (its Norths counted in dora, as the log counts them)"
    )
    assert hand["rule"] == "sanma.dora.nuki"


NAGASHI_GAME = Path(__file__).parent / "real_logs" / "mjx" / "2019082700gm-00a9-0000-63d1f136.json"


def test_a_real_nagashi_mangan_agrees_and_a_wrong_payment_of_it_names_its_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the game's 4th hand (line 4): west (seat 2, the dealer seat 3) ends with 流し満貫, a
    # non-dealer's mangan as a self-draw (riichi.draws.nagashi-mangan): 4,000 from the
    # dealer, 2,000 from each other player, +8,000; no noten payments beside it
    line = NAGASHI_GAME.read_text(encoding="utf-8").splitlines()[3]
    assert json.loads(line)["log"][0][-1] == ["流し満貫", [-2000, -2000, 8000, -4000]]
    (agreed,) = replay(tmp_path, "nagashi.json", line, capsys, "riichi-tenhou")
    assert agreed["verdict"] == "agrees"
    # paid as a noten settlement instead (1,000 from each of three to the one tenpai)
    game = json.loads(line)
    game["log"][0][-1][1] = [-1000, -1000, 3000, -1000]
    wrong = json.dumps(game, ensure_ascii=False)
    (hand,) = replay(tmp_path, "wrong.json", wrong, capsys, "riichi-tenhou")
    assert hand["verdict"] == "differs"
    assert hand["log"].startswith("score changes: ")
    assert hand["rule"] == "riichi.draws.nagashi-mangan"


def test_an_agreeing_real_nagashi_mangan_counts_its_rule_among_the_rules_it_exercised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the hand of the test above: the engine's result is an exhaustive draw whose payments
    # are the nagashi's (it does not say nagashi); the log's end (流し満貫) does, so the
    # hand exercised riichi.draws.nagashi-mangan, in place of the noten payments it replaces
    path = tmp_path / "nagashi.json"
    path.write_text(NAGASHI_GAME.read_text(encoding="utf-8").splitlines()[3], encoding="utf-8")
    main(["replay", str(path), "--variant", "riichi-tenhou", "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    (hand,) = report["hands"]
    assert hand["verdict"] == "agrees"
    assert "riichi.draws.nagashi-mangan" in hand["rules"]
    assert "riichi.draws.noten-payments" not in hand["rules"]
    assert report["rules"]["riichi.draws.nagashi-mangan"] == {"agrees": 1, "diverges": 0}


def _past_bust_game() -> dict[str, Any]:
    """BUSTING's game goes on: its second hand starts with east at 300 - 1,300 = -1,000."""
    first = json.loads(BUSTING)["log"][0]
    second = json.loads(NINE_TERMINALS)["log"][0]
    second[0] = [1, 0, 0]  # east 2: the dealership passed to south, seat 1, who gets
    second[4:16] = second[13:16] + second[4:13]  # the nine terminals, the others turned too
    second[1] = [-1000, 26300, 25000, 49700]
    return {"name": ["A", "B", "C", "D"], "rule": {"aka": 1}, "log": [first, second]}


def test_a_hand_played_after_a_player_fell_below_zero_differs_under_the_busting_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the game of the test above goes on: its second hand starts with east at 300 - 1,300 =
    # -1,000. riichi-tenhou busts (riichi.house.busting true): the game ended after the
    # first hand, so the second is a game-end difference named by that rule; a table that
    # plays on below zero (--option busting=false) replays it as an ordinary hand
    text = json.dumps(_past_bust_game(), ensure_ascii=False)
    hands = replay(tmp_path, "game.json", text, capsys, "riichi-tenhou")
    assert [h["verdict"] for h in hands] == ["agrees", "differs"]
    assert hands[1]["log"].startswith("game end: ")
    assert hands[1]["rule"] == "riichi.house.busting"
    path = tmp_path / "game.json"
    main(["replay", str(path), "--variant", "riichi-tenhou", "--format", "json", "--option",
          "busting=false"])  # fmt: skip
    playing_on = json.loads(capsys.readouterr().out)["hands"]
    assert [h["verdict"] for h in playing_on] == ["agrees", "agrees"]
    # the engine's match model decides (a match of unknown length taken up at the
    # second hand's points, east at -1,000), not a check of the replay's own
    assert hands[1]["engine"] == "game end: the game ended before this hand"


def test_a_log_taken_up_with_a_player_below_zero_differs_on_its_first_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # only the second hand of the game above is logged: east starts it at -1,000. The
    # engine's match, taken up there, had ended before it (riichi.house.busting)
    game = _past_bust_game()
    game["log"] = game["log"][1:]
    (hand,) = replay(tmp_path, "game.json", json.dumps(game, ensure_ascii=False), capsys,
                     "riichi-tenhou")  # fmt: skip
    assert hand["verdict"] == "differs"
    assert hand["log"] == "game end: the game goes on: this hand is played"
    assert hand["engine"] == "game end: the game ended before this hand"
    assert hand["rule"] == "riichi.house.busting"


def test_a_game_played_past_a_bust_agrees_with_an_engine_whose_match_never_busts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the replay states no busting rule of its own: an engine whose match model lets
    # everyone play on below zero (here the reference engine told busting=false in each
    # match request it is sent) agrees with a log that plays on
    game = _past_bust_game()
    engine = reference_plugin()

    class PlaysOn:
        def info(self) -> Any:
            return engine.info()

        def evaluate(self, request: Any) -> Any:
            if request["kind"] == "match":
                given = {**request["given"], "options": {"busting": False}}
                request = {**request, "given": given}
            return engine.evaluate(request)

    path = tmp_path / "game.json"
    path.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    hands, problems = read_log(path, "game.json", "tenhou")
    assert not problems
    finder = finder_for("riichi-tenhou")
    replays = [replay_hand(PlaysOn(), hand, "riichi-tenhou", finder) for hand in hands]
    compared = compare_games(PlaysOn(), "riichi-tenhou", replays, finder)
    assert [r.verdict for r in compared] == [Verdict.AGREES, Verdict.AGREES]
    busting = compare_games(engine, "riichi-tenhou", replays, finder)
    assert [r.verdict for r in busting] == [Verdict.AGREES, Verdict.DIFFERS]


def test_a_hand_played_past_a_bust_is_proposed_as_the_table_before_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the proposal is the match the engine was asked: the table before the second hand
    # (south deals, east at -1,000), no hand played, the log's claim that it is not over
    path, out = tmp_path / "game.json", tmp_path / "proposed"
    path.write_text(json.dumps(_past_bust_game(), ensure_ascii=False), encoding="utf-8")
    argv = ["replay", str(path), "--variant", "riichi-tenhou", "--format", "json"]
    main([*argv, "--propose", str(out)])
    (name,) = json.loads(capsys.readouterr().out)["proposed"]
    document = yaml.safe_load(Path(name).read_text(encoding="utf-8"))
    assert (document["kind"], document["rules"]) == ("match", ["riichi.house.busting"])
    assert document["given"]["length"] == "unknown"
    assert document["given"]["dealer"] == "south"
    assert document["given"]["points"] == {
        "east": -1000, "south": 26300, "west": 25000, "north": 49700
    }  # fmt: skip
    assert document["given"]["hands"] == []
    assert document["expect"] == {"final": {"ended": False, "hands_played": 0}}
    assert main(["check", name]) == 1  # the engine's match is over
