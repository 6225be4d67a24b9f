"""The Taiwanese score request: a scenario's ``given`` (JSON-shaped) turned into typed hand
values, with coded errors.

Every error is a :class:`~spec.errors.RuleError` whose ``path``
names the offending field, so a report can point at it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reference_engine.hand import TableContext, Win, WinningHand, WinRequest
from spec.errors import RuleError, raise_first
from spec.melds import parse_meld
from spec.possible import (
    copy_problems,
    count_problems,
    flower_problems,
    tile_problems,
)
from spec.profile import Profile
from spec.seats import Seat, parse_seat
from spec.tiles import tiles_at
from spec.wins import WinBy


def _field(
    data: Mapping[str, Any], name: str, kind: type, default: Any, path: tuple[str | int, ...]
) -> Any:
    value = data.get(name, default)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RuleError("invalid-request", f"{name!r} must be {kind.__name__}", path=(*path, name))
    return value


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
    from_seat = parse_seat(win_data["from"], ("win", "from")) if "from" in win_data else None
    if (by.on_anothers_tile or by is WinBy.FLOWER_CAPTURE) and from_seat is None:
        raise RuleError("invalid-request", f"a {by.value} win needs 'from'", path=("win",))
    seat = parse_seat(given.get("seat"), ("seat",))
    dealer = parse_seat(given.get("dealer", "east"), ("dealer",))
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
            parse_seat(o.get("seat"), ("other_winners", i, "seat")),
            ("other_winners", i),
            needs_tiles=True,
        )
        for i, o in enumerate(others_data)
    )
    return WinRequest(winner, Win(by, from_seat), dealer, table, others)


def check_tiles(hand: WinningHand, profile: Profile, path: tuple[str | int, ...] = ()) -> None:
    """The hand's tiles exist in the variant's set, in no more copies than it holds
    (:mod:`spec.possible`); the first problem is raised."""
    raise_first(
        tile_problems(profile.tiles, hand.concealed, hand.melds, path)
        + flower_problems(profile.tiles, hand.flowers, path)
        + copy_problems(profile.tiles, hand.concealed, hand.melds, path=path)
    )


def check_count(hand: WinningHand, profile: Profile, path: tuple[str | int, ...] = ()) -> None:
    """Rule ``tw.structure.sixteen-tiles``: a winning hand counts the hand size plus one."""
    raise_first(count_problems(hand.concealed, hand.melds, profile.hand_size + 1, path))
