"""Run reports: a terminal summary per variant and rule area, and a JSON document."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Set
from dataclasses import dataclass
from typing import Any

from conformance.compare import action_after, first_divergence
from conformance.expectations import Reconciled
from conformance.files import display_name
from conformance.printable import printable
from conformance.report_json import difference_json
from conformance.runner import CaseResult, RunReport, Verdict


@dataclass(frozen=True)
class Tally:
    """One cell of a matrix: the cases passed over the cases run (a skip is not run), and
    how many of those run are known deviations. The text, HTML and docs matrices all
    count with :func:`tally`, so their denominators agree."""

    passed: int
    ran: int
    known: int

    def __str__(self) -> str:
        if not self.ran:
            return "skip"
        return f"{self.passed}/{self.ran}" + (f" ({self.known} known)" if self.known else "")


VARIANT = 20  # the widest variant id, riichi-tenhou-sanma, and a space


def tally(results: Iterable[CaseResult], known: Set[int]) -> Tally:
    """The tally of ``results``; ``known`` holds the ``id()`` of known deviations."""
    ran = [r for r in results if r.verdict is not Verdict.SKIP]
    passed = sum(1 for r in ran if r.verdict is Verdict.PASS)
    return Tally(passed, len(ran), sum(1 for r in ran if id(r) in known))


def known_ids(reconciled: Reconciled | None) -> set[int]:
    """The ``id()`` of every result a reconciliation found to be a known deviation."""
    return {id(result) for result, _ in reconciled.known} if reconciled else set()


def summary_rows(report: RunReport) -> list[tuple[str, str, dict[Verdict, int]]]:
    """(variant, area, counts per verdict), sorted."""
    table: dict[tuple[str, str], dict[Verdict, int]] = defaultdict(
        lambda: dict.fromkeys(Verdict, 0)
    )
    for result in report.results:
        table[(result.case.variant, result.case.area)][result.verdict] += 1
    return [(v, a, counts) for (v, a), counts in sorted(table.items())]


def render_text(report: RunReport, reconciled: Reconciled | None = None) -> str:
    """The human summary: one line per variant and area, then every failure with its diff
    (known deviations apart, one line each, and stale expectations)."""
    lines = [f"engine: {report.engine.name} {report.engine.version}", ""]
    header = f"{'variant':<{VARIANT}} {'area':<14} {'pass':>5} {'fail':>5} {'error':>6} {'skip':>5}"
    lines += [header, "-" * len(header)]
    for variant, area, counts in summary_rows(report):
        lines.append(
            f"{variant:<{VARIANT}} {area:<14} {counts[Verdict.PASS]:>5} {counts[Verdict.FAIL]:>5} "
            f"{counts[Verdict.ERROR]:>6} {counts[Verdict.SKIP]:>5}"
        )
    total = report.counts
    lines.append("-" * len(header))
    lines.append(
        f"{'total':<{VARIANT + 15}} {total[Verdict.PASS]:>5} {total[Verdict.FAIL]:>5} "
        f"{total[Verdict.ERROR]:>6} {total[Verdict.SKIP]:>5}   ({report.seconds:.2f} s)"
    )
    known = {id(result): entry for result, entry in reconciled.known} if reconciled else {}
    proposals = {id(result) for result in reconciled.proposals} if reconciled else set()
    for result in report.results:
        apart = id(result) in known or id(result) in proposals
        if result.verdict not in (Verdict.FAIL, Verdict.ERROR) or apart:
            continue
        case = result.case
        lines += [
            "",
            f"{result.verdict.value.upper()} {case.id}  ({display_name(case.file)}:{case.line})",
            f"  {case.title}",
        ]
        if result.message:
            lines.append(f"  {result.message}")
        if result.stderr.strip():
            lines += [
                "  stderr:",
                *(f"    {line}" for line in result.stderr.strip()[-800:].split("\n")),
            ]
        lines += divergence_lines(result)
        lines += [f"  - {diff}" for diff in result.differences]
    if reconciled is not None:
        lines += _expectation_lines(reconciled)
    return printable("\n".join(lines))


def _expectation_lines(reconciled: Reconciled) -> list[str]:
    lines: list[str] = []
    if reconciled.proposals:
        count = len(reconciled.proposals)
        lines += ["", f"proposals the engine disagrees with ({count}), to review:"]
        for result in reconciled.proposals:
            lines.append(f"  {result.case.id}  ({display_name(result.case.file)})")
            lines += [f"    - {diff}" for diff in result.differences]
    if reconciled.known:
        lines += ["", f"known deviations ({len(reconciled.known)}):"]
        for result, entry in reconciled.known:
            rule = f" [{entry.rule}]" if entry.rule else ""
            lines.append(f"  {result.verdict.value} {result.case.id}{rule}: {entry.reason}")
    if reconciled.stale:
        lines += ["", f"STALE expectations ({len(reconciled.stale)}):"]
        lines += [f"  {words}" for _, words in reconciled.stale]
    return lines


def divergence_lines(result: CaseResult) -> list[str]:
    """For a failed ``play`` case: the first step at which the engine diverged, and its action."""
    if result.case.kind != "play":
        return []
    step = first_divergence(result.differences)
    if step is None:
        return []
    action = action_after(result.outcome, step)
    if action is None:
        action = "(the deal)" if step == 0 else "(not in the engine's trace)"
    return [f"  first divergence after action {step}: {action}"]


def to_json(report: RunReport, reconciled: Reconciled | None = None) -> dict[str, Any]:
    """A machine-readable report (stable field names; see the docs)."""
    known = {id(result): entry for result, entry in reconciled.known} if reconciled else {}
    document: dict[str, Any] = {
        "engine": {"name": report.engine.name, "version": report.engine.version},
        "seconds": round(report.seconds, 4),
        "counts": {verdict.value: count for verdict, count in report.counts.items()},
        "summary": [
            {"variant": v, "area": a, **{verdict.value: n for verdict, n in counts.items()}}
            for v, a, counts in summary_rows(report)
        ],
        "results": [
            {
                "id": r.case.id,
                "variant": r.case.variant,
                "kind": r.case.kind,
                "area": r.case.area,
                "rules": list(r.case.rules),
                "file": display_name(r.case.file),
                "line": r.case.line,
                "verdict": r.verdict.value,
                "message": r.message,
                **({"stderr": r.stderr} if r.stderr else {}),
                **({"known": known[id(r)].reason} if id(r) in known else {}),
                **({"proposal": True} if r.case.status == "proposed" else {}),
                "differences": [difference_json(d) for d in r.differences],
            }
            for r in report.results
        ],
    }
    if reconciled is not None:
        document["known_deviations"] = len(reconciled.known)
        document["stale_expectations"] = [words for _, words in reconciled.stale]
    return document


def render_side_by_side(runs: list[tuple[RunReport, Reconciled]]) -> str:
    """Several engines on the same cases: passes per variant and area, one column each."""
    names = [f"{r.engine.name} {r.engine.version}".strip() for r, _ in runs]
    width = max(12, *(len(n) for n in names))
    rows: dict[tuple[str, str], list[str]] = defaultdict(lambda: ["-"] * len(runs))
    for column, (variant, area, cell) in _side_by_side_cells(runs):
        rows[(variant, area)][column] = str(cell)
    header = f"{'variant':<{VARIANT}} {'area':<14} " + " ".join(f"{n:>{width}}" for n in names)
    lines = ["passes per engine (passed/run)", "", header, "-" * len(header)]
    for (variant, area), cells in sorted(rows.items()):
        lines.append(f"{variant:<{VARIANT}} {area:<14} " + " ".join(f"{c:>{width}}" for c in cells))
    return printable("\n".join(lines))


def _side_by_side_cells(
    runs: list[tuple[RunReport, Reconciled]],
) -> Iterator[tuple[int, tuple[str, str, Tally]]]:
    for column, (report, reconciled) in enumerate(runs):
        known = known_ids(reconciled)
        for (variant, area), results in sorted(by_area(report.results).items()):
            yield column, (variant, area, tally(results, known))


def by_area(results: Iterable[CaseResult]) -> dict[tuple[str, str], list[CaseResult]]:
    """Results grouped by (variant, rule area)."""
    cells: dict[tuple[str, str], list[CaseResult]] = defaultdict(list)
    for result in results:
        cells[(result.case.variant, result.case.area)].append(result)
    return cells
