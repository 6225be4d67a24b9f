"""The Taiwanese hooks of the game: 144 tiles, 16-tile hands, the 16 reserved tiles, chows
from the previous player only, several winners, the original ready hand, flower wins."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from reference_engine.analysis.counted import CountedHand, kind_set
from reference_engine.analysis.decompose import counts_of
from reference_engine.analysis.waits import pairs_and_pungs_waits, sets_and_pair_waits
from reference_engine.hand import TableContext, Win, WinningHand, WinRequest
from reference_engine.outcome import Settlement
from reference_engine.play.refusal import Refused
from reference_engine.play.rules import PlayRules, winning_hand
from reference_engine.play.state import EndReason, GameState, HandEnd, PlayTable
from reference_engine.variants.taiwanese.flowers import FLOWER_WIN_PATTERN
from reference_engine.variants.taiwanese.scoring import is_complete_shape, pairs_shape_melds
from spec.actions import ActionKind
from spec.errors import RuleError
from spec.melds import Meld
from spec.profile import Profile
from spec.seats import SEATS, Seat
from spec.tiles import Tile
from spec.wins import WinBy


class TaiwanesePlay(PlayRules):
    """tw.play.*: the Taiwanese source's rules of play."""

    original_ready = True
    refusal_rules = MappingProxyType(
        {
            Refused.OPENING: ("play.deal",),
            Refused.OUT_OF_TURN: ("play.turn",),
            Refused.NOT_HELD: ("play.turn",),
            Refused.READY_DECLARATION: ("play.original-ready",),
            Refused.DECLINED_WIN: ("play.passed-win-restriction",),
            Refused.READY_DISCARDS_DRAWN: ("play.original-ready",),
            Refused.FLOWERS_FIRST: ("play.flowers-replaced",),
            Refused.CHOW_FROM_PREVIOUS: ("claims.chow-previous-only",),
        }
    )
    action_rules = MappingProxyType(
        {
            ActionKind.CHOW: ("claims.chow-previous-only",),
            ActionKind.PUNG: ("claims.pung-kong-from-anyone",),
            ActionKind.KONG: ("claims.pung-kong-from-anyone",),
            ActionKind.FLOWER: ("play.flowers-replaced",),
            ActionKind.DRAW: ("play.turn",),
            ActionKind.DISCARD: ("play.turn",),
            ActionKind.WIN: ("structure.five-sets-and-pair",),
        }
    )
    end_rules = MappingProxyType(
        {EndReason.WIN: ("play.win-ends-hand",), EndReason.EXHAUSTIVE: ("play.last-16-reserved",)}
    )

    def __init__(self, profile: Profile, settle: Callable[[WinRequest], Settlement]) -> None:
        self.profile = profile
        self.hand_size = profile.hand_size
        self.chow_allowed = profile.chow_allowed
        self.reserve = profile.reserved_tiles
        self._settle = settle
        self._complete = lru_cache(maxsize=1 << 16)(self._complete_uncached)
        self._kinds = frozenset(int(t) for t in profile.tiles.kinds)

    def table_of(self, given: Mapping[str, Any]) -> PlayTable:
        """A Taiwanese table brings nothing besides the wall: riichi's round, honba and
        sticks are refused rather than ignored."""
        for name in ("round", "honba", "riichi_sticks"):
            if name in given:
                raise RuleError(
                    "invalid-request", f"{name!r} is a riichi field; not read here", path=(name,)
                )
        return PlayTable()

    def is_complete(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> bool:
        """tw.structure.five-sets-and-pair / tw.structure.seven-pairs-and-pung."""
        if 3 * len(melds) + len(concealed) != self.hand_size + 1:
            return False
        return self._complete(tuple(sorted(concealed)), melds)

    def _complete_uncached(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> bool:
        return is_complete_shape(WinningHand(Seat.EAST, concealed, melds), self.profile)

    def waits(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> frozenset[Tile]:
        """The tiles completing five sets and a pair, or seven pairs and a pung (beside the
        melds :func:`pairs_shape_melds` allows), by per-block tables
        (:mod:`reference_engine.analysis.waits`)."""
        counts = counts_of(concealed)
        kinds = sets_and_pair_waits(counts)
        if pairs_shape_melds(melds, self.profile):
            kinds += pairs_and_pungs_waits(counts, 1 - len(melds))
        return frozenset(Tile(kind) for kind in kinds if kind in self._kinds)

    def counted_waits(
        self, counted: CountedHand, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]
    ) -> frozenset[Tile]:
        """:meth:`waits` from the counts kept: five sets and a pair by the counted hand's
        suit keys, seven pairs and a pung by its readable test, asked only when at most one
        kind is held once (one tile mends one single at most)."""
        kinds = kind_set(counted.wait_mask())
        if counted.counts.count(1) <= 1 and pairs_shape_melds(melds, self.profile):
            extra = pairs_and_pungs_waits(counted.counts, 1 - len(melds))
            kinds = kinds | {Tile(kind) for kind in extra}
        return frozenset(t for t in kinds if t in self._kinds)

    def settle_win(
        self, state: GameState, winners: list[Seat], by: WinBy, source: Seat | None
    ) -> HandEnd:
        """tw.payments.*: the winners' hands and the table as the state knows them, scored
        and paid by the variant (several winners each settled apart)."""
        table = TableContext(
            dealer_streak=state.dealer_streak,
            discards=state.discard_count,
            last_wall_tile=by is WinBy.SELF_DRAW and state.last_live_drawn,
            last_discard=by is WinBy.DISCARD and state.live_tiles <= 0,
            original_ready=state.ready[SEATS.index(winners[0])],
        )
        hands = [winning_hand(state, seat, by) for seat in winners]
        request = WinRequest(hands[0], Win(by, source), state.dealer, table, tuple(hands[1:]))
        return HandEnd(self._settle(request), EndReason.WIN)

    def ended_by(self, end: HandEnd) -> tuple[str, ...]:
        """tw.play.flower-instant-win for a hand a flower win ended, else :attr:`end_rules`."""
        flowered = set(FLOWER_WIN_PATTERN.values())
        winners = end.settlement.winners if end.settlement is not None else ()
        if any(flowered & set(winner.patterns) for winner in winners):
            return ("play.flower-instant-win",)
        return super().ended_by(end)

    def flower_win(
        self, flowers: Sequence[tuple[Tile, ...]], shower_index: int
    ) -> tuple[int, int | None] | None:
        """tw.pattern.eight-flowers and tw.pattern.seven-flowers-capture."""
        total = len(self.profile.tiles.flowers)
        if len(set(flowers[shower_index])) == total:
            return shower_index, None
        for holder, held in enumerate(flowers):
            seven = holder != shower_index and len(set(held)) == total - 1
            if seven and len(set(held) | set(flowers[shower_index])) == total:
                return holder, shower_index
        return None
