"""Random play as a test: seeded hands with invariants checked after every action.

Fast mode (the default, in CI) plays 60 Taiwanese, 60 classical Chinese, 60 classic European
and 60 Sichuan hands and 20 of each riichi variant; ``MJSPEC_LONG=1`` plays 10,000 of each of
the first four and 2,000 of each riichi variant.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from reference_engine.play.deal import deal
from reference_engine.play.game import apply
from reference_engine.play.legality import legal_actions
from reference_engine.play.rules import PlayRules
from reference_engine.play.selfplay import random_hand
from reference_engine.play.state import GameState, Phase
from reference_engine.play.wall import shuffled
from reference_engine.variants import find_variant
from reference_engine.variants.riichi.state import riichi_state
from reference_engine.variants.sichuan.play import SichuanState
from spec.actions import Action, ActionKind
from spec.errors import RuleError
from spec.melds import MeldKind
from spec.seats import SEATS

LONG = bool(os.environ.get("MJSPEC_LONG"))
HANDS = {
    "taiwanese": 10_000 if LONG else 60,
    "classical-chinese": 10_000 if LONG else 60,
    "european-classic": 10_000 if LONG else 60,
    "sichuan": 10_000 if LONG else 60,
    "riichi": 2_000 if LONG else 20,
    "riichi-sanma": 2_000 if LONG else 20,
}


def tiles_in_play(state: GameState, robbed: bool = False) -> Counter[object]:
    """Every tile somewhere: hands, melds, flowers, rivers, the undrawn wall (the kong box
    too), a tile offered to robbers or ``robbed``."""
    end = len(state.wall) - state.tail
    counts: Counter[object] = Counter(state.wall[state.front : end - state.back])
    counts.update(state.wall[end:])
    for index in range(state.players):
        counts.update(state.hands[index])
        counts.update(t for meld in state.melds[index] for t in meld.tiles)
        counts.update(state.flowers[index])
        counts.update(state.rivers[index])
    if (state.phase is Phase.ROB or robbed) and state.pending is not None:
        counts[state.pending] += 1
    return counts


def check_invariants(rules: PlayRules, state: GameState, robbed: bool = False) -> None:
    """Tiles conserved (the kong box included), hand sizes, live tiles, zero-sum payments;
    ``robbed``: the hand ended on a kong robbed (its tile is the winner's)."""
    assert tiles_in_play(state, robbed) == Counter(rules.tile_set()), "tiles are conserved"
    assert 0 <= state.kong_box <= rules.kong_box
    full = rules.hand_size + 1
    for index, seat in enumerate(state.seats):
        size = len(state.hands[index]) + 3 * len(state.melds[index])
        on_turn = state.phase is Phase.DISCARD and seat is state.turn
        ended_on_self_draw = state.phase is Phase.END and seat is state.turn and size == full
        dealer_declaring = state.declaring is not None and seat is state.dealer
        expected = full if on_turn or ended_on_self_draw or dealer_declaring else full - 1
        if seat in state.left:  # a winner's tiles as it won: 14 after a self-draw
            expected = full if size == full else full - 1
        if (robbed or state.phase is Phase.ROB) and seat is state.pending_from:
            # the kong's tile is set aside; before the first discard a non-dealer had 13
            expected -= state.declaring is not None and seat is not state.dealer
        assert size == expected, (seat, size)
        if state.ready[index] and state.tail:
            assert all(m.concealed for m in state.melds[index] if m.kind is MeldKind.KONG)
            assert all(m.kind is MeldKind.KONG for m in state.melds[index]), "riichi is closed"
    assert state.live_tiles >= 0
    if isinstance(state.extra, SichuanState):
        check_sichuan(rules, state, state.extra)
    end = state.end
    if end is None:
        return
    moved = end.settlement.payments if end.settlement is not None else end.payments
    assert sum(moved.values()) == 0, "payments sum to zero"
    if end.settlement is not None:
        for winner in end.settlement.winners:
            figures = winner.figures
            worth = ("tai", "han", "yakuman", "value")
            assert any(figures.get(name, 0) for name in worth), "a win is worth something"
    if state.tail:
        placed = -sum(end.deposits.values()) if end.settlement is None else 0
        assert end.sticks_left * 1000 == riichi_state(state).sticks * 1000 + placed


def check_sichuan(rules: PlayRules, state: GameState, extra: SichuanState) -> None:
    """The bloody battle: kong money and wins are zero-sum as they are paid, nobody acts
    after leaving, and no winner held its void suit."""
    assert sum(extra.balance) == 0, "payments sum to zero as they are made"
    assert len(extra.winners) == len(state.left) <= 3
    for seat in state.left:
        assert legal_actions(rules, state, seat) == [], "a winner who left does not act"
        void = extra.voids[SEATS.index(seat)]
        assert all(t.suit is not void for t in state.hand(seat)), "no win with the void suit"


def check_refusal(rules: PlayRules, state: GameState, rng: random.Random) -> None:
    """An action outside the legal list is refused with illegal-action."""
    seat = rng.choice(state.seats)
    legal = legal_actions(rules, state, seat)
    candidate = Action(seat, ActionKind.DISCARD, rng.choice(rules.tile_set()))
    if candidate in legal:
        return
    with pytest.raises(RuleError) as refused:
        apply(rules, state, candidate)
    assert refused.value.code == "illegal-action"


@pytest.mark.parametrize("variant", sorted(HANDS))
def test_random_hands_keep_every_invariant(variant: str) -> None:
    rules = find_variant(variant).play_rules()
    ends: Counter[str] = Counter()
    for seed in range(HANDS[variant]):
        rng = random.Random(seed)
        state = None
        phase = None
        for state, _action in random_hand(rules, seed):
            check_invariants(rules, state, robbed=phase is Phase.ROB)
            phase = state.phase
            if rng.random() < 0.05:
                check_refusal(rules, state, rng)
        assert state is not None
        assert state.end is not None
        ends[state.end.reason.value] += 1
    assert sum(ends.values()) == HANDS[variant]


def test_the_same_seed_plays_the_same_hand() -> None:
    rules = find_variant("riichi-sanma").play_rules()
    first = [(s.snapshot(), a) for s, a in random_hand(rules, 7)]
    second = [(s.snapshot(), a) for s, a in random_hand(rules, 7)]
    assert first == second


@pytest.mark.parametrize("variant", sorted(HANDS))
def test_snapshots_along_a_hand_equal_a_replay_of_its_actions(variant: str) -> None:
    """The state changes in place: a snapshot taken after each action equals the state
    reached by replaying the same actions from a fresh deal of the same wall, and is not
    changed by the actions played after it."""
    rules = find_variant(variant).play_rules()
    for seed in range(3):
        played = [(state.snapshot(), action) for state, action in random_hand(rules, seed)]
        dealer = SEATS[0] if rules.dealer_is_east else SEATS[seed % rules.players]
        state = deal(rules, shuffled(rules.tile_set(), seed), dealer, 0)
        assert state == played[0][0]
        for snapshot, action in played[1:]:
            assert action is not None
            state = apply(rules, state, action)
            assert state == snapshot, (seed, action)
        assert played[0][0] != played[-1][0]
