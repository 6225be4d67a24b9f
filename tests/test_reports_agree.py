"""The text, HTML and docs matrices count the same way: passes over cases run (a skip,
known or not, is not run), known deviations apart; several engines side by side in the
HTML report as in the text one."""

from __future__ import annotations

import re

from conformance.corpus import Case, load_corpus
from conformance.engine import EngineInfo
from conformance.expectations import Deviation, Expectations, reconcile
from conformance.report import render_side_by_side
from conformance.report_html import to_html
from conformance.runner import CaseResult, RunReport, Verdict


def cases(count: int) -> list[Case]:
    chosen = [c for c in load_corpus().cases if c.id.startswith("taiwanese/patterns/")]
    return chosen[:count]


def report(name: str, verdicts: list[Verdict]) -> RunReport:
    results = tuple(
        CaseResult(case, verdict)
        for case, verdict in zip(cases(len(verdicts)), verdicts, strict=True)
    )
    counts = {v: sum(1 for r in results if r.verdict is v) for v in Verdict}
    return RunReport(EngineInfo(name, "1", {}), results, 0.0, counts)


def test_a_known_skip_is_not_counted_as_run_anywhere() -> None:
    verdicts = [Verdict.PASS] * 3 + [Verdict.FAIL] * 5 + [Verdict.SKIP] * 2
    run = report("engine", verdicts)
    known = [
        Deviation(case.id, None, verdict, "known", 1)
        for case, verdict in zip(cases(10), verdicts, strict=True)
        if verdict is not Verdict.PASS
    ]
    runs = [(run, reconcile(run, Expectations("engine", tuple(known), "e.yaml")))]
    assert "3/8 (5 known)" in render_side_by_side(runs)
    html = to_html(runs)
    assert "3/8 (5 known)" in html
    assert "3/10" not in html


def test_several_engines_are_side_by_side_in_the_html_report() -> None:
    first = report("first", [Verdict.PASS, Verdict.PASS, Verdict.FAIL])
    second = report("second", [Verdict.PASS, Verdict.SKIP, Verdict.SKIP])
    runs = [(first, reconcile(first, None)), (second, reconcile(second, None))]
    html = to_html(runs)
    assert "Engines side by side" in html
    row = re.search(r"<tr><th>taiwanese</th><th>patterns</th>(.*?)</tr>", html)
    assert row is not None
    assert re.findall(r">([^<>]+)</td>", row.group(1)) == ["2/3", "1/1"]
    text = render_side_by_side(runs)
    assert re.search(r"taiwanese\s+patterns\s+2/3\s+1/1", text)
