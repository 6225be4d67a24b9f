"""Circumstances of a win that cannot hold together, read from the scenario schema.

A field of a score request may need others: the last tile of the wall is won by
self-draw, ippatsu needs riichi, an original ready hand claims nothing. The schema says
so next to the field, under ``x-mjspec-needs``, as a list of conditions, each with its
reason (``why``):

- ``{"win": [...]}``: the win is one of these kinds (``win.by``);
- ``{"from": [...]}``: the tile won on came from one of these seats (``win.from``);
- ``{"seat": [...]}``: the winner sits at one of these seats;
- ``{"any_flag": [...]}``: one of these table flags is set;
- ``{"closed": true}``: no meld was claimed (a concealed kong is no claim);
- ``{"no_melds": true}``: no meld at all.

and under ``x-mjspec-max-tiles`` the most tiles a tile string may hold (five dora
indicators: one from the deal and one per kong). A field counts when it is set (true, or
a non-empty tile string). The engine refuses a request that breaks one
(``inconsistent-flags``; ``invalid-request`` for too many tiles) and the linter a fixture;
the CLI builds requests, so its options are held to the same.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from spec.errors import RuleError
from spec.schemas import schema
from spec.tiles import parse_tiles

NEEDS_KEYWORD = "x-mjspec-needs"
MAX_TILES_KEYWORD = "x-mjspec-max-tiles"
Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Need:
    """One condition a set field needs, and why."""

    test: str
    values: tuple[str, ...]
    why: str


@dataclass(frozen=True)
class TileLimit:
    field: Path
    most: int


def circumstance_problems(kind: str, given: Any) -> list[RuleError]:
    """Every need of ``given``'s set fields that does not hold, and every tile string
    over its limit."""
    if not isinstance(given, Mapping):
        return []
    needs, limits = _declared(kind)
    problems: list[RuleError] = []
    for place, fields in needs:
        container = _at(given, place)
        if not isinstance(container, Mapping):
            continue
        for name in fields.keys() & container.keys():
            if not _is_set(container[name]):
                continue
            path = (*place, name)
            problems += [
                RuleError(
                    "inconsistent-flags", f"{'.'.join(map(str, path))}: {need.why}", path=path
                )
                for need in fields[name]
                if not _TESTS[need.test](given, need.values)
            ]
    for limit in limits:
        text = _at(given, limit.field)
        if not isinstance(text, str):
            continue
        try:
            count = len(parse_tiles(text))
        except RuleError:
            continue  # the tile check reports it, with its column
        if count > limit.most:
            message = f"{count} tiles; at most {limit.most}"
            problems.append(RuleError("invalid-request", message, path=limit.field))
    return problems


Needs = tuple[tuple[Path, Mapping[str, tuple["Need", ...]]], ...]


@cache
def _declared(kind: str) -> tuple[Needs, tuple[TileLimit, ...]]:
    """The needs of a kind's fields and of its ``table``, by the object that holds the
    fields (so that a request is looked at once per object), and the tile limits."""
    definitions = schema("scenario")["$defs"]
    given = definitions.get(f"{kind}_given", {})
    places: list[tuple[Path, Mapping[str, Any]]] = [((), given)]
    table = given.get("properties", {}).get("table")
    if isinstance(table, Mapping) and str(table.get("$ref", "")).startswith("#/$defs/"):
        places.append((("table",), definitions[table["$ref"].removeprefix("#/$defs/")]))
    needs: list[tuple[Path, Mapping[str, tuple[Need, ...]]]] = []
    limits: list[TileLimit] = []
    for prefix, node in places:
        fields: dict[str, tuple[Need, ...]] = {}
        for name, field in node.get("properties", {}).items():
            path = (*prefix, name)
            found = []
            for condition in field.get(NEEDS_KEYWORD, ()):
                test = next(key for key in condition if key != "why")
                value = condition[test]
                values = tuple(value) if isinstance(value, list) else ()
                found.append(Need(test, values, str(condition["why"])))
            if found:
                fields[name] = tuple(found)
            if MAX_TILES_KEYWORD in field:
                limits.append(TileLimit(path, int(field[MAX_TILES_KEYWORD])))
        if fields:
            needs.append((prefix, fields))
    return tuple(needs), tuple(limits)


def _at(given: Mapping[str, Any], path: Path) -> Any:
    value: Any = given
    for key in path:
        value = value.get(key) if isinstance(value, Mapping) else None
    return value


def _is_set(value: Any) -> bool:
    return value is True or (isinstance(value, str) and bool(value.strip()))


def _melds(given: Mapping[str, Any]) -> list[Any]:
    melds = given.get("melds", [])
    return list(melds) if isinstance(melds, list | tuple) else []


def _win(given: Mapping[str, Any], values: tuple[str, ...]) -> bool:
    win = given.get("win")
    return isinstance(win, Mapping) and win.get("by") in values


def _from(given: Mapping[str, Any], values: tuple[str, ...]) -> bool:
    win = given.get("win")
    return isinstance(win, Mapping) and win.get("from") in values


def _seat(given: Mapping[str, Any], values: tuple[str, ...]) -> bool:
    return given.get("seat") in values


def _any_flag(given: Mapping[str, Any], values: tuple[str, ...]) -> bool:
    table = given.get("table")
    return isinstance(table, Mapping) and any(table.get(flag) is True for flag in values)


def _closed(given: Mapping[str, Any], values: tuple[str, ...]) -> bool:
    return all(isinstance(m, Mapping) and m.get("concealed") is True for m in _melds(given))


def _no_melds(given: Mapping[str, Any], values: tuple[str, ...]) -> bool:
    return not _melds(given)


_TESTS: dict[str, Callable[[Mapping[str, Any], tuple[str, ...]], bool]] = {
    "win": _win,
    "from": _from,
    "seat": _seat,
    "any_flag": _any_flag,
    "closed": _closed,
    "no_melds": _no_melds,
}
