"""Seeded mutation of every input mjspec takes from outside: no exception escapes, no
report is an invalid document.

Three targets, each fed mutants of the bundled corpus:

- fixture files (text mutations: bytes flipped, lines dropped, doubled or swapped, YAML
  specials and absurd scalars spliced in) through the loader, the schema check and the
  linter: each ends as a document or as coded problems;
- ``given`` objects (values replaced by random JSON, keys dropped or added, at any depth)
  through the reference engine's ``evaluate``: each ends as an outcome or a coded error,
  plain JSON either way;
- outcomes (the same mutations of each fixture's expectation, as an engine might answer)
  through the comparer and the four report formats: JSON that parses, XML that parses,
  text and HTML without a control character.

``MJSPEC_LONG=1`` feeds 100,000 inputs per target instead of 3,000 (``nox -s robustness``).
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any
from xml.etree import ElementTree as ET

import pytest

import spec
from conformance import schemas
from conformance.corpus import Corpus, case_from, load_corpus, thaw
from conformance.engine import EngineInfo
from conformance.expectations import reconcile
from conformance.json_values import json_problem
from conformance.lint import lint
from conformance.printable import printable
from conformance.problems import ProblemsError
from conformance.report import render_side_by_side, render_text, to_json
from conformance.report_html import to_html
from conformance.report_junit import to_junit
from conformance.runner import RunReport, Verdict, run
from conformance.yamlsafe import load_text
from reference_engine.plugin import ReferenceEngine
from spec.requests import KINDS

pytestmark = pytest.mark.slow

INPUTS = 100_000 if os.environ.get("MJSPEC_LONG") else 3_000
SEED = 20261201

SPLICES = [
    "\x00",
    "\x1b[2J",
    "\ud7ff",
    "&a",
    "*a",
    "!!python/object:os.system",
    "? [a]\n: b",
    "[" * 80,
    "{" * 80,
    "'",
    '"',
    "\\",
    "024",
    "0x1f",
    "1_000",
    "1:30",
    "yes",
    "off",
    ".nan",
    "-.inf",
    "11.0",
    "9" * 5000,
    "~",
    "null",
    "[]",
    "{}",
    "- ",
    ": ",
    "#",
    "\t",
    "\r\n",
    "%YAML 1.1\n---\n",
    "---\n",
    "...\n",
    "|\n  block",
    ">-",
    "!!binary aGk=",
    "2024-13-45",
    "9m",
    "1M",
    "0z",
    "8z",
    "16f",
    "north",
    "settle",
    "é" * 50,
    "x" * 2000,
]
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2**31,
    2**63 - 1,
    -(2**63) + 1,
    10**30,
    0.5,
    1e308,
    11.0,
    "",
    " ",
    "x",
    "1m",
    "123m456p789s1z",
    "0m",
    "9z",
    "1f" * 9,
    "east",
    "north",
    "nobody",
    "self-draw",
    "\x00",
    "\x1b[31m",
    "🀄" * 5,
    "a" * 3000,
    [],
    [1],
    ["east"],
    [None, {}],
    {},
    {"a": 1},
    {"type": "pung", "tiles": "5m5m5m"},
    {"by": "discard"},
    {"seed": -1},
]


def mutate_text(rng: random.Random, text: str) -> str:
    """One to three random edits of a file's text."""
    for _ in range(rng.randint(1, 3)):
        lines = text.split("\n")
        action = rng.randrange(6)
        where = rng.randrange(len(lines))
        if action == 0 and text:
            at = rng.randrange(len(text))
            text = (
                text[:at]
                + chr(rng.randrange(0x110000 if rng.random() < 0.1 else 128))
                + text[at + 1 :]
            )
            continue
        if action == 1 and len(lines) > 1:
            del lines[where]
        elif action == 2:
            lines.insert(where, lines[rng.randrange(len(lines))])
        elif action == 3:
            other = rng.randrange(len(lines))
            lines[where], lines[other] = lines[other], lines[where]
        elif action == 4:
            line = lines[where]
            at = rng.randrange(len(line) + 1)
            lines[where] = line[:at] + rng.choice(SPLICES) + line[at:]
        else:
            line = lines[where]
            key, colon, _ = line.partition(": ")
            if colon:
                lines[where] = f"{key}: {rng.choice(SPLICES)}"
        text = "\n".join(lines)
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def odd_value(rng: random.Random, depth: int = 0) -> Any:
    if depth < 3 and rng.random() < 0.15:
        return [odd_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if depth < 3 and rng.random() < 0.15:
        return {rng.choice(["a", "tiles", "by", "from", "type"]): odd_value(rng, depth + 1)}
    return copy.deepcopy(rng.choice(ODD_VALUES))


def mutate_value(rng: random.Random, value: Any) -> Any:
    """A copy of a JSON value with one to three random edits at random depths."""
    value = copy.deepcopy(value)
    for _ in range(rng.randint(1, 3)):
        value = _edit(rng, value, inside=0.97)  # now and then, the whole of it
    return value


def _edit(rng: random.Random, value: Any, inside: float = 0.8) -> Any:
    if isinstance(value, dict) and value and rng.random() < inside:
        key = rng.choice(list(value))
        roll = rng.random()
        if roll < 0.2:
            del value[key]
        elif roll < 0.3:
            value[rng.choice(["extra", "north", "seat", "table", "wall", "x" * 200])] = odd_value(
                rng
            )
        else:
            value[key] = _edit(rng, value[key])
        return value
    if isinstance(value, list) and value and rng.random() < 0.8:
        index = rng.randrange(len(value))
        value[index] = _edit(rng, value[index])
        return value
    return odd_value(rng)


def bundled() -> list[tuple[Path, str]]:
    corpus = load_corpus()
    return [(case.file, case.file.read_text(encoding="utf-8")) for case in corpus.cases]


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus()


def lint_alone(base: Corpus, path: Path, text: str) -> int:
    """Load, schema-check and lint one fixture's text as the corpus would; its problems."""
    try:
        document = load_text(text, str(path))
    except ProblemsError as error:
        return len(error.problems)
    problems = schemas.validate(document, "scenario")
    if problems:
        return len(problems)
    case = case_from(document, path)
    alone = replace(base, cases=(case,), documents=MappingProxyType({str(path): document}))
    return len(lint(alone))


def test_mutated_fixture_files_end_as_documents_or_coded_problems(corpus: Corpus) -> None:
    rng = random.Random(SEED)
    files = bundled()
    refused = 0
    for _ in range(INPUTS):
        path, text = rng.choice(files)
        refused += bool(lint_alone(corpus, path, mutate_text(rng, text)))
    print(f"\n{INPUTS} mutated fixture files: {refused} refused with coded problems, 0 escaped")
    assert refused > INPUTS // 2  # the mutations do break most files


def test_mutated_requests_end_as_outcomes_or_coded_errors(corpus: Corpus) -> None:
    rng = random.Random(SEED + 1)
    engine = ReferenceEngine()
    cases = list(corpus.cases)
    errors = 0
    for _ in range(INPUTS):
        case = rng.choice(cases)
        given = mutate_value(rng, thaw(case.given))
        outcome = engine.evaluate({"variant": case.variant, "kind": case.kind, "given": given})
        assert isinstance(outcome, Mapping)
        assert json_problem(outcome) is None, outcome
        if "error" in outcome:
            assert isinstance(outcome["error"]["code"], str)
            errors += 1
    print(f"\n{INPUTS} mutated requests: {errors} coded errors, {INPUTS - errors} outcomes")
    assert errors > INPUTS // 2


class Replaying:
    """An engine answering each request with the next of a list of outcomes."""

    def __init__(self, outcomes: Iterator[Any]) -> None:
        self.outcomes = outcomes

    def info(self) -> Mapping[str, Any]:
        kinds = list(KINDS)
        variants = spec.variant_ids()
        return {
            "name": "replaying\x1b[0m",
            "version": "0",
            "variants": dict.fromkeys(variants, kinds),
        }

    def evaluate(self, request: Mapping[str, Any]) -> Any:
        return next(self.outcomes)


def test_mutated_outcomes_end_as_verdicts_and_valid_reports(corpus: Corpus) -> None:
    rng = random.Random(SEED + 2)
    cases = list(corpus.cases)
    batch = 200
    verdicts = dict.fromkeys(Verdict, 0)
    for start in range(0, INPUTS, batch):
        chosen = [rng.choice(cases) for _ in range(min(batch, INPUTS - start))]
        outcomes = iter([mutate_value(rng, thaw(case.expect)) for case in chosen])
        engine = Replaying(outcomes)
        info = EngineInfo(
            "replaying\x1b[0m", "0", {v: tuple(k) for v, k in engine.info()["variants"].items()}
        )
        report = run(engine, info, chosen)
        for result in report.results:
            verdicts[result.verdict] += 1
        assert_valid_reports(report)
    print(
        f"\n{INPUTS} mutated outcomes: " + ", ".join(f"{n} {v.value}" for v, n in verdicts.items())
    )
    assert verdicts[Verdict.FAIL] + verdicts[Verdict.ERROR] > INPUTS // 2


def assert_valid_reports(report: RunReport) -> None:
    runs = [(report, reconcile(report, None))]
    document = json.dumps(to_json(*runs[0]), ensure_ascii=False, allow_nan=False)
    json.loads(document)
    document.encode("utf-8")
    ET.fromstring(to_junit(runs).encode("utf-8"))
    renderers: list[Callable[[], str]] = [
        lambda: render_text(*runs[0]),
        lambda: render_side_by_side(runs),
        lambda: to_html(runs),
    ]
    for render in renderers:
        text = render()
        text.encode("utf-8")
        assert printable(text) == text
