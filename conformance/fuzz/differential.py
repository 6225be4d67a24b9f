"""Differential fuzzing (``mjspec fuzz``): an engine against the reference on random valid
riichi wins; each disagreement is shrunk and written as a ``status: proposed`` fixture.

Shrinking simplifies the circumstances of the win while the two engines still disagree:
flags are cleared, counters and sticks zeroed, indicators and Norths dropped, open melds
closed into the hand, a self-draw turned into a ron. The written fixture proposes the
reference engine's answer and records both answers in its notes: like any proposal it
must be derived by hand before it is accepted.
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import yaml

from conformance.compare import Difference, compare
from conformance.corpus import Catalogue, Rule
from conformance.engine import Engine, EngineError, EngineInfo, EngineSkipped, reference_plugin
from conformance.expectations import Deviation, Expectations
from conformance.fuzz.riichi_deals import deal, engine_request
from conformance.proposals import slug, write_fixture
from spec.tiles import format_tiles, parse_tiles

VARIANTS = ("riichi", "riichi-sanma")
SCORE_FIELDS = ("patterns", "han", "fu", "yakuman", "limit", "base", "payments", "deposits")
SHRINK_ROUNDS = 50


@dataclass(frozen=True)
class Finding:
    """One disagreement, shrunk."""

    variant: str
    index: int
    request: Mapping[str, Any]
    reference: Mapping[str, Any]
    engine: Mapping[str, Any] | str
    differences: tuple[Difference, ...]
    steps: int


@dataclass
class FuzzReport:
    """What fuzzing a run of cases found: the cases compared, the indices of the ones the
    engine skipped, its new findings and the findings its known deviations explain."""

    engine: EngineInfo
    seed: int
    cases: int = 0
    skipped: list[int] = field(default_factory=list)
    seconds: float = 0.0
    findings: list[Finding] = field(default_factory=list)
    known: list[tuple[Finding, Deviation]] = field(default_factory=list)


def expectation(outcome: Mapping[str, Any]) -> dict[str, Any]:
    """The reference answer as the expectation of a score fixture."""
    if "error" in outcome:
        return {"error": {"code": outcome["error"]["code"]}}
    return {key: copy.deepcopy(outcome[key]) for key in SCORE_FIELDS if key in outcome}


@dataclass(frozen=True)
class Plan:
    """How much to fuzz: the seed, the hands dealt, and the new findings to stop at."""

    seed: int
    count: int
    max_findings: int = 10


def case_request(seed: int, variant: str, index: int) -> dict[str, Any]:
    """The score request of case ``index``: dealt from its own seed, so that any shard of the
    cases deals it alike."""
    return engine_request(deal(random.Random(f"{seed}:{variant}:{index}"), variant))


def fuzz(
    engine: Engine,
    info: EngineInfo,
    variant: str,
    plan: Plan,
    explain: Callable[[Finding], Deviation | None] | None = None,
    cases: Iterable[int] | None = None,
) -> FuzzReport:
    """Deal the random wins of ``variant`` (case 0 to ``plan.count - 1``, or those of
    ``cases``, in order) and compare the engine with the reference. A finding that
    ``explain`` attributes to a known deviation is kept apart, and does not count towards
    ``plan.max_findings``."""
    indices = range(plan.count) if cases is None else cases
    reference = reference_plugin()
    report = FuzzReport(info, plan.seed)
    started = time.perf_counter()
    if not info.supports(variant, "score"):
        report.skipped = list(indices)
        return report
    for index in indices:
        request = case_request(plan.seed, variant, index)
        report.cases += 1
        found = _disagreement(engine, reference, request)
        if found is None:
            continue
        if found == "skipped":
            report.skipped.append(index)
            continue
        shrunk, steps = shrink(
            request, lambda r: _disagreement(engine, reference, r) not in (None, "skipped")
        )
        ours = reference.evaluate(shrunk)
        theirs = _answer(engine, shrunk)
        answered = theirs if isinstance(theirs, Mapping) else {}
        diffs = tuple(compare(expectation(ours), answered, kind="score"))
        finding = Finding(variant, index, shrunk, ours, theirs, diffs, steps)
        deviation = explain(finding) if explain is not None else None
        if deviation is not None:
            report.known.append((finding, deviation))
            continue
        report.findings.append(finding)
        if len(report.findings) >= plan.max_findings:
            break
    report.seconds = time.perf_counter() - started
    return report


def _answer(engine: Engine, request: Mapping[str, Any]) -> Mapping[str, Any] | str:
    """The engine's outcome, or a sentence for a failure (``skipped`` passes through)."""
    try:
        return engine.evaluate(copy.deepcopy(dict(request)))
    except EngineSkipped:
        return "skipped"
    except EngineError as error:
        return f"engine error: {error}"
    except Exception as error:  # an engine's crash is a finding, not the end of the fuzzing
        return f"engine raised {error!r}"


def _disagreement(
    engine: Engine, reference: Engine, request: Mapping[str, Any]
) -> tuple[Difference, ...] | str | None:
    theirs = _answer(engine, request)
    if theirs == "skipped":
        return "skipped"
    ours = reference.evaluate(request)
    if isinstance(theirs, str):
        return theirs
    diffs = tuple(compare(expectation(ours), theirs, kind="score"))
    return diffs or None


# --- shrinking -----------------------------------------------------------------------------


def shrink(
    request: Mapping[str, Any], disagrees: Callable[[Mapping[str, Any]], bool]
) -> tuple[dict[str, Any], int]:
    """Apply simplifications while the engines still disagree and the reference still
    accepts the request as it accepted the original; the simplest request and the count of
    simplifications kept."""
    current = copy.deepcopy(dict(request))
    reference = reference_plugin()
    was_error = "error" in reference.evaluate(current)
    steps = 0
    for _ in range(SHRINK_ROUNDS):
        for candidate in _simpler(current):
            if not was_error and "error" in reference.evaluate(candidate):
                continue
            if disagrees(candidate):
                current = candidate
                steps += 1
                break
        else:
            break
    return current, steps


def _simpler(request: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """Each one-step simplification of a score request."""
    given = request["given"]
    table = given.get("table") or {}
    changes: list[Callable[[dict[str, Any]], None]] = []
    for flag in ("double_riichi", "ippatsu", "riichi", "after_kong", "last_tile", "first_turn"):
        if table.get(flag):
            changes.append(partial(_set_table, name=flag, value=False))
    for counter in ("honba", "riichi_sticks"):
        if table.get(counter):
            changes.append(partial(_set_table, name=counter, value=0))
    for key in ("ura_indicators", "dora_indicators", "north"):
        if given.get(key):
            changes.append(partial(_drop, key=key))
    for index, meld in enumerate(given.get("melds", [])):
        if meld["type"] in ("pung", "chow"):
            changes.append(partial(_close_meld, index=index))
    if (given.get("win") or {}).get("by") == "self-draw":
        changes.append(_to_ron)
    if given.get("round", "east") != "east":
        changes.append(_east_round)
    for change in changes:
        candidate = copy.deepcopy(dict(request))
        change(candidate["given"])
        yield candidate


def _set_table(given: dict[str, Any], name: str, value: object) -> None:
    given["table"][name] = value


def _drop(given: dict[str, Any], key: str) -> None:
    given.pop(key)


def _to_ron(given: dict[str, Any]) -> None:
    given["win"] = {"by": "discard", "from": "south" if given.get("seat") != "south" else "west"}


def _east_round(given: dict[str, Any]) -> None:
    given["round"] = "east"


def _close_meld(given: dict[str, Any], index: int) -> None:
    """Move an open pung or chow into the concealed tiles (the winning tile stays last)."""
    meld = given["melds"].pop(index)
    words = str(given["concealed"]).split()
    words.insert(len(words) - 1, str(meld["tiles"]))
    given["concealed"] = " ".join(words)


# --- writing findings as fixtures ------------------------------------------------------------


def write_finding(
    finding: Finding, engine: EngineInfo, seed: int, catalogue: Catalogue | None, out: Path
) -> Path:
    """The finding as a proposed fixture under ``out/<variant>/<area>/``."""
    rules = _rules_for(finding, catalogue)
    area = rules[0].area if rules else "points"
    stem = f"fuzz-{slug(engine.name)}-{seed}-{finding.index}"
    document = {
        "id": f"{finding.variant}/{area}/{stem}",
        "variant": finding.variant,
        "kind": "score",
        "title": f"Fuzz: {engine.name}, {finding.variant}, seed {seed}, case {finding.index}",
        "rules": [rule.id for rule in rules],
        "source": {"section": rules[0].section if rules else "fuzz"},
        "status": "proposed",
        "given": tidy(finding.request["given"]),
        "expect": expectation(finding.reference),
        "notes": _notes(finding, engine, seed),
    }
    return write_fixture(document, out)


def tidy(given: Mapping[str, Any]) -> dict[str, Any]:
    """A request as a person would write it: defaults left out, tiles sorted and grouped
    (the winning tile kept last)."""
    out = copy.deepcopy(dict(given))
    tiles = parse_tiles(str(out["concealed"]))
    rest = sorted(tiles[:-1], key=lambda t: (t.normal, t.is_red))
    out["concealed"] = f"{format_tiles(rest)} {tiles[-1].mpsz}"
    if not out.get("melds"):
        out.pop("melds", None)
    if out.get("round", "east") == "east":
        out.pop("round", None)
    for key in ("dora_indicators", "ura_indicators"):
        if not out.get(key):
            out.pop(key, None)
    table = {k: v for k, v in (out.get("table") or {}).items() if v}
    if table:
        out["table"] = table
    else:
        out.pop("table", None)
    return out


def pattern_rules(finding: Finding, catalogue: Catalogue | None) -> list[Rule]:
    """The catalogue rules of the patterns the two answers disagree on."""
    if catalogue is None:
        return []
    differing: set[str] = set()
    for diff in finding.differences:
        if diff.path.startswith("patterns"):
            differing.add(diff.path.split(".", 1)[-1].split(" ")[0])
    return [r for r in catalogue.rules if r.pattern and r.pattern in differing]


_FOLLOWING = frozenset({"patterns", "han", "yakuman", "limit", "base", "payments", "deposits"})


def known_deviation(
    finding: Finding, catalogue: Catalogue | None, expectations: Expectations | None
) -> Deviation | None:
    """The engine's known deviation that explains the finding: the finding disagrees on
    patterns (and on what follows from them: han, yakuman, limit, base points, payments,
    deposits), and the rule of each of those patterns is an expected failure of the
    engine's."""
    if expectations is None or not finding.differences:
        return None
    if any(diff.path.split(".")[0] not in _FOLLOWING for diff in finding.differences):
        return None
    rules = pattern_rules(finding, catalogue)
    known = {entry.rule: entry for entry in expectations.deviations if entry.rule}
    if not rules or any(rule.id not in known for rule in rules):
        return None
    return known[rules[0].id]


def _rules_for(finding: Finding, catalogue: Catalogue | None) -> list[Rule]:
    """Catalogue rules of the patterns the two answers disagree on, else of the area of
    the first differing field."""
    if catalogue is None:
        return []
    chosen = pattern_rules(finding, catalogue)
    if chosen:
        return chosen
    first = finding.differences[0].path if finding.differences else "error"
    area = {"fu": "fu", "han": "points", "limit": "points", "base": "points"}.get(
        first.split(".")[0], "payments" if first.startswith("payments") else "tiles"
    )
    fallback = [r for r in catalogue.rules if r.area == area] or [
        r for r in catalogue.rules if r.area == "points"
    ]
    return fallback[:1]


def _notes(finding: Finding, engine: EngineInfo, seed: int) -> str:
    theirs = finding.engine if isinstance(finding.engine, str) else expectation(finding.engine)
    lines = [
        f"Found by mjspec fuzz --engine {engine.name} --variant {finding.variant} --seed {seed}",
        f"(case {finding.index}), shrunk in {finding.steps} steps. PROPOSED: the expectation",
        "is the reference engine's answer and must be derived by hand from the rules before",
        "this fixture is accepted.",
        "",
        f"{engine.name} {engine.version} answered:",
        yaml.safe_dump(theirs, sort_keys=False).rstrip() if not isinstance(theirs, str) else theirs,
        "",
        "The reference engine answered:",
        yaml.safe_dump(expectation(finding.reference), sort_keys=False).rstrip(),
        "",
        "Differences:",
        *(f"- {diff}" for diff in finding.differences),
    ]
    return "\n".join(lines) + "\n"
