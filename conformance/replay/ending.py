"""How a logged hand ended, read from its events, and what differs in the engine's result.

A log ends a hand with ``hora`` events (one per winner) or a ``ryukyoku`` with its reason,
spelled as its producer spells it (MJAI as riichienv or jansou writes it, or the names of
Tenhou JSON, read by :mod:`conformance.replay.tenhou`). Compared in order: a win or a
draw, the draw's reason, the winners, and each seat's score change over the hand (the
riichi deposits included); where the log writes a winner's value (Tenhou JSON's score and
yaku strings, the original mjai's ``yakus``, ``fu`` and ``fan``), its yaku, han, fu and
limit come before the score changes. The log's score
changes split into payments and deposits as the log's own events say: 1,000 down per
accepted riichi, every stick on the table to the first winner. Whether the game should
have ended before a hand (a player below zero) is the game's end, compared by
:mod:`conformance.replay.game_end` with the engine's match model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.problems import ProblemsError
from conformance.replay.convert import REASONS, RIICHI_DEPOSIT, SEATS, logged_deltas
from conformance.replay.mjai import LoggedHand
from conformance.replay.mjai_yaku import read_mjai_value
from conformance.replay.tenhou_yaku import SCORE_FIELD, read_value
from conformance.replay.value import (
    COUNTED,
    NORTHS,
    LoggedValue,
    ScoreTextError,
    engine_patterns,
    norths_in_dora,
)

NAGASHI = frozenset({"nagashi_mangan", "nagashimangan", "nm"})  # spellings of REASONS


@dataclass(frozen=True)
class LoggedEnd:
    """The end of a hand as its log tells it."""

    end: str  # win or draw
    spelled: str  # the draw's reason as the log spells it ("" for a win)
    winners: tuple[str, ...]  # in the order of the log's hora events
    deltas: Mapping[str, int]
    deposits: Mapping[str, int]
    sticks_left: int
    self_drawn: bool = False
    values: Mapping[str, LoggedValue] = field(default_factory=dict)  # winner -> its value

    @property
    def reason(self) -> str | None:
        """The draw's reason as a play result names it (None: a spelling not known here)."""
        return "win" if self.end == "win" else REASONS.get(self.spelled)

    @property
    def nagashi(self) -> bool:
        """Whether the log ends the hand with a nagashi mangan (an exhaustive draw)."""
        return self.spelled in NAGASHI

    @property
    def payments(self) -> dict[str, int]:
        return {seat: delta - self.deposits[seat] for seat, delta in self.deltas.items()}


@dataclass(frozen=True)
class EndDifference:
    """The first item of a hand's end on which the log and the engine disagree."""

    item: str  # end, reason, winners, yaku, han, fu, limit, score changes
    logged: str
    engine: str
    pattern: str | None = None  # for yaku: the first pattern one side has and not the other


def logged_end(hand: LoggedHand, players: int) -> LoggedEnd | None:
    """The hand's end as its log tells it (None: the log does not end the hand). Raises
    ProblemsError on a malformed field."""
    found = logged_deltas(hand, players)
    if found is None:
        return None
    kind, deltas = found
    oya = int(hand.start.data["oya"])

    def seat(index: object) -> str:
        return SEATS[(int(index) - oya) % players] if isinstance(index, int) else ""

    horas = [e for e in hand.events if e.type == "hora"]
    winners = tuple(seat(e.data.get("actor")) for e in horas)
    self_drawn = bool(horas) and all(e.data.get("actor") == e.data.get("target") for e in horas)
    declared = [seat(e.data.get("actor")) for e in hand.events if e.type == "reach_accepted"]
    deposits = dict.fromkeys(SEATS[:players], 0)
    for declarer in declared:
        if declarer in deposits:
            deposits[declarer] -= RIICHI_DEPOSIT
    on_table = int(hand.start.data.get("kyotaku", 0) or 0) + len(declared)
    sticks_left = on_table
    if winners and winners[0] in deposits:
        deposits[winners[0]] += RIICHI_DEPOSIT * on_table
        sticks_left = 0
    end = "win" if kind == "win" else "draw"
    spelled = "" if end == "win" else kind
    values = {}
    for hora in horas:
        try:
            value = read_mjai_value(hora.data)
            if value is None:
                value = read_value(hora.data.get(SCORE_FIELD, ()))
        except ScoreTextError as error:
            where = error.field or SCORE_FIELD
            raise ProblemsError([hand.problem(hora, "log-field", str(error), where)]) from None
        if value is not None:
            values[seat(hora.data.get("actor"))] = value
    return LoggedEnd(end, spelled, winners, deltas, deposits, sticks_left, self_drawn, values)


def match_hand(
    hand: LoggedHand, ending: LoggedEnd, tenpai: Sequence[str] | None
) -> dict[str, Any] | None:
    """The hand's outcome as a match request's hand (``$defs/hand_outcome``), seats counted
    from the game's first dealer (the log's player 0): ``ending`` is the log's end, seats
    counted from this hand's dealer as :func:`conformance.replay.ending.logged_end` counts
    them, and ``tenpai`` the engine's tenpai seats (same count) where its play result has
    them. None when an exhaustive draw's tenpai is known to neither."""
    players = len(hand.start.data["tehais"])
    oya = int(hand.start.data["oya"])

    def seat(name: str) -> str:
        return SEATS[(SEATS.index(name) + oya) % players]

    paid = ending.payments
    outcome: dict[str, Any]
    if ending.end == "win":
        outcome = {
            "winners": [seat(w) for w in ending.winners],
            "payments": {seat(s): amount for s, amount in paid.items()},
        }
        discarder = next((e.data.get("target") for e in hand.events if e.type == "hora"), None)
        if not ending.self_drawn and isinstance(discarder, int):
            outcome["from"] = SEATS[discarder % players]
    elif ending.reason == "exhaustive":
        noten_paid = not ending.nagashi and any(paid.values())
        ready = [s for s, amount in paid.items() if amount > 0] if noten_paid else tenpai
        if ready is None:
            return None
        outcome = {"draw": "exhaustive", "tenpai": sorted({seat(s) for s in ready})}
        if ending.nagashi:
            outcome["nagashi"] = [seat(s) for s, amount in paid.items() if amount > 0]
    else:
        outcome = {"draw": "abortive"}
    declared = [e.data.get("actor") for e in hand.events if e.type == "reach_accepted"]
    if declared:
        outcome["riichi"] = [SEATS[actor % players] for actor in declared if isinstance(actor, int)]
    return outcome


def engine_deltas(result: Mapping[str, Any], players: int) -> dict[str, int]:
    """The engine's score change per seat: the hand's payments and the deposits."""
    payments = result.get("payments", {})
    deposits = result.get("deposits", {})
    return {
        seat: int(payments.get(seat, 0)) + int(deposits.get(seat, 0)) for seat in SEATS[:players]
    }


def first_difference(
    logged: LoggedEnd, result: Mapping[str, Any], players: int
) -> EndDifference | None:
    """The first of end, reason, winners and score changes on which they differ."""
    end = str(result.get("end"))
    if end != logged.end:
        return EndDifference("end", logged.end, end)
    if logged.end == "draw" and logged.reason is not None:
        reason = str(result.get("reason"))
        if reason != logged.reason:
            return EndDifference("reason", f"{logged.reason} ({logged.spelled})", reason)
    winners = tuple(str(w.get("seat")) for w in result.get("winners", ()) if isinstance(w, dict))
    if sorted(winners) != sorted(logged.winners):
        return EndDifference("winners", " ".join(logged.winners), " ".join(winners))
    for winner in result.get("winners", ()):
        value = logged.values.get(str(winner.get("seat"))) if isinstance(winner, dict) else None
        if value is not None:
            difference = value_difference(value, winner)
            if difference is not None:
                return difference
    computed = engine_deltas(result, players)
    if dict(logged.deltas) != computed:
        return EndDifference("score changes", str(dict(logged.deltas)), str(computed))
    return None


def _shown(patterns: Mapping[str, int]) -> str:
    return " ".join(f"{p}:{n}" if p in COUNTED else p for p, n in sorted(patterns.items())) or "-"


def value_difference(logged: LoggedValue, winner: Mapping[str, Any]) -> EndDifference | None:
    """The first of a winner's yaku (with the dora counted), han, fu and limit on which the
    log's value and the engine's differ; a figure the log leaves out is not compared."""
    seat = str(winner.get("seat"))
    raw = winner.get("patterns", {})
    engine = engine_patterns(raw, logged)
    if engine != dict(logged.patterns) or logged.unknown:
        unknown = f" (names not known here: {', '.join(logged.unknown)})" if logged.unknown else ""
        shown = _shown(logged.patterns) + unknown
        differing = sorted(
            p for p in {*engine, *logged.patterns} if engine.get(p) != logged.patterns.get(p)
        )
        first = differing[0] if differing else None
        counted = ""
        if norths_in_dora(raw, logged):
            counted = " (its Norths counted in dora, as the log counts them)"
            first = NORTHS if first == "dora" else first  # sanma.dora.nuki's difference
        return EndDifference("yaku", f"{seat} {shown}", f"{seat} {_shown(engine)}{counted}", first)
    for item, figure in (("han", logged.han), ("fu", logged.fu)):
        if figure is not None and winner.get(item) != figure:
            return EndDifference(item, f"{seat} {figure}", f"{seat} {winner.get(item)}")
    limit = logged.limit
    stated = logged.limit_stated and (limit is not None or logged.fu is not None)
    if stated and winner.get("limit") != limit:
        return EndDifference("limit", f"{seat} {limit}", f"{seat} {winner.get('limit')}")
    return None
