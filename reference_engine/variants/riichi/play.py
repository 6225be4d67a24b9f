"""Riichi on the game state machine: the hooks of :class:`PlayRules` for three and four players.

The wall keeps a dead wall of 14 tiles: its last ten are the dora indicators (five) and
the ura-dora indicators under them (five); replacement tiles for kongs and extracted Norths
are drawn backwards from just before them, each one shortening the live wall by a tile.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from reference_engine.analysis.counted import CountedHand
from reference_engine.analysis.decompose import counts_of, is_sets_and_pair
from reference_engine.analysis.waits import sets_and_pair_waits
from reference_engine.play.refusal import Refusal, Refused
from reference_engine.play.rules import PlayRules, winning_hand, without
from reference_engine.play.state import EndReason, GameState, HandEnd, Phase, PlayTable, replace_at
from reference_engine.variants.riichi.abortive import after_discard, may_call_nine_terminals
from reference_engine.variants.riichi.context import RiichiWin
from reference_engine.variants.riichi.house import OpenKanDora
from reference_engine.variants.riichi.liability import made_certain
from reference_engine.variants.riichi.north import (
    may_set_north_aside,
    north_passed,
    set_north_aside,
)
from reference_engine.variants.riichi.ready import CountedShapes
from reference_engine.variants.riichi.scoring import RiichiScore, RiichiScorer
from reference_engine.variants.riichi.settlement import declared, draw_payments, drawn_end, win_end
from reference_engine.variants.riichi.shapes import (
    riichi_readings,
    seven_pairs_waits,
    thirteen_orphans_waits,
)
from reference_engine.variants.riichi.state import (
    RiichiState,
    indicator_tiles,
    riichi_state,
    ura_indicator_tiles,
)
from spec.actions import Action, ActionKind
from spec.errors import RuleError
from spec.melds import Meld, MeldKind
from spec.seats import SEATS, Seat
from spec.tiles import TERMINALS_AND_HONOURS, Tile, format_tiles
from spec.wins import WinBy

# Enum members read once, as in the core's hot paths (Python 3.11 reads them slowly).
_RIICHI, _KONG = ActionKind.RIICHI, MeldKind.KONG
_ON_DISCARD, _ROBBING, _SELF_DRAW = WinBy.DISCARD, WinBy.ROBBING_KONG, WinBy.SELF_DRAW
_DISCARD = Phase.DISCARD
_NORTHS = {seat: Action(seat, ActionKind.NORTH) for seat in SEATS}  # built once each


def _count(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RuleError("invalid-request", f"'{name}' must be a count", path=(name,))
    return value


class RiichiPlay(PlayRules):
    """riichi.play.* and sanma.play.*: riichi, ippatsu, furiten, Norths, kongs and draws."""

    hand_size = 13
    dealer_is_east = True
    calls_on_last_discard = False
    original_ready = False
    refusal_rules = MappingProxyType(
        {
            Refused.OPENING: ("play.deal",),
            Refused.OUT_OF_TURN: ("play.deal",),
            Refused.CLAIMS_PENDING: ("play.calls",),
            Refused.READY_DISCARDS_DRAWN: ("play.riichi-drawn-only", "play.riichi"),
            Refused.CHOW_FROM_PREVIOUS: ("claims.chi-previous-only",),
        }
    )
    action_rules = MappingProxyType(
        {
            ActionKind.RIICHI: ("play.riichi",),
            ActionKind.CHOW: ("claims.no-chi", "claims.chi-previous-only"),
            ActionKind.PUNG: ("claims.pon-kan",),
            ActionKind.KONG: ("claims.pon-kan",),
            ActionKind.CONCEALED_KONG: ("play.kong-limits", "play.kongs"),
            ActionKind.ADDED_KONG: ("play.kong-limits", "play.kongs"),
            ActionKind.NORTH: ("play.north-extraction",),
            ActionKind.NINE_TERMINALS: (
                "abortive.nine-terminals-declared",
                "abortive.nine-terminals",
            ),
            ActionKind.WIN: ("tiles.hand-shape",),
        }
    )
    end_rules = MappingProxyType(
        {
            EndReason.EXHAUSTIVE: ("play.exhaustive-draw",),
            **{
                reason: (f"abortive.{reason.value}",)
                for reason in EndReason
                if reason not in (EndReason.WIN, EndReason.EXHAUSTIVE)
            },
        }
    )

    def __init__(self, scorer: RiichiScorer) -> None:
        self.scorer = scorer
        self.profile = scorer.profile
        self.numbers = scorer.numbers
        self.players = len(scorer.seats)
        self.chow_allowed = self.profile.chow_allowed
        self.extracts_north = "nuki-dora" in scorer.rows
        self._kinds = self.profile.tiles.kinds
        self._complete = lru_cache(maxsize=1 << 16)(self._complete_uncached)
        self.shapes = CountedShapes(frozenset(int(kind) for kind in self._kinds))
        match = self.profile.sections.get("match", {})
        self.noten_total = int(match.get("noten_total", 0))
        self.deposit = self.numbers.payments["riichi_deposit"]
        play = self.profile.sections.get("play", {})
        self.reserve = int(play.get("dead_wall", 14))
        self.tail = 2 * int(play.get("indicator_slots", 5))
        self.riichi_min_live_tiles = int(play.get("riichi_min_live_tiles", self.players))
        self.abortive = frozenset(EndReason(name) for name in play.get("abortive_draws", ()))

    def table_of(self, given: Mapping[str, Any]) -> PlayTable:
        """riichi.play.deal: the round wind, the honba counters and the sticks on the table.
        Seats are seat winds, so the dealer is east."""
        if given.get("dealer", "east") != "east":
            raise RuleError("invalid-request", "in riichi the dealer is east", path=("dealer",))
        try:
            round_wind = Seat(given.get("round", "east"))
        except ValueError:
            raise RuleError("invalid-request", "unknown round wind", path=("round",)) from None
        if round_wind not in self.numbers.rounds:
            raise RuleError("invalid-request", f"no {round_wind.value} round here", path=("round",))
        honba = _count(given.get("honba", 0), "honba")
        sticks = _count(given.get("riichi_sticks", 0), "riichi_sticks")
        return PlayTable(round_wind, honba, sticks)

    # --- shapes --------------------------------------------------------------------------

    def is_complete(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> bool:
        """riichi.tiles.hand-shape: four sets and a pair, seven pairs or thirteen orphans."""
        if 3 * len(melds) + len(concealed) != self.hand_size + 1:
            return False
        return self._complete(tuple(counts_of(concealed)), len(melds))

    def _complete_uncached(self, counts: tuple[int, ...], melds: int) -> bool:
        """By per-suit tables rather than by listing readings (the shapes of
        riichi.tiles.hand-shape: sets and a pair, seven distinct pairs, thirteen orphans)."""
        if is_sets_and_pair(list(counts), 4 - melds):
            return True
        if melds:
            return False
        if sum(1 for count in counts if count == 2) == 7:
            return True
        orphans = [counts[t] for t in TERMINALS_AND_HONOURS]
        return all(orphans) and sum(orphans) == 14

    def waits(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> frozenset[Tile]:
        """The kinds of tile that complete this 13-tile shape, yaku aside: sets and a pair by
        per-block tables, and with no melds seven pairs or the thirteen orphans."""
        counts = counts_of(concealed)
        kinds = sets_and_pair_waits(counts)
        if not melds:
            kinds += seven_pairs_waits(counts) + thirteen_orphans_waits(counts)
        return frozenset(Tile(kind) for kind in kinds if kind in self._kinds)

    def counted_waits(
        self, counted: CountedHand, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]
    ) -> frozenset[Tile]:
        """:meth:`waits` from the counts kept
        (:meth:`~reference_engine.variants.riichi.ready.CountedShapes.waits`)."""
        return self.shapes.waits(counted, bool(melds))

    def is_complete_counted(self, counted: CountedHand, melds: int) -> bool:
        """:meth:`is_complete` of a seat's hand from the counts kept (14 tiles with melds)."""
        if 3 * melds + counted.size != self.hand_size + 1:
            return False
        return self._complete(tuple(counted.counts), melds)

    # --- winning -------------------------------------------------------------------------

    def win_of(self, state: GameState, seat: Seat, by: WinBy, source: Seat | None) -> RiichiWin:
        """The circumstances of a win as the state knows them (riichi.play.special-wins); the
        first seat made liable for one of the winner's yakuman (riichi.house.pao: whether
        that yakuman is scored is the scorer's to see)."""
        index = SEATS.index(seat)
        extra = riichi_state(state)
        hand = replace(winning_hand(state, seat, by), flowers=(), original_ready=False)
        numbers = self.numbers
        ron_on_discard = by is _ON_DISCARD and not state.win_only
        self_draw = by is _SELF_DRAW
        return RiichiWin(
            hand=hand,
            by=by,
            from_seat=source,
            round_wind=state.round_wind,
            riichi=state.ready[index] and not extra.double_ready[index],
            double_riichi=extra.double_ready[index],
            ippatsu=extra.ippatsu[index],
            after_kong=self_draw and state.replacement_drawn,
            last_tile=(self_draw and state.last_live_drawn)
            or (ron_on_discard and state.live_tiles <= 0),
            first_turn=self_draw and not state.has_discarded[index] and not state.calls_made,
            before_first_draw=ron_on_discard
            and not state.has_discarded[index]
            and not extra.interrupted,
            dora=tuple(numbers.dora_after(t) for t in indicator_tiles(state)),
            ura_dora=tuple(numbers.dora_after(t) for t in ura_indicator_tiles(state)),
            nuki=len(state.flowers[index]),
            honba=extra.honba,
            riichi_sticks=extra.sticks,
            liable=extra.liable[index][0][1] if extra.liable[index] else None,
        )

    def is_furiten(self, state: GameState, seat: Seat) -> bool:
        """sanma.furiten.*: passed a win since its last discard (or since riichi), or one of
        its waits is among its own discards (called ones included)."""
        index = SEATS.index(seat)
        if riichi_state(state).furiten[index]:
            return True
        waits = state.waits[index]
        return any(t.normal in waits for t in state.discards[index])

    def may_win(self, state: GameState, seat: Seat, tile: Tile, by: WinBy) -> bool:
        """A win needs the shape, a yaku (sanma.claims.ron-needs-yaku) and, on another's tile,
        no furiten (sanma.furiten.no-ron: a self-draw is still allowed)."""
        index = SEATS.index(seat)
        anothers = by is _ON_DISCARD or by is _ROBBING  # by.on_anothers_tile, read once
        if anothers:
            if tile.normal not in state.waits[index]:
                return False
        elif not self.is_complete_counted(state.counted[index], len(state.melds[index])):
            return False
        if anothers and self.is_furiten(state, seat):
            return False
        win = self.win_of(state, seat, by, state.pending_from if anothers else None)
        return any(
            self.scorer.score_reading(reading, win) is not None
            for reading in riichi_readings(win.hand, on_anothers_tile=anothers)
        )

    def let_pass(self, state: GameState, seat: Seat, tile: Tile, by: WinBy) -> GameState:
        """sanma.furiten.temporary and sanma.furiten.riichi: a tile that completes the shape
        and is not won on (declined, or not allowed for want of a yaku or by furiten) forbids
        every ron until the seat's next discard, or for the rest of the hand after riichi."""
        index = SEATS.index(seat)
        extra = riichi_state(state)
        if extra.furiten[index]:
            return state
        if tile.normal not in state.waits[index]:
            return state
        state.extra = extra.evolve(furiten=replace_at(extra.furiten, seat, True))
        return state

    # --- the family's own state --------------------------------------------------------

    def start_extra(self, players: int, table: PlayTable) -> RiichiState:
        return RiichiState.start(players, table.honba, table.sticks)

    def on_discard(self, state: GameState, action: Action) -> RiichiState:
        """Every discard is kept for furiten and nagashi (by the core: ``GameState.discards``);
        a riichi discard opens its ippatsu chance, and is a double riichi on the seat's first
        discard of an uninterrupted first go-around (sanma.play.riichi, riichi.play.ippatsu,
        riichi.yaku.double-riichi); temporary furiten ends with the discard, riichi furiten
        does not."""
        seat = action.seat
        index = SEATS.index(seat)
        extra = riichi_state(state).indicators_turned()  # riichi.house.open-kan-dora
        riichi = action.kind is _RIICHI
        first = riichi and not state.has_discarded[index] and not extra.interrupted
        changes: dict[str, Any] = {}  # the seat's facts that change (mostly none)
        if extra.furiten[index] and not state.ready[index]:
            changes["furiten"] = replace_at(extra.furiten, seat, False)
        if extra.ippatsu[index] is not riichi:
            changes["ippatsu"] = replace_at(extra.ippatsu, seat, riichi)
        if first:
            changes["double_ready"] = replace_at(extra.double_ready, seat, True)
        return extra.evolve(**changes) if changes else extra

    def on_call(self, state: GameState, caller: Seat, meld: Meld) -> RiichiState:
        """A call ends every ippatsu and the first go-around; the discarder's nagashi is gone
        (sanma.draws.nagashi-mangan); a call that makes a liable yakuman certain makes the
        discarder liable for it (riichi.house.pao)."""
        source = meld.claimed_from
        assert source is not None
        extra = riichi_state(state)
        called = replace_at(extra.called_from, source, True)
        changes: dict[str, Any] = {"called_from": called}
        made = made_certain(self.numbers.house.pao.yakuman, state.melds_of(caller), meld)
        if made is not None:
            index = SEATS.index(caller)
            mine = (*extra.liable[index], (made, source))
            changes["liable"] = replace_at(extra.liable, caller, mine)
        return extra.evolve(ippatsu=(False,) * len(called), interrupted=True, **changes)

    def on_kong(self, state: GameState, kong: Meld) -> RiichiState:
        """riichi.play.kongs: each kong turns over the next dora indicator at once, and ends
        every ippatsu and the first go-around. riichi.house.open-kan-dora (after-discard):
        a claimed or added kong's indicator waits for its maker's discard; a kong declared
        before that discard turns the waiting one first."""
        extra = riichi_state(state).indicators_turned()
        delayed = (
            self.numbers.house.open_kan_dora is OpenKanDora.AFTER_DISCARD and not kong.concealed
        )
        return extra.evolve(
            indicators=extra.indicators + (not delayed),
            pending_indicators=int(delayed),
            ippatsu=(False,) * len(extra.ippatsu),
            interrupted=True,
        )

    def refusal(self, state: GameState, action: Action) -> Refusal | None:
        """A win refused: a ron in furiten, by its kind (riichi.furiten.*), a winning shape
        without a yaku (riichi.claims.ron-needs-yaku, riichi.yaku.required), the tile of a
        concealed kan (riichi.house.kokushi-robs-concealed-kan); a kan or a North in a turn
        begun with a call (riichi.play.calls, sanma.play.north-not-after-pon)."""
        seat = action.seat
        if action.kind is ActionKind.WIN:
            return self._win_refusal(state, seat)
        begun_with_a_call = (
            seat is state.turn and state.phase is Phase.DISCARD and state.drawn is None
        )
        if not begun_with_a_call or state.discard_count == 0:
            return None
        if action.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
            message = f"{seat.value} may not make a kan in a turn begun with a call"
            return Refusal(message, ("play.no-kan-after-a-call", "play.calls"))
        if action.kind is ActionKind.NORTH:
            message = f"{seat.value} may not set a North aside in a turn begun with a call"
            return Refusal(message, ("play.north-not-after-pon", "play.calls"))
        return None

    def _win_refusal(self, state: GameState, seat: Seat) -> Refusal | None:
        index = SEATS.index(seat)
        claiming = state.phase in (Phase.CLAIM, Phase.ROB)
        offered = state.pending if claiming else state.drawn
        waited = offered is not None and offered.normal in state.waits[index]
        if claiming and waited and self.is_furiten(state, seat):
            if any(t.normal in state.waits[index] for t in state.discards[index]):
                kind = "furiten.discard"
            elif state.ready[index]:
                kind = "furiten.riichi"
            else:
                kind = "furiten.temporary"
            message = f"{seat.value} is in furiten and may not win on a discard"
            return Refusal(message, (kind, "furiten.no-ron"))
        if claiming and waited:
            message = f"{seat.value}'s winning hand has no yaku"
            return Refusal(message, ("claims.ron-needs-yaku", "yaku.required"))
        if seat is state.turn and self.is_complete(state.hands[index], state.melds[index]):
            return Refusal(f"{seat.value}'s winning hand has no yaku", ("yaku.required",))
        turn = state.turn
        melds = state.melds_of(turn)
        kan = melds[-1] if melds and state.replacement_drawn and seat is not turn else None
        if kan is not None and kan.concealed and kan.base in state.waits[index]:
            message = f"{seat.value} may not win on the tile of {turn.value}'s concealed kan"
            return Refusal(message, ("house.kokushi-robs-concealed-kan", "yaku.chankan"))
        return None

    def state_view(self, state: GameState) -> dict[str, Any]:
        """The indicators turned over, the sticks on the table (declarations included) and
        each seat's furiten and ippatsu chance."""
        extra = riichi_state(state)
        view: dict[str, Any] = {
            "indicators": format_tiles(indicator_tiles(state)),
            "riichi_sticks": extra.sticks + sum(state.ready),
        }
        for index, seat in enumerate(state.seats):
            view[f"furiten.{seat.value}"] = extra.furiten[index]
            view[f"ippatsu.{seat.value}"] = extra.ippatsu[index]
        return view

    # --- one's turn ----------------------------------------------------------------------

    def variant_action(self, state: GameState, action: Action) -> GameState:
        """A North set aside, or the nine-terminals abortive draw."""
        if action.kind is ActionKind.NORTH:
            return set_north_aside(self, state, action.seat)
        if action.kind is ActionKind.NINE_TERMINALS:
            return state.ended(self.abortive_draw(state, EndReason.NINE_TERMINALS))
        return super().variant_action(state, action)

    def after_shown(self, state: GameState, source: Seat) -> GameState:
        """Nobody won on the North: its replacement is drawn
        (:func:`~reference_engine.variants.riichi.north.north_passed`)."""
        return north_passed(self, state, source)

    def turn_extras(self, state: GameState, seat: Seat) -> list[Action]:
        index = SEATS.index(seat)
        actions: list[Action] = []
        if not state.ready[index] and self._may_declare_riichi(state, index):
            actions += self._riichi_discards(state, seat, index)
        if self.extracts_north and may_set_north_aside(state, seat):
            actions.append(_NORTHS[seat])
        first_draw = not state.has_discarded[index]  # the nine terminals' first condition
        if first_draw and may_call_nine_terminals(state, seat, self.abortive):
            actions.append(Action(seat, ActionKind.NINE_TERMINALS))
        return actions

    def _riichi_discards(self, state: GameState, seat: Seat, index: int) -> list[Action]:
        """sanma.play.riichi: each distinct tile whose discard leaves the hand ready (its
        readable definition: :meth:`is_ready` of the hand less that tile), found from the
        counts kept in one pass (:meth:`CountedShapes.ready_discards`); ``index``: the
        seat's."""
        kinds = self.shapes.ready_discards(state.counted[index], bool(state.melds[index]))
        if not kinds:
            return []
        hand = state.hands[index]
        return [Action(seat, ActionKind.RIICHI, t) for t in sorted(set(hand)) if t.normal in kinds]

    def _may_declare_riichi(self, state: GameState, index: int) -> bool:
        """sanma.play.riichi: a closed hand (concealed kongs allowed) with enough live tiles
        left (the profile's number; convention, Tenhou: a draw of one's own still to come);
        ``index``: the seat's."""
        if state.drawn is None or state.live_tiles < self.riichi_min_live_tiles:
            return False
        melds = state.melds[index]
        return not melds or all(not meld.is_open for meld in melds)

    def may_rob_concealed_kong(self, state: GameState, seat: Seat, tile: Tile) -> bool:
        """riichi.house.kokushi-robs-concealed-kan: where the table plays it, a hand that
        the tile of another's concealed kan completes as thirteen orphans may win on it
        (not in furiten)."""
        if not self.numbers.house.kokushi_robs_concealed_kan:
            return False
        index = SEATS.index(seat)
        if state.melds[index] or tile.normal not in self._kinds:
            return False
        waits = thirteen_orphans_waits(state.counted[index].counts)
        return int(tile.normal) in waits and not self.is_furiten(state, seat)

    def may_kong(self, state: GameState, seat: Seat, tile: Tile) -> bool:
        """riichi.play.kongs: no fifth kong, none without a live tile to replace it; after
        riichi only a concealed kong that leaves the waits unchanged (convention, Tenhou);
        riichi.play.calls: none in a turn begun with a call (no tile drawn), which a discard
        answers."""
        kongs = sum(1 for melds in state.melds for m in melds if m.kind is _KONG)
        if kongs >= 4 or state.live_tiles <= 0:
            return False
        if state.phase is _DISCARD and state.drawn is None:
            return False
        index = SEATS.index(seat)
        if not state.ready[index]:
            return True
        drawn = state.drawn
        if drawn is None:
            return False
        hand = state.hand(seat)
        before = self.waits(without(hand, drawn), state.melds_of(seat))
        rest = tuple(t for t in hand if t.normal is not tile.normal)
        kong = Meld(MeldKind.KONG, (tile,) * 4, concealed=True)
        return before == self.waits(rest, (*state.melds_of(seat), kong))

    # --- the end -------------------------------------------------------------------------

    def settle_win(
        self, state: GameState, winners: list[Seat], by: WinBy, source: Seat | None
    ) -> HandEnd:
        """sanma.payments.*: each winner's best reading; honba and the riichi sticks go to the
        first winner in turn from the discarder (convention for a double ron, Tenhou); three
        rons abort the hand where the table says so (riichi.abortive.triple-ron)."""
        if len(winners) == 3 and EndReason.TRIPLE_RON in self.abortive:
            return self.abortive_draw(state, EndReason.TRIPLE_RON)
        scores: list[tuple[Seat, RiichiScore]] = []
        for position, seat in enumerate(winners):
            win = self.win_of(state, seat, by, source)
            if position:
                win = replace(win, honba=0, riichi_sticks=0)
            best = self.scorer.best(win)
            assert best is not None
            scores.append((seat, best))
        return win_end(state, scores, declared(state, by, source, self.deposit), self.deposit)

    def exhaustive_draw(self, state: GameState) -> HandEnd:
        """sanma.draws.noten-payments and sanma.draws.nagashi-mangan (which replaces them):
        tenpai, a hand with waits (those kept with it, :attr:`GameState.waits`)."""
        tenpai = tuple(seat for seat, waits in zip(state.seats, state.waits, strict=True) if waits)
        payments = draw_payments(state, tenpai, self.numbers, self.noten_total)
        return drawn_end(state, EndReason.EXHAUSTIVE, payments, tenpai, self.deposit)

    def abortive_draw(self, state: GameState, reason: EndReason) -> HandEnd:
        """sanma.draws.abortive-no-points: nothing moves; the sticks stay on the table."""
        return drawn_end(state, reason, dict.fromkeys(state.seats, 0), (), self.deposit)

    def abort_after_discard(self, state: GameState) -> HandEnd | None:
        """Abortive draws decided by a discard nobody won on
        (:func:`~reference_engine.variants.riichi.abortive.after_discard`)."""
        reason = after_discard(state, self.abortive)
        return None if reason is None else self.abortive_draw(state, reason)
