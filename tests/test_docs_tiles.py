"""Tiles on the docs pages: each tile uses its kind's drawing, written once per page."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))

from mjspec_docs.tiles import notation_html, symbol_sheet


def test_each_tile_uses_its_kinds_drawing() -> None:
    html = notation_html("111m 0p", last_is_winning=True)
    assert html is not None
    assert html.count('<use href="#mj-t-1m"/>') == 3
    assert '<use href="#mj-w-0p"/>' in html
    assert "<symbol" not in html


def test_a_page_gets_each_drawing_it_uses_once() -> None:
    page = (notation_html("1m1m2z 5p", last_is_winning=True) or "") * 3
    sheet = symbol_sheet(page)
    ids = re.findall(r'<symbol id="([^"]+)"', sheet)
    assert sorted(ids) == ["mj-t-1m", "mj-t-2z", "mj-w-5p"]
    assert sheet.count('class="mj-symbols"') == 1


def test_a_page_without_tiles_gets_no_drawings() -> None:
    assert symbol_sheet("<p>No tiles here.</p>") == ""
