"""Shared vocabulary for drawing game fixtures (play, claim and match).

The seats in order, the verbs of the action strings and :class:`Action`, which
takes one such string apart; then the small helpers the play, claim and match
renderers share: a seat's name, a signed amount, tiles drawn inline or in a
table cell (cut where the suit changes so a long row wraps), a list of words,
a table's caption and a yes/no answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from docutils import nodes

from spec.errors import RuleError
from spec.requests import table_flags
from spec.tiles import Tile, format_tiles, parse_tiles

from .nodes_util import joined, literal, para, phrase, raw_html, tiles_para
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

# The table's yes/no circumstances, in the words of their one definition (the schema).
TABLE_FLAGS = {flag.name: phrase(flag.meaning) for flag in table_flags()}


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


def words_cell(values: object) -> nodes.paragraph:
    items = [str(v) for v in values] if isinstance(values, list | tuple) else []
    if not items:
        return para("none")
    return para(*joined([literal(item) for item in items]))


def captioned(node: nodes.table, caption: str) -> nodes.table:
    node.insert(0, nodes.title(caption, caption))
    return node


def yes_no(value: object) -> str:
    return "yes" if value is True else "no" if value is False else "(not stated)"
