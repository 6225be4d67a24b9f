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
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from functools import partial
from importlib.metadata import version
from types import ModuleType

from reference_engine.analysis.shanten import clear_tables, shanten
from reference_engine.play import selfplay
from reference_engine.play.rules import PlayRules
from reference_engine.play.selfplay import random_hand
from reference_engine.play.state import GameState, Phase
from reference_engine.variants import find_variant
from spec.actions import Action, ActionKind
from spec.parts import (
    Breakdown,
    Overhead,
    PartClock,
    breakdown,
    how_measured,
    instrumented,
    measure_overhead,
    parts_table,
    wrapped,
)
from spec.seats import Seat
from spec.throughput import (
    REPEATS,
    Batch,
    Measure,
    at_least_one,
    compared,
    heading,
    measure,
    report,
    timed,
)

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
    parser.add_argument(
        "--part-deals",
        type=at_least_one,
        default=100,
        help="random play deals per variant timed by part (a tenth of them counted)",
    )
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args(argv)
    print(heading(REPEATS))
    bench_shanten(args.seed, args.hands, args.warm_hands)
    bench_play(args.deals)
    bench_play_parts(args.part_deals)
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


# The parts of random play: the calls random_hand and random_choice make (selfplay's own
# names), each apply by the kind of move it is.
DEAL = "deal and shuffle"
LEGAL_ON_TURN = "legal list, on turn"
LEGAL_IN_WINDOWS = "legal lists, claim windows"
PICK = "the agent's pick (its legal list aside)"
DRAW = "apply: draw"
DISCARD = "apply: discard, its claims decided"
PASS = "apply: a pass (the last closes the window)"
CLAIM = "apply: chow, pung or kong claimed"
KONG = "apply: concealed or added kong"
WIN = "apply: win"
OTHER = "apply: other (flowers, declarations, ...)"
PLAY_PARTS = (
    *(DEAL, LEGAL_ON_TURN, LEGAL_IN_WINDOWS, PICK),
    *(DRAW, DISCARD, PASS, CLAIM, KONG, WIN, OTHER),
)
PART_VARIANTS = {  # each variant's column
    "riichi": "riichi",
    "riichi-sanma": "sanma",
    "taiwanese": "taiwanese",
    "classical-chinese": "classical",
    "european-classic": "european",
    "sichuan": "sichuan",
}
PART_SEEDS = 1_000_000  # the first seed of the deals timed by part (none of the batches')
WINDOWS = (Phase.CLAIM, Phase.ROB)  # read once: a class's enum member is slow to read (3.11)
DECLARING = Phase.DECLARE
ON_TURN = {
    ActionKind.DRAW: DRAW,
    ActionKind.DISCARD: DISCARD,
    ActionKind.RIICHI: DISCARD,
    ActionKind.CONCEALED_KONG: KONG,
    ActionKind.ADDED_KONG: KONG,
    ActionKind.WIN: WIN,
}
IN_WINDOWS = {ActionKind.PASS: PASS, ActionKind.WIN: WIN}


def _legal_part(rules: PlayRules, state: GameState, seat: Seat) -> str:
    return LEGAL_IN_WINDOWS if state.phase in WINDOWS else LEGAL_ON_TURN


def _apply_part(rules: PlayRules, state: GameState, action: Action, *, checked: bool = True) -> str:
    """The part of an action, read before it is applied (the state changes in place)."""
    if state.phase in WINDOWS:
        return IN_WINDOWS.get(action.kind, CLAIM)
    if state.phase is DECLARING:
        return OTHER
    return ON_TURN.get(action.kind, OTHER)


@contextmanager
def _timed_play(clock: PartClock) -> Iterator[None]:
    """Random play's calls timed by ``clock`` while inside: those selfplay makes."""
    parts: dict[str, str | Callable[..., str]] = {
        "shuffled": DEAL,
        "deal": DEAL,
        "random_choice": PICK,
        "legal_actions": _legal_part,
        "apply": _apply_part,
    }
    with wrapped(selfplay, {n: clock.timed(getattr(selfplay, n), p) for n, p in parts.items()}):
        yield


def play_parts(
    rules: PlayRules, seeds: Sequence[int], counted: int, overhead: Overhead
) -> Breakdown:
    """Random play of ``seeds`` by part: :data:`REPEATS` clean passes alternating with as
    many instrumented ones, and the calls and bytecodes counted on the first ``counted``
    seeds (:mod:`spec.parts`)."""
    work = partial(_play_all, rules, seeds)
    work()  # each deal's hands met once before any pass
    cleans, passes = [], []
    for _ in range(REPEATS):
        cleans.append(timed(len(seeds), work))
        clock = PartClock()
        with _timed_play(clock):
            passes.append(instrumented(clock, work))
    counting = PartClock()
    with _timed_play(counting):
        actions = counting.counted(partial(_play_all, rules, seeds[:counted]))
    return breakdown(cleans, passes, counting, actions, overhead, PLAY_PARTS)


def bench_play_parts(deals: int) -> None:
    """Where random play's time goes in each variant, by part, and what bounds it."""
    seeds = range(PART_SEEDS, PART_SEEDS + deals)
    counted = max(1, deals // 10)
    print(f"random play by part, {deals} deals a variant (seeds {seeds[0]:,} on)")
    overhead = measure_overhead()
    columns = []
    for variant, column in PART_VARIANTS.items():
        rules = find_variant(variant).play_rules()
        columns.append((column, play_parts(rules, seeds, counted, overhead)))
    print(parts_table("deals", columns, overhead))
    print(how_measured(overhead, REPEATS, f"the same {deals} deals", f"the first {counted}"))


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
