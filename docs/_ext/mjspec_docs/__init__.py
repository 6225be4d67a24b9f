"""mjspec's Sphinx extension: pages drawn from ``spec/`` with examples computed while building.

The rule catalogue, the scoring table and every fixture are read from the
specification, never retyped; each fixture is evaluated by the reference
engine during the build and compared with its expectation. A disagreement is
logged as an error at the fixture's file and line and, whatever the options,
makes the build exit with status 1. Documents that draw live examples
are re-read on every build, since the engine may have changed. The extension is
safe for parallel reading: its state lives in the ``mjspec`` domain.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.typing import ExtensionMetadata

from . import live
from .architecture import ArchitectureDirective
from .calculator import CalculatorDirective, install_runtime
from .compare import CompareDirective
from .conformance_page import ConformanceDirective
from .directives import (
    ExampleDirective,
    FixturesDirective,
    FixtureSourceDirective,
    HouseTableDirective,
    LimitTableDirective,
    PatternTableDirective,
    PaymentTableDirective,
    RulesDirective,
    SeatTableDirective,
)
from .domain import MjspecDomain, domain_of, iter_live_docs
from .fixture_pages import FixturePagesDirective, write_fixture_pages
from .nodes_util import depart_folded_html, folded, visit_folded_html, visit_folded_plain
from .reference_pages import (
    CliReferenceDirective,
    CommandDirective,
    ErrorCodesDirective,
    SchemaFieldsDirective,
    TilesRole,
)
from .tiles import symbol_sheet

__version__ = "0.1.0"

logger = logging.getLogger(__name__)


def resolve_paths(app: Sphinx, config: Config) -> None:
    """Make ``mjspec_scenario_paths`` absolute (they are written relative to ``conf.py``)."""
    confdir = Path(app.confdir)
    config.mjspec_scenario_paths = [
        str((confdir / path).resolve()) for path in config.mjspec_scenario_paths
    ]


def load_spec(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """Read the corpus afresh before reading documents (parallel readers inherit it)."""
    live.reset(Path(path) for path in app.config.mjspec_scenario_paths)


def reread_live_docs(
    app: Sphinx, env: BuildEnvironment, added: set[str], _changed: set[str], removed: set[str]
) -> list[str]:
    """Documents with live examples are always outdated: the engine or the fixtures may differ."""
    return [doc for doc in iter_live_docs(env) if doc not in removed]


def fail_on_disagreement(app: Sphinx, exception: Exception | None) -> None:
    """Fail a finished build in which the engine did not reproduce some fixture.

    The exit status is set the way the linkcheck builder does for broken links,
    so the build fails with or without ``-W``.
    """
    if exception is not None or app.env is None:
        return
    failures = domain_of(app.env).all_failures()
    if not failures:
        return
    fixtures = sorted({failure.fixture for _, failure in failures})
    logger.error(
        "the reference engine does not reproduce %d fixture(s) drawn in these docs: %s "
        "(`mjspec run` shows the same differences)",
        len(fixtures),
        ", ".join(fixtures),
        type="mjspec",
        subtype="fixture",
    )
    app.statuscode = 1


def add_tile_symbols(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    """Write the drawings of the tiles a page shows once, at the top of its body."""
    body = context.get("body")
    if isinstance(body, str):
        context["body"] = symbol_sheet(body) + body


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_config_value(
        "mjspec_scenario_paths",
        [],
        "env",
        types=frozenset({list, tuple}),
        description="Scenario files or folders to draw, relative to conf.py "
        "(default: the bundled spec/scenarios).",
    )
    app.add_domain(MjspecDomain)
    plain = (visit_folded_plain, visit_folded_plain)
    app.add_node(
        folded, html=(visit_folded_html, depart_folded_html), text=plain, latex=plain, man=plain
    )
    app.add_directive("mjspec-rules", RulesDirective)
    app.add_directive("mjspec-pattern-table", PatternTableDirective)
    app.add_directive("mjspec-seat-table", SeatTableDirective)
    app.add_directive("mjspec-limit-table", LimitTableDirective)
    app.add_directive("mjspec-payment-table", PaymentTableDirective)
    app.add_directive("mjspec-house-table", HouseTableDirective)
    app.add_directive("mjspec-example", ExampleDirective)
    app.add_directive("mjspec-fixture-yaml", FixtureSourceDirective)
    app.add_directive("mjspec-fixtures", FixturesDirective)
    app.add_directive("mjspec-fixture-pages", FixturePagesDirective)
    app.add_directive("mjspec-schema-fields", SchemaFieldsDirective)
    app.add_directive("mjspec-error-codes", ErrorCodesDirective)
    app.add_directive("mjspec-command", CommandDirective)
    app.add_directive("mjspec-cli-reference", CliReferenceDirective)
    app.add_directive("mjspec-conformance", ConformanceDirective)
    app.add_directive("mjspec-architecture", ArchitectureDirective)
    app.add_directive("mjspec-compare", CompareDirective)
    app.add_directive("mjspec-calculator", CalculatorDirective)
    app.add_role("mjspec-tiles", TilesRole())
    app.connect("config-inited", resolve_paths)
    app.connect("builder-inited", write_fixture_pages)
    app.connect("env-before-read-docs", load_spec)
    app.connect("env-get-outdated", reread_live_docs)
    app.connect("build-finished", fail_on_disagreement)
    app.connect("build-finished", install_runtime)
    app.connect("html-page-context", add_tile_symbols)
    return {
        "version": __version__,
        "env_version": 1,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
