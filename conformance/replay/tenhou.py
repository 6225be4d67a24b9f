"""Tenhou JSON game logs (the tenhou.net/6 format): read into hands of MJAI-shaped events.

A game is one JSON object whose ``log`` holds one array per hand: ``[kyoku, honba, sticks]``,
the scores, the dora and ura indicators, then for each player its 13 dealt tiles, its
*takes* (each a tile drawn, or a claim written as a meld string) and its *discards* (a
tile, ``60`` for the tile just drawn, ``r`` before a riichi discard, a concealed or added
kan as a meld string, ``0`` in the slot an open kan leaves), and the result (``和了`` with
score changes and winner details, or a draw's name with its changes). A win's score and
yaku strings, where written, go with its ``hora`` event
(:mod:`conformance.replay.tenhou_yaku`). Tiles are numbers: 11-19 characters, 21-29
circles, 31-39 bamboos, 41-47 East South West North White Green Red, 51-53 the red fives.

The order of turns is not written: it is rebuilt by playing the hand out seat after seat,
letting a player whose next take is a claim of the tile just discarded (from the seat its
meld string names) take it, and trying the claim as passed when it leads nowhere. Each
hand becomes the events an MJAI log would hold (:mod:`conformance.replay.mjai`), so the
rest of the replay is the same for both formats. The score changes Tenhou writes leave out
the riichi deposits (the next hand's scores show them): a riichi is taken as paid unless
its discard was won on.

A three-player game keeps the four seats' arrays, the fourth seat's dealt hand, takes and
discards empty (and its score 0); a North set aside is ``f44`` among its player's discards,
its replacement the next take. The hand's ``kyoku`` counts four to a round there too (the
dealer is ``kyoku % 4``), and a meld string's letter counts its seat round the four seats
(:meth:`Meld.source`), as real three-player Tenhou records write them (read, not shipped:
no licence allows it; see ``tests/real_logs/README.md``). A hand whose result is empty
``[]`` is a hand the log stops before its end (the replay says so).

The game's ``rule`` header names the table's rules (:func:`table_options`): ``aka`` (or
``aka51``-``aka53``, the red fives of each suit) and the lobby's ``disp`` (``鳳南喰赤``: 喰
open tanyao, 赤 red fives) become the request's options, as mjlog's ``GO type`` does.

The lobby's ``disp`` also names the game's length (東 an East game, 南 East-South), which
the replay compares the game's end with (:mod:`conformance.replay.game_end`) when the
document is a whole game: tenhou.net/6 writes the final scores and uma (``sc``) after the
log of a game that ended (a document of a single hand, as mjx writes one per line, has
none).

A file holds one game, or one game per line. Every malformed part is a located problem
naming the file, line and the array path (``log[3][5][2]``), for its hand only: the
file's other hands are read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.problems import Problem, ProblemsError, excerpt
from conformance.replay.mjai import Event, LoggedHand, json_line
from conformance.replay.tenhou_yaku import SCORE_FIELD, read_value
from conformance.replay.value import ScoreTextError

PLAYERS = 4  # seats written, three-player games included
TSUMOGIRI = 60
NORTH = "f44"  # a North set aside, among the discards of a three-player game
FINAL_SCORES = "sc"  # a whole game's final scores and uma, after its log
LEFT_BY_OPEN_KAN = 0
WIN = "和了"
DRAWS = {  # the result's name -> the MJAI ryukyoku reason
    "流局": "exhaustive_draw",
    "全員聴牌": "exhaustive_draw",
    "全員不聴": "exhaustive_draw",
    "流し満貫": "nagashi_mangan",
    "九種九牌": "kyushukyuhai",
    "四風連打": "four_winds",
    "四家立直": "four_riichi",
    "四槓散了": "four_kans",
    "三家和了": "triple_ron",
    "四開槓": "four_kans",  # jansou's spellings
    "三家和": "triple_ron",
}
RED_FIVES = ("aka51", "aka52", "aka53")  # the rule header's red fives of m, p, s
# the start of a Tenhou lobby's disp: players (三; none or 四 for four), room (一般, 上級,
# 特上, 鳳凰), 東 or 南, 喰 with open tanyao, 赤 with red fives (as tsubakisakura/mjlog2json
# writes it from GO type: mjlog2json-core/src/conv.rs, conv_rule)
LOBBY = re.compile(r"(三|四)?(般|上|特|鳳)(東|南)(喰)?(赤)?")
HONOURS = "ESWNPFC"
MELD_LETTERS = "cpmak"  # chi, pon, open kan, concealed kan, added kan
MAX_TURNS = 150  # takes or discards of one player in a hand: 70 live tiles and kans, with room
MAX_STEPS = 100_000  # turns tried per hand, all orders together, before giving up


class TenhouError(Exception):
    """A malformed part of a hand, at the path of the hand's array it names."""

    def __init__(self, message: str, path: Sequence[int] = (), code: str = "log-field") -> None:
        super().__init__(message)
        self.message = message
        self.path = tuple(path)
        self.code = code


def mjai_tile(code: object, *path: int) -> str:
    """A Tenhou tile number as an MJAI tile (``51`` -> ``5mr``, ``45`` -> ``P``)."""
    if isinstance(code, int) and not isinstance(code, bool):
        suit, rank = divmod(code, 10)
        if 1 <= suit <= 3 and 1 <= rank <= 9:
            return f"{rank}{'mps'[suit - 1]}"
        if suit == 4 and 1 <= rank <= 7:
            return HONOURS[rank - 1]
        if suit == 5 and 1 <= rank <= 3:
            return f"5{'mps'[rank - 1]}r"
    message = f"{excerpt(code)} is not a Tenhou tile (11-19, 21-29, 31-39, 41-47, 51-53)"
    raise TenhouError(message, path, "log-tile")


@dataclass(frozen=True)
class Meld:
    """A meld string: its letter, its tiles, and the place of the letter among them (which
    marks the claimed or added tile, and for a claim the seat it came from)."""

    letter: str
    tiles: tuple[str, ...]
    marked: int

    @property
    def focus(self) -> str:
        return self.tiles[min(self.marked, len(self.tiles) - 1)]

    def source(self, caller: int, players: int) -> int | None:
        """The seat a chi, pon or open kan claims from, counted round Tenhou's four seats:
        the letter first is the previous seat, second the one across, last the next. A
        three-player game keeps the fourth seat, empty: seat 2's next player (seat 0) is
        across, and so is seat 0's previous (seat 2). None when the count lands on the
        empty seat."""
        steps = 3 if self.letter == "c" else {0: 3, 1: 2}.get(self.marked, 1)
        source = (caller + steps) % PLAYERS
        return source if source < players else None


def parse_meld(text: str, *path: int) -> Meld:
    """``"p151515"``, ``"1515p15"``, ``"151515a15"``: the letter, then two digits a tile."""
    letters = [i for i, c in enumerate(text) if c.isalpha()]
    if len(letters) != 1 or text[letters[0]] not in MELD_LETTERS:
        raise TenhouError(f"{excerpt(text)} is not a meld string", path)
    at = letters[0]
    digits = text[:at] + text[at + 1 :]
    if len(digits) not in (6, 8) or not _digits(digits) or at % 2:
        raise TenhouError(f"{excerpt(text)} is not a meld string", path)
    tiles = tuple(mjai_tile(int(digits[i : i + 2]), *path) for i in range(0, len(digits), 2))
    letter = text[at]
    if len(tiles) != (3 if letter in "cp" else 4):
        raise TenhouError(f"{excerpt(text)}: a {letter} meld of {len(tiles)} tiles", path)
    return Meld(letter, tiles, at // 2)


def _digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also takes ``²`` and other digits ``int`` refuses."""
    return text.isascii() and text.isdigit()


def _plain(tile: str) -> str:
    return tile[:2]


@dataclass
class Walk:
    """Where the replay of one hand's takes and discards stands."""

    takes: list[list[Any]]
    discards: list[list[Any]]
    took: list[int]
    threw: list[int]
    events: list[dict[str, Any]]
    drawn: list[str | None]
    steps: list[int]  # shared by every copy: the whole search's budget

    @property
    def players(self) -> int:
        return len(self.takes)

    def copy(self) -> Walk:
        return Walk(
            self.takes,
            self.discards,
            list(self.took),
            list(self.threw),
            list(self.events),
            list(self.drawn),
            self.steps,
        )

    def done(self) -> bool:
        return all(t == len(x) for t, x in zip(self.took, self.takes, strict=True)) and all(
            t == len(x) for t, x in zip(self.threw, self.discards, strict=True)
        )


def _claimers(walk: Walk, discarder: int, tile: str) -> list[int]:
    """The seats whose next take claims ``tile`` from ``discarder``: a pon or kan first
    (it outranks a chi), then a chi."""
    found = []
    for seat in range(walk.players):
        if seat == discarder or walk.took[seat] >= len(walk.takes[seat]):
            continue
        take = walk.takes[seat][walk.took[seat]]
        if not isinstance(take, str):
            continue
        meld = parse_meld(take, 4 + 3 * seat + 1, walk.took[seat])
        if _plain(meld.focus) == _plain(tile) and meld.source(seat, walk.players) == discarder:
            found.append(seat)
    return sorted(found, key=lambda s: walk.takes[s][walk.took[s]].startswith("c"))


def _play(walk: Walk, seat: int, *, claimed: bool) -> Walk | None:
    """Play the hand on from ``seat`` (which claimed the last discard when ``claimed``);
    the finished walk, or None when this order of turns contradicts the log."""
    while True:
        walk.steps[0] += 1
        if walk.steps[0] > MAX_STEPS:
            raise TenhouError("no order of turns accounts for the hand's claims", (), "log-order")
        takes, index = walk.takes[seat], walk.took[seat]
        if index >= len(takes):
            return walk if walk.done() else None
        take = takes[index]
        walk.took[seat] += 1
        path = (4 + 3 * seat + 1, index)
        if isinstance(take, str):
            if not claimed:
                return None  # a claim reached in turn: an earlier discard was its tile
            _claim(walk, seat, parse_meld(take, *path), path)
        else:
            tile = mjai_tile(take, *path)
            walk.drawn[seat] = tile
            walk.events.append({"type": "tsumo", "actor": seat, "pai": tile})
        claimed = False
        if walk.threw[seat] >= len(walk.discards[seat]):
            return walk if walk.done() else None  # a self-drawn win, or nine terminals
        entry = walk.discards[seat][walk.threw[seat]]
        path = (4 + 3 * seat + 2, walk.threw[seat])
        walk.threw[seat] += 1
        if entry == LEFT_BY_OPEN_KAN and isinstance(take, str) and "m" in take:
            continue  # the open kan's replacement is the next take
        if entry == NORTH and walk.players == 3:
            walk.events.append({"type": "nukidora", "actor": seat, "pai": "N"})
            walk.drawn[seat] = None
            continue  # its replacement is the next take
        if isinstance(entry, str) and entry[:1] != "r":
            _own_kan(walk, seat, parse_meld(entry, *path), path)
            continue  # its replacement is the next take
        tile = _discarded(walk, seat, entry, path)
        for caller in _claimers(walk, seat, tile):
            tried = _play(walk.copy(), caller, claimed=True)
            if tried is not None:
                return tried
        seat = (seat + 1) % walk.players


def _discarded(walk: Walk, seat: int, entry: object, path: tuple[int, int]) -> str:
    riichi = isinstance(entry, str)
    code: object = entry
    if riichi:
        assert isinstance(entry, str)
        if not _digits(entry[1:]):
            raise TenhouError(f"{excerpt(entry)} is not a discard", path)
        code = int(entry[1:])
    if code == TSUMOGIRI:
        tile = walk.drawn[seat]
        if tile is None:
            raise TenhouError("60 (the tile just drawn) after a claim: nothing was drawn", path)
    else:
        tile = mjai_tile(code, *path)
    if riichi:
        walk.events.append({"type": "reach", "actor": seat})
    walk.events.append(
        {"type": "dahai", "actor": seat, "pai": tile, "tsumogiri": code == TSUMOGIRI}
    )
    if riichi:
        walk.events.append({"type": "reach_accepted", "actor": seat})
    walk.drawn[seat] = None
    return tile


def _claim(walk: Walk, seat: int, meld: Meld, path: tuple[int, int]) -> None:
    """A chi, pon or open kan of the last discard."""
    if meld.letter not in "cpm":
        raise TenhouError(f"a {meld.letter} meld among the takes", path, "log-field")
    kind = {"c": "chi", "p": "pon", "m": "daiminkan"}[meld.letter]
    consumed = list(meld.tiles)
    del consumed[min(meld.marked, len(consumed) - 1)]
    walk.events.append(
        {
            "type": kind,
            "actor": seat,
            "target": meld.source(seat, walk.players),
            "pai": meld.focus,
            "consumed": consumed,
        }
    )
    walk.drawn[seat] = None


def _own_kan(walk: Walk, seat: int, meld: Meld, path: tuple[int, int]) -> None:
    if meld.letter == "a":
        walk.events.append({"type": "ankan", "actor": seat, "consumed": list(meld.tiles)})
    elif meld.letter == "k":
        consumed = list(meld.tiles)
        del consumed[meld.marked]
        walk.events.append(
            {"type": "kakan", "actor": seat, "pai": meld.focus, "consumed": consumed}
        )
    else:
        raise TenhouError(f"a {meld.letter} meld in the discards", path)
    walk.drawn[seat] = None


def _kan_doras(events: list[dict[str, Any]], indicators: list[str]) -> list[dict[str, Any]]:
    """The events with a ``dora`` event after each kan while the log's indicators last
    (Tenhou lists the indicators, not when each was turned)."""
    out: list[dict[str, Any]] = []
    extra = iter(indicators[1:])
    for event in events:
        out.append(event)
        if event["type"] in ("ankan", "kakan", "daiminkan"):
            marker = next(extra, None)
            if marker is not None:
                out.append({"type": "dora", "dora_marker": marker})
    return out


def _list(
    value: object, length: int | None, what: str, *path: int, limit: int = MAX_TURNS
) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = "a list" if length is None else f"a list of {length}"
        raise TenhouError(f"{what} should be {size}, not {excerpt(value)}", path)
    if len(value) > limit:
        raise TenhouError(f"{what}: {len(value)} entries, more than a hand has ({limit})", path)
    return value


def _ending(result: list[Any], ura: list[str], players: int) -> list[dict[str, Any]]:
    """The ``hora`` events of a win (one per winner) or the ``ryukyoku`` of a draw; none
    for an empty result (the log stops before the hand ends)."""
    last = 4 + 3 * PLAYERS  # the result's index in the hand's array
    if not result:
        return []
    name = result[0]
    if name == WIN:
        if len(result) < 3 or len(result) % 2 == 0:
            raise TenhouError(
                "a win's result is its name, then changes and details in pairs", (last,)
            )
        return [_win(result, at, ura, players) for at in range(1, len(result), 2)]
    if name not in DRAWS:
        known = ", ".join([WIN, *DRAWS])
        message = f"unknown result {excerpt(name)}: a result is one of {known}"
        raise TenhouError(message, (last, 0))
    given = result[1] if len(result) > 1 else []  # an abort may write no changes
    deltas = (
        _list(given, PLAYERS, "a draw's score changes", last, 1) if given != [] else [0] * PLAYERS
    )
    return [{"type": "ryukyoku", "reason": DRAWS[name], "deltas": deltas[:players]}]


def _win(result: list[Any], at: int, ura: list[str], players: int) -> dict[str, Any]:
    """The ``hora`` of the win whose changes are ``result[at]`` and details the next."""
    last = 4 + 3 * PLAYERS
    deltas = _list(result[at], PLAYERS, "a win's score changes", last, at)
    detail = _list(result[at + 1], None, "a win's details", last, at + 1)
    if len(detail) < 2:
        raise TenhouError("a win's details start with the winner and the payer", (last, at + 1))
    win = {
        "type": "hora",
        "actor": _seat(detail[0], players, last, at + 1, 0),
        "target": _seat(detail[1], players, last, at + 1, 1),
        "deltas": deltas[:players],
        "ura_markers": ura,
    }
    try:
        value = read_value(detail[3:])
    except ScoreTextError as error:
        raise TenhouError(str(error), (last, at + 1, 3 + error.index)) from None
    if value is not None:
        for index, entry in enumerate(detail[4:], start=4):
            name = str(entry).split("(", 1)[0]
            if name in value.unknown:
                message = f"unknown yaku {excerpt(name)}: not a name of Tenhou's yaku list"
                raise TenhouError(message, (last, at + 1, index))
        win[SCORE_FIELD] = detail[3:]
    return win


def _whole(value: object, what: str, *path: int, least: int | None = None) -> int:
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or (least is not None and value < least)
    ):
        kind = "a whole number" if least is None else f"a whole number from {least}"
        raise TenhouError(f"{what} should be {kind}, not {excerpt(value)}", path)
    return value


def _seat(value: object, players: int, *path: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise TenhouError(f"{excerpt(value)} is not a player (0-{players - 1})", path)
    return value


def _players(array: list[Any]) -> int:
    """3 when the fourth seat's dealt hand is empty (a three-player game), else 4; a fourth
    seat with no dealt hand that takes or discards is refused."""
    base = 4 + 3 * 3
    if array[base] != []:
        return PLAYERS
    for offset, what in ((1, "takes"), (2, "discards")):
        if array[base + offset] != []:
            message = f"the fourth seat is dealt nothing (three players) but has {what}"
            raise TenhouError(message, (base + offset,))
    return 3


def hand_events(hand: object, options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The MJAI events of one hand's array, ``start_kyoku`` first (TenhouError if bad), the
    table's ``options`` (read from the game's rule header) on ``start_kyoku``."""
    size = 4 + 3 * PLAYERS + 1
    if isinstance(hand, list) and len(hand) == 4 + 3 * 3 + 1:
        raise TenhouError(
            "a hand of three seats: Tenhou JSON keeps four (a three-player game's fourth "
            "seat empty)",
            (),
        )
    array = _list(hand, size, "a hand")
    players = _players(array)
    info = _list(array[0], 3, "[kyoku, honba, sticks]", 0)
    kyoku = _whole(info[0], "kyoku", 0, 0, least=0)
    honba = _whole(info[1], "honba", 0, 1, least=0)
    sticks = _whole(info[2], "riichi sticks", 0, 2, least=0)
    if kyoku >= 16:
        raise TenhouError(f"kyoku {kyoku} is past the North round", (0, 0))
    if kyoku % PLAYERS >= players:
        message = f"kyoku {kyoku}: its dealer, seat {kyoku % PLAYERS}, is not one of 3 players"
        raise TenhouError(message, (0, 0))
    scores = [
        _whole(s, "a score", 1, i) for i, s in enumerate(_list(array[1], PLAYERS, "the scores", 1))
    ]
    indicators = [
        mjai_tile(t, 2, i) for i, t in enumerate(_list(array[2], None, "the dora indicators", 2))
    ]
    if not indicators:
        raise TenhouError("no dora indicator", (2,))
    ura = [mjai_tile(t, 3, i) for i, t in enumerate(_list(array[3], None, "the ura indicators", 3))]
    tehais = []
    takes: list[list[Any]] = []
    discards: list[list[Any]] = []
    for seat in range(players):
        base = 4 + 3 * seat
        dealt = _list(array[base], 13, "a dealt hand", base)
        tehais.append([mjai_tile(t, base, i) for i, t in enumerate(dealt)])
        takes.append(_list(array[base + 1], None, "a player's takes", base + 1))
        discards.append(_list(array[base + 2], None, "a player's discards", base + 2))
    result = _list(array[-1], None, "the result", size - 1)
    dealer = kyoku % PLAYERS
    walk = Walk(takes, discards, [0] * players, [0] * players, [], [None] * players, [0])
    played = _play(walk, dealer, claimed=False)
    if played is None:
        raise TenhouError(
            "no order of turns plays every take and discard of the hand", (), "log-order"
        )
    start = {
        "type": "start_kyoku",
        "bakaze": "ESWN"[kyoku // PLAYERS],
        "kyoku": dealer + 1,
        "honba": honba,
        "kyotaku": sticks,
        "oya": dealer,
        "scores": scores[:players],
        "dora_marker": indicators[0],
        "tehais": tehais,
    }
    if options:
        start["options"] = dict(options)
    events = _kan_doras(played.events, indicators)
    ending = _ending(result, ura, players)
    won_on = (
        bool(ending) and ending[0]["type"] == "hora" and ending[0]["target"] != ending[0]["actor"]
    )
    if won_on and events and events[-1]["type"] == "reach_accepted":
        events.pop()  # a riichi discard won on: its deposit is not paid
    return [start, *events, *ending]


def table_options(rule: object) -> dict[str, Any]:
    """The request options the game's ``rule`` header names (TenhouError if malformed): red
    fives from ``aka51``-``aka53`` (each suit's count) or ``aka`` (0: none), else from the
    lobby's ``disp`` (赤); open tanyao from ``disp`` (喰), where ``disp`` is a Tenhou lobby's
    name (``鳳南喰赤``, ``三般東喰``; others' headers, ``MyMahjong``, say nothing of it). The
    profile's defaults (red fives, open tanyao) write no option."""
    if rule is None:
        return {}
    if not isinstance(rule, Mapping):
        raise TenhouError(f"the rule header should be an object, not {excerpt(rule)}", ())
    disp = rule.get("disp")
    if disp is not None and not isinstance(disp, str):
        raise TenhouError(f"rule.disp should be the lobby's name, not {excerpt(disp)}", ())
    lobby = LOBBY.match(disp) if disp is not None else None
    options: dict[str, Any] = {}
    if lobby is not None and lobby.group(4) is None:
        options["open_tanyao"] = False  # riichi.house.open-tanyao
    counts = [_count(rule, name) for name in RED_FIVES]
    if any(count is not None for count in counts):
        reds = [f"0{suit}" for suit, n in zip("mps", counts, strict=True) for _ in range(n or 0)]
        if reds != ["0m", "0p", "0s"]:
            options["red_fives"] = reds or False
    elif rule.get("aka") is not None:
        if _count(rule, "aka") == 0:
            options["red_fives"] = False
    elif lobby is not None and lobby.group(5) is None:
        options["red_fives"] = False
    return options


def game_length(rule: object) -> str | None:
    """The game's length the lobby's ``disp`` names (東: an East game, 南: East-South), as a
    match request names it; None where the header names no Tenhou lobby."""
    disp = rule.get("disp") if isinstance(rule, Mapping) else None
    lobby = LOBBY.match(disp) if isinstance(disp, str) else None
    if lobby is None:
        return None
    return "east" if lobby.group(3) == "東" else "east-south"


def _count(rule: Mapping[str, Any], name: str) -> int | None:
    value = rule.get(name)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 4:
        raise TenhouError(f"rule.{name} should be a count of red fives, not {excerpt(value)}", ())
    return value


def _games(text: str, file: str) -> tuple[list[tuple[int, Any]], list[Problem]]:
    """The game objects of a file and their lines (the whole text, or one per line), and
    the problems of the lines that are not JSON (the other lines' games are read)."""
    try:
        return [(1, json.loads(text))], []
    except json.JSONDecodeError:
        pass
    except RecursionError:
        raise ProblemsError([Problem(file, 1, 1, "log-syntax", "JSON nested too deeply")]) from None
    games = []
    problems = []
    for line, raw in enumerate(text.splitlines(), start=1):
        if raw.strip():
            game, problem = json_line(file, line, raw)
            if problem is not None:
                problems.append(problem)
                continue
            games.append((line, game))
    return games, problems


def parse_tenhou(text: str, file: str) -> tuple[list[LoggedHand], list[Problem]]:
    """The hands of a Tenhou JSON file's ``text`` and the problems of the hands (or rule
    headers, or lines) that could not be read: the others are read all the same.
    :class:`ProblemsError` when the file is JSON nested too deeply."""
    hands: list[LoggedHand] = []
    games, problems = _games(text, file)
    for game, (line, document) in enumerate(games):
        log = document.get("log") if isinstance(document, dict) else None
        if not isinstance(log, list):
            message = "a Tenhou game is an object with a 'log' list"
            problems.append(Problem(file, line, 1, "log-field", message, ("log",)))
            continue
        try:
            options = table_options(document.get("rule"))
        except TenhouError as error:
            problems.append(Problem(file, line, 1, error.code, error.message, ("rule",)))
            options = {}
        length = game_length(document.get("rule"))
        ends = _ends_the_game(document, file, line, problems)
        for number, hand in enumerate(log):
            try:
                events = hand_events(hand, options)
            except TenhouError as error:
                path: tuple[str | int, ...] = ("log", number, *error.path)
                problems.append(Problem(file, line, 1, error.code, error.message, path))
                continue
            if length is not None:
                events[0]["length"] = length
            if ends and number == len(log) - 1:
                events[0]["last_hand"] = True  # the game's end: its final scores follow
            hands.append(LoggedHand(file, game, number, tuple(Event(line, e) for e in events)))
    return hands, problems


def _ends_the_game(
    document: Mapping[str, Any], file: str, line: int, problems: list[Problem]
) -> bool:
    """Whether the game's log ends the game: its final scores (``sc``, each seat's points
    and uma, numbers) follow it. Malformed final scores are a problem of the game (and its
    end is not compared), never read as an end."""
    scores = document.get(FINAL_SCORES)
    if scores is None:
        return False
    numbers = isinstance(scores, list) and all(
        isinstance(n, int | float) and not isinstance(n, bool) for n in scores
    )
    if numbers and len(scores) >= 6 and len(scores) % 2 == 0:
        return True
    message = f"sc should be each seat's final points and uma (numbers), not {excerpt(scores)}"
    problems.append(Problem(file, line, 1, "log-field", message, (FINAL_SCORES,)))
    return False


def is_tenhou(text: str) -> bool:
    """Whether ``text`` looks like Tenhou JSON (a game object with a ``log``) rather than MJAI
    (objects with a ``type``, one per line)."""
    first = text.lstrip()[:1]
    if first != "{":
        return False
    head = text.lstrip().split("\n", 1)[0]
    try:
        data = json.loads(head)
    except (json.JSONDecodeError, RecursionError):
        return '"log"' in text[:4096] and '"type"' not in text[:4096]
    return isinstance(data, dict) and "log" in data and "type" not in data
