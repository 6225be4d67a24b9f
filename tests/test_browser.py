"""The built site in a real browser: Debian's chromium driven by playwright, the site served
on loopback. Run by ``nox -s browser`` after ``nox -s docs`` (``MJSPEC_BROWSER=1``: a missing
site or browser is then a failure, not a skip). Every page visited must log no console error
and ask nothing of any host but the local server; screenshots of the key pages at 390 px and
1280 px are written to ``docs/_build/screenshots/``. The site, its server and the browser are
``browser_site``'s fixtures.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browser_site import NARROW, WIDE, Watched, screenshot, serve
from docsite import build_site

from conformance.compare import compare
from conformance.corpus import Case, load_corpus, thaw
from conformance.score_cli import options_of

pytestmark = [pytest.mark.browser, pytest.mark.slow]

START_TIMEOUT_MS = 120_000


def _open_calculator(watched: Watched, site_url: str) -> Any:
    page = watched.page
    page.goto(site_url + "calculator.html")
    page.wait_for_function(
        "document.querySelector('.mj-calc').dataset.state !== 'loading'", timeout=START_TIMEOUT_MS
    )
    assert page.get_attribute(".mj-calc", "data-state") == "ready", page.inner_text(
        ".mj-calc-status"
    )
    return page


def _fill_options(page: Any, argv: list[str]) -> None:
    """Type the options into the calculator's form as a person would."""
    position = 0
    while position < len(argv):
        field = page.locator(f'[data-option="{argv[position]}"]')
        kind = field.evaluate("e => e.type")
        if kind == "checkbox":
            field.check()
            position += 1
            continue
        value = argv[position + 1]
        if kind.startswith("select"):
            field.select_option(value)
        elif field.get_attribute("data-repeat"):
            field.fill((field.input_value() + " " + value).strip())
        else:
            field.fill(value)
        position += 2


def _payments(page: Any) -> dict[str, int]:
    rows = page.locator(".mj-calc-payments tr").all()
    return {row.get_attribute("data-seat"): int(row.locator("td").inner_text()) for row in rows}


def _case(case_id: str) -> Case:
    return next(case for case in load_corpus().cases if case.id == case_id)


def test_a_rule_page_draws_its_tiles_from_the_symbol_sheet(watched: Watched, site_url: str) -> None:
    page = watched.page
    page.goto(site_url + "variants/taiwanese.html")
    assert page.locator("svg.mj-tile").count() > 50
    missing = page.evaluate(
        "[...document.querySelectorAll('svg.mj-tile use')]"
        ".map(u => u.getAttribute('href')).filter(h => !document.querySelector(h))"
    )
    assert missing == []
    box = page.locator("svg.mj-tile").first.bounding_box()
    assert box is not None
    assert box["width"] == 30
    assert box["height"] == 40
    screenshot(page, "taiwanese-1280")


def test_the_calculator_scores_the_taiwanese_worked_example_typed_in(
    watched: Watched, site_url: str
) -> None:
    page = _open_calculator(watched, site_url)
    _fill_options(page, ["--hand", "123456m789p222s678s55m", "--discards", "20"])
    page.click(".mj-calc-run")
    breakdown = page.inner_text(".mj-calc-breakdown")
    assert re.search(r"^total\s+11$", breakdown, re.MULTILINE)
    assert re.search(r"^dealer tai\s+1$", breakdown, re.MULTILINE)
    assert _payments(page) == {"east": 36, "south": -12, "west": -12, "north": -12}
    command = page.inner_text(".mj-calc-command")
    assert command == "mjspec score --variant taiwanese --hand 123456m789p222s678s55m --discards 20"
    screenshot(page, "calculator-1280", full_page=True)


def test_the_calculator_scores_a_riichi_hand_typed_in(watched: Watched, site_url: str) -> None:
    case = _case("riichi/yaku/riichi-ippatsu-tsumo-ura")
    argv = options_of(case.variant, thaw(case.given))
    assert argv is not None
    page = _open_calculator(watched, site_url)
    _fill_options(page, argv[:2])  # the variant first: its family's options appear
    _fill_options(page, argv[2:])
    page.click(".mj-calc-run")
    assert _payments(page) == dict(case.expect["payments"])
    breakdown = page.inner_text(".mj-calc-breakdown")
    assert re.search(rf"^total\s+{case.expect['han']}$", breakdown, re.MULTILINE)


def test_an_example_button_fills_the_form_and_scores_its_fixture(
    watched: Watched, site_url: str
) -> None:
    page = _open_calculator(watched, site_url)
    page.locator(".mj-calc-example", has_text="Sichuan").click()
    case = _case("sichuan/fan/golden-single-wait")
    assert page.locator('[data-option="--variant"]').input_value() == "sichuan"
    assert page.locator('fieldset[data-family="sichuan"]').is_visible()
    assert not page.locator('fieldset[data-family="riichi"]').is_visible()
    assert _payments(page) == dict(case.expect["payments"])


def test_the_calculator_answers_every_fixture_hand_as_the_fixture_does(
    watched: Watched, site_url: str
) -> None:
    cases = [
        case for case in load_corpus().cases if case.kind == "score" and case.status == "accepted"
    ]
    argvs = {case.id: options_of(case.variant, thaw(case.given)) for case in cases}
    asked = {name: argv for name, argv in argvs.items() if argv is not None}
    page = _open_calculator(watched, site_url)
    answers = page.evaluate(
        "async (asked) => { const out = {}; for (const [name, argv] of Object.entries(asked))"
        " out[name] = await window.mjspecCalculator.score(argv); return out; }",
        asked,
    )
    disagreements = {}
    for case in cases:
        if case.id not in asked:
            continue
        answer = answers[case.id]["json"]
        outcome = json.loads(answer["stdout"]) if answer["stdout"] else {}
        differences = compare(case.expect, outcome, kind="score")
        if differences:
            disagreements[case.id] = [str(d) for d in differences]
    assert len(asked) >= 400
    assert disagreements == {}


def test_the_calculator_says_it_cannot_start_when_a_wheel_is_missing(
    chromium: Any, site_url: str
) -> None:
    page = Watched(chromium, WIDE)
    page.context.route("**/wheels/referencing-*.whl", lambda route: route.fulfill(status=404))
    page.page.goto(site_url + "calculator.html")
    page.page.wait_for_function(
        "document.querySelector('.mj-calc').dataset.state !== 'loading'", timeout=START_TIMEOUT_MS
    )
    status = page.page.inner_text(".mj-calc-status")
    disabled = page.page.locator(".mj-calc-run").is_disabled()
    page.close()
    assert status.startswith("The calculator cannot start:")
    assert "referencing" in status
    assert "404" in status
    assert disabled


def test_the_calculator_opened_as_a_file_says_to_serve_the_site(chromium: Any, site: Path) -> None:
    page = Watched(chromium, WIDE)
    page.page.goto((site / "calculator.html").as_uri())
    page.page.wait_for_function(
        "document.querySelector('.mj-calc')?.dataset.state === 'failed'", timeout=30_000
    )
    status = page.page.inner_text(".mj-calc-status")
    page.close()
    assert "Serve the built site over HTTP" in status


def test_every_link_of_the_comparison_page_resolves(watched: Watched, site_url: str) -> None:
    page = watched.page
    page.goto(site_url + "compare.html")
    links = page.eval_on_selector_all("article a[href]", "links => links.map(a => a.href)")
    internal = sorted({link for link in links if link.startswith(site_url)})
    assert len(internal) > 30
    pages: dict[str, str] = {}
    broken = []
    for link in internal:
        address, _, fragment = link.partition("#")
        if address not in pages:
            with urllib.request.urlopen(address) as response:
                pages[address] = response.read().decode("utf-8")
        if fragment and f'id="{fragment}"' not in pages[address]:
            broken.append(link)
    assert broken == []
    screenshot(page, "compare-1280", full_page=True)


NARROW_PAGES = [
    "variants/taiwanese.html",
    "variants/fixtures/taiwanese/play.html",
    "variants/fixtures/riichi-sanma/play.html",
    "calculator.html",
    "compare.html",
]


@pytest.mark.parametrize("width", [NARROW, WIDE])
@pytest.mark.parametrize("address", NARROW_PAGES)
def test_no_tile_or_table_runs_off_the_page(
    chromium: Any, site_url: str, address: str, width: int
) -> None:
    page = Watched(chromium, width)
    page.page.goto(site_url + address)
    overflowing = page.page.evaluate(
        """() => {
          const scrolls = (e) => { for (; e; e = e.parentElement) {
            const x = getComputedStyle(e).overflowX;
            if ((x === 'auto' || x === 'scroll') && e !== document.scrollingElement) return true;
          } return false; };
          const right = document.querySelector('article').getBoundingClientRect().right;
          return [...document.querySelectorAll('article svg.mj-tile, article table')]
            .filter(e => !scrolls(e.parentElement) && e.getBoundingClientRect().right > right + 1)
            .slice(0, 5).map(e => e.outerHTML.slice(0, 120));
        }"""
    )
    name = address.removesuffix(".html").replace("/", "-")
    screenshot(page.page, f"{name}-{width}")
    errors = page.errors
    page.close()
    assert overflowing == []
    assert errors == []


HOSTILE_FIXTURE = """\
id: taiwanese/payments/docs-check
variant: taiwanese
kind: score
title: "A <b>bold</b> title & <img src=x onerror=alert(1)>"
rules: [tw.payments.self-draw]
status: accepted
given:
  concealed: 1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 5m
  melds: []
  win: {by: self-draw}
  seat: east
  table: {discards: 20}
expect:
  payments: {east: 36, south: -12, west: -12, north: -12}
notes: "<script>document.title = 'pwned'</script> as printed in the worked example."
"""


def test_fixture_text_with_markup_in_it_is_shown_as_text(chromium: Any, tmp_path: Path) -> None:
    page_body = ".. mjspec-example:: taiwanese/payments/docs-check\n"
    pages = {"list": page_body, "rules": ".. mjspec-rules:: taiwanese\n"}
    result, out = build_site(tmp_path, HOSTILE_FIXTURE, "taiwanese/payments", pages)
    assert result.returncode == 0, result.stderr
    for url in serve(out):
        page = Watched(chromium, WIDE)
        page.page.goto(url + "list.html")
        article = page.page.inner_text("body")
        injected = page.page.evaluate(
            "document.querySelectorAll('div.body b, div.body img, div.body script').length"
        )
        title = page.page.title()
        page.close()
        assert "A <b>bold</b> title & <img src=x onerror=alert(1)>" in article
        assert "<script>document.title = 'pwned'</script>" in article
        assert injected == 0
        assert "pwned" not in title
        assert page.errors == []


def test_every_page_of_the_site_is_under_a_megabyte(site: Path) -> None:
    sizes = {
        page.relative_to(site).as_posix(): page.stat().st_size for page in site.rglob("*.html")
    }
    assert len(sizes) > 40
    assert {page: size for page, size in sizes.items() if size >= 1_000_000} == {}


def test_a_play_fixtures_script_and_checkpoints_fold(watched: Watched, site_url: str) -> None:
    page = watched.page
    page.goto(site_url + "variants/fixtures/taiwanese/play.html")
    folds = page.locator("details.mj-fold")
    assert folds.count() > 20
    first = folds.first
    assert first.get_attribute("open") is None
    assert not first.locator("ol, table").first.is_visible()
    first.locator("summary").click()
    assert first.locator("ol, table").first.is_visible()
