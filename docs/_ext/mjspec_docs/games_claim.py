"""A ``claim`` fixture drawn for readers.

:func:`claim_situation` draws the discard, the table context and the claimants'
hands with the claims they want; :func:`claim_answer` draws which claims are
legal and which are granted, from the engine's outcome when it was computed or
from the fixture's expectation otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from docutils import nodes

from .games_common import (
    SEATS,
    Action,
    action_nodes,
    captioned,
    seat_name,
    tiles_cell,
    tiles_inline,
    yes_no,
)
from .nodes_util import Cell, field_list, literal, para, table


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
