"""What the linter checks in a ``play``, ``claim`` or ``match`` fixture, and in the tiles
an ``analyse`` fixture expects: that it describes something that can happen in its
variant, so that ``validate`` refuses what ``run`` would later refuse.

Every problem is a :class:`~spec.errors.RuleError` whose path starts at the fixture's
root (``("given", "wall", "draws")``). The codes are the engine's where the meaning is
the same (``invalid-tile``, ``too-many-copies``, ``tile-count``, ``invalid-action``,
``invalid-request`` for a seat the variant does not seat), ``after-the-script`` for
a checkpoint, refusal or match state past the end of what the fixture plays, and
``engine-agents`` for a play fixture that leaves its actions to an engine's agents.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from spec.actions import ActionKind, parse_action
from spec.errors import RuleError
from spec.melds import parse_meld
from spec.possible import copy_problems, flower_problems
from spec.profile import Profile
from spec.seats import Seat
from spec.tiles import Tile, tiles_at
from spec.tileset import TileSet, table_tile_set

Path = tuple[str | int, ...]
_STATE_TILES = frozenset({"hand", "discards", "flowers", "restricted"})


def kind_problems(
    kind: str, given: Mapping[str, Any], expect: Mapping[str, Any], profile: Profile
) -> list[RuleError]:
    """Every problem of a fixture of ``kind`` that its schema cannot see."""
    check = _KINDS.get(kind)
    if check is None:
        return []
    tiles = table_tile_set(profile.tiles, given.get("options"))
    return check(_Variant(profile, tiles), given, expect)


class _Variant:
    """The facts of the variant a fixture is checked against, and the checks they allow."""

    def __init__(self, profile: Profile, tiles: TileSet) -> None:
        self.profile = profile
        self.tiles = tiles
        self.name = profile.variant

    def seat(self, value: Any, path: Path) -> list[RuleError]:
        if value in self.profile.seats:
            return []
        seats = ", ".join(self.profile.seats)
        message = f"{value!r} is not a seat of {self.name} ({seats})"
        return [RuleError("invalid-request", message, path=path)]

    def seats(self, values: Iterable[Any], path: Path) -> list[RuleError]:
        return [problem for value in values for problem in self.seat(value, path)]

    def seat_keys(self, mapping: Any, path: Path) -> list[RuleError]:
        if not isinstance(mapping, Mapping):
            return []
        return [problem for key in mapping for problem in self.seat(key, (*path, key))]

    def known_tiles(self, found: Sequence[Tile], path: Path, *, flowers: bool) -> list[RuleError]:
        """Tiles the set lacks (flowers allowed where they can be, as in a dealt hand)."""
        allowed = self.tiles.playing | (frozenset(self.tiles.flowers) if flowers else frozenset())
        return [
            RuleError("invalid-tile", f"{tile.mpsz} is not in {self.name}'s tile set", path=path)
            for tile in dict.fromkeys(found)
            if tile not in allowed
        ]

    def tile_text(self, text: Any, path: Path, *, flowers: bool = True) -> list[RuleError]:
        try:
            found = tiles_at(text, *path)
        except RuleError as error:
            return [error]
        return self.known_tiles(found, path, flowers=flowers)

    def action(self, text: Any, path: Path, seat: Any = None) -> list[RuleError]:
        """An action string: its grammar, its seat, and the tile it names."""
        try:
            action = parse_action(str(text), None if seat is None else Seat(seat))
        except RuleError as error:
            return [RuleError(error.code, error.message, path=path)]
        problems = self.seat(action.seat.value, path)
        if action.tile is not None:
            flower = action.kind is ActionKind.FLOWER
            problems += self.known_tiles((action.tile,), path, flowers=flower)
        return problems


# --- play -------------------------------------------------------------------------------


def _play(
    variant: _Variant, given: Mapping[str, Any], expect: Mapping[str, Any]
) -> list[RuleError]:
    problems = _wall(variant, given.get("wall"))
    if "agents" in given:
        message = "a fixture scripts every action: an engine's agents choose as each engine does"
        problems.append(RuleError("engine-agents", message, path=("given", "agents")))
    for name in ("dealer", "round"):
        if name in given:
            problems += variant.seat(given[name], ("given", name))
    actions = list(given.get("actions", ()))
    for index, text in enumerate(actions):
        problems += variant.action(text, ("given", "actions", index))
    illegal = expect.get("illegal")
    last = len(actions)
    if isinstance(illegal, Mapping):
        refused = illegal.get("after")
        if isinstance(refused, int) and refused >= len(actions):
            message = f"the refused action is action {refused}, but the script has {len(actions)}"
            problems.append(
                RuleError("after-the-script", message, path=("expect", "illegal", "after"))
            )
        elif isinstance(refused, int):
            last = refused
    for index, checkpoint in enumerate(expect.get("checkpoints", ())):
        problems += _checkpoint(variant, checkpoint, ("expect", "checkpoints", index), last)
    result = expect.get("result")
    if isinstance(result, Mapping):
        path = ("expect", "result")
        problems += variant.seats(
            (w.get("seat") for w in result.get("winners", ()) if isinstance(w, Mapping)),
            (*path, "winners"),
        )
        for name in ("payments", "deposits"):
            problems += variant.seat_keys(result.get(name), (*path, name))
        problems += variant.seats(result.get("tenpai", ()), (*path, "tenpai"))
    return problems


def _wall(variant: _Variant, wall: Any) -> list[RuleError]:
    """A wall given tile by tile: the seats of the variant, the hand size, tiles of the set,
    no more copies than the set holds (flowers once each)."""
    if not isinstance(wall, Mapping) or "hands" not in wall:
        return []
    path: Path = ("given", "wall")
    hands = wall.get("hands") or {}
    problems = variant.seat_keys(hands, (*path, "hands"))
    missing = [seat for seat in variant.profile.seats if seat not in hands]
    if missing:
        message = f"no hand dealt to {', '.join(missing)}"
        problems.append(RuleError("invalid-request", message, path=(*path, "hands")))
    everything: list[Tile] = []
    parts: list[tuple[Path, Any]] = [((*path, "hands", seat), text) for seat, text in hands.items()]
    parts += [((*path, name), wall.get(name, "")) for name in ("draws", "replacements")]
    dead = wall.get("dead_wall") or {}
    parts += [((*path, "dead_wall", name), dead.get(name, "")) for name in ("indicators", "ura")]
    for where, text in parts:
        try:
            found = tiles_at(text, *where)
        except RuleError as error:
            problems.append(error)
            continue
        problems += variant.known_tiles(found, where, flowers=True)
        if where[-2:-1] == ("hands",) and len(found) != variant.profile.hand_size:
            message = f"{len(found)} tiles dealt; {variant.name} deals {variant.profile.hand_size}"
            problems.append(RuleError("tile-count", message, path=where))
        everything += found
    numbered = [tile for tile in everything if not tile.is_flower]
    problems += copy_problems(variant.tiles, numbered, (), path=path)
    problems += flower_problems(variant.tiles, [t for t in everything if t.is_flower], path)
    return problems


def _checkpoint(variant: _Variant, checkpoint: Any, path: Path, last: int) -> list[RuleError]:
    if not isinstance(checkpoint, Mapping):
        return []
    problems: list[RuleError] = []
    after = checkpoint.get("after")
    if isinstance(after, int) and after > last:
        message = f"a checkpoint after {after} actions, but the script plays {last}"
        problems.append(RuleError("after-the-script", message, path=(*path, "after")))
    legal = checkpoint.get("legal") or {}
    problems += variant.seat_keys(legal, (*path, "legal"))
    for seat, actions in legal.items():
        if seat in variant.profile.seats:
            for index, text in enumerate(actions):
                problems += variant.action(text, (*path, "legal", seat, index), seat)
    for name, value in (checkpoint.get("state") or {}).items():
        field, _, seat = name.partition(".")
        where = (*path, "state", name)
        if seat:
            problems += variant.seat(seat, where)
        if name == "turn":
            problems += variant.seat(value, where)
        elif field in _STATE_TILES or name == "indicators":
            problems += variant.tile_text(value, where)
    return problems


# --- claim ------------------------------------------------------------------------------


def _claim(
    variant: _Variant, given: Mapping[str, Any], expect: Mapping[str, Any]
) -> list[RuleError]:
    discard = given.get("discard") or {}
    problems = variant.tile_text(discard.get("tile"), ("given", "discard", "tile"), flowers=False)
    problems += variant.seat(discard.get("from"), ("given", "discard", "from"))
    if "round" in given:
        problems += variant.seat(given["round"], ("given", "round"))
    hands = given.get("hands") or {}
    problems += variant.seat_keys(hands, ("given", "hands"))
    seen: list[Tile] = []
    melds = []
    try:
        seen += tiles_at(discard.get("tile", ""), "given", "discard", "tile")
        for seat, hand in hands.items():
            where = ("given", "hands", seat)
            concealed = tiles_at(hand.get("concealed", ""), *where, "concealed")
            problems += variant.known_tiles(concealed, (*where, "concealed"), flowers=False)
            seen += concealed
            for index, meld in enumerate(hand.get("melds", ())):
                parsed = parse_meld(meld, (*where, "melds", index))
                problems += variant.known_tiles(
                    parsed.tiles, (*where, "melds", index), flowers=False
                )
                melds.append(parsed)
    except RuleError as error:
        problems.append(error)
    problems += copy_problems(variant.tiles, seen, melds, path=("given", "hands"))
    claims = given.get("claims") or {}
    problems += variant.seat_keys(claims, ("given", "claims"))
    for seat, text in claims.items():
        if seat in variant.profile.seats:
            problems += variant.action(text, ("given", "claims", seat), seat)
    problems += variant.seat_keys(expect.get("legal"), ("expect", "legal"))
    problems += variant.seats(expect.get("granted", ()), ("expect", "granted"))
    return problems


# --- match ------------------------------------------------------------------------------


def _match(
    variant: _Variant, given: Mapping[str, Any], expect: Mapping[str, Any]
) -> list[RuleError]:
    problems: list[RuleError] = []
    if "dealer" in given:
        problems += variant.seat(given["dealer"], ("given", "dealer"))
    hands = list(given.get("hands", ()))
    length = given.get("length")
    if isinstance(length, int) and len(hands) > length:
        message = f"{len(hands)} hands in a match of {length}"
        problems.append(RuleError("after-the-script", message, path=("given", "hands", length)))
    for index, hand in enumerate(hands):
        if not isinstance(hand, Mapping):
            continue
        where = ("given", "hands", index)
        problems += variant.seats(hand.get("winners", ()), (*where, "winners"))
        problems += variant.seats(hand.get("riichi", ()), (*where, "riichi"))
        if "from" in hand:
            problems += variant.seat(hand["from"], (*where, "from"))
        problems += variant.seat_keys(hand.get("payments"), (*where, "payments"))
    states = list(expect.get("after", ()))
    if len(states) > len(hands):
        message = f"{len(states)} states expected after {len(hands)} hands"
        problems.append(
            RuleError("after-the-script", message, path=("expect", "after", len(hands)))
        )
    for index, state in enumerate(states):
        problems += _match_state(variant, state, ("expect", "after", index))
    problems += _match_state(variant, expect.get("final"), ("expect", "final"))
    return problems


def _match_state(variant: _Variant, state: Any, path: Path) -> list[RuleError]:
    if not isinstance(state, Mapping):
        return []
    problems: list[RuleError] = []
    for name in ("dealer", "round"):
        if name in state:
            problems += variant.seat(state[name], (*path, name))
    for name in ("totals", "points", "uma"):
        problems += variant.seat_keys(state.get(name), (*path, name))
    problems += variant.seats(state.get("standings", ()), (*path, "standings"))
    return problems


# --- settle -------------------------------------------------------------------------------


def _settle(
    variant: _Variant, given: Mapping[str, Any], expect: Mapping[str, Any]
) -> list[RuleError]:
    """Every player at the table, each hand of the right size (the winner's one tile more;
    Sichuan: no winner, every hand still in at the wall's end), tiles of the set, and no
    more copies across the table, the winner's seen discards included, than the set
    holds."""
    problems: list[RuleError] = []
    winner = given.get("winner")
    if "winner" in given and winner != "none":
        problems += variant.seat(winner, ("given", "winner"))
    if "round" in given:
        problems += variant.seat(given["round"], ("given", "round"))
    problems += variant.seat_keys(given.get("values"), ("given", "values"))
    hands = given.get("hands")
    if not isinstance(hands, Mapping):
        return problems
    problems += variant.seat_keys(hands, ("given", "hands"))
    seen: list[Tile] = []
    melds = []
    flowers: list[Tile] = []
    for seat, hand in hands.items():
        where = ("given", "hands", seat)
        try:
            concealed = tiles_at(hand.get("concealed", ""), *where, "concealed")
            found = [
                parse_meld(m, (*where, "melds", i)) for i, m in enumerate(hand.get("melds", ()))
            ]
            flowers += tiles_at(hand.get("flowers", ""), *where, "flowers")
            table = hand.get("table")
            if isinstance(table, Mapping):
                seen += tiles_at(table.get("seen", ""), *where, "table", "seen")
        except RuleError as error:
            problems.append(error)
            continue
        problems += variant.known_tiles(concealed, (*where, "concealed"), flowers=False)
        size = variant.profile.hand_size + int(seat == winner)
        if len(concealed) + 3 * len(found) != size:
            message = (
                f"{len(concealed) + 3 * len(found)} tiles (melds counted as three); {size} here"
            )
            problems.append(RuleError("tile-count", message, path=(*where, "concealed")))
        seen += concealed
        melds += found
    problems += copy_problems(variant.tiles, seen, melds, path=("given", "hands"))
    problems += flower_problems(variant.tiles, flowers, ("given", "hands"))
    return problems


# --- score and analyse -------------------------------------------------------------------


def _score(
    variant: _Variant, given: Mapping[str, Any], expect: Mapping[str, Any]
) -> list[RuleError]:
    """The seats of a scored hand (the tiles are :func:`spec.possible`'s to check)."""
    problems: list[RuleError] = []
    hands: list[tuple[Path, Any]] = [(("given",), given)]
    hands += [
        (("given", "other_winners", i), o) for i, o in enumerate(given.get("other_winners", ()))
    ]
    for path, hand in hands:
        if not isinstance(hand, Mapping):
            continue
        if "seat" in hand:
            problems += variant.seat(hand["seat"], (*path, "seat"))
        win = hand.get("win")
        if isinstance(win, Mapping) and "from" in win:
            problems += variant.seat(win["from"], (*path, "win", "from"))
    for key in ("round", "dealer"):
        if key in given:
            problems += variant.seat(given[key], ("given", key))
    problems += variant.seat_keys(expect.get("payments"), ("expect", "payments"))
    return problems


# --- analyse ----------------------------------------------------------------------------


def _analyse(
    variant: _Variant, given: Mapping[str, Any], expect: Mapping[str, Any]
) -> list[RuleError]:
    """The tiles an analysis expects (``waits: 8z`` names no tile)."""
    problems: list[RuleError] = []
    if "waits" in expect:
        problems += variant.tile_text(expect["waits"], ("expect", "waits"), flowers=False)
    for index, reading in enumerate(expect.get("decompositions", ())):
        text = str(reading).replace(" ", "")
        problems += variant.tile_text(text, ("expect", "decompositions", index), flowers=False)
    return problems


_KINDS: dict[str, Callable[[_Variant, Mapping[str, Any], Mapping[str, Any]], list[RuleError]]] = {
    "play": _play,
    "claim": _claim,
    "match": _match,
    "analyse": _analyse,
    "score": _score,
    "settle": _settle,
}
