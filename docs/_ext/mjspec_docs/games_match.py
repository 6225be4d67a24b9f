"""A ``match`` fixture drawn for readers, Taiwanese or riichi.

A Taiwanese match (a length in hands) shows the outcome and payments of each
hand, then the dealer, streak and totals after each hand and the final
standings. A riichi match (a length of ``one-hand``, ``east`` or ``east-south``,
told apart by :func:`is_riichi_match`) shows the length in words, each hand's
outcome, riichi declarers and payments for the variant's seats, then the round,
dealer, honba, sticks and points after each hand, and the final points,
standings and uma; a value the engine computed differently from the expectation
is marked "(differs)". The answer is the engine's outcome when it was computed,
otherwise the fixture's expectation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from docutils import nodes

from .games_common import (
    SEATS,
    captioned,
    seat_name,
    signed,
    yes_no,
)
from .nodes_util import Cell, field_list, literal, para, table


def match_situation(given: Mapping[str, Any]) -> list[nodes.Node]:
    fields: list[tuple[str, list[nodes.Node]]] = [
        ("Length", [para(f"{given.get('length')} hands (drawn hands count)")]),
        ("First dealer", [para(seat_name(given.get("dealer", "east")))]),
    ]
    rows = []
    for index, hand in enumerate(given.get("hands", []), start=1):
        if hand.get("draw"):
            what = "exhaustive draw"
        else:
            what = "won by " + ", ".join(seat_name(s) for s in hand.get("winners", []))
        payments = hand.get("payments", {})
        rows.append([str(index), what, *(signed(payments.get(s)) for s in SEATS)])
    headers = ["Hand", "Outcome", *(seat_name(s) for s in SEATS)]
    hands = table(headers, rows, numeric=[0, 2, 3, 4, 5])
    return [field_list(fields), captioned(hands, "The hands and their payments")]


def match_answer(answer: Mapping[str, Any]) -> list[nodes.Node]:
    """The state after each hand and at the end (from an outcome or an expectation)."""
    out: list[nodes.Node] = []
    states = answer.get("after", [])
    if states:
        rows = [
            [
                str(index),
                seat_name(state["dealer"]) if "dealer" in state else "",
                str(state.get("dealer_streak", "")),
                str(state.get("hands_played", "")),
                *(signed(state.get("totals", {}).get(s)) for s in SEATS),
            ]
            for index, state in enumerate(states, start=1)
        ]
        headers = ["After hand", "Dealer", "Streak", "Played", *(seat_name(s) for s in SEATS)]
        node = table(headers, rows, numeric=[0, 2, 3, 4, 5, 6, 7])
        out.append(captioned(node, "After each hand (totals per seat)"))
    final = answer.get("final")
    if isinstance(final, Mapping):
        out.append(final_para(final))
    return out


def final_para(final: Mapping[str, Any]) -> nodes.paragraph:
    words: list[str] = []
    if "ended" in final:
        words.append("The match is over." if final["ended"] else "The match goes on.")
    if "hands_played" in final:
        words.append(f"Hands played: {final['hands_played']}.")
    totals = final.get("totals")
    if isinstance(totals, Mapping):
        shown = ", ".join(f"{seat_name(s)} {signed(v)}" for s, v in totals.items())
        words.append(f"Totals: {shown}.")
    standings: Sequence[Any] = final.get("standings", [])
    if standings:
        ranked = ", ".join(f"{n}. {seat_name(s)}" for n, s in enumerate(standings, start=1))
        words.append(f"Standings: {ranked}.")
    return para(" ".join(words))


# --- riichi match ---------------------------------------------------------------------------

RIICHI_LENGTHS = {
    "one-hand": "a single hand",
    "east": "East round",
    "east-south": "East and South rounds",
}
DIFFERS = " (differs)"


def is_riichi_match(given: Mapping[str, Any]) -> bool:
    """Whether a match fixture has the riichi shape (a length in words, not in hands)."""
    return str(given.get("length")) in RIICHI_LENGTHS


def seat_list(seats: Sequence[object]) -> str:
    """``East, South and West`` (``nobody`` when empty)."""
    names = [seat_name(s) for s in seats]
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def riichi_outcome(hand: Mapping[str, Any]) -> str:
    """One hand outcome in words: a win (on a discard or by self-draw) or a draw."""
    draw = hand.get("draw")
    if draw == "abortive":
        return f"abortive draw ({str(hand.get('reason', '?')).replace('-', ' ')})"
    if draw:
        tenpai = ", ".join(str(s) for s in hand.get("tenpai", [])) or "nobody"
        words = f"{draw} draw — tenpai: {tenpai}"
        nagashi = hand.get("nagashi", [])
        if nagashi:
            words += "; nagashi mangan: " + ", ".join(str(s) for s in nagashi)
        return words
    winners = list(hand.get("winners", []))
    verb = "wins" if len(winners) == 1 else "win"
    source = hand.get("from")
    how = f"on {seat_name(source)}'s discard" if source else "by self-draw"
    return f"{seat_list(winners)} {verb} {how}"


def riichi_match_situation(given: Mapping[str, Any], seats: Sequence[str]) -> list[nodes.Node]:
    """The length of a riichi match and its hands: outcome, riichi declarers, payments."""
    length = str(given.get("length"))
    fields: list[tuple[str, list[nodes.Node]]] = [
        ("Length", [para(RIICHI_LENGTHS.get(length, length), " (", literal(length), ")")])
    ]
    rows: list[list[Cell]] = []
    for index, hand in enumerate(given.get("hands", []), start=1):
        payments = hand.get("payments")
        paid = payments if isinstance(payments, Mapping) else {}
        declared = hand.get("riichi", [])
        rows.append(
            [
                str(index),
                riichi_outcome(hand),
                ", ".join(seat_name(s) for s in declared) if declared else "—",
                *(signed(paid.get(s)) for s in seats),
            ]
        )
    headers = ["Hand", "Outcome", "Riichi", *(seat_name(s) for s in seats)]
    numeric = [0, *range(3, 3 + len(seats))]
    hands = table(headers, rows, numeric=numeric)
    caption = "The hands and their payments (honba included; riichi sticks apart)"
    note = para(
        "A draw's payments (noten, nagashi mangan) follow from who was tenpai; "
        "the engine computes them.",
        classes=["mj-meta"],
    )
    return [field_list(fields), captioned(hands, caption), note]


@dataclass(frozen=True)
class RiichiMatchAnswer:
    """The state after each hand and at the end of a riichi match (an outcome or expectation).

    ``differing`` maps a compared path (``after[0].points``, ``final.uma``) to the value
    the fixture expects there; those values are marked where the engine's answer is shown.
    """

    answer: Mapping[str, Any]
    seats: Sequence[str]
    length: str
    differing: Mapping[str, Any]

    def marked(self, text: str, *paths: str, seat: str | None = None) -> nodes.paragraph:
        """``text``, marked when the engine's value at one of ``paths`` (for ``seat``) differs."""
        return para(text, *self.marks(*paths, seat=seat))

    def marks(self, *paths: str, seat: str | None = None) -> list[nodes.Node]:
        """The mark "(differs)" when the engine's value at one of ``paths`` differs."""
        if any(self.differs(path, seat) for path in paths):
            return [nodes.strong("", DIFFERS)]
        return []

    def differs(self, path: str, seat: str | None) -> bool:
        if path not in self.differing:
            return False
        expected = self.differing[path]
        if seat is None or not isinstance(expected, Mapping):
            return True
        return bool(expected.get(seat) != self.seat_value(path, seat))

    def seat_value(self, path: str, seat: str) -> object:
        """The answer's value for ``seat`` in the map at ``path`` (``after[2].points``)."""
        record, _, key = path.partition(".")
        found: object = None
        if record == "final":
            final = self.answer.get("final")
            found = final.get(key) if isinstance(final, Mapping) else None
        elif record.startswith("after[") and record.endswith("]"):
            states = self.answer.get("after", [])
            index = int(record[len("after[") : -1])
            found = states[index].get(key) if index < len(states) else None
        return found.get(seat) if isinstance(found, Mapping) else None

    def drawn(self) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        states = self.answer.get("after", [])
        if states:
            out.append(self.after_table(states))
        final = self.answer.get("final")
        if isinstance(final, Mapping):
            out += self.final(final)
        return out

    def after_table(self, states: Sequence[Mapping[str, Any]]) -> nodes.table:
        rows: list[list[Cell]] = []
        for index, state in enumerate(states):
            where = f"after[{index}]"
            points = state.get("points", {})
            dealer = state.get("dealer")
            ended = state.get("ended")
            rows.append(
                [
                    str(index + 1),
                    self.marked(round_words(state), f"{where}.round", f"{where}.hand"),
                    self.marked(seat_name(dealer) if dealer else "", f"{where}.dealer"),
                    self.marked(str(state.get("honba", "")), f"{where}.honba"),
                    self.marked(str(state.get("sticks", "")), f"{where}.sticks"),
                    *(
                        self.marked(points_words(points.get(s)), f"{where}.points", seat=s)
                        for s in self.seats
                    ),
                    self.marked("" if ended is None else yes_no(ended), f"{where}.ended"),
                ]
            )
        headers = ["After hand", "Round", "Dealer", "Honba", "Sticks"]
        headers += [*(seat_name(s) for s in self.seats), "Ended"]
        numeric = [0, 3, 4, *range(5, 5 + len(self.seats))]
        node = table(headers, rows, numeric=numeric)
        caption = "After each hand: the next deal (round, dealer, honba, sticks) and the points"
        return captioned(node, caption)

    def final(self, final: Mapping[str, Any]) -> list[nodes.Node]:
        """The end: whether the match is over, then the points and uma by standing."""
        out: list[nodes.Node] = []
        words: list[nodes.Node] = []
        if "ended" in final:
            words.append(
                nodes.Text("The match is over." if final["ended"] else "The match goes on.")
            )
            words += self.marks("final.ended")
        if "hands_played" in final:
            words.append(nodes.Text(f" Hands played: {final['hands_played']}."))
            words += self.marks("final.hands_played")
        if words:
            out.append(para(*words))
        uma = final.get("uma")
        with_uma = isinstance(uma, Mapping) and bool(uma)
        if "points" in final or "standings" in final:
            out.append(self.standings_table(final, with_uma=with_uma))
        if isinstance(uma, Mapping) and not uma:
            single = "in a single-hand game" if self.length == "one-hand" else "in this match"
            out.append(para(f"No uma {single}.", *self.marks("final.uma")))
        return out

    def standings_table(self, final: Mapping[str, Any], *, with_uma: bool) -> nodes.table:
        standings = [str(s) for s in final.get("standings", [])]
        ranked = standings + [s for s in self.seats if s not in standings]
        points, uma = final.get("points", {}), final.get("uma", {})
        rows: list[list[Cell]] = []
        for place, seat in enumerate(ranked, start=1):
            row: list[Cell] = [
                self.marked(str(place) if seat in standings else "", "final.standings"),
                seat_name(seat),
                self.marked(points_words(points.get(seat)), "final.points", seat=seat),
            ]
            if with_uma:
                row.append(self.marked(signed(uma.get(seat)), "final.uma", seat=seat))
            rows.append(row)
        headers = ["Place", "Seat", "Points", *(["Uma"] if with_uma else [])]
        node = table(headers, rows, numeric=[0, 2, 3])
        return captioned(node, "The final standings")


def round_words(state: Mapping[str, Any]) -> str:
    """``East 2`` from the round and the hand number (either may be absent)."""
    parts = [seat_name(state["round"]) if "round" in state else "", str(state.get("hand", ""))]
    return " ".join(part for part in parts if part)


def points_words(value: object) -> str:
    """Points as ``38,900`` (a match's points are a balance, not a payment)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return "" if value is None else str(value)
    return f"{value:,}"


def riichi_match_answer(
    answer: Mapping[str, Any],
    seats: Sequence[str],
    given: Mapping[str, Any],
    differing: Mapping[str, Any] | None = None,
) -> list[nodes.Node]:
    """A riichi match's state after each hand and at the end (an outcome or an expectation)."""
    length = str(given.get("length"))
    return RiichiMatchAnswer(answer, seats, length, differing or {}).drawn()
