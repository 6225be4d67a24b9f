"""Fixture pages kept light: each variant's fixtures are drawn one rule area per page.

When the builder starts, one small source file per variant and area of the corpus (or per
part of an area too heavy for one page, :mod:`.paging`) is written under
``variants/fixtures/<variant>/`` (stale ones removed; a file is rewritten
only when its text changes), each drawing that area with ``mjspec-fixtures``; the
``mjspec-fixture-pages`` directive lists them, in the catalogue's order of areas, as the
variant's fixtures page's table of contents.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

from . import live
from .directives import MjspecDirective, ordered_areas
from .paging import parts

FOLDER = Path("variants") / "fixtures"


@dataclass(frozen=True)
class AreaPage:
    """One page of a variant's rule area: part ``part`` of ``parts`` (see :mod:`.paging`)."""

    variant: str
    area: str
    part: int = 1
    parts: int = 1

    @property
    def name(self) -> str:
        """``<area>`` for the first part (its address stays when an area grows), then
        ``<area>-part-<n>``."""
        return self.area if self.part == 1 else f"{self.area}-part-{self.part}"


def area_pages(spec: live.Spec) -> dict[str, list[AreaPage]]:
    """Each variant's pages of the areas that hold fixtures, in the catalogue's order."""
    found: dict[str, list[AreaPage]] = {}
    for variant in sorted({case.variant for case in spec.corpus.cases}):
        cases = spec.cases(variant)
        areas = [case.area for case in cases]
        pages: list[AreaPage] = []
        for area in ordered_areas(spec.catalogue(variant), areas):
            count = len(parts([case for case in cases if case.area == area]))
            if area in areas:
                pages += [AreaPage(variant, area, n, count) for n in range(1, count + 1)]
        found[variant] = pages
    return found


def page_text(spec: live.Spec, page: AreaPage) -> str:
    catalogue = spec.catalogue(page.variant)
    heading = catalogue.areas.get(page.area, page.area) if catalogue else page.area
    profile = spec.profile(page.variant)
    title = f"{profile.name if profile else page.variant}: {heading}"
    if page.parts > 1:
        title += f" (part {page.part} of {page.parts})"
    # orphan: a site without the variant's fixtures page (a test's) lists no toctree of it
    underline = "=" * len(title)
    directive = f".. mjspec-fixtures:: {page.variant}\n   :area: {page.area}\n"
    if page.parts > 1:
        directive += f"   :part: {page.part}\n"
    return f":orphan:\n\n{title}\n{underline}\n\n{directive}"


def write_fixture_pages(app: Sphinx) -> None:
    """The source files of the area pages, written before the documents are read."""
    spec = live.current(Path(path) for path in app.config.mjspec_scenario_paths)
    root = Path(app.srcdir) / FOLDER
    wanted: dict[Path, str] = {}
    for variant, pages in area_pages(spec).items():
        for page in pages:
            wanted[root / variant / f"{page.name}.rst"] = page_text(spec, page)
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
        pages = area_pages(self.spec()).get(variant)
        if not pages:
            return self.problem(f"no fixture of variant {variant!r}")
        docnames = [(FOLDER / variant / page.name).as_posix() for page in pages]
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
