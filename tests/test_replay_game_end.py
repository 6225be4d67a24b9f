"""A whole logged game's end compared with the engine's match model: the game's length read
from the lobby (mjlog ``GO type``, Tenhou JSON ``rule.disp``), the end after the last hand,
Tenhou's extra round below 30,000 and the dealer's stop in All Last, each difference under
the rule that decided it (:mod:`conformance.replay.game_end`)."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from conformance.cli import main
from conformance.engine import reference_plugin
from conformance.replay.game_end import compare_games
from conformance.replay.mjai import Event, LoggedHand, read_mjai
from conformance.replay.mjlog import parse_mjlog
from conformance.replay.replay import HandReplay, Verdict
from conformance.replay.rules import finder_for
from conformance.replay.tenhou import game_length, parse_tenhou

REAL = Path(__file__).parent / "real_logs" / "mjx"
LONG = os.environ.get("MJSPEC_LONG") == "1"
PAIR = "2020052700gm-00a9-0000-75a4695c"  # an East-South game of 9 hands
SEATS = ("east", "south", "west", "north")

# Fixture riichi-tenhou/match/all-last-top-dealer-win-ends: three 1,000 wins by others
# bring the deal to north (East 4), whose dealer mangan self-draw leaves it first on 36,000.
TO_EAST_4 = [
    {"winners": ["south"], "from": "north", "payments": {"south": 1000, "north": -1000}},
    {"winners": ["west"], "from": "north", "payments": {"west": 1000, "north": -1000}},
    {"winners": ["north"], "from": "east", "payments": {"north": 1000, "east": -1000}},
]
DEALER_MANGAN = {
    "winners": ["north"],
    "payments": {"east": -4000, "south": -4000, "west": -4000, "north": 12000},
}
# Fixture riichi-tenhou/match/east-game-below-30000-enters-south: one tenpai player at
# each of East 1-4, everyone back on 25,000 after East 4.
EAST_WINS = {"winners": ["east"], "from": "north", "payments": {"east": 1000, "north": -1000}}
DRAWS_TO_25000 = [{"draw": "exhaustive", "tenpai": [seat]} for seat in SEATS[1:] + SEATS[:1]]


def _game(
    outcomes: list[dict[str, Any]], dealers: list[int], *, whole: bool = True
) -> list[HandReplay]:
    """An agreeing replay per hand of an East game of four players, from East 1 at 25,000;
    ``whole``: the log ends the game after its last hand."""
    replays = []
    for number, (outcome, dealer) in enumerate(zip(outcomes, dealers, strict=True)):
        start: dict[str, Any] = {
            "type": "start_kyoku",
            "bakaze": "E",
            "oya": dealer,
            "honba": 0,
            "kyotaku": 0,
            "scores": [25000] * 4,
            "tehais": [[]] * 4,
            "length": "east",
        }
        if whole and number == len(outcomes) - 1:
            start["last_hand"] = True
        hand = LoggedHand("game.json", 0, number, (Event(1, start),))
        replays.append(HandReplay(hand, Verdict.AGREES, rules=(), outcome=outcome))
    return replays


def _compared(replays: list[HandReplay], variant: str = "riichi-tenhou") -> list[HandReplay]:
    return compare_games(reference_plugin(), variant, replays, finder_for(variant))


def test_a_hand_the_log_plays_after_an_all_last_dealer_stop_differs_under_that_rule() -> None:
    game = _game([*TO_EAST_4, DEALER_MANGAN, EAST_WINS], [0, 1, 2, 3, 3])
    *before, played = _compared(game)
    assert [r.verdict for r in before] == [Verdict.AGREES] * 4
    assert played.verdict is Verdict.DIFFERS
    assert played.item == "game end"
    assert played.logged == "game end: the game goes on after hand 4"
    assert played.engine == "game end: the game ends after hand 4"
    assert played.rule == "tenhou.match.dealer-stop"


def test_the_same_game_agrees_at_a_table_without_the_dealers_stop() -> None:
    # riichi.match.no-agari-yame: north deals East 4 again; east's win passes the deal on
    # beyond the East round, the end
    game = _game([*TO_EAST_4, DEALER_MANGAN, EAST_WINS], [0, 1, 2, 3, 3])
    replays = _compared(game, "riichi")
    assert {r.verdict for r in replays} == {Verdict.AGREES}
    assert replays[-1].rules == ("riichi.match.length",)


def test_a_game_that_ends_with_the_dealers_stop_agrees_and_its_last_hand_exercised_it() -> None:
    replays = _compared(_game([*TO_EAST_4, DEALER_MANGAN], [0, 1, 2, 3]))
    assert {r.verdict for r in replays} == {Verdict.AGREES}
    assert replays[-1].rules == ("tenhou.match.dealer-stop",)
    assert replays[0].rules == ()


def test_an_east_game_the_log_ends_below_30000_differs_under_tenhous_extra_round() -> None:
    *before, last = _compared(_game(DRAWS_TO_25000, [0, 1, 2, 3]))
    assert {r.verdict for r in before} == {Verdict.AGREES}
    assert last.verdict is Verdict.DIFFERS
    assert last.logged == "game end: the game ends after this hand"
    assert last.engine == "game end: the game goes on (South 1, 4 honba)"
    assert last.rule == "tenhou.match.extension"


def test_the_same_end_agrees_under_the_wrc_length() -> None:
    replays = _compared(_game(DRAWS_TO_25000, [0, 1, 2, 3]), "riichi")
    assert {r.verdict for r in replays} == {Verdict.AGREES}
    assert replays[-1].rules == ("riichi.match.length",)


def test_a_log_that_does_not_hold_the_whole_game_is_not_compared_as_one() -> None:
    game = _game(DRAWS_TO_25000, [0, 1, 2, 3], whole=False)
    assert _compared(game) == game
    unknown = _game([*TO_EAST_4, {"draw": "exhaustive", "tenpai": None}], [0, 1, 2, 3])
    unknown[-1] = HandReplay(unknown[-1].hand, Verdict.AGREES, outcome=None)
    assert _compared(unknown) == unknown


def test_a_hand_that_already_diverged_keeps_its_first_divergence() -> None:
    game = _game(DRAWS_TO_25000, [0, 1, 2, 3])
    game[-1] = HandReplay(game[-1].hand, Verdict.REFUSED, outcome=game[-1].outcome, rule="x")
    assert _compared(game) == game


def test_the_lobby_names_the_games_length() -> None:
    assert game_length({"disp": "鳳南喰赤"}) == "east-south"
    assert game_length({"disp": "三般東喰赤"}) == "east"
    assert game_length({"disp": "MyMahjong"}) is None
    assert game_length(None) is None
    record = (REAL / f"{PAIR}.mjlog").read_bytes()  # GO type 169: east-south
    hands = parse_mjlog(record, "game.mjlog").hands
    assert {hand.start.data["length"] for hand in hands} == {"east-south"}
    east = parse_mjlog(record.replace(b'<GO type="169"', b'<GO type="161"'), "g").hands
    assert {hand.start.data["length"] for hand in east} == {"east"}
    assert [h.start.data.get("last_hand", False) for h in hands] == [False] * 8 + [True]


def _report(paths: list[Path], capsys: pytest.CaptureFixture[str]) -> Any:
    main(["replay", *map(str, paths), "--variant", "riichi-tenhou", "--format", "json"])
    return json.loads(capsys.readouterr().out)


def _as_east_game(folder: Path) -> Path:
    """The East-South record written as an East game (GO type 169 less 0x08: 161)."""
    record = (REAL / f"{PAIR}.mjlog").read_text(encoding="utf-8")
    east = folder / "east.mjlog"
    east.write_text(record.replace('<GO type="169"', '<GO type="161"'), encoding="utf-8")
    return east


def test_the_shipped_real_games_end_where_tenhous_rules_end_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    names = sorted(REAL.glob("*.mjlog")) if LONG else [REAL / f"{PAIR}.mjlog"]
    report = _report(names, capsys)
    assert {hand["verdict"] for hand in report["hands"]} == {"agrees"}
    ended = report["rules"]["tenhou.match.extension"]
    assert ended == {"agrees": 6 if LONG else 1, "diverges": 0}


def test_an_east_south_record_read_as_an_east_game_differs_on_its_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    east = _as_east_game(tmp_path)
    report = _report([east], capsys)
    differing = [hand for hand in report["hands"] if hand["verdict"] != "agrees"]
    assert len(differing) == 1
    (hand,) = differing
    assert hand["log"].startswith("game end: the game goes on after hand ")
    assert hand["rule"] == "tenhou.match.extension"


def _first_json_hand() -> Any:
    """The first hand of the real game as Tenhou JSON (mjx writes one hand a line)."""
    return json.loads((REAL / f"{PAIR}.json").read_text(encoding="utf-8").splitlines()[0])


def _whole_json_game(folder: Path) -> Path:
    """That hand as a whole game's document: the final scores ``sc`` after its log."""
    whole = folder / "whole.json"
    whole.write_text(json.dumps({**_first_json_hand(), "sc": [24000, -16.0] * 4}), "utf-8")
    return whole


def test_a_tenhou_json_game_whose_log_stops_after_east_1_differs_on_its_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand_only = tmp_path / "hand.json"
    hand_only.write_text(json.dumps(_first_json_hand()), encoding="utf-8")
    assert [h["verdict"] for h in _report([hand_only], capsys)["hands"]] == ["agrees"]
    whole = _whole_json_game(tmp_path)
    (hand,) = _report([whole], capsys)["hands"]
    assert hand["verdict"] == "differs"
    assert hand["log"] == "game end: the game ends after this hand"
    assert hand["engine"].startswith("game end: the game goes on (East ")
    assert hand["rule"] in {"tenhou.match.extension", "tenhou.match.dealer-stop"}
    hands, _ = parse_tenhou(whole.read_text(encoding="utf-8"), "whole.json")
    assert hands[0].start.data["length"] == "east-south"


def test_option_length_sets_the_games_length_over_the_lobbys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    east = _as_east_game(tmp_path)
    args = ["replay", str(east), "--variant", "riichi-tenhou", "--format", "json"]
    assert main([*args, "--option", "length=east-south"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {hand["verdict"] for hand in report["hands"]} == {"agrees"}
    assert main([*args, "--option", "length=south"]) == 2
    assert "--option length: one of one-hand, east, east-south" in capsys.readouterr().err


BENCH = Path(__file__).parent / "bench_logs"


def _first_games(name: str, games: int, folder: Path) -> Path:
    """The first ``games`` whole games of a bench log, as a plain MJAI file."""
    with gzip.open(BENCH / name, "rt", encoding="utf-8") as log:
        lines = log.read().splitlines()
    starts = [n for n, line in enumerate(lines) if '"start_game"' in line]
    kept = lines if LONG or games >= len(starts) else lines[: starts[games]]
    path = folder / name.removesuffix(".gz")
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "variant", "rules"),
    [
        ("riichienv-4p-tenhou.jsonl.gz", "riichi-tenhou", "tenhou.match."),
        ("riichienv-3p-tenhou.jsonl.gz", "riichi-tenhou-sanma", "tenhou3p.match."),
    ],
)
def test_riichienvs_whole_games_told_their_length_end_where_tenhous_rules_end_them(
    name: str, variant: str, rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # riichienv's half games (East-South) under GameRule.default_tenhou(): each game's
    # end_game marks its last hand; the lobby's length is not in MJAI, --option gives it
    log = _first_games(name, 5, tmp_path)
    args = ["replay", str(log), "--variant", variant, "--format", "json"]
    main([*args, "--option", "length=east-south"])
    report = json.loads(capsys.readouterr().out)
    assert {hand["verdict"] for hand in report["hands"]} == {"agrees"}
    games = len({hand["game"] for hand in report["hands"]})
    ended = [
        r for r, n in report["rules"].items() if r.startswith(rules) or "zero" in r or "bust" in r
    ]
    assert sum(report["rules"][r]["agrees"] for r in ended) == games
    main(args)  # without a length, no game is compared: no rule of the game's end
    untold = json.loads(capsys.readouterr().out)
    assert not [r for r in untold["rules"] if r.startswith(rules)]


def test_an_mjai_end_game_marks_the_last_hand_unless_that_hand_was_not_read() -> None:
    lines = [
        {"type": "start_game"},
        {"type": "start_kyoku"},
        {"type": "end_kyoku"},
        {"type": "start_kyoku"},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]
    text = "\n".join(json.dumps(line) for line in lines)
    hands, _ = read_mjai(text, "game.jsonl")
    assert [hand.start.data.get("last_hand") for hand in hands] == [None, True]
    spoiled = text.replace(
        '{"type": "end_kyoku"}\n{"type": "end_game"}',
        '{\n{"type": "end_kyoku"}\n{"type": "end_game"}',
    )
    hands, problems = read_mjai(spoiled, "game.jsonl")
    assert len(problems) == 1
    assert [hand.start.data.get("last_hand") for hand in hands] == [None]


def test_a_game_end_difference_is_proposed_as_a_match_fixture_of_the_logs_claim(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    east, out = _as_east_game(tmp_path), tmp_path / "proposed"
    argv = ["replay", str(east), "--variant", "riichi-tenhou", "--format", "json"]
    main([*argv, "--propose", str(out)])
    (name,) = json.loads(capsys.readouterr().out)["proposed"]
    document = yaml.safe_load(Path(name).read_text(encoding="utf-8"))
    assert (document["kind"], document["rules"]) == ("match", ["tenhou.match.extension"])
    assert document["given"]["length"] == "east"
    assert len(document["given"]["hands"]) == 5  # the log goes on after hand 5
    assert document["expect"] == {"final": {"ended": False, "hands_played": 5}}
    assert main(["check", name]) == 1  # the engine ends the East game there
    capsys.readouterr()
    whole = _whole_json_game(tmp_path)
    main(
        [
            "replay",
            str(whole),
            "--variant",
            "riichi-tenhou",
            "--format",
            "json",
            "--propose",
            str(out),
        ]
    )
    (name,) = json.loads(capsys.readouterr().out)["proposed"]
    ended = yaml.safe_load(Path(name).read_text(encoding="utf-8"))
    assert ended["expect"] == {"final": {"ended": True, "hands_played": 1}}
