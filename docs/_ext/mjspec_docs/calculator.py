"""The hand calculator: ``mjspec score`` in the browser, on the reference engine under Pyodide.

``.. mjspec-calculator::`` draws a form generated from the ``mjspec score`` argument parser
(every option, grouped as in ``mjspec score --help``, each family's group shown for its
variants only), a palette of tiles to click, and example hands taken from fixtures (option
``:examples:``, fixture ids): each example's options are computed from the fixture by
:func:`conformance.score_cli.options_of` and checked against its expectation while the page is
built, so the buttons cannot offer a hand the engine gets wrong.

Each field is labelled in words with the ``title`` of the request field its option fills
(:mod:`conformance.score_options` maps options to fields; the scenario schema is the one
definition of both), its help the option's. The variant and the hand come first; the result
is placed beside the form on a wide screen and right under the hand on a narrow one
(``mjspec.css``). A calculation is kept in the page address's fragment, one pair per option
(``#variant=riichi&hand=...&riichi=``): :func:`calculator_link` writes it for the "open in the
calculator" link of every score fixture on the site, and the page restores it.

At the end of an HTML build the runtime is put beside the pages, with nothing fetched from
elsewhere when the page runs: Pyodide from the npm registry (pinned in ``docs/package.json``
and its lock file, installed by ``npm ci`` when ``docs/node_modules`` lacks it) is copied to
``_static/pyodide/`` and the wheels of :mod:`.browser_wheels` are written to ``_static/wheels/``
with a manifest listing them in install order. The page says so, with Pyodide's licence
(read from the lock file).
"""

from __future__ import annotations

import argparse
import html
import json
import shutil
import subprocess
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

from conformance.compare import compare
from conformance.corpus import thaw
from conformance.score_cli import FAMILY_GROUPS, given_from, options_of
from conformance.score_options import ScoreOption, Shape, score_options
from spec import variant_ids
from spec.profile import find_profile
from spec.schemas import schema
from spec.tiles import parse_tiles

from .browser_wheels import build_wheels
from .calculator_address import score_parser
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
RULE_OPTIONS = "options"  # the table's rule options: each the profile's unless given


@cache
def _options_by_flag() -> dict[str, ScoreOption]:
    return {option.flag: option for option in score_options()}


def request_field(path: Sequence[str]) -> Mapping[str, Any]:
    """The score request's field at ``path`` in the scenario schema (``("table", "riichi")``),
    with the field's own keywords (its ``title`` among them)."""
    definitions = schema("scenario")["$defs"]
    node: Mapping[str, Any] = definitions["score_given"]
    for name in path:
        reference = str(node.get("$ref", ""))
        if reference.startswith("#/$defs/"):
            node = definitions[reference.removeprefix("#/$defs/")]
        node = node["properties"][name]
    return node


def label(flag: str) -> str:
    """An option's label in words: the ``title`` of the request field it fills (of the
    request's ``variant`` for ``--variant``)."""
    option = _options_by_flag().get(flag)
    if flag == "--variant":
        where, field = "variant", schema("scenario")["properties"]["variant"]
    elif option is not None:
        where, field = ".".join(option.path), request_field(option.path)
    else:
        raise ExtensionError(f"the calculator knows no request field that {flag} fills")
    if "title" not in field:
        raise ExtensionError(
            f"the calculator labels {flag} with the title of the request field {where}, and "
            "it has none: give it one in spec/schema/scenario.schema.json"
        )
    return str(field["title"])


def _choice_text(action: argparse.Action, choice: str) -> str:
    """A choice in words: a variant's name, yes or no, a value with its hyphens as spaces."""
    if action.dest == "variant":
        return find_profile(choice).name
    words = {"true": "yes", "false": "no"}.get(choice, choice.replace("-", " "))
    return words[:1].upper() + words[1:]


def _family_of_group(title: str | None) -> str:
    return next((family for family, name in FAMILY_GROUPS.items() if name == title), "")


def _field(action: argparse.Action) -> str:
    """One option as a labelled input: a checkbox for a switch (ticked by default, and the
    option given when unticked, for a switch that turns a reading off), a list for choices, a
    text box otherwise (several values, for an option given more than once, separated by
    spaces). The option itself is the input's ``data-option``."""
    flag = action.option_strings[-1]
    option = _options_by_flag().get(flag)
    ident = f"mj-calc-{html.escape(action.dest)}"
    words = html.escape(label(flag))
    help_text = f"<small>{html.escape(option.help)}</small>" if option is not None else ""
    attributes = f'data-option="{html.escape(flag)}" data-label="{words}" id="{ident}"'
    if action.default is not None and action.default is not False and action.default != []:
        attributes += f' data-default="{html.escape(str(action.default))}"'
    if isinstance(action, argparse._StoreTrueAction):
        if option is not None and option.shape is Shape.NO_SWITCH:
            attributes += ' data-negated="1" checked'
        control = f'<input type="checkbox" {attributes}>'
        return (
            f'<div class="mj-calc-field mj-calc-switch"><label>{control} {words}</label>'
            f"{help_text}</div>"
        )
    repeated = isinstance(action, argparse._AppendAction)
    if repeated:
        attributes += ' data-repeat="1"'
    choices = variant_ids() if action.dest == "variant" else action.choices
    if choices is not None and not repeated:
        control = _select(action, attributes, [str(choice) for choice in choices])
    else:
        control = _text_box(action, option, attributes)
    return (
        f'<div class="mj-calc-field"><label for="{ident}">{words}</label> {control}'
        f"{help_text}</div>"
    )


def _select(action: argparse.Action, attributes: str, choices: list[str]) -> str:
    """A list of the option's choices in words; a blank first unless the option has a
    default (for a table rule, the blank says the rule set's own is played)."""
    words = "the rule set's own" if _is_rule_option(action) else ""
    blank = [] if action.default is not None else [f'<option value="">{words}</option>']
    items = [
        f'<option value="{html.escape(choice)}"'
        f"{' selected' if choice == action.default else ''}>"
        f"{html.escape(_choice_text(action, choice))}</option>"
        for choice in choices
    ]
    return f"<select {attributes}>{''.join(blank + items)}</select>"


def _text_box(action: argparse.Action, option: ScoreOption | None, attributes: str) -> str:
    """A text box, with a drawing of its tiles for a field of tiles."""
    tiles = option is not None and option.shape is Shape.TILES
    default = "" if action.default in (None, [], 0, "") else str(action.default)
    kind = ' data-tiles="1"' if tiles else ""
    box = (
        f'<input type="text" {attributes}{kind} value="{html.escape(default)}" '
        'autocomplete="off" spellcheck="false">'
    )
    return box + ('<span class="mj-calc-preview" aria-hidden="true"></span>' if tiles else "")


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


def _is_hand(action: argparse.Action) -> bool:
    option = _options_by_flag().get(action.option_strings[-1])
    return option is not None and option.path == ("concealed",)


def _is_rule_option(action: argparse.Action) -> bool:
    """Whether the option sets one of the table's rule options (folded away: the rule set
    gives each, and most hands need none)."""
    option = _options_by_flag().get(action.option_strings[-1])
    return option is not None and option.path[0] == RULE_OPTIONS


def form_html(parser: argparse.ArgumentParser, answer: str = "") -> str:
    """Every option of ``parser`` as a field, in its help group: first the options up to the
    hand (the variant and the hand), the palette and the button, then ``answer`` (where the
    result is shown), then the other groups, each family's marked with its name, its table
    rules folded at its end."""
    families = {variant: find_profile(variant).family for variant in variant_ids()}
    # raw JSON in a script element (not HTML-decoded): only "</" must not appear in it
    data = json.dumps(families).replace("</", "<\\/")
    groups = list(_groups(parser))
    _, _, first = groups[0]
    cut = next(index for index, action in enumerate(first) if _is_hand(action)) + 1
    main = "".join(_field(action) for action in first[:cut])
    more = [("", "The win and the table", first[cut:]), *groups[1:]]
    parts = []
    for family, title, actions in more:
        legend = title[:1].upper() + title[1:]
        fields = "".join(_field(action) for action in actions if not _is_rule_option(action))
        rules = "".join(_field(action) for action in actions if _is_rule_option(action))
        if rules:
            fields += (
                '<details class="mj-calc-rules"><summary>Table rules (the rule set\'s own unless '
                f"changed here)</summary>{rules}</details>"
            )
        attribute = f' data-family="{html.escape(family)}"' if family else ""
        parts.append(
            f'<fieldset class="mj-calc-group"{attribute}><legend>{html.escape(legend)}</legend>'
            f"{fields}</fieldset>"
        )
    return (
        f'<script type="application/json" class="mj-calc-families">{data}</script>'
        f'<div class="mj-calc-group mj-calc-main">{main}{palette_html()}'
        '<p class="mj-calc-actions"><button type="submit" class="mj-calc-run" disabled>'
        "Score the hand</button></p></div>"
        f"{answer}"
        f'<div class="mj-calc-more">{"".join(parts)}</div>'
    )


ANSWER = (
    '<div class="mj-calc-answer" aria-live="polite">'
    '<div class="mj-calc-result"></div>'
    '<p class="mj-calc-command"><code></code></p>'
    '<p class="mj-calc-share" hidden><a class="mj-calc-permalink" href="#">'
    "Link to this calculation</a> "
    '<button type="button" class="mj-calc-copy">Copy link</button> '
    '<span class="mj-calc-copied" role="status"></span></p>'
    "</div>"
)


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


def licence_note(docs: Path = DOCS) -> str:
    """What the page loads, from where, and under which licences (Pyodide's version and
    licence read from the lock file that pins it)."""
    lock = json.loads((docs / "package-lock.json").read_text(encoding="utf-8"))
    pyodide = lock["packages"]["node_modules/pyodide"]
    version, licence = html.escape(pyodide["version"]), html.escape(pyodide["license"])
    return (
        '<p class="mj-calc-licence">What this page loads, all from this site: '
        f'<a href="https://pyodide.org">Pyodide</a> {version} (licence {licence}, '
        '<a href="https://www.mozilla.org/MPL/2.0/">Mozilla Public License 2.0</a>; source '
        f'<a href="https://github.com/pyodide/pyodide">github.com/pyodide/pyodide</a>), the '
        "runtime files of its npm package, copied unchanged into "
        "<code>_static/pyodide/</code>, the Python standard library among them (PSF License); "
        "then the reference engine (mjspec, MIT) and the Python packages it needs, as wheels "
        "in <code>_static/wheels/</code>, each with its licence file inside.</p>"
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
            f'<form class="mj-calc-form" autocomplete="off">{form_html(score_parser(), ANSWER)}'
            "</form>"
            f"{licence_note()}"
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
