"""Run reports as JUnit XML, for CI systems: one test suite per engine, one test case per
fixture (class ``variant.area``), known deviations as skipped with their reason, and a
failing test case per stale expectation."""

from __future__ import annotations

from xml.etree import ElementTree as ET

from conformance.expectations import Reconciled
from conformance.files import display_name
from conformance.printable import printable
from conformance.runner import RunReport, Verdict


def to_junit(runs: list[tuple[RunReport, Reconciled]]) -> str:
    """The XML document of one or more engines' runs."""
    root = ET.Element("testsuites", name="mjspec")
    for report, reconciled in runs:
        known = {id(result): entry for result, entry in reconciled.known}
        suite = ET.SubElement(
            root,
            "testsuite",
            name=f"{report.engine.name} {report.engine.version}".strip(),
            tests=str(len(report.results) + len(reconciled.stale)),
            failures=str(
                sum(1 for r in reconciled.unexpected if r.verdict is Verdict.FAIL)
                + len(reconciled.stale)
            ),
            errors=str(sum(1 for r in reconciled.unexpected if r.verdict is Verdict.ERROR)),
            skipped=str(
                sum(1 for r in report.results if r.verdict is Verdict.SKIP)
                + len(known)
                + len(reconciled.proposals)
            ),
            time=f"{report.seconds:.3f}",
        )
        for result in report.results:
            case = result.case
            element = ET.SubElement(
                suite,
                "testcase",
                classname=f"{case.variant}.{case.area}",
                name=case.id,
                file=display_name(case.file),
                line=str(case.line),
                time=f"{result.seconds:.4f}",
            )
            entry = known.get(id(result))
            if entry is not None:
                ET.SubElement(element, "skipped", message=f"known deviation: {entry.reason}")
            elif result.verdict is Verdict.SKIP:
                ET.SubElement(element, "skipped", message=result.message)
            elif result in reconciled.proposals:
                proposal = ET.SubElement(
                    element, "skipped", message="a proposal the engine disagrees with"
                )
                proposal.text = "\n".join(str(d) for d in result.differences)
            elif result.verdict is Verdict.FAIL:
                failure = ET.SubElement(element, "failure", message=case.title)
                failure.text = "\n".join(str(d) for d in result.differences)
            elif result.verdict is Verdict.ERROR:
                error = ET.SubElement(element, "error", message=result.message)
                error.text = result.stderr or None
        for deviation, words in reconciled.stale:
            element = ET.SubElement(
                suite,
                "testcase",
                classname="expectations",
                name=deviation.case or str(deviation.rule),
            )
            ET.SubElement(element, "failure", message="stale expectation").text = words
    ET.indent(root)
    return printable(ET.tostring(root, encoding="unicode", xml_declaration=True)) + "\n"
