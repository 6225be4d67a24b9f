"""The ``--format json`` documents of ``validate``, ``coverage`` and ``check``: what their
text output says, with stable field names (described in the docs' command-line page)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from conformance.compare import Difference
from conformance.corpus import Corpus
from conformance.coverage import RuleCoverage
from conformance.files import display_name
from conformance.problems import Problem
from conformance.runner import CaseResult, Verdict


def dumped(document: dict[str, Any]) -> str:
    """A document as printed: indented, one final newline."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def problem_json(problem: Problem) -> dict[str, Any]:
    """A located problem: ``path`` is the JSON path as a list of keys and indexes (empty
    when the problem concerns the whole file)."""
    return {
        "file": problem.file,
        "line": problem.line,
        "column": problem.column,
        "code": problem.code,
        "message": problem.message,
        "path": list(problem.path),
    }


def difference_json(difference: Difference) -> dict[str, Any]:
    """Where an answer differs from a fixture's expectation."""
    return {
        "path": difference.path,
        "expected": difference.expected,
        "actual": difference.actual,
        "step": difference.step,
    }


def validate_json(corpus: Corpus, problems: Sequence[Problem]) -> dict[str, Any]:
    """What ``mjspec validate`` found: valid or not, the counts of its summary line and
    every problem."""
    return {
        "valid": not problems,
        "scenarios": len(corpus.cases),
        "catalogues": len(corpus.catalogues),
        "scenario_files": corpus.scenario_files,
        "problems": [problem_json(problem) for problem in problems],
    }


def coverage_json(rows: Sequence[RuleCoverage]) -> dict[str, Any]:
    """Per variant, each rule with the ids of the fixtures citing it, and the rules none
    cites."""
    variants: dict[str, dict[str, Any]] = {}
    for row in rows:
        entry = variants.setdefault(row.variant, {"variant": row.variant, "rules": []})
        entry["rules"].append({"id": row.rule_id, "area": row.area, "fixtures": list(row.cases)})
    for entry in variants.values():
        entry["missing"] = [rule["id"] for rule in entry["rules"] if not rule["fixtures"]]
    missing = sum(1 for row in rows if not row.cases)
    return {
        "rules": len(rows),
        "covered": len(rows) - missing,
        "missing": missing,
        "variants": list(variants.values()),
    }


def check_json(problems: Sequence[Problem], results: Sequence[CaseResult]) -> dict[str, Any]:
    """What ``mjspec check`` found: the problems that kept the proposals from being checked,
    or each proposal's verdict with the reference engine's differences."""
    return {
        "checked": not problems and bool(results),
        "fixtures": len(results),
        "disagreements": sum(1 for result in results if result.verdict is not Verdict.PASS),
        "problems": [problem_json(problem) for problem in problems],
        "proposals": [
            {
                "id": result.case.id,
                "status": result.case.status,
                "file": display_name(result.case.file),
                "line": result.case.line,
                "rules": list(result.case.rules),
                "agrees": result.verdict is Verdict.PASS,
                "verdict": result.verdict.value,
                "message": result.message,
                "differences": [difference_json(d) for d in result.differences],
            }
            for result in results
        ],
    }
