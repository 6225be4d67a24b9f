"""Known deviations: an engine's expectations file, and a run's results set against it.

An entry names a case (or a rule: every case citing it) and the verdict the engine is
known to get there, with a reason. A run then sorts its results: a deviation that was
expected is *known*; a failure or error nobody expected is *unexpected*; an entry whose
cases now pass is *stale*, and a stale entry fails the run, so the file stays honest.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from conformance.corpus import load_validated
from conformance.problems import Problem, ProblemsError
from conformance.runner import CaseResult, RunReport, Verdict


@dataclass(frozen=True)
class Deviation:
    """One entry of an expectations file."""

    case: str | None
    rule: str | None
    expect: Verdict
    reason: str
    line: int

    def covers(self, result: CaseResult) -> bool:
        """An entry of a case covers that fixture wherever it runs (inherited by a platform
        profile too); an entry of a rule covers every case citing it."""
        if self.case is not None:
            return self.case in (result.case.id, result.case.inherited_from)
        return self.rule in result.case.rules


@dataclass(frozen=True)
class Expectations:
    engine: str
    deviations: tuple[Deviation, ...]
    file: str


def load_expectations(path: Path) -> Expectations:
    """Read and check an expectations file (a :class:`ProblemsError` when it is invalid)."""
    document, problems = load_validated(path, "expectations")
    if document is None:
        raise ProblemsError(problems)
    data = document.data
    deviations = tuple(
        Deviation(
            case=entry.get("case"),
            rule=entry.get("rule"),
            expect=Verdict(entry["expect"]),
            reason=entry["reason"],
            line=document.position(("deviations", index))[0],
        )
        for index, entry in enumerate(data["deviations"])
    )
    return Expectations(data["engine"], deviations, document.file)


def load_given(paths: Sequence[Path]) -> tuple[Expectations, ...]:
    """The expectations files named on a command line, one per engine: a second file for
    an engine already named is a ``duplicate-engine`` problem (only one would be read)."""
    given: dict[str, Expectations] = {}
    for path in paths:
        expectations = load_expectations(path)
        first = given.setdefault(expectations.engine, expectations)
        if first is not expectations:
            message = (
                f"a second expectations file for engine {expectations.engine!r} (the first: "
                f"{first.file}); give one file per engine"
            )
            raise ProblemsError([Problem(expectations.file, 1, 1, "duplicate-engine", message)])
    return tuple(given.values())


def not_run(given: Sequence[Expectations], ran: Collection[str]) -> list[Problem]:
    """An ``engine-not-run`` problem for each expectations file given for an engine the
    command did not run (a mistyped name: the file would go unread)."""
    names = ", ".join(sorted(ran))
    return [
        Problem(
            e.file,
            1,
            1,
            "engine-not-run",
            f"the run has no engine named {e.engine!r} (it ran: {names})",
        )
        for e in given
        if e.engine not in ran
    ]


def shipped_expectations(engine: object) -> Expectations | None:
    """The expectations file an engine ships (its ``expectations()`` method returns the
    path), or None."""
    method = getattr(engine, "expectations", None)
    if not callable(method):
        return None
    path = method()
    return None if path is None else load_expectations(Path(path))


@dataclass(frozen=True)
class Reconciled:
    """A run's results sorted against the expectations."""

    known: tuple[tuple[CaseResult, Deviation], ...]
    unexpected: tuple[CaseResult, ...]
    stale: tuple[tuple[Deviation, str], ...]
    problems: tuple[Problem, ...] = ()
    proposals: tuple[CaseResult, ...] = ()

    @property
    def ok(self) -> bool:
        """No unexpected failure and no stale expectation. A proposed fixture the engine
        disagrees with (``proposals``) is a disagreement to review, not a failure."""
        return not self.unexpected and not self.stale


def reconcile(report: RunReport, expectations: Expectations | None) -> Reconciled:
    """Known deviations, unexpected failures and stale entries of a run."""
    entries: Sequence[Deviation] = expectations.deviations if expectations else ()
    known: list[tuple[CaseResult, Deviation]] = []
    unexpected: list[CaseResult] = []
    proposals: list[CaseResult] = []
    met: set[int] = set()
    covered: set[int] = set()
    for result in report.results:
        entry = _entry_for(entries, result)
        if entry is not None:
            covered.add(id(entry))
        deviant = result.verdict in (Verdict.FAIL, Verdict.ERROR, Verdict.SKIP)
        if entry is not None and result.verdict is entry.expect:
            known.append((result, entry))
            met.add(id(entry))
        elif result.verdict is Verdict.FAIL and result.case.status == "proposed":
            proposals.append(result)
        elif deviant and result.verdict is not Verdict.SKIP:
            unexpected.append(result)
    stale = tuple(
        (entry, _stale_words(entry))
        for entry in entries
        if id(entry) in covered and id(entry) not in met
    )
    return Reconciled(tuple(known), tuple(unexpected), stale, proposals=tuple(proposals))


def _entry_for(entries: Sequence[Deviation], result: CaseResult) -> Deviation | None:
    by_case = next((e for e in entries if e.case is not None and e.covers(result)), None)
    if by_case is not None:
        return by_case
    return next((e for e in entries if e.case is None and e.covers(result)), None)


def _stale_words(entry: Deviation) -> str:
    target = f"case {entry.case}" if entry.case else f"rule {entry.rule}"
    return (
        f"{target} is expected to {entry.expect.value} but no longer does "
        f"(line {entry.line}: {entry.reason})"
    )
