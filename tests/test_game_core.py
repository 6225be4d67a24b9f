"""The game core's hooks for a hand that goes on after a win (what Sichuan's bloody battle
needs): through ``after_win`` a family lets the winners leave; the core then passes them by
in turns and claims, and the hand ends only when the family or the wall says so."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from reference_engine.play.deal import deal
from reference_engine.play.game import apply
from reference_engine.play.legality import legal_actions
from reference_engine.play.moves import continue_after_win
from reference_engine.play.state import GameState, Phase
from reference_engine.play.wall import shuffled
from reference_engine.variants import find_variant
from reference_engine.variants.taiwanese.play import TaiwanesePlay
from spec.actions import ActionKind
from spec.seats import SEATS, Seat
from spec.wins import WinBy

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Won:
    """The fake family's own state: who won, in order."""

    winners: tuple[Seat, ...] = ()


class GoesOnAfterAWin(TaiwanesePlay):
    """Taiwanese play, except that a winner leaves and the others play on until one is left."""

    def start_extra(self, players: int, table: object) -> Won:
        return Won()

    def after_win(
        self, state: GameState, winners: list[Seat], by: WinBy, source: Seat | None
    ) -> GameState:
        extra = state.extra
        assert isinstance(extra, Won)
        state = state.update(extra=Won((*extra.winners, *winners)))
        if len(state.in_play()) - len(winners) <= 1:
            return state.ended(self.settle_win(state, winners, by, source))
        return continue_after_win(self, state, winners)


def rules() -> GoesOnAfterAWin:
    taiwanese = find_variant("taiwanese").play_rules()
    assert isinstance(taiwanese, TaiwanesePlay)
    return GoesOnAfterAWin(taiwanese.profile, taiwanese._settle)


def play(seed: int) -> list[GameState]:
    """A hand of random play on the wall of ``seed``, wins always taken: a snapshot of the
    state after each action (the state itself changes in place)."""
    game = rules()
    rng = random.Random(seed)
    state = deal(game, shuffled(game.tile_set(), seed), SEATS[0], 0)
    states = [state.snapshot()]
    while state.end is None:
        seat = min(state.awaiting, key=SEATS.index) if state.awaiting else state.turn
        actions = legal_actions(game, state, seat)
        wins = [a for a in actions if a.kind is ActionKind.WIN]
        state = apply(game, state, wins[0] if wins else rng.choice(actions))
        states.append(state.snapshot())
    return states


def hands_with_a_win(count: int) -> list[list[GameState]]:
    found = []
    for seed in range(400):
        states = play(seed)
        extra = states[-1].extra
        assert isinstance(extra, Won)
        if extra.winners and states[-1].end is not None:
            found.append(states)
        if len(found) == count:
            break
    return found


@pytest.fixture(scope="module")
def games() -> list[list[GameState]]:
    found = hands_with_a_win(3)
    assert len(found) == 3, "random play wins often enough to find three hands in 400"
    return found


def test_a_winner_leaves_and_play_goes_on(games: list[list[GameState]]) -> None:
    continued = [g for g in games if any(s.left and s.end is None for s in g)]
    assert continued, "some hand goes on after its first win"
    for states in continued:
        first = next(i for i, s in enumerate(states) if s.left)
        assert states[first].phase is Phase.DRAW
        assert any(s.discard_count > states[first].discard_count for s in states[first:])


def test_a_seat_that_left_never_acts_again(games: list[list[GameState]]) -> None:
    for states in games:
        for state in states:
            for seat in state.left:
                assert state.turn is not seat
                assert seat not in state.awaiting
                assert not legal_actions(rules(), state, seat)


def test_turns_pass_the_seats_that_left_by() -> None:
    game = rules()
    state = deal(game, shuffled(game.tile_set(), 1), SEATS[0], 0)
    state = state.update(left=frozenset({Seat.SOUTH, Seat.WEST}))
    assert state.after(Seat.EAST) is Seat.NORTH
    assert state.after(Seat.NORTH) is Seat.EAST
    assert state.order_after(Seat.NORTH) == [Seat.EAST]
    assert state.in_play() == (Seat.EAST, Seat.NORTH)


def test_by_default_a_win_ends_the_hand() -> None:
    taiwanese = find_variant("taiwanese").play_rules()
    for seed in range(200):
        state = deal(taiwanese, shuffled(taiwanese.tile_set(), seed), SEATS[0], 0)
        rng = random.Random(seed)
        while state.end is None:
            seat = min(state.awaiting, key=SEATS.index) if state.awaiting else state.turn
            actions = legal_actions(taiwanese, state, seat)
            wins = [a for a in actions if a.kind is ActionKind.WIN]
            state = apply(taiwanese, state, wins[0] if wins else rng.choice(actions))
        if state.end.settlement is not None:
            assert not state.left
            assert state.phase is Phase.END
            return
    pytest.fail("no win in 200 random hands")
