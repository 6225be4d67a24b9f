"""Tiles drawn as SVG: one rounded tile face per kind, drawn once per page as a symbol
(:func:`symbol_sheet`) and used by every tile of that kind, built from the MPSZ notation.

Numbered tiles show their number over the suit character (萬 characters, 筒 dots,
條 bamboo) in the suit's colour; winds and dragons show their Chinese character
with a small latin letter; flowers and seasons show their character and seat
number. Each drawing carries the MPSZ string as its accessible name, so the text
stays the source of truth and screen readers and search read the notation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from spec.errors import RuleError
from spec.tiles import Suit, Tile, parse_tiles

WIDTH, HEIGHT = 30, 40
SERIF = "Georgia,'Times New Roman',serif"
CJK = "'Noto Serif CJK TC','Noto Sans CJK TC','PingFang TC','Microsoft JhengHei',serif"
FACE, EDGE, BODY = "#fdfaf1", "#8c846f", "#cfc6ae"
WIN_EDGE = "#e08a00"
RED = "#c8102e"


@dataclass(frozen=True)
class Face:
    """What is printed on a tile: a big glyph, an optional small one, colours and a name."""

    glyph: str
    colour: str
    name: str
    sub: str = ""
    corner: str = ""


_SUITS: dict[Suit, tuple[str, str, str]] = {
    Suit.CHARACTERS: ("萬", "#b3261e", "characters"),
    Suit.DOTS: ("筒", "#1d5fa6", "dots"),
    Suit.BAMBOO: ("條", "#1e7b3a", "bamboo"),
}
_HONOURS: dict[Tile, tuple[str, str, str, str]] = {
    Tile.EAST: ("東", "E", "#1f2a44", "East wind"),
    Tile.SOUTH: ("南", "S", "#1f2a44", "South wind"),
    Tile.WEST: ("西", "W", "#1f2a44", "West wind"),
    Tile.NORTH: ("北", "N", "#1f2a44", "North wind"),
    Tile.WHITE: ("", "Wh", "#1d5fa6", "White dragon"),
    Tile.GREEN: ("發", "G", "#1e7b3a", "Green dragon"),
    Tile.RED: ("中", "R", RED, "Red dragon"),
}
_FLOWERS = ("梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬")
_FLOWER_NAMES = (
    "plum",
    "orchid",
    "chrysanthemum",
    "bamboo",
    "spring",
    "summer",
    "autumn",
    "winter",
)


def face_of(tile: Tile) -> Face:
    """The printed face of ``tile``."""
    if tile.is_numbered:
        glyph, colour, suit_name = _SUITS[tile.suit]
        red = " (red five)" if tile.is_red else ""
        return Face(str(tile.number), colour, f"{tile.number} of {suit_name}{red}", sub=glyph)
    if tile.is_honour:
        glyph, letter, colour, name = _HONOURS[tile]
        return Face(glyph, colour, name, corner=letter)
    index = tile.number - 1
    kind = "Flower" if index < 4 else "Season"
    colour = "#8e3b8e" if index < 4 else "#0f7a7a"
    seat = index % 4 + 1
    name = f"{kind} {seat} ({_FLOWER_NAMES[index]})"
    return Face(_FLOWERS[index], colour, name, corner=str(seat))


def _text(
    x: float, y: float, size: float, colour: str, family: str, text: str, **extra: str
) -> str:
    attrs = "".join(f' {key.replace("_", "-")}="{value}"' for key, value in extra.items())
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" fill="{colour}" font-family="{family}" '
        f'text-anchor="middle"{attrs}>{escape(text)}</text>'
    )


def symbol_id(tile: Tile, *, winning: bool = False) -> str:
    """The id of a tile's drawing in a page's symbol sheet."""
    return f"mj-{'w' if winning else 't'}-{tile.mpsz}"


def tile_symbol(tile: Tile, *, winning: bool = False) -> str:
    """One tile's drawing as an SVG ``<symbol>``, drawn once per page and used by each tile."""
    face = face_of(tile)
    edge, edge_width = (WIN_EDGE, 2) if winning else (EDGE, 0.8)
    parts = [
        f'<symbol id="{symbol_id(tile, winning=winning)}" viewBox="0 0 {WIDTH} {HEIGHT}">',
        f'<rect x="1" y="3" width="28" height="36" rx="4" fill="{BODY}"/>',
        f'<rect x="1" y="1" width="28" height="36" rx="4" fill="{FACE}" stroke="{edge}" '
        f'stroke-width="{edge_width}"/>',
    ]
    if tile.is_numbered:
        parts.append(_text(15, 19, 17, face.colour, SERIF, face.glyph, font_weight="700"))
        parts.append(_text(15, 33, 10.5, face.colour, CJK, face.sub))
        if tile.is_red:
            parts.append(f'<circle cx="24" cy="6" r="2.2" fill="{RED}"/>')
    elif tile is Tile.WHITE:
        parts.append(
            f'<rect x="8.5" y="11" width="13" height="20" rx="2" fill="none" '
            f'stroke="{face.colour}" stroke-width="2"/>'
        )
    else:
        parts.append(_text(15, 30, 16, face.colour, CJK, face.glyph))
    if face.corner:
        parts.append(
            _text(3.5, 9, 6.5, face.colour, SERIF, face.corner, font_weight="700", anchor="start")
        )
    parts.append("</symbol>")
    return "".join(parts)


def tile_svg(tile: Tile, *, winning: bool = False) -> str:
    """One tile: an SVG element using its kind's symbol, sized by the stylesheet (the
    group around it carries the name, for screen readers and as a tooltip)."""
    return f'<svg class="mj-tile"><use href="#{symbol_id(tile, winning=winning)}"/></svg>'


_USED = re.compile(r'<use href="#mj-([tw])-([0-9][mpszf])"/>')


def symbol_sheet(html: str) -> str:
    """The symbols the tiles of a page's ``html`` use, as one hidden SVG (empty when the page
    draws no tile): each tile's markup is written once per page, not once per tile."""
    used = sorted(set(_USED.findall(html)))
    if not used:
        return ""
    symbols = "".join(tile_symbol(parse_tiles(mpsz)[0], winning=kind == "w") for kind, mpsz in used)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="mj-symbols" aria-hidden="true" '
        f'style="position:absolute;width:0;height:0;overflow:hidden">{symbols}</svg>'
    )


def parse_groups(text: str) -> list[tuple[Tile, ...]]:
    """The tiles of an MPSZ string, grouped as written (one group per space-separated chunk).

    Consecutive single tiles (``1m 2m 3m``, a hand written tile by tile) stay one group.
    Raises :class:`~spec.errors.RuleError` when the string is not valid notation.
    """
    groups: list[tuple[Tile, ...]] = []
    single = False
    for chunk in text.split():
        group = parse_tiles(chunk)
        if len(group) == 1 and single:
            groups[-1] += group
        elif group:
            groups.append(group)
        single = len(group) == 1
    return groups


def tiles_html(groups: Sequence[Sequence[Tile]], label: str, *, winning: Tile | None = None) -> str:
    """A row of tile groups named by ``label`` (the MPSZ text), the winning tile set apart."""
    body = [
        '<span class="mj-group">' + "".join(tile_svg(t) for t in group) + "</span>"
        for group in groups
        if group
    ]
    if winning is not None:
        body.append(
            '<span class="mj-group mj-win" title="winning tile">'
            + tile_svg(winning, winning=True)
            + "</span>"
        )
    name = escape(label, quote=True)
    return (
        f'<span class="mj-tiles" role="img" aria-label="{name}" title="{name}">'
        + "".join(body)
        + "</span>"
    )


def notation_html(text: str, *, last_is_winning: bool = False) -> str | None:
    """The tiles of ``text`` drawn as written, or None when ``text`` is not valid notation."""
    try:
        groups = parse_groups(text)
    except RuleError:
        return None
    winning: Tile | None = None
    if last_is_winning and groups:
        *rest, last = groups
        winning = last[-1]
        groups = [*rest, last[:-1]]
    return tiles_html(groups, " ".join(text.split()), winning=winning)
