"""The quick request check (fastjsonschema's code without details or item names in its
refusals) says yes to exactly the documents fastjsonschema's own compiled code says yes to:
every request of the corpus, and each of them broken in many ways."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

import fastjsonschema
import pytest

from conformance.corpus import load_corpus
from conformance.yamlsafe import load_file
from spec import SCENARIOS_DIR
from spec.requests import KINDS
from spec.schemas import (
    _HANDLERS,
    _compiled,
    _definition,
    _may_hold_float,
    _resolver,
    _whole,
    fast_check,
    fast_check_definition,
    schema,
)

BROKEN_PER_KIND = 100  # requests of each kind broken in every place

# Values a field may be broken into: each JSON type, a float, out-of-range numbers, tile
# strings good and bad, seats and a wrong one.
ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    3,
    200,
    1.0,
    2.5,
    "",
    "east",
    "west",
    "nowhere",
    "5m",
    "8z",
    "x" * 1001,
    [],
    ["east", "east"],
    [{}],
    {},
    {"by": "discard"},
)


@cache
def _plain(kind: str) -> Callable[[Any], Any]:
    """fastjsonschema's own code, refusing floats as the quick check does."""
    definition = _definition("scenario", f"{kind}_given")
    return _whole(fastjsonschema.compile(definition, handlers=_HANDLERS))


def _passes(check: Callable[[Any], Any], given: Any) -> bool:
    try:
        check(given)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path in a document (a key of an object, an index of a list)."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, (*path, index))


def _broken(given: Any, rng: random.Random) -> Iterator[Any]:
    """``given`` with one place replaced, removed or given an unknown field."""
    for path in list(_places(given))[1:]:
        for choice in rng.sample(ODD_VALUES, 4):
            changed = copy.deepcopy(given)
            parent = changed
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]] = copy.deepcopy(choice)
            yield changed
        removed = copy.deepcopy(given)
        parent = removed
        for step in path[:-1]:
            parent = parent[step]
        del parent[path[-1]]
        yield removed
    for path in _places(given):
        added = copy.deepcopy(given)
        target = added
        for step in path:
            target = target[step]
        if isinstance(target, dict):
            target["unknown_field"] = 1
            yield added


@cache
def _requests_by_kind() -> dict[str, list[Any]]:
    found: dict[str, list[Any]] = {kind: [] for kind in KINDS}
    for case in load_corpus().cases:
        if case.kind in found:
            found[case.kind].append(_thawed(case.given))
    return found


def _thawed(value: Any) -> Any:
    """A request as JSON reads it (the corpus keeps read-only mappings)."""
    if isinstance(value, Mapping):
        return {key: _thawed(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_thawed(item) for item in value]
    return value


@pytest.mark.parametrize("kind", KINDS)
def test_the_quick_check_passes_the_same_requests_as_fastjsonschemas_own_code(kind: str) -> None:
    quick = fast_check_definition("scenario", f"{kind}_given")
    plain = _plain(kind)
    rng = random.Random(kind)
    requests = _requests_by_kind()[kind]
    broken = rng.sample(requests, min(len(requests), BROKEN_PER_KIND))
    documents = [*requests, *(b for given in broken for b in _broken(given, rng))]
    refused = 0
    for document in documents:
        passes = _passes(plain, document)
        assert _passes(quick, document) is passes, document
        refused += not passes
    assert refused > len(broken)


def test_a_whole_fixture_gets_the_same_quick_check_as_from_fastjsonschemas_own_code() -> None:
    """The scenario schema picks each kind's given and expected outcome by an ``if`` on the
    kind, and an outcome's error or figures by an ``if`` on its fields: the fixtures of
    the corpus, and each of some of them broken in many ways."""
    quick = fast_check("scenario")
    plain = _whole(fastjsonschema.compile(copy.deepcopy(schema("scenario")), handlers=_HANDLERS))
    rng = random.Random("fixtures")
    paths = sorted(SCENARIOS_DIR.rglob("*.yaml"))
    documents = [load_file(path).data for path in paths]
    broken = rng.sample(documents, 60)
    documents += [b for fixture in broken for b in _broken(_thawed(fixture), rng)]
    refused = 0
    for document in documents:
        passes = _passes(plain, document)
        assert _passes(quick, document) is passes, document
        refused += not passes
    assert len(paths) > 1000
    assert refused > len(broken)


@pytest.mark.parametrize(
    ("part", "may"),
    [
        ({"type": "integer"}, False),  # the quick check's integers are ints
        ({"type": "number"}, True),
        ({"type": ["string", "boolean"]}, False),
        ({"enum": ["a", "b"]}, False),
        ({"enum": [1, 2]}, True),  # not read: an enum of numbers may be cautious
        ({"type": "object"}, True),  # open to any field
        ({"type": "object", "additionalProperties": False}, False),
        ({"type": "object", "additionalProperties": {"type": "string"}}, False),
        ({"type": "object", "properties": {"n": {}}, "additionalProperties": False}, True),
        ({"type": "array"}, True),
        ({"type": "array", "items": {"type": "integer"}}, False),
        ({"oneOf": [{"type": "boolean"}, {"type": "number"}]}, True),
        ({"oneOf": [{"type": "boolean"}, {"type": "string"}]}, False),
        ({"$ref": "#/$defs/tiles"}, False),
        ({"$ref": "#/$defs/score_given"}, False),
        ({"$ref": "#/$defs/play_outcome"}, True),  # a trace step takes any field
    ],
)
def test_a_schema_is_read_as_refusing_every_float_only_when_it_does(part: Any, may: bool) -> None:
    assert _may_hold_float(part, _resolver("scenario")) is may


def test_a_score_requests_quick_check_refuses_a_float_where_an_integer_goes() -> None:
    check = fast_check_definition("scenario", "score_given")
    given = {"concealed": "123m", "seat": "east", "win": {"by": "self-draw"}}
    assert _passes(check, {**given, "table": {"honba": 1}})
    assert not _passes(check, {**given, "table": {"honba": 1.0}})


def test_a_recursive_definition_written_in_place_still_checks_every_level() -> None:
    node = {"type": "object", "properties": {"next": {"$ref": "#/$defs/node"}}}
    recursive = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://mjspec.dev/test/recursive.json",
        "$defs": {"node": {**node, "additionalProperties": False}},
        "$ref": "#/$defs/node",
    }
    check = _compiled(recursive, inline=True)
    assert _passes(check, {"next": {"next": {"next": {}}}})
    assert not _passes(check, {"next": {"next": {"next": {"other": 1}}}})
