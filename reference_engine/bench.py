"""The reference engine's own throughput beside third-party libraries (``nox -s bench``).

What no engine protocol can reach: shanten on tile counts (beside ``mahjong``,
``riichienv`` and ``jansou`` called directly) and random self-play of every
variant (deals/s, beside riichienv's own game loop with random agents, measured in the
same run). Printed, never asserted: every batch is run, each on inputs of its own, and
every figure is given by wall clock and by CPU time, with each batch's figure beside the
totals (:mod:`spec.throughput`); random play adds the actions per deal and the
microseconds per action. Scoring through the engine interface and replay are timed by
``python -m conformance.bench``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from importlib.metadata import version
from types import ModuleType

from reference_engine.analysis.shanten import clear_tables, shanten
from reference_engine.play.rules import PlayRules
from reference_engine.play.selfplay import random_hand
from reference_engine.variants import find_variant
from spec.throughput import Batch, Measure, at_least_one, compared, heading, measure, report, timed

REPEATS = 3
RIICHIENV_MODES = {"riichi": "4p-red-half", "riichi-sanma": "3p-red-half"}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m reference_engine.bench")
    parser.add_argument(
        "--hands", type=at_least_one, default=30_000, help="hands per shanten batch"
    )
    parser.add_argument(
        "--deals", type=at_least_one, default=60, help="random play deals per variant"
    )
    parser.add_argument(
        "--warm-hands", type=int, default=300_000, help="hands warming the shanten tables"
    )
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args(argv)
    print(heading(REPEATS))
    bench_shanten(args.seed, args.hands, args.warm_hands)
    bench_play(args.deals)
    return 0


def bench_shanten(seed: int, count: int, warm_count: int = 300_000) -> None:
    """Shanten of the same random 13- and 14-tile hands (tile counts) by each engine; ours
    from fresh tables, then with tables warmed on other hands, as in a long fuzzing run."""
    print(f"shanten, {REPEATS} batches of {count} random 13- and 14-tile hands")
    batches = [_random_counts(random.Random(seed + k), count) for k in range(REPEATS)]

    def from_fresh_tables(hands: Sequence[list[int]]) -> None:
        clear_tables()
        for counts in hands:
            shanten(counts)

    cold = measure(batches, from_fresh_tables)
    print(report("mjspec reference, fresh tables", "hands", cold))
    clear_tables()
    for counts in _random_counts(random.Random(seed - 1), warm_count):
        shanten(counts)
    ours = measure(batches, partial(_each, shanten))
    print(report(f"mjspec, warm tables ({warm_count:,} other hands)", "hands", ours))
    for name, calculate in _shanten_peers():
        theirs = measure(batches, partial(_each, calculate))
        peer = name.split()[0]
        ratios = f"warm: {compared(ours, theirs, peer)}; fresh: {compared(cold, theirs, peer)}"
        print(report(name, "hands", theirs, ratios))


def _each(calculate: Callable[[list[int]], int], hands: Sequence[list[int]]) -> None:
    for counts in hands:
        calculate(counts)


def _random_counts(rng: random.Random, count: int) -> list[list[int]]:
    """``count`` random hands of 13 and 14 tiles (alternately) from a full wall, as counts."""
    wall = [kind for kind in range(34) for _ in range(4)]
    hands: list[list[int]] = []
    for index in range(count):
        counts = [0] * 34
        for kind in rng.sample(wall, 13 if index % 2 else 14):
            counts[kind] += 1
        hands.append(counts)
    return hands


def _shanten_peers() -> list[tuple[str, Callable[[list[int]], int]]]:
    """Each installed peer's shanten on tile counts (tile ids built where it wants them)."""
    peers: list[tuple[str, Callable[[list[int]], int]]] = []
    try:
        from mahjong.shanten import Shanten

        calculator = Shanten()
        peers.append((f"mahjong {version('mahjong')}", calculator.calculate_shanten))
    except ImportError:
        pass
    try:
        import riichienv  # type: ignore[import-untyped]  # a compiled module without stubs

        def by_ids(counts: list[int]) -> int:
            ids = [kind * 4 + copy for kind, n in enumerate(counts) for copy in range(n)]
            return int(riichienv.calculate_shanten(ids))

        peers.append((f"riichienv {version('riichienv')}", by_ids))
    except ImportError:
        pass
    try:
        from jansou.analysis.shanten import shanten_counts

        peers.append((f"jansou {version('jansou')}", lambda c: int(shanten_counts(c, 0))))
    except ImportError:
        pass
    return peers


def bench_play(deals: int, games: int = REPEATS) -> None:
    """Random play of every variant, ``deals`` deals per batch; riichi and sanma beside
    riichienv's own loop playing ``games`` whole games."""
    print(
        f"random play, {REPEATS} batches of {deals} complete deals (agents pick uniformly"
        " among legal actions; an action: any move of the game, a draw and a pass included)"
    )
    batches = [range(k * deals, (k + 1) * deals) for k in range(REPEATS)]
    variants = ("taiwanese", "classical-chinese", "european-classic", "sichuan")
    for variant in (*variants, "riichi", "riichi-sanma"):
        rules = find_variant(variant).play_rules()
        ours = measure(batches, partial(_play_all, rules))
        mode = RIICHIENV_MODES.get(variant)
        peer = None if mode is None else riichienv_random_deals(mode, games)
        beside = "no peer" if peer is None else compared(ours, peer, "riichienv")
        print(report(variant, "deals", ours, beside))
        if peer is not None:
            label = f"  riichienv {version('riichienv')}, its own loop"
            words = "(a whole game a batch; actions: its agents' answers, no draws)"
            print(report(label, "deals", peer, words))


def _play_all(rules: PlayRules, seeds: Sequence[int]) -> int:
    """Each seed's deal played to its end; the actions played in all."""
    return sum(sum(1 for _ in random_hand(rules, seed)) - 1 for seed in seeds)


def _hand_of(env: object) -> tuple[object, ...]:
    return tuple(getattr(env, name) for name in ("round_wind", "kyoku_idx", "honba"))


def riichienv_random_deals(mode: str, games: int = REPEATS) -> Measure | None:
    """riichienv's own game loop, uniformly random agents, whole games, each game a batch
    (its actions: every agent's answer to every step); None without riichienv."""
    try:
        import riichienv
    except ImportError:
        return None
    found: list[Batch] = []
    for seed in range(games):
        deals: list[int] = []
        batch = timed(0, partial(_riichienv_game, riichienv, mode, seed, deals))
        found.append(replace(batch, items=deals[0]))  # counted while it played
    return Measure(tuple(found))


def _riichienv_game(riichienv: ModuleType, mode: str, seed: int, deals: list[int]) -> int:
    """One whole game of random agents; its deals appended to ``deals``; its actions."""
    rng = random.Random(seed)
    env = riichienv.RiichiEnv(game_mode=mode, seed=seed, skip_mjai_logging=True)
    observations = env.reset()
    count, actions, hand = 1, 0, _hand_of(env)
    while not env.done():
        answers = {pid: rng.choice(o.legal_actions()) for pid, o in observations.items()}
        actions += len(answers)
        observations = env.step(answers)
        if _hand_of(env) != hand:  # a new deal: round, dealer or counters moved on
            count, hand = count + 1, _hand_of(env)
    deals.append(count)
    return actions


if __name__ == "__main__":
    raise SystemExit(main())
