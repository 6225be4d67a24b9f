"""How an MJAI hand becomes a play request: tiles, seats, the open wall, the script."""

from __future__ import annotations

import json

from conformance.replay.convert import logged_deltas, replayable
from conformance.replay.mjai import parse_mjai

TEHAIS = [
    ["1m", "2m", "3m", "4p", "5pr", "5p", "7p", "8p", "9p", "1s", "2s", "3s", "E"],
    ["1m", "1m", "9m", "9m", "2p", "2p", "3s", "3s", "4s", "P", "P", "F", "C"],
    ["2m", "3m", "4m", "6p", "6p", "7s", "8s", "9s", "N", "N", "S", "S", "W"],
    ["5m", "6m", "7m", "1p", "1p", "3p", "3p", "6s", "6s", "9s", "W", "E", "C"],
]


def hand_of(*events: dict[str, object], oya: int = 2) -> str:
    start = {
        "type": "start_kyoku", "bakaze": "S", "kyoku": 3, "honba": 1, "kyotaku": 2,
        "oya": oya, "dora_marker": "5sr", "scores": [25000] * 4, "tehais": TEHAIS,
    }  # fmt: skip
    lines = [start, *events, {"type": "end_kyoku"}]
    return "\n".join(json.dumps(line) for line in lines)


def request(*events: dict[str, object], oya: int = 2) -> dict:
    (hand,) = parse_mjai(hand_of(*events, oya=oya), "log.jsonl")
    return replayable(hand, "riichi").request["given"]


def test_tiles_seats_and_the_table_come_from_start_kyoku() -> None:
    given = request()
    # oya 2 deals: MJAI player 2 is east, 3 south, 0 west, 1 north
    assert given["wall"]["hands"]["west"].split().count("0p") == 1
    assert "5z 5z" in given["wall"]["hands"]["north"]
    assert given["wall"]["dead_wall"] == {"indicators": "0s"}
    assert (given["round"], given["honba"], given["riichi_sticks"]) == ("south", 1, 2)


def test_the_dealers_first_draw_is_dealt_and_the_others_are_actions() -> None:
    given = request(
        {"type": "tsumo", "actor": 2, "pai": "E"},
        {"type": "dahai", "actor": 2, "pai": "W", "tsumogiri": False},
        {"type": "tsumo", "actor": 3, "pai": "9p"},
        {"type": "reach", "actor": 3},
        {"type": "dahai", "actor": 3, "pai": "9p", "tsumogiri": True},
        {"type": "reach_accepted", "actor": 3},
    )
    assert given["wall"]["draws"] == "1z 9p"
    assert given["actions"] == ["east discard 3z", "south draw", "south riichi 9p"]


def west_chis_6p(consumed: list[str]) -> str:
    """The action of MJAI player 0 (west) chiing north's 6p with ``consumed``."""
    given = request(
        {"type": "tsumo", "actor": 2, "pai": "E"},
        {"type": "dahai", "actor": 2, "pai": "E", "tsumogiri": True},
        {"type": "tsumo", "actor": 3, "pai": "6p"},
        {"type": "dahai", "actor": 3, "pai": "6p", "tsumogiri": True},
        {"type": "chi", "actor": 0, "target": 3, "pai": "6p", "consumed": consumed},
    )
    return str(given["actions"][-1])


def test_a_chi_names_the_red_five_only_when_a_plain_one_was_there_to_meld() -> None:
    # MJAI player 0 (west) holds 4p 0p 5p: melding the red five was a choice
    assert west_chis_6p(["4p", "5pr"]) == "west chow 406p"
    assert west_chis_6p(["4p", "5p"]) == "west chow 456p"


def test_the_ura_indicators_of_a_double_ron_come_from_the_winner_who_shows_them() -> None:
    given = request(
        {"type": "hora", "actor": 2, "target": 1, "deltas": [0, -1, 1, 0], "ura_markers": ["5s"]},
        {"type": "hora", "actor": 0, "target": 1, "deltas": [1, -1, 0, 0], "ura_markers": []},
    )
    assert given["wall"]["dead_wall"] == {"indicators": "0s", "ura": "5s"}
    assert given["actions"][-2:] == ["east win", "west win"]


def test_the_ura_indicators_may_be_named_as_mjai_names_them_uradora_markers() -> None:
    hora = {"type": "hora", "actor": 2, "target": 1, "deltas": [0, -1, 1, 0]}
    given = request({**hora, "uradora_markers": ["E"]})
    assert given["wall"]["dead_wall"] == {"indicators": "0s", "ura": "1z"}


def test_an_abortive_draw_may_write_its_score_changes_as_an_empty_list() -> None:
    (hand,) = parse_mjai(hand_of({"type": "ryukyoku", "deltas": []}), "log.jsonl")
    assert logged_deltas(hand, 4) == ("draw", dict.fromkeys(("east", "south", "west", "north"), 0))


def test_a_nine_terminals_abort_is_declared_by_the_last_to_draw_whatever_its_spelling() -> None:
    for reason in ("kyushukyuhai", "kyushu_kyuhai", "yao9"):  # riichienv, Tenhou, jansou
        given = request(
            {"type": "tsumo", "actor": 2, "pai": "E"},
            {"type": "ryukyoku", "reason": reason, "deltas": []},
        )
        assert given["actions"][-1] == "east nine-terminals", reason
