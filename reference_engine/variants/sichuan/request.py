"""Sichuan requests: a win (the winner's tiles, void suit and circumstances, the players
who have left), the end of a hand (the tiles and void suit of every player still in it, and
who has left), and the readings a table may choose, checked against the profile.

Rules ``sc.tiles.set`` (three suits, four copies, no honours or flowers) and
``sc.tiles.four-sets-and-a-pair`` (fourteen tiles, each kong counting three).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from reference_engine.hand import WinningHand
from spec.errors import RuleError, raise_first
from spec.melds import Meld, MeldKind, parse_meld
from spec.possible import copy_problems, count_problems, tile_problems
from spec.profile import Profile
from spec.seats import Seat, parse_seat
from spec.tiles import Suit, Tile, tiles_at
from spec.wins import WinBy, parse_win


@dataclass(frozen=True)
class Readings:
    """The table's choices among the common readings (the profile's defaults, or a
    request's ``options``): sc.fan.self-draw, sc.fan.root, sc.bloody.void-holder-not-ready."""

    self_draw_fan: bool
    kong_roots: bool
    void_holder_pays_not_ready: bool

    @classmethod
    def of(cls, profile: Profile, options: Mapping[str, Any] | None = None) -> Readings:
        numbers = {**profile.sections["sichuan"], **(options or {})}
        return cls(
            self_draw_fan=numbers["self_draw"] == "fan",
            kong_roots=bool(numbers["kong_roots"]),
            void_holder_pays_not_ready=bool(numbers["void_holder_pays_not_ready"]),
        )


OPTIONS = {
    "self_draw": ("fan", "point"),
    "kong_roots": (True, False),
    "void_holder_pays_not_ready": (True, False),
}


def read_options(given: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """A request's ``options``, each one of its readings; ``invalid-request`` otherwise."""
    options = given.get("options")
    if options is None:
        return None
    if not isinstance(options, Mapping) or set(options) - set(OPTIONS):
        raise RuleError("invalid-request", "unknown rule option", path=("options",))
    for name, value in options.items():
        if not any(value is choice or value == choice for choice in OPTIONS[name]):
            allowed = " or ".join(str(choice).lower() for choice in OPTIONS[name])
            raise RuleError("invalid-request", f"{name} is {allowed}", path=("options", name))
    return options


@dataclass(frozen=True)
class SichuanWin:
    """A win to score: the winner's tiles (the winning tile last) and void suit, how it
    was won, who dealt, who has left, and the circumstances that earn fan."""

    hand: WinningHand
    void: Suit
    by: WinBy
    from_seat: Seat | None = None
    dealer: Seat = Seat.EAST
    left: frozenset[Seat] = frozenset()
    after_kong: bool = False
    after_kong_discard: bool = False
    last_tile: bool = False
    first_turn: bool = False

    @property
    def self_drawn(self) -> bool:
        return self.by is WinBy.SELF_DRAW


def _read_tiles(
    given: Mapping[str, Any], profile: Profile, needed: int, path: tuple[str | int, ...] = ()
) -> tuple[tuple[Tile, ...], tuple[Meld, ...]]:
    """One player's concealed tiles and melds, checked: no claimed run (sc.claims.no-chow),
    tiles of the set (sc.tiles.set), no fifth copy, ``needed`` tiles with each kong
    counting three."""
    concealed = tiles_at(given.get("concealed", ""), *path, "concealed")
    melds = tuple(parse_meld(m, (*path, "melds", i)) for i, m in enumerate(given.get("melds", ())))
    for index, meld in enumerate(melds):
        if meld.kind is MeldKind.CHOW and not profile.chow_allowed:
            message = "a run is never claimed here: no chow meld (its tiles stay concealed)"
            raise RuleError("invalid-meld", message, path=(*path, "melds", index))
    raise_first(tile_problems(profile.tiles, concealed, melds, path))
    raise_first(copy_problems(profile.tiles, concealed, melds, path=path))
    raise_first(count_problems(concealed, melds, needed, path))
    return concealed, melds


def _read_void(given: Mapping[str, Any], whose: str, path: tuple[str | int, ...] = ()) -> Suit:
    """The void suit a player chose (sc.void.choice): needed, never guessed."""
    if "void" not in given:
        raise RuleError("invalid-request", f"{whose} void suit is needed", path=(*path, "void"))
    return Suit(given["void"])


def _read_left(given: Mapping[str, Any]) -> frozenset[Seat]:
    return frozenset(parse_seat(s, ("left", i)) for i, s in enumerate(given.get("left", ())))


def read_win(given: Mapping[str, Any], profile: Profile) -> SichuanWin:
    """A score request, its tiles checked (the set, copies, the count)."""
    seat = parse_seat(given.get("seat"), ("seat",))
    by, source = parse_win(given.get("win"), seat)
    concealed, melds = _read_tiles(given, profile, profile.hand_size + 1)
    left = _read_left(given)
    if seat in left or (source is not None and source in left):
        raise RuleError("invalid-request", "a player who has left takes no part", path=("left",))
    void = _read_void(given, "the winner's")
    table = given.get("table") or {}
    return SichuanWin(
        hand=WinningHand(seat, concealed, melds),
        void=void,
        by=by,
        from_seat=source,
        dealer=parse_seat(given.get("dealer", "east"), ("dealer",)),
        left=left,
        after_kong=table.get("after_kong") is True,
        after_kong_discard=table.get("after_kong_discard") is True,
        last_tile=table.get("last_tile") is True,
        first_turn=table.get("first_turn") is True,
    )


@dataclass(frozen=True)
class RemainingHand:
    """The tiles and void suit of a player still in the hand when it ends."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    void: Suit


def read_settle(given: Mapping[str, Any], profile: Profile) -> Mapping[Seat, RemainingHand]:
    """A settle request: the hand of every player still in it, by seat in turn order, each
    of the hand's size (sc.bloody.end: a tile was to be drawn) and no fifth copy across
    them; every other seat has left (sc.bloody.winner-leaves), and only those."""
    left = _read_left(given)
    hands = given.get("hands") or {}
    found: dict[Seat, RemainingHand] = {}
    for seat in (Seat(name) for name in profile.seats):
        if seat.value not in hands:
            continue
        path = ("hands", seat.value)
        if seat in left:
            message = f"{seat.value} has left the hand and has no tiles to reckon"
            raise RuleError("invalid-request", message, path=path)
        data = hands[seat.value]
        concealed, melds = _read_tiles(data, profile, profile.hand_size, path)
        found[seat] = RemainingHand(concealed, melds, _read_void(data, f"{seat.value}'s", path))
    missing = [name for name in profile.seats if Seat(name) not in {*found, *left}]
    if missing:
        message = f"every seat is in hands or has left: {', '.join(missing)} is neither"
        raise RuleError("invalid-request", message, path=("hands",))
    held = [tile for hand in found.values() for tile in hand.concealed]
    declared = [meld for hand in found.values() for meld in hand.melds]
    raise_first(copy_problems(profile.tiles, held, declared, path=("hands",)))
    return found
