"""What a seat may do now: every legal action of a seat (:func:`legal_actions`, the
definition), whether one action is legal (:func:`is_legal`, the same answer found for that
action alone), and why an action is refused (:func:`why_illegal`)."""

from __future__ import annotations

from reference_engine.play.claims import call_options, claim_options
from reference_engine.play.refusal import Refusal, Refused
from reference_engine.play.rules import PlayRules
from reference_engine.play.state import GameState, Phase
from spec.actions import Action, ActionKind
from spec.melds import MeldKind
from spec.seats import SEATS, Seat
from spec.tiles import FLOWERS, Tile
from spec.wins import WinBy

_FLOWERS = frozenset(FLOWERS)
_KINDS = tuple(Tile(kind) for kind in range(34))  # the plain kinds, by counting index
_DISCARDS = {seat: {t: Action(seat, ActionKind.DISCARD, t) for t in Tile} for seat in SEATS}
# the actions with no tile, built once (an Action is an immutable value)
_DRAW_ACTION = {seat: Action(seat, ActionKind.DRAW) for seat in SEATS}
_WIN = {seat: Action(seat, ActionKind.WIN) for seat in SEATS}
PASSES = {seat: Action(seat, ActionKind.PASS) for seat in SEATS}  # each seat's pass
# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the members this hot path compares
# with are read once here.
_DRAW, _DISCARD, _END, _DECLARE, _ROB = (
    Phase.DRAW,
    Phase.DISCARD,
    Phase.END,
    Phase.DECLARE,
    Phase.ROB,
)
_CLAIM, _SELF_DRAW, _ON_DISCARD = Phase.CLAIM, WinBy.SELF_DRAW, WinBy.DISCARD
_PASS_KIND, _WIN_KIND, _DISCARD_KIND = ActionKind.PASS, ActionKind.WIN, ActionKind.DISCARD


def legal_actions(rules: PlayRules, state: GameState, seat: Seat) -> list[Action]:
    """Every legal action of ``seat`` now (empty when it has nothing to do)."""
    phase = state.phase
    if phase is _DRAW:
        return [_DRAW_ACTION[seat]] if seat is state.turn else []
    if phase is _DISCARD:
        return _turn_actions(rules, state, seat) if seat is state.turn else []
    if phase is _END:
        return []
    if phase is _DECLARE:
        return rules.declarations(state, seat) if seat is state.turn else []
    if seat not in state.awaiting:
        return []
    assert state.pending is not None
    if phase is _ROB or state.win_only:
        return [_WIN[seat], PASSES[seat]]
    assert state.pending_from is not None
    options = state.offers.get(seat)
    if options is None:  # a window not opened by a discard (a claim request's table)
        options = tuple(claim_options(rules, state, seat, state.pending, state.pending_from))
    return [*options, PASSES[seat]]


def _turn_actions(rules: PlayRules, state: GameState, seat: Seat) -> list[Action]:
    """The actions of the seat on turn: its flowers first, else its discards and kongs, the
    family's own actions and a self-drawn win."""
    index = SEATS.index(seat)
    hand = state.hands[index]
    if not _FLOWERS.isdisjoint(hand):
        return [Action(seat, ActionKind.FLOWER, f) for f in sorted(_FLOWERS.intersection(hand))]
    drawn = state.drawn
    if state.ready[index] and drawn is not None:
        actions = _ready_actions(rules, state, seat, drawn)
    else:
        actions = _open_actions(rules, state, seat, index)
    if "turn_extras" in rules.own_hooks:
        actions += rules.turn_extras(state, seat)
    if drawn is not None and rules.may_win(state, seat, drawn, _SELF_DRAW):
        actions.append(_WIN[seat])
    return actions


def _ready_actions(rules: PlayRules, state: GameState, seat: Seat, drawn: Tile) -> list[Action]:
    """A ready hand discards the tile it drew, or makes a kong of it."""
    actions = [Action(seat, ActionKind.DISCARD, drawn)]
    plain = drawn.normal
    if _held(state, seat, plain) == 4 and rules.may_kong(state, seat, plain):
        actions.append(Action(seat, ActionKind.CONCEALED_KONG, plain))
    return actions


def _open_actions(rules: PlayRules, state: GameState, seat: Seat, index: int) -> list[Action]:
    """The discards of a hand not ready (with a ready declaration where the family allows
    one), its concealed kongs and its added kongs; ``index``: the seat's."""
    distinct = sorted(set(state.hands[index]))
    if "discardable" in rules.own_hooks:
        distinct = rules.discardable(state, seat, distinct)
    actions = list(map(_DISCARDS[seat].__getitem__, distinct))
    if rules.original_ready and not state.has_discarded[index]:
        actions += [
            Action(seat, ActionKind.DISCARD, t, ready=True)
            for t in distinct
            if rules.may_declare_ready(state, seat, t)
        ]
    if 4 in state.counted[index].counts:
        actions += [
            Action(seat, ActionKind.CONCEALED_KONG, t)
            for t in _fours(state, seat)
            if rules.may_kong(state, seat, t)
        ]
    if state.melds[index]:
        actions += [
            Action(seat, ActionKind.ADDED_KONG, meld.base)
            for meld in state.melds[index]
            if meld.kind is MeldKind.PUNG
            and _held(state, seat, meld.base)
            and rules.may_kong(state, seat, meld.base)
        ]
    return actions


def _held(state: GameState, seat: Seat, tile: Tile) -> int:
    """Copies of ``tile`` in ``seat``'s hand, a red five counting as a five (a flower is
    not counted)."""
    if tile.is_flower:
        return 0
    return state.counted[SEATS.index(seat)].counts[tile.normal]


def _fours(state: GameState, seat: Seat) -> list[Tile]:
    """The kinds ``seat`` holds four times (a red five counting as a five), in tile order."""
    counts = state.counted[SEATS.index(seat)].counts
    return [_KINDS[kind] for kind, held in enumerate(counts) if held == 4]


def is_legal(rules: PlayRules, state: GameState, action: Action) -> bool:
    """Is ``action`` among the :func:`legal_actions` of its seat? The seat on turn and a
    seat answering a discard have the one action checked (a discard needs no look at the
    riichi declarations, a pung none at the win); other moments ask the list."""
    seat = action.seat
    if state.phase is _DISCARD and seat is state.turn:
        return _legal_on_turn(rules, state, action)
    claiming = state.phase is _CLAIM and not state.win_only
    if claiming and seat in state.awaiting and seat is not state.pending_from:
        return _legal_claim(rules, state, action)
    return action in legal_actions(rules, state, seat)


def _plain(action: Action) -> bool:
    """Is ``action`` as the legal lists make it: no ready declaration, suit or red five?"""
    return not action.ready and action.suit is None and not action.red


def _legal_claim(rules: PlayRules, state: GameState, action: Action) -> bool:
    """One answer to a discard, as :func:`legal_actions` lists them."""
    seat, kind = action.seat, action.kind
    tile, source = state.pending, state.pending_from
    assert tile is not None
    assert source is not None
    if kind is _PASS_KIND:
        return action.tile is None and _plain(action)
    offered = state.offers.get(seat)
    if offered is not None:
        return action in offered
    if kind is _WIN_KIND:
        plain = action.tile is None and _plain(action)
        return plain and rules.may_win(state, seat, tile, _ON_DISCARD)
    return action in call_options(rules, state, seat, tile, source)


def _legal_on_turn(rules: PlayRules, state: GameState, action: Action) -> bool:
    """One action of the seat on turn, as :func:`_turn_actions` lists them: the core's
    moves checked alone, the family's extras (:meth:`PlayRules.turn_extras`) asked only for
    an action the core does not offer."""
    seat, tile = action.seat, action.tile
    hand = state.hand(seat)
    if not _FLOWERS.isdisjoint(hand):
        flower = action.kind is ActionKind.FLOWER and tile in _FLOWERS and tile in hand
        return flower and _plain(action)
    if _core_turn_move(rules, state, action):
        return True
    return "turn_extras" in rules.own_hooks and action in rules.turn_extras(state, seat)


def _core_turn_move(rules: PlayRules, state: GameState, action: Action) -> bool:
    """Is ``action`` one of the core's moves on turn (a discard, a kong, a self-drawn win)?"""
    kind, tile = action.kind, action.tile
    if kind is _WIN_KIND:
        drawn = state.drawn
        plain = tile is None and _plain(action)
        return plain and drawn is not None and rules.may_win(state, action.seat, drawn, _SELF_DRAW)
    if tile is None or action.suit is not None or action.red:
        return False
    if state.ready[SEATS.index(action.seat)] and state.drawn is not None:
        return _ready_move(rules, state, action, state.drawn)
    if kind is _DISCARD_KIND:
        return _open_discard(rules, state, action, tile)
    if action.ready:
        return False
    if kind is ActionKind.CONCEALED_KONG:
        held = _held(state, action.seat, tile) == 4 and tile is tile.normal
        return held and rules.may_kong(state, action.seat, tile)
    if kind is ActionKind.ADDED_KONG:
        return _added_kong(rules, state, action.seat, tile)
    return False


def _ready_move(rules: PlayRules, state: GameState, action: Action, drawn: Tile) -> bool:
    """A move of a ready hand (:func:`_ready_actions`)."""
    if action.ready:
        return False
    if action.kind is ActionKind.DISCARD:
        return action.tile == drawn
    plain = drawn.normal
    if action.kind is not ActionKind.CONCEALED_KONG or action.tile is not plain:
        return False
    return _held(state, action.seat, plain) == 4 and rules.may_kong(state, action.seat, plain)


def _open_discard(rules: PlayRules, state: GameState, action: Action, tile: Tile) -> bool:
    """A discard of a hand not ready, or one declaring a ready hand (:func:`_open_actions`)."""
    seat = action.seat
    index = SEATS.index(seat)
    hand = state.hands[index]
    if tile not in hand:
        return False
    if not action.ready:
        if "discardable" not in rules.own_hooks:
            return True
        return tile in rules.discardable(state, seat, sorted(set(hand)))
    if not rules.original_ready or state.has_discarded[index]:
        return False
    return rules.may_declare_ready(state, seat, tile)


def _added_kong(rules: PlayRules, state: GameState, seat: Seat, tile: Tile) -> bool:
    """An added kong of ``tile`` (:func:`_open_actions`)."""
    pung = any(m.kind is MeldKind.PUNG and m.base is tile for m in state.melds_of(seat))
    return pung and bool(_held(state, seat, tile)) and rules.may_kong(state, seat, tile)


def why_illegal(rules: PlayRules, state: GameState, action: Action) -> Refusal:
    """Why ``action`` is refused: a sentence, and the rules of the family that refuse it
    (:meth:`PlayRules.ended_by`, the family's :meth:`PlayRules.refusal`, the core's reasons
    named by :attr:`PlayRules.refusal_rules`, else the rules of the action's kind,
    :attr:`PlayRules.action_rules`)."""
    seat = action.seat
    if state.end is not None:
        return Refusal("the hand is over", rules.ended_by(state.end))
    if seat not in state.seats:
        return Refusal(f"{seat.value} does not play in this game")
    refusal = rules.refusal(state, action) or _chow_refusal(rules, state, action)
    if refusal is not None:
        return refusal
    legal = legal_actions(rules, state, seat)
    refusal = _order_refusal(rules, state, action, legal) or _tile_refusal(rules, state, action)
    if refusal is not None:
        return refusal
    notations = ", ".join(a.notation for a in legal)
    message = f"{action.notation!r} is not legal for {seat.value} now; legal: {notations}"
    return Refusal(message, rules.action_rules.get(action.kind, ()))


def _chow_refusal(rules: PlayRules, state: GameState, action: Action) -> Refusal | None:
    """A chow in a game without chows, or claimed from another than the previous player."""
    if action.kind is not ActionKind.CHOW:
        return None
    if not rules.chow_allowed:
        return Refusal("no chow is claimed in this game", rules.action_rules.get(action.kind, ()))
    source = state.pending_from
    if source is not None and action.seat is not state.after(source):
        message = "a chow may only be claimed from the previous player"
        return Refusal(message, rules.refusal_rules.get(Refused.CHOW_FROM_PREVIOUS, ()))
    return None


def _order_refusal(
    rules: PlayRules, state: GameState, action: Action, legal: list[Action]
) -> Refusal | None:
    """An action out of the order of play: while the seats declare, before the dealer's
    first discard, or by a seat with no move now (``legal`` its legal actions)."""
    seat = action.seat
    named = rules.refusal_rules
    if state.phase is Phase.DECLARE:
        message = "the seats declare in turn before the first discard"
        return Refusal(message, named.get(Refused.DECLARING, ()))
    opening = not any(state.has_discarded)
    if opening and state.turn is state.dealer and not legal:
        message = f"{state.dealer.value}, the dealer, plays first"
        return Refusal(message, named.get(Refused.OPENING, ()))
    if opening and action.kind is ActionKind.DRAW and seat is state.dealer:
        message = f"{seat.value}, the dealer, holds its tiles and discards without drawing"
        return Refusal(message, named.get(Refused.OPENING, ()))
    if not legal:
        where = f"{state.phase.value} phase, {state.turn.value} on turn"
        message = f"{seat.value} has no move now ({where})"
        pending = state.phase in (Phase.CLAIM, Phase.ROB)
        return Refusal(
            message, named.get(Refused.CLAIMS_PENDING if pending else Refused.OUT_OF_TURN, ())
        )
    return None


def _tile_refusal(rules: PlayRules, state: GameState, action: Action) -> Refusal | None:
    """A win on a tile declined, a discard of a tile not held or not allowed (a ready hand's,
    one before the flowers are replaced, a ready declaration not allowed)."""
    seat, kind, tile = action.seat, action.kind, action.tile
    named = rules.refusal_rules
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
    return None
