"""Play, claim and match fixtures drawn for readers.

- ``play``: the wall (the dealt hands, the tiles drawn from the front and the
  back), the script as a numbered list of steps with their tiles drawn, each
  checkpoint as a small table (what the fixture expects beside what the engine
  computed), and the end of the hand;
- ``claim``: the discard, the claimants' hands and the claims they want, then
  which claims are legal and which are granted;
- ``match``: the outcome of each hand, then the dealer, streak and totals after
  each hand and the final standings;
- a riichi ``match`` (a length of ``one-hand``, ``east`` or ``east-south``): the
  length in words, each hand's outcome, riichi declarers and payments for the
  variant's seats, then the round, dealer, honba, sticks and points after each
  hand, and the final points, standings and uma. A value the engine computed
  differently from the expectation is marked "(differs)".

The engine's answer is shown when it was computed; otherwise the fixture's
expectation is shown, labelled as such.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from docutils import nodes

from conformance.compare import trace_by_step
from reference_engine.errors import RuleError
from reference_engine.tiles import Tile, format_tiles, parse_tiles

from .nodes_util import Cell, field_list, joined, literal, para, raw_html, table, tiles_para
from .tiles import notation_html

SEATS = ("east", "south", "west", "north")
VERBS = {
    "draw": "draws",
    "discard": "discards",
    "flower": "shows the flower",
    "concealed-kong": "declares a concealed kong of",
    "added-kong": "adds to an exposed pung, making a kong of",
    "kong": "claims the discard into a kong of",
    "pung": "claims the discard into a pung of",
    "chow": "claims the discard into the chow",
    "win": "wins",
    "pass": "passes",
}
PHASES = {
    "draw": "must draw",
    "discard": "holds 17 tiles and must act",
    "claim": "a discard is pending",
    "rob": "an added kong may be robbed",
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


def seat_name(seat: object) -> str:
    return str(seat).capitalize()


def signed(amount: object) -> str:
    if isinstance(amount, bool) or not isinstance(amount, int):
        return "" if amount is None else str(amount)
    return f"+{amount}" if amount > 0 else str(amount)


@dataclass(frozen=True)
class Action:
    """One action string taken apart: ``south pung 5m`` -> seat, verb, tiles."""

    text: str
    seat: str | None
    verb: str
    tiles: str
    ready: bool

    @classmethod
    def parse(cls, text: str, *, with_seat: bool) -> Action:
        words = text.split()
        seat = words.pop(0) if with_seat and words else None
        verb = words.pop(0) if words else ""
        tiles = words.pop(0) if words else ""
        return cls(" ".join(text.split()), seat, verb, tiles, ready="ready" in words)


def tiles_inline(notation: str) -> list[nodes.Node]:
    """Tiles drawn inline (text only when the string is not notation)."""
    drawn = notation_html(notation)
    return [raw_html(drawn)] if drawn is not None else [literal(notation)]


def action_nodes(action: Action, extra: str = "") -> list[nodes.Node]:
    """``South claims the discard into a pung of [5m]`` followed by the notation."""
    out: list[nodes.Node] = []
    if action.seat:
        out += [nodes.strong("", seat_name(action.seat)), nodes.Text(" ")]
    out.append(nodes.Text(VERBS.get(action.verb, action.verb)))
    if action.tiles:
        out += [nodes.Text(" "), *tiles_inline(action.tiles)]
    if action.ready:
        out.append(nodes.Text(", declaring an original ready hand"))
    if extra:
        out.append(nodes.Text(extra))
    out += [nodes.Text(" "), literal(action.text, "mj-meta")]
    return out


def by_suit(text: str) -> str:
    """A compact tile string cut where the suit changes (``123m45p`` -> ``123m 45p``).

    The groups let a long row of tiles wrap; a string written with spaces is kept.
    """
    if " " in text.strip():
        return text
    try:
        tiles = parse_tiles(text)
    except RuleError:
        return text
    groups: list[list[Tile]] = []
    for tile in tiles:
        if groups and groups[-1][-1].suit is tile.suit:
            groups[-1].append(tile)
        else:
            groups.append([tile])
    return " ".join(format_tiles(group) for group in groups)


def tiles_cell(value: object) -> nodes.paragraph:
    text = str(value or "").strip()
    return tiles_para(by_suit(text)) if text else para("none")


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


def words_cell(values: object) -> nodes.paragraph:
    items = [str(v) for v in values] if isinstance(values, list | tuple) else []
    if not items:
        return para("none")
    return para(*joined([literal(item) for item in items]))


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

    @property
    def actions(self) -> list[Action]:
        return [Action.parse(str(a), with_seat=True) for a in self.given.get("actions", [])]

    @property
    def trace(self) -> dict[int, Mapping[str, Any]]:
        return trace_by_step(self.outcome or {})

    def situation(self) -> list[nodes.Node]:
        wall = self.given.get("wall", {})
        dealer = seat_name(self.given.get("dealer", "east"))
        fields: list[tuple[str, list[nodes.Node]]] = [
            ("Dealer", [para(f"{dealer}, streak {self.given.get('dealer_streak', 0)}")])
        ]
        if "seed" in wall:
            words = f"the full set shuffled with the seed {wall['seed']} (see the contracts)"
            fields.append(("Wall", [para(words)]))
        else:
            fields.append(("Drawn from the front", [tiles_cell(wall.get("draws"))]))
            fields.append(("From the back", [tiles_cell(wall.get("replacements"))]))
        return [field_list(fields), self.hands_table(wall)]

    def hands_table(self, wall: Mapping[str, Any]) -> nodes.Node:
        dealt = wall.get("hands")
        if isinstance(dealt, Mapping):
            caption = "Dealt hands (16 tiles each; the dealer's 17th is the first draw)"
            rows: list[list[Cell]] = [[seat_name(s), tiles_cell(dealt.get(s))] for s in SEATS]
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
            item += para(*action_nodes(action, extra))
            listing += item
        return [nodes.rubric("", "Script"), listing]

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
        out: list[nodes.Node] = [nodes.rubric("", "Checkpoints")]
        for checkpoint in wanted:
            out.append(self.checkpoint(checkpoint))
        return out

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
        for winner in result.get("winners", []):
            out.append(self.breakdown(winner, f"Winner: {seat_name(winner.get('seat'))}"))
        if isinstance(result.get("payments"), Mapping):
            out.append(self.payments(result["payments"], "Payments"))
        return out

    def final_table(self) -> list[nodes.Node]:
        """Every seat's tiles in the engine's last situation (when an action was applied)."""
        step = max(self.trace, default=0)
        if step == 0:
            return []
        state = self.trace[step].get("state", {})
        rows: list[list[Cell]] = [[seat_name(seat), self.seat_tiles(state, seat)] for seat in SEATS]
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


def captioned(node: nodes.table, caption: str) -> nodes.table:
    node.insert(0, nodes.title(caption, caption))
    return node


# --- claim ----------------------------------------------------------------------------------


def claim_situation(
    given: Mapping[str, Any], meld_nodes: Callable[[Any], list[nodes.Node]]
) -> list[nodes.Node]:
    discard = given.get("discard", {})
    fields: list[tuple[str, list[nodes.Node]]] = [
        (
            "Discard",
            [
                para(
                    *tiles_inline(str(discard.get("tile", ""))),
                    f" discarded by {seat_name(discard.get('from'))}",
                )
            ],
        )
    ]
    context = given.get("table", {})
    if context:
        words = "; ".join(f"{key.replace('_', ' ')}: {value}" for key, value in context.items())
        fields.append(("Table", [para(words)]))
    hands, claims = given.get("hands", {}), given.get("claims", {})
    rows: list[list[Cell]] = []
    for seat in [s for s in SEATS if s in hands or s in claims]:
        hand = hands.get(seat, {})
        wanted = claims.get(seat)
        rows.append(
            [
                seat_name(seat),
                tiles_cell(hand.get("concealed")) if hand else para("(not given)"),
                meld_nodes(hand.get("melds", [])) or para("none"),
                para(*action_nodes(Action.parse(str(wanted), with_seat=False)))
                if wanted
                else para("no claim"),
            ]
        )
    claimants = table(["Seat", "Concealed", "Melds", "Wants"], rows)
    return [field_list(fields), captioned(claimants, "The claimants")]


def claim_answer(given: Mapping[str, Any], answer: Mapping[str, Any]) -> list[nodes.Node]:
    """Which claims are legal and which are granted (from an outcome or an expectation)."""
    claims = given.get("claims", {})
    legal = answer.get("legal", {})
    out: list[nodes.Node] = []
    if isinstance(legal, Mapping) and legal:
        rows: list[list[Cell]] = [
            [seat_name(seat), literal(str(claims.get(seat, "?"))), yes_no(legal.get(seat))]
            for seat in SEATS
            if seat in legal
        ]
        out.append(table(["Seat", "Claim", "Legal"], rows))
    if "granted" in answer:
        granted = [seat_name(s) for s in answer.get("granted") or []]
        out.append(para("Granted: ", ", ".join(granted) if granted else "nobody", "."))
    return out


def yes_no(value: object) -> str:
    return "yes" if value is True else "no" if value is False else "(not stated)"


# --- match ----------------------------------------------------------------------------------


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
