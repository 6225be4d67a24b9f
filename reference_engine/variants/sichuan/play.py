"""The Sichuan hooks of the game state machine: the void suit, no chow, kong money at
once, and the bloody battle, where a winner leaves and the others play on.

Rules ``sc.void.choice`` (each seat declares its void suit before the first discard),
``sc.void.discard-first``, ``sc.void.no-win``, ``sc.void.no-pung-or-kong``,
``sc.void.no-exchange`` (nothing else is declared), ``sc.play.*`` (the game core's turns
and kongs, no dead wall), ``sc.claims.*`` (the profile's claim order: several winners, no
chow; robbing an added kong only), ``sc.kongs.*``, ``sc.win.*`` and ``sc.bloody.*``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from reference_engine.analysis.counted import CountedHand, kind_set
from reference_engine.analysis.waits import pairs_and_pungs_waits
from reference_engine.outcome import Settlement, WinnerResult
from reference_engine.play.moves import continue_after_win
from reference_engine.play.refusal import Refusal, Refused
from reference_engine.play.rules import PlayRules, winning_hand
from reference_engine.play.state import (
    EndReason,
    GameState,
    HandEnd,
    Phase,
    PlayTable,
    replace_at,
)
from reference_engine.variants.sichuan.request import Readings, RemainingHand, SichuanWin
from reference_engine.variants.sichuan.scoring import score_win
from reference_engine.variants.sichuan.settlement import (
    Changes,
    Standing,
    kong_money,
    reckoning,
    standing,
    win_money,
)
from reference_engine.variants.sichuan.shapes import SUIT_KINDS, holds_suit, is_complete, waits
from spec.actions import Action, ActionKind
from spec.errors import RuleError
from spec.melds import Meld
from spec.profile import Profile
from spec.seats import SEATS, Seat
from spec.tiles import Suit, Tile
from spec.wins import WinBy

VOID_SUITS = (Suit.CHARACTERS, Suit.DOTS, Suit.BAMBOO)
_SUIT_INDEX = {suit: index for index, suit in enumerate(VOID_SUITS)}  # a counted hand's keys
_SUIT_MASK = (1 << SUIT_KINDS) - 1
# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the win kind may_win (asked on
# every draw) compares with is read once here.
_SELF_DRAW = WinBy.SELF_DRAW
_VOID_CHOICES = {  # a seat's choices, built once (an Action is an immutable value)
    seat: tuple(Action(seat, ActionKind.VOID, suit=suit) for suit in VOID_SUITS) for seat in SEATS
}


@dataclass(frozen=True)
class SichuanState:
    """The family's own state: each seat's void suit (None before its choice), what it has
    paid or received so far in this hand (``balance``; ``kongs``, the kong money alone),
    the winners in the order they won, and whether the pending discard follows its
    maker's kong (sc.fan.kong-discard)."""

    voids: tuple[Suit | None, ...]
    balance: tuple[int, ...]
    kongs: tuple[int, ...]
    winners: tuple[WinnerResult, ...] = ()
    discard_after_kong: bool = False

    def paid(self, changes: Changes, *, kong: bool = False) -> SichuanState:
        """With ``changes`` added to the balance (and to the kong money)."""
        balance = tuple(
            b + changes.get(seat, 0) for seat, b in zip(SEATS, self.balance, strict=False)
        )
        kongs = (
            tuple(k + changes.get(seat, 0) for seat, k in zip(SEATS, self.kongs, strict=False))
            if kong
            else self.kongs
        )
        return replace(self, balance=balance, kongs=kongs)


def sichuan_state(state: GameState) -> SichuanState:
    extra = state.extra
    assert isinstance(extra, SichuanState)
    return extra


class SichuanPlay(PlayRules):
    """sc.*: Sichuan's rules of play."""

    declarations_first = True
    refusal_rules = MappingProxyType(
        {Refused.DECLARING: ("void.choice",), Refused.OUT_OF_TURN: ("play.turn-order",)}
    )
    action_rules = MappingProxyType(
        {
            ActionKind.VOID: ("void.choice",),
            ActionKind.DRAW: ("play.draw-and-discard",),
            ActionKind.DISCARD: ("play.draw-and-discard",),
            ActionKind.CHOW: ("claims.no-chow",),
            ActionKind.PUNG: ("claims.pung",),
            ActionKind.KONG: ("claims.kong",),
            ActionKind.CONCEALED_KONG: ("play.concealed-kong",),
            ActionKind.ADDED_KONG: ("play.added-kong",),
            ActionKind.WIN: ("tiles.four-sets-and-a-pair", "tiles.seven-pairs"),
        }
    )
    end_rules = MappingProxyType(
        {EndReason.WIN: ("bloody.end",), EndReason.EXHAUSTIVE: ("bloody.end",)}
    )

    def __init__(self, profile: Profile, readings: Readings) -> None:
        self.profile = profile
        self.readings = readings
        self.hand_size = profile.hand_size
        self.chow_allowed = profile.chow_allowed
        self.reserve = profile.reserved_tiles
        self.players = len(profile.seats)

    def table_of(self, given: Mapping[str, Any]) -> PlayTable:
        """A Sichuan table brings nothing besides the wall: riichi's round, honba and sticks
        are refused rather than ignored."""
        for name in ("round", "honba", "riichi_sticks", "dealer_streak"):
            if name in given:
                raise RuleError("invalid-request", f"{name!r} is not read in Sichuan", path=(name,))
        return PlayTable()

    # --- shapes --------------------------------------------------------------------------

    def is_complete(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> bool:
        """sc.tiles.four-sets-and-a-pair, sc.tiles.seven-pairs."""
        if 3 * len(melds) + len(concealed) != self.hand_size + 1:
            return False
        return is_complete(concealed, melds, self.profile.sets)

    def waits(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> frozenset[Tile]:
        return waits(concealed, melds)

    def counted_waits(
        self, counted: CountedHand, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]
    ) -> frozenset[Tile]:
        """:meth:`waits` from the counts kept: four sets and a pair by the counted hand's
        suit keys, seven pairs (no meld) by its readable per-block table, asked only when
        at most one kind is held once (one tile mends one single at most); a kind whose
        four copies are held or melded completes nothing."""
        counts = counted.counts
        mask = counted.wait_mask()
        if not melds and counts.count(1) <= 1:
            for kind in pairs_and_pungs_waits(counts, 0):
                mask |= 1 << kind
        mask &= _SUIT_MASK
        melded = [int(t.normal) for meld in melds for t in meld.tiles]
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            kind = bit.bit_length() - 1
            if counts[kind] + melded.count(kind) >= 4:
                mask ^= bit
        return kind_set(mask)

    def is_complete_counted(self, counted: CountedHand, melds: tuple[Meld, ...]) -> bool:
        """:meth:`is_complete` of a seat's hand from the counts kept: four sets and a pair
        by the suit keys, seven pairs (no meld, fourteen tiles, every kind held an even
        number of times) from the counts."""
        if 3 * len(melds) + counted.size != self.hand_size + 1:
            return False
        if counted.is_complete():
            return True
        counts = counted.counts
        return not melds and counted.size == 14 and 1 not in counts and 3 not in counts

    # --- the void suit -------------------------------------------------------------------

    def start_extra(self, players: int, table: PlayTable) -> SichuanState:
        return SichuanState((None,) * players, (0,) * players, (0,) * players)

    def declarations(self, state: GameState, seat: Seat) -> list[Action]:
        """sc.void.choice: a seat that has not chosen chooses one of the three suits (and
        nothing else: sc.void.no-exchange)."""
        if sichuan_state(state).voids[SEATS.index(seat)] is not None:
            return []
        return list(_VOID_CHOICES[seat])

    def variant_action(self, state: GameState, action: Action) -> GameState:
        """The void-suit choice."""
        if action.kind is not ActionKind.VOID or action.suit is None:
            return super().variant_action(state, action)
        extra = sichuan_state(state)
        voids = replace_at(extra.voids, action.seat, action.suit)
        state.extra = replace(extra, voids=voids)
        return state

    def void_of(self, state: GameState, seat: Seat) -> Suit | None:
        extra = state.extra
        assert isinstance(extra, SichuanState)
        return extra.voids[SEATS.index(seat)]

    def discardable(self, state: GameState, seat: Seat, tiles: list[Tile]) -> list[Tile]:
        """sc.void.discard-first: the void suit's tiles while any is held (the seat's
        counted hand tells whether one is)."""
        void = self.void_of(state, seat)
        if void is None or not self._holds_void(state, SEATS.index(seat), void):
            return tiles
        return [t for t in tiles if t.suit is void]

    def _holds_void(self, state: GameState, index: int, void: Suit) -> bool:
        """:func:`holds_suit` of the hand at ``index`` and its void suit, from the counted
        hand's key of that suit (no tile of a suit held: a zero key)."""
        return state.counted[index].keys[_SUIT_INDEX[void]] != 0

    def may_kong(self, state: GameState, seat: Seat, tile: Tile) -> bool:
        """sc.void.no-pung-or-kong."""
        return tile.suit is not self.void_of(state, seat)

    def may_pung(self, state: GameState, seat: Seat, tile: Tile) -> bool:
        """sc.void.no-pung-or-kong."""
        return tile.suit is not self.void_of(state, seat)

    def may_win(self, state: GameState, seat: Seat, tile: Tile, by: WinBy) -> bool:
        """sc.void.no-win: not while holding the void suit (the winning tile included);
        then the core's test, a self-drawn hand judged complete from the counts kept
        (:meth:`is_complete_counted`)."""
        void = self.void_of(state, seat)
        index = SEATS.index(seat)
        if void is None or tile.suit is void or self._holds_void(state, index, void):
            return False
        if by is not _SELF_DRAW:
            return super().may_win(state, seat, tile, by)
        if tile in state.restricted[index]:
            return False
        return self.is_complete_counted(state.counted[index], state.melds[index])

    def let_pass(self, state: GameState, seat: Seat, tile: Tile, by: WinBy) -> GameState:
        """sc.claims.passing-a-win: letting a win go restricts nothing."""
        return state

    def refusal(self, state: GameState, action: Action) -> Refusal | None:
        """Why a discard or a win is refused because of the void suit (sc.void.discard-first,
        sc.void.no-win), or a pung or kong of it (sc.void.no-pung-or-kong)."""
        void = self.void_of(state, action.seat)
        tile = action.tile
        if void is None:
            return None
        seat = action.seat.value
        kongs = (ActionKind.PUNG, ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)
        if action.kind in kongs and tile is not None and tile.suit is void:
            message = f"{seat} may not pung or kong its void suit ({void.value})"
            return Refusal(message, ("void.no-pung-or-kong",))
        held = holds_suit(state.hand(action.seat), void)
        offered = state.pending if state.pending is not None else state.drawn
        void_offered = offered is not None and offered.suit is void
        if action.kind is ActionKind.WIN and (held or void_offered):
            message = f"{seat} holds its void suit ({void.value}) and cannot win"
            return Refusal(message, ("void.no-win",))
        discarding = action.kind is ActionKind.DISCARD and state.phase is Phase.DISCARD
        if discarding and held and tile is not None and tile.suit is not void:
            message = f"{seat} must discard its void suit ({void.value}) first"
            return Refusal(message, ("void.discard-first",))
        return None

    # --- kongs and wins ------------------------------------------------------------------

    def on_discard(self, state: GameState, action: Action) -> SichuanState:
        """The discard follows its maker's kong when its tile came as a replacement (the
        record kept where that is unchanged)."""
        extra = sichuan_state(state)
        if extra.discard_after_kong is state.replacement_drawn:
            return extra
        return replace(extra, discard_after_kong=state.replacement_drawn)

    def on_kong(self, state: GameState, kong: Meld) -> SichuanState:
        """sc.kongs.*: the kong is paid at once by those still in the hand."""
        money = kong_money(kong, state.turn, state.in_play(), self.profile)
        return sichuan_state(state).paid(money, kong=True)

    def win_of(self, state: GameState, seat: Seat, by: WinBy, source: Seat | None) -> SichuanWin:
        """How ``seat`` won, read from the play."""
        index = SEATS.index(seat)
        void = self.void_of(state, seat)
        assert void is not None
        self_drawn = by is WinBy.SELF_DRAW
        return SichuanWin(
            hand=winning_hand(state, seat, by),
            void=void,
            by=by,
            from_seat=source,
            dealer=state.dealer,
            left=state.left,
            after_kong=self_drawn and state.replacement_drawn,
            after_kong_discard=by is WinBy.DISCARD and sichuan_state(state).discard_after_kong,
            last_tile=(state.last_live_drawn if self_drawn else state.live_tiles <= 0)
            and by is not WinBy.ROBBING_KONG,
            first_turn=self_drawn and not state.has_discarded[index] and not state.calls_made,
        )

    def settle_win(
        self, state: GameState, winners: list[Seat], by: WinBy, source: Seat | None
    ) -> HandEnd:
        """sc.win.*: each winner scored and paid (by the discarder, or on a self-draw by
        everyone still in the hand)."""
        results: list[WinnerResult] = []
        changes: Changes = {}
        for seat in winners:
            score = score_win(self.win_of(state, seat, by, source), self.readings, self.profile)
            figures: dict[str, int | str | None] = {"fan": score.fan, "value": score.value}
            results.append(
                WinnerResult(seat, MappingProxyType(score.patterns), MappingProxyType(figures))
            )
            point = by is WinBy.SELF_DRAW and not self.readings.self_draw_fan
            payer = source if by.on_anothers_tile else None
            for payee, amount in win_money(
                score.value, seat, payer, state.in_play(), point
            ).items():
                changes[payee] = changes.get(payee, 0) + amount
        return HandEnd(Settlement(tuple(results), MappingProxyType(changes)), EndReason.WIN)

    def after_win(
        self, state: GameState, winners: list[Seat], by: WinBy, source: Seat | None
    ) -> GameState:
        """sc.bloody.winner-leaves: the wins are paid and the winners leave; the hand ends
        with the third winner (sc.bloody.end), otherwise play goes on."""
        paid = self.settle_win(state, winners, by, source).settlement
        assert paid is not None
        extra = sichuan_state(state).paid(dict(paid.payments))
        extra = replace(extra, winners=(*extra.winners, *paid.winners))
        if by is WinBy.ROBBING_KONG and source is not None and state.pending is not None:
            index = SEATS.index(source)
            state.rivers[index] = (*state.rivers[index], state.pending)
        state.update(extra=extra, left=state.left | set(winners))
        if len(state.in_play()) <= 1:
            return state.ended(self.hand_end(state))
        return continue_after_win(self, state, winners)

    # --- the end of the hand -------------------------------------------------------------

    def exhaustive_draw(self, state: GameState) -> HandEnd:
        """sc.bloody.end: the wall is empty."""
        return self.hand_end(state)

    def reckoning_of(self, state: GameState) -> tuple[Changes, tuple[Seat, ...]]:
        """sc.bloody.void-penalty and sc.bloody.not-ready among the players still in the
        hand (the settle kind's reckoning, from the state); and which of them were ready."""
        standings = {seat: self._standing(state, seat) for seat in state.in_play()}
        changes = reckoning(standings, self.readings, self.profile)
        return changes, tuple(seat for seat, found in standings.items() if found.ready)

    def _standing(self, state: GameState, seat: Seat) -> Standing:
        """:func:`standing` of the seat's hand; a hand one tile short with no wait (the
        waits the game keeps: the readable :meth:`waits`) is known not ready, and only its
        void suit is looked for (sc.bloody.not-ready, sc.bloody.void-penalty)."""
        index = SEATS.index(seat)
        void = self.void_of(state, seat)
        assert void is not None
        hand, melds = state.hands[index], state.melds[index]
        if not state.waits[index] and 3 * len(melds) + len(hand) == self.hand_size:
            return Standing(self._holds_void(state, index, void), None)
        return standing(seat, RemainingHand(hand, melds, void), self.readings, self.profile)

    def hand_end(self, state: GameState) -> HandEnd:
        """The whole hand settled: kong money, wins and the reckoning."""
        extra = sichuan_state(state)
        changes, ready = self.reckoning_of(state)
        total = MappingProxyType(
            {seat: extra.balance[i] + changes.get(seat, 0) for i, seat in enumerate(state.seats)}
        )
        if extra.winners:
            return HandEnd(Settlement(extra.winners, total), EndReason.WIN, tenpai=ready)
        return HandEnd(None, EndReason.EXHAUSTIVE, payments=total, tenpai=ready)

    # --- what a fixture may check --------------------------------------------------------

    def state_view(self, state: GameState) -> dict[str, Any]:
        """Each seat's void suit, whether it has left, and its balance in this hand: what
        it has paid and received so far, and once the hand is over its total, the
        reckoning included."""
        extra = sichuan_state(state)
        end = state.end
        totals = None
        if end is not None:
            totals = end.settlement.payments if end.settlement is not None else end.payments
        view: dict[str, Any] = {}
        for index, seat in enumerate(state.seats):
            void = extra.voids[index]
            view[f"void.{seat.value}"] = void.value if void is not None else ""
            view[f"left.{seat.value}"] = seat in state.left
            balance = extra.balance[index] if totals is None else totals.get(seat, 0)
            view[f"balance.{seat.value}"] = balance
        return view

    def end_view(self, state: GameState) -> dict[str, Any]:
        """The kong money of the hand, the reckoning, and who was ready at the end."""
        extra = sichuan_state(state)
        changes, ready = self.reckoning_of(state)
        return {
            "kong_payments": {s.value: extra.kongs[i] for i, s in enumerate(state.seats)},
            "reckoning": {s.value: changes.get(s, 0) for s in state.seats},
            "tenpai": [s.value for s in ready],
        }
