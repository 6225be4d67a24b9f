"""Small builders of docutils nodes shared by the directives (tables, field lists, tile rows)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from docutils import nodes

from spec.tiles import Tile

from .tiles import notation_html, tiles_html

Cell = str | nodes.Node | Sequence[nodes.Node]


def text(value: str) -> nodes.Text:
    return nodes.Text(value)


def phrase(sentence: str) -> str:
    """A schema description as a phrase in a list (``Won on ...`` -> ``won on ...``)."""
    return sentence[:1].lower() + sentence[1:].rstrip(".")


def literal(value: str, *classes: str) -> nodes.literal:
    return nodes.literal(value, value, classes=list(classes))


def para(*children: nodes.Node | str, classes: Sequence[str] = ()) -> nodes.paragraph:
    node = nodes.paragraph(classes=list(classes))
    node.extend(nodes.Text(c) if isinstance(c, str) else c for c in children)
    return node


def joined(items: Sequence[nodes.Node], separator: str = ", ") -> list[nodes.Node]:
    """``items`` with ``separator`` text between them."""
    out: list[nodes.Node] = []
    for index, item in enumerate(items):
        if index:
            out.append(nodes.Text(separator))
        out.append(item)
    return out


def _cell_nodes(cell: Cell) -> list[nodes.Node]:
    if isinstance(cell, str):
        return [para(cell)]
    if isinstance(cell, nodes.Node):
        return [cell if isinstance(cell, nodes.Body) else para(cell)]
    if all(isinstance(item, nodes.Body) for item in cell):
        return list(cell)
    return [para(*cell)]


def table(
    headers: Sequence[str],
    rows: Sequence[Sequence[Cell]],
    *,
    classes: Sequence[str] = (),
    numeric: Sequence[int] = (),
    footer_rows: int = 0,
) -> nodes.table:
    """A table with a header row; columns listed in ``numeric`` are right-aligned.

    The last ``footer_rows`` rows are set apart as totals.
    """
    node = nodes.table(classes=["mj-table", "colwidths-auto", *classes])
    group = nodes.tgroup(cols=len(headers))
    node += group
    group.extend(nodes.colspec(colwidth=1) for _ in headers)

    def row_of(cells: Sequence[Cell], extra: Sequence[str] = ()) -> nodes.row:
        row = nodes.row(classes=list(extra))
        for index, cell in enumerate(cells):
            entry = nodes.entry(classes=["mj-num"] if index in numeric else [])
            entry.extend(_cell_nodes(cell))
            row += entry
        return row

    head = nodes.thead()
    head += row_of(headers)
    group += head
    body = nodes.tbody()
    split = len(rows) - footer_rows
    body.extend(row_of(r) for r in rows[:split])
    body.extend(row_of(r, ["mj-total"]) for r in rows[split:])
    group += body
    return node


def field_list(fields: Sequence[tuple[str, Sequence[nodes.Node]]]) -> nodes.field_list:
    node = nodes.field_list(classes=["mj-fields"])
    for name, body in fields:
        field = nodes.field()
        field += nodes.field_name(name, name)
        field_body = nodes.field_body()
        field_body.extend(body)
        field += field_body
        node += field
    return node


def raw_html(html: str) -> nodes.raw:
    return nodes.raw("", html, format="html")


def tiles_para(notation: str, *, last_is_winning: bool = False, note: str = "") -> nodes.paragraph:
    """The tiles of an MPSZ string drawn as written, followed by the string itself.

    Builders other than HTML keep the MPSZ text; a string that is not valid
    notation (a fixture expecting ``invalid-tile``) is shown as text only.
    """
    drawn = notation_html(notation, last_is_winning=last_is_winning)
    node = para(classes=["mj-hand"])
    if drawn is None:
        node += literal(notation)
        node += nodes.emphasis("", " (not valid notation)")
        return node
    node += raw_html(drawn)
    node += literal(" ".join(notation.split()), "mj-mpsz")
    if note:
        node += nodes.emphasis("", f" {note}")
    return node


def tile_groups_para(groups: Sequence[Sequence[Tile]], label: str) -> nodes.paragraph:
    node = para(classes=["mj-hand"])
    node += raw_html(tiles_html(groups, label))
    node += literal(label, "mj-mpsz")
    return node


class folded(nodes.General, nodes.Element):  # noqa: N801 (docutils names nodes in lower case)
    """A block that HTML shows folded under a one-line summary (``<details>``); other
    builders show it as it is."""


def visit_folded_html(translator: Any, node: folded) -> None:
    summary = html.escape(str(node["summary"]))
    translator.body.append(f'<details class="mj-fold"><summary>{summary}</summary>')


def depart_folded_html(translator: Any, node: folded) -> None:
    translator.body.append("</details>")


def visit_folded_plain(translator: Any, node: folded) -> None:
    """Other builders: the children only."""


def fold(summary: str, children: Sequence[nodes.Node]) -> folded:
    node = folded(summary=summary)
    node.extend(children)
    return node
