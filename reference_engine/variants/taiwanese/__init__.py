"""Taiwanese 16-tile mahjong (mahjchina's Taiwan profile): scoring and hand analysis."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from types import MappingProxyType
from typing import Any, ClassVar

from reference_engine.analysis.decompose import counts_of
from reference_engine.hand import WinningHand, WinRequest
from reference_engine.outcome import Settlement, WinnerResult
from reference_engine.play import scenario
from reference_engine.variants.base import Outcome, Variant
from reference_engine.variants.taiwanese.flowers import flower_win
from reference_engine.variants.taiwanese.match import match
from reference_engine.variants.taiwanese.patterns import WinContext
from reference_engine.variants.taiwanese.play import TaiwanesePlay
from reference_engine.variants.taiwanese.request import check_count, check_tiles, parse_win_request
from reference_engine.variants.taiwanese.scoring import (
    PLAY_SWITCHES,
    HandScore,
    best_score,
    shape_decompositions,
)
from reference_engine.variants.taiwanese.settlement import settle
from spec.errors import RuleError
from spec.melds import parse_meld
from spec.possible import structural_count
from spec.seats import SEATS, Seat
from spec.tiles import Tile, format_tiles, tiles_at


class Taiwanese(Variant):
    """Taiwanese 16-tile rules: five sets and a pair, flowers, tai."""

    family: ClassVar[str] = "taiwanese"
    play_options: ClassVar[Mapping[str, bool]] = PLAY_SWITCHES

    def play_rules(self) -> TaiwanesePlay:
        """The hooks of the game state machine (built once)."""
        return self._play_rules

    @cached_property
    def _play_rules(self) -> TaiwanesePlay:
        return TaiwanesePlay(self.profile, self.settle_request)

    def play(self, given: Mapping[str, Any]) -> Outcome:
        """Deal a wall, apply a script, report the trace and the end of the hand."""
        return scenario.play(self.play_rules(), given)

    def claim(self, given: Mapping[str, Any]) -> Outcome:
        """The legality and priority of claims on one discard."""
        return scenario.claim(self.play_rules(), given)

    def match(self, given: Mapping[str, Any]) -> Outcome:
        """Dealer rotation, streaks and totals over a sequence of hands."""
        return match(given)

    def score_hand(
        self, hand: WinningHand, request: WinRequest, path: tuple[str | int, ...] = ()
    ) -> HandScore:
        check_tiles(hand, self.profile, path)
        check_count(hand, self.profile, path)
        ctx = WinContext(hand, request.win, request.dealer, request.table)
        try:
            return best_score(ctx, self.profile)
        except RuleError as error:
            raise error.at(*path) from None

    def score(self, given: Mapping[str, Any]) -> Outcome:
        """A win's patterns, tai, dealer tai and payments (every winner settled apart)."""
        result = self.settle_request(parse_win_request(given))
        main = result.winners[0].as_json()
        del main["seat"]
        outcome: Outcome = {**main, "payments": result.payments_json()}
        if len(result.winners) > 1:
            outcome["winners"] = [winner.as_json() for winner in result.winners]
        return outcome

    def settle_request(self, request: WinRequest) -> Settlement:
        """Score and settle each winner apart (rule ``tw.payments.multiple-winners``)."""
        payments = dict.fromkeys(SEATS, 0)
        if request.win.by.by_flowers:
            check_tiles(request.winner, self.profile)
            pattern_id, tai = flower_win(request, self.profile)
            paid, _ = settle(request.winner.seat, request.win, tai, request.dealer, 0, None)
            winner = WinnerResult.of_tai(
                request.winner.seat, MappingProxyType({pattern_id: tai}), tai, 0
            )
            return Settlement((winner,), MappingProxyType(paid))
        winners: list[WinnerResult] = []
        hands = [(request.winner, ())] + [
            (h, ("other_winners", i)) for i, h in enumerate(request.other_winners)
        ]
        for hand, path in hands:
            scored = self.score_hand(hand, request, path)
            paid, dealer_tai = settle(
                hand.seat,
                request.win,
                scored.tai,
                request.dealer,
                request.table.dealer_streak,
                self.profile.dealer_tai,
            )
            for seat, amount in paid.items():
                payments[seat] += amount
            winners.append(WinnerResult.of_tai(hand.seat, scored.patterns, scored.tai, dealer_tai))
        return Settlement(tuple(winners), MappingProxyType(payments))

    def analyse(self, given: Mapping[str, Any]) -> Outcome:
        """Whether the tiles are complete, their readings, or the tiles they wait on."""
        concealed = tiles_at(given.get("concealed", ""), "concealed")
        melds = tuple(parse_meld(m, ("melds", i)) for i, m in enumerate(given.get("melds", [])))
        hand = WinningHand(Seat.EAST, concealed, melds)
        check_tiles(hand, self.profile)
        count = structural_count(hand.concealed, hand.melds)
        size = self.profile.hand_size
        if count == size + 1:
            shapes, decompositions = self.shapes(hand)
            return {"complete": bool(shapes), "shapes": shapes, "decompositions": decompositions}
        if count == size:
            return {"complete": False, "waits": format_tiles(self.waits(hand))}
        raise RuleError(
            "tile-count", f"{count} tiles; analyse takes {size} or {size + 1}", path=("concealed",)
        )

    def shapes(self, hand: WinningHand) -> tuple[list[str], list[str]]:
        """The complete shapes of a 17-tile hand and every reading of its concealed tiles."""
        found = shape_decompositions(hand, self.profile)
        shapes = list(dict.fromkeys(shape.value for shape, _ in found))
        readings = [" ".join(g.notation() for g in decomposition) for _, decomposition in found]
        return shapes, readings

    def waits(self, hand: WinningHand) -> list[Tile]:
        """Tiles that complete a 16-tile hand; a tile whose four copies are all held is no wait."""
        counts = counts_of(hand.concealed + tuple(t for m in hand.melds for t in m.tiles))
        waiting: list[Tile] = []
        for tile in range(len(counts)):
            if (
                counts[tile] >= self.profile.tiles.copies
                or Tile(tile) not in self.profile.tiles.kinds
            ):
                continue
            trial = WinningHand(hand.seat, (*hand.concealed, Tile(tile)), hand.melds)
            if self.shapes(trial)[0]:
                waiting.append(Tile(tile))
        return waiting


FAMILY = Taiwanese
