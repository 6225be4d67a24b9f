"""Points-and-doubles scoring (classical Chinese, the Four Winds knowledge base): every
player scores, the winner's hand is doubled and capped, and everybody settles with
everybody, East paying and receiving double."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar

from reference_engine.play import scenario
from reference_engine.variants.base import Outcome, Variant
from reference_engine.variants.classical.match import match
from reference_engine.variants.classical.patterns import Player
from reference_engine.variants.classical.play import ClassicalPlay
from reference_engine.variants.classical.request import read_settle_request, read_winner
from reference_engine.variants.classical.scoring import Score, score_standing, score_winner
from reference_engine.variants.classical.settlement import settle, winners_share
from spec.errors import RuleError
from spec.seats import Seat


class Classical(Variant):
    """Classical rules: basic points, doubles, a limit, settlement among all players."""

    family: ClassVar[str] = "classical"
    kinds: ClassVar[tuple[str, ...]] = ("score", "settle", "claim", "match")

    def play_rules(self) -> ClassicalPlay:
        """The hooks of the game state machine that claims need (built once)."""
        return self._play_rules

    @cached_property
    def _play_rules(self) -> ClassicalPlay:
        return ClassicalPlay(self.profile)

    def claim(self, given: Mapping[str, Any]) -> Outcome:
        """The legality and priority of claims on one discard (one winner at most)."""
        return scenario.claim(self.play_rules(), given)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(Seat(s) for s in self.profile.seats)

    @property
    def east_factor(self) -> int:
        return int(self.profile.sections["classical"]["east_factor"])

    def score(self, given: Mapping[str, Any]) -> Outcome:
        """One winner's breakdown, and what the winner collects (cc.settlement.winner-paid,
        cc.settlement.east-doubles)."""
        winner = read_winner(given, self.profile)
        player = Player(winner.tiles, winner.round_wind, winner.circumstances)
        result = score_winner(player, self.profile)
        share = winners_share(result.value, winner.tiles.seat, self.seats, self.east_factor)
        return {**result.as_json(), "payments": {s.value: v for s, v in share.items()}}

    def match(self, given: Mapping[str, Any]) -> Outcome:
        """Dealer, streak, round and totals over a sequence of hands, to the match's end."""
        return match(given, self.profile)

    def settle(self, given: Mapping[str, Any]) -> Outcome:
        """Every player's score (from their tiles) or value, and the payments."""
        end = read_settle_request(given, self.profile)
        if end.winner is not None and end.winner not in (end.values or end.hands):
            raise RuleError("invalid-request", "the winner is not at the table", path=("winner",))
        outcome: Outcome = {}
        values = dict(end.values)
        if end.hands:
            scores: dict[Seat, Score] = {}
            for seat, tiles in end.hands.items():
                path = ("hands", seat.value)
                try:
                    if seat is end.winner:
                        player = Player(tiles, end.round_wind, end.circumstances)
                        scores[seat] = score_winner(player, self.profile)
                    else:
                        scores[seat] = score_standing(Player(tiles, end.round_wind), self.profile)
                except RuleError as error:
                    raise error.at(*path) from None
            outcome["scores"] = {s.value: score.as_json() for s, score in scores.items()}
            values = {seat: score.value for seat, score in scores.items()}
        changes = settle(values, end.winner, self.east_factor)
        outcome["values"] = {s.value: v for s, v in values.items()}
        outcome["payments"] = {s.value: v for s, v in changes.items()}
        return outcome


FAMILY = Classical
