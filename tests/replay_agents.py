"""Agents that play riichienv games to win, so that its logs hold wins, riichi and calls
(uniformly random agents almost never win: every hand ends drawn)."""

from __future__ import annotations

import random
from typing import Any

import riichienv
from riichienv import ActionType, calculate_shanten, calculate_shanten_3p

WINS = (ActionType.Tsumo, ActionType.Ron)
CALLS = (ActionType.Chi, ActionType.Pon, ActionType.Daiminkan)


class GreedyAgent:
    """Wins whenever it can, declares riichi when offered, sets Norths aside, makes every
    kan it can but an open one, calls now and then, declares nine terminals half the time,
    and otherwise discards the tile that leaves its hand nearest to ready."""

    def __init__(self, seed: int, *, three_players: bool, call_rate: float = 0.3) -> None:
        self.rng = random.Random(seed)
        self.shanten = calculate_shanten_3p if three_players else calculate_shanten
        self.call_rate = call_rate

    def act(self, observation: Any) -> Any:
        legal = observation.legal_actions()
        kinds = {action.action_type for action in legal}
        for wanted in (
            *WINS,
            ActionType.Riichi,
            ActionType.Kita,
            ActionType.Ankan,
            ActionType.Kakan,
        ):
            if wanted in kinds:
                return next(a for a in legal if a.action_type == wanted)
        if ActionType.KyushuKyuhai in kinds and self.rng.random() < 0.5:
            return next(a for a in legal if a.action_type == ActionType.KyushuKyuhai)
        calls = [a for a in legal if a.action_type in CALLS]
        if calls and self.rng.random() < self.call_rate:
            return self.rng.choice(calls)
        discards = [a for a in legal if a.action_type == ActionType.Discard]
        if discards:
            return min(
                discards, key=lambda a: (self._after(observation.hand, a.tile), self.rng.random())
            )
        passes = [a for a in legal if a.action_type == ActionType.Pass]
        return passes[0] if passes else self.rng.choice(legal)

    def _after(self, hand: list[int], tile: int) -> int:
        rest = list(hand)
        if tile in rest:
            rest.remove(tile)
        return int(self.shanten(rest))


def greedy_game(mode: str, seed: int, rule: str = "tenhou") -> list[dict[str, Any]]:
    """The MJAI events of one riichienv game of ``mode`` under its ``default_<rule>`` game
    rule, played by greedy agents (agent ``i`` seeded ``seed * 10 + i``)."""
    game_rule = getattr(riichienv.GameRule, f"default_{rule}")()
    env = riichienv.RiichiEnv(game_mode=mode, seed=seed, rule=game_rule)
    three = mode.startswith("3p")
    agents = [GreedyAgent(seed * 10 + i, three_players=three) for i in range(4)]
    observations = env.reset()
    while not env.done():
        observations = env.step({pid: agents[pid].act(o) for pid, o in observations.items()})
    return list(env.mjai_log)
