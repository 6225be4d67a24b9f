"""What a riichi win needs besides its tiles, and the profile's riichi numbers, typed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from reference_engine.analysis.cached import cached_fact
from reference_engine.hand import WinningHand
from reference_engine.record import set_at_once
from reference_engine.variants.riichi.house import HouseRules
from spec.errors import RuleError
from spec.profile import Profile
from spec.seats import Seat
from spec.tiles import Tile, parse_tiles
from spec.wins import WinBy


@dataclass(frozen=True)
class FuTable:
    base: int
    closed_ron: int
    tsumo: int
    seven_pairs: int
    open_pinfu_minimum: int
    pair_of_value: int
    wait: Mapping[str, int]
    pung: Mapping[str, int]
    kong_factor: int


@dataclass(frozen=True)
class Limit:
    name: str
    han: int
    base: int


@dataclass(frozen=True)
class RiichiNumbers:
    """The ``riichi`` section of a profile (and the red fives of its tile set), with the
    table's house rules."""

    red_fives: tuple[Tile, ...]
    rounds: tuple[Seat, ...]
    dora_order: tuple[tuple[Tile, ...], ...]
    value_winds: tuple[Tile, ...]
    fu: FuTable
    limits: tuple[Limit, ...]
    base_cap: int
    payments: Mapping[str, int]
    house: HouseRules

    def dora_after(self, indicator: Tile) -> Tile:
        """The dora an indicator points to: the next tile of its cycle (sanma: 1m -> 9m -> 1m)."""
        dora = self.next_in_cycle.get(indicator.normal)
        if dora is None:
            raise RuleError("invalid-tile", f"{indicator.mpsz} cannot be a dora indicator here")
        return dora

    def doras_after(self, indicators: tuple[Tile, ...]) -> tuple[Tile, ...]:
        """:meth:`dora_after` of each indicator in turn (looked up at C speed; an indicator
        of no cycle refused as there)."""
        try:
            return tuple(map(self._dora_of.__getitem__, indicators))
        except KeyError:
            return tuple(map(self.dora_after, indicators))  # refuses the first of no cycle

    @cached_property
    def _dora_of(self) -> dict[Tile, Tile]:
        """:meth:`dora_after` of every tile that has one (a red five as its five)."""
        return {t: self.next_in_cycle[t.normal] for t in Tile if t.normal in self.next_in_cycle}

    @cached_property
    def next_in_cycle(self) -> dict[Tile, Tile]:
        """Each tile of a dora cycle and the next one of its cycle (the first after the last);
        a tile's first cycle, and first place in it, counts (filled from the last back)."""
        return {
            cycle[index]: cycle[(index + 1) % len(cycle)]
            for cycle in reversed(self.dora_order)
            for index in reversed(range(len(cycle)))
        }


def _tiles(values: Any) -> tuple[Tile, ...]:
    return tuple(t for text in values for t in parse_tiles(str(text)))


def riichi_numbers(profile: Profile) -> RiichiNumbers:
    """Read the profile's ``riichi`` section (validated by the profile schema)."""
    try:
        data = profile.sections["riichi"]
        fu = data["fu"]
        return RiichiNumbers(
            red_fives=profile.tiles.red_fives,
            rounds=tuple(Seat(r) for r in data["rounds"]),
            dora_order=tuple(_tiles(cycle) for cycle in data["dora_order"]),
            value_winds=_tiles(data["value_winds"]),
            fu=FuTable(
                fu["base"],
                fu["closed_ron"],
                fu["tsumo"],
                fu["seven_pairs"],
                fu["open_pinfu_minimum"],
                fu["pair_of_value"],
                dict(fu["wait"]),
                dict(fu["pung"]),
                fu["kong_factor"],
            ),
            limits=tuple(Limit(x["name"], x["han"], x["base"]) for x in data["limits"]),
            base_cap=data["base_cap"],
            payments={k: int(v) for k, v in data["payments"].items()},
            house=HouseRules.of(profile),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise RuleError("invalid-profile", f"malformed riichi section: {error!r}") from None


# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the members the win's properties
# (asked by every yaku) compare with are read once here.
_EAST, _SELF_DRAW, _ROBBING_KONG = Seat.EAST, WinBy.SELF_DRAW, WinBy.ROBBING_KONG

WIND_TILES = {
    Seat.EAST: Tile.EAST,
    Seat.SOUTH: Tile.SOUTH,
    Seat.WEST: Tile.WEST,
    Seat.NORTH: Tile.NORTH,
}


@set_at_once
@dataclass(frozen=True)
class RiichiWin:
    """A riichi win's circumstances (the flags a score request states)."""

    hand: WinningHand
    by: WinBy
    from_seat: Seat | None
    round_wind: Seat
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    after_kong: bool = False
    last_tile: bool = False
    first_turn: bool = False
    before_first_draw: bool = False  # riichi.house.renhou
    dora: tuple[Tile, ...] = ()
    ura_dora: tuple[Tile, ...] = ()
    nuki: int = 0
    honba: int = 0
    riichi_sticks: int = 0
    liable: Seat | None = None  # riichi.house.pao

    @property
    def seat(self) -> Seat:
        return self.hand.seat

    @property
    def is_dealer(self) -> bool:
        return self.hand.seat is _EAST

    @cached_fact
    def closed(self) -> bool:
        """No open meld (asked by most yaku: worked out once per win)."""
        return not self.hand.has_open_meld

    @property
    def tsumo(self) -> bool:
        return self.by is _SELF_DRAW

    @property
    def robbing_kong(self) -> bool:
        return self.by is _ROBBING_KONG
