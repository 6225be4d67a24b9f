"""Throughput benchmarks, printed and never asserted (``nox -s bench``).

Measures, on this machine: loading + validating the corpus (fixtures/s), the
whole corpus through the in-process runner, Taiwanese scoring of seeded random
complete hands (hands/s), Taiwanese random play (deals/s), and riichi scoring of
the same hands by mjspec and by the ``mahjong`` package (when installed) in one
run. No peer engine scores the Taiwanese rules.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable

from conformance.corpus import load_corpus
from conformance.engine import engine_info, load_engine
from conformance.lint import lint
from conformance.runner import run
from reference_engine.play.selfplay import random_hand
from reference_engine.plugin import ReferenceEngine
from reference_engine.tiles import Tile, format_tiles
from reference_engine.variants import find_variant


def random_complete_hand(rng: random.Random, sets: int = 5) -> str:
    """A random complete concealed hand: ``sets`` sets and a pair, at most 4 copies each."""
    while True:
        counts = [0] * 34
        tiles: list[Tile] = []
        for _ in range(sets):
            if rng.random() < 0.6:
                suit = rng.randrange(3) * 9
                start = suit + rng.randrange(7)
                group = [start, start + 1, start + 2]
            else:
                tile = rng.randrange(34)
                group = [tile] * 3
            tiles += [Tile(t) for t in group]
            for t in group:
                counts[t] += 1
        pair = rng.randrange(34)
        counts[pair] += 2
        tiles += [Tile(pair)] * 2
        if max(counts) <= 4:
            rng.shuffle(tiles)
            return format_tiles(tiles)


def _timed(label: str, count: int, unit: str, action: Callable[[], object]) -> None:
    started = time.perf_counter()
    action()
    elapsed = time.perf_counter() - started
    print(f"{label:<44} {count / elapsed:>12,.0f} {unit}/s   ({count} in {elapsed:.3f} s)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conformance.bench")
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args(argv)
    machine = platform.processor() or platform.machine()
    python = f"{platform.python_implementation()} {platform.python_version()}"
    print(f"machine: {machine}, {python}, {platform.system()}")

    corpus = load_corpus()
    _timed(
        "load + validate + lint corpus", len(corpus.cases), "fixtures", lambda: lint(load_corpus())
    )
    engine = load_engine("reference")
    info = engine_info(engine)
    _timed(
        "whole corpus, in-process runner",
        len(corpus.cases),
        "cases",
        lambda: run(engine, info, corpus.cases),
    )

    rng = random.Random(args.seed)
    requests = [
        {
            "variant": "taiwanese",
            "kind": "score",
            "given": {
                "concealed": random_complete_hand(rng),
                "win": {"by": "self-draw"},
                "seat": "south",
                "table": {"discards": 20},
            },
        }
        for _ in range(args.hands)
    ]
    reference = ReferenceEngine()
    _timed(
        "taiwanese scoring, random concealed hands",
        len(requests),
        "hands",
        lambda: [reference.evaluate(r) for r in requests],
    )
    rules = find_variant("taiwanese").play_rules()
    deals = max(args.hands // 30, 20)
    _timed(
        "taiwanese random play (complete hands)",
        deals,
        "deals",
        lambda: [list(random_hand(rules, seed)) for seed in range(deals)],
    )
    print("anchors: riichienv 680 deals/s (4p), jansou 145-290 deals/s; no peer scores taiwanese")
    bench_riichi(random.Random(args.seed), args.hands)
    return 0


def bench_riichi(rng: random.Random, count: int) -> None:
    """Four-player riichi scoring of the same closed tsumo hands, mjspec beside ``mahjong``."""
    hands = [random_complete_hand(rng, sets=4) for _ in range(count)]
    reference = ReferenceEngine()
    requests = [
        {
            "variant": "riichi",
            "kind": "score",
            "given": {
                "concealed": hand,
                "seat": "south",
                "win": {"by": "self-draw"},
                "table": {"riichi": True},
            },
        }
        for hand in hands
    ]
    started = time.perf_counter()
    for request in requests:
        reference.evaluate(request)
    ours = count / (time.perf_counter() - started)
    print(f"{'riichi scoring, closed riichi tsumo hands':<44} {ours:>12,.0f} hands/s   (mjspec)")
    try:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
        from mahjong.tile import TilesConverter
    except ImportError:
        print("  mahjong package not installed: install mjspec[oracles] for the baseline")
        return
    options = OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False)
    config = HandConfig(
        is_tsumo=True, is_riichi=True, player_wind=28, round_wind=27, options=options
    )
    calculator = HandCalculator()
    prepared = [TilesConverter.one_line_string_to_136_array(hand) for hand in hands]
    started = time.perf_counter()
    for hand, tiles in zip(hands, prepared, strict=True):
        win_tile = TilesConverter.one_line_string_to_136_array(hand[-2:])[0]
        calculator.estimate_hand_value(tiles, win_tile, config=config)
    theirs = count / (time.perf_counter() - started)
    print(f"{'':<44} {theirs:>12,.0f} hands/s   (mahjong)   ratio {ours / theirs:.2f}x")


if __name__ == "__main__":
    raise SystemExit(main())
