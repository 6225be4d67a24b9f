"""Applying each kind of move to a hand in play: a discard and the claim window it opens, the
answers to that window and the claim granted, kongs (and their robbing), and the turn
passing on. Each move changes the state in place and returns it."""

from __future__ import annotations

from reference_engine.play.claims import claim_offers, granted
from reference_engine.play.deal import declared
from reference_engine.play.hands import add_tile, draw, remove_tile, remove_tiles, set_melds, take
from reference_engine.play.rules import PlayRules
from reference_engine.play.state import GameState, Phase
from spec.actions import Action, ActionKind
from spec.melds import Meld, MeldKind
from spec.seats import SEATS, Seat
from spec.tiles import Tile
from spec.wins import WinBy

# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the members this hot path compares
# with are read once here.
_CLAIM, _DRAW, _ROB, _ON_DISCARD = Phase.CLAIM, Phase.DRAW, Phase.ROB, WinBy.DISCARD
_RIICHI, _PASS, _WIN = ActionKind.RIICHI, ActionKind.PASS, ActionKind.WIN
_CHOW, _PUNG, _KONG, _DISCARD = ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG, Phase.DISCARD
_MELD_OF = {_CHOW: MeldKind.CHOW, _PUNG: MeldKind.PUNG, _KONG: MeldKind.KONG}  # a claim's meld
_TILES = tuple(Tile)  # each tile by its value (Tile(value) is a slow enum call)

# --- discards and claims ----------------------------------------------------------------


def discard(rules: PlayRules, state: GameState, action: Action) -> GameState:
    """A discard, or a discard declaring a ready hand (the Taiwanese original ready hand,
    riichi); the family records what it keeps of a discard first (``on_discard``)."""
    seat, tile = action.seat, action.tile
    assert tile is not None
    index = SEATS.index(seat)
    if "on_discard" in rules.own_hooks:
        state.extra = rules.on_discard(state, action)
    remove_tile(rules, state, index, tile)
    state.rivers[index] += (tile,)
    state.discards[index] += (tile,)
    state.discard_count += 1
    if state.restricted[index]:
        state.restricted[index] = frozenset()
    state.has_discarded[index] = True
    if action.ready or action.kind is _RIICHI:
        state.ready[index] = True
    state.drawn = None
    state.pending = tile
    state.pending_from = seat
    state.replacement_drawn = False
    state.phase = _CLAIM  # the claims are judged in the window (riichi's kongs read it)
    offers = claim_offers(rules, state, tile, seat)
    if not offers:
        return _after_discard(rules, state, None)
    state.awaiting = frozenset(offers)
    state.answers = ()
    state.offers = offers
    return state


def let_all_pass(
    rules: PlayRules, state: GameState, tile: Tile, source: Seat, by: WinBy
) -> GameState:
    """Every other seat let ``tile`` pass (its restrictions or furiten follow): asked of
    the seats whose waits hold it, the only ones it could have let win
    (:meth:`PlayRules.let_pass`)."""
    plain = tile.normal
    for index, waits in enumerate(state.waits):
        if plain in waits:
            seat = SEATS[index]
            if seat is not source and seat not in state.left:
                state = rules.let_pass(state, seat, tile, by)
    return state


def _after_discard(rules: PlayRules, state: GameState, claim: Action | None) -> GameState:
    """Nobody won on the discard: restrictions follow, the hand may abort (a family's
    :meth:`PlayRules.abort_after_discard`), else a claim is taken or the next seat draws."""
    source, tile = state.pending_from, state.pending
    assert source is not None
    assert tile is not None
    state = let_all_pass(rules, state, tile, source, _ON_DISCARD)
    if "abort_after_discard" in rules.own_hooks:
        aborted = rules.abort_after_discard(state)
        if aborted is not None:
            return state.ended(aborted)
    if claim is not None:
        return _take_discard(rules, state, claim)
    return _next_turn(rules, state, source)


def _next_turn(rules: PlayRules, state: GameState, after: Seat) -> GameState:
    """The seat after ``after`` is to draw, unless the wall is done."""
    state.window_closed()
    state.turn = state.after(after)
    state.phase = _DRAW
    if state.live_tiles <= 0:
        return state.ended(rules.exhaustive_draw(state))
    return state


def answer(rules: PlayRules, state: GameState, action: Action) -> GameState:
    """Record one answer to a discard, an added kong or a North; resolve once all answered."""
    state.awaiting = state.awaiting - {action.seat}
    state.answers = (*state.answers, action)
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
    claims = {a.seat: a for a in state.answers if a.kind is not _PASS}
    chosen = granted(rules.profile, state.order_after(source), claims) if claims else []
    robbing = state.phase is _ROB
    if chosen and claims[chosen[0]].kind is _WIN:
        by = WinBy.ROBBING_KONG if robbing else _ON_DISCARD
        return rules.after_win(state, chosen, by, source)
    if robbing:
        state = let_all_pass(rules, state, tile, source, WinBy.ROBBING_KONG)
        if state.rob_concealed:
            add_tile(rules, state, source, tile)
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
    hand = state.hand(seat)
    kind = claim.kind
    if kind is _CHOW:
        used: list[Tile] = []
        for value in range(claim.tile, claim.tile + 3):
            if value != tile.normal:
                used += take(hand, _TILES[value], 1, red=claim.red)
    else:
        used = take(hand, tile, 2 if kind is _PUNG else 3, red=claim.red)
    meld = Meld(_MELD_OF[kind], (*used, tile), claimed_from=source)
    remove_tiles(rules, state, seat, used, (*state.melds_of(seat), meld))
    state.extra = rules.on_call(state, seat, meld)
    source_index = SEATS.index(source)
    state.rivers[source_index] = state.rivers[source_index][:-1]
    state.window_closed(calls_made=True, turn=seat, phase=_DISCARD, drawn=None)
    if kind is _KONG:
        state.extra = rules.on_kong(state, meld)
        return draw(rules, state, seat, from_back=True)
    return state


# --- kongs ------------------------------------------------------------------------------


def concealed_kong(rules: PlayRules, state: GameState, action: Action) -> GameState:
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
        used = take(state.hand(seat), tile, 1)
        remove_tiles(rules, state, seat, used)
        return state.update(
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
    """The concealed kong stands and its replacement is drawn (while the seats declare
    before the first discard, ``seat`` is asked again)."""
    used = take(state.hand(seat), tile, 4)
    meld = Meld(MeldKind.KONG, tuple(used), concealed=True)
    remove_tiles(rules, state, seat, used, (*state.melds_of(seat), meld))
    extra = rules.on_kong(state, meld)
    state.window_closed(turn=seat, calls_made=True, rob_concealed=False, extra=extra)
    state = draw(rules, state, seat, from_back=True)
    if state.declaring is not None and state.end is None:
        return declared(rules, state, seat)
    return state


def added_kong(rules: PlayRules, state: GameState, action: Action) -> GameState:
    """tw.claims.rob-added-kong: others may win on the added tile before the kong stands."""
    seat, tile = action.seat, action.tile
    assert tile is not None
    used = take(state.hand(seat), tile, 1)
    remove_tiles(rules, state, seat, used)
    added = used[0]
    state.update(drawn=None, pending=added, pending_from=seat, calls_made=True)
    robbers = frozenset(
        other
        for other in state.in_play()
        if other is not seat and rules.may_win(state, other, added, WinBy.ROBBING_KONG)
    )
    if not robbers:
        return _complete_added_kong(rules, state, seat, added)
    return state.update(phase=Phase.ROB, awaiting=robbers, answers=())


def _complete_added_kong(rules: PlayRules, state: GameState, seat: Seat, tile: Tile) -> GameState:
    """The pung of ``tile`` becomes a kong and its replacement is drawn."""
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
    set_melds(rules, state, seat, melds)
    kong = next(m for m in melds if m.added and m.base is tile.normal)
    state.window_closed(turn=seat, extra=rules.on_kong(state, kong))
    return draw(rules, state, seat, from_back=True)


# --- a hand that goes on after a win ----------------------------------------------------


def continue_after_win(rules: PlayRules, state: GameState, winners: list[Seat]) -> GameState:
    """The winners leave the hand and play goes on: the seat after the last winner in turn
    order (from the discarder, or the self-drawer) draws next, unless the wall is done."""
    last = winners[-1]
    state.left = state.left | set(winners)
    return _next_turn(rules, state, last)
