"""Throughput benchmarks, printed side by side and never asserted (``nox -s bench``).

In one process and on the same seeded inputs: loading + validating the corpus, the whole
corpus in-process and through the JSON Lines protocol (the reference engine as a
subprocess), the protocol itself with a trivial subprocess engine, scoring random riichi
wins (four and three players) by the reference engine and by every installed peer
(through the same engine interface, request translation included on both sides),
Taiwanese scoring (no peer), random play of every variant (deals/s), and optionally the
cold docs build. Each figure is the fastest of three runs.
"""

from __future__ import annotations

import argparse
import platform
import random
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Sequence
from functools import partial
from importlib.metadata import version
from pathlib import Path
from typing import Any, TypeVar

from conformance.adapters.requests import read_score
from conformance.connect import close_engine, open_engine
from conformance.corpus import load_corpus
from conformance.engine import EngineError, EngineLoadError, EngineSkipped, engine_info
from conformance.fuzz.riichi_deals import deal, engine_request
from conformance.lint import lint
from conformance.runner import run
from conformance.subprocess_engine import SubprocessEngine
from reference_engine.play.rules import PlayRules
from reference_engine.play.selfplay import random_hand
from reference_engine.plugin import ReferenceEngine
from reference_engine.riichi.shanten import clear_tables, shanten
from reference_engine.tiles import Tile, format_tiles
from reference_engine.variants import find_variant
from reference_engine.variants.riichi import Riichi

PEERS = ("mahjong", "riichienv", "jansou", "cmajiang", "pyriichi", "mahjong-utils")
ANCHORS = {"riichi": "riichienv 680/s", "riichi-sanma": "riichienv 430/s"}
TRIVIAL_ENGINE = textwrap.dedent(
    """
    import json, sys
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        message = json.loads(line)
        if message["type"] == "stop":
            break
        if message["type"] == "start":
            reply = {"type": "ready", "protocol": 1, "name": "trivial", "version": "0",
                     "variants": {"taiwanese": ["score"]}}
        else:
            reply = {"type": "result", "seq": message["seq"], "outcome": {}}
        out.write(json.dumps(reply).encode() + b"\\n")
        out.flush()
    """
)


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


REPEATS = 3
LONG_RUN = 2.0  # seconds: a run this long is not repeated
T = TypeVar("T")


def rate(count: int, action: Callable[[], object]) -> tuple[float, float]:
    """Items per second and the seconds taken, from the fastest of :data:`REPEATS` runs of
    the same work (as timeit does: the slower runs measure what else the machine was
    doing); a run longer than :data:`LONG_RUN` is taken as it is."""
    fastest = float("inf")
    for _ in range(REPEATS):
        started = time.perf_counter()
        action()
        elapsed = time.perf_counter() - started
        fastest = min(fastest, elapsed)
        if elapsed > LONG_RUN:
            break
    return count / fastest, fastest


def rate_over(batches: Sequence[Sequence[T]], action: Callable[[Sequence[T]], object]) -> float:
    """Items per second of the fastest batch, each run on inputs of its own, so that no
    engine's cache meets an input twice (every engine is given the same batches)."""
    best = 0.0
    for batch in batches:
        started = time.perf_counter()
        action(batch)
        elapsed = time.perf_counter() - started
        best = max(best, len(batch) / elapsed)
        if elapsed > LONG_RUN:
            break
    return best


def line(label: str, value: float, unit: str, extra: str = "") -> None:
    print(f"  {label:<46} {value:>12,.0f} {unit:<9} {extra}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conformance.bench")
    parser.add_argument("--hands", type=int, default=3000, help="scored hands per variant")
    parser.add_argument("--deals", type=int, default=60, help="random play deals per variant")
    parser.add_argument(
        "--warm-hands", type=int, default=300_000, help="hands warming the shanten tables"
    )
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--docs", action="store_true", help="also time a cold docs build")
    args = parser.parse_args(argv)
    python = f"{platform.python_implementation()} {platform.python_version()}"
    print(f"machine: {platform.machine()}, {python}, {platform.system()}")
    print(
        f"each rate: the fastest of {REPEATS} runs (on {REPEATS} batches of inputs where an"
        f" engine could cache), or one run over {LONG_RUN:.0f} s"
    )
    bench_corpus()
    bench_protocol(max(100, args.hands * 7))
    for variant in ("riichi", "riichi-sanma"):
        bench_scoring(variant, args.seed, args.hands)
    bench_shanten(args.seed, args.hands * 10, args.warm_hands)
    bench_taiwanese_scoring(args.seed, args.hands)
    bench_play(args.deals)
    if args.docs:
        bench_docs()
    return 0


def bench_corpus() -> None:
    print("corpus")
    started = time.perf_counter()
    corpus = load_corpus()
    lint(corpus)
    count = len(corpus.cases)
    first = count / (time.perf_counter() - started)
    line("load + validate + lint, first in the process", first, "fixtures/s")
    per_second, _ = rate(count, lambda: lint(load_corpus()))
    line("load + validate + lint, again", per_second, "fixtures/s")
    engine = ReferenceEngine()
    info = engine_info(engine)
    per_second, seconds = rate(count, lambda: run(engine, info, corpus.cases))
    line("whole corpus, in-process runner", per_second, "cases/s", f"({seconds:.2f} s)")
    served = SubprocessEngine([sys.executable, "-m", "conformance.cli", "serve"])
    try:
        served_info = engine_info(served)
        per_second, seconds = rate(count, lambda: run(served, served_info, corpus.cases))
        words = f"({seconds:.2f} s)"
        line("whole corpus, reference as a subprocess", per_second, "cases/s", words)
    finally:
        served.close()


def bench_protocol(count: int = 20_000) -> None:
    print("protocol")
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "trivial_engine.py"
        script.write_text(TRIVIAL_ENGINE, encoding="utf-8")
        engine = SubprocessEngine([sys.executable, str(script)])
        try:
            engine.info()
            request = {"variant": "taiwanese", "kind": "score", "given": {"concealed": "1m"}}
            per_second, _ = rate(count, lambda: [engine.evaluate(request) for _ in range(count)])
            line("trivial subprocess engine, round trips", per_second, "cases/s")
        finally:
            engine.close()


def _requests(variant: str, seed: int, count: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [engine_request(deal(rng, variant)) for _ in range(count)]


def _answer_all(engine: Any, requests: list[dict[str, Any]]) -> int:
    answered = 0
    for request in requests:
        try:
            engine.evaluate(request)
            answered += 1
        except (EngineSkipped, EngineError):
            continue
    return answered


def bench_scoring(variant: str, seed: int, count: int) -> None:
    """The same random wins scored by the reference and each installed peer."""
    print(f"{variant} scoring, {count} random wins (every yaku family, open and closed)")
    batches = [_requests(variant, seed + k, count) for k in range(REPEATS)]
    engine = ReferenceEngine()
    ours = rate_over(batches, partial(_answer_all, engine))
    line("mjspec reference", ours, "hands/s")
    scorer = find_variant(variant)
    assert isinstance(scorer, Riichi)
    wins = [[scorer.parse(request["given"]) for request in batch] for batch in batches]
    ours_prepared = rate_over(wins, lambda batch: [scorer.best(win) for win in batch])
    line("  the same, inputs prepared (parsed wins)", ours_prepared, "hands/s")
    for name in PEERS:
        try:
            peer = open_engine(name)
            info = engine_info(peer)
        except EngineLoadError:
            print(f"  {name:<46} {'not installed':>12}")
            continue
        if not info.supports(variant, "score"):
            close_engine(peer)
            continue
        answered = _answer_all(peer, batches[0])
        theirs = rate_over(batches, partial(_answer_all, peer))
        close_engine(peer)
        note = f"mjspec/{name} = {ours / theirs:.2f}x"
        if answered < count:
            note += f" ({count - answered} skipped by the adapter)"
        line(f"{info.name} {info.version}", theirs, "hands/s", note)
        prepare = getattr(peer, "prepared", None)
        if callable(prepare):
            calls = [[prepare(read_score(r)) for r in batch] for batch in batches]
            direct = rate_over(calls, _call_all)
            note = f"mjspec/{name} = {ours_prepared / direct:.2f}x, both prepared"
            line("  the same, the package alone (inputs prepared)", direct, "hands/s", note)


def bench_shanten(seed: int, count: int, warm_count: int = 300_000) -> None:
    """Shanten of the same random 13- and 14-tile hands (tile counts) by each engine; ours
    from fresh tables, then with tables warmed on other hands, as in a long fuzzing run."""
    print(f"shanten, {count} random 13- and 14-tile hands")
    batches = [_random_counts(random.Random(seed + k), count) for k in range(REPEATS)]

    def from_fresh_tables(hands: Sequence[list[int]]) -> None:
        clear_tables()
        for counts in hands:
            shanten(counts)

    cold = rate_over(batches, from_fresh_tables)
    line("mjspec reference, fresh tables", cold, "hands/s")
    clear_tables()
    for counts in _random_counts(random.Random(seed - 1), warm_count):
        shanten(counts)
    ours = rate_over(batches, lambda hands: [shanten(c) for c in hands])
    line(f"mjspec, warm tables ({warm_count:,} other hands)", ours, "hands/s")
    for name, calculate in _shanten_peers():
        theirs = rate_over(batches, partial(_each, calculate))
        peer = name.split()[0]
        ratios = f"mjspec/{peer} = {ours / theirs:.2f}x warm, {cold / theirs:.2f}x fresh"
        line(name, theirs, "hands/s", ratios)


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


def _call_all(calls: Sequence[Callable[[], object]]) -> None:
    for call in calls:
        call()


def bench_taiwanese_scoring(seed: int, count: int) -> None:
    print("taiwanese scoring (no peer scores these rules)")
    batches = [_taiwanese_requests(random.Random(seed + k), count) for k in range(REPEATS)]
    engine = ReferenceEngine()
    per_second = rate_over(batches, lambda batch: [engine.evaluate(r) for r in batch])
    line("random concealed hands", per_second, "hands/s")


def _taiwanese_requests(rng: random.Random, count: int) -> list[dict[str, Any]]:
    return [
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
        for _ in range(count)
    ]


def bench_play(deals: int) -> None:
    print("random play, complete hands (agents pick uniformly among legal actions)")
    batches = [range(k * deals, (k + 1) * deals) for k in range(REPEATS)]
    for variant in ("taiwanese", "riichi", "riichi-sanma"):
        rules = find_variant(variant).play_rules()

        def play_all(seeds: Sequence[int], rules: PlayRules = rules) -> None:
            for seed in seeds:
                list(random_hand(rules, seed))

        per_second = rate_over(batches, play_all)
        line(variant, per_second, "deals/s", f"anchor: {ANCHORS.get(variant, 'none')}")


def bench_docs() -> None:
    print("docs")
    root = Path(__file__).resolve().parent.parent / "docs"
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "sphinx", "-q", "-j", "auto", "-b", "html"]
        command += [str(root), out]
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, check=False)
        seconds = time.perf_counter() - started
    status = "" if done.returncode == 0 else f" (exit {done.returncode})"
    print(f"  {'cold docs build':<46} {seconds:>12.1f} s{status}")


if __name__ == "__main__":
    raise SystemExit(main())
