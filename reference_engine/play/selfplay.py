"""Seeded random play: agents that pick uniformly among legal actions (nearly always taking a
win, often declaring riichi), used to test the state machine's invariants and to measure deals
per second."""

from __future__ import annotations

import random
from collections.abc import Iterator
from operator import attrgetter

from reference_engine.play.deal import deal
from reference_engine.play.game import apply
from reference_engine.play.legality import legal_actions
from reference_engine.play.rules import PlayRules
from reference_engine.play.state import GameState, Phase
from reference_engine.play.wall import shuffled
from spec.actions import Action, ActionKind
from spec.seats import SEATS

# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the members this hot path compares
# with are read once here.
_CLAIM, _ROB, _DRAW = Phase.CLAIM, Phase.ROB, Phase.DRAW
_WIN, _RIICHI = ActionKind.WIN, ActionKind.RIICHI
_KIND = attrgetter("kind")  # an action's kind, read at C speed by map


def random_hand(rules: PlayRules, seed: int) -> Iterator[tuple[GameState, Action | None]]:
    """Play one hand from the wall of ``seed``; yield each state with the action that led to it."""
    rng = random.Random(seed)
    dealer = SEATS[0] if rules.dealer_is_east else SEATS[seed % rules.players]
    state = deal(rules, shuffled(rules.tile_set(), seed), dealer, 0)
    yield state, None
    while state.end is None:
        action = random_choice(rules, state, rng)
        state = apply(rules, state, action, checked=False)
        yield state, action


def random_choice(rules: PlayRules, state: GameState, rng: random.Random) -> Action:
    """The random agent's action: the first seat to answer a claim window (in seat order)
    or the seat on turn picks uniformly among its legal actions, but takes a win 95 times
    in 100 and declares riichi half the times it may."""
    phase = state.phase
    if phase is _DRAW:  # the draw alone: no win or riichi to look for (same rng draw)
        return rng.choice(legal_actions(rules, state, state.turn))
    answering = phase is _CLAIM or phase is _ROB
    seat = min(state.awaiting, key=SEATS.index) if answering else state.turn
    actions = legal_actions(rules, state, seat)
    kinds = list(map(_KIND, actions))
    if _WIN in kinds and rng.random() < 0.95:
        return actions[kinds.index(_WIN)]  # the first win listed
    if _RIICHI in kinds and rng.random() < 0.5:
        return rng.choice([a for a in actions if a.kind is _RIICHI])
    return rng.choice(actions)
