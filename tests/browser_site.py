"""The built site served on loopback and Debian's chromium driven by playwright, shared by
the browser tests (``test_browser*.py``; ``conftest.py`` registers this module as a plugin so
that every test file gets the same session's browser: playwright's sync API runs one at a
time). ``MJSPEC_SITE`` names another built site; ``MJSPEC_BROWSER=1`` makes a missing site or
browser a failure, not a skip. Screenshots go beside the site, in ``screenshots/``.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("MJSPEC_SITE", ROOT / "docs" / "_build" / "html"))
SCREENSHOTS = SITE.parent / "screenshots"
REQUIRED = os.environ.get("MJSPEC_BROWSER") == "1"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WIDE, NARROW = 1280, 390


def missing(what: str) -> None:
    if REQUIRED:
        pytest.fail(f"{what} (MJSPEC_BROWSER=1 asks for the browser tests)")
    pytest.skip(what)


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types a browser insists on for modules and WebAssembly."""

    extensions_map = {  # noqa: RUF012 (the base class's own attribute, extended)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


class Server(http.server.ThreadingHTTPServer):
    """A page closed while a file is still being sent breaks the connection: not an error
    of the site, so not printed."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(folder: Path) -> Iterator[str]:
    server = Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site() -> Path:
    if not (SITE / "index.html").is_file():
        missing(f"no built site at {SITE} (run nox -s docs first)")
    return SITE


@pytest.fixture(scope="session")
def site_url(site: Path) -> Iterator[str]:
    yield from serve(site)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright is not installed (pip install '.[browser]')")
    executable = os.environ.get("MJSPEC_CHROMIUM") or shutil.which("chromium")
    if executable is None:
        missing("Debian's chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


class Watched:
    """A page whose console errors and requests off loopback are recorded (and refused)."""

    def __init__(self, browser: Any, width: int) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.context.route(re.compile(r"^(?!http://127\.0\.0\.1[:/]).*"), self._refuse)
        self.page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))

    def _refuse(self, route: Any) -> None:
        if not route.request.url.startswith(("data:", "blob:", "file:")):
            self.outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def watched(chromium: Any) -> Iterator[Watched]:
    """A 1280 px page; after the test, no console error and no request off loopback."""
    page = Watched(chromium, WIDE)
    yield page
    page.close()
    assert page.errors == []
    assert page.outside == []


def screenshot(page: Any, name: str, *, full_page: bool = False) -> None:
    """The page as shown (scrolled to its first hand, if any), or all of it."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    hands = page.locator(".mj-fixture")
    if not full_page and hands.count():
        hands.first.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)
