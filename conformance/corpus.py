"""The corpus as small frozen objects: ``Corpus -> Catalogue / Case``.

Each :class:`Case` keeps its file and line, and has a stable, readable id that
pytest, reports and docs all use. Loading validates every file against its
schema; :mod:`conformance.lint` then checks the corpus as a whole.
"""

from __future__ import annotations

import filecmp
import gc
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import spec
from conformance import schemas
from conformance.files import display_name, yaml_files
from conformance.problems import Problem, ProblemsError
from conformance.yamlsafe import Located, load_file


@dataclass(frozen=True)
class Rule:
    """One rule of a catalogue: a stable id, our statement, its citation."""

    id: str
    area: str
    title: str
    statement: str
    section: str
    provenance: str = "source"
    convention: str | None = None
    pattern: str | None = None
    replaces: tuple[str, ...] = ()


@dataclass(frozen=True)
class Catalogue:
    """The rule catalogue of one variant (``spec/variants/<variant>/rules.yaml``)."""

    variant: str
    source_file: str
    publisher: str
    areas: Mapping[str, str]
    rules: tuple[Rule, ...]
    file: str
    positions: Mapping[str, int] = field(default_factory=dict)
    inherits: str | None = None
    inherits_line: int = 1

    @property
    def replaced(self) -> frozenset[str]:
        """The rules of the inherited catalogue that rules of this one set otherwise."""
        return frozenset(rule_id for rule in self.rules for rule_id in rule.replaces)

    def __contains__(self, rule_id: object) -> bool:
        return any(rule.id == rule_id for rule in self.rules)

    def rule(self, rule_id: str) -> Rule | None:
        return next((rule for rule in self.rules if rule.id == rule_id), None)


@dataclass(frozen=True)
class Case:
    """One scenario fixture."""

    id: str
    variant: str
    kind: str
    title: str
    rules: tuple[str, ...]
    given: Mapping[str, Any]
    expect: Mapping[str, Any]
    file: Path
    line: int
    status: str = "accepted"
    notes: str = ""
    section: str | None = None
    worked_example: bool = False
    inherited_from: str | None = None  # the id of the fixture this case runs again

    @property
    def area(self) -> str:
        """The rule area: the second part of the id (``taiwanese/<area>/<name>``)."""
        parts = self.id.split("/")
        return parts[1] if len(parts) > 2 else "general"

    @property
    def expects_error(self) -> bool:
        return "error" in self.expect


@dataclass(frozen=True)
class Corpus:
    """Cases and catalogues loaded together, with every problem met while loading."""

    cases: tuple[Case, ...]
    catalogues: Mapping[str, Catalogue]
    profiles: Mapping[str, Located]
    documents: Mapping[str, Located]
    problems: tuple[Problem, ...]
    scenario_files: int = 0

    def for_variant(self, variant: str | None) -> Iterator[Case]:
        return (c for c in self.cases if variant is None or c.variant == variant)

    def inherited(self) -> tuple[Case, ...]:
        """The cases a catalogue inherits: each accepted fixture of the variant it
        ``inherits`` that cites no rule it replaces, run under its variant, with the id
        ``<fixture id>@<variant>``."""
        out = []
        for variant, catalogue in self.catalogues.items():
            if catalogue.inherits is None:
                continue
            replaced = catalogue.replaced
            out += [
                replace(case, id=f"{case.id}@{variant}", variant=variant, inherited_from=case.id)
                for case in self.for_variant(catalogue.inherits)
                if case.status == "accepted" and not replaced.intersection(case.rules)
            ]
        return tuple(out)

    def rules_of(self, variant: str) -> dict[str, Rule]:
        """The rules a fixture of ``variant`` may cite: its catalogue's, and those of the
        catalogue it ``inherits`` (and so on) that none of its rules replaces."""
        catalogue = self.catalogues.get(variant)
        if catalogue is None:
            return {}
        rules: dict[str, Rule] = {}
        if catalogue.inherits is not None and catalogue.inherits != variant:
            replaced = catalogue.replaced
            base = self.rules_of(catalogue.inherits)
            rules.update({i: rule for i, rule in base.items() if i not in replaced})
        rules.update({rule.id: rule for rule in catalogue.rules})
        return rules

    def areas_of(self, variant: str) -> dict[str, str]:
        """The areas a fixture id of ``variant`` may name: its catalogue's and its base's."""
        catalogue = self.catalogues.get(variant)
        if catalogue is None:
            return {}
        areas = dict(self.areas_of(catalogue.inherits)) if catalogue.inherits else {}
        areas.update(catalogue.areas)
        return areas

    def runnable(self, variant: str | None) -> list[Case]:
        """The cases of ``variant`` (None: every variant's) to run: its fixtures and the
        cases it inherits."""
        inherited = (c for c in self.inherited() if variant is None or c.variant == variant)
        return [*self.for_variant(variant), *inherited]


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Plain JSON-ready dicts and lists from a frozen case field."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


def load_validated(path: Path, schema_name: str) -> tuple[Located | None, list[Problem]]:
    """Load one YAML file and validate it against a schema."""
    try:
        document = load_file(path, display=display_name(path))
    except ProblemsError as error:
        return None, list(error.problems)
    problems = schemas.validate(document, schema_name)
    return (None if problems else document), problems


def case_from(document: Located, path: Path) -> Case:
    data = document.data
    source = data.get("source") or {}
    return Case(
        id=data["id"],
        variant=data["variant"],
        kind=data["kind"],
        title=data["title"],
        rules=tuple(data["rules"]),
        given=_frozen(data["given"]),
        expect=_frozen(data["expect"]),
        file=path,
        line=document.position(())[0],
        status=data.get("status", "accepted"),
        notes=data.get("notes", ""),
        section=source.get("section"),
        worked_example=bool(source.get("worked_example", False)),
    )


def catalogue_from(document: Located) -> Catalogue:
    data = document.data
    rules = tuple(
        Rule(
            id=item["id"],
            area=item["area"],
            title=item["title"],
            statement=" ".join(item["statement"].split()),
            section=item["source"]["section"],
            provenance=item.get("provenance", "source"),
            convention=" ".join(item["convention"].split()) if "convention" in item else None,
            pattern=item.get("pattern"),
            replaces=tuple(item.get("replaces", ())),
        )
        for item in data["rules"]
    )
    positions = {
        item["id"]: document.position(("rules", index))[0]
        for index, item in enumerate(data["rules"])
    }
    return Catalogue(
        variant=data["variant"],
        source_file=data["source"]["file"],
        publisher=data["source"]["publisher"],
        areas=MappingProxyType(dict(data["areas"])),
        rules=rules,
        file=document.file,
        positions=MappingProxyType(positions),
        inherits=data.get("inherits"),
        inherits_line=document.position(("inherits",))[0] if "inherits" in data else 1,
    )


def load_corpus(paths: Iterable[Path] | None = None) -> Corpus:
    """Load the catalogues and profiles of every variant, and the scenarios under ``paths``.

    Without ``paths`` the bundled corpus (``spec/scenarios``) is loaded. The cyclic garbage
    collector is paused meanwhile: loading builds tens of thousands of acyclic values that
    it would otherwise traverse again and again (a fifth of the loading time), and
    reference counting frees them all the same.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _load_corpus(paths)
    finally:
        if enabled:
            gc.enable()


def _load_corpus(paths: Iterable[Path] | None) -> Corpus:
    problems: list[Problem] = []
    catalogues: dict[str, Catalogue] = {}
    profiles: dict[str, Located] = {}
    documents: dict[str, Located] = {}
    for variant in spec.variant_ids():
        folder = spec.VARIANTS_DIR / variant
        rules_doc, found = load_validated(folder / "rules.yaml", "rules")
        problems += found
        if rules_doc is not None:
            catalogues[variant] = catalogue_from(rules_doc)
        profile_doc, found = load_validated(folder / "profile.yaml", "profile")
        problems += found
        if profile_doc is not None:
            profiles[variant] = profile_doc
    cases: list[Case] = []
    files = yaml_files(paths if paths is not None else [spec.SCENARIOS_DIR])
    problems += files.problems
    scenarios = [path for path in files.files if path.name not in VARIANT_FILES]
    problems += _variant_file_problems(path for path in files.files if path.name in VARIANT_FILES)
    for path in scenarios:
        document, found = load_validated(path, "scenario")
        problems += found
        if document is not None:
            cases.append(case_from(document, path))
            documents[str(path)] = document
    return Corpus(
        tuple(cases),
        MappingProxyType(catalogues),
        MappingProxyType(profiles),
        MappingProxyType(documents),
        tuple(problems),
        len(scenarios),
    )


def load_catalogues(variants: Iterable[str]) -> Corpus:
    """The bundled catalogues of ``variants`` and of those they inherit, each read and
    checked as :func:`load_corpus` reads it (one its schema refuses is left out, its
    problems kept), and nothing else: for a command that needs a few variants' rules (a
    replay's, a fuzz campaign's), a fifth to a third of the files, not every variant's."""
    problems: list[Problem] = []
    catalogues: dict[str, Catalogue] = {}
    wanted, read = list(variants), set()
    while wanted:
        variant = wanted.pop(0)
        if variant in read or variant not in spec.variant_ids():
            continue
        read.add(variant)
        document, found = load_validated(spec.VARIANTS_DIR / variant / "rules.yaml", "rules")
        problems += found
        if document is not None:
            catalogue = catalogues[variant] = catalogue_from(document)
            wanted += [catalogue.inherits] if catalogue.inherits is not None else []
    none: Mapping[str, Located] = MappingProxyType({})
    return Corpus((), MappingProxyType(catalogues), none, none, tuple(problems))


# A variant's folder holds its catalogue and its profile beside each other, never a fixture.
VARIANT_FILES = {"rules.yaml": "rules", "profile.yaml": "profile"}


def _variant_file_problems(paths: Iterable[Path]) -> list[Problem]:
    """A catalogue or a profile named among the scenarios' paths (a variant's folder, say)
    is checked against its own schema, not the scenario schema; a bundled one was checked
    with its variant already."""
    bundled = {
        (spec.VARIANTS_DIR / variant / name).resolve()
        for variant in spec.variant_ids()
        for name in VARIANT_FILES
    }
    problems: list[Problem] = []
    for path in paths:
        if path.resolve() not in bundled:
            problems += load_validated(path, VARIANT_FILES[path.name])[1]
    return problems


def checkout_holding(folder: Path) -> Path | None:
    """The checkout of mjspec holding ``folder``: the nearest of ``folder`` and its parents
    with a ``pyproject.toml`` naming the project ``mjspec`` and a ``spec/scenarios``
    folder; None when there is none."""
    for place in (folder.resolve(), *folder.resolve().parents):
        project = place / "pyproject.toml"
        if not (project.is_file() and (place / "spec" / "scenarios").is_dir()):
            continue
        try:
            table = tomllib.loads(project.read_text(encoding="utf-8")).get("project")
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue
        if isinstance(table, dict) and table.get("name") == "mjspec":
            return place
    return None


@dataclass(frozen=True)
class ForeignCheckout:
    """A checkout of mjspec whose ``spec/`` differs from the one this mjspec reads (``pip
    install .`` made a copy, then a file was edited in the clone): ``difference`` names the
    first file that differs."""

    folder: Path
    difference: str


def foreign_checkout(folder: Path) -> ForeignCheckout | None:
    """The checkout of mjspec holding ``folder`` when its ``spec/`` is neither the one this
    mjspec reads nor a copy of it, file for file; else None."""
    checkout = checkout_holding(folder)
    if checkout is None or (checkout / "spec").resolve() == spec.ROOT:
        return None
    difference = _first_difference(checkout / "spec", spec.ROOT)
    return None if difference is None else ForeignCheckout(checkout, difference)


def _spec_files(root: Path) -> dict[str, Path]:
    return {
        path.relative_to(root).as_posix(): path
        for path in root.rglob("*")
        if "__pycache__" not in path.parts and path.is_file()
    }


def _first_difference(theirs: Path, ours: Path) -> str | None:
    """The first file (in name order) that only one folder holds or that differs."""
    mine, installed = _spec_files(theirs), _spec_files(ours)
    for name in sorted(mine.keys() | installed.keys()):
        if name not in installed:
            return f"spec/{name} is not in the installed copy"
        if name not in mine:
            return f"spec/{name} is only in the installed copy"
        if not filecmp.cmp(mine[name], installed[name], shallow=False):
            return f"spec/{name} differs from the installed copy"
    return None
