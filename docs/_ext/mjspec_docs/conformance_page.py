"""``.. mjspec-conformance:: <variant> ...``: third-party engines run on the corpus while the
page builds, each as a rule-area x variant matrix with its known deviations linked to the
rules and fixtures they concern.

Every engine registered under ``mjspec.engines`` except the reference engine is run; an
engine whose package is not installed is listed as such.
"""

from __future__ import annotations

from importlib.metadata import entry_points

from docutils import nodes

from conformance.connect import close_engine, open_engine
from conformance.corpus import Case
from conformance.engine import ENTRY_POINT_GROUP, EngineLoadError, engine_info
from conformance.expectations import Reconciled, reconcile, shipped_expectations
from conformance.report import known_ids, tally
from conformance.runner import CaseResult, RunReport, Verdict, run

from .directives import MjspecDirective
from .domain import domain_of, xref
from .nodes_util import Cell, literal, para, table


class ConformanceDirective(MjspecDirective):
    """The conformance matrices of the installed third-party engines."""

    required_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        variants = self.arguments[0].split()
        data = self.spec()
        cases = [case for variant in variants for case in data.cases(variant)]
        domain_of(self.env).note_live(self.env.docname)
        out: list[nodes.Node] = []
        names = sorted(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))
        for name in (n for n in names if n != "reference"):
            out.append(self._engine(name, cases))
        return out

    def _engine(self, name: str, cases: list[Case]) -> nodes.Node:
        section = self.new_section([f"conformance-{name}"], name)
        engine = None
        try:
            engine = open_engine(name)
            info = engine_info(engine)
            report = run(engine, info, cases)
            reconciled = reconcile(report, shipped_expectations(engine))
        except EngineLoadError as error:
            section += para("Not installed here: ", literal(str(error)))
            return section
        finally:
            if engine is not None:
                close_engine(engine)
        section[0] = nodes.title(text=f"{info.name} {info.version}")
        counts = report.counts
        section += para(
            f"{counts[Verdict.PASS]} fixtures passed, {len(reconciled.known)} known "
            f"deviations, {len(reconciled.unexpected)} unexpected failures, "
            f"{counts[Verdict.SKIP]} skipped (kinds or requests the engine does not answer)."
        )
        section += self._matrix(report, reconciled)
        if reconciled.known:
            items = nodes.bullet_list()
            for result, entry in reconciled.known:
                item = nodes.list_item()
                parts: list[nodes.Node] = [xref("fixture", result.case.id, self.env.docname)]
                if entry.rule:
                    parts += [nodes.Text(" ("), xref("rule", entry.rule, self.env.docname)]
                    parts.append(nodes.Text(")"))
                parts.append(nodes.Text(f", {result.verdict.value}: {entry.reason}"))
                item += para(*parts)
                items += item
            section += para(nodes.strong(text="Known deviations")), items
        return section

    def _matrix(self, report: RunReport, reconciled: Reconciled) -> nodes.Node:
        known = known_ids(reconciled)
        cells: dict[tuple[str, str], list[CaseResult]] = {}
        for result in report.results:
            cells.setdefault((result.case.area, result.case.variant), []).append(result)
        variants = sorted({variant for _, variant in cells})
        rows: list[list[Cell]] = []
        for area in sorted({area for area, _ in cells}):
            row: list[Cell] = [area]
            row += [_cell(cells.get((area, variant), []), known) for variant in variants]
            if any(cell != "—" for cell in row[1:]):
                rows.append(row)
        return table(["Area", *variants], rows)


def _cell(results: list[CaseResult], known: set[int]) -> str:
    counted = tally(results, known)
    return str(counted) if counted.ran else "—"
