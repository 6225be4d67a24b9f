"""A Sichuan reckoning on the site says who is ready and who holds a void suit."""

from __future__ import annotations

from pathlib import Path

import pytest
from docsite import build_site

import spec

pytestmark = pytest.mark.slow

pytest.importorskip("sphinx")

FIXTURE = spec.SCENARIOS_DIR / "sichuan/bloody/reckoning-void-holder-pays-both.yaml"


def test_a_sichuan_reckoning_shows_each_players_readiness_and_void_suit(
    tmp_path: Path,
) -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    pages = {
        "example": ".. mjspec-example:: sichuan/bloody/reckoning-void-holder-pays-both\n",
        "rules": ".. mjspec-rules:: sichuan\n",
    }
    result, out = build_site(tmp_path, text, "sichuan/bloody", pages)
    assert result.returncode == 0, result.stderr
    page = (out / "example.html").read_text(encoding="utf-8")
    east = page[page.index("East\u2019s score") : page.index("South\u2019s score")]
    west = page[page.index("West\u2019s score") : page.index("Payments")]
    assert "Holds its void suit" in east
    assert "Ready" in east
    assert east.count(">yes<") == 1  # holds its void suit
    assert east.count(">no<") == 1  # not ready
    assert west.count(">yes<") == 1  # ready, and no void suit held
    assert ">8<" in west  # the most its hand could win
