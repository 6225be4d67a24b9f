"""Classical requests: a player's tiles, the circumstances of a win, and a whole hand to
settle, checked against the profile's tile set before any award is computed.

Rules ``cc.tiles.set`` (tiles of the set, copies, flowers set aside),
``cc.tiles.hand-shape`` (the winner's fourteen tiles, a non-winner's thirteen, each kong
counting three), ``cc.points.one-chance`` (the public tiles: ``table.seen`` holds those in
no meld of the request, the discards, and a settle request adds the other players' melds)
and ``cc.play.original-call`` (the melds a hand may hold with it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from reference_engine.variants.classical.numbers import numbers_of
from spec.errors import RuleError, raise_first
from spec.melds import Meld, parse_meld
from spec.possible import copy_problems, count_problems, flower_problems, tile_problems
from spec.profile import Profile
from spec.seats import Seat, parse_seat
from spec.tiles import Tile, tiles_at
from spec.wins import WinBy, parse_win

Path = tuple[str | int, ...]

# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the win kinds a winner's
# properties (asked by many patterns) compare with are read once here.
_SELF_DRAW, _DISCARD, _ROBBING_KONG = WinBy.SELF_DRAW, WinBy.DISCARD, WinBy.ROBBING_KONG


@dataclass(frozen=True)
class Tiles:
    """One player's tiles: concealed (a winner's winning tile last), melds, flowers."""

    seat: Seat
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    flowers: tuple[Tile, ...] = ()

    @property
    def winning_tile(self) -> Tile:
        return self.concealed[-1]


@dataclass(frozen=True)
class Circumstances:
    """How a hand was won (the request's ``win`` and ``table``)."""

    by: WinBy
    from_seat: Seat | None = None
    last_tile: bool = False
    after_kong: bool = False
    after_two_kongs: bool = False
    original_call: bool = False
    before_first_discard: bool = False
    on_first_discard: bool = False
    dealer_streak: int = 0
    seen: tuple[Tile, ...] = ()
    """The public tiles outside the winner's melds (cc.points.one-chance): the discards and
    the other players' melds."""

    @property
    def self_drawn(self) -> bool:
        return self.by is _SELF_DRAW

    @property
    def on_a_discard(self) -> bool:
        by = self.by
        return by is _DISCARD or by is _ROBBING_KONG


@dataclass(frozen=True)
class Winner:
    """A scored win: the winner's tiles, the circumstances, the round wind."""

    tiles: Tiles
    circumstances: Circumstances
    round_wind: Seat


def read_tiles(data: Mapping[str, Any], seat: Seat, path: Path = ()) -> Tiles:
    """A player's tiles as a request writes them (tiles and melds parsed, not yet checked)."""
    concealed = tiles_at(data.get("concealed", ""), *path, "concealed")
    melds = tuple(
        parse_meld(meld, (*path, "melds", index))
        for index, meld in enumerate(data.get("melds", ()))
    )
    flowers = tiles_at(data.get("flowers", ""), *path, "flowers")
    return Tiles(seat, concealed, melds, flowers)


def read_circumstances(data: Mapping[str, Any], seat: Seat, path: Path = ()) -> Circumstances:
    """The win and table of a winner (``win.from`` is another seat on a discard)."""
    by, source = parse_win(data.get("win"), seat, path)
    table = data.get("table") or {}
    return Circumstances(
        by=by,
        from_seat=source,
        last_tile=table.get("last_tile") is True,
        after_kong=table.get("after_kong") is True,
        after_two_kongs=table.get("after_two_kongs") is True,
        original_call=table.get("original_call") is True,
        before_first_discard=table.get("before_first_discard") is True,
        on_first_discard=table.get("on_first_discard") is True,
        dealer_streak=int(table.get("dealer_streak", 0)),
        seen=tiles_at(table.get("seen", ""), *path, "table", "seen"),
    )


def read_winner(given: Mapping[str, Any], profile: Profile) -> Winner:
    """A score request: the winner's tiles checked (set, copies with the seen tiles, the
    count), the circumstances, the round wind."""
    seat = parse_seat(given.get("seat"), ("seat",))
    tiles = read_tiles(given, seat)
    circumstances = read_circumstances(given, seat)
    check_tiles(tiles, profile)
    raise_first(copy_problems(profile.tiles, tiles.concealed, tiles.melds))
    check_seen(profile, tiles.concealed, tiles.melds, circumstances.seen)
    check_count(tiles, profile.hand_size + 1)
    check_original_call(tiles, circumstances, profile)
    return Winner(tiles, circumstances, parse_seat(given.get("round", "east"), ("round",)))


def check_tiles(tiles: Tiles, profile: Profile, path: Path = ()) -> None:
    """cc.tiles.set: every tile in the set, flowers aside and each held once."""
    raise_first(tile_problems(profile.tiles, tiles.concealed, tiles.melds, path))
    raise_first(flower_problems(profile.tiles, tiles.flowers, path))


def check_count(tiles: Tiles, needed: int, path: Path = ()) -> None:
    """cc.tiles.hand-shape: the tiles a hand needs, each kong counting three."""
    raise_first(count_problems(tiles.concealed, tiles.melds, needed, path))


def check_seen(
    profile: Profile,
    concealed: Sequence[Tile],
    melds: Sequence[Meld],
    seen: Sequence[Tile],
    path: Path = (),
) -> None:
    """cc.tiles.set and cc.points.one-chance: the seen tiles are those in no meld of the
    request, so with the request's tiles (already within the set) they hold no more copies
    than the set; a meld listed again in seen is refused, naming seen."""
    for problem in copy_problems(profile.tiles, concealed, melds, seen):
        message = (
            f"{problem.message} (counting table.seen, which lists only the public tiles in "
            "no meld of the request: the discards, and in a score request the other "
            "players' melds)"
        )
        raise RuleError("too-many-copies", message, path=(*path, "table", "seen"))


def check_original_call(
    tiles: Tiles, circumstances: Circumstances, profile: Profile, path: Path = ()
) -> None:
    """cc.play.original-call: declared with one's first discard, after which the player
    makes no call and no kong. Before that discard a player claims one meld at most (a
    claim is followed by the claimer's discard) and East, who discards first, none; a kong
    added to a pung comes on a later turn; and where the table's option forbids Original
    Call to a player holding melds, it holds none. A variant without Original Call reads
    no such flag (unsupported-field)."""
    if not circumstances.original_call:
        return
    where = (*path, "table", "original_call")
    if not profile.sections.get("play", {}).get("original_call", True):
        message = f"{profile.variant} has no Original Call (profile play.original_call false)"
        raise RuleError("unsupported-field", message, path=where)
    claimed = [meld for meld in tiles.melds if not meld.concealed]
    if tiles.melds and not numbers_of(profile).original_call_with_melds:
        why = "at this table a player holding a meld may not declare Original Call"
    elif tiles.seat is Seat.EAST and claimed:
        why = "East discards first: it claims no meld before declaring Original Call"
    elif len(claimed) > 1:
        why = "one meld at most is claimed before the first discard, and none after it"
    elif any(meld.added for meld in tiles.melds):
        why = "a kong added to a pung is made on a later turn, and Original Call makes none"
    else:
        return
    raise RuleError(
        "inconsistent-flags", f"table.original_call: {why} (cc.play.original-call)", path=where
    )


@dataclass(frozen=True)
class SettleRequest:
    """A settle request: who won (None for a wall draw), the round wind, and either every
    player's tiles (the winner's with its circumstances) or every player's value."""

    winner: Seat | None
    round_wind: Seat
    hands: Mapping[Seat, Tiles]
    circumstances: Circumstances | None
    values: Mapping[Seat, int]


def read_settle_request(given: Mapping[str, Any], profile: Profile) -> SettleRequest:
    """A settle request, its tiles checked player by player and across the table."""
    if "winner" not in given:
        message = "a settle names its winner: a seat, or none for a wall draw"
        raise RuleError("invalid-request", message, path=("winner",))
    named = given["winner"]
    winner = None if named == "none" else parse_seat(named, ("winner",))
    round_wind = parse_seat(given.get("round", "east"), ("round",))
    seats = tuple(Seat(s) for s in profile.seats)
    if "values" in given:
        values = {Seat(s): int(v) for s, v in given["values"].items()}
        _all_seats(values, seats, ("values",))
        return SettleRequest(winner, round_wind, {}, None, values)
    data = given.get("hands") or {}
    hands = {Seat(s): read_tiles(h, Seat(s), ("hands", s)) for s, h in data.items()}
    _all_seats(hands, seats, ("hands",))
    circumstances = None
    for seat, tiles in hands.items():
        path = ("hands", seat.value)
        check_tiles(tiles, profile, path)
        is_winner = seat is winner
        extra = ("win", "table")
        if not is_winner and any(key in data[seat.value] for key in extra):
            message = "only the winner's hand says how it was won"
            raise RuleError("invalid-request", message, path=path)
        if is_winner:
            circumstances = read_circumstances(data[seat.value], seat, path)
        check_count(tiles, profile.hand_size + int(is_winner), path)
    everything = [t for tiles in hands.values() for t in tiles.concealed]
    melds = [meld for tiles in hands.values() for meld in tiles.melds]
    raise_first(copy_problems(profile.tiles, everything, melds, path=("hands",)))
    flowers = [t for tiles in hands.values() for t in tiles.flowers]
    raise_first(flower_problems(profile.tiles, flowers, ("hands",)))
    if winner is not None and circumstances is not None:
        where = ("hands", winner.value)
        check_seen(profile, everything, melds, circumstances.seen, where)
        check_original_call(hands[winner], circumstances, profile, where)
        circumstances = replace(circumstances, seen=public_tiles(hands, winner, circumstances))
    return SettleRequest(winner, round_wind, hands, circumstances, {})


def public_tiles(
    hands: Mapping[Seat, Tiles], winner: Seat, circumstances: Circumstances
) -> tuple[Tile, ...]:
    """cc.points.one-chance: the tiles public to the winner at a table whose hands are all
    known: the seen tiles (the discards) and every meld of the other players, a declared
    concealed kong too (the winner's own melds are read from its tiles)."""
    others = (tiles for seat, tiles in hands.items() if seat is not winner)
    melded = tuple(t for tiles in others for meld in tiles.melds for t in meld.tiles)
    return circumstances.seen + melded


def _all_seats(found: Mapping[Seat, object], seats: Sequence[Seat], path: Path) -> None:
    missing = [seat.value for seat in seats if seat not in found]
    extra = [seat.value for seat in found if seat not in seats]
    if missing or extra:
        words = f"missing {', '.join(missing)}" if missing else f"no {', '.join(extra)} here"
        raise RuleError("invalid-request", f"every player's hand is needed: {words}", path=path)
