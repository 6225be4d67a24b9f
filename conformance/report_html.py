"""Run reports as one self-contained HTML page: per engine, a variant x rule-area matrix,
then every unexpected failure with its differences, the known deviations and the stale
expectations. Rule ids link to the rule pages when a docs address is given."""

from __future__ import annotations

import re
from collections import defaultdict
from html import escape

from conformance.expectations import Reconciled
from conformance.files import display_name
from conformance.printable import printable
from conformance.report import by_area, known_ids, tally
from conformance.runner import CaseResult, RunReport, Verdict

STYLE = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em}
th{background:#f4f4f4}.ok{background:#dff3df}.bad{background:#f8d7d7}.known{background:#fff2cc}
.none{color:#999}code{background:#f4f4f4;padding:0 .2em}li{margin:.3em 0}
"""


def rule_anchor(rule_id: str) -> str:
    """The anchor of a rule on its docs page (as docutils makes ids)."""
    return re.sub(r"[^a-z0-9]+", "-", rule_id.lower()).strip("-")


def to_html(runs: list[tuple[RunReport, Reconciled]], docs_base: str | None = None) -> str:
    """The page for one or more engines' runs."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>mjspec conformance</title>',
        f"<style>{STYLE}</style></head><body><h1>mjspec conformance</h1>",
    ]
    if len(runs) > 1:
        parts += _side_by_side(runs)
    for report, reconciled in runs:
        parts += _engine_section(report, reconciled, docs_base)
    parts.append("</body></html>")
    return printable("\n".join(parts)) + "\n"


def _engine_section(report: RunReport, reconciled: Reconciled, docs_base: str | None) -> list[str]:
    engine = report.engine
    known = known_ids(reconciled)
    counts = report.counts
    out = [
        f"<h2>{escape(engine.name)} {escape(engine.version)}</h2>",
        f"<p>{counts[Verdict.PASS]} passed, {counts[Verdict.FAIL]} failed, "
        f"{counts[Verdict.ERROR]} errors, {counts[Verdict.SKIP]} skipped; "
        f"{len(reconciled.known)} known deviations, {len(reconciled.stale)} stale "
        f"expectations ({report.seconds:.2f} s).</p>",
    ]
    out += _matrix(report.results, known)
    unexpected = reconciled.unexpected
    if unexpected:
        out.append(f"<h3>Unexpected failures ({len(unexpected)})</h3><ul>")
        out += [f"<li>{_failure(result, docs_base)}</li>" for result in unexpected]
        out.append("</ul>")
    if reconciled.proposals:
        count = len(reconciled.proposals)
        out.append(f"<h3>Proposals the engine disagrees with, to review ({count})</h3><ul>")
        out += [f"<li>{_failure(result, docs_base)}</li>" for result in reconciled.proposals]
        out.append("</ul>")
    if reconciled.known:
        out.append(f"<h3>Known deviations ({len(reconciled.known)})</h3><ul>")
        for result, entry in reconciled.known:
            rule = _rule_link(entry.rule, result.case.variant, docs_base) if entry.rule else ""
            out.append(
                f"<li><code>{escape(result.case.id)}</code> {rule}: {escape(entry.reason)}</li>"
            )
        out.append("</ul>")
    if reconciled.stale:
        out.append(f"<h3>Stale expectations ({len(reconciled.stale)})</h3><ul>")
        out += [f"<li>{escape(words)}</li>" for _, words in reconciled.stale]
        out.append("</ul>")
    return out


def _matrix(results: tuple[CaseResult, ...], known: set[int]) -> list[str]:
    """Rows are rule areas, columns variants; a cell counts passes over cases run."""
    cells: dict[tuple[str, str], list[CaseResult]] = defaultdict(list)
    for result in results:
        cells[(result.case.area, result.case.variant)].append(result)
    variants = sorted({variant for _, variant in cells})
    areas = sorted({area for area, _ in cells})
    out = ["<table><tr><th>area</th>", *(f"<th>{escape(v)}</th>" for v in variants), "</tr>"]
    for area in areas:
        out.append(f"<tr><th>{escape(area)}</th>")
        for variant in variants:
            out.append(_cell(cells.get((area, variant), []), known))
        out.append("</tr>")
    out.append("</table>")
    return out


def _cell(results: list[CaseResult], known: set[int]) -> str:
    counted = tally(results, known)
    if not counted.ran:
        return '<td class="none">—</td>'
    bad = counted.ran - counted.passed - counted.known
    css = "bad" if bad else ("known" if counted.known else "ok")
    return f'<td class="{css}">{escape(str(counted))}</td>'


def _side_by_side(runs: list[tuple[RunReport, Reconciled]]) -> list[str]:
    """With several engines: each one's passes per variant and area, one column each."""
    names = [f"{report.engine.name} {report.engine.version}".strip() for report, _ in runs]
    rows: dict[tuple[str, str], list[str]] = defaultdict(
        lambda: ['<td class="none">—</td>'] * len(runs)
    )
    for column, (report, reconciled) in enumerate(runs):
        known = known_ids(reconciled)
        for key, results in by_area(report.results).items():
            rows[key][column] = _cell(results, known)
    out = ["<h2>Engines side by side</h2>", "<table><tr><th>variant</th><th>area</th>"]
    out += [f"<th>{escape(name)}</th>" for name in names]
    out.append("</tr>")
    for (variant, area), cells in sorted(rows.items()):
        out.append(f"<tr><th>{escape(variant)}</th><th>{escape(area)}</th>{''.join(cells)}</tr>")
    out.append("</table>")
    return out


def _failure(result: CaseResult, docs_base: str | None) -> str:
    case = result.case
    rules = " ".join(_rule_link(rule, case.variant, docs_base) for rule in case.rules)
    lines = [
        f"<b>{result.verdict.value}</b> <code>{escape(case.id)}</code> "
        f"({escape(display_name(case.file))}:{case.line}) {escape(case.title)}<br>{rules}"
    ]
    if result.message:
        lines.append(f"<br>{escape(result.message)}")
    if result.differences:
        items = "".join(f"<li>{escape(str(d))}</li>" for d in result.differences)
        lines.append(f"<ul>{items}</ul>")
    if result.stderr.strip():
        lines.append(f"<pre>{escape(result.stderr.strip()[-800:])}</pre>")
    return "".join(lines)


def _rule_link(rule_id: str | None, variant: str, docs_base: str | None) -> str:
    if rule_id is None:
        return ""
    text = f"<code>{escape(rule_id)}</code>"
    if docs_base is None:
        return text
    href = f"{docs_base.rstrip('/')}/variants/{variant}.html#{rule_anchor(rule_id)}"
    return f'<a href="{escape(href)}">{text}</a>'
