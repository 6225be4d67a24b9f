"""Playing one hand: the deal, the legal actions of each seat, and applying an action.

Same wall and same actions always give the same states. Variant specifics come
from :class:`~reference_engine.play.rules.PlayRules`; the rule ids in the
docstrings are the Taiwanese ones that the generic mechanics implement.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from reference_engine.errors import RuleError
from reference_engine.hand import (
    Meld,
    MeldKind,
    Seat,
    TableContext,
    Win,
    WinBy,
    WinningHand,
    WinRequest,
)
from reference_engine.play.actions import Action, ActionKind
from reference_engine.play.rules import PlayRules
from reference_engine.play.state import SEATS, GameState, HandEnd, Phase, next_seat, replace_at
from reference_engine.tiles import Tile


def _sorted(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles))


def _without(tiles: tuple[Tile, ...], tile: Tile, count: int = 1) -> tuple[Tile, ...]:
    out = list(tiles)
    for _ in range(count):
        out.remove(tile)
    return tuple(out)


# --- the deal ---------------------------------------------------------------------------


def deal(rules: PlayRules, wall: tuple[Tile, ...], dealer: Seat, streak: int = 0) -> GameState:
    """Deal ``hand_size`` tiles to each seat from the dealer on, then the dealer's extra tile, and
    replace the flowers dealt, dealer first (tw.play.flowers-replaced)."""
    order = [next_seat(dealer, i) for i in range(4)]
    size = rules.hand_size
    hands: list[tuple[Tile, ...]] = [()] * 4
    for position, seat in enumerate(order):
        hands[SEATS.index(seat)] = _sorted(wall[position * size : (position + 1) * size])
    extra = wall[4 * size]
    hands[SEATS.index(dealer)] = _sorted((*hands[SEATS.index(dealer)], extra))
    state = GameState(
        wall=wall,
        front=4 * size + 1,
        back=0,
        hands=tuple(hands),
        melds=((),) * 4,
        flowers=((),) * 4,
        rivers=((),) * 4,
        dealer=dealer,
        dealer_streak=streak,
        turn=dealer,
        phase=Phase.DISCARD,
        reserve=rules.reserve,
        drawn=extra,
    )
    for seat in order:
        while state.end is None and any(t.is_flower for t in state.hand(seat)):
            flower = next(t for t in state.hand(seat) if t.is_flower)
            state = _show_flower(rules, state, seat, flower)
    return state


# --- legal actions ----------------------------------------------------------------------


def legal_actions(rules: PlayRules, state: GameState, seat: Seat) -> list[Action]:
    """Every legal action of ``seat`` now (empty when it has nothing to do)."""
    if state.phase is Phase.END:
        return []
    if state.phase is Phase.DRAW:
        return [Action(seat, ActionKind.DRAW)] if seat is state.turn else []
    if state.phase is Phase.DISCARD:
        return _turn_actions(rules, state, seat) if seat is state.turn else []
    if seat not in state.awaiting:
        return []
    assert state.pending is not None
    if state.phase is Phase.ROB:
        return [Action(seat, ActionKind.WIN), Action(seat, ActionKind.PASS)]
    assert state.pending_from is not None
    options = claim_options(rules, state, seat, state.pending, state.pending_from)
    return [*options, Action(seat, ActionKind.PASS)]


def _turn_actions(rules: PlayRules, state: GameState, seat: Seat) -> list[Action]:
    hand = state.hand(seat)
    flowers = sorted({t for t in hand if t.is_flower})
    if flowers:
        return [Action(seat, ActionKind.FLOWER, f) for f in flowers]
    index = SEATS.index(seat)
    actions: list[Action] = []
    if state.ready[index] and state.drawn is not None:
        actions.append(Action(seat, ActionKind.DISCARD, state.drawn))
    else:
        distinct = sorted(set(hand))
        actions += [Action(seat, ActionKind.DISCARD, t) for t in distinct]
        actions += [
            Action(seat, ActionKind.DISCARD, t, ready=True)
            for t in distinct
            if _may_declare_ready(rules, state, seat, t)
        ]
        counts = Counter(hand)
        actions += [Action(seat, ActionKind.CONCEALED_KONG, t) for t in distinct if counts[t] == 4]
        actions += [
            Action(seat, ActionKind.ADDED_KONG, meld.tiles[0])
            for meld in state.melds_of(seat)
            if meld.kind is MeldKind.PUNG and meld.tiles[0] in counts
        ]
    if _may_win_by_self_draw(rules, state, seat):
        actions.append(Action(seat, ActionKind.WIN))
    return actions


def _may_win_by_self_draw(rules: PlayRules, state: GameState, seat: Seat) -> bool:
    """tw.play.passed-win-restriction: a declined tile cannot be won even by self-draw."""
    drawn = state.drawn
    if drawn is None or drawn in state.restricted[SEATS.index(seat)]:
        return False
    return rules.is_complete(state.hand(seat), state.melds_of(seat))


def _may_declare_ready(rules: PlayRules, state: GameState, seat: Seat, tile: Tile) -> bool:
    """tw.play.original-ready: offered on the seat's first discard, before any call; the 16
    tiles kept must be the initial ones (a non-dealer discards the tile it just drew) and ready."""
    index = SEATS.index(seat)
    if not rules.original_ready or state.has_discarded[index] or state.calls_made:
        return False
    if seat is not state.dealer and tile != state.drawn:
        return False
    return rules.is_ready(_without(state.hand(seat), tile), state.melds_of(seat))


def claim_options(
    rules: PlayRules, state: GameState, seat: Seat, tile: Tile, discarder: Seat
) -> list[Action]:
    """The claims ``seat`` may make on ``tile`` (pass excluded): tw.play.chow-previous-only."""
    if seat is discarder:
        return []
    index = SEATS.index(seat)
    hand = state.hand(seat)
    options: list[Action] = []
    if tile not in state.restricted[index] and rules.is_complete(
        (*hand, tile), state.melds_of(seat)
    ):
        options.append(Action(seat, ActionKind.WIN))
    if state.ready[index]:
        return options
    held = hand.count(tile)
    if held >= 2:
        options.append(Action(seat, ActionKind.PUNG, tile))
    if held >= 3:
        options.append(Action(seat, ActionKind.KONG, tile))
    if rules.chow_allowed and seat is next_seat(discarder) and tile.is_numbered:
        for low in (-2, -1, 0):
            run = [tile.shifted(low + k) for k in range(3)]
            if all(t is not None for t in run):
                others = [t for t in run if t is not tile]
                if all(t in hand for t in others):
                    options.append(Action(seat, ActionKind.CHOW, run[0]))
    return options


# --- applying an action -----------------------------------------------------------------


def apply(rules: PlayRules, state: GameState, action: Action) -> GameState:
    """The state after ``action``; an ``illegal-action`` RuleError when it is not legal now."""
    if action not in legal_actions(rules, state, action.seat):
        raise RuleError("illegal-action", why_illegal(rules, state, action))
    kind = action.kind
    if state.phase in (Phase.CLAIM, Phase.ROB):
        return _answer(rules, state, action)
    if kind is ActionKind.DRAW:
        return _draw(state, action.seat, from_back=False)
    if kind is ActionKind.FLOWER:
        assert action.tile is not None
        return _show_flower(rules, state, action.seat, action.tile)
    if kind is ActionKind.DISCARD:
        return _discard(rules, state, action)
    if kind is ActionKind.CONCEALED_KONG:
        return _concealed_kong(state, action)
    if kind is ActionKind.ADDED_KONG:
        return _added_kong(rules, state, action)
    return _self_draw_win(rules, state, action.seat)


def why_illegal(rules: PlayRules, state: GameState, action: Action) -> str:
    """A sentence saying why ``action`` is refused."""
    seat = action.seat
    if state.phase is Phase.END:
        return "the hand is over"
    if not legal_actions(rules, state, seat):
        return (
            f"{seat.value} has no move now ({state.phase.value} phase, {state.turn.value} on turn)"
        )
    tile = action.tile
    index = SEATS.index(seat)
    offered = state.pending if state.pending is not None else state.drawn
    if action.kind is ActionKind.WIN and offered in state.restricted[index]:
        return f"{seat.value} declined a win and may not win on that tile until it discards"
    if tile is not None and action.kind is ActionKind.DISCARD and tile not in state.hand(seat):
        return f"{tile.mpsz} is not in {seat.value}'s hand"
    if any(t.is_flower for t in state.hand(seat)) and state.phase is Phase.DISCARD:
        return f"{seat.value} must first replace its flowers"
    chow = action.kind is ActionKind.CHOW
    if chow and state.pending_from is not None and seat is not next_seat(state.pending_from):
        return "a chow may only be claimed from the previous player"
    legal = ", ".join(a.notation for a in legal_actions(rules, state, seat))
    return f"{action.notation!r} is not legal for {seat.value} now; legal: {legal}"


def _with_hand(state: GameState, seat: Seat, hand: tuple[Tile, ...]) -> GameState:
    return replace(state, hands=replace_at(state.hands, seat, _sorted(hand)))


def _draw(state: GameState, seat: Seat, *, from_back: bool) -> GameState:
    """Draw from the front (a turn) or the back (a replacement): tw.play.last-16-reserved."""
    if state.live_tiles <= 0:
        return replace(state, phase=Phase.END, end=HandEnd(None))
    if from_back:
        tile = state.wall[len(state.wall) - 1 - state.back]
        state = replace(state, back=state.back + 1)
    else:
        tile = state.wall[state.front]
        state = replace(state, front=state.front + 1)
    state = _with_hand(state, seat, (*state.hand(seat), tile))
    return replace(
        state,
        turn=seat,
        phase=Phase.DISCARD,
        drawn=tile,
        last_live_drawn=state.live_tiles == 0,
    )


def _show_flower(rules: PlayRules, state: GameState, seat: Seat, flower: Tile) -> GameState:
    """tw.play.flowers-replaced: the flower is set aside and replaced from the back; seven or
    eight flowers may end the hand at once (tw.pattern.seven-flowers-capture, eight-flowers)."""
    index = SEATS.index(seat)
    state = _with_hand(state, seat, _without(state.hand(seat), flower))
    state = replace(
        state, flowers=replace_at(state.flowers, seat, _sorted((*state.flowers[index], flower)))
    )
    instant = rules.flower_win(state.flowers, index)
    if instant is not None:
        winner, payer = instant
        by = WinBy.EIGHT_FLOWERS if payer is None else WinBy.FLOWER_CAPTURE
        return _settle(rules, state, [SEATS[winner]], by, None if payer is None else SEATS[payer])
    before = state
    state = _draw(state, seat, from_back=True)
    if state.end is not None or (seat is before.turn and flower == before.drawn):
        return state
    return replace(
        state,
        turn=before.turn,
        phase=before.phase,
        drawn=before.drawn,
        last_live_drawn=before.last_live_drawn,
    )


def _discard(rules: PlayRules, state: GameState, action: Action) -> GameState:
    seat, tile = action.seat, action.tile
    assert tile is not None
    index = SEATS.index(seat)
    state = _with_hand(state, seat, _without(state.hand(seat), tile))
    state = replace(
        state,
        rivers=replace_at(state.rivers, seat, (*state.rivers[index], tile)),
        discard_count=state.discard_count + 1,
        restricted=replace_at(state.restricted, seat, frozenset()),
        has_discarded=replace_at(state.has_discarded, seat, True),
        ready=replace_at(state.ready, seat, state.ready[index] or action.ready),
        drawn=None,
        pending=tile,
        pending_from=seat,
    )
    awaiting = frozenset(other for other in SEATS if claim_options(rules, state, other, tile, seat))
    if not awaiting:
        return _next_turn(state, seat)
    return replace(state, phase=Phase.CLAIM, awaiting=awaiting, answers=())


def _next_turn(state: GameState, after: Seat) -> GameState:
    following = next_seat(after)
    state = replace(
        state,
        turn=following,
        phase=Phase.DRAW,
        pending=None,
        pending_from=None,
        awaiting=frozenset(),
        answers=(),
    )
    if state.live_tiles <= 0:
        return replace(state, phase=Phase.END, end=HandEnd(None))
    return state


def _answer(rules: PlayRules, state: GameState, action: Action) -> GameState:
    """Record one answer to a discard or an added kong; resolve once every seat has answered."""
    seat = action.seat
    index = SEATS.index(seat)
    assert state.pending is not None
    could_win = any(a.kind is ActionKind.WIN for a in legal_actions(rules, state, seat))
    restricted = state.restricted
    if could_win and action.kind is not ActionKind.WIN:
        restricted = replace_at(restricted, seat, restricted[index] | {state.pending})
    state = replace(
        state,
        restricted=restricted,
        awaiting=state.awaiting - {seat},
        answers=(*state.answers, action),
    )
    if state.awaiting:
        return state
    return _resolve(rules, state)


def _resolve(rules: PlayRules, state: GameState) -> GameState:
    """tw.play.claim-priority: a win beats pung and kong, which beat a chow; several seats may
    win on one discard (tw.play.multiple-winners)."""
    source = state.pending_from
    tile = state.pending
    assert source is not None
    assert tile is not None
    order = [next_seat(source, i) for i in range(1, 4)]
    winners = [
        s for s in order if any(a.seat is s and a.kind is ActionKind.WIN for a in state.answers)
    ]
    if winners:
        by = WinBy.ROBBING_KONG if state.phase is Phase.ROB else WinBy.DISCARD
        if not rules.multiple_winners:
            winners = winners[:1]
        return _settle(rules, state, winners, by, source)
    if state.phase is Phase.ROB:
        return _complete_added_kong(state, source, tile)
    for kinds in ((ActionKind.PUNG, ActionKind.KONG), (ActionKind.CHOW,)):
        claim = next((a for a in state.answers if a.kind in kinds), None)
        if claim is not None:
            return _take_discard(state, claim)
    return _next_turn(state, source)


def _take_discard(state: GameState, claim: Action) -> GameState:
    source, tile, seat = state.pending_from, state.pending, claim.seat
    assert source is not None
    assert tile is not None
    assert claim.tile is not None
    source_index = SEATS.index(source)
    if claim.kind is ActionKind.CHOW:
        run = tuple(Tile(claim.tile + k) for k in range(3))
        used = [t for t in run if t is not tile]
        meld = Meld(MeldKind.CHOW, run, claimed_from=source)
    else:
        size = 3 if claim.kind is ActionKind.PUNG else 4
        used = [tile] * (size - 1)
        kind = MeldKind.PUNG if claim.kind is ActionKind.PUNG else MeldKind.KONG
        meld = Meld(kind, (tile,) * size, claimed_from=source)
    hand = state.hand(seat)
    for t in used:
        hand = _without(hand, t)
    state = _with_hand(state, seat, hand)
    state = replace(
        state,
        rivers=replace_at(state.rivers, source, state.rivers[source_index][:-1]),
        melds=replace_at(state.melds, seat, (*state.melds_of(seat), meld)),
        calls_made=True,
        turn=seat,
        phase=Phase.DISCARD,
        drawn=None,
        pending=None,
        pending_from=None,
        awaiting=frozenset(),
        answers=(),
    )
    if claim.kind is ActionKind.KONG:
        return _draw(state, seat, from_back=True)
    return state


def _concealed_kong(state: GameState, action: Action) -> GameState:
    """tw.play.kong-replacement: a kong is one set; its replacement keeps the count."""
    seat, tile = action.seat, action.tile
    assert tile is not None
    state = _with_hand(state, seat, _without(state.hand(seat), tile, 4))
    meld = Meld(MeldKind.KONG, (tile,) * 4, concealed=True)
    state = replace(
        state, melds=replace_at(state.melds, seat, (*state.melds_of(seat), meld)), calls_made=True
    )
    return _draw(state, seat, from_back=True)


def _added_kong(rules: PlayRules, state: GameState, action: Action) -> GameState:
    """tw.play.robbing-added-kong: others may win on the added tile before the kong stands."""
    seat, tile = action.seat, action.tile
    assert tile is not None
    state = _with_hand(state, seat, _without(state.hand(seat), tile))
    state = replace(state, drawn=None, pending=tile, pending_from=seat, calls_made=True)
    robbers = frozenset(
        other
        for other in SEATS
        if other is not seat
        and tile not in state.restricted[SEATS.index(other)]
        and rules.is_complete((*state.hand(other), tile), state.melds_of(other))
    )
    if not robbers:
        return _complete_added_kong(state, seat, tile)
    return replace(state, phase=Phase.ROB, awaiting=robbers, answers=())


def _complete_added_kong(state: GameState, seat: Seat, tile: Tile) -> GameState:
    melds = tuple(
        Meld(MeldKind.KONG, (tile,) * 4, added=True, claimed_from=m.claimed_from)
        if m.kind is MeldKind.PUNG and m.tiles[0] is tile
        else m
        for m in state.melds_of(seat)
    )
    state = replace(
        state,
        melds=replace_at(state.melds, seat, melds),
        turn=seat,
        pending=None,
        pending_from=None,
        awaiting=frozenset(),
        answers=(),
    )
    return _draw(state, seat, from_back=True)


def _self_draw_win(rules: PlayRules, state: GameState, seat: Seat) -> GameState:
    return _settle(rules, state, [seat], WinBy.SELF_DRAW, None)


# --- the end of a hand ------------------------------------------------------------------


def _winning_hand(state: GameState, seat: Seat, by: WinBy) -> WinningHand:
    index = SEATS.index(seat)
    hand = state.hand(seat)
    if by is WinBy.SELF_DRAW:
        assert state.drawn is not None
        concealed = (*_without(hand, state.drawn), state.drawn)
    elif by.on_anothers_tile:
        assert state.pending is not None
        concealed = (*hand, state.pending)
    else:
        concealed = hand
    return WinningHand(
        seat, concealed, state.melds_of(seat), state.flowers[index], state.ready[index]
    )


def _settle(
    rules: PlayRules, state: GameState, winners: list[Seat], by: WinBy, source: Seat | None
) -> GameState:
    table = TableContext(
        dealer_streak=state.dealer_streak,
        discards=state.discard_count,
        last_wall_tile=by is WinBy.SELF_DRAW and state.last_live_drawn,
        last_discard=by is WinBy.DISCARD and state.live_tiles <= 0,
        original_ready=state.ready[SEATS.index(winners[0])],
    )
    hands = [_winning_hand(state, seat, by) for seat in winners]
    request = WinRequest(hands[0], Win(by, source), state.dealer, table, tuple(hands[1:]))
    settlement = rules.settle(request)
    return replace(
        state, phase=Phase.END, end=HandEnd(settlement), awaiting=frozenset(), answers=()
    )
