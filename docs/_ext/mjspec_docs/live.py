"""The spec data and the reference engine, as the directives see them.

The corpus (catalogues, profiles, fixtures) is loaded once per build, at the
start of reading, so fixtures added since the last build appear; each fixture
is evaluated by the reference engine at most once per process and compared with
its expectation by :func:`conformance.compare.compare`, the comparison the
conformance runner uses.

A fixture of a kind that the reference engine does not answer yet (its
``info()`` does not list the kind for the variant, or it answers the error
``unsupported-kind``) is *not computed*: the page says so and the build goes
on. Once the engine answers the kind, a disagreement fails the build.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

import spec
from conformance.compare import Difference, compare
from conformance.corpus import Case, Catalogue, Corpus, load_corpus
from conformance.engine import EngineInfo, engine_info
from conformance.problems import Problem
from conformance.runner import request_for
from reference_engine.plugin import ReferenceEngine
from spec.errors import RuleError
from spec.profile import Profile, load_profile


@dataclass(frozen=True)
class Evaluation:
    """The reference engine's answer to one fixture, and how it compares with ``expect``."""

    case: Case
    outcome: Mapping[str, Any] | None
    differences: tuple[Difference, ...] = ()
    problem: str = ""
    not_computed: str = ""

    @property
    def computed(self) -> bool:
        """False when the engine does not answer this kind of request yet."""
        return not self.not_computed

    @property
    def agrees(self) -> bool:
        return self.computed and not self.problem and not self.differences

    @property
    def disagrees(self) -> bool:
        """The engine answered and did not reproduce the expectation (the build fails)."""
        return self.computed and not self.agrees

    def complaints(self) -> list[str]:
        """Why the engine's answer is not the fixture's expectation (empty when it is)."""
        return [self.problem] if self.problem else [str(diff) for diff in self.differences]


@dataclass
class Spec:
    """The corpus loaded for this build, the reference engine and its evaluations."""

    corpus: Corpus
    engine: ReferenceEngine = field(default_factory=ReferenceEngine)
    _info: EngineInfo | None = None
    _evaluations: dict[str, Evaluation] = field(default_factory=dict)

    @property
    def info(self) -> EngineInfo:
        if self._info is None:
            self._info = engine_info(self.engine)
        return self._info

    @property
    def engine_label(self) -> str:
        return f"{self.info.name} {self.info.version}"

    def case(self, case_id: str) -> Case | None:
        return next((case for case in self.corpus.cases if case.id == case_id), None)

    def cases(self, variant: str) -> list[Case]:
        """The variant's fixtures in id order."""
        return sorted(self.corpus.for_variant(variant), key=lambda case: case.id)

    def catalogue(self, variant: str) -> Catalogue | None:
        return self.corpus.catalogues.get(variant)

    def profile(self, variant: str) -> Profile | None:
        try:
            return load_profile(variant)
        except RuleError:
            return None

    def extended_profile(self, variant: str) -> Profile | None:
        """The profile that ``variant``'s profile extends, if any (merged with its own base)."""
        chain = extended_variants(variant)
        return self.profile(chain[0]) if chain else None

    def problems(self, variant: str) -> list[Problem]:
        """Load problems of the variant's files (invalid fixtures are left out of the corpus)."""
        marker = f"/{variant}/"
        return [p for p in self.corpus.problems if marker in f"/{Path(p.file).as_posix()}"]

    def evaluate(self, case: Case) -> Evaluation:
        """Run ``case`` through the reference engine (once) and compare with its expectation."""
        if case.id not in self._evaluations:
            self._evaluations[case.id] = self._evaluate(case)
        return self._evaluations[case.id]

    def _evaluate(self, case: Case) -> Evaluation:
        if case.variant not in self.info.variants:
            message = f"{self.info.name} does not answer {case.variant} requests"
            return Evaluation(case, None, problem=message)
        if not self.info.supports(case.variant, case.kind):
            return Evaluation(case, None, not_computed=not_yet(case.kind))
        try:
            outcome = self.engine.evaluate(request_for(case))
        except Exception as error:  # an engine crash is a result to report, not a docs crash
            return Evaluation(case, None, problem=f"the engine raised {error!r}")
        if refuses_kind(outcome) and not refuses_kind(case.expect):
            return Evaluation(case, None, not_computed=not_yet(case.kind))
        differences = tuple(compare(case.expect, outcome, kind=case.kind))
        return Evaluation(case, outcome, differences)


def extended_variants(variant: str) -> list[str]:
    """The variants whose profiles ``variant``'s profile extends (``extends:``), nearest first."""
    chain: list[str] = []
    current = variant
    while len(chain) < 8:  # a cycle is the profile loader's error to report
        path = spec.VARIANTS_DIR / current / "profile.yaml"
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            break
        parent = data.get("extends") if isinstance(data, dict) else None
        if not parent or str(parent) in (variant, *chain):
            break
        current = str(parent)
        chain.append(current)
    return chain


def not_yet(kind: str) -> str:
    return f"not computed: the reference engine does not answer {kind} yet"


def refuses_kind(answer: Mapping[str, Any]) -> bool:
    """Whether ``answer`` is the error ``unsupported-kind``."""
    error = answer.get("error")
    return isinstance(error, Mapping) and error.get("code") == "unsupported-kind"


_current: tuple[tuple[Path, ...], Spec] | None = None


def reset(scenario_paths: Iterable[Path] = ()) -> Spec:
    """Load the corpus afresh (from ``scenario_paths``, else the bundled scenarios)."""
    global _current
    paths = tuple(scenario_paths)
    spec = Spec(load_corpus(list(paths) if paths else None))
    _current = (paths, spec)
    return spec


def current(scenario_paths: Iterable[Path] = ()) -> Spec:
    """The corpus of this build, loaded on first use or when the scenario paths change."""
    paths = tuple(scenario_paths)
    if _current is not None and _current[0] == paths:
        return _current[1]
    return reset(paths)
