"""Sichuan mahjong's bloody battle (kawu): three suits, a void suit, no chow, fan valued
2^fan up to a cap, kong money at once, and a hand that goes on after each win until three
have won or the wall is empty, then the reckoning."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar

from reference_engine.play import scenario
from reference_engine.variants.base import Outcome, Variant
from reference_engine.variants.sichuan.match import match
from reference_engine.variants.sichuan.play import SichuanPlay, SichuanState
from reference_engine.variants.sichuan.request import (
    Readings,
    read_options,
    read_settle,
    read_win,
)
from reference_engine.variants.sichuan.scoring import score_win
from reference_engine.variants.sichuan.settlement import reckoning, standing, win_money
from spec.errors import RuleError
from spec.profile import Profile
from spec.seats import SEATS, Seat, parse_seat
from spec.tiles import Suit
from spec.wins import WinBy


class Sichuan(Variant):
    """The bloody battle: fan, void suits, winners who leave, the reckoning."""

    family: ClassVar[str] = "sichuan"

    def __init__(self, profile: Profile, readings: Readings | None = None) -> None:
        super().__init__(profile)
        self.readings = readings if readings is not None else Readings.of(profile)

    def evaluate(self, kind: str, given: Mapping[str, Any]) -> Outcome:
        """Answer a request; ``options`` choose among the common readings (sc.fan.self-draw,
        sc.fan.root, sc.bloody.void-holder-not-ready)."""
        options = read_options(given)
        if options is None:
            return super().evaluate(kind, given)
        rest = {key: value for key, value in given.items() if key != "options"}
        variant = Sichuan(self.profile, Readings.of(self.profile, options))
        return Variant.evaluate(variant, kind, rest)

    def play_rules(self) -> SichuanPlay:
        """The hooks of the game state machine (built once)."""
        return self._play_rules

    @cached_property
    def _play_rules(self) -> SichuanPlay:
        return SichuanPlay(self.profile, self.readings)

    def score(self, given: Mapping[str, Any]) -> Outcome:
        """One win: its patterns, fan, value and who pays it (sc.win.*)."""
        win = read_win(given, self.profile)
        score = score_win(win, self.readings, self.profile)
        seats = tuple(Seat(s) for s in self.profile.seats)
        payer = win.from_seat if win.by.on_anothers_tile else None
        in_hand = tuple(seat for seat in seats if seat not in win.left)
        point = win.by is WinBy.SELF_DRAW and not self.readings.self_draw_fan
        money = win_money(score.value, win.hand.seat, payer, in_hand, point)
        return {**score.as_json(), "payments": {s.value: money.get(s, 0) for s in seats}}

    def settle(self, given: Mapping[str, Any]) -> Outcome:
        """The reckoning when the wall is empty (sc.bloody.*), the same as a played hand's:
        where each player still in stands (void suit held, ready and its most) and what
        each seat pays or receives (a player who has left: 0)."""
        hands = read_settle(given, self.profile)
        standings = {
            seat: standing(seat, hand, self.readings, self.profile) for seat, hand in hands.items()
        }
        changes = reckoning(standings, self.readings, self.profile)
        return {
            "scores": {seat.value: found.as_json() for seat, found in standings.items()},
            "payments": {name: changes.get(Seat(name), 0) for name in self.profile.seats},
        }

    def claim(self, given: Mapping[str, Any]) -> Outcome:
        """The legality and priority of claims on one discard (every claimant's void suit
        given with its hand)."""
        rules = self.play_rules()
        voids: list[Suit | None] = [None] * rules.players
        for name, hand in (given.get("hands") or {}).items():
            seat = parse_seat(name, ("hands", name))
            if "void" not in hand:
                raise RuleError(
                    "invalid-request", "each claimant's void suit is needed", path=("hands", name)
                )
            voids[SEATS.index(seat)] = Suit(hand["void"])
        extra = SichuanState(tuple(voids), (0,) * rules.players, (0,) * rules.players)
        return scenario.claim(rules, given, extra)

    def match(self, given: Mapping[str, Any]) -> Outcome:
        """Dealer and totals over the hands of a match, to its end."""
        return match(given, self.profile)

    def play(self, given: Mapping[str, Any]) -> Outcome:
        """A whole hand from a wall and a script: the trace, a refused action, the end."""
        return scenario.play(self.play_rules(), given)


FAMILY = Sichuan
