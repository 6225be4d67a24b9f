"""Random play as a test: seeded hands with invariants checked after every action.

Fast mode (the default, in CI) plays 60 hands; ``MJSPEC_LONG=1`` plays 10,000.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from reference_engine.errors import RuleError
from reference_engine.play.actions import Action, ActionKind
from reference_engine.play.game import apply, legal_actions
from reference_engine.play.selfplay import random_hand
from reference_engine.play.state import SEATS, GameState, Phase
from reference_engine.variants import find_variant

RULES = find_variant("taiwanese").play_rules()
HANDS = 10_000 if os.environ.get("MJSPEC_LONG") else 60


def tiles_in_play(state: GameState) -> Counter[object]:
    """Every tile somewhere: hands, melds, flowers, rivers, the undrawn wall, a pending tile."""
    counts: Counter[object] = Counter(state.wall[state.front : len(state.wall) - state.back])
    for index in range(4):
        counts.update(state.hands[index])
        counts.update(t for meld in state.melds[index] for t in meld.tiles)
        counts.update(state.flowers[index])
        counts.update(state.rivers[index])
    if state.phase is Phase.ROB and state.pending is not None:
        counts[state.pending] += 1
    return counts


def check_invariants(state: GameState) -> None:
    assert tiles_in_play(state) == Counter(RULES.tile_set()), "tiles are conserved"
    for index, seat in enumerate(SEATS):
        size = len(state.hands[index]) + 3 * len(state.melds[index])
        on_turn = state.phase is Phase.DISCARD and seat is state.turn
        ended_on_self_draw = state.phase is Phase.END and seat is state.turn and size == 17
        assert size == (17 if on_turn or ended_on_self_draw else 16), (seat, size, state.phase)
    assert state.live_tiles >= 0
    if state.end is not None and state.end.settlement is not None:
        settlement = state.end.settlement
        assert sum(settlement.payments.values()) == 0, "payments sum to zero"
        for winner in settlement.winners:
            assert winner.tai > 0


def check_refusal(state: GameState, rng: random.Random) -> None:
    """An action outside the legal list is refused with illegal-action."""
    seat = rng.choice(SEATS)
    legal = legal_actions(RULES, state, seat)
    candidate = Action(seat, ActionKind.DISCARD, rng.choice(RULES.tile_set()))
    if candidate in legal:
        return
    with pytest.raises(RuleError) as refused:
        apply(RULES, state, candidate)
    assert refused.value.code == "illegal-action"


def test_random_hands_keep_every_invariant() -> None:
    ends: Counter[str] = Counter()
    for seed in range(HANDS):
        rng = random.Random(seed)
        state = None
        for state, _action in random_hand(RULES, seed):
            check_invariants(state)
            if rng.random() < 0.05:
                check_refusal(state, rng)
        assert state is not None
        assert state.end is not None
        ends["draw" if state.end.is_draw else "win"] += 1
    assert ends["draw"] + ends["win"] == HANDS


def test_the_same_seed_plays_the_same_hand() -> None:
    first = [(s.front, s.back, s.hands, a) for s, a in random_hand(RULES, 7)]
    second = [(s.front, s.back, s.hands, a) for s, a in random_hand(RULES, 7)]
    assert first == second
