"""The comparison page in chromium at 390 px and 1280 px: every table fits the page's column
with nothing clipped and no sideways scrolling, each variant's answers are in one table, a
phone shows each answer under its variant's name, and every rule the data names is linked.
Screenshots of the whole page go to ``docs/_build/screenshots/compare-groups-<width>.png``.
The site, its server and the browser are ``browser_site``'s fixtures (``nox -s browser``).
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from browser_site import NARROW, ROOT, WIDE, Watched, screenshot
from docutils import nodes

from conformance.corpus import load_corpus
from spec import variant_ids
from spec.profile import load_profile

pytestmark = [pytest.mark.browser, pytest.mark.slow]

sys.path.insert(0, str(ROOT / "docs" / "_ext"))
from mjspec_docs import compare  # noqa: E402

# Every element of the comparison's tables outside the article's column, and every box of
# the page scrolled sideways (the window itself, or a table's wrapper).
OUTSIDE = """() => {
  const column = document.querySelector('article').getBoundingClientRect();
  const outside = [...document.querySelectorAll('article .mj-compare, article .mj-compare *')]
    .filter(e => { const box = e.getBoundingClientRect();
      return box.width > 0 && (box.left < column.left - 1 || box.right > column.right + 1); })
    .map(e => `${e.tagName}.${e.className}: ${e.textContent.trim().slice(0, 40)}`);
  const scrolled = [...document.querySelectorAll('article *')]
    .filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
    .map(e => `${e.tagName}.${e.className}`);
  const page = document.documentElement.scrollWidth - window.innerWidth;
  return {outside: outside.slice(0, 5), scrolled: scrolled.slice(0, 5), page: page};
}"""


def _open(chromium: Any, site_url: str, width: int) -> Watched:
    page = Watched(chromium, width)
    page.page.goto(site_url + "compare.html")
    return page


def _closed(page: Watched) -> None:
    page.close()
    assert page.errors == []
    assert page.outside == []


@pytest.mark.parametrize("width", [NARROW, WIDE])
def test_the_comparison_fits_the_page_without_scrolling_sideways(
    chromium: Any,
    site_url: str,
    width: int,
) -> None:
    page = _open(chromium, site_url, width)
    found = page.page.evaluate(OUTSIDE)
    tables = page.page.locator("article table.mj-compare").count()
    screenshot(page.page, f"compare-groups-{width}", full_page=True)
    _closed(page)
    assert found == {"outside": [], "scrolled": [], "page": 0}
    assert tables == len(compare.groups(_profiles(), load_corpus().catalogues))


def test_each_variant_heads_one_column_of_one_table(
    chromium: Any,
    site_url: str,
) -> None:
    page = _open(chromium, site_url, WIDE)
    heads = page.page.eval_on_selector_all(
        "article table.mj-compare thead th", "cells => cells.map(c => c.textContent.trim())"
    )
    who_shown = page.page.locator("article .mj-compare-who").first.is_visible()
    _closed(page)
    names = sorted(profile.name for profile in _profiles().values())
    assert sorted(head for head in heads if head) == names
    assert not who_shown


def test_a_phone_shows_each_answer_under_its_variants_name(
    chromium: Any,
    site_url: str,
) -> None:
    page = _open(chromium, site_url, NARROW)
    head_shown = page.page.locator("article table.mj-compare thead").first.is_visible()
    tiles = page.page.locator("article table.mj-compare tr", has_text="Tiles to win").last
    text = tiles.inner_text()
    _closed(page)
    assert not head_shown
    for variant in ("classical-chinese", "european-classic", "sichuan", "taiwanese"):
        assert load_profile(variant).name in text
    assert "17: 5 sets and a pair" in text


def test_every_rule_the_data_names_is_linked(
    chromium: Any,
    site_url: str,
) -> None:
    """The rule stating each answer (the variant's own, or inherited) and each rule by which
    a platform differs: the page links exactly those."""
    profiles, catalogues = _profiles(), load_corpus().catalogues
    expected: set[str] = set()
    for group in compare.groups(profiles, catalogues):
        for row in compare.ROWS:
            answers = compare.answers(row, group, profiles, catalogues)
            expected |= {answer.rule for answer in answers if answer.rule is not None}
        for variant in group.variants:
            expected |= {rule_id for rule_id, _ in compare.differences(variant, catalogues)}
    page = _open(chromium, site_url, WIDE)
    links = page.page.eval_on_selector_all(
        "article table.mj-compare a:has(.mjspec-rule)",
        "links => links.map(a => a.href.split('#')[1])",
    )
    _closed(page)
    assert set(links) == {nodes.make_id(rule_id) for rule_id in expected}
    assert len(expected) > 60


def _profiles() -> dict[str, Any]:
    return {variant: load_profile(variant) for variant in variant_ids()}
