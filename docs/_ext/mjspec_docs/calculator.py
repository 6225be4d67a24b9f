"""The hand calculator: ``mjspec score`` in the browser, on the reference engine under Pyodide.

``.. mjspec-calculator::`` draws a form generated from the ``mjspec score`` argument parser
(every option, grouped as in ``mjspec score --help``, each family's group shown for its
variants only), a palette of tiles to click, and example hands taken from fixtures (option
``:examples:``, fixture ids): each example's options are computed from the fixture by
:func:`conformance.score_cli.options_of` and checked against its expectation while the page is
built, so the buttons cannot offer a hand the engine gets wrong.

At the end of an HTML build the runtime is put beside the pages, with nothing fetched from
elsewhere when the page runs: Pyodide from the npm registry (pinned in ``docs/package.json``
and its lock file, installed by ``npm ci`` when ``docs/node_modules`` lacks it) is copied to
``_static/pyodide/`` and the wheels of :mod:`.browser_wheels` are written to ``_static/wheels/``
with a manifest listing them in install order.
"""

from __future__ import annotations

import argparse
import html
import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

from conformance.compare import compare
from conformance.corpus import thaw
from conformance.score_cli import FAMILY_GROUPS, add_score_arguments, given_from, options_of
from conformance.usage import Parser
from spec import variant_ids
from spec.profile import find_profile
from spec.tiles import parse_tiles

from .browser_wheels import build_wheels
from .directives import MjspecDirective
from .domain import Failure, domain_of
from .nodes_util import raw_html
from .tiles import tile_svg

logger = logging.getLogger(__name__)

DOCS = Path(__file__).resolve().parents[2]
ROOT = DOCS.parent
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PALETTE = "123456789m 123456789p 123456789s 1234567z 12345678f 0m0p0s"
# A page opened as a file runs no module script: this classic one says what to do instead.
FILE_NOTICE = (
    'if (location.protocol === "file:") { const box = document.querySelector(".mj-calc");'
    ' box.dataset.state = "failed"; box.querySelector(".mj-calc-status").textContent ='
    ' "The calculator cannot start: this page was opened as a file, and browsers do not let'
    " such a page load the Python runtime. Serve the built site over HTTP (for example"
    ' python3 -m http.server in its folder) and open it from there."; }'
)
SKIPPED_OPTIONS = frozenset({"help", "format"})
TILE_OPTIONS = frozenset({"hand", "flowers", "dora", "ura", "seen"})


def score_parser() -> argparse.ArgumentParser:
    """The parser of ``mjspec score``: the calculator's form is drawn from it. Of the CLI's
    class, so that it reads options as the command does (a single-value option given twice
    is refused, a list option keeps every repeat)."""
    parser = Parser(prog="mjspec score", exit_on_error=False)
    add_score_arguments(parser)
    return parser


def _family_of_group(title: str | None) -> str:
    return next((family for family, name in FAMILY_GROUPS.items() if name == title), "")


def _field(action: argparse.Action) -> str:
    """One option as a labelled input: a checkbox for a switch, a list for choices, a text
    box otherwise (several values, for an option given more than once, separated by spaces)."""
    option = action.option_strings[-1]
    name = html.escape(option)
    help_text = html.escape((action.help or "").replace("%(default)s", str(action.default)))
    attributes = f'data-option="{name}" id="mj-calc-{html.escape(action.dest)}"'
    if action.default is not None and action.default is not False and action.default != []:
        attributes += f' data-default="{html.escape(str(action.default))}"'
    if isinstance(action, argparse._StoreTrueAction):
        control = f'<input type="checkbox" {attributes}>'
        return f'<label class="mj-calc-switch">{control} <code>{name}</code> {help_text}</label>'
    repeated = isinstance(action, argparse._AppendAction)
    if repeated:
        attributes += ' data-repeat="1"'
    choices = variant_ids() if action.dest == "variant" else action.choices
    if choices is not None and not repeated:
        default = action.default
        options = [] if default is not None else ['<option value=""></option>']
        options += [
            f'<option value="{html.escape(str(choice))}"'
            f"{' selected' if choice == default else ''}>{html.escape(str(choice))}</option>"
            for choice in choices
        ]
        control = f"<select {attributes}>{''.join(options)}</select>"
    else:
        kind = ' data-tiles="1"' if action.dest in TILE_OPTIONS else ""
        default = "" if action.default in (None, [], 0, "") else str(action.default)
        control = (
            f'<input type="text" {attributes}{kind} value="{html.escape(default)}" '
            'autocomplete="off" spellcheck="false">'
        )
        if kind:
            control += '<span class="mj-calc-preview" aria-hidden="true"></span>'
    return (
        f'<div class="mj-calc-field"><label for="mj-calc-{html.escape(action.dest)}">'
        f"<code>{name}</code></label> {control}<small>{help_text}</small></div>"
    )


def _groups(parser: argparse.ArgumentParser) -> Iterator[tuple[str, str, list[argparse.Action]]]:
    """(family, title, actions) per group of the parser with options the form shows."""
    for group in parser._action_groups:
        actions = [
            action
            for action in group._group_actions
            if action.dest not in SKIPPED_OPTIONS and action.option_strings
        ]
        if actions:
            title = group.title or ""
            yield _family_of_group(title), title, actions


def form_html(parser: argparse.ArgumentParser) -> str:
    """Every option of ``parser`` as a field, in its help group (``--variant`` first)."""
    families = {variant: find_profile(variant).family for variant in variant_ids()}
    # raw JSON in a script element (not HTML-decoded): only "</" must not appear in it
    data = json.dumps(families).replace("</", "<\\/")
    parts = [f'<script type="application/json" class="mj-calc-families">{data}</script>']
    for family, title, actions in _groups(parser):
        legend = "hand and table" if not family else title
        fields = "".join(_field(action) for action in actions)
        attribute = f' data-family="{html.escape(family)}"' if family else ""
        parts.append(
            f'<fieldset class="mj-calc-group"{attribute}><legend>{html.escape(legend)}</legend>'
            f"{fields}</fieldset>"
        )
    return "".join(parts)


def palette_html() -> str:
    """Buttons of every tile: a click writes its MPSZ into the tile field last focused."""
    buttons = [
        f'<button type="button" class="mj-calc-tile" data-tile="{tile.mpsz}" '
        f'title="{tile.mpsz}" aria-label="{tile.mpsz}">{tile_svg(tile)}</button>'
        for tile in parse_tiles(PALETTE)
    ]
    return (
        '<div class="mj-calc-palette" role="group" aria-label="tiles">'
        + "".join(buttons)
        + '<button type="button" class="mj-calc-back" title="remove the last tile">⌫</button>'
        "</div>"
    )


class CalculatorDirective(MjspecDirective):
    """``.. mjspec-calculator::`` with ``:examples:`` (fixture ids, space separated)."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"examples": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        domain_of(self.env).note_live(self.env.docname)
        examples = "".join(
            self._example(case_id) for case_id in self.options.get("examples", "").split()
        )
        page = (
            '<div class="mj-calc" data-state="loading">'
            '<p class="mj-calc-status" role="status">The calculator needs JavaScript: it runs the '
            "reference engine in your browser.</p>"
            f'<div class="mj-calc-examples">{examples}</div>'
            f'<form class="mj-calc-form" autocomplete="off">{form_html(score_parser())}'
            f"{palette_html()}"
            '<p><button type="submit" class="mj-calc-run" disabled>Score the hand</button></p>'
            "</form>"
            '<p class="mj-calc-command"><code></code></p>'
            '<div class="mj-calc-result" aria-live="polite"></div>'
            "</div>"
            f"<script>{FILE_NOTICE}</script>"
            f'<script type="module" src="{"../" * self.env.docname.count("/")}'
            '_static/calculator/calculator.js"></script>'
        )
        return [raw_html(page)]

    def _example(self, case_id: str) -> str:
        """A button filling the form with a fixture's hand, checked now against the fixture."""
        spec = self.spec()
        case = spec.case(case_id)
        argv = None if case is None else options_of(case.variant, thaw(case.given))
        if case is None or argv is None:
            raise self.error(
                f"no score fixture {case_id!r} that the options of mjspec score can say"
            )
        args = score_parser().parse_args(argv)
        outcome = spec.engine.evaluate(
            {"variant": args.variant, "kind": "score", "given": given_from(args)}
        )
        differences = compare(case.expect, outcome, kind="score")
        if differences:
            reason = "; ".join(map(str, differences))
            domain_of(self.env).note_failure(self.env.docname, Failure(case.id, case.line, reason))
            logger.error(
                "the calculator's example %s does not get its expectation: %s",
                case.id,
                reason,
                location=f"{case.file}:{case.line}",
                type="mjspec",
            )
        return (
            f'<button type="button" class="mj-calc-example" '
            f'data-argv="{html.escape(json.dumps(argv))}">{html.escape(case.title)}</button>'
        )


def _npm_install(folder: Path) -> None:
    """``npm ci`` in ``folder``: the pinned Pyodide from the npm registry."""
    npm = shutil.which("npm")
    if npm is None:
        raise ExtensionError(
            "the calculator needs Pyodide from the npm registry, and npm is not installed "
            "(Debian: apt-get install npm)"
        )
    result = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--silent"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise ExtensionError(f"npm ci in {folder} failed: {result.stderr.strip()[-2000:]}")


def pyodide_folder(docs: Path = DOCS) -> Path:
    """The pinned Pyodide package, installed first if ``docs/node_modules`` does not hold the
    version the lock file names."""
    lock = json.loads((docs / "package-lock.json").read_text(encoding="utf-8"))
    wanted = lock["packages"]["node_modules/pyodide"]["version"]
    folder = docs / "node_modules" / "pyodide"
    manifest = folder / "package.json"
    if not manifest.is_file() or json.loads(manifest.read_text())["version"] != wanted:
        _npm_install(docs)
    return folder


def install_runtime(app: Sphinx, exception: Exception | None) -> None:
    """Copy Pyodide and write the wheels beside the built pages (HTML builds only)."""
    if exception is not None or app.builder.format != "html":
        return
    static = Path(app.outdir) / "_static"
    source = pyodide_folder()
    target = static / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(source / name, target / name)
    lock = json.loads((source / "pyodide-lock.json").read_text(encoding="utf-8"))
    wheels_folder = static / "wheels"
    shutil.rmtree(wheels_folder, ignore_errors=True)
    wheels = build_wheels(ROOT, wheels_folder, lock["info"]["python"])
    version = json.loads((source / "package.json").read_text(encoding="utf-8"))["version"]
    manifest = {"pyodide": version, "wheels": [w.filename for w in wheels]}
    (wheels_folder / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
