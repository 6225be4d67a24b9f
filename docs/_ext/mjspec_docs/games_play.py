"""A ``play`` fixture drawn for readers.

:class:`PlayView` draws the wall (the dealt hands, the tiles drawn from the front
and the back), the script as a numbered list of steps with their tiles drawn,
each checkpoint as a small table (what the fixture expects beside what the
engine computed), and the end of the hand: the refusal, the result with its
breakdowns and payments, and every seat's tiles in the last situation. The
engine's answer is shown when it was computed; otherwise the fixture's
expectation is shown, labelled as such.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from docutils import nodes

from conformance.compare import trace_by_step
from spec.errors import RuleError
from spec.tiles import format_tiles, parse_tiles

from .games_common import (
    SEATS,
    Action,
    action_nodes,
    by_suit,
    captioned,
    seat_name,
    tiles_cell,
    tiles_inline,
    words_cell,
)
from .nodes_util import Cell, field_list, fold, literal, para, table

PHASES = {
    "declare": "may declare concealed kongs before the first discard",
    "draw": "must draw",
    "discard": "holds its full hand plus one and must act",
    "claim": "a discard is pending",
    "rob": "a kong may be robbed",
    "end": "the hand is over",
}
TILE_FAMILIES = ("hand", "flowers", "restricted", "discards")
FINAL_FIELDS = (
    ("Concealed", "hand"),
    ("Melds", "melds"),
    ("Flowers", "flowers"),
    ("Discards", "discards"),
)
Breakdown = Callable[[Mapping[str, Any], str], nodes.Node]
Payments = Callable[[Mapping[str, Any], str], nodes.Node]


def legal_cell(values: object) -> nodes.Node:
    """Legal actions grouped by verb, their tiles drawn: ``discard`` [1m 2m ...], ``pass``."""
    if not isinstance(values, list | tuple):
        return para("(absent)")
    if not values:
        return para("none")
    groups: dict[str, list[str]] = {}
    for value in values:
        action = Action.parse(str(value), with_seat=False)
        verb = f"{action.verb} … ready" if action.ready else action.verb
        groups.setdefault(verb, [])
        if action.tiles:
            groups[verb].append(action.tiles)
    lines: list[nodes.Node] = []
    for verb, tiles in groups.items():
        line = para(literal(verb), classes=["mj-legal"])
        if tiles:
            line += nodes.Text(" ")
            line.extend(tiles_inline(tile_options(verb, tiles)))
        lines.append(line)
    return nodes.container("", *lines)


def tile_options(verb: str, tiles: list[str]) -> str:
    """The tiles of one verb's options as notation: a chow each, or single tiles by suit."""
    if verb == "chow":
        return " ".join(tiles)
    try:
        ordered = sorted(tile for text in tiles for tile in parse_tiles(text))
    except RuleError:
        return " ".join(tiles)
    return by_suit(format_tiles(ordered))


def state_cell(name: str, value: object) -> nodes.Node:
    """One state value drawn for its field: tiles as tiles, melds and legal lists as notation."""
    family = name.split(".", 1)[0]
    if value is None:
        return para("(absent)")
    if family in TILE_FAMILIES:
        return tiles_cell(value)
    if family == "melds":
        return words_cell(value)
    if isinstance(value, bool):
        return para("yes" if value else "no")
    if name == "turn":
        return para(seat_name(value))
    if name == "phase":
        return para(literal(str(value)), f" ({PHASES.get(str(value), '?')})")
    return para(str(value))


def new_tiles(before: object, after: object) -> str:
    """The tiles in ``after`` that ``before`` lacks (what a draw or replacement brought)."""
    try:
        gained = Counter(parse_tiles(str(after or ""))) - Counter(parse_tiles(str(before or "")))
    except RuleError:
        return ""
    return format_tiles(sorted(gained.elements()))


@dataclass(frozen=True)
class PlayView:
    """A ``play`` fixture: its wall, script, checkpoints and end."""

    given: Mapping[str, Any]
    expect: Mapping[str, Any]
    outcome: Mapping[str, Any] | None
    breakdown: Breakdown
    payments: Payments
    differing: frozenset[str] = frozenset()
    riichi_table: bool = False

    @property
    def actions(self) -> list[Action]:
        return [Action.parse(str(a), with_seat=True) for a in self.given.get("actions", [])]

    @property
    def trace(self) -> dict[int, Mapping[str, Any]]:
        return trace_by_step(self.outcome or {})

    def situation(self) -> list[nodes.Node]:
        wall = self.given.get("wall", {})
        dealer = seat_name(self.given.get("dealer", "east"))
        if self.riichi_table:
            table = (
                f"{dealer} deals in the {seat_name(self.given.get('round', 'east'))} round; "
                f"{self.given.get('honba', 0)} honba, "
                f"{self.given.get('riichi_sticks', 0)} riichi sticks on the table"
            )
            fields: list[tuple[str, list[nodes.Node]]] = [("Table", [para(table)])]
        else:
            streak = f"{dealer}, streak {self.given.get('dealer_streak', 0)}"
            fields = [("Dealer", [para(streak)])]
        if "seed" in wall:
            words = f"the full set shuffled with the seed {wall['seed']} (see the contracts)"
            fields.append(("Wall", [para(words)]))
        else:
            fields.append(("Drawn from the front", [tiles_cell(wall.get("draws"))]))
            fields.append(("From the back", [tiles_cell(wall.get("replacements"))]))
            dead = wall.get("dead_wall")
            if isinstance(dead, Mapping):
                fields.append(("Dora indicators", [tiles_cell(dead.get("indicators"))]))
                fields.append(("Ura-dora indicators", [tiles_cell(dead.get("ura"))]))
        return [field_list(fields), self.hands_table(wall)]

    def hands_table(self, wall: Mapping[str, Any]) -> nodes.Node:
        dealt = wall.get("hands")
        if isinstance(dealt, Mapping):
            size = len(parse_tiles(str(next(iter(dealt.values()), ""))))
            caption = f"Dealt hands ({size} tiles each; the dealer's extra tile is the first draw)"
            rows: list[list[Cell]] = [
                [seat_name(s), tiles_cell(dealt.get(s))] for s in SEATS if s in dealt
            ]
            return captioned(table(["Seat", "Tiles"], rows), caption)
        start = self.trace.get(0)
        if start is None:
            return para("The dealt hands follow from the seed; the engine computes them.")
        state = start.get("state", {})
        seat_rows: list[list[Cell]] = [
            [
                seat_name(s),
                tiles_cell(state.get(f"hand.{s}")),
                tiles_cell(state.get(f"flowers.{s}")),
            ]
            for s in SEATS
            if f"hand.{s}" in state
        ]
        caption = "Hands after the deal and the flower replacements (computed by the engine)"
        return captioned(table(["Seat", "Tiles", "Flowers"], seat_rows), caption)

    def script(self) -> list[nodes.Node]:
        actions = self.actions
        if not actions:
            return [nodes.rubric("", "Script"), para("No action: only the deal is checked.")]
        listing = nodes.enumerated_list(enumtype="arabic", classes=["mj-script"])
        illegal = self.expect.get("illegal", {})
        for index, action in enumerate(actions):
            item = nodes.list_item()
            extra = self.brought(index + 1, action)
            if index == illegal.get("after"):
                extra += f" — must be refused with the code {illegal.get('code')}"
                if illegal.get("rule"):
                    extra += f" ({illegal['rule']})"
            item += para(*action_nodes(action, extra))
            listing += item
        count = f"{len(actions)} action{'s' if len(actions) != 1 else ''}"
        return [fold(f"Script ({count})", [listing])]

    def brought(self, step: int, action: Action) -> str:
        """What a draw or a replacement brought into the hand, read from the engine's trace."""
        if action.verb not in ("draw", "flower", "kong", "concealed-kong", "added-kong"):
            return ""
        before, after = self.trace.get(step - 1), self.trace.get(step)
        if before is None or after is None or action.seat is None:
            return ""
        field = f"hand.{action.seat}"
        gained = new_tiles(before.get("state", {}).get(field), after.get("state", {}).get(field))
        if not gained:
            return ""
        return f" ({'drew' if action.verb == 'draw' else 'replacement'} {gained})"

    def title_after(self, step: int) -> str:
        actions = self.actions
        if step == 0:
            return "After the deal"
        if step <= len(actions):
            return f"After action {step}: {actions[step - 1].text}"
        return f"After action {step}"

    def checkpoints(self) -> list[nodes.Node]:
        wanted = sorted(self.expect.get("checkpoints", []), key=lambda c: int(c["after"]))
        if not wanted:
            return []
        count = f"{len(wanted)} checkpoint{'s' if len(wanted) != 1 else ''}"
        return [fold(f"Checkpoints ({count})", [self.checkpoint(c) for c in wanted])]

    def checkpoint(self, checkpoint: Mapping[str, Any]) -> nodes.Node:
        step = int(checkpoint["after"])
        computed = self.outcome is not None
        entry = self.trace.get(step)
        where = f"checkpoints[after={step}]"
        rows: list[list[Cell]] = []
        for seat, actions in checkpoint.get("legal", {}).items():
            label = self.label(f"Legal actions of {seat_name(seat)}", f"{where}.legal.{seat}")
            row: list[Cell] = [label, legal_cell(actions)]
            if computed:
                answered = entry.get("legal", {}).get(seat, []) if entry else None
                row.append(legal_cell(answered) if entry else para("(not reached)"))
            rows.append(row)
        for name, value in checkpoint.get("state", {}).items():
            row = [self.label(literal(name), f"{where}.state.{name}"), state_cell(name, value)]
            if computed:
                answered = entry.get("state", {}).get(name) if entry else None
                row.append(state_cell(name, answered) if entry else para("(not reached)"))
            rows.append(row)
        headers = ["Checked", "The fixture expects"] + (["The engine computed"] if computed else [])
        node = table(headers, rows, classes=["mj-checkpoint"])
        caption = self.title_after(step)
        if computed and entry is None:
            caption += " (the engine's trace does not reach it)"
        return captioned(node, caption)

    def label(self, name: str | nodes.Node, path: str) -> nodes.Node:
        """A row label, marked when the engine's answer differs there."""
        shown = para(name)
        if any(p == path or p.startswith(path + " ") for p in self.differing):
            shown += nodes.strong("", " (differs)")
        return shown

    def expected_refusal(self) -> list[nodes.Node]:
        """The refusal the fixture expects, when the script does not show it (a step past it)."""
        illegal = self.expect.get("illegal")
        if not isinstance(illegal, Mapping) or illegal.get("after", -1) < len(self.actions):
            return []
        return [para(*self.refusal_words(illegal, "must be refused"))]

    def refusal_words(self, illegal: Mapping[str, Any], verb: str) -> list[nodes.Node]:
        after = illegal.get("after")
        actions = self.actions
        index = after if isinstance(after, int) else -1
        shown = [literal(actions[index].text)] if 0 <= index < len(actions) else []
        words: list[nodes.Node] = [nodes.Text(f"Action {index + 1} "), *shown]
        words += [nodes.Text(f" {verb} with the code "), literal(str(illegal.get("code")))]
        if illegal.get("rule"):
            words += [nodes.Text(" under the rule "), literal(str(illegal["rule"]))]
        message = illegal.get("message")
        words.append(nodes.Text(f": {message}" if message else "; the script stops there."))
        return words

    def ending(self, answer: Mapping[str, Any], *, computed: bool) -> list[nodes.Node]:
        """The refusal and the end of the hand in ``answer`` (an outcome, or the expectation)."""
        out: list[nodes.Node] = []
        illegal = answer.get("illegal")
        if isinstance(illegal, Mapping):
            verb = "was refused" if computed else "must be refused"
            out.append(para(*self.refusal_words(illegal, verb)))
        result = answer.get("result")
        if isinstance(result, Mapping):
            out += self.result(result)
        elif computed and not isinstance(illegal, Mapping):
            last = max(self.trace, default=0)
            out.append(para(f"The script ends with the hand going on ({last} actions applied)."))
        if computed:
            out += self.final_table()
        return out

    def result(self, result: Mapping[str, Any]) -> list[nodes.Node]:
        end = result.get("end")
        words = {"win": "The hand ends with a win.", "draw": "The hand ends in a draw."}
        out: list[nodes.Node] = [para(words.get(str(end), f"The hand ends: {end}."))]
        if end == "draw" and result.get("reason") not in (None, "exhaustive"):
            out.append(para(f"An abortive draw: {result['reason']}."))
        for winner in result.get("winners", []):
            out.append(self.breakdown(winner, f"Winner: {seat_name(winner.get('seat'))}"))
        winners = {winner.get("seat") for winner in result.get("winners", [])}
        for seat, score in (result.get("scores") or {}).items():
            if seat not in winners:
                out.append(self.breakdown(score, f"{seat_name(seat)} scores too"))
        if isinstance(result.get("kong_payments"), Mapping):
            out.append(self.payments(result["kong_payments"], "Kong money, paid at once"))
        if isinstance(result.get("reckoning"), Mapping):
            out.append(self.payments(result["reckoning"], "The reckoning at the end"))
        if isinstance(result.get("payments"), Mapping):
            caption = "Payments, the whole hand" if "reckoning" in result else "Payments"
            out.append(self.payments(result["payments"], caption))
        if isinstance(result.get("deposits"), Mapping):
            out.append(self.payments(result["deposits"], "Riichi deposits"))
            out.append(para(f"Deposits left on the table: {result.get('sticks_left', 0)}."))
        if "tenpai" in result:
            tenpai = ", ".join(seat_name(s) for s in result["tenpai"]) or "nobody"
            said = "Ready at the end" if "reckoning" in result else "Tenpai at the draw"
            out.append(para(f"{said}: {tenpai}."))
        return out

    def final_table(self) -> list[nodes.Node]:
        """Every seat's tiles in the engine's last situation (when an action was applied)."""
        step = max(self.trace, default=0)
        if step == 0:
            return []
        state = self.trace[step].get("state", {})
        rows: list[list[Cell]] = [
            [seat_name(seat), self.seat_tiles(state, seat)]
            for seat in SEATS
            if f"hand.{seat}" in state
        ]
        caption = f"The table {self.title_after(step)[0].lower()}{self.title_after(step)[1:]}"
        return [captioned(table(["Seat", "Tiles"], rows), caption)]

    def seat_tiles(self, state: Mapping[str, Any], seat: str) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for label, name in FINAL_FIELDS:
            value = state.get(f"{name}.{seat}")
            if not value:
                continue
            cell = words_cell(value) if name == "melds" else tiles_cell(value)
            cell.insert(0, nodes.strong("", f"{label}: "))
            out.append(cell)
        return out or [para("no tiles")]
