"""Circumstances of a win that cannot hold together, read from the scenario schema.

A field of a score request may need others: the last tile of the wall is won by
self-draw, ippatsu needs riichi, an original ready hand makes no meld, a kong's
replacement needs a kong. The schema says so next to the field, under
``x-mjspec-needs``, as a list of conditions, each with its reason (``why``, naming the
rules it rests on):

- ``{"win": [...]}``: the win is one of these kinds (``win.by``);
- ``{"from": [...]}``: the tile won on came from one of these seats (``win.from``);
- ``{"seat": [...]}``: the winner sits at one of these seats;
- ``{"any_flag": [...]}``: one of these table flags is set;
- ``{"not_flags": [...]}``: none of these table flags is set (circumstances that
  exclude each other);
- ``{"closed": true}``: no meld was claimed (a concealed kong is no claim);
- ``{"no_melds": true}``: no meld at all;
- ``{"replacements": n}``: the hand drew at least n replacement tiles: kongs among its
  melds, and Norths set aside (``north``, three-player riichi);
- ``{"sole_copy": true}``: the hand (concealed tiles and melds) holds the winning tile
  (its last concealed tile) once;
- ``{"discards_shown": true}``: the table's count of discards (``table.discards``,
  Taiwanese) is at least what the hand shows.

A condition with ``"when": [...]`` holds only for those values of its field (``win.by``
is always set; robbing a kong needs what a discard does not). A field counts when it is
set (true, a count, or a non-empty tile string). Under ``x-mjspec-max-tiles`` is the most tiles a
tile string may hold (five dora indicators: one from the deal and one per kong).

The needs hold for every winner a request describes: the winner of a score request (its
fields, its ``table`` and its ``win``), each of its ``other_winners``, and the winner's
hand of a settle request (``hands.<seat>``, which carries its own ``win`` and ``table``).
The engine refuses a request that breaks one (``inconsistent-flags``;
``invalid-request`` for too many tiles) and the linter a fixture, unless the fixture
expects that refusal; the CLI builds requests, so its options are held to the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from spec.errors import RuleError
from spec.objects import OBJECT
from spec.schemas import schema
from spec.tiles import Tile, parse_tiles

NEEDS_KEYWORD = "x-mjspec-needs"
MAX_TILES_KEYWORD = "x-mjspec-max-tiles"
Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Need:
    """One condition a set field needs (for some of its values only, ``when``), and why."""

    test: str
    values: tuple[str, ...]
    count: int
    when: tuple[str, ...]
    why: str

    def applies_to(self, value: Any) -> bool:
        return not self.when or value in self.when


@dataclass(frozen=True)
class TileLimit:
    field: Path
    most: int


Needs = tuple[tuple[Path, Mapping[str, tuple[Need, ...]]], ...]
# Where in the scenario schema's $defs a winner of each kind is described.
Definition = tuple[str, ...]
_OTHER_WINNER: Definition = ("score_given", "properties", "other_winners", "items")
_SETTLE_HAND: Definition = ("settle_hand",)


def circumstance_problems(kind: str, given: Any) -> list[RuleError]:
    """Every need of the set fields of ``given``'s winners that does not hold, and every
    tile string over its limit."""
    if not isinstance(given, OBJECT):
        return []
    problems: list[RuleError] = []
    for prefix, subject, definition in _winners(kind, given):
        problems += _need_problems(_needs(definition), subject, prefix)
    return problems + _limit_problems(kind, given)


def _winners(
    kind: str, given: Mapping[str, Any]
) -> Iterator[tuple[Path, Mapping[str, Any], Definition]]:
    """Each winner a request describes, with its path, its fields (its seat among them) and
    its definition: the winner of a score request and the others who won on the same
    discard, or the winner's hand of a settle request (keyed by its seat)."""
    if kind == "settle":
        hands = given.get("hands")
        for seat, hand in hands.items() if isinstance(hands, OBJECT) else ():
            if isinstance(hand, OBJECT):
                yield ("hands", seat), {**hand, "seat": seat}, _SETTLE_HAND
        return
    yield (), given, (f"{kind}_given",)
    others = given.get("other_winners") if kind == "score" else None
    for index, other in enumerate(others if isinstance(others, list | tuple) else ()):
        if isinstance(other, OBJECT):
            yield ("other_winners", index), {**other, "win": given.get("win")}, _OTHER_WINNER


def _need_problems(needs: Needs, subject: Mapping[str, Any], prefix: Path) -> list[RuleError]:
    problems: list[RuleError] = []
    for place, fields in needs:
        container = _at(subject, place)
        if not isinstance(container, OBJECT):
            continue
        for name, value in container.items():  # in the request's order
            if value is False or name not in fields or not _is_set(value):  # most are false
                continue
            path = (*prefix, *place, name)
            problems += [
                RuleError(
                    "inconsistent-flags", f"{'.'.join(map(str, path))}: {need.why}", path=path
                )
                for need in fields[name]
                if need.applies_to(value) and not _TESTS[need.test](subject, need)
            ]
    return problems


def _limit_problems(kind: str, given: Mapping[str, Any]) -> list[RuleError]:
    problems: list[RuleError] = []
    for limit in _limits(kind):
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


def _definition(pointer: Definition) -> Mapping[str, Any]:
    found: Any = schema("scenario")["$defs"]
    for key in pointer:
        found = found.get(key, {}) if isinstance(found, OBJECT) else {}
    return found if isinstance(found, OBJECT) else {}


def _places(pointer: Definition) -> list[tuple[Path, Mapping[str, Any]]]:
    """The objects whose fields may declare needs: the winner, and its ``table`` and ``win``
    (so that a request is looked at once per object)."""
    given = _definition(pointer)
    places: list[tuple[Path, Mapping[str, Any]]] = [((), given)]
    for name in ("table", "win"):
        field = given.get("properties", {}).get(name)
        if isinstance(field, OBJECT) and str(field.get("$ref", "")).startswith("#/$defs/"):
            places.append(((name,), _definition((field["$ref"].removeprefix("#/$defs/"),))))
    return places


@cache
def _needs(pointer: Definition) -> Needs:
    needs: list[tuple[Path, Mapping[str, tuple[Need, ...]]]] = []
    for place, node in _places(pointer):
        fields = {
            name: tuple(_need(condition) for condition in field[NEEDS_KEYWORD])
            for name, field in node.get("properties", {}).items()
            if field.get(NEEDS_KEYWORD)
        }
        if fields:
            needs.append((place, fields))
    return tuple(needs)


def _need(condition: Mapping[str, Any]) -> Need:
    test = next(key for key in condition if key not in ("why", "when"))
    value = condition[test]
    return Need(
        test,
        tuple(value) if isinstance(value, list) else (),
        value if isinstance(value, int) and not isinstance(value, bool) else 0,
        tuple(condition.get("when", ())),
        str(condition["why"]),
    )


@cache
def _limits(kind: str) -> tuple[TileLimit, ...]:
    return tuple(
        TileLimit((*place, name), int(field[MAX_TILES_KEYWORD]))
        for place, node in _places((f"{kind}_given",))
        for name, field in node.get("properties", {}).items()
        if MAX_TILES_KEYWORD in field
    )


def _at(given: Mapping[str, Any], path: Path) -> Any:
    value: Any = given
    for key in path:
        value = value.get(key) if isinstance(value, OBJECT) else None
    return value


def _is_set(value: Any) -> bool:
    return (
        value is True
        or _count(value) is not None
        or (isinstance(value, str) and bool(value.strip()))
    )


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _melds(given: Mapping[str, Any]) -> list[Any]:
    melds = given.get("melds", [])
    return list(melds) if isinstance(melds, list | tuple) else []


def _tiles(text: Any) -> tuple[Tile, ...]:
    """The tiles of a tile string; none when it is not one (the tile check reports it)."""
    try:
        return parse_tiles(text) if isinstance(text, str) else ()
    except RuleError:
        return ()


def _win(given: Mapping[str, Any], need: Need) -> bool:
    win = given.get("win")
    return isinstance(win, OBJECT) and win.get("by") in need.values


def _from(given: Mapping[str, Any], need: Need) -> bool:
    win = given.get("win")
    return isinstance(win, OBJECT) and win.get("from") in need.values


def _seat(given: Mapping[str, Any], need: Need) -> bool:
    return given.get("seat") in need.values


def _flags(given: Mapping[str, Any], names: tuple[str, ...]) -> list[str]:
    table = given.get("table")
    return [n for n in names if isinstance(table, OBJECT) and table.get(n) is True]


def _any_flag(given: Mapping[str, Any], need: Need) -> bool:
    return bool(_flags(given, need.values))


def _not_flags(given: Mapping[str, Any], need: Need) -> bool:
    return not _flags(given, need.values)


def _closed(given: Mapping[str, Any], need: Need) -> bool:
    return all(isinstance(m, OBJECT) and m.get("concealed") is True for m in _melds(given))


def _no_melds(given: Mapping[str, Any], need: Need) -> bool:
    return not _melds(given)


def _replacements(given: Mapping[str, Any], need: Need) -> bool:
    """Kongs among the melds, and Norths set aside: each drew a replacement tile."""
    kongs = sum(1 for m in _melds(given) if isinstance(m, OBJECT) and m.get("type") == "kong")
    return kongs + (_count(given.get("north")) or 0) >= need.count


def _sole_copy(given: Mapping[str, Any], need: Need) -> bool:
    concealed = _tiles(given.get("concealed"))
    if not concealed:
        return True
    melded = [t for m in _melds(given) if isinstance(m, OBJECT) for t in _tiles(m.get("tiles"))]
    won = concealed[-1].normal
    return sum(1 for tile in (*concealed, *melded) if tile.normal is won) == 1


def _discards_shown(given: Mapping[str, Any], need: Need) -> bool:
    """tw.play.discards-the-hand-shows: the fewest discards the table has made are the
    winning discard and one for each meld a winner (this one, or another on the same
    discard) claimed; and the dealer opens by discarding, so a non-dealer's draw and a
    robbed kong (a claimed pung's) come after one."""
    table = given.get("table")
    discards = _count(table.get("discards")) if isinstance(table, OBJECT) else None
    win = given.get("win")
    by = win.get("by") if isinstance(win, OBJECT) else None
    others = given.get("other_winners")
    hands = [given, *(others if isinstance(others, list | tuple) else ())]
    claimed = sum(
        1
        for hand in hands
        if isinstance(hand, OBJECT)
        for m in _melds(hand)
        if isinstance(m, OBJECT) and not m.get("concealed")
    )
    fewest = claimed + (1 if by == "discard" else 0)
    after_the_dealers_discard = by in ("discard", "robbing-kong") or (
        by == "self-draw" and given.get("seat") != given.get("dealer", "east")
    )
    return discards is None or discards >= max(fewest, int(after_the_dealers_discard))


_TESTS: dict[str, Callable[[Mapping[str, Any], Need], bool]] = {
    "win": _win,
    "from": _from,
    "seat": _seat,
    "any_flag": _any_flag,
    "not_flags": _not_flags,
    "closed": _closed,
    "no_melds": _no_melds,
    "replacements": _replacements,
    "sole_copy": _sole_copy,
    "discards_shown": _discards_shown,
}
