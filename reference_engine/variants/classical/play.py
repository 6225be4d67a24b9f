"""The classical hooks of the game state machine: a whole hand from the deal to the
settlement of every player.

Rules ``cc.play.deal`` (13 tiles each, East 14, East first), ``cc.play.turn-order`` and
``eu.play.turn-order`` (East to North, a claim moving the turn), ``cc.play.initial-kongs``
(concealed kongs declared East to North before the first discard), ``cc.play.kong-box``
(kong replacements from a box of the profile's size, never refilled),
``cc.play.flowers`` (flowers replaced from the front of the live wall; ``eu.play.flowers``
from the dead wall),
``cc.play.original-call`` (declared with the first discard, then the hand is frozen;
``eu.play.no-original-call`` where the profile has none),
``cc.play.added-kong`` (a drawn fourth tile added to one's exposed pung),
``cc.play.exhaustive-draw`` (no live tile where one is needed: a draw, no payment),
``cc.tiles.hand-shape`` (four sets and a pair, or thirteen orphans),
``cc.claims.chow-previous-only`` and ``cc.claims.pung-kong-anyone`` (the game core's claim
options), ``cc.claims.priority`` and ``cc.claims.nearest-winner`` (the profile's claim
order, one winner), ``cc.claims.last-discard``, ``cc.claims.robbing-added-kong`` (the
core's rob window), ``cc.claims.robbing-concealed-kong`` (thirteen orphans only) and
``cc.claims.passing-is-free``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from reference_engine.analysis.counted import CountedHand, kind_set
from reference_engine.analysis.decompose import counts_of, is_sets_and_pair
from reference_engine.analysis.waits import sets_and_pair_waits
from reference_engine.outcome import Settlement, WinnerResult
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
from reference_engine.variants.classical.numbers import numbers_of
from reference_engine.variants.classical.request import Circumstances, Tiles
from reference_engine.variants.classical.scoring import Score, score_table
from reference_engine.variants.classical.sets import (
    claimable_readings,
    is_thirteen_orphans,
    winner_readings,
)
from reference_engine.variants.classical.settlement import settle
from reference_engine.variants.ready_discards import (
    LastHandReady,
    confirmed_discards,
    held_mask,
)
from spec.actions import Action, ActionKind
from spec.errors import RuleError
from spec.melds import Meld, MeldKind
from spec.profile import Profile
from spec.seats import SEATS, Seat
from spec.tiles import TERMINALS_AND_HONOURS, Tile
from spec.wins import WinBy

_ORPHANS = itemgetter(*(int(t) for t in TERMINALS_AND_HONOURS))  # their counts, at once
_ORPHANS_MASK = sum(1 << t for t in TERMINALS_AND_HONOURS)
# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the win kind may_win (asked on
# every draw) compares with is read once here.
_SELF_DRAW = WinBy.SELF_DRAW


@dataclass(frozen=True)
class KongChains:
    """The family's own state: each seat's kongs in a row, each followed by its replacement
    with nothing between (cc.limits.second-kong-replacement counts two)."""

    chains: tuple[int, ...]


class ClassicalPlay(PlayRules):
    """cc.play.* and cc.claims.*: the classical rules of play."""

    dealer_is_east = True
    original_ready = True
    flowers_from_front = True
    declarations_first = True
    refusal_rules = MappingProxyType(
        {
            Refused.DECLARING: ("play.initial-kongs",),
            Refused.OPENING: ("play.east-starts", "play.deal"),
            Refused.OUT_OF_TURN: ("play.turn-order",),
            Refused.READY_DISCARDS_DRAWN: ("play.original-call",),
            Refused.READY_DECLARATION: ("play.original-call", "play.no-original-call"),
            Refused.FLOWERS_FIRST: ("play.flowers",),
            Refused.CHOW_FROM_PREVIOUS: ("claims.chow-previous-only", "claims.chow-from-the-left"),
        }
    )
    action_rules = MappingProxyType(
        {
            ActionKind.CHOW: ("claims.chow-previous-only", "claims.chow-from-the-left"),
            ActionKind.PUNG: ("claims.pung-kong-anyone", "claims.pung"),
            ActionKind.KONG: ("claims.pung-kong-anyone", "claims.kong"),
            ActionKind.CONCEALED_KONG: ("play.initial-kongs", "kongs.concealed"),
            ActionKind.ADDED_KONG: ("kongs.added", "play.added-kong"),
            ActionKind.WIN: ("tiles.hand-shape",),
        }
    )
    end_rules = MappingProxyType({EndReason.EXHAUSTIVE: ("play.exhaustive-draw",)})

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.hand_size = profile.hand_size
        self.chow_allowed = profile.chow_allowed
        self.numbers = numbers_of(profile)
        self.reserve = self._kept_back(profile)
        self.kong_box = profile.kong_box
        play = profile.sections.get("play", {})
        self.declarations_first = bool(play.get("initial_kongs", True))
        self.original_ready = bool(play.get("original_call", True))
        self.flowers_from_front = play.get("flowers_from", "front") == "front"
        self._complete = lru_cache(maxsize=1 << 14)(self._complete_uncached)
        self._ready = LastHandReady(self.ready_discards)

    def _kept_back(self, profile: Profile) -> int:
        """eu.play.dead-wall-kept-back: the profile's reserved tiles are never drawn in turn,
        unless the table plays the whole wall (play.dead_wall_kept_back false)."""
        return profile.reserved_tiles if self.numbers.dead_wall_kept_back else 0

    def table_of(self, given: Mapping[str, Any]) -> PlayTable:
        """The round wind; seats are seat winds, so the dealer is East (cc.play.deal), and
        riichi's counters are refused rather than ignored."""
        if given.get("dealer", "east") != "east":
            raise RuleError("invalid-request", "the dealer is east", path=("dealer",))
        for name in ("honba", "riichi_sticks"):
            if name in given:
                raise RuleError(
                    "invalid-request", f"{name!r} is a riichi field; not read here", path=(name,)
                )
        try:
            return PlayTable(round_wind=Seat(given.get("round", "east")))
        except ValueError:
            raise RuleError("invalid-request", "unknown round wind", path=("round",)) from None

    # --- shapes --------------------------------------------------------------------------

    def is_complete(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> bool:
        """cc.tiles.hand-shape: four sets and a pair, or thirteen orphans."""
        if 3 * len(melds) + len(concealed) != self.hand_size + 1:
            return False
        return self._complete(tuple(sorted(concealed)), len(melds))

    def _complete_uncached(self, concealed: tuple[Tile, ...], melds: int) -> bool:
        if is_sets_and_pair(counts_of(concealed), self.profile.sets - melds):
            return True
        return self.numbers.thirteen_orphans and is_thirteen_orphans(concealed, melds)

    def waits(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> frozenset[Tile]:
        """The kinds completing four sets and a pair (by the per-block tables), or thirteen
        orphans (the one kind missing, or any of the thirteen when all are held once)."""
        kinds = frozenset(Tile(kind) for kind in sets_and_pair_waits(counts_of(concealed)))
        return kinds | self._orphans_waits(concealed, melds)

    def counted_waits(
        self, counted: CountedHand, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]
    ) -> frozenset[Tile]:
        """:meth:`waits` from the counts kept (:meth:`_wait_mask`)."""
        return kind_set(self._wait_mask(counted, melds))

    def _wait_mask(self, counted: CountedHand, melds: tuple[Meld, ...]) -> int:
        """:meth:`waits` as a mask of kinds: sets and a pair by the counted hand's suit keys,
        the thirteen orphans (thirteen terminals and honours, no meld) from the counts as
        :meth:`_orphans_waits` reads the tiles."""
        mask = counted.wait_mask()
        if not self.numbers.thirteen_orphans or melds or counted.size != 13:
            return mask
        orphans = _ORPHANS(counted.counts)
        if sum(orphans) != 13:
            return mask
        distinct = 13 - orphans.count(0)
        if distinct == 13:
            return mask | _ORPHANS_MASK
        if distinct == 12:
            (missing,) = (
                t for t, held in zip(TERMINALS_AND_HONOURS, orphans, strict=True) if not held
            )
            return mask | 1 << missing
        return mask

    def is_complete_counted(self, counted: CountedHand, melds: tuple[Meld, ...]) -> bool:
        """:meth:`is_complete` of a seat's hand from the counts kept: sets and a pair by the
        suit keys, the thirteen orphans (no meld, every terminal and honour, fourteen of
        them) from the counts as :func:`is_thirteen_orphans` reads the tiles."""
        if 3 * len(melds) + counted.size != self.hand_size + 1:
            return False
        if counted.is_complete():
            return True
        if not self.numbers.thirteen_orphans or melds:
            return False
        orphans = _ORPHANS(counted.counts)
        return 0 not in orphans and sum(orphans) == 14 == counted.size

    def _orphans_waits(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> set[Tile]:
        """The kinds completing the thirteen orphans (the one kind missing, or any of the
        thirteen when all are held once), where the table plays it."""
        plain = [t.normal for t in concealed]
        orphans = self.numbers.thirteen_orphans and not melds and len(plain) == 13
        if not orphans or not all(t in TERMINALS_AND_HONOURS for t in plain):
            return set()
        missing = [t for t in TERMINALS_AND_HONOURS if t not in plain]
        if len(set(plain)) == 13:
            return set(TERMINALS_AND_HONOURS)
        return set(missing) if len(set(plain)) == 12 and len(missing) == 1 else set()

    # --- claims, kongs and Original Call -------------------------------------------------

    def let_pass(self, state: GameState, seat: Seat, tile: Tile, by: WinBy) -> GameState:
        """cc.claims.passing-is-free: letting a win go restricts nothing."""
        return state

    def may_win(self, state: GameState, seat: Seat, tile: Tile, by: WinBy) -> bool:
        """The core's test (a self-drawn hand judged complete from the counts kept,
        :meth:`is_complete_counted`), and eu.claims.chow-win-from-the-left: a discard of a
        player other than the one on the left wins only where it completes a pung or the
        pair."""
        if by is _SELF_DRAW:
            index = SEATS.index(seat)
            if tile in state.restricted[index]:
                return False
            return self.is_complete_counted(state.counted[index], state.melds[index])
        return super().may_win(state, seat, tile, by) and not self._chow_only(state, seat, tile, by)

    def _chow_only(self, state: GameState, seat: Seat, tile: Tile, by: WinBy) -> bool:
        """Would ``tile`` complete ``seat``'s hand only as a chow it may not claim?"""
        if by is not WinBy.DISCARD or self.numbers.chow_win_from_anyone:
            return False
        index = SEATS.index(seat)
        tiles = Tiles(seat, (*state.hands[index], tile), state.melds[index])
        every = list(winner_readings(tiles, True, self.profile.sets))
        win = Circumstances(by, from_seat=state.pending_from)
        return bool(every) and not claimable_readings(every, seat, win, chow_from_anyone=False)

    def may_rob_concealed_kong(self, state: GameState, seat: Seat, tile: Tile) -> bool:
        """cc.claims.robbing-concealed-kong: only a hand the tile completes as thirteen
        orphans."""
        index = SEATS.index(seat)
        if tile.normal not in state.waits[index]:
            return False
        hand = tuple(sorted((*state.hands[index], tile)))
        return is_thirteen_orphans(hand, len(state.melds[index]))

    def declarations(self, state: GameState, seat: Seat) -> list[Action]:
        """cc.play.initial-kongs: each kind held four times as a concealed kong, or go on;
        nothing to declare without a four."""
        hand = state.hand(seat)
        fours = sorted({t for t in hand if hand.count(t) == 4})
        if not fours or not self.may_kong(state, seat, fours[0]):
            return []
        kongs = [Action(seat, ActionKind.CONCEALED_KONG, t) for t in fours]
        return [*kongs, Action(seat, ActionKind.PASS)]

    def refusal(self, state: GameState, action: Action) -> Refusal | None:
        """eu.claims.no-kong-on-an-exposed-pung: a discard never makes a kong of a pung
        already exposed; eu.claims.chow-win-from-the-left: nor wins as a chow when it comes
        from a player other than the one on the left."""
        if action.kind is ActionKind.WIN:
            return self._chow_win_refusal(state, action.seat)
        tile = action.tile
        if action.kind is not ActionKind.KONG or tile is None:
            return None
        exposed = any(
            meld.kind is MeldKind.PUNG and meld.tiles[0].normal is tile.normal
            for meld in state.melds_of(action.seat)
        )
        if not exposed:
            return None
        message = f"{action.seat.value} may not add a discard to its exposed pung"
        return Refusal(message, ("claims.no-kong-on-an-exposed-pung",))

    def _chow_win_refusal(self, state: GameState, seat: Seat) -> Refusal | None:
        """eu.claims.chow-win-from-the-left, or cc.claims.chow-win-from-anyone at a table
        that sets its option false: the rule of the profile's catalogue is named."""
        offered = state.pending
        if state.phase is not Phase.CLAIM or offered is None:
            return None
        if not self._chow_only(state, seat, offered, WinBy.DISCARD):
            return None
        message = (
            f"{offered.mpsz} completes {seat.value}'s hand only as a chow, and a chow is "
            "claimed only from the player on the left"
        )
        return Refusal(message, ("claims.chow-win-from-the-left", "claims.chow-win-from-anyone"))

    def may_kong(self, state: GameState, seat: Seat, tile: Tile) -> bool:
        """cc.play.original-call: a player who declared it makes no kong."""
        return not state.ready[SEATS.index(seat)]

    def original_call(self, state: GameState, seat: Seat, tile: Tile) -> bool:
        """cc.play.original-call: with one's first discard (:meth:`_may_call`), when the
        tiles kept are ready."""
        index = SEATS.index(seat)
        if not self._may_call(state, index):
            return False
        kept = list(state.hands[index])
        kept.remove(tile)
        return self.is_ready(tuple(kept), state.melds[index])

    def _may_call(self, state: GameState, index: int) -> bool:
        """cc.play.original-call: the seat at ``index`` has not discarded yet, and holds no
        meld unless the table's option allows one."""
        if state.has_discarded[index]:
            return False
        return not state.melds[index] or self.numbers.original_call_with_melds

    def may_declare_ready(self, state: GameState, seat: Seat, tile: Tile) -> bool:
        """:meth:`original_call` (the definition), the tiles kept found ready from the
        counts kept (:meth:`ready_discards`)."""
        index = SEATS.index(seat)
        if not self._may_call(state, index):
            return False
        hand, melds = state.hands[index], state.melds[index]
        return self._ready.ready(hand, melds, state.counted[index], tile)

    def ready_discards(self, counted: CountedHand, melds: tuple[Meld, ...]) -> int:
        """The kinds (a mask) whose discard leaves the counted hand ready: the candidates of
        sets and a pair found in one pass over its blocks, every kind held where thirteen
        terminals and honours are (the thirteen orphans may be near), each confirmed by the
        waits of the hand less that tile (:meth:`_wait_mask`)."""
        candidates = counted.ready_discards()
        if self.numbers.thirteen_orphans and not melds and sum(_ORPHANS(counted.counts)) >= 13:
            candidates |= held_mask(counted)
        return confirmed_discards(counted, candidates, lambda kept: self._wait_mask(kept, melds))

    # --- the family's state --------------------------------------------------------------

    def start_extra(self, players: int, table: PlayTable) -> KongChains:
        return KongChains((0,) * players)

    def on_discard(self, state: GameState, action: Action) -> KongChains:
        """A discard ends the discarder's run of kongs (the record kept where it had none)."""
        extra = state.extra
        assert isinstance(extra, KongChains)
        if not extra.chains[SEATS.index(action.seat)]:
            return extra
        return KongChains(replace_at(extra.chains, action.seat, 0))

    def on_kong(self, state: GameState, kong: Meld) -> KongChains:
        """A kong made on the replacement of one's last kong extends the run; any other
        kong starts one."""
        index = SEATS.index(state.turn)
        run = _chains(state)[index] + 1 if state.replacement_drawn else 1
        return KongChains(replace_at(_chains(state), state.turn, run))

    def state_view(self, state: GameState) -> dict[str, Any]:
        """The tiles left in the kong box (cc.play.kong-box)."""
        return {"kong_box": state.kong_box}

    # --- the end of the hand -------------------------------------------------------------

    def circumstances(
        self, state: GameState, winner: Seat, by: WinBy, source: Seat | None
    ) -> Circumstances:
        """How the hand was won, read from the play: the last live tile or last discard, a
        kong replacement (two kongs in a row), Original Call, the first discard, East's
        streak, and the public tiles (:func:`_public_tiles`)."""
        index = SEATS.index(winner)
        self_drawn = by is WinBy.SELF_DRAW
        replacement = self_drawn and state.replacement_drawn
        return Circumstances(
            by=by,
            from_seat=source,
            last_tile=(state.last_live_drawn and not replacement)
            if self_drawn
            else (by is WinBy.DISCARD and state.live_tiles <= 0),
            after_kong=replacement,
            after_two_kongs=replacement and _chains(state)[index] >= 2,
            original_call=state.ready[index],
            before_first_discard=winner is state.dealer and self_drawn and not state.discard_count,
            on_first_discard=by is WinBy.DISCARD
            and source is state.dealer
            and state.discard_count == 1,
            dealer_streak=state.dealer_streak,
            seen=_public_tiles(state, winner, source if by is WinBy.DISCARD else None),
        )

    def settle_win(
        self, state: GameState, winners: list[Seat], by: WinBy, source: Seat | None
    ) -> HandEnd:
        """cc.settlement.*: every player scored from the state (the winner with how it won),
        and everybody paid as the settlement says (one winner: cc.claims.nearest-winner)."""
        winner = winners[0]
        won = winning_hand(state, winner, by)
        hands = {
            seat: Tiles(
                seat,
                won.concealed if seat is winner else state.hands[index],
                state.melds[index],
                state.flowers[index],
            )
            for index, seat in enumerate(state.seats)
        }
        win = self.circumstances(state, winner, by, source)
        scores = score_table(hands, winner, win, state.round_wind, self.profile)
        values = {s: score.value for s, score in scores.items()}
        changes = settle(values, winner, self.numbers.east_factor)
        results = {seat: _result(seat, score) for seat, score in scores.items()}
        settlement = Settlement(
            (results[winner],),
            MappingProxyType(changes),
            tuple(results[seat] for seat in state.seats),
        )
        return HandEnd(settlement, EndReason.WIN)


def _public_tiles(state: GameState, winner: Seat, discarder: Seat | None) -> tuple[Tile, ...]:
    """cc.points.one-chance: the tiles public to the winner, as a request's ``seen`` holds
    them: every river, less the discard won on (``discarder``'s last, now the winner's
    tile), and the other players' melds, a declared concealed kong too."""
    seen: list[Tile] = []
    for seat, river, melds in zip(state.seats, state.rivers, state.melds, strict=True):
        seen += river[:-1] if seat is discarder else river
        if seat is not winner:
            seen += [t for meld in melds for t in meld.tiles]
    return tuple(seen)


def _chains(state: GameState) -> tuple[int, ...]:
    extra = state.extra
    assert isinstance(extra, KongChains)
    return extra.chains


def _result(seat: Seat, score: Score) -> WinnerResult:
    figures: dict[str, int | str | None] = {
        "points": score.points,
        "doubles": score.doubles,
        "limit": score.limit,
        "value": score.value,
    }
    return WinnerResult(seat, MappingProxyType(dict(score.patterns)), MappingProxyType(figures))
