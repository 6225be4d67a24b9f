"""Turn a scenario's ``given`` (JSON-shaped) into typed hand values, with coded errors.

Every error is a :class:`~reference_engine.errors.RuleError` whose ``path``
names the offending field, so a report can point at it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from reference_engine.errors import RuleError
from reference_engine.hand import (
    Meld,
    MeldKind,
    Seat,
    TableContext,
    Win,
    WinBy,
    WinningHand,
    WinRequest,
)
from reference_engine.profile import Profile
from reference_engine.tiles import Suit, Tile, parse_tiles


def tiles_at(text: object, *path: str | int) -> tuple[Tile, ...]:
    """Parse a tile string found at ``path``."""
    if not isinstance(text, str):
        raise RuleError("invalid-request", "expected a tile string", path=path)
    try:
        return parse_tiles(text)
    except RuleError as error:
        raise error.at(*path) from None


def _field(
    data: Mapping[str, Any], name: str, kind: type, default: Any, path: tuple[str | int, ...]
) -> Any:
    value = data.get(name, default)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RuleError("invalid-request", f"{name!r} must be {kind.__name__}", path=(*path, name))
    return value


def _seat(value: object, path: tuple[str | int, ...]) -> Seat:
    try:
        return Seat(value)
    except ValueError:
        raise RuleError("invalid-request", f"unknown seat {value!r}", path=path) from None


def parse_discard(given: Mapping[str, Any]) -> tuple[Tile, Seat]:
    """The claimed tile and its discarder from a claim request's ``discard``."""
    discard = given.get("discard")
    if not isinstance(discard, Mapping):
        raise RuleError("invalid-request", "'discard' must be a mapping", path=("discard",))
    tiles = tiles_at(discard.get("tile"), "discard", "tile")
    if len(tiles) != 1:
        raise RuleError("invalid-request", "the discard is one tile", path=("discard", "tile"))
    return tiles[0], _seat(discard.get("from"), ("discard", "from"))


def parse_meld(data: object, path: tuple[str | int, ...]) -> Meld:
    """A declared meld; rule ``tw.structure.chow-one-suit`` for chows."""
    if not isinstance(data, Mapping):
        raise RuleError("invalid-request", "a meld must be a mapping", path=path)
    try:
        kind = MeldKind(data.get("type"))
    except ValueError:
        raise RuleError(
            "invalid-meld", f"unknown meld type {data.get('type')!r}", path=(*path, "type")
        ) from None
    tiles = tuple(sorted(tiles_at(data.get("tiles"), *path, "tiles"), key=lambda t: t.normal))
    plain = [t.normal for t in tiles]
    expected = {MeldKind.CHOW: 3, MeldKind.PUNG: 3, MeldKind.KONG: 4}[kind]
    if len(tiles) != expected:
        raise RuleError(
            "invalid-meld",
            f"a {kind.value} has {expected} tiles, not {len(tiles)}",
            path=(*path, "tiles"),
        )
    if kind is MeldKind.CHOW:
        first = plain[0]
        if not first.is_numbered or plain != [first, first.shifted(1), first.shifted(2)]:
            raise RuleError(
                "invalid-meld",
                "a chow is three consecutive tiles of one numbered suit",
                path=(*path, "tiles"),
            )
    elif len(set(plain)) != 1:
        raise RuleError(
            "invalid-meld", f"a {kind.value} is {expected} identical tiles", path=(*path, "tiles")
        )
    concealed = _field(data, "concealed", bool, False, path)
    added = _field(data, "added", bool, False, path)
    if (concealed or added) and kind is not MeldKind.KONG:
        raise RuleError("invalid-meld", "only a kong can be concealed or added", path=path)
    if concealed and added:
        raise RuleError("invalid-meld", "a kong cannot be both concealed and added", path=path)
    claimed = data.get("from")
    return Meld(
        kind,
        tiles,
        concealed,
        added,
        _seat(claimed, (*path, "from")) if claimed is not None else None,
    )


def _winning_hand(
    data: Mapping[str, Any], seat: Seat, path: tuple[str | int, ...], *, needs_tiles: bool
) -> WinningHand:
    concealed = (
        tiles_at(data.get("concealed", ""), *path, "concealed")
        if needs_tiles or "concealed" in data
        else ()
    )
    melds_data = data.get("melds", [])
    if not isinstance(melds_data, Sequence):
        raise RuleError("invalid-request", "melds must be a list", path=(*path, "melds"))
    melds = tuple(parse_meld(m, (*path, "melds", i)) for i, m in enumerate(melds_data))
    flowers = tiles_at(data.get("flowers", ""), *path, "flowers")
    return WinningHand(seat, concealed, melds, flowers, bool(data.get("original_ready", False)))


def parse_win_request(given: Mapping[str, Any]) -> WinRequest:
    """The winner, how they won, the dealer and the table, from a ``score`` request."""
    win_data = given.get("win")
    if not isinstance(win_data, Mapping):
        raise RuleError("invalid-request", "'win' must be a mapping", path=("win",))
    try:
        by = WinBy(win_data.get("by"))
    except ValueError:
        raise RuleError(
            "invalid-request", f"unknown win {win_data.get('by')!r}", path=("win", "by")
        ) from None
    from_seat = _seat(win_data["from"], ("win", "from")) if "from" in win_data else None
    if (by.on_anothers_tile or by is WinBy.FLOWER_CAPTURE) and from_seat is None:
        raise RuleError("invalid-request", f"a {by.value} win needs 'from'", path=("win",))
    seat = _seat(given.get("seat"), ("seat",))
    dealer = _seat(given.get("dealer", "east"), ("dealer",))
    table_data = given.get("table", {})
    if not isinstance(table_data, Mapping):
        raise RuleError("invalid-request", "'table' must be a mapping", path=("table",))
    discards = table_data.get("discards")
    if discards is not None and (
        not isinstance(discards, int) or isinstance(discards, bool) or discards < 0
    ):
        raise RuleError("invalid-request", "'discards' must be a count", path=("table", "discards"))
    streak = _field(table_data, "dealer_streak", int, 0, ("table",))
    if streak < 0:
        raise RuleError(
            "invalid-request", "'dealer_streak' must be a count", path=("table", "dealer_streak")
        )
    table = TableContext(
        dealer_streak=streak,
        discards=discards,
        last_wall_tile=_field(table_data, "last_wall_tile", bool, False, ("table",)),
        last_discard=_field(table_data, "last_discard", bool, False, ("table",)),
        original_ready=_field(table_data, "original_ready", bool, False, ("table",)),
    )
    winner = _winning_hand(given, seat, (), needs_tiles=not by.by_flowers)
    winner = WinningHand(
        winner.seat, winner.concealed, winner.melds, winner.flowers, table.original_ready
    )
    if from_seat is seat:
        raise RuleError(
            "invalid-request", "a player cannot win on their own tile", path=("win", "from")
        )
    others_data = given.get("other_winners", [])
    others = tuple(
        _winning_hand(
            o,
            _seat(o.get("seat"), ("other_winners", i, "seat")),
            ("other_winners", i),
            needs_tiles=True,
        )
        for i, o in enumerate(others_data)
    )
    return WinRequest(winner, Win(by, from_seat), dealer, table, others)


def check_tiles(hand: WinningHand, profile: Profile, path: tuple[str | int, ...] = ()) -> None:
    """Rules ``tw.structure.tile-set`` and ``tw.structure.flowers-aside``.

    Every tile exists in the variant, no tile has more copies than the set, flowers are apart.
    """
    suits = {Suit(s) for s in profile.suits}
    located: list[tuple[tuple[str | int, ...], tuple[Tile, ...]]] = [
        ((*path, "concealed"), hand.concealed)
    ]
    located += [((*path, "melds", i), meld.tiles) for i, meld in enumerate(hand.melds)]
    for where, tiles in located:
        for tile in tiles:
            if tile.is_flower:
                raise RuleError(
                    "flower-in-hand", f"{tile.mpsz} is a flower: flowers are set aside", path=where
                )
            if tile.is_red and not profile.red_fives:
                raise RuleError(
                    "invalid-tile", f"{tile.mpsz}: this variant has no red fives", path=where
                )
            if (tile.is_numbered and tile.suit not in suits) or (
                tile.is_honour and not profile.honours
            ):
                raise RuleError(
                    "invalid-tile", f"{tile.mpsz} is not in this variant's tile set", path=where
                )
    for tile in hand.flowers:
        if not tile.is_flower or tile.number > profile.flowers:
            raise RuleError(
                "invalid-tile",
                f"{tile.mpsz} is not a flower of this variant",
                path=(*path, "flowers"),
            )
    counts = Counter(t.normal for t in hand.concealed) + Counter(
        t.normal for m in hand.melds for t in m.tiles
    )
    for tile, count in counts.items():
        if count > profile.copies:
            raise RuleError(
                "too-many-copies",
                f"{count} copies of {tile.mpsz}; the set has {profile.copies}",
                path=path or ("concealed",),
            )
    for tile, count in Counter(hand.flowers).items():
        if count > 1:
            raise RuleError(
                "too-many-copies",
                f"{count} copies of flower {tile.mpsz}; each flower is unique",
                path=(*path, "flowers"),
            )


def structural_count(hand: WinningHand) -> int:
    """Tiles in hand, each meld counting three (rule ``tw.structure.kong-extra-tile``)."""
    return len(hand.concealed) + 3 * len(hand.melds)


def check_count(hand: WinningHand, profile: Profile, path: tuple[str | int, ...] = ()) -> None:
    """Rule ``tw.structure.sixteen-tiles``: a winning hand counts the hand size plus one."""
    count = structural_count(hand)
    needed = profile.hand_size + 1
    if count != needed:
        raise RuleError(
            "tile-count",
            f"{count} tiles (melds counted as three); a win needs {needed}",
            path=(*path, "concealed"),
        )
