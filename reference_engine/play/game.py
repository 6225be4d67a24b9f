"""Playing one hand: applying an action, each kind by its own move.

The state is changed in place (:meth:`~reference_engine.play.state.GameState.snapshot`
keeps one). Same wall and same actions always give equal states. The deal is
:mod:`~reference_engine.play.deal`, the legal actions :mod:`~reference_engine.play.legality`,
the moves :mod:`~reference_engine.play.moves` and :mod:`~reference_engine.play.flowers`;
variant specifics come from :class:`~reference_engine.play.rules.PlayRules`.
"""

from __future__ import annotations

from reference_engine.play.deal import declaring_position, next_declarer
from reference_engine.play.flowers import show_flower
from reference_engine.play.hands import draw
from reference_engine.play.legality import is_legal, why_illegal
from reference_engine.play.moves import added_kong, answer, concealed_kong, discard
from reference_engine.play.rules import PlayRules
from reference_engine.play.state import GameState, Phase
from spec.actions import Action, ActionKind
from spec.errors import RuleError
from spec.wins import WinBy

# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the members this hot path compares
# with are read once here.
_CLAIM, _ROB, _DECLARE = Phase.CLAIM, Phase.ROB, Phase.DECLARE
_DRAW, _DISCARD, _RIICHI = ActionKind.DRAW, ActionKind.DISCARD, ActionKind.RIICHI


def apply(rules: PlayRules, state: GameState, action: Action, *, checked: bool = True) -> GameState:
    """``state`` after ``action``, changed in place and returned; an ``illegal-action``
    RuleError, the state untouched, when it is not legal now. ``checked=False`` skips that
    check, for a caller that took the action from
    :func:`~reference_engine.play.legality.legal_actions` on this very state."""
    if checked and not is_legal(rules, state, action):
        refusal = why_illegal(rules, state, action)
        rule = rules.rule_id(refusal.rules)
        raise RuleError("illegal-action", refusal.message, rule=rule)
    kind, phase = action.kind, state.phase
    if phase is _CLAIM or phase is _ROB:
        return answer(rules, state, action)
    if phase is _DECLARE:
        return _declaration(rules, state, action)
    if kind is _DRAW:
        return draw(rules, state, action.seat, from_back=False)
    if kind is _DISCARD or kind is _RIICHI:
        return discard(rules, state, action)
    if kind is ActionKind.FLOWER:
        assert action.tile is not None
        return show_flower(rules, state, action.seat, action.tile)
    if kind is ActionKind.CONCEALED_KONG:
        return concealed_kong(rules, state, action)
    if kind is ActionKind.ADDED_KONG:
        return added_kong(rules, state, action)
    if kind is ActionKind.WIN:
        return rules.after_win(state, [action.seat], WinBy.SELF_DRAW, None)
    return rules.variant_action(state, action)


def _declaration(rules: PlayRules, state: GameState, action: Action) -> GameState:
    """A declaration before the first discard: a pass moves on to the next seat, a concealed
    kong is the core's, any other the family's (cc.play.initial-kongs, sc.void.choice)."""
    position = declaring_position(state, action.seat)
    if action.kind is ActionKind.PASS:
        return next_declarer(rules, state, position + 1)
    if action.kind is ActionKind.CONCEALED_KONG:
        return concealed_kong(rules, state, action)
    return next_declarer(rules, rules.variant_action(state, action), position)
