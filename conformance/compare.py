"""Comparing an engine's outcome with a fixture's expectation.

Numbers and codes compare exactly; patterns compare as a map of id to value
(every difference listed, so a failure shows the breakdown, not just a total);
waits and decompositions compare as sets. Only fields the fixture states are
compared, except that ``patterns`` is exact in both directions.

The ``play``, ``claim`` and ``match`` kinds have comparisons of their own
(:func:`compare` with ``kind=``). For ``play`` every difference carries the
step it belongs to (the ``after`` of its checkpoint), and the differences come
ordered by step, so the first one names the first divergent situation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeGuard

from conformance.corpus import thaw
from spec.errors import RuleError
from spec.tiles import Tile, parse_tiles


@dataclass(frozen=True)
class Difference:
    """One field that differs: where, what was expected, what came back.

    ``step`` is, for ``play``, the number of actions applied when the
    difference shows (None for the other kinds). A path ending in ``missing``
    or ``unexpected`` names one element of a set that only one side has.
    """

    path: str
    expected: Any
    actual: Any
    step: int | None = None

    def __post_init__(self) -> None:
        # The expectation is compared frozen, as the corpus holds it; a difference is what
        # reports write, so its expected part is thawed to JSON values here, once.
        object.__setattr__(self, "expected", thaw(self.expected))

    def __str__(self) -> str:
        if self.path.endswith(" missing"):
            return f"{self.path}: {_shown(self.expected)}"
        if self.path.endswith(" unexpected"):
            return f"{self.path}: {_shown(self.actual)}"
        return f"{self.path}: expected {_shown(self.expected)}, got {_shown(self.actual)}"


def _shown(value: Any) -> str:
    return "(absent)" if value is None else repr(value)


Comparer = Callable[[Mapping[str, Any], Mapping[str, Any]], list[Difference]]


def compare(
    expect: Mapping[str, Any], outcome: Mapping[str, Any], kind: str | None = None
) -> list[Difference]:
    """Every difference between ``expect`` and ``outcome`` (a scenario of ``kind``)."""
    if "error" in expect or "error" in outcome:
        return _compare_errors(expect.get("error"), outcome.get("error"))
    comparer = _KINDS.get(kind or "", _compare_fields)
    return comparer(expect, outcome)


def _compare_fields(expect: Mapping[str, Any], outcome: Mapping[str, Any]) -> list[Difference]:
    """The comparison of ``score`` and ``analyse`` outcomes."""
    diffs: list[Difference] = []
    for key, expected in expect.items():
        actual = outcome.get(key)
        if key == "patterns":
            diffs += _compare_maps("patterns", expected, actual)
        elif key == "payments":
            diffs += _compare_maps("payments", expected, actual)
        elif key == "winners":
            diffs += _compare_winners(expected, actual)
        elif key == "scores":
            diffs += _compare_scores("scores", expected, actual)
        elif key == "waits":
            diffs += _compare_tile_sets(expected, actual)
        elif key == "decompositions" or key == "shapes":
            diffs += _compare_sets(key, expected, actual)
        elif not _exactly(expected, actual):
            diffs.append(Difference(key, expected, actual))
    return diffs


def _compare_errors(expected: Any, actual: Any) -> list[Difference]:
    """An expected error matches an error object with the same code; an error the fixture
    does not expect (whatever its shape) is a difference."""
    if not isinstance(expected, Mapping):
        shown = actual.get("code", actual) if isinstance(actual, Mapping) else actual
        return [Difference("error.code", None, shown)]
    code = expected.get("code")
    if not isinstance(actual, Mapping):
        return [Difference("error.code", code, actual)]
    return (
        []
        if _exactly(code, actual.get("code"))
        else [Difference("error.code", code, actual.get("code"))]
    )


def _exactly(expected: Any, actual: Any) -> bool:
    """Equal as JSON values (a list is a list whether the fixture's frozen tuple or the
    engine's list; mappings key by key), and a boolean never equals a number (``True`` is
    not ``1``)."""
    if isinstance(expected, Mapping):
        return (
            isinstance(actual, Mapping)
            and expected.keys() == actual.keys()
            and all(_exactly(expected[key], actual[key]) for key in expected)
        )
    if _is_list(expected):
        return (
            _is_list(actual)
            and len(expected) == len(actual)
            and all(_exactly(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return isinstance(expected, bool) == isinstance(actual, bool) and expected == actual


def _is_list(value: Any) -> TypeGuard[list[Any] | tuple[Any, ...]]:
    return isinstance(value, list | tuple)


def _compare_maps(name: str, expected: Any, actual: Any) -> list[Difference]:
    if not isinstance(actual, Mapping):
        return [Difference(name, expected, actual)]
    diffs = []
    for key in sorted(set(expected) | set(actual)):
        if not _exactly(expected.get(key), actual.get(key)):
            diffs.append(Difference(f"{name}.{key}", expected.get(key), actual.get(key)))
    return diffs


def _compare_winners(expected: Any, actual: Any) -> list[Difference]:
    if not _is_list(actual) or len(actual) != len(expected):
        return [Difference("winners", expected, actual)]
    diffs = []
    for index, (want, got) in enumerate(zip(expected, actual, strict=True)):
        for diff in compare(want, got if isinstance(got, Mapping) else {}):
            diffs.append(Difference(f"winners[{index}].{diff.path}", diff.expected, diff.actual))
    return diffs


def _compare_tile_sets(expected: Any, actual: Any) -> list[Difference]:
    same = _same_tiles(expected, actual, ordered=False)
    return [] if same else [Difference("waits", expected, actual)]


def _canonical(reading: str) -> tuple[str, ...]:
    return tuple(sorted(reading.split()))


def _compare_sets(name: str, expected: Any, actual: Any) -> list[Difference]:
    if not _is_list(actual):
        return [Difference(name, list(expected), actual)]
    want = {_canonical(str(x)) for x in expected}
    got = {_canonical(str(x)) for x in actual}
    return _set_differences(name, {" | ".join(w) for w in want}, {" | ".join(g) for g in got})


def _set_differences(name: str, want: set[str], got: set[str]) -> list[Difference]:
    """One ``<name> missing`` per element only expected, one ``unexpected`` per extra one."""
    diffs = [Difference(f"{name} missing", item, None) for item in sorted(want - got)]
    diffs += [Difference(f"{name} unexpected", None, item) for item in sorted(got - want)]
    return diffs


# --- tiles and words --------------------------------------------------------------------


def _tiles(value: Any) -> tuple[Tile, ...] | None:
    """The tiles of an MPSZ string, or None when it is not one."""
    if not isinstance(value, str):
        return None
    try:
        return parse_tiles(value)
    except RuleError:
        return None


def _same_tiles(expected: Any, actual: Any, *, ordered: bool) -> bool:
    """Tile strings compared as a sequence or a multiset (red fives are tiles of their own)."""
    want, got = _tiles(expected), _tiles(actual)
    if want is None or got is None:
        return _words(expected) == _words(actual)
    return want == got if ordered else sorted(want) == sorted(got)


def _words(value: Any) -> str:
    """A string with its spacing normalised (``'pung  5m'`` is ``'pung 5m'``)."""
    return " ".join(value.split()) if isinstance(value, str) else repr(value)


def _word_set(values: Iterable[Any]) -> set[str]:
    return {_words(value) for value in values}


# --- play -------------------------------------------------------------------------------

_TILE_MULTISETS = frozenset({"hand", "flowers", "restricted"})
_TILE_SEQUENCES = frozenset({"discards", "indicators"})
_WORD_MULTISETS = frozenset({"melds"})


def _at(step: int | None, diffs: Iterable[Difference]) -> list[Difference]:
    return [replace(diff, step=step) for diff in diffs]


def _by_step(diff: Difference) -> tuple[bool, int]:
    return (diff.step is None, diff.step or 0)


def trace_by_step(outcome: Mapping[str, Any]) -> dict[int, Mapping[str, Any]]:
    """The situations of a play outcome's ``trace`` by their ``after`` (else their index)."""
    trace = outcome.get("trace")
    steps: dict[int, Mapping[str, Any]] = {}
    for index, entry in enumerate(trace if _is_list(trace) else ()):
        if isinstance(entry, Mapping):
            after = entry.get("after", index)
            steps[after if isinstance(after, int) else index] = entry
    return steps


def _compare_play(expect: Mapping[str, Any], outcome: Mapping[str, Any]) -> list[Difference]:
    trace = trace_by_step(outcome)
    diffs: list[Difference] = []
    for checkpoint in expect.get("checkpoints", ()):
        diffs += _compare_checkpoint(checkpoint, trace)
    diffs += _compare_illegal(expect.get("illegal"), outcome.get("illegal"))
    if "result" in expect:
        last = max(trace, default=None)
        diffs += _at(last, _compare_result(expect["result"], outcome.get("result")))
    return sorted(diffs, key=_by_step)


def _compare_checkpoint(
    checkpoint: Mapping[str, Any], trace: Mapping[int, Mapping[str, Any]]
) -> list[Difference]:
    after = int(checkpoint["after"])
    where = f"checkpoints[after={after}]"
    entry = trace.get(after)
    if entry is None:
        return [Difference(where, f"the situation after {after} actions", None, after)]
    diffs = _compare_legal(f"{where}.legal", checkpoint.get("legal", {}), entry.get("legal"))
    diffs += _compare_state(f"{where}.state", checkpoint.get("state", {}), entry.get("state"))
    return _at(after, diffs)


def _compare_legal(where: str, expected: Mapping[str, Any], actual: Any) -> list[Difference]:
    """Each listed seat's legal actions as a set (a seat the engine leaves out has none)."""
    answered = actual if isinstance(actual, Mapping) else {}
    diffs: list[Difference] = []
    for seat, wanted in expected.items():
        got = answered.get(seat, [])
        if not _is_list(got):
            diffs.append(Difference(f"{where}.{seat}", list(wanted), got))
            continue
        diffs += _set_differences(f"{where}.{seat}", _word_set(wanted), _word_set(got))
    return diffs


def _compare_state(where: str, expected: Mapping[str, Any], actual: Any) -> list[Difference]:
    answered = actual if isinstance(actual, Mapping) else {}
    return [
        Difference(f"{where}.{name}", value, answered.get(name))
        for name, value in expected.items()
        if not _same_state_field(name, value, answered.get(name))
    ]


def _same_state_field(name: str, expected: Any, actual: Any) -> bool:
    family = name.split(".", 1)[0]
    if family in _TILE_MULTISETS:
        return _same_tiles(expected, actual, ordered=False)
    if family in _TILE_SEQUENCES:
        return _same_tiles(expected, actual, ordered=True)
    if family in _WORD_MULTISETS:
        if not _is_list(actual):
            return False
        return sorted(_words(m) for m in expected) == sorted(_words(m) for m in actual)
    return _exactly(expected, actual)


def _refusal(illegal: Mapping[str, Any]) -> dict[str, Any]:
    return {"after": illegal.get("after"), "code": illegal.get("code")}


def _step_of(illegal: Any) -> int | None:
    after = illegal.get("after") if isinstance(illegal, Mapping) else None
    return after if isinstance(after, int) and not isinstance(after, bool) else None


def _compare_illegal(expected: Any, actual: Any) -> list[Difference]:
    """The refused action; a refusal the fixture does not expect is a difference too. The
    rule that refuses it is compared when both name one (an engine may leave it out)."""
    if not isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return []
        return [Difference("illegal", None, _refusal(actual), _step_of(actual))]
    if not isinstance(actual, Mapping):
        return [Difference("illegal", _refusal(expected), actual, _step_of(expected))]
    steps = [s for s in (_step_of(expected), _step_of(actual)) if s is not None]
    return _at(
        min(steps, default=None),
        [
            Difference(f"illegal.{key}", expected[key], actual.get(key))
            for key in ("after", "code", "rule")
            if key in expected
            and (key != "rule" or "rule" in actual)
            and not _exactly(expected[key], actual.get(key))
        ],
    )


def _compare_result(expected: Mapping[str, Any], actual: Any) -> list[Difference]:
    if not isinstance(actual, Mapping):
        return [Difference("result", dict(expected), actual)]
    diffs: list[Difference] = []
    for key in ("end", "reason", "sticks_left"):
        if key in expected and not _exactly(expected[key], actual.get(key)):
            diffs.append(Difference(f"result.{key}", expected[key], actual.get(key)))
    if "winners" in expected:
        diffs += _compare_winners_by_seat(expected["winners"], actual.get("winners"))
    if "scores" in expected:
        diffs += _compare_scores("result.scores", expected["scores"], actual.get("scores"))
    for key in ("payments", "deposits"):
        if key in expected:
            diffs += _compare_maps(f"result.{key}", expected[key], actual.get(key))
    if "tenpai" in expected:
        got = actual.get("tenpai")
        diffs += _set_differences(
            "result.tenpai", _word_set(expected["tenpai"]), _word_set(got if _is_list(got) else ())
        )
    return diffs


def _compare_winners_by_seat(expected: Sequence[Any], actual: Any) -> list[Difference]:
    """Winners matched by seat: the same seats win, each with its patterns and figures."""
    want = {w["seat"]: w for w in expected}
    answered = actual if _is_list(actual) else ()
    # A seat that is not a seat name (a list, a number) is shown as written, never a key.
    got = {_seat_key(w.get("seat")): w for w in answered if isinstance(w, Mapping)}
    diffs: list[Difference] = []
    for seat, winner in want.items():
        path = f"result.winners[{seat}]"
        if seat not in got:
            diffs.append(Difference(path, dict(winner), None))
        else:
            diffs += _compare_winner(path, winner, got[seat])
    for seat in sorted(set(got) - set(want)):
        diffs.append(Difference(f"result.winners[{seat}]", None, thaw(got[seat])))
    return diffs


def _seat_key(seat: Any) -> str:
    return seat if isinstance(seat, str) else repr(seat)


def _compare_winner(
    path: str, expected: Mapping[str, Any], actual: Mapping[str, Any]
) -> list[Difference]:
    diffs: list[Difference] = []
    if "patterns" in expected:
        diffs += _compare_maps(f"{path}.patterns", expected["patterns"], actual.get("patterns"))
    for key, value in expected.items():
        if key not in ("seat", "patterns") and not _exactly(value, actual.get(key)):
            diffs.append(Difference(f"{path}.{key}", value, actual.get(key)))
    return diffs


def _compare_scores(path: str, expected: Mapping[str, Any], actual: Any) -> list[Difference]:
    """Every player's score, seat by seat (the fixture's seats) and field by field (its
    fields; patterns as a map)."""
    if not isinstance(actual, Mapping):
        return [Difference(path, dict(expected), actual)]
    diffs: list[Difference] = []
    for seat, score in expected.items():
        got = actual.get(seat)
        if not isinstance(got, Mapping):
            diffs.append(Difference(f"{path}.{seat}", dict(score), got))
        else:
            diffs += _compare_winner(f"{path}.{seat}", score, got)
    return diffs


def first_divergence(differences: Iterable[Difference]) -> int | None:
    """The smallest step at which a play outcome differs (None when no difference has one)."""
    return min((d.step for d in differences if d.step is not None), default=None)


def action_after(outcome: Mapping[str, Any] | None, step: int) -> str | None:
    """The action that led to the situation after ``step`` actions (``trace[step].action``)."""
    entry = trace_by_step(outcome or {}).get(step)
    action = entry.get("action") if entry is not None else None
    return action if isinstance(action, str) else None


# --- claim and match --------------------------------------------------------------------


def _compare_claim(expect: Mapping[str, Any], outcome: Mapping[str, Any]) -> list[Difference]:
    diffs: list[Difference] = []
    if "legal" in expect:
        diffs += _compare_maps("legal", expect["legal"], outcome.get("legal"))
    if "granted" in expect:
        granted = outcome.get("granted")
        if _is_list(granted):
            diffs += _set_differences("granted", _word_set(expect["granted"]), _word_set(granted))
        else:
            diffs.append(Difference("granted", expect["granted"], granted))
    return diffs


def _compare_record(path: str, expected: Mapping[str, Any], actual: Any) -> list[Difference]:
    """A match state field by field: the totals and the winds as maps, anything else
    exactly."""
    if not isinstance(actual, Mapping):
        return [Difference(path, dict(expected), actual)]
    diffs: list[Difference] = []
    for key, value in expected.items():
        got = actual.get(key)
        if key in ("totals", "player_totals", "winds"):
            diffs += _compare_maps(f"{path}.{key}", value, got)
        elif not _exactly(value, list(got) if _is_list(got) else got):
            diffs.append(Difference(f"{path}.{key}", value, got))
    return diffs


def _compare_match(expect: Mapping[str, Any], outcome: Mapping[str, Any]) -> list[Difference]:
    diffs: list[Difference] = []
    answered = outcome.get("after")
    states = list(answered) if _is_list(answered) else []
    for index, state in enumerate(expect.get("after", ())):
        actual = states[index] if index < len(states) else None
        diffs += _compare_record(f"after[{index}]", state, actual)
    if "final" in expect:
        diffs += _compare_record("final", expect["final"], outcome.get("final"))
    return diffs


_KINDS: dict[str, Comparer] = {
    "play": _compare_play,
    "claim": _compare_claim,
    "match": _compare_match,
}
