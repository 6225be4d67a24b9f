"""The calculator for players, in chromium: its fields labelled in words, the result right
under the hand at 390 px and beside the form at 1280 px, an invalid tile named as such, a link
that restores a calculation, and a fixture page's "open in the calculator". Screenshots go to
``docs/_build/screenshots/`` (``calculator-result-<width>``,
``fixture-open-in-the-calculator-1280``). The site, its server and the browser are
``browser_site``'s fixtures; opening and filling the calculator are ``test_browser``'s helpers.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from browser_site import NARROW, WIDE, Watched, screenshot
from test_browser import START_TIMEOUT_MS, _case, _fill_options, _open_calculator, _payments

from conformance.corpus import thaw
from conformance.score_cli import options_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))
from mjspec_docs.calculator import label

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RIICHI_CASE = "riichi/yaku/riichi-ippatsu-tsumo-ura"  # riichi: the longest form


def _score_the_form(page: Any) -> None:
    page.click(".mj-calc-run")
    page.wait_for_function("document.querySelector('.mj-calc-result').dataset.code !== undefined")


def _box(page: Any, selector: str) -> dict[str, float]:
    """The bounding box of the first element matching ``selector``, in the page's coordinates
    (top and bottom measured from the top of the document)."""
    box: dict[str, float] = page.evaluate(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
        " return {left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY};"
        " }",
        selector,
    )
    return box


def test_the_calculators_fields_are_labelled_in_words(watched: Watched, site_url: str) -> None:
    page = _open_calculator(watched, site_url)
    labels = page.eval_on_selector_all(
        ".mj-calc-field label", "labels => labels.map(l => l.textContent.trim())"
    )
    assert {"Rule set", "Hand", "Won by", "Winning tile from", "Seat wind"} <= set(labels)
    assert [text for text in labels if "--" in text or "_" in text] == []
    shown = dict(
        page.eval_on_selector_all(
            "[data-option]", "fields => fields.map(f => [f.dataset.option, f.dataset.label])"
        )
    )
    titles = {flag: label(flag) for flag in shown}  # the request fields' titles (the schema)
    assert shown == titles
    assert page.locator("#mj-calc-variant option[value='riichi']").inner_text() == (
        "Riichi (four players)"
    )


@pytest.mark.parametrize("width", [NARROW, WIDE])
def test_the_result_is_under_the_hand_on_a_phone_and_beside_the_form_on_a_wide_screen(
    chromium: Any, site_url: str, width: int
) -> None:
    page = Watched(chromium, width)
    case = _case(RIICHI_CASE)
    argv = options_of(case.variant, thaw(case.given))
    calculator = _open_calculator(page, site_url)
    _fill_options(calculator, argv[:2])
    _fill_options(calculator, argv[2:])
    _score_the_form(calculator)
    hand, result = _box(calculator, "#mj-calc-hand"), _box(calculator, ".mj-calc-result")
    main, more = _box(calculator, ".mj-calc-main"), _box(calculator, ".mj-calc-more")
    form = _box(calculator, ".mj-calc-form")
    screenshot(calculator, f"calculator-result-{width}")
    payments = _payments(calculator)
    errors = page.errors
    page.close()
    assert payments == dict(case.expect["payments"])
    assert more["bottom"] - form["top"] > 1500  # the form is long: the placement matters
    if width == NARROW:  # under the hand (and the palette), before the rest of the form
        assert hand["bottom"] <= result["top"] <= main["bottom"] + 120
        assert result["top"] < more["top"]
    else:  # beside the form, level with the hand
        assert result["left"] >= main["right"]
        assert result["left"] >= more["right"]
        assert result["top"] <= hand["bottom"]
    assert result["top"] <= form["bottom"]
    assert errors == []


def test_an_invalid_tile_names_the_tile_not_a_losing_hand(watched: Watched, site_url: str) -> None:
    page = _open_calculator(watched, site_url)
    _fill_options(page, ["--hand", "123456m789p222s678s5m8z"])
    _score_the_form(page)
    refusal = page.inner_text(".mj-calc-refusal")
    assert refusal == "Hand: '8z' is not a tile: honours are 1z-7z (column 22)"
    assert "winning" not in page.inner_text(".mj-calc-result")
    assert page.get_attribute("#mj-calc-hand", "aria-invalid") == "true"
    _fill_options(page, ["--hand", "123456m789p222s678s55m"])  # mended: scored again
    page.locator("#mj-calc-hand").dispatch_event("change")
    page.wait_for_selector(".mj-calc-payments")
    assert page.get_attribute("#mj-calc-hand", "aria-invalid") is None


def test_a_link_to_a_calculation_restores_it(chromium: Any, site_url: str) -> None:
    case = _case(RIICHI_CASE)
    argv = options_of(case.variant, thaw(case.given))
    first = Watched(chromium, WIDE)
    first.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = _open_calculator(first, site_url)
    _fill_options(page, argv[:2])
    _fill_options(page, argv[2:])
    _score_the_form(page)
    command = page.inner_text(".mj-calc-command")
    link = page.eval_on_selector(".mj-calc-permalink", "a => a.href")
    page.click(".mj-calc-copy")
    page.wait_for_function("document.querySelector('.mj-calc-copied').textContent !== ''")
    copied = page.evaluate("navigator.clipboard.readText()")
    first.close()
    second = Watched(chromium, NARROW)
    restored = second.page
    restored.goto(link)
    restored.wait_for_function(
        "document.querySelector('.mj-calc-result').dataset.code !== undefined",
        timeout=START_TIMEOUT_MS,
    )
    values = {
        option: restored.locator(f'[data-option="{option}"]').input_value()
        for option in ("--variant", "--hand", "--win", "--dora", "--ura")
    }
    riichi = restored.locator('[data-option="--riichi"]').is_checked()
    again = restored.inner_text(".mj-calc-command")
    payments = _payments(restored)
    second.close()
    assert copied == link
    assert link.startswith(site_url + "calculator.html#variant=riichi&hand=")
    assert again == command
    assert values["--variant"] == "riichi"
    assert values["--hand"] == case.given["concealed"]
    assert riichi
    assert payments == dict(case.expect["payments"])
    assert first.errors == second.errors == []
    assert first.outside == second.outside == []


def test_a_fixtures_open_in_the_calculator_link_scores_that_fixture(
    watched: Watched, site_url: str
) -> None:
    case = _case(RIICHI_CASE)
    page = watched.page
    page.goto(site_url + "variants/fixtures/riichi/yaku.html")
    links = page.eval_on_selector_all(
        ".mj-calc-open a", "links => links.map(a => a.getAttribute('href'))"
    )
    assert len(links) > 20
    unsafe = [
        link for link in links if not re.fullmatch(r"(\.\./)*calculator\.html#[\w%=&.~-]+", link)
    ]
    assert unsafe == []
    section = page.locator("section#riichi-yaku-riichi-ippatsu-tsumo-ura")
    screenshot(page, "fixture-open-in-the-calculator-1280")
    section.locator(".mj-calc-open a").click()
    page.wait_for_url("**/calculator.html#*")
    page.wait_for_function(
        "document.querySelector('.mj-calc-result').dataset.code !== undefined",
        timeout=START_TIMEOUT_MS,
    )
    assert page.locator('[data-option="--variant"]').input_value() == "riichi"
    assert _payments(page) == dict(case.expect["payments"])
