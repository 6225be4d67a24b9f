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
from reference_engine.variants.ready_discards import (
    LastHandReady,
    confirmed_discards,
    held_mask,
)
from reference_engine.variants.taiwanese.flowers import FLOWER_WIN_PATTERN
from reference_engine.variants.taiwanese.scoring import (
    is_complete_counts,
    is_complete_shape,
    pairs_shape_melds,
)
from spec.actions import ActionKind
from spec.errors import RuleError
from spec.melds import Meld
from spec.profile import Profile
from spec.seats import SEATS, Seat
from spec.tiles import Tile
from spec.wins import WinBy

# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the win kind may_win (asked on
# every draw) compares with is read once here.
_SELF_DRAW = WinBy.SELF_DRAW


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
        self._kind_mask = sum(1 << kind for kind in self._kinds)
        self._ready = LastHandReady(self.ready_discards)

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
        """:meth:`waits` from the counts kept (:meth:`_wait_mask`)."""
        return kind_set(self._wait_mask(counted, melds))

    def _wait_mask(self, counted: CountedHand, melds: tuple[Meld, ...]) -> int:
        """:meth:`waits` as a mask of kinds: five sets and a pair by the counted hand's suit
        keys, seven pairs and a pung by its readable test, asked only when at most one kind
        is held once (one tile mends one single at most)."""
        mask = counted.wait_mask()
        counts = counted.counts
        if counts.count(1) <= 1 and pairs_shape_melds(melds, self.profile):
            for kind in pairs_and_pungs_waits(counts, 1 - len(melds)):
                mask |= 1 << kind
        return mask & self._kind_mask

    def is_complete_counted(self, counted: CountedHand, melds: tuple[Meld, ...]) -> bool:
        """:meth:`is_complete` of a seat's hand from the counts kept: five sets and a pair
        by the suit keys, seven pairs and a pung (no kind held once) by its readable test."""
        if 3 * len(melds) + counted.size != self.hand_size + 1:
            return False
        if counted.is_complete():
            return True
        counts = counted.counts
        return 1 not in counts and is_complete_counts(counts, melds, self.profile)

    def may_win(self, state: GameState, seat: Seat, tile: Tile, by: WinBy) -> bool:
        """The core's test (tw.play.passed-win-restriction), a self-drawn hand judged
        complete from the counts kept (:meth:`is_complete_counted`)."""
        if by is not _SELF_DRAW:
            return super().may_win(state, seat, tile, by)
        index = SEATS.index(seat)
        if tile in state.restricted[index]:
            return False
        return self.is_complete_counted(state.counted[index], state.melds[index])

    def may_declare_ready(self, state: GameState, seat: Seat, tile: Tile) -> bool:
        """tw.play.original-ready, as :meth:`PlayRules.may_declare_ready` defines it, the
        tiles kept found ready from the counts (:meth:`ready_discards`)."""
        index = SEATS.index(seat)
        if state.has_discarded[index] or state.calls_made:
            return False
        if seat is not state.dealer and tile != state.drawn:
            return False
        hand, melds = state.hands[index], state.melds[index]
        return self._ready.ready(hand, melds, state.counted[index], tile)

    def ready_discards(self, counted: CountedHand, melds: tuple[Meld, ...]) -> int:
        """The kinds (a mask) whose discard leaves the counted hand ready: the candidates of
        five sets and a pair found in one pass over its blocks, every kind held where at
        most two kinds are held once (seven pairs and a pung may be near), each confirmed by
        the waits of the hand less that tile (:meth:`_wait_mask`)."""
        candidates = counted.ready_discards()
        if counted.counts.count(1) <= 2 and pairs_shape_melds(melds, self.profile):
            candidates |= held_mask(counted)
        return confirmed_discards(counted, candidates, lambda kept: self._wait_mask(kept, melds))

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
