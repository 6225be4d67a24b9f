"""Riichi profiles and scores drawn for readers.

A riichi profile values its patterns in *han* (``han`` closed, ``open_han`` open,
None when the yaku needs a closed hand), in *yakuman*, or as dora (``dora: true``:
han that count only beside a yaku); its ``riichi`` section holds the limits and
the payment multipliers. Everything here is read from the profile and from the
engine's outcome, never retyped:

- :func:`yaku_table`, :func:`limits_table`, :func:`payments_table`: the tables of
  a variant page;
- :func:`yaku_value`: a yaku's value in words, for its rule;
- :func:`score_fields` and :func:`score_result`: a ``score`` fixture's situation
  (dora indicators, Norths, round wind, riichi and honba on the table) and result
  (yaku and han, fu, limit, base points, payments per seat, deposits).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from docutils import nodes

from spec.errors import RuleError
from spec.profile import PatternValue, Profile
from spec.tiles import Tile, parse_tiles

from .games_common import TABLE_FLAGS
from .nodes_util import Cell, literal, para, table, tiles_para

PatternCell = Callable[[str], nodes.Node]
Payments = Callable[[Mapping[str, Any], str], nodes.Node]
Fields = list[tuple[str, list[nodes.Node]]]

NOT_OPEN = "—"
TIMES = "\N{MULTIPLICATION SIGN}"
BASE_TIMES = "base " + TIMES + " {}"
MULTIPLES = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman"}
WINS = {
    "self-draw": "self-draw (tsumo)",
    "discard": "on {from}'s discard (ron)",
    "robbing-kong": "robbing the kan {from} was adding to (chankan)",
}
INDICATORS = (("dora_indicators", "Dora indicators"), ("ura_indicators", "Ura indicators"))

# What each key of the profile's ``riichi: payments`` table means (its value is read from it).
PAYMENTS: dict[str, tuple[str, str]] = {
    "ron_dealer": ("The dealer wins on a discard: the discarder pays", BASE_TIMES),
    "ron_non_dealer": ("A non-dealer wins on a discard: the discarder pays", BASE_TIMES),
    "tsumo_dealer_each": ("The dealer wins by self-draw: each other seat pays", BASE_TIMES),
    "tsumo_non_dealer_from_dealer": (
        "A non-dealer wins by self-draw: the dealer pays",
        BASE_TIMES,
    ),
    "tsumo_non_dealer_from_others": (
        "A non-dealer wins by self-draw: each other non-dealer pays",
        BASE_TIMES,
    ),
    "round_to": ("Each multiplied payment is rounded up to a multiple of", "{} points"),
    "honba_ron": ("Per honba counter, a discard win: the discarder adds", "{} points"),
    "honba_tsumo_each": ("Per honba counter, a self-draw: each payer adds", "{} points"),
    "riichi_deposit": (
        "Riichi deposit: each stick on the table goes to the winner, apart from the payments",
        "{} points",
    ),
}


def choice_words(value: object) -> str:
    """A house rule's choice as a reader sees it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def seat_name(seat: object) -> str:
    return str(seat).capitalize()


def scores_han(profile: Profile | None) -> bool:
    """Whether the profile scores in han (its outcome reports han, as the riichi family's
    does): its patterns are yaku in han and yakuman."""
    return profile is not None and profile.outcome.figure("han") is not None


def riichi_section(profile: Profile) -> Mapping[str, Any]:
    section = profile.sections.get("riichi", {})
    return section if isinstance(section, Mapping) else {}


# --- values in words ---------------------------------------------------------------------------


def yakuman_words(count: int) -> str:
    return MULTIPLES.get(count, f"{count}{TIMES} yakuman")


def yaku_value(row: PatternValue, names: Mapping[str, str]) -> str:
    """A riichi pattern's value in words (``2 han, 1 han when open``)."""
    if row.value("yakuman"):
        words = yakuman_words(row.value("yakuman"))
    else:
        words = f"{row.value('han')} han" + (f" per {row.per}" if row.per else "")
        if row.is_dora:
            words += "; a dora: it adds han to a hand that has a yaku, but is not a yaku"
        elif row.optional("open_han") is None:
            words += ", closed hands only"
        elif row.optional("open_han") == row.value("han"):
            words += ", open or closed"
        else:
            words += f", {row.optional('open_han')} han when open"
    if row.replaces:
        words += "; scored instead of " + ", ".join(names.get(r, r) for r in row.replaces)
    return words


# --- the variant page's tables -----------------------------------------------------------------


def compared_patterns(profile: Profile, base: Profile) -> nodes.paragraph:
    """How the patterns of ``profile`` differ from those of ``base``, the profile it extends."""
    before = {row.id: row for row in base.patterns}
    now = {row.id: row for row in profile.patterns}
    parts = (
        ("added", [row.name for pid, row in now.items() if pid not in before]),
        ("valued differently", [r.name for pid, r in now.items() if before.get(pid, r) != r]),
        ("removed", [row.name for pid, row in before.items() if pid not in now]),
    )
    listed = [f"{label}: {', '.join(names)}" for label, names in parts if names]
    words = "; ".join(listed) if listed else "the same patterns with the same values"
    return para(f"Compared with {base.name}: {words}.")


def yaku_table(profile: Profile, name_cell: PatternCell) -> nodes.table:
    """Every pattern of the profile: han closed and open, yakuman, per, replaces, dora."""
    names = {row.id: row.name for row in profile.patterns}
    rows: list[list[Cell]] = []
    for row in profile.patterns:
        if row.value("yakuman"):
            closed, opened = "", ""
        else:
            closed = str(row.value("han"))
            opened = NOT_OPEN if row.optional("open_han") is None else str(row.optional("open_han"))
        rows.append(
            [
                name_cell(row.id),
                literal(row.id),
                closed,
                opened,
                str(row.value("yakuman")) if row.value("yakuman") else "",
                row.per or "",
                ", ".join(names.get(r, r) for r in row.replaces),
                "yes" if row.is_dora else "",
            ]
        )
    headers = [
        "Yaku",
        "Id",
        "Han closed",
        "Han open",
        "Yakuman",
        "Per",
        "Replaces",
        "Dora (not a yaku)",
    ]
    return table(headers, rows, classes=["mj-pattern-table", "mj-yaku-table"], numeric=[2, 3, 4])


def limits_table(profile: Profile, base: Profile | None = None) -> list[nodes.Node]:
    """The profile's ``riichi: limits`` table (name, from han, base points) and the base cap.

    With ``base`` (the profile this one extends), say whether they differ from its.
    """
    section = riichi_section(profile)
    limits = [x for x in section.get("limits", []) if isinstance(x, Mapping)]
    if not limits:
        return []
    same = ""
    if base is not None:
        before = riichi_section(base)
        unchanged = all(before.get(k) == section.get(k) for k in ("limits", "base_cap"))
        same = f" The limits are {'those' if unchanged else 'not those'} of {base.name}."
    rows: list[list[Cell]] = [
        [str(x.get("name", "?")), str(x.get("han", "?")), str(x.get("base", "?"))] for x in limits
    ]
    node = table(["Limit", "From han", "Base points"], rows, classes=["mj-limits"], numeric=[1, 2])
    first, top = limits[0], limits[-1]
    words = [f"Below {first.get('han')} han, the base points are fu {TIMES} 2^(2 + han)"]
    if "base_cap" in section:
        words.append(f", capped at {section['base_cap']} (scored as {first.get('name')})")
    words.append(f". A yakuman hand is worth {top.get('base')} base points per yakuman it shows.")
    words.append(same)
    return [node, para("".join(words))]


def payments_table(profile: Profile, base: Profile | None = None) -> list[nodes.Node]:
    """The multipliers, rounding, honba and deposits of the profile's ``riichi: payments`` table.

    With ``base`` (the profile this one extends), a value that differs is marked.
    """
    payments = riichi_section(profile).get("payments", {})
    if not isinstance(payments, Mapping) or not payments:
        return []
    before = riichi_section(base).get("payments", {}) if base is not None else {}
    keys = [k for k in PAYMENTS if k in payments] + [k for k in payments if k not in PAYMENTS]
    rows: list[list[Cell]] = []
    for key in keys:
        words, shown = PAYMENTS.get(str(key), (str(key).replace("_", " "), "{}"))
        value = shown.format(payments[key])
        if base is not None and before.get(key) != payments[key]:
            earlier = "absent" if key not in before else shown.format(before[key])
            value += f" ({base.name}: {earlier})"
        rows.append([words, literal(str(key)), value])
    node = table(["Payment", "Profile key", "Value"], rows, classes=["mj-payments-table"])
    seats = profile.seats
    names = ", ".join(seat_name(s) for s in seats)
    sentence = (
        f"{len(seats)} seats play ({names}); the dealer is the East seat. On a self-draw "
        f"each of the {len(seats) - 1} other seats pays its share; on a discard the "
        "discarder alone pays."
    )
    return [node, para(sentence)]


# --- a score fixture -------------------------------------------------------------------------


def dora_pointed(indicators: str, order: Sequence[Sequence[str]]) -> str:
    """The dora the indicators point to: the next tile of each indicator's cycle."""
    try:
        cycles = [[t.normal for t in parse_tiles(" ".join(cycle))] for cycle in order]
        shown = parse_tiles(indicators)
    except RuleError:
        return ""
    pointed: list[Tile] = []
    for tile in shown:
        cycle = next((c for c in cycles if tile.normal in c), None)
        if cycle is None:
            return ""
        pointed.append(cycle[(cycle.index(tile.normal) + 1) % len(cycle)])
    return " ".join(tile.mpsz for tile in pointed)


def indicator_fields(given: Mapping[str, Any], profile: Profile | None) -> Fields:
    order = riichi_section(profile).get("dora_order", []) if profile is not None else []
    fields: Fields = []
    for key, label in INDICATORS:
        text = str(given.get(key, "")).strip()
        if not text:
            continue
        pointed = dora_pointed(text, order)
        kind = "ura-dora" if key == "ura_indicators" else "dora"
        note = f"(the {kind}: {pointed}, by the profile's dora order)" if pointed else ""
        fields.append((label, [tiles_para(text, note=note)]))
    north = given.get("north")
    if north:
        count = int(north)
        fields.append(("North", [tiles_para("4" * count + "z", note=f"{count} extracted")]))
    return fields


def table_context(context: Mapping[str, Any]) -> list[str]:
    words = [text for key, text in TABLE_FLAGS.items() if context.get(key)]
    if context.get("honba"):
        words.append(f"{context['honba']} honba")
    if context.get("riichi_sticks"):
        sticks = int(context["riichi_sticks"])
        words.append(f"{sticks} riichi stick{'' if sticks == 1 else 's'} on the table")
    known = {*TABLE_FLAGS, "honba", "riichi_sticks"}
    words += [f"{key.replace('_', ' ')}: {v}" for key, v in context.items() if key not in known]
    return words


def score_fields(
    given: Mapping[str, Any],
    profile: Profile | None,
    melds: Callable[[Sequence[Mapping[str, Any]]], list[nodes.Node]],
) -> Fields:
    """What a riichi ``score`` fixture gives: the hand, the win, the seats, dora and the table."""
    fields: Fields = []
    win = given.get("win", {})
    by = str(win.get("by", ""))
    winning_last = by in WINS
    if "concealed" in given:
        note = "(the last tile is the winning tile)" if winning_last else ""
        hand = tiles_para(str(given["concealed"]), last_is_winning=winning_last, note=note)
        fields.append(("Concealed", [hand]))
    if given.get("melds"):
        fields.append(("Melds", melds(given["melds"])))
    how = WINS.get(by, by).format(**{"from": seat_name(win.get("from", "?"))})
    fields.append(("Win", [para(how)]))
    winner, dealer = seat_name(given.get("seat")), seat_name(given.get("dealer", "east"))
    round_wind = seat_name(given.get("round", "east"))
    stated = "" if "round" in given else " (not stated, so the first round)"
    fields.append(("Seats", [para(f"winner {winner}, dealer {dealer}")]))
    fields.append(("Round", [para(f"{round_wind} round{stated}")]))
    fields += indicator_fields(given, profile)
    context = table_context(given.get("table", {}))
    if context:
        fields.append(("Table", [para("; ".join(context))]))
    return fields


def yaku_breakdown(
    result: Mapping[str, Any],
    profile: Profile | None,
    pattern_cell: PatternCell,
    caption: str = "",
) -> nodes.table:
    """The yaku and dora of a result with their han (or yakuman), and the total."""
    rows_of = {row.id: row for row in profile.patterns} if profile is not None else {}
    hand_yakuman = result.get("yakuman")
    rows: list[list[Cell]] = []
    for pattern_id, value in result.get("patterns", {}).items():
        row = rows_of.get(pattern_id)
        is_yakuman = bool(row.value("yakuman")) if row is not None else bool(hand_yakuman)
        shown = yakuman_words(int(value)) if is_yakuman else str(value)
        rows.append([pattern_cell(pattern_id), literal(pattern_id), shown])
    if hand_yakuman:
        rows.append([nodes.strong("", "Yakuman"), "", yakuman_words(int(hand_yakuman))])
    else:
        rows.append([nodes.strong("", "Total han"), "", str(result.get("han", "?"))])
    node = table(["Yaku", "Id", "Han"], rows, numeric=[2], footer_rows=1)
    title = caption or "Yaku and dora"
    node.insert(0, nodes.title(title, title))
    return node


def points_table(result: Mapping[str, Any]) -> nodes.table | None:
    """Han, fu, yakuman, limit and base points, as far as ``result`` states them."""
    columns: list[tuple[str, str]] = [("han", "Han"), ("fu", "Fu")]
    if result.get("yakuman"):
        columns.append(("yakuman", "Yakuman"))
    columns += [("limit", "Limit"), ("base", "Base points")]
    shown = [(key, label) for key, label in columns if key in result]
    if not shown:
        return None
    cells: list[Cell] = []
    for key, _ in shown:
        value = result[key]
        if key == "limit" and value is None:
            cells.append("none")
        elif key in ("han", "fu") and result.get("yakuman") and value == 0:
            cells.append(NOT_OPEN)  # a yakuman hand counts neither han nor fu
        else:
            cells.append(str(value))
    node = table(
        [label for _, label in shown],
        [cells],
        classes=["mj-points"],
        numeric=[i for i, (key, _) in enumerate(shown) if key != "limit"],
    )
    node.insert(0, nodes.title("Points", "Points"))
    return node


def score_result(
    outcome: Mapping[str, Any],
    profile: Profile | None,
    pattern_cell: PatternCell,
    payments: Payments,
) -> list[nodes.Node]:
    """A riichi result: yaku and han, the points, the payments per seat, the deposits."""
    out: list[nodes.Node] = []
    winners = outcome.get("winners")
    results = list(winners) if isinstance(winners, list | tuple) and winners else [outcome]
    for index, result in enumerate(results, start=1):
        caption = f"Winner {index}: {seat_name(result.get('seat'))}" if winners else ""
        if "patterns" in result or "han" in result or "yakuman" in result:
            out.append(yaku_breakdown(result, profile, pattern_cell, caption))
        points = points_table(result)
        if points is not None:
            out.append(points)
    if isinstance(outcome.get("payments"), Mapping):
        out.append(payments(outcome["payments"], "Payments"))
    if "deposits" in outcome:
        amount = outcome["deposits"]
        words = f"{amount} points" if amount else "none"
        out.append(para(f"Riichi deposits collected by the winner, besides the payments: {words}."))
    return out


__all__ = [
    "compared_patterns",
    "limits_table",
    "payments_table",
    "score_fields",
    "score_result",
    "scores_han",
    "yaku_table",
    "yaku_value",
]
