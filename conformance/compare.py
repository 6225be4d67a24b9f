"""Comparing an engine's outcome with a fixture's expectation.

Numbers and codes compare exactly; patterns compare as a map of id to value
(every difference listed, so a failure shows the breakdown, not just a total);
waits and decompositions compare as sets. Only fields the fixture states are
compared, except that ``patterns`` is exact in both directions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from reference_engine.errors import RuleError
from reference_engine.tiles import parse_tiles


@dataclass(frozen=True)
class Difference:
    """One field that differs: where, what was expected, what came back."""

    path: str
    expected: Any
    actual: Any

    def __str__(self) -> str:
        return f"{self.path}: expected {_shown(self.expected)}, got {_shown(self.actual)}"


def _shown(value: Any) -> str:
    return "(absent)" if value is None else repr(value)


def compare(expect: Mapping[str, Any], outcome: Mapping[str, Any]) -> list[Difference]:
    """Every difference between ``expect`` and ``outcome``."""
    if "error" in expect or "error" in outcome:
        return _compare_errors(expect.get("error"), outcome.get("error"))
    diffs: list[Difference] = []
    for key, expected in expect.items():
        actual = outcome.get(key)
        if key == "patterns":
            diffs += _compare_maps("patterns", expected, actual)
        elif key == "payments":
            diffs += _compare_maps("payments", expected, actual)
        elif key == "winners":
            diffs += _compare_winners(expected, actual)
        elif key == "waits":
            diffs += _compare_tile_sets(expected, actual)
        elif key == "decompositions" or key == "shapes":
            diffs += _compare_sets(key, expected, actual)
        elif expected != actual:
            diffs.append(Difference(key, expected, actual))
    return diffs


def _compare_errors(expected: Any, actual: Any) -> list[Difference]:
    expected_code = expected.get("code") if isinstance(expected, Mapping) else None
    actual_code = actual.get("code") if isinstance(actual, Mapping) else None
    if expected_code == actual_code:
        return []
    return [Difference("error.code", expected_code, actual_code)]


def _compare_maps(name: str, expected: Any, actual: Any) -> list[Difference]:
    if not isinstance(actual, Mapping):
        return [Difference(name, dict(expected), actual)]
    diffs = []
    for key in sorted(set(expected) | set(actual)):
        if expected.get(key) != actual.get(key):
            diffs.append(Difference(f"{name}.{key}", expected.get(key), actual.get(key)))
    return diffs


def _compare_winners(expected: Any, actual: Any) -> list[Difference]:
    if not isinstance(actual, list | tuple) or len(actual) != len(expected):
        return [Difference("winners", [dict(w) for w in expected], actual)]
    diffs = []
    for index, (want, got) in enumerate(zip(expected, actual, strict=True)):
        for diff in compare(want, got if isinstance(got, Mapping) else {}):
            diffs.append(Difference(f"winners[{index}].{diff.path}", diff.expected, diff.actual))
    return diffs


def _compare_tile_sets(expected: Any, actual: Any) -> list[Difference]:
    try:
        want = sorted(parse_tiles(str(expected)))
        got = sorted(parse_tiles(str(actual)))
    except RuleError:
        return [Difference("waits", expected, actual)]
    return [] if want == got else [Difference("waits", expected, actual)]


def _canonical(reading: str) -> tuple[str, ...]:
    return tuple(sorted(reading.split()))


def _compare_sets(name: str, expected: Any, actual: Any) -> list[Difference]:
    if not isinstance(actual, list | tuple):
        return [Difference(name, list(expected), actual)]
    want = {_canonical(str(x)) for x in expected}
    got = {_canonical(str(x)) for x in actual}
    diffs = [Difference(f"{name} missing", " | ".join(w), None) for w in sorted(want - got)]
    diffs += [Difference(f"{name} unexpected", None, " | ".join(g)) for g in sorted(got - want)]
    return diffs
