"""Points-and-doubles scoring (classical Chinese, the Four Winds knowledge base): every
player scores, the winner's hand is doubled and capped, and everybody settles with
everybody, East paying and receiving double."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar

from reference_engine.analysis.decompose import counts_of, sets_and_pair
from reference_engine.play import scenario
from reference_engine.variants.base import Outcome, Variant
from reference_engine.variants.classical.match import match
from reference_engine.variants.classical.numbers import PLAY_SWITCHES, numbers_of
from reference_engine.variants.classical.patterns import Player
from reference_engine.variants.classical.play import ClassicalPlay
from reference_engine.variants.classical.request import (
    check_tiles,
    read_settle_request,
    read_tiles,
    read_winner,
)
from reference_engine.variants.classical.rotation import rotating_match
from reference_engine.variants.classical.scoring import score_table, score_winner
from reference_engine.variants.classical.sets import is_thirteen_orphans
from reference_engine.variants.classical.settlement import settle, winners_share
from spec.errors import RuleError
from spec.possible import structural_count
from spec.seats import Seat
from spec.tiles import format_tiles


class Classical(Variant):
    """Classical rules: basic points, doubles, a limit, settlement among all players."""

    family: ClassVar[str] = "classical"

    play_options: ClassVar[Mapping[str, bool]] = PLAY_SWITCHES

    def play_rules(self) -> ClassicalPlay:
        """The hooks of the game state machine that claims need (built once)."""
        return self._play_rules

    @cached_property
    def _play_rules(self) -> ClassicalPlay:
        return ClassicalPlay(self.profile)

    def play(self, given: Mapping[str, Any]) -> Outcome:
        """A whole hand from a wall and a script: the trace, a refused action, the end."""
        return scenario.play(self.play_rules(), given)

    def claim(self, given: Mapping[str, Any]) -> Outcome:
        """The legality and priority of claims on one discard (one winner at most)."""
        return scenario.claim(self.play_rules(), given)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(Seat(s) for s in self.profile.seats)

    @property
    def east_factor(self) -> int:
        return numbers_of(self.profile).east_factor

    def score(self, given: Mapping[str, Any]) -> Outcome:
        """One winner's breakdown, and what the winner collects (cc.settlement.winner-paid,
        cc.settlement.east-doubles)."""
        winner = read_winner(given, self.profile)
        player = Player(winner.tiles, winner.round_wind, winner.circumstances)
        result = score_winner(player, self.profile)
        share = winners_share(result.value, winner.tiles.seat, self.seats, self.east_factor)
        return {**result.as_json(), "payments": {s.value: v for s, v in share.items()}}

    def analyse(self, given: Mapping[str, Any]) -> Outcome:
        """Whether the tiles are complete (cc.tiles.hand-shape, eu.tiles.hand-shape) and
        their readings as sets, or the tiles a hand one short waits on (eu.tiles.ready);
        a tile whose four copies are all held is no wait."""
        tiles = read_tiles(given, Seat.EAST)
        check_tiles(tiles, self.profile)
        count = structural_count(tiles.concealed, tiles.melds)
        size = self.profile.hand_size
        counts = counts_of(tiles.concealed)
        if count == size + 1:
            found = sets_and_pair(counts, self.profile.sets - len(tiles.melds))
            shapes = ["sets-and-pair"] if found else []
            orphans = is_thirteen_orphans(tiles.concealed, len(tiles.melds))
            if not found and orphans and numbers_of(self.profile).thirteen_orphans:
                shapes = ["thirteen-orphans"]
            readings = [" ".join(g.notation() for g in groups) for groups in found]
            return {"complete": bool(shapes), "shapes": shapes, "decompositions": readings}
        if count == size:
            held = counts_of((*tiles.concealed, *(t for m in tiles.melds for t in m.tiles)))
            waiting = self.play_rules().waits(tiles.concealed, tiles.melds)
            return {
                "complete": False,
                "waits": format_tiles(sorted(t for t in waiting if held[t] < 4)),
            }
        message = f"{count} tiles; analyse takes {size} or {size + 1}"
        raise RuleError("tile-count", message, path=("concealed",))

    def match(self, given: Mapping[str, Any]) -> Outcome:
        """Dealer, streak, round and totals over a sequence of hands, to the match's end."""
        if "seat_table" in self.profile.sections["match"]:
            return rotating_match(given, self.profile)
        return match(given, self.profile)

    def settle(self, given: Mapping[str, Any]) -> Outcome:
        """Every player's score (from their tiles) or value, and the payments."""
        end = read_settle_request(given, self.profile)
        if end.winner is not None and end.winner not in (end.values or end.hands):
            raise RuleError("invalid-request", "the winner is not at the table", path=("winner",))
        outcome: Outcome = {}
        values = dict(end.values)
        if end.hands:
            scores = score_table(
                end.hands, end.winner, end.circumstances, end.round_wind, self.profile
            )
            outcome["scores"] = {s.value: score.as_json() for s, score in scores.items()}
            values = {seat: score.value for seat, score in scores.items()}
        changes = settle(values, end.winner, self.east_factor)
        outcome["values"] = {s.value: v for s, v in values.items()}
        outcome["payments"] = {s.value: v for s, v in changes.items()}
        return outcome


FAMILY = Classical
