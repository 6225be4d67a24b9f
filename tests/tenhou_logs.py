"""Tenhou JSON games written for the tests: by hand, one hand of four dealt hands (a red
five among east's), the takes, discards and result given (:func:`game`); or from hands
of MJAI events, three or four players, the way Tenhou writes them (:func:`tenhou_of`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from conformance.replay.mjai import LoggedHand

DEALT = [
    [11, 12, 13, 24, 52, 25, 27, 28, 29, 31, 32, 33, 41],
    [11, 11, 19, 19, 22, 22, 33, 33, 34, 45, 45, 46, 47],
    [12, 13, 14, 26, 26, 37, 38, 39, 44, 44, 42, 42, 43],
    [15, 16, 17, 21, 21, 23, 23, 36, 36, 39, 43, 41, 47],
]


def game(takes: list[list[Any]], discards: list[list[Any]], result: list[Any]) -> str:
    hand: list[Any] = [[0, 0, 0], [25000] * 4, [21], [], *[None] * 12, result]
    for seat in range(4):
        hand[4 + 3 * seat : 7 + 3 * seat] = [DEALT[seat], takes[seat], discards[seat]]
    return json.dumps({"name": ["A", "B", "C", "D"], "rule": {"aka": 1}, "log": [hand]})


HONOUR_CODES = {"E": 41, "S": 42, "W": 43, "N": 44, "P": 45, "F": 46, "C": 47}
DRAW_NAMES = {  # an MJAI draw's reason -> Tenhou JSON's name of it
    "exhaustive_draw": "流局",
    "nagashi_mangan": "流し満貫",
    "kyushukyuhai": "九種九牌",
    "kyushu_kyuhai": "九種九牌",
    "four_winds": "四風連打",
    "four_riichi": "四家立直",
    "four_kans": "四槓散了",
    "triple_ron": "三家和了",
}


def code(tile: str) -> int:
    """An MJAI tile's Tenhou number (``5pr`` -> 52, ``N`` -> 44)."""
    if tile in HONOUR_CODES:
        return HONOUR_CODES[tile]
    suit = "mps".index(tile[1]) + 1
    return 50 + suit if tile.endswith("r") else suit * 10 + int(tile[0])


def _claim(event: dict[str, Any], players: int) -> str:
    """A chi, pon or open kan as Tenhou writes it: the letter before the claimed tile,
    first for a claim from the previous seat, second from across, last from the next,
    counted round four seats (a three-player game's fourth seat empty)."""
    letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[event["type"]]
    claimed = f"{letter}{code(event['pai'])}"
    others = [str(code(t)) for t in event["consumed"]]
    step = (event["target"] - event["actor"]) % 4
    at = 0 if step == 3 else (1 if step == 2 else len(others))
    return "".join([*others[:at], claimed, *others[at:]])


def tenhou_of(hands: Sequence[LoggedHand], rule: dict[str, Any] | None = None) -> str:
    """One game of hands of MJAI events (three or four players) as Tenhou JSON: four
    seats always (a three-player game's fourth empty), a North set aside as ``f44``
    among its player's discards, ``kyoku`` counted four to a round."""
    players = len(hands[0].start.data["tehais"])
    log = [_tenhou_hand([e.data for e in hand.events], players) for hand in hands]
    names = ["A", "B", "C", "D"]
    return json.dumps({"name": names, "rule": rule or {"disp": "", "aka": 1}, "log": log})


def _tenhou_hand(events: list[Any], players: int) -> list[Any]:
    start = events[0]
    pad = [0] * (4 - players)
    kyoku = "ESWN".index(start["bakaze"]) * 4 + start["oya"]
    seats: list[list[Any]] = [[[code(t) for t in tehai], [], []] for tehai in start["tehais"]]
    seats += [[[], [], []] for _ in pad]
    indicators = [code(start["dora_marker"])]
    ura: list[int] = []
    result: list[Any] = []
    riichi = [False] * players
    for event in events[1:]:
        kind, actor = event["type"], event.get("actor", 0)
        if kind == "tsumo":
            seats[actor][1].append(code(event["pai"]))
        elif kind == "reach":
            riichi[actor] = True
        elif kind == "dahai":
            tile = 60 if event.get("tsumogiri") else code(event["pai"])
            seats[actor][2].append(f"r{tile}" if riichi[actor] else tile)
            riichi[actor] = False
        elif kind in ("chi", "pon", "daiminkan"):
            seats[actor][1].append(_claim(event, players))
            if kind == "daiminkan":
                seats[actor][2].append(0)
        elif kind == "kakan":
            pon = "".join(str(code(t)) for t in event["consumed"])
            seats[actor][2].append(f"k{code(event['pai'])}{pon}")
        elif kind == "ankan":
            tiles = [str(code(t)) for t in event["consumed"]]
            seats[actor][2].append("".join(tiles[:3]) + "a" + tiles[3])
        elif kind in ("kita", "nukidora"):
            seats[actor][2].append("f44")
        elif kind == "dora":
            indicators.append(code(event["dora_marker"]))
        elif kind == "hora":
            ura = ura or [code(t) for t in event.get("ura_markers") or []]
            result = result or ["和了"]
            winner = [actor, event["target"], actor, *event.get("tenhou_score", [])]
            result += [[*event["deltas"], *pad], winner]
        elif kind == "ryukyoku":
            result = [DRAW_NAMES[event["reason"]], [*event["deltas"], *pad]]
    info = [kyoku, start["honba"], start["kyotaku"]]
    rows = [row for seat in seats for row in seat]
    return [info, [*start["scores"], *pad], indicators, ura, *rows, result]
