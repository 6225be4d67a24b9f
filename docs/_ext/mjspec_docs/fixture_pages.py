"""Fixture pages kept light: each variant's fixtures are drawn one rule area per page.

When the builder starts, one small source file per variant and area of the corpus is
written under ``variants/fixtures/<variant>/`` (stale ones removed; a file is rewritten
only when its text changes), each drawing that area with ``mjspec-fixtures``; the
``mjspec-fixture-pages`` directive lists them, in the catalogue's order of areas, as the
variant's fixtures page's table of contents.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

from . import live
from .directives import MjspecDirective, ordered_areas

FOLDER = Path("variants") / "fixtures"


def area_pages(spec: live.Spec) -> dict[str, list[str]]:
    """Each variant's areas that hold fixtures, in the catalogue's order."""
    found: dict[str, list[str]] = {}
    for variant in sorted({case.variant for case in spec.corpus.cases}):
        areas = [case.area for case in spec.cases(variant)]
        found[variant] = [a for a in ordered_areas(spec.catalogue(variant), areas) if a in areas]
    return found


def page_text(spec: live.Spec, variant: str, area: str) -> str:
    catalogue = spec.catalogue(variant)
    heading = catalogue.areas.get(area, area) if catalogue else area
    profile = spec.profile(variant)
    title = f"{profile.name if profile else variant}: {heading}"
    # orphan: a site without the variant's fixtures page (a test's) lists no toctree of it
    underline = "=" * len(title)
    directive = f".. mjspec-fixtures:: {variant}\n   :area: {area}\n"
    return f":orphan:\n\n{title}\n{underline}\n\n{directive}"


def write_fixture_pages(app: Sphinx) -> None:
    """The source files of the area pages, written before the documents are read."""
    spec = live.current(Path(path) for path in app.config.mjspec_scenario_paths)
    root = Path(app.srcdir) / FOLDER
    wanted: dict[Path, str] = {}
    for variant, areas in area_pages(spec).items():
        for area in areas:
            wanted[root / variant / f"{area}.rst"] = page_text(spec, variant, area)
    for path, text in wanted.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    for stale in root.glob("*/*.rst") if root.exists() else ():
        if stale not in wanted:
            stale.unlink()


class FixturePagesDirective(MjspecDirective):
    """``.. mjspec-fixture-pages:: <variant>``: the variant's area pages, as a toctree."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        variant = self.arguments[0]
        areas = area_pages(self.spec()).get(variant)
        if not areas:
            return self.problem(f"no fixture of variant {variant!r}")
        docnames = [(FOLDER / variant / area).as_posix() for area in areas]
        return [toctree(self.env.docname, docnames)]


def toctree(parent: str, docnames: Iterable[str]) -> nodes.compound:
    """A visible, one-level table of contents of ``docnames``."""
    entries = list(docnames)
    tree = addnodes.toctree()
    tree["parent"] = parent
    tree["entries"] = [(None, name) for name in entries]
    tree["includefiles"] = entries
    tree["maxdepth"] = 1
    tree["caption"] = None
    tree["glob"] = False
    tree["hidden"] = False
    tree["includehidden"] = False
    tree["numbered"] = 0
    tree["titlesonly"] = False
    wrapper = nodes.compound(classes=["toctree-wrapper"])
    wrapper += tree
    return wrapper
