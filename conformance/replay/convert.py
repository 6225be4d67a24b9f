"""An MJAI hand as a play request: the wall the log shows, and its events as the script.

The log does not carry the wall, only the tiles drawn ("open wall"): the dealt hands are
``start_kyoku``'s ``tehais``, the draws every ``tsumo`` in order (the dealer's first being
the dealer's extra tile, which the play engine deals), the replacements the ``tsumo`` that
follows a kan or a North, the dora indicators ``start_kyoku``'s and each ``dora`` event's,
the ura indicators those a win shows. Each event becomes the action of the rules' grammar
(:mod:`spec.actions`) it is; a replacement draw and ``reach_accepted`` are none (the engine
draws and takes the deposit itself). The request is a ``play`` request like any fixture's,
with ``unscripted_claims: pass`` (a log records no passes) and ``trace: last``, and the
table's rule options where the log's header names them (``start_kyoku``'s ``options``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from conformance.problems import ProblemsError
from conformance.replay.mjai import Event, LoggedHand, seats_field
from conformance.replay.mjai import field as event_field

SEATS = ("east", "south", "west", "north")
HONOURS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}
WINDS = ("E", "S", "W", "N")  # MJAI's round winds, in the order of SEATS
RIICHI_DEPOSIT = 1_000
CALLS = frozenset({"chi", "pon", "daiminkan", "kakan", "ankan", "nukidora", "kita"})
URA_FIELDS = ("uradora_markers", "ura_markers")
KANS = frozenset({"daiminkan", "ankan", "kakan", "nukidora", "kita"})
TURNS = frozenset({"tsumo", "dahai"})


REASONS = {  # a draw's reason as logs spell it -> the play result's reason
    "exhaustive_draw": "exhaustive",
    "exhaustive": "exhaustive",
    "nagashi_mangan": "exhaustive",
    "nagashimangan": "exhaustive",
    "nm": "exhaustive",
    "kyushukyuhai": "nine-terminals",
    "kyushu_kyuhai": "nine-terminals",
    "nine_terminals": "nine-terminals",
    "yao9": "nine-terminals",
    "four_winds": "four-winds",
    "sufuurenta": "four-winds",
    "suufon_renda": "four-winds",
    "kaze4": "four-winds",
    "four_riichi": "four-riichi",
    "suucha_riichi": "four-riichi",
    "reach4": "four-riichi",
    "four_kans": "four-kongs",
    "suukansansen": "four-kongs",
    "kan4": "four-kongs",
    "triple_ron": "triple-ron",
    "sanchaho": "triple-ron",
    "ron3": "triple-ron",
}


TILES = {  # every MJAI tile -> MPSZ
    **{f"{rank}{suit}": f"{rank}{suit}" for suit in "mps" for rank in "123456789"},
    **{f"5{suit}r": f"0{suit}" for suit in "mps"},  # a red five
    **HONOURS,
}


def tile(hand: LoggedHand, event: Event, text: object, name: str = "pai") -> str:
    """An MJAI tile as MPSZ: ``5mr`` -> ``0m`` (a red five), ``E`` -> ``1z``, ``P`` -> ``5z``."""
    found = TILES.get(text) if isinstance(text, str) else None
    if found is not None:
        return found
    message = f"{event.type}.{name}: {text!r} is not an MJAI tile"
    raise ProblemsError([hand.problem(event, "log-tile", message, name)])


def plain(mpsz: str) -> str:
    """A red five named as a five: melds are named by their tiles' ranks (``pung 5p``)."""
    return mpsz.replace("0", "5")


@dataclass
class Script:
    """The request being built and, per action, the log line it came from."""

    players: int
    dealer: int  # the MJAI number of this hand's dealer
    draws: list[str] = field(default_factory=list)
    replacements: list[str] = field(default_factory=list)
    indicators: list[str] = field(default_factory=list)
    ura: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    held: dict[str, Counter[str]] = field(default_factory=dict)  # concealed tiles, by seat

    def act(self, event: Event, text: str) -> None:
        self.actions.append(text)
        self.lines.append(event.line)


@dataclass(frozen=True)
class Replayable:
    """A hand's play request and the log line of each of its actions."""

    request: dict[str, Any]
    lines: tuple[int, ...]
    players: int


def _seat(hand: LoggedHand, event: Event, script: Script, name: str = "actor") -> str:
    """The seat wind of the player ``event`` names (MJAI numbers players from the first
    dealer; the rules name them by their wind in this hand, the dealer being East)."""
    index = event.data.get(name)
    if type(index) is int and 0 <= index < script.players:  # not a bool
        return SEATS[(index - script.dealer) % script.players]
    index = event_field(hand, event, name, int)
    if not 0 <= index < script.players:
        message = f"{event.type}.{name} {index} is not a seat of {script.players} players"
        raise ProblemsError([hand.problem(event, "log-field", message, name)])
    return SEATS[(index - script.dealer) % script.players]


def _meld_action(hand: LoggedHand, event: Event, seat: str, held: Counter[str]) -> str:
    """The claim's action; it names the claimer's red five when the log melds it and the
    claimer could have melded a plain five instead (riichi.claims.red-five-choice)."""
    claimed = tile(hand, event, event.data.get("pai"))
    consumed = [
        tile(hand, event, t, "consumed") for t in event_field(hand, event, "consumed", list)
    ]
    red = next((t for t in consumed if t[0] == "0"), None)
    need = {"pon": 2, "chi": 1}.get(event.type)  # a kan melds every five: no choice
    choice = red is not None and need is not None and held[f"5{red[1]}"] >= need
    for each in consumed:
        held[each] -= 1
    if event.type == "chi":
        tiles = sorted([claimed, *consumed], key=lambda t: int(t[0]) or 5)
        ranks = "".join(t[0] for t in tiles)
        return f"{seat} chow {ranks if choice else plain(ranks)}{claimed[1]}"
    verb = {"pon": "pung", "daiminkan": "kong"}[event.type]
    return f"{seat} {verb} {red if choice and red else plain(claimed)}"


def _call(hand: LoggedHand, event: Event, seat: str, held: Counter[str]) -> str:
    """A claim, a kong or a North as an action, taking its tiles from ``held``."""
    if event.type in ("chi", "pon", "daiminkan"):
        return _meld_action(hand, event, seat, held)
    if event.type == "kakan":
        added = tile(hand, event, event.data.get("pai"))
        held[added] -= 1
        return f"{seat} added-kong {plain(added)}"
    if event.type == "ankan":
        consumed = event_field(hand, event, "consumed", list)
        kong = [tile(hand, event, t, "consumed") for t in consumed]
        for each in kong:
            held[each] -= 1
        first = kong[0] if kong else tile(hand, event, None, "consumed")
        return f"{seat} concealed-kong {plain(first)}"
    held["4z"] -= 1  # nukidora / kita: a North set aside
    return f"{seat} north"


def _triple_ron(event: Event, script: Script, discarder: str | None) -> None:
    """A triple ron's three wins, which the log writes as an abortive draw: the three other
    players declare them on the last discard (or added kan), in turn from its player, and
    the engine ends the hand as the table's rule says (riichi.abortive.triple-ron)."""
    if discarder is None:
        return  # no discard to win on: the engine's end is compared as it is
    first = SEATS.index(discarder)
    for step in range(1, script.players):
        script.act(event, f"{SEATS[(first + step) % script.players]} win")


def _turn(hand: LoggedHand, event: Event, script: Script, state: dict[str, Any]) -> None:
    """A draw (``tsumo``) or a discard (``dahai``): most of a log's events."""
    seat = _seat(hand, event, script)
    held = script.held[seat]
    pai = tile(hand, event, event.data.get("pai"))
    if event.type == "dahai":
        held[pai] -= 1
        verb = "riichi" if state.pop("reach", None) == seat else "discard"
        script.act(event, f"{seat} {verb} {pai}")
        state["discarded"] = seat
        return
    state["drew"] = seat
    held[pai] += 1
    if state.pop("replacement", None) == seat:
        script.replacements.append(pai)
    else:
        script.draws.append(pai)
        if state.pop("dealer_first", None) != seat:
            script.act(event, f"{seat} draw")
    state.pop("dealer_first", None)


def _event(hand: LoggedHand, event: Event, script: Script, state: dict[str, Any]) -> None:
    kind = event.type
    if kind in TURNS:
        _turn(hand, event, script, state)
        return
    if kind == "dora":
        script.indicators.append(tile(hand, event, event.data.get("dora_marker"), "dora_marker"))
        return
    if kind == "ryukyoku":
        reason = REASONS.get(str(event.data.get("reason")))
        if reason == "nine-terminals":
            # the player who drew last declares it (riichienv's event names no actor)
            seat = _seat(hand, event, script) if "actor" in event.data else state.get("drew")
            script.act(event, f"{seat} nine-terminals")
        elif reason == "triple-ron":
            _triple_ron(event, script, state.get("discarded"))
        return
    if kind == "reach_accepted":
        return
    seat = _seat(hand, event, script)
    if kind == "reach":
        state["reach"] = seat
    elif kind in CALLS:
        script.act(event, _call(hand, event, seat, script.held[seat]))
        state["discarded"] = seat if kind == "kakan" else None  # an added kan may be robbed
    elif kind == "hora":
        # the ura indicators are the same for every winner; a winner without riichi may
        # be logged without them. MJAI's name is uradora_markers (jansou writes it);
        # riichienv writes ura_markers
        name = next((n for n in URA_FIELDS if n in event.data), None)
        markers = event_field(hand, event, name, list) if name else []
        shown = [tile(hand, event, t, str(name)) for t in markers]
        script.ura = script.ura or shown
        script.act(event, f"{seat} win")
    if kind in KANS:
        state["replacement"] = seat


def replayable(hand: LoggedHand, variant: str) -> Replayable:
    """The play request of ``hand`` for ``variant``; :class:`ProblemsError` on a bad event."""
    start = hand.start
    tehais = event_field(hand, start, "tehais", list)
    players = len(tehais)
    if players not in (3, 4):
        message = f"start_kyoku.tehais has {players} hands; a table has 3 or 4 players"
        raise ProblemsError([hand.problem(start, "log-field", message, "tehais")])
    oya = event_field(hand, start, "oya", int)
    if not 0 <= oya < players:
        message = f"start_kyoku.oya {oya} is not a seat of {players} players"
        raise ProblemsError([hand.problem(start, "log-field", message, "oya")])
    script = Script(players, oya)
    rows = seats_field(hand, start, "tehais", players)
    for index in range(players):
        if not isinstance(rows[index], list):
            message = f"start_kyoku.tehais[{index}] should be a list of tiles"
            raise ProblemsError([hand.problem(start, "log-field", message, "tehais")])
        dealt_tiles = [tile(hand, start, t, "tehais") for t in rows[index]]
        script.held[SEATS[(index - oya) % players]] = Counter(dealt_tiles)
    dealt = {seat: " ".join(sorted(held.elements())) for seat, held in script.held.items()}
    script.indicators.append(tile(hand, start, start.data.get("dora_marker"), "dora_marker"))
    state: dict[str, Any] = {"dealer_first": "east"}
    for event in hand.events[1:]:
        _event(hand, event, script, state)
    wall: dict[str, Any] = {"hands": dealt, "draws": " ".join(script.draws)}
    if script.replacements:
        wall["replacements"] = " ".join(script.replacements)
    dead: dict[str, Any] = {"indicators": " ".join(script.indicators)}
    if script.ura:
        dead["ura"] = " ".join(script.ura)
    wall["dead_wall"] = dead
    bakaze = event_field(hand, start, "bakaze", str)
    if bakaze not in WINDS:
        message = f"start_kyoku.bakaze {bakaze!r} is not a wind (E, S, W, N)"
        raise ProblemsError([hand.problem(start, "log-field", message, "bakaze")])
    given: dict[str, Any] = {
        "wall": wall,
        "round": SEATS[WINDS.index(bakaze)],
        "honba": event_field(hand, start, "honba", int),
        "riichi_sticks": event_field(hand, start, "kyotaku", int),
        "actions": script.actions,
        "unscripted_claims": "pass",  # the log leaves out the claims nobody made
        "trace": "last",  # the replay reads the end, not every step
    }
    options = start.data.get("options")
    if isinstance(options, dict) and options:
        given["options"] = dict(options)  # the table rules the log's header names
    return Replayable(
        {"variant": variant, "kind": "play", "given": given}, tuple(script.lines), players
    )


def logged_deltas(hand: LoggedHand, players: int) -> tuple[str, dict[str, int]] | None:
    """How the log ends the hand (``win`` or the draw's reason) and each seat's score change
    over the hand: the ``hora`` events' deltas (or the ``ryukyoku``'s) and the riichi
    deposits (``reach_accepted``'s deltas, or 1,000 from its actor where it has none)."""
    ends = [e for e in hand.events if e.type in ("hora", "ryukyoku")]
    if not ends:
        return None
    oya = int(hand.start.data["oya"])
    total = dict.fromkeys(SEATS[:players], 0)
    changes = [e for e in hand.events if e.type == "reach_accepted" or e in ends]
    for change in changes:
        if change.type == "reach_accepted" and "deltas" not in change.data:
            actor = event_field(hand, change, "actor", int)
            total[SEATS[(actor - oya) % players]] -= RIICHI_DEPOSIT
            continue
        if change.type == "ryukyoku" and change.data.get("deltas") == []:
            continue  # jansou writes an abort's changes as []: none
        for index, delta in enumerate(seats_field(hand, change, "deltas", players)):
            if not isinstance(delta, int) or isinstance(delta, bool):
                message = f"{change.type}.deltas[{index}] is not a whole number"
                raise ProblemsError([hand.problem(change, "log-field", message, "deltas")])
            total[SEATS[(index - oya) % players]] += delta
    kind = "win" if ends[0].type == "hora" else str(ends[0].data.get("reason", "draw"))
    return kind, total
