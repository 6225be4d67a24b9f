"""The riichi score request: the hand, how it was won and the table, checked against the
profile's tile set and seats before any rule runs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.hand import WinningHand
from reference_engine.variants.riichi.context import RiichiNumbers, RiichiWin
from spec.errors import RuleError, raise_first
from spec.melds import MeldKind, parse_meld
from spec.possible import copy_problems, shown_tiles, structural_count, tile_problems
from spec.profile import Profile
from spec.seats import Seat
from spec.tiles import Tile, tiles_at
from spec.wins import parse_win


class RiichiRequests:
    """Readers of riichi requests for one profile (its seats, tile set and numbers)."""

    def __init__(self, profile: Profile, numbers: RiichiNumbers) -> None:
        self.profile = profile
        self.numbers = numbers
        self.seats = tuple(Seat(s) for s in profile.seats)
        self._named = {seat.value: seat for seat in self.seats}  # the seats by name
        self.extracts_north = any(row.id == "nuki-dora" for row in profile.patterns)

    def parse(self, given: Mapping[str, Any]) -> RiichiWin:
        """A score request's hand and circumstances, checked against the tile set."""
        concealed = tiles_at(given.get("concealed", ""), "concealed")
        melds = tuple(parse_meld(m, ("melds", i)) for i, m in enumerate(given.get("melds", [])))
        seat = self.seat(given.get("seat"), "seat")
        for index, meld in enumerate(melds):
            if meld.kind is MeldKind.CHOW and not self.profile.chow_allowed:
                raise RuleError(
                    "invalid-meld", "this variant has no chow claims", path=("melds", index)
                )
        hand = WinningHand(seat, concealed, melds)
        self.check_tiles(hand)
        count = structural_count(hand.concealed, hand.melds)
        if count != self.profile.hand_size + 1:
            raise RuleError(
                "tile-count",
                f"{count} tiles (melds counted as three); a win needs 14",
                path=("concealed",),
            )
        by, source = parse_win(given.get("win"), seat, (), lambda v, p: self.seat(v, *map(str, p)))
        round_wind = self.seat(given.get("round", "east"), "round")
        if round_wind not in self.numbers.rounds:
            raise RuleError("invalid-request", f"no {round_wind.value} round here", path=("round",))
        table = given.get("table") or {}
        north = given.get("north", 0)
        if north and not self.extracts_north:
            raise RuleError("invalid-request", "this variant extracts no North", path=("north",))
        dora_indicators = tiles_at(given.get("dora_indicators", ""), "dora_indicators")
        ura_indicators = tiles_at(given.get("ura_indicators", ""), "ura_indicators")
        self.check_copies(hand, shown_tiles(given))
        liable = table.get("liable")
        if liable is not None:
            liable = self.seat(liable, "table", "liable")
            if liable is seat:
                raise RuleError(
                    "invalid-request",
                    "the winner is not liable to itself",
                    path=("table", "liable"),
                )
        result = RiichiWin(
            hand=hand,
            by=by,
            from_seat=source,
            round_wind=round_wind,
            riichi=bool(table.get("riichi", False)),
            double_riichi=bool(table.get("double_riichi", False)),
            ippatsu=bool(table.get("ippatsu", False)),
            after_kong=bool(table.get("after_kong", False)),
            last_tile=bool(table.get("last_tile", False)),
            first_turn=bool(table.get("first_turn", False)),
            before_first_draw=bool(table.get("before_first_draw", False)),
            dora=self.doras(dora_indicators, "dora_indicators"),
            ura_dora=self.doras(ura_indicators, "ura_indicators"),
            nuki=int(north),
            honba=int(table.get("honba", 0)),
            riichi_sticks=int(table.get("riichi_sticks", 0)),
            liable=liable,
        )
        return result

    def doras(self, indicators: tuple[Tile, ...], field: str) -> tuple[Tile, ...]:
        """The dora the indicators of request field ``field`` point to; an indicator of no
        dora cycle refused naming the field (riichi.dora.indicator)."""
        try:
            return self.numbers.doras_after(indicators)
        except RuleError as error:
            raise error.at(field) from None

    def seat(self, value: object, *path: str) -> Seat:
        """A seat of this table named at ``path``."""
        found = self._named.get(value) if isinstance(value, str) else None
        if found is not None:
            return found
        try:
            seat = Seat(value)
        except ValueError:
            raise RuleError("invalid-request", f"unknown seat {value!r}", path=path) from None
        if seat not in self.seats:
            raise RuleError("invalid-request", f"{seat.value} does not play here", path=path)
        return seat

    def check_tiles(self, hand: WinningHand) -> None:
        """Every tile of the hand is in the set (riichi.tiles.set)."""
        raise_first(tile_problems(self.profile.tiles, hand.concealed, hand.melds))

    def check_copies(self, hand: WinningHand, shown: tuple[Tile, ...]) -> None:
        """No tile more often than the set has it: hand, melds, extracted Norths, indicators."""
        raise_first(copy_problems(self.profile.tiles, hand.concealed, hand.melds, shown))
