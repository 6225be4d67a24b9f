"""Playing one hand: the deal, the legal actions of each seat, and applying an action.

Same wall and same actions always give the same states. Variant specifics come
from :class:`~reference_engine.play.rules.PlayRules`; the rule ids in the
docstrings are those of the rules the generic mechanics implement.
"""

from __future__ import annotations

from reference_engine.hand import red_choice
from reference_engine.play.claims import granted
from reference_engine.play.refusal import Refusal, Refused
from reference_engine.play.rules import PlayRules, without
from reference_engine.play.state import Declarations, GameState, Phase, PlayTable, replace_at
from spec.actions import Action, ActionKind
from spec.errors import RuleError
from spec.melds import Meld, MeldKind
from spec.seats import SEATS, Seat, next_seat
from spec.tiles import FLOWERS, RED_FIVES, Tile
from spec.wins import WinBy


def _runs(tile: Tile) -> tuple[tuple[Tile, tuple[Tile, ...]], ...]:
    """The chows a numbered tile can be part of: (lowest tile, the two other tiles)."""
    found = []
    for low in (-2, -1, 0):
        run = [tile.shifted(low + k) for k in range(3)]
        tiles = [t for t in run if t is not None]
        if len(tiles) == 3:
            found.append((tiles[0], tuple(t for t in tiles if t is not tile)))
    return tuple(found)


_RUNS = {tile: _runs(tile) for tile in Tile if tile.is_numbered and not tile.is_red}


def _sorted(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles))


# --- the deal ---------------------------------------------------------------------------

NO_TABLE = PlayTable()  # the East round, no counters, no sticks


def deal(
    rules: PlayRules,
    wall: tuple[Tile, ...],
    dealer: Seat,
    streak: int = 0,
    table: PlayTable = NO_TABLE,
) -> GameState:
    """Deal ``hand_size`` tiles to each seat from the dealer on, then the dealer's extra tile, and
    replace the flowers dealt, dealer first (tw.play.flowers-replaced)."""
    players = rules.players
    order = [next_seat(dealer, i, players) for i in range(players)]
    size = rules.hand_size
    hands: list[tuple[Tile, ...]] = [()] * players
    for position, seat in enumerate(order):
        hands[SEATS.index(seat)] = _sorted(wall[position * size : (position + 1) * size])
    extra = wall[players * size]
    hands[SEATS.index(dealer)] = _sorted((*hands[SEATS.index(dealer)], extra))
    state = GameState(
        wall=wall,
        front=players * size + 1,
        back=0,
        hands=tuple(hands),
        melds=((),) * players,
        flowers=((),) * players,
        rivers=((),) * players,
        dealer=dealer,
        dealer_streak=streak,
        turn=dealer,
        phase=Phase.DISCARD,
        reserve=rules.reserve,
        kong_box=rules.kong_box,
        drawn=extra,
        restricted=(frozenset(),) * players,
        ready=(False,) * players,
        has_discarded=(False,) * players,
        tail=rules.tail,
        round_wind=table.round_wind,
        extra=rules.start_extra(players, table),
        waits=tuple(waits_of(rules, hand, ()) for hand in hands),
    )
    for seat in order:
        state = _show_flowers(rules, state, seat)
    if rules.declarations_first and state.end is None:
        kept = Declarations(state.drawn, state.replacement_drawn)
        state = _next_declarer(rules, state.evolve(declaring=kept), 0)
    return state


def _show_flowers(rules: PlayRules, state: GameState, seat: Seat) -> GameState:
    """Every flower ``seat`` holds, shown and replaced at once (at the deal, and while the
    seats declare before the first discard)."""
    while state.end is None and any(t.is_flower for t in state.hand(seat)):
        flower = next(t for t in state.hand(seat) if t.is_flower)
        state = _show_flower(rules, state, seat, flower)
    return state


def _next_declarer(rules: PlayRules, state: GameState, position: int) -> GameState:
    """The first seat, ``position`` places from the dealer on, that has a declaration to
    make before the first discard is asked (phase ``DECLARE``: cc.play.initial-kongs,
    sc.void.choice); when none is left, the dealer's turn begins with the tile it drew
    last."""
    for step in range(position, state.players):
        seat = next_seat(state.dealer, step, state.players)
        if rules.declarations(state, seat):
            return state.evolve(phase=Phase.DECLARE, turn=seat, drawn=None)
    kept = state.declaring
    assert kept is not None
    return state.evolve(
        phase=Phase.DISCARD,
        turn=state.dealer,
        drawn=kept.dealer_drawn,
        replacement_drawn=kept.dealer_replacement,
        declaring=None,
    )


def _declared(rules: PlayRules, state: GameState, seat: Seat) -> GameState:
    """After a kong declared before the first discard and its replacement: flowers drawn
    are shown at once, the dealer's last tile is kept, and ``seat`` is asked again."""
    state = _show_flowers(rules, state, seat)
    if state.end is not None:
        return state
    if seat is state.dealer:
        state = state.evolve(declaring=Declarations(state.drawn, state.replacement_drawn))
    position = (SEATS.index(seat) - SEATS.index(state.dealer)) % state.players
    return _next_declarer(rules, state, position)


# --- legal actions ----------------------------------------------------------------------


def legal_actions(rules: PlayRules, state: GameState, seat: Seat) -> list[Action]:
    """Every legal action of ``seat`` now (empty when it has nothing to do)."""
    if state.phase is Phase.END:
        return []
    if state.phase is Phase.DRAW:
        return [Action(seat, ActionKind.DRAW)] if seat is state.turn else []
    if state.phase is Phase.DECLARE:
        return rules.declarations(state, seat) if seat is state.turn else []
    if state.phase is Phase.DISCARD:
        return _turn_actions(rules, state, seat) if seat is state.turn else []
    if seat not in state.awaiting:
        return []
    assert state.pending is not None
    if state.phase is Phase.ROB or state.win_only:
        return [Action(seat, ActionKind.WIN), Action(seat, ActionKind.PASS)]
    assert state.pending_from is not None
    options = claim_options(rules, state, seat, state.pending, state.pending_from)
    return [*options, Action(seat, ActionKind.PASS)]


def _turn_actions(rules: PlayRules, state: GameState, seat: Seat) -> list[Action]:
    index = SEATS.index(seat)
    hand = state.hands[index]
    if not _FLOWERS.isdisjoint(hand):
        return [Action(seat, ActionKind.FLOWER, f) for f in sorted(_FLOWERS.intersection(hand))]
    actions: list[Action] = []
    if state.ready[index] and state.drawn is not None:
        actions.append(Action(seat, ActionKind.DISCARD, state.drawn))
        plain = state.drawn.normal
        if _count(hand, plain) == 4 and rules.may_kong(state, seat, plain):
            actions.append(Action(seat, ActionKind.CONCEALED_KONG, plain))
    else:
        distinct = sorted(set(hand))
        discards = _DISCARDS[seat]
        actions += [discards[t] for t in rules.discardable(state, seat, distinct)]
        if rules.original_ready and not state.has_discarded[index]:
            actions += [
                Action(seat, ActionKind.DISCARD, t, ready=True)
                for t in distinct
                if rules.may_declare_ready(state, seat, t)
            ]
        actions += [
            Action(seat, ActionKind.CONCEALED_KONG, t)
            for t in _fours(hand)
            if rules.may_kong(state, seat, t)
        ]
        actions += [
            Action(seat, ActionKind.ADDED_KONG, meld.base)
            for meld in state.melds[index]
            if meld.kind is MeldKind.PUNG
            and _count(hand, meld.base)
            and rules.may_kong(state, seat, meld.base)
        ]
    actions += rules.turn_extras(state, seat)
    drawn = state.drawn
    if drawn is not None and rules.may_win(state, seat, drawn, WinBy.SELF_DRAW):
        actions.append(Action(seat, ActionKind.WIN))
    return actions


_FLOWERS = frozenset(FLOWERS)
_PLAIN = tuple(t.normal for t in Tile)


def _fours(hand: tuple[Tile, ...]) -> list[Tile]:
    """The kinds held four times (a red five counting as a five), in tile order."""
    plain = sorted(map(_PLAIN.__getitem__, hand))
    return sorted({plain[i] for i in range(len(plain) - 3) if plain[i] is plain[i + 3]})


_DISCARDS = {seat: {t: Action(seat, ActionKind.DISCARD, t) for t in Tile} for seat in SEATS}


def claim_options(
    rules: PlayRules, state: GameState, seat: Seat, tile: Tile, discarder: Seat
) -> list[Action]:
    """The claims ``seat`` may make on ``tile`` (pass excluded): tw.claims.chow-previous-only."""
    if seat is discarder:
        return []
    index = SEATS.index(seat)
    hand = state.hand(seat)
    options: list[Action] = []
    if rules.may_win(state, seat, tile, WinBy.DISCARD):
        options.append(Action(seat, ActionKind.WIN))
    if state.ready[index] or (not state.live_tiles and not rules.calls_on_last_discard):
        return options
    held = _count(hand, tile)
    if held >= 2 and rules.may_pung(state, seat, tile):
        options.append(Action(seat, ActionKind.PUNG, tile.normal))
        if red_choice(hand, tile.normal, 2):
            options.append(Action(seat, ActionKind.PUNG, tile.normal, red=True))
    if held >= 3 and rules.may_kong(state, seat, tile):
        options.append(Action(seat, ActionKind.KONG, tile.normal))
    if rules.chow_allowed and seat is state.after(discarder) and tile.is_numbered:
        for start, others in _RUNS[tile.normal]:
            if all(_count(hand, t) for t in others):
                options.append(Action(seat, ActionKind.CHOW, start))
                if any(red_choice(hand, t, 1) for t in others):
                    options.append(Action(seat, ActionKind.CHOW, start, red=True))
    return options


def _count(hand: tuple[Tile, ...], tile: Tile) -> int:
    """Copies of ``tile`` in ``hand``, a red five counting as a five."""
    plain = tile.normal
    red = RED_FIVES.get(plain)
    return hand.count(plain) + (hand.count(red) if red is not None else 0)


def _take(
    hand: tuple[Tile, ...], tile: Tile, count: int, *, red: bool = False
) -> tuple[tuple[Tile, ...], list[Tile]]:
    """Take ``count`` copies of ``tile`` from ``hand`` for a meld, plain copies before a red
    five, or the red five first when the claim names it (``red``,
    riichi.claims.red-five-choice); returns the hand left and the tiles taken."""
    plain = tile.normal
    copies = sorted((t for t in hand if t.normal is plain), key=lambda t: t.is_red is not red)
    copies = copies[:count]
    rest = list(hand)
    for t in copies:
        rest.remove(t)
    return tuple(rest), copies


# --- applying an action -----------------------------------------------------------------


def apply(rules: PlayRules, state: GameState, action: Action, *, checked: bool = True) -> GameState:
    """The state after ``action``; an ``illegal-action`` RuleError when it is not legal now.
    ``checked=False`` skips that check, for a caller that took the action from
    :func:`legal_actions` on this very state."""
    if checked and action not in legal_actions(rules, state, action.seat):
        refusal = why_illegal(rules, state, action)
        rule = rules.rule_id(refusal.rules)
        raise RuleError("illegal-action", refusal.message, rule=rule)
    kind = action.kind
    if state.phase in (Phase.CLAIM, Phase.ROB):
        return _answer(rules, state, action)
    if state.phase is Phase.DECLARE:
        position = (SEATS.index(action.seat) - SEATS.index(state.dealer)) % state.players
        if kind is ActionKind.PASS:
            return _next_declarer(rules, state, position + 1)
        if kind is ActionKind.CONCEALED_KONG:
            return _concealed_kong(rules, state, action)
        return _next_declarer(rules, rules.variant_action(state, action), position)
    if kind is ActionKind.DRAW:
        return draw(rules, state, action.seat, from_back=False)
    if kind is ActionKind.FLOWER:
        assert action.tile is not None
        return _show_flower(rules, state, action.seat, action.tile)
    if kind in (ActionKind.DISCARD, ActionKind.RIICHI):
        return _discard(rules, state, action)
    if kind is ActionKind.CONCEALED_KONG:
        return _concealed_kong(rules, state, action)
    if kind is ActionKind.ADDED_KONG:
        return _added_kong(rules, state, action)
    if kind is ActionKind.WIN:
        return _settle(rules, state, [action.seat], WinBy.SELF_DRAW, None)
    return rules.variant_action(state, action)


def why_illegal(rules: PlayRules, state: GameState, action: Action) -> Refusal:
    """Why ``action`` is refused: a sentence, and the rules of the family that refuse it
    (:meth:`PlayRules.ended_by`, the family's :meth:`PlayRules.refusal`, the core's reasons
    named by :attr:`PlayRules.refusal_rules`, else the rules of the action's kind,
    :attr:`PlayRules.action_rules`)."""
    seat = action.seat
    named = rules.refusal_rules
    if state.end is not None:
        return Refusal("the hand is over", rules.ended_by(state.end))
    if seat not in state.seats:
        return Refusal(f"{seat.value} does not play in this game")
    refusal = rules.refusal(state, action)
    if refusal is not None:
        return refusal
    kind = action.kind
    if kind is ActionKind.CHOW and not rules.chow_allowed:
        return Refusal("no chow is claimed in this game", rules.action_rules.get(kind, ()))
    source = state.pending_from
    if kind is ActionKind.CHOW and source is not None and seat is not state.after(source):
        message = "a chow may only be claimed from the previous player"
        return Refusal(message, named.get(Refused.CHOW_FROM_PREVIOUS, ()))
    legal = legal_actions(rules, state, seat)
    if state.phase is Phase.DECLARE:
        message = "the seats declare in turn before the first discard"
        return Refusal(message, named.get(Refused.DECLARING, ()))
    if not any(state.has_discarded) and state.turn is state.dealer and not legal:
        message = f"{state.dealer.value}, the dealer, plays first"
        return Refusal(message, named.get(Refused.OPENING, ()))
    if not any(state.has_discarded) and kind is ActionKind.DRAW and seat is state.dealer:
        message = f"{seat.value}, the dealer, holds its tiles and discards without drawing"
        return Refusal(message, named.get(Refused.OPENING, ()))
    if not legal:
        where = f"{state.phase.value} phase, {state.turn.value} on turn"
        message = f"{seat.value} has no move now ({where})"
        pending = state.phase in (Phase.CLAIM, Phase.ROB)
        return Refusal(
            message, named.get(Refused.CLAIMS_PENDING if pending else Refused.OUT_OF_TURN, ())
        )
    tile = action.tile
    index = SEATS.index(seat)
    offered = state.pending if state.pending is not None else state.drawn
    if kind is ActionKind.WIN and offered in state.restricted[index]:
        message = f"{seat.value} declined a win and may not win on that tile until it discards"
        return Refusal(message, named.get(Refused.DECLINED_WIN, ()))
    discarding = kind in (ActionKind.DISCARD, ActionKind.RIICHI)
    if tile is not None and discarding and tile not in state.hand(seat):
        message = f"{tile.mpsz} is not in {seat.value}'s hand"
        return Refusal(message, named.get(Refused.NOT_HELD, ()))
    if discarding and state.ready[index] and tile != state.drawn:
        message = f"{seat.value} is ready and may only discard the tile it drew"
        return Refusal(message, named.get(Refused.READY_DISCARDS_DRAWN, ()))
    if any(t.is_flower for t in state.hand(seat)) and state.phase is Phase.DISCARD:
        message = f"{seat.value} must first replace its flowers"
        return Refusal(message, named.get(Refused.FLOWERS_FIRST, ()))
    if discarding and action.ready:
        message = f"{seat.value} may not declare a ready hand with this discard"
        return Refusal(message, named.get(Refused.READY_DECLARATION, ()))
    notations = ", ".join(a.notation for a in legal)
    message = f"{action.notation!r} is not legal for {seat.value} now; legal: {notations}"
    return Refusal(message, rules.action_rules.get(kind, ()))


def with_hand(
    rules: PlayRules,
    state: GameState,
    seat: Seat,
    hand: tuple[Tile, ...],
    melds: tuple[Meld, ...] | None = None,
) -> GameState:
    """``seat`` now holds ``hand`` (and ``melds``); its waits follow."""
    index = SEATS.index(seat)
    hand = _sorted(hand)
    if melds is None:
        melds = state.melds[index]
    return state.evolve(
        hands=replace_at(state.hands, seat, hand),
        melds=replace_at(state.melds, seat, melds),
        waits=replace_at(state.waits, seat, waits_of(rules, hand, melds)),
    )


def waits_of(rules: PlayRules, hand: tuple[Tile, ...], melds: tuple[Meld, ...]) -> frozenset[Tile]:
    """The waits of a hand one tile short (see :attr:`GameState.waits`), else none."""
    if 3 * len(melds) + len(hand) != rules.hand_size:
        return frozenset()
    return rules.waits(hand, melds)


def draw(rules: PlayRules, state: GameState, seat: Seat, *, from_back: bool) -> GameState:
    """Draw from the front (a turn) or the back (a replacement): tw.play.last-16-reserved.
    The back skips the ``tail`` tiles kept at the end of the wall; a family with a kong box
    draws its back tiles from the box (cc.play.kong-box). The hand is drawn when the tile
    needed is missing (cc.play.exhaustive-draw)."""
    from_box = from_back and rules.kong_box > 0
    if (state.kong_box if from_box else state.live_tiles) <= 0:
        return state.ended(rules.exhaustive_draw(state))
    if from_back:
        tile = state.wall[len(state.wall) - 1 - state.tail - state.back]
        state = state.evolve(back=state.back + 1, kong_box=state.kong_box - from_box)
    else:
        tile = state.wall[state.front]
        state = state.evolve(front=state.front + 1)
    state = with_hand(rules, state, seat, (*state.hand(seat), tile))
    return state.evolve(
        turn=seat,
        phase=Phase.DISCARD,
        drawn=tile,
        last_live_drawn=not from_box and state.live_tiles == 0,
        replacement_drawn=from_back,
    )


def _show_flower(rules: PlayRules, state: GameState, seat: Seat, flower: Tile) -> GameState:
    """tw.play.flowers-replaced: the flower is set aside and replaced from the back (from the
    front where the family says so, cc.play.flowers); seven or eight flowers may end the
    hand at once (tw.pattern.seven-flowers-capture, eight-flowers)."""
    index = SEATS.index(seat)
    state = with_hand(rules, state, seat, without(state.hand(seat), flower))
    state = state.evolve(
        flowers=replace_at(state.flowers, seat, _sorted((*state.flowers[index], flower)))
    )
    instant = rules.flower_win(state.flowers, index)
    if instant is not None:
        winner, payer = instant
        by = WinBy.EIGHT_FLOWERS if payer is None else WinBy.FLOWER_CAPTURE
        return _settle(rules, state, [SEATS[winner]], by, None if payer is None else SEATS[payer])
    before = state
    state = draw(rules, state, seat, from_back=not rules.flowers_from_front)
    if state.end is not None or (seat is before.turn and flower == before.drawn):
        return state
    return state.evolve(
        turn=before.turn,
        phase=before.phase,
        drawn=before.drawn,
        last_live_drawn=before.last_live_drawn,
        replacement_drawn=before.replacement_drawn,
    )


def _discard(rules: PlayRules, state: GameState, action: Action) -> GameState:
    """A discard, or a discard declaring a ready hand (the Taiwanese original ready hand,
    riichi); the family records what it keeps of a discard first (``on_discard``)."""
    seat, tile = action.seat, action.tile
    assert tile is not None
    index = SEATS.index(seat)
    declaring = action.ready or action.kind is ActionKind.RIICHI
    extra = rules.on_discard(state, action)
    state = with_hand(rules, state, seat, without(state.hand(seat), tile))
    state = state.evolve(
        extra=extra,
        rivers=replace_at(state.rivers, seat, (*state.rivers[index], tile)),
        discard_count=state.discard_count + 1,
        restricted=replace_at(state.restricted, seat, frozenset()),
        has_discarded=replace_at(state.has_discarded, seat, True),
        ready=replace_at(state.ready, seat, state.ready[index] or declaring),
        drawn=None,
        pending=tile,
        pending_from=seat,
        replacement_drawn=False,
    )
    awaiting = frozenset(
        other for other in state.in_play() if claim_options(rules, state, other, tile, seat)
    )
    if not awaiting:
        return _after_discard(rules, state, None)
    return state.evolve(phase=Phase.CLAIM, awaiting=awaiting, answers=())


def let_all_pass(
    rules: PlayRules, state: GameState, tile: Tile, source: Seat, by: WinBy
) -> GameState:
    """Every other seat let ``tile`` pass (its restrictions or furiten follow)."""
    for seat in state.in_play():
        if seat is not source:
            state = rules.let_pass(state, seat, tile, by)
    return state


def _after_discard(rules: PlayRules, state: GameState, claim: Action | None) -> GameState:
    """Nobody won on the discard: restrictions follow, the hand may abort, else a claim is
    taken or the next seat draws."""
    source, tile = state.pending_from, state.pending
    assert source is not None
    assert tile is not None
    state = let_all_pass(rules, state, tile, source, WinBy.DISCARD)
    aborted = rules.abort_after_discard(state)
    if aborted is not None:
        return state.ended(aborted)
    if claim is not None:
        return _take_discard(rules, state, claim)
    return _next_turn(rules, state, source)


def _next_turn(rules: PlayRules, state: GameState, after: Seat) -> GameState:
    state = state.window_closed(turn=state.after(after), phase=Phase.DRAW)
    if state.live_tiles <= 0:
        return state.ended(rules.exhaustive_draw(state))
    return state


def _answer(rules: PlayRules, state: GameState, action: Action) -> GameState:
    """Record one answer to a discard, an added kong or a North; resolve once all answered."""
    state = state.evolve(
        awaiting=state.awaiting - {action.seat},
        answers=(*state.answers, action),
    )
    if state.awaiting:
        return state
    return _resolve(rules, state)


def _resolve(rules: PlayRules, state: GameState) -> GameState:
    """The granted claim (:func:`~reference_engine.play.claims.granted`): a win settles the
    hand, a pung, kong or chow takes the discard; no claim lets play go on."""
    source = state.pending_from
    tile = state.pending
    assert source is not None
    assert tile is not None
    order = state.order_after(source)
    claims = {a.seat: a for a in state.answers if a.kind is not ActionKind.PASS}
    chosen = granted(rules.profile, order, claims)
    if chosen and claims[chosen[0]].kind is ActionKind.WIN:
        by = WinBy.ROBBING_KONG if state.phase is Phase.ROB else WinBy.DISCARD
        return _settle(rules, state, chosen, by, source)
    if state.phase is Phase.ROB:
        state = let_all_pass(rules, state, tile, source, WinBy.ROBBING_KONG)
        if state.rob_concealed:
            state = with_hand(rules, state, source, (*state.hand(source), tile))
            return _complete_concealed_kong(rules, state, source, tile)
        return _complete_added_kong(rules, state, source, tile)
    if state.win_only:
        return rules.after_shown(state, source)
    return _after_discard(rules, state, claims[chosen[0]] if chosen else None)


def _take_discard(rules: PlayRules, state: GameState, claim: Action) -> GameState:
    """A claimed discard joins the claimer's meld (the family notes the call: ``on_call``)."""
    source, tile, seat = state.pending_from, state.pending, claim.seat
    assert source is not None
    assert tile is not None
    assert claim.tile is not None
    source_index = SEATS.index(source)
    hand = state.hand(seat)
    if claim.kind is ActionKind.CHOW:
        run = [Tile(claim.tile + k) for k in range(3)]
        used: list[Tile] = []
        for t in run:
            if t is not tile.normal:
                hand, taken = _take(hand, t, 1, red=claim.red)
                used += taken
        meld = Meld(MeldKind.CHOW, (*used, tile), claimed_from=source)
    else:
        size = 3 if claim.kind is ActionKind.PUNG else 4
        hand, used = _take(hand, tile, size - 1, red=claim.red)
        kind = MeldKind.PUNG if claim.kind is ActionKind.PUNG else MeldKind.KONG
        meld = Meld(kind, (*used, tile), claimed_from=source)
    state = with_hand(rules, state, seat, hand, (*state.melds_of(seat), meld))
    state = state.window_closed(
        extra=rules.on_call(state, seat, meld),
        rivers=replace_at(state.rivers, source, state.rivers[source_index][:-1]),
        calls_made=True,
        turn=seat,
        phase=Phase.DISCARD,
        drawn=None,
    )
    if claim.kind is ActionKind.KONG:
        return draw(rules, state.evolve(extra=rules.on_kong(state, meld)), seat, from_back=True)
    return state


def _concealed_kong(rules: PlayRules, state: GameState, action: Action) -> GameState:
    """tw.play.kong-replacement: a kong is one set; its replacement keeps the count. Where
    the family lets a concealed kong be robbed (cc.claims.robbing-concealed-kong), its tile
    is offered to those it completes first."""
    seat, tile = action.seat, action.tile
    assert tile is not None
    robbers = frozenset(
        other
        for other in state.in_play()
        if other is not seat and rules.may_rob_concealed_kong(state, other, tile)
    )
    if robbers:
        hand, used = _take(state.hand(seat), tile, 1)
        state = with_hand(rules, state, seat, hand)
        return state.evolve(
            pending=used[0],
            pending_from=seat,
            phase=Phase.ROB,
            awaiting=robbers,
            answers=(),
            rob_concealed=True,
        )
    return _complete_concealed_kong(rules, state, seat, tile)


def _complete_concealed_kong(
    rules: PlayRules, state: GameState, seat: Seat, tile: Tile
) -> GameState:
    hand, used = _take(state.hand(seat), tile, 4)
    meld = Meld(MeldKind.KONG, tuple(used), concealed=True)
    state = with_hand(rules, state, seat, hand, (*state.melds_of(seat), meld))
    state = state.window_closed(
        turn=seat, calls_made=True, rob_concealed=False, extra=rules.on_kong(state, meld)
    )
    state = draw(rules, state, seat, from_back=True)
    if state.declaring is not None and state.end is None:
        return _declared(rules, state, seat)
    return state


def _added_kong(rules: PlayRules, state: GameState, action: Action) -> GameState:
    """tw.claims.rob-added-kong: others may win on the added tile before the kong stands."""
    seat, tile = action.seat, action.tile
    assert tile is not None
    hand, used = _take(state.hand(seat), tile, 1)
    state = with_hand(rules, state, seat, hand)
    added = used[0]
    state = state.evolve(drawn=None, pending=added, pending_from=seat, calls_made=True)
    robbers = frozenset(
        other
        for other in state.in_play()
        if other is not seat and rules.may_win(state, other, added, WinBy.ROBBING_KONG)
    )
    if not robbers:
        return _complete_added_kong(rules, state, seat, added)
    return state.evolve(phase=Phase.ROB, awaiting=robbers, answers=())


def _complete_added_kong(rules: PlayRules, state: GameState, seat: Seat, tile: Tile) -> GameState:
    melds = tuple(
        Meld(
            MeldKind.KONG,
            (*m.tiles, tile),
            added=True,
            claimed_from=m.claimed_from,
        )
        if m.kind is MeldKind.PUNG and m.base is tile.normal
        else m
        for m in state.melds_of(seat)
    )
    state = with_hand(rules, state, seat, state.hand(seat), melds)
    kong = next(m for m in melds if m.added and m.base is tile.normal)
    state = state.window_closed(turn=seat, extra=rules.on_kong(state, kong))
    return draw(rules, state, seat, from_back=True)


# --- the end of a hand ------------------------------------------------------------------


def _settle(
    rules: PlayRules, state: GameState, winners: list[Seat], by: WinBy, source: Seat | None
) -> GameState:
    return rules.after_win(state, winners, by, source)


def continue_after_win(rules: PlayRules, state: GameState, winners: list[Seat]) -> GameState:
    """The winners leave the hand and play goes on: the seat after the last winner in turn
    order (from the discarder, or the self-drawer) draws next, unless the wall is done."""
    last = winners[-1]
    state = state.evolve(left=state.left | set(winners))
    return _next_turn(rules, state, last)
