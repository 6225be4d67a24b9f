"""``.. mjspec-architecture:: <what>``: the architecture page's lists, read from the code.

- ``contracts``: the import contracts of ``pyproject.toml`` (what ``nox -s imports`` checks);
- ``modules``: every module of ``spec``, ``reference_engine`` and ``conformance`` with the
  first line of its docstring (read from the source, nothing imported);
- ``families``: the rule families the reference engine finds and the variants each plays.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path
from typing import ClassVar

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from reference_engine.variants import families as engine_families
from spec import variant_ids
from spec.families import families

from .nodes_util import Cell, literal, para, table

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("spec", "reference_engine", "conformance")


def summary(path: Path) -> str:
    """The first sentence line of a module's docstring."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return doc.strip().split("\n\n")[0].replace("\n", " ")


class ArchitectureDirective(SphinxDirective):
    required_arguments = 1
    what: ClassVar[tuple[str, ...]] = ("contracts", "modules", "families")

    def run(self) -> list[nodes.Node]:
        what = self.arguments[0]
        self.env.note_dependency(str(ROOT / "pyproject.toml"))
        if what == "contracts":
            return [self._contracts()]
        if what == "modules":
            return [self._modules()]
        if what == "families":
            return [self._families()]
        raise self.error(f"mjspec-architecture takes one of {', '.join(self.what)}")

    def _contracts(self) -> nodes.Node:
        config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
        rows: list[list[Cell]] = []
        for contract in config["tool"]["importlinter"]["contracts"]:
            kind = contract["type"]
            if kind == "forbidden":
                rule = f"{', '.join(contract['source_modules'])} never imports " + ", ".join(
                    contract["forbidden_modules"]
                )
            else:
                rule = f"no import cycle among the modules of {', '.join(contract['ancestors'])}"
            rows.append([contract["name"], literal(kind), rule])
        return table(["Contract", "Type", "Checked"], rows)

    def _modules(self) -> nodes.Node:
        rows: list[list[Cell]] = []
        for package in PACKAGES:
            for path in sorted((ROOT / package).rglob("*.py")):
                module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
                rows.append([literal(module.removesuffix(".__init__")), summary(path)])
        return table(["Module", "What it holds"], rows)

    def _families(self) -> nodes.Node:
        rows: list[list[Cell]] = []
        for name, played in sorted(engine_families().items()):
            package = f"reference_engine.variants.{played.__module__.split('.')[2]}"
            family = families()[name]
            rows.append(
                [
                    literal(name),
                    literal(package),
                    ", ".join(family.variants),
                    ", ".join(family.kinds),
                ]
            )
        node = table(["Family", "Package", "Variants (profiles)", "Kinds"], rows)
        return nodes.container(
            "", node, para(f"{len(rows)} families, {len(variant_ids())} variants.")
        )
