"""Tenhou's own game records (mjlog XML, plain or gzip): read into hands of MJAI-shaped events.

An mjlog is one ``<mjloggm>`` element whose children, in the order they happened, are the
game: ``GO`` (the lobby: ``type`` holds its rule flags), ``UN`` (the players), ``TAIKYOKU``,
then per hand ``INIT`` (``seed="kyoku,honba,sticks,die,die,dora"``, ``ten`` the scores in
hundreds, ``oya`` the dealer, ``hai0``-``hai3`` the dealt tiles; the kyoku counts four to a
round in a three-player game too, South 1 being 4), the turns, and its end:
``AGARI`` (one per winner) or ``RYUUKYOKU``. A turn is a draw ``T``/``U``/``V``/``W`` or a
discard ``D``/``E``/``F``/``G`` of seat 0/1/2/3 with the tile's id after the letter
(``<T52/>``), a meld ``N`` (``who``, ``m`` its bit fields), a new dora indicator ``DORA``,
a riichi ``REACH`` (``step="1"`` declared, ``step="2"`` its deposit paid), ``BYE`` and
``UN`` (a player leaving and coming back: no play).

A tile is an id 0-135: the id divided by 4 is its kind (0-8 characters, 9-17 circles,
18-26 bamboos, 27-33 East South West North White Green Red); ids 16, 52 and 88 are the red
fives when the lobby plays with them. The ``m`` of a meld: bits 0-1 the seat it was claimed
from, counted on from the caller (0 none, 1 the next player, 2 across, 3 the previous);
bit 2 set a chi (bits 3-8 the copy of each of its three tiles, bits 10- the first tile's
kind and which of the three was claimed as ``kind * 3 + claimed``, the kind counted in
7 starting tiles per suit); else bit 3 a pon or bit 4 an added kan (bits 5-6 the copy
left out of the pon, bits 9- ``kind * 3 + claimed``: the claimed one among the three
copies left); else bit 5 a North set aside (bits 8- its id); else a kan (bits 8- the id
of the claimed tile, or of the first tile of a concealed kan). The ``GO`` flags: 0x01 a
game against people, 0x02 no red fives, 0x04 no open tanyao, 0x08 an east-south game,
0x10 three players, 0x20 and 0x80 the lobby's level, 0x40 a fast game. The end of the
game's last hand carries ``owari`` (the final scores and uma): with it the record holds the
whole game, and the replay compares its end (:mod:`conformance.replay.game_end`).

Sources of these facts (Tenhou publishes no description of the format): the ``GO`` flags
and the empty ``hai3`` of a three-player game as tsubakisakura/mjlog2json reads them
(``mjlog/src/parser.rs``), the meld fields as spquor/TenhouLogs.jl decodes them
(``playutils.jl``) and barbaroiware.net describes them (2019-12-19, the ``m`` of a pon),
and the real records of mjx-project/mjx's tests (shipped under ``tests/real_logs``), every
finished hand of which these readings replay in agreement; a real three-player record (the test
data of MitsuhiroTaniguchi/MahjongLM, not shipped: its notice leaves Tenhou's logs out of its
licence) shows how a three-player claim counts its seat (:func:`_source`).

Each hand becomes the events :mod:`conformance.replay.tenhou` makes of the same hand in
Tenhou JSON, the win's value written as Tenhou JSON's score and yaku strings
(:mod:`conformance.replay.tenhou_yaku`), so a game has the same verdicts in either format.
Records are untrusted: a document type or entity declaration is refused before any
parsing (no entity is ever expanded), and every malformed part is a located, coded
problem for its hand only; the other hands are read.
"""

from __future__ import annotations

import gzip
import io
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any
from xml.parsers import expat

from conformance.problems import Problem, excerpt
from conformance.replay.mjai import MAX_LOG_BYTES, Event, LoggedHand
from conformance.replay.tenhou_yaku import SCORE_FIELD

GZIP_MAGIC = b"\x1f\x8b"
ROOT = "mjloggm"
RED_IDS = frozenset({16, 52, 88})
HONOURS = "ESWNPFC"
DRAW_TAGS = "TUVW"
DISCARD_TAGS = "DEFG"
NORTH_KIND = 30
POINTS = 100  # mjlog writes scores and changes in hundreds
DECLARATIONS = (b"<!DOCTYPE", b"<!ENTITY")

# the lobby flags of GO type
AGAINST_PEOPLE = 0x01
NO_RED_FIVES = 0x02
NO_OPEN_TANYAO = 0x04
EAST_SOUTH = 0x08
THREE_PLAYERS = 0x10
FAST = 0x40
OWARI = "owari"  # on the end of a game's last hand: the final scores and uma

DRAWS = MappingProxyType(  # RYUUKYOKU type -> the reason Tenhou JSON's names are read as
    {
        "": "exhaustive_draw",
        "nm": "nagashi_mangan",
        "yao9": "kyushukyuhai",
        "kaze4": "four_winds",
        "reach4": "four_riichi",
        "kan4": "four_kans",
        "ron3": "triple_ron",
    }
)
YAKU_NAMES = (  # AGARI yaku ids, in Tenhou's order, as Tenhou JSON names them
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九",
    "一盃口", "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西",
    "場風 北", "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫",
    "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口",
    "純全帯幺九", "混一色", "清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎",
    "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面",
    "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)  # fmt: skip
LIMITS = ("", "満貫", "跳満", "倍満", "三倍満", "役満")  # AGARI ten's third number
ATTRIBUTES = MappingProxyType(  # the attributes each element may have
    {
        "SHUFFLE": frozenset({"seed", "ref"}),
        "GO": frozenset({"type", "lobby"}),
        "UN": frozenset({"n0", "n1", "n2", "n3", "dan", "rate", "sx"}),
        "TAIKYOKU": frozenset({"oya"}),
        "INIT": frozenset({"seed", "ten", "oya", "hai0", "hai1", "hai2", "hai3", "shuffle"}),
        "N": frozenset({"who", "m"}),
        "DORA": frozenset({"hai"}),
        "REACH": frozenset({"who", "step", "ten"}),
        "AGARI": frozenset(
            {"ba", "hai", "m", "machi", "ten", "yaku", "yakuman", "doraHai", "doraHaiUra"}
            | {"who", "fromWho", "paoWho", "sc", "owari"}
        ),
        "RYUUKYOKU": frozenset({"ba", "sc", "type", "hai0", "hai1", "hai2", "hai3", "owari"}),
        "BYE": frozenset({"who"}),
    }
)
TURN_TAG = frozenset(DRAW_TAGS + DISCARD_TAGS)
HEADER = frozenset({"SHUFFLE", "GO", "UN", "TAIKYOKU"})


@dataclass(frozen=True)
class Element:
    """A child of ``<mjloggm>``: its tag, attributes and where it starts."""

    tag: str
    attributes: Mapping[str, str]
    line: int
    column: int


@dataclass(frozen=True)
class Lobby:
    """The table rules of ``GO type``."""

    flags: int

    @property
    def red_fives(self) -> bool:
        return not self.flags & NO_RED_FIVES

    @property
    def players(self) -> int:
        return 3 if self.flags & THREE_PLAYERS else 4

    def options(self) -> dict[str, bool]:
        """The request options for the standard rules this lobby turns off (a lobby without
        red fives: ``red_fives``; without open tanyao: riichi.house.open-tanyao)."""
        off = {"red_fives": NO_RED_FIVES, "open_tanyao": NO_OPEN_TANYAO}
        return {name: False for name, flag in off.items() if self.flags & flag}

    @property
    def length(self) -> str:
        """The game's length as a match request names it: an East game or East-South."""
        return "east-south" if self.flags & EAST_SOUTH else "east"

    def described(self) -> dict[str, Any]:
        return {
            "type": self.flags,
            "players": self.players,
            "red_fives": self.red_fives,
            "open_tanyao": not self.flags & NO_OPEN_TANYAO,
            "rounds": self.length,
            "against_people": bool(self.flags & AGAINST_PEOPLE),
            "fast": bool(self.flags & FAST),
        }


@dataclass(frozen=True)
class MjlogRead:
    """The hands of a record and the problems of those that could not be read."""

    hands: tuple[LoggedHand, ...]
    problems: tuple[Problem, ...]


class MjlogError(Exception):
    """A malformed part of a hand: the element and attribute it is at."""

    def __init__(self, message: str, element: Element, attribute: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.element = element
        self.attribute = attribute


def is_mjlog(data: bytes) -> bool:
    """Whether ``data`` is read as an mjlog: gzip-compressed, or XML (its first character
    ``<``, which starts no JSON); XML that is no mjlog is then a located problem."""
    if data.startswith(GZIP_MAGIC):
        return True
    return data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


def _inflated(data: bytes, file: str) -> tuple[bytes, Problem | None]:
    """The record's bytes: ``data`` itself, or ``data`` decompressed (never past the size
    limit, so a small file that inflates to gigabytes is refused, not unpacked)."""
    if not data.startswith(GZIP_MAGIC):
        return data, None
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as unpacked:
            out = unpacked.read(MAX_LOG_BYTES + 1)
    except (OSError, EOFError, zlib.error) as error:
        return b"", Problem(file, 0, 0, "log-syntax", f"not a gzip file that can be read: {error}")
    if len(out) > MAX_LOG_BYTES:
        message = f"more than {MAX_LOG_BYTES} bytes once decompressed (the limit); not read"
        return b"", Problem(file, 0, 0, "file-too-large", message)
    return out, None


def _declaration(data: bytes, file: str) -> Problem | None:
    """A DTD or entity declaration, refused before parsing: an mjlog has none, and an
    entity is how an XML file expands to gigabytes."""
    found = [(data.find(d), d) for d in DECLARATIONS if d in data]
    if not found:
        return None
    at, what = min(found)
    line = data.count(b"\n", 0, at) + 1
    column = at - (data.rfind(b"\n", 0, at) + 1) + 1
    message = f"{what.decode()} declaration: an mjlog has none and it is not read"
    return Problem(file, line, column, "log-dtd", message)


class _RefusedError(Exception):
    pass


def _elements(data: bytes, file: str) -> tuple[list[Element], Problem | None]:
    """The children of the root, in order, or the problem that the XML is not an mjlog."""
    parser = expat.ParserCreate()
    found: list[Element] = []
    depth = [0]

    def start(tag: str, attributes: dict[str, str]) -> None:
        depth[0] += 1
        at = (parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        if depth[0] == 1 and tag != ROOT:
            raise _RefusedError(f"the root element is <{excerpt(tag)}>, not <{ROOT}>", *at)
        if depth[0] == 2:
            found.append(Element(tag, MappingProxyType(dict(attributes)), *at))

    def end(_tag: str) -> None:
        depth[0] -= 1

    def refuse(*_: object) -> None:
        at = (parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        raise _RefusedError("a document type or entity declaration is not read", *at)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    try:
        parser.Parse(data, True)
    except _RefusedError as error:
        message, line, column = error.args
        code = "log-dtd" if "declaration" in message else "log-field"
        return found, Problem(file, line, column, code, message)
    except expat.ExpatError as error:
        message = f"not XML: {expat.errors.messages[error.code]}"
        return found, Problem(file, error.lineno, error.offset + 1, "log-syntax", message)
    return found, None


def parse_mjlog(data: bytes, file: str) -> MjlogRead:
    """The hands of an mjlog (plain or gzip bytes); each bad hand a problem of its own."""
    data, problem = _inflated(data, file)
    problem = problem or _declaration(data, file)
    if problem is not None:
        return MjlogRead((), (problem,))
    elements, problem = _elements(data, file)
    problems = [problem] if problem is not None else []
    problems += _header_problems(elements, file)
    go = next((e for e in elements if e.tag == "GO"), None)
    try:
        lobby = Lobby(_whole(go, "type") if go is not None else 0)
    except MjlogError as error:
        return MjlogRead((), (*problems, _problem(file, error)))
    hands: list[LoggedHand] = []
    for number, part in enumerate(_hands(elements)):
        try:
            events = _hand_events(part, lobby)
        except MjlogError as error:
            problems.append(_problem(file, error, number))
            continue
        line = part[0].line
        hands.append(LoggedHand(file, 0, number, tuple(Event(line, e) for e in events)))
    return MjlogRead(tuple(hands), tuple(problems))


def _header_problems(elements: Sequence[Element], file: str) -> list[Problem]:
    """The problems of the elements before the first hand (the hands are read all the same)."""
    problems = []
    for element in elements:
        if element.tag == "INIT":
            break
        try:
            if element.tag not in HEADER:
                raise MjlogError(f"<{excerpt(element.tag)}> is not an mjlog element", element)
            _check_attributes(element)
        except MjlogError as error:
            problems.append(_problem(file, error))
    return problems


def _problem(file: str, error: MjlogError, number: int | None = None) -> Problem:
    where = error.element
    path: tuple[str | int, ...] = ("hand", number) if number is not None else ()
    path += (where.tag, error.attribute) if error.attribute else (where.tag,)
    return Problem(file, where.line, where.column, "log-field", error.message, path)


def _hands(elements: Sequence[Element]) -> list[list[Element]]:
    """The elements of each hand: an ``INIT`` and what follows it up to the next."""
    hands: list[list[Element]] = []
    for element in elements:
        if element.tag == "INIT":
            hands.append([element])
        elif hands:
            hands[-1].append(element)
    return hands


def _whole(element: Element, name: str) -> int:
    text = element.attributes.get(name)
    if text is None or not (text.isascii() and text.isdigit()):
        raise MjlogError(f"{name} should be a whole number, not {excerpt(text)}", element, name)
    return int(text)


def _numbers(element: Element, name: str, *, count: int | None = None) -> list[int]:
    """A comma-separated list of whole numbers (signed: score changes are)."""
    text = element.attributes.get(name, "")
    parts = text.split(",") if text else []
    if (count is not None and len(parts) < count) or not all(_signed(p) for p in parts):
        size = f"{count} " if count is not None else ""
        message = f"{name} should be {size}comma-separated numbers, not {excerpt(text)}"
        raise MjlogError(message, element, name)
    return [int(p) for p in parts]


def _final_scores(element: Element, players: int) -> None:
    """``owari``: each seat's final points (hundreds) and uma (decimals), comma-separated;
    anything else is a located problem, never read as the game's end."""
    text = element.attributes[OWARI]
    parts = text.split(",")
    if len(parts) < 2 * players or not all(_decimal(p) for p in parts):
        message = f"owari should be each seat's final points and uma, not {excerpt(text)}"
        raise MjlogError(message, element, OWARI)


def _decimal(text: str) -> bool:
    whole, _, fraction = text.partition(".")
    return _signed(whole) and (not fraction or (fraction.isascii() and fraction.isdigit()))


def _signed(text: str) -> bool:
    digits = text[1:] if text[:1] == "-" else text
    return digits.isascii() and digits.isdigit()


def mjai_tile(tile_id: int, lobby: Lobby, element: Element, name: str = "") -> str:
    """A tile id as an MJAI tile (``52`` -> ``5pr`` in a lobby with red fives)."""
    if not 0 <= tile_id < 136:
        raise MjlogError(f"{tile_id} is not a tile id (0-135)", element, name)
    kind = tile_id // 4
    if kind >= 27:
        return HONOURS[kind - 27]
    suit, rank = divmod(kind, 9)
    red = "r" if tile_id in RED_IDS and lobby.red_fives else ""
    return f"{rank + 1}{'mps'[suit]}{red}"


@dataclass
class _Hand:
    """The hand being read: its table and what each seat drew last."""

    lobby: Lobby
    players: int
    events: list[dict[str, Any]] = field(default_factory=list)
    drawn: list[int | None] = field(default_factory=list)
    ended: bool = False

    def tile(self, tile_id: int, element: Element, name: str = "") -> str:
        return mjai_tile(tile_id, self.lobby, element, name)

    def seat(self, element: Element, name: str = "who") -> int:
        seat = _whole(element, name)
        if seat >= self.players:
            message = f"{name}={seat} is not a seat of {self.players} players"
            raise MjlogError(message, element, name)
        return seat


def _hand_events(part: Sequence[Element], lobby: Lobby) -> list[dict[str, Any]]:
    init = part[0]
    _check_attributes(init)
    hai = [_numbers(init, f"hai{seat}") for seat in range(4)]
    players = 3 if lobby.players == 3 or not hai[3] else 4
    hand = _Hand(lobby, players, drawn=[None] * players)
    seed = _numbers(init, "seed", count=6)
    scores = _numbers(init, "ten", count=players)[:players]
    dealer = hand.seat(init, "oya")
    if not 0 <= seed[0] < 16 or seed[0] % 4 >= players or min(seed[1:3]) < 0:
        raise MjlogError(f"seed {init.attributes['seed']!r}: not a hand's numbers", init, "seed")
    tehais = []
    for seat in range(players):
        if len(hai[seat]) != 13:
            message = f"hai{seat} holds {len(hai[seat])} tiles, not 13"
            raise MjlogError(message, init, f"hai{seat}")
        tehais.append([hand.tile(t, init, f"hai{seat}") for t in hai[seat]])
    hand.events.append(
        {
            "type": "start_kyoku",
            "bakaze": "ESWN"[seed[0] // 4],  # four to a round, three-player games too
            "kyoku": dealer + 1,
            "honba": seed[1],
            "kyotaku": seed[2],
            "oya": dealer,
            "scores": [s * POINTS for s in scores],
            "dora_marker": hand.tile(seed[5], init, "seed"),
            "tehais": tehais,
            "lobby": lobby.described(),
            "options": lobby.options(),
            "length": lobby.length,
        }
    )
    for element in part[1:]:
        _element(hand, element)
    if not hand.ended:
        raise MjlogError("the hand has no AGARI or RYUUKYOKU: it never ends", part[-1])
    ends = [element for element in part if OWARI in element.attributes]
    if ends:
        _final_scores(ends[0], hand.players)
        hand.events[0]["last_hand"] = True  # the record ends the game after this hand
    return hand.events


def _check_attributes(element: Element) -> None:
    known = ATTRIBUTES.get(element.tag, frozenset())
    unknown = sorted(set(element.attributes) - known)
    if unknown:
        name = unknown[0]
        message = f"<{element.tag}> has an attribute {excerpt(name)} no mjlog writes"
        raise MjlogError(message, element, name)


def _element(hand: _Hand, element: Element) -> None:
    tag = element.tag
    if tag[:1] in TURN_TAG and tag[1:].isascii() and tag[1:].isdigit():
        if element.attributes:
            raise MjlogError(f"a turn <{tag}> has attributes", element)
        _turn(hand, element)
        return
    reader = READERS.get(tag)
    if reader is None:
        raise MjlogError(f"<{excerpt(tag)}> is not an element of a hand", element)
    _check_attributes(element)
    if hand.ended and tag not in ("AGARI", "BYE", "UN"):
        raise MjlogError(f"<{tag}> after the hand's end", element)
    reader(hand, element)


def _turn(hand: _Hand, element: Element) -> None:
    letter, tile_id = element.tag[0], int(element.tag[1:])
    if hand.ended:
        raise MjlogError(f"<{element.tag}> after the hand's end", element)
    seat = (DRAW_TAGS if letter in DRAW_TAGS else DISCARD_TAGS).index(letter)
    if seat >= hand.players:
        raise MjlogError(f"<{element.tag}>: seat {seat} of {hand.players} players", element)
    tile = hand.tile(tile_id, element)
    if letter in DRAW_TAGS:
        hand.drawn[seat] = tile_id
        hand.events.append({"type": "tsumo", "actor": seat, "pai": tile})
        return
    tsumogiri = hand.drawn[seat] == tile_id
    hand.drawn[seat] = None
    hand.events.append({"type": "dahai", "actor": seat, "pai": tile, "tsumogiri": tsumogiri})


def _reach(hand: _Hand, element: Element) -> None:
    seat = hand.seat(element)
    step = _whole(element, "step")
    if step not in (1, 2):
        raise MjlogError(f"step={step}: a riichi has steps 1 and 2", element, "step")
    hand.events.append({"type": "reach" if step == 1 else "reach_accepted", "actor": seat})


def _dora(hand: _Hand, element: Element) -> None:
    marker = hand.tile(_whole(element, "hai"), element, "hai")
    hand.events.append({"type": "dora", "dora_marker": marker})


def _meld(hand: _Hand, element: Element) -> None:
    seat = hand.seat(element)
    code = _whole(element, "m")
    hand.events.append(decode_meld(code, seat, hand.players, hand.lobby, element))
    hand.drawn[seat] = None


def decode_meld(code: int, seat: int, players: int, lobby: Lobby, at: Element) -> dict[str, Any]:
    """The MJAI event of the meld ``code`` (``N``'s ``m``) made by ``seat``."""

    def tile(tile_id: int, element: Element, name: str) -> str:
        return mjai_tile(tile_id, lobby, element, name)

    target = _source(code, seat, players, at)
    if code & 0x4:  # chi
        start, claimed = divmod(code >> 10, 3)
        suit, first = divmod(start, 7)
        if suit > 2:
            raise MjlogError(f"m={code}: a chi of honours", at, "m")
        kind = suit * 9 + first
        ids = [(kind + i) * 4 + ((code >> (3 + 2 * i)) & 3) for i in range(3)]
        return _claim("chi", seat, target, [tile(i, at, "m") for i in ids], claimed, at)
    if code & 0x18:  # pon, or a pon added to a kan
        kind, claimed = divmod(code >> 9, 3)
        if kind > 33:
            raise MjlogError(f"m={code}: no tile kind {kind}", at, "m")
        left_out = (code >> 5) & 3
        ids = [kind * 4 + i for i in range(4) if i != left_out]
        if code & 0x8:
            return _claim("pon", seat, target, [tile(i, at, "m") for i in ids], claimed, at)
        added = tile(kind * 4 + left_out, at, "m")
        consumed = [tile(i, at, "m") for i in ids]
        return {"type": "kakan", "actor": seat, "pai": added, "consumed": consumed}
    if code & 0x20:  # a North set aside
        north = code >> 8
        if north // 4 != NORTH_KIND:
            raise MjlogError(f"m={code}: a North set aside is tile {north}", at, "m")
        return {"type": "nukidora", "actor": seat, "pai": tile(north, at, "m")}
    called = code >> 8
    kind = called // 4
    if kind > 33:
        raise MjlogError(f"m={code}: no tile kind {kind}", at, "m")
    ids = [kind * 4 + i for i in range(4)]
    if code & 3 == 0:
        return {"type": "ankan", "actor": seat, "consumed": [tile(i, at, "m") for i in ids]}
    tiles = [tile(i, at, "m") for i in ids]
    return _claim("daiminkan", seat, target, tiles, ids.index(called), at)


def _source(code: int, seat: int, players: int, at: Element) -> int:
    """The seat a meld claims from: ``m``'s bits 0-1 count it on from the caller round a
    table of four seats (1 the next seat, 2 across, 3 the previous), three-player tables
    included, whose fourth seat (3) stays empty: there seat 2's next player, seat 0, is 2
    seats on, and seat 0's previous player, seat 2, is 2 seats on too (a real three-player
    record, MahjongLM's test data, claims so). A count that lands on the empty seat is a
    located problem, never another seat."""
    source = (seat + (code & 3)) % 4
    if source >= players:
        message = f"m={code}: a claim from seat {source}, empty at a table of three"
        raise MjlogError(message, at, "m")
    return source


def _claim(
    kind: str, seat: int, target: int, tiles: list[str], claimed: int, at: Element
) -> dict[str, Any]:
    """A claim of ``tiles[claimed]`` from ``target``: the other tiles are the caller's."""
    if target == seat:
        raise MjlogError(f"a {kind} claimed from its own caller", at, "m")
    consumed = [t for n, t in enumerate(tiles) if n != claimed]
    return {
        "type": kind,
        "actor": seat,
        "target": target,
        "pai": tiles[claimed],
        "consumed": consumed,
    }


def _deltas(hand: _Hand, element: Element) -> list[int]:
    """The score changes of ``sc`` (``score,change`` per seat, in hundreds)."""
    pairs = _numbers(element, "sc", count=2 * hand.players)
    return [pairs[2 * seat + 1] * POINTS for seat in range(hand.players)]


def _agari(hand: _Hand, element: Element) -> None:
    winner = hand.seat(element)
    payer = hand.seat(element, "fromWho")
    ura = [hand.tile(t, element, "doraHaiUra") for t in _numbers(element, "doraHaiUra")]
    win: dict[str, Any] = {
        "type": "hora",
        "actor": winner,
        "target": payer,
        "deltas": _deltas(hand, element),
        "ura_markers": ura,
    }
    if "ten" in element.attributes:  # a record written by hand may leave the value out
        win[SCORE_FIELD] = _score_texts(element)
    hand.events.append(win)  # a riichi discard won on has no step 2: no deposit paid
    hand.ended = True


def _score_texts(element: Element) -> list[str]:
    """The win's score and yaku as Tenhou JSON writes them (``30符2飜2000点``, ``立直(1飜)``);
    the points are the win's total, which the replay does not read."""
    fu, points, limit = _numbers(element, "ten", count=3)[:3]
    pairs = _numbers(element, "yaku")
    yakuman = _numbers(element, "yakuman")
    if len(pairs) % 2 or not 0 <= limit < len(LIMITS):
        raise MjlogError("yaku pairs or the limit of ten are not readable", element, "yaku")
    entries = [
        f"{_yaku_name(y, element)}({han}飜)" for y, han in zip(pairs[::2], pairs[1::2], strict=True)
    ]
    entries += [f"{_yaku_name(y, element)}(役満)" for y in yakuman]
    han = sum(pairs[1::2])
    score = f"{LIMITS[limit]}{points}点" if limit else f"{fu}符{han}飜{points}点"
    return [score, *entries]


def _yaku_name(yaku: int, element: Element) -> str:
    if not 0 <= yaku < len(YAKU_NAMES):
        raise MjlogError(f"yaku id {yaku} is not one of Tenhou's (0-54)", element, "yaku")
    return YAKU_NAMES[yaku]


def _ryuukyoku(hand: _Hand, element: Element) -> None:
    kind = element.attributes.get("type", "")
    if kind not in DRAWS:
        message = f"type={excerpt(kind)} is not a draw Tenhou writes ({', '.join(DRAWS)[2:]})"
        raise MjlogError(message, element, "type")
    deltas = _deltas(hand, element) if "sc" in element.attributes else [0] * hand.players
    hand.events.append({"type": "ryukyoku", "reason": DRAWS[kind], "deltas": deltas})
    hand.ended = True


def _no_play(hand: _Hand, element: Element) -> None:
    """A player leaving (``BYE``) or coming back (``UN``): Tenhou plays on for them."""


READERS: Mapping[str, Callable[[_Hand, Element], None]] = MappingProxyType(
    {
        "N": _meld,
        "REACH": _reach,
        "DORA": _dora,
        "AGARI": _agari,
        "RYUUKYOKU": _ryuukyoku,
        "BYE": _no_play,
        "UN": _no_play,
    }
)
