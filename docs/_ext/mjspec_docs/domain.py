"""The ``mjspec`` Sphinx domain: rules and fixtures as link targets, and the build's verdicts.

Every piece of state the directives record lives in the domain data, keyed by
the document that recorded it, so it is cleared when a document is re-read and
merged back from the worker processes of a parallel build. Roles:
``:mjspec:rule:`tw.pattern.flowers``` and ``:mjspec:fixture:`taiwanese/...```;
both are listed in ``objects.inv`` for intersphinx.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Set
from typing import Any, ClassVar, NamedTuple, cast

from docutils import nodes
from docutils.nodes import Element
from sphinx import addnodes
from sphinx.builders import Builder
from sphinx.domains import Domain, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.nodes import make_refnode
from sphinx.util.typing import RoleFunction

logger = logging.getLogger(__name__)


class Target(NamedTuple):
    """Where a rule or fixture is drawn: document, anchor, and its title (the link tooltip)."""

    docname: str
    anchor: str
    title: str


class Failure(NamedTuple):
    """A fixture whose expectation the reference engine did not reproduce."""

    fixture: str
    line: int
    reason: str


def anchor_for(identifier: str, prefix: str = "") -> str:
    """An HTML id for a rule or fixture id (``tw.pattern.flowers`` -> ``tw-pattern-flowers``)."""
    return prefix + nodes.make_id(identifier)


class MjspecDomain(Domain):
    """Rules, fixtures and live-evaluation results of the mjspec docs."""

    name = "mjspec"
    label = "mjspec"
    object_types: ClassVar[dict[str, ObjType]] = {
        "rule": ObjType("rule", "rule"),
        "fixture": ObjType("fixture", "fixture"),
    }
    roles: ClassVar[dict[str, RoleFunction | XRefRole]] = {
        "rule": XRefRole(warn_dangling=True),
        "fixture": XRefRole(warn_dangling=True),
    }
    dangling_warnings: ClassVar[dict[str, str]] = {
        "rule": "no rule %(target)r in any catalogue drawn by mjspec-rules",
        "fixture": "no fixture %(target)r drawn by mjspec-fixtures or mjspec-example",
    }
    initial_data: ClassVar[dict[str, Any]] = {
        "rules": {},  # rule id -> Target
        "fixtures": {},  # fixture id -> Target (its place in the full listing)
        "examples": {},  # docname -> {fixture id -> Target} (featured copies)
        "failures": {},  # docname -> [Failure]
        "live": {},  # docname -> number of things computed while reading it
    }
    data_version = 1

    # --- the data --------------------------------------------------------------
    @property
    def rules(self) -> dict[str, Target]:
        return cast("dict[str, Target]", self.data["rules"])

    @property
    def fixtures(self) -> dict[str, Target]:
        return cast("dict[str, Target]", self.data["fixtures"])

    @property
    def examples(self) -> dict[str, dict[str, Target]]:
        return cast("dict[str, dict[str, Target]]", self.data["examples"])

    @property
    def failures(self) -> dict[str, list[Failure]]:
        return cast("dict[str, list[Failure]]", self.data["failures"])

    @property
    def live(self) -> dict[str, int]:
        return cast("dict[str, int]", self.data["live"])

    def note_rule(self, rule_id: str, target: Target, node: Element) -> None:
        if rule_id in self.rules and self.rules[rule_id].docname != target.docname:
            other = self.rules[rule_id].docname
            logger.warning("rule %s is also drawn in %s", rule_id, other, location=node)
        self.rules[rule_id] = target

    def note_fixture(self, fixture_id: str, target: Target, node: Element, *, listed: bool) -> None:
        """Record a drawn fixture: ``listed`` in the full listing, or a featured example."""
        if not listed:
            self.examples.setdefault(target.docname, {})[fixture_id] = target
            return
        if fixture_id in self.fixtures and self.fixtures[fixture_id].docname != target.docname:
            other = self.fixtures[fixture_id].docname
            logger.warning("fixture %s is also listed in %s", fixture_id, other, location=node)
        self.fixtures[fixture_id] = target

    def note_live(self, docname: str) -> None:
        """Record that ``docname`` shows something computed while building (re-read each build)."""
        self.live[docname] = self.live.get(docname, 0) + 1

    def note_failure(self, docname: str, failure: Failure) -> None:
        self.failures.setdefault(docname, []).append(failure)

    def all_failures(self) -> list[tuple[str, Failure]]:
        return [(doc, f) for doc, found in sorted(self.failures.items()) for f in found]

    # --- parallel builds -------------------------------------------------------------
    def clear_doc(self, docname: str) -> None:
        for table in (self.rules, self.fixtures):
            for key in [k for k, target in table.items() if target.docname == docname]:
                del table[key]
        for per_doc in (self.examples, self.failures, self.live):
            per_doc.pop(docname, None)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for key in ("rules", "fixtures"):
            for name, target in otherdata[key].items():
                if target.docname in docnames:
                    self.data[key][name] = target
        for key in ("examples", "failures", "live"):
            for docname, value in otherdata[key].items():
                if docname in docnames:
                    self.data[key][docname] = value

    # --- cross-references ------------------------------------------------------------
    def _target(self, typ: str, name: str) -> Target | None:
        if typ == "rule":
            return self.rules.get(name)
        if name in self.fixtures:
            return self.fixtures[name]
        return next((by_id[name] for by_id in self.examples.values() if name in by_id), None)

    def resolve_xref(  # noqa: PLR0913 (the signature is Sphinx's Domain API)
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: addnodes.pending_xref,
        contnode: Element,
    ) -> nodes.reference | None:
        found = self._target(typ, target)
        if found is None:
            return None
        return make_refnode(
            builder, fromdocname, found.docname, found.anchor, contnode, found.title
        )

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: addnodes.pending_xref,
        contnode: Element,
    ) -> list[tuple[str, nodes.reference]]:
        results = []
        for typ in ("rule", "fixture"):
            found = self._target(typ, target)
            if found is not None:
                ref = make_refnode(
                    builder, fromdocname, found.docname, found.anchor, contnode, found.title
                )
                results.append((f"mjspec:{typ}", ref))
        return results

    def get_objects(self) -> Iterable[tuple[str, str, str, str, str, int]]:
        for name, target in sorted(self.rules.items()):
            yield name, target.title, "rule", target.docname, target.anchor, 1
        for name, target in sorted(self.fixtures.items()):
            yield name, target.title, "fixture", target.docname, target.anchor, 1


def xref(
    typ: str, target: str, docname: str, text: str | None = None, *, code: bool | None = None
) -> addnodes.pending_xref:
    """A link to a rule or fixture by id, shown as ``text`` (default: the id in code font)."""
    node = addnodes.pending_xref(
        "",
        refdomain="mjspec",
        reftype=typ,
        reftarget=target,
        refdoc=docname,
        refexplicit=True,
        refwarn=True,
    )
    shown = target if text is None else text
    classes = ["xref", "mjspec", f"mjspec-{typ}"]
    in_code = text is None if code is None else code
    node += (
        nodes.literal(shown, shown, classes=classes)
        if in_code
        else nodes.inline(shown, shown, classes=classes)
    )
    return node


def domain_of(env: BuildEnvironment) -> MjspecDomain:
    return cast("MjspecDomain", env.domains["mjspec"])


def iter_live_docs(env: BuildEnvironment) -> Iterator[str]:
    """Documents that drew live examples (re-read on every build: the engine may have changed)."""
    yield from (doc for doc in domain_of(env).live if doc in env.found_docs)
