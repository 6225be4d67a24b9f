"""The reference engine's own throughput beside third-party libraries (``nox -s bench``).

What no engine protocol can reach: shanten on tile counts (beside ``mahjong``,
``riichienv`` and ``jansou`` called directly) and random self-play of every
variant (deals/s, beside riichienv's own game loop with random agents, measured in the
same run). Printed, never asserted;
each figure is the fastest of three batches, each batch on inputs of its own.
Scoring through the engine interface is timed by ``python -m conformance.bench``.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable, Sequence
from functools import partial
from importlib.metadata import version
from typing import TypeVar

from reference_engine.analysis.shanten import clear_tables, shanten
from reference_engine.play.rules import PlayRules
from reference_engine.play.selfplay import random_hand
from reference_engine.variants import find_variant

REPEATS = 3
LONG_RUN = 2.0
RIICHIENV_MODES = {"riichi": "4p-red-half", "riichi-sanma": "3p-red-half"}
T = TypeVar("T")


def fastest_batch(batches: Sequence[Sequence[T]], action: Callable[[Sequence[T]], object]) -> float:
    """Items per second of the fastest batch (a batch over :data:`LONG_RUN` s ends it)."""
    best = 0.0
    for batch in batches:
        started = time.perf_counter()
        action(batch)
        elapsed = time.perf_counter() - started
        best = max(best, len(batch) / elapsed)
        if elapsed > LONG_RUN:
            break
    return best


def show(label: str, value: float, unit: str, extra: str = "") -> None:
    print(f"  {label:<46} {value:>12,.0f} {unit:<9} {extra}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m reference_engine.bench")
    parser.add_argument("--hands", type=int, default=30_000, help="hands per shanten batch")
    parser.add_argument("--deals", type=int, default=60, help="random play deals per variant")
    parser.add_argument(
        "--warm-hands", type=int, default=300_000, help="hands warming the shanten tables"
    )
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args(argv)
    python = f"{platform.python_implementation()} {platform.python_version()}"
    print(f"machine: {platform.machine()}, {python}, {platform.system()}")
    bench_shanten(args.seed, args.hands, args.warm_hands)
    bench_play(args.deals)
    return 0


def bench_shanten(seed: int, count: int, warm_count: int = 300_000) -> None:
    """Shanten of the same random 13- and 14-tile hands (tile counts) by each engine; ours
    from fresh tables, then with tables warmed on other hands, as in a long fuzzing run."""
    print(f"shanten, {count} random 13- and 14-tile hands")
    batches = [_random_counts(random.Random(seed + k), count) for k in range(REPEATS)]

    def from_fresh_tables(hands: Sequence[list[int]]) -> None:
        clear_tables()
        for counts in hands:
            shanten(counts)

    cold = fastest_batch(batches, from_fresh_tables)
    show("mjspec reference, fresh tables", cold, "hands/s")
    clear_tables()
    for counts in _random_counts(random.Random(seed - 1), warm_count):
        shanten(counts)
    ours = fastest_batch(batches, lambda hands: [shanten(c) for c in hands])
    show(f"mjspec, warm tables ({warm_count:,} other hands)", ours, "hands/s")
    for name, calculate in _shanten_peers():
        theirs = fastest_batch(batches, partial(_each, calculate))
        peer = name.split()[0]
        ratios = f"mjspec/{peer} = {ours / theirs:.2f}x warm, {cold / theirs:.2f}x fresh"
        show(name, theirs, "hands/s", ratios)


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


def bench_play(deals: int) -> None:
    print("random play, complete hands (agents pick uniformly among legal actions)")
    batches = [range(k * deals, (k + 1) * deals) for k in range(REPEATS)]
    variants = ("taiwanese", "classical-chinese", "european-classic", "sichuan")
    for variant in (*variants, "riichi", "riichi-sanma"):
        rules = find_variant(variant).play_rules()

        def play_all(seeds: Sequence[int], rules: PlayRules = rules) -> None:
            for seed in seeds:
                list(random_hand(rules, seed))

        per_second = fastest_batch(batches, play_all)
        peer = (
            riichienv_random_deals(RIICHIENV_MODES[variant]) if variant in RIICHIENV_MODES else None
        )
        beside = (
            "no peer" if peer is None else f"riichienv {peer:,.0f}/s ({per_second / peer:.2f}x)"
        )
        show(variant, per_second, "deals/s", beside)


def _hand_of(env: object) -> tuple[object, ...]:
    return tuple(getattr(env, name) for name in ("round_wind", "kyoku_idx", "honba"))


def riichienv_random_deals(mode: str, games: int = 3) -> float | None:
    """riichienv's own game loop, uniformly random agents, whole games: deals per second
    (the fastest of ``games`` games); None without riichienv."""
    try:
        import riichienv
    except ImportError:
        return None
    best = 0.0
    for seed in range(games):
        rng = random.Random(seed)
        started = time.perf_counter()
        env = riichienv.RiichiEnv(game_mode=mode, seed=seed, skip_mjai_logging=True)
        observations = env.reset()
        deals, hand = 1, _hand_of(env)
        while not env.done():
            observations = env.step(
                {pid: rng.choice(o.legal_actions()) for pid, o in observations.items()}
            )
            if _hand_of(env) != hand:  # a new deal: round, dealer or counters moved on
                deals, hand = deals + 1, _hand_of(env)
        elapsed = time.perf_counter() - started
        best = max(best, deals / elapsed)
    return best


if __name__ == "__main__":
    raise SystemExit(main())
