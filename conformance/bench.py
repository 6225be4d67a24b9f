"""Throughput benchmarks, printed side by side and never asserted (``nox -s bench``).

In one process and on the same seeded inputs: loading + validating the corpus, the whole
corpus in-process and through the JSON Lines protocol (the reference engine as a
subprocess), the protocol itself with a trivial subprocess engine, scoring random riichi
wins (four and three players) by the reference engine and by every installed peer
(through the same engine interface, request translation included on both sides),
Taiwanese, classical Chinese, classic European and Sichuan scoring (no peer), replay of the
fixed logs in ``tests/bench_logs`` (beside riichienv replaying the same games, and by part)
and of the real Tenhou games in ``tests/real_logs`` (:mod:`conformance.replay_bench`), and
optionally the cold docs build. Every batch is run and printed, each figure by wall clock
and by CPU time, the engine's processes included where it is a subprocess
(:mod:`spec.throughput`). The reference engine's own figures (shanten, random play) are
``python -m reference_engine.bench``; ``nox -s bench`` runs both.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from conformance.connect import close_engine, open_engine
from conformance.corpus import Case, load_corpus
from conformance.engine import (
    Engine,
    EngineError,
    EngineInfo,
    EngineLoadError,
    EngineSkipped,
    engine_info,
    reference_plugin,
)
from conformance.fuzz.riichi_deals import deal, engine_request
from conformance.lint import lint
from conformance.replay_bench import (
    bench_real_replay,
    bench_replay,
    default_logs,
    default_real_logs,
)
from conformance.runner import run
from conformance.subprocess_engine import SubprocessEngine
from conformance.usage import Parser
from spec.throughput import (
    LABEL,
    REPEATS,
    Batch,
    Measure,
    at_least_one,
    compared,
    heading,
    measure,
    repeated,
    report,
)
from spec.tiles import Tile, format_tiles

PEERS = ("mahjong", "riichienv", "jansou", "cmajiang", "pyriichi", "mahjong-utils")

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


def random_complete_hand(
    rng: random.Random, sets: int = 5, suits: tuple[int, ...] = (0, 1, 2), honours: bool = True
) -> str:
    """A random complete concealed hand: ``sets`` sets and a pair, at most 4 copies each,
    of the ``suits`` given (0 characters, 1 dots, 2 bamboo) and the honours if wanted."""
    kinds = [suit * 9 + rank for suit in suits for rank in range(9)]
    kinds += list(range(27, 34)) if honours else []
    while True:
        counts = [0] * 34
        tiles: list[Tile] = []
        for _ in range(sets):
            if rng.random() < 0.6:
                start = rng.choice(suits) * 9 + rng.randrange(7)
                group = [start, start + 1, start + 2]
            else:
                tile = rng.choice(kinds)
                group = [tile] * 3
            tiles += [Tile(t) for t in group]
            for t in group:
                counts[t] += 1
        pair = rng.choice(kinds)
        counts[pair] += 2
        tiles += [Tile(pair)] * 2
        if max(counts) <= 4:
            rng.shuffle(tiles)
            return format_tiles(tiles)


STARTS = "(each batch starts and stops the engine; CPU: this process's and the engine's)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python -m conformance.bench")  # a repeated option is refused
    parser.add_argument("--hands", type=at_least_one, default=3000, help="scored hands per batch")
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--docs", action="store_true", help="also time a cold docs build")
    parser.add_argument(
        "--games",
        type=at_least_one,
        default=None,
        help="replay only the first GAMES games of each log",
    )
    parser.add_argument(
        "--part-games",
        type=at_least_one,
        default=3,
        help="replay the first PART_GAMES games of each log by part (the first one counted)",
    )
    parser.add_argument(
        "--logs", type=Path, default=None, help="the folder of the fixed replay logs"
    )
    parser.add_argument(
        "--real-logs", type=Path, default=None, help="the folder of the real Tenhou games"
    )
    args = parser.parse_args(argv)
    print(heading(REPEATS))
    bench_corpus()
    bench_protocol(max(100, args.hands * 7))
    for variant in ("riichi", "riichi-sanma"):
        bench_scoring(variant, args.seed, args.hands)
    bench_unpeered_scoring(args.seed, args.hands)
    bench_replay(args.logs or default_logs(), args.games, args.part_games)
    bench_real_replay(args.real_logs or default_real_logs())
    if args.docs:
        bench_docs()
    return 0


def children_cpu() -> float:
    """The CPU seconds of this process's ended children, with what they reaped (a
    subprocess engine's shepherd and the engine, once stopped); 0 where the system cannot
    say."""
    try:
        import resource
    except ImportError:
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def with_children() -> float:
    """A CPU clock for work done through a subprocess engine that is stopped at the end of
    each batch: this process's CPU time and that of its ended children."""
    return time.process_time() + children_cpu()


def bench_corpus() -> None:
    print("corpus")
    cpu_started, started = time.process_time(), time.perf_counter()
    corpus = load_corpus()
    lint(corpus)
    count = len(corpus.cases)
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    first = Measure((Batch(count, wall, cpu),))
    print(report("load + validate + lint, first in the process", "fixtures", first))
    again = repeated(count, REPEATS, _lint_loaded)
    print(report("load + validate + lint, again", "fixtures", again))
    engine = reference_plugin()
    whole = repeated(count, REPEATS, partial(_run_all, engine, engine_info(engine), corpus.cases))
    print(report("whole corpus, in-process runner", "cases", whole))
    served = SubprocessEngine([sys.executable, "-m", "conformance.cli", "serve"])
    try:
        info = engine_info(served)
        served.close()  # each batch starts it, and stops it (as mjspec run does)
        work = partial(_run_all, served, info, corpus.cases)
        whole = repeated(count, REPEATS, work, with_children)
        print(report("whole corpus, reference as a subprocess", "cases", whole, STARTS))
    finally:
        served.close()


def _lint_loaded() -> None:
    lint(load_corpus())


def _run_all(engine: Engine, info: EngineInfo, cases: Sequence[Case]) -> None:
    run(engine, info, cases)


def bench_protocol(count: int = 20_000) -> None:
    print("protocol")
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "trivial_engine.py"
        script.write_text(TRIVIAL_ENGINE, encoding="utf-8")
        engine = SubprocessEngine([sys.executable, str(script)])
        request = {"variant": "taiwanese", "kind": "score", "given": {"concealed": "1m"}}
        try:
            work = partial(_round_trips, engine, request, count)
            trips = repeated(count, REPEATS, work, with_children)
            print(report("trivial subprocess engine, round trips", "cases", trips, STARTS))
        finally:
            engine.close()


def _round_trips(engine: SubprocessEngine, request: dict[str, Any], count: int) -> None:
    """``count`` requests from the engine's start to its stop."""
    for _ in range(count):
        engine.evaluate(request)
    engine.close()


def _requests(variant: str, seed: int, count: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [engine_request(deal(rng, variant)) for _ in range(count)]


def _answer_all(engine: Any, requests: Sequence[dict[str, Any]]) -> None:
    _answered(engine, requests)


def _answered(engine: Any, requests: Sequence[dict[str, Any]]) -> int:
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
    print(
        f"{variant} scoring, {REPEATS} batches of {count} random wins (every yaku family,"
        " open and closed)"
    )
    batches = [_requests(variant, seed + k, count) for k in range(REPEATS)]
    engine = reference_plugin()
    _answered(engine, batches[0])  # warmed on the first batch like each peer below
    ours = measure(batches, partial(_answer_all, engine))
    print(report("mjspec reference", "hands", ours))
    ours_prepared = measure(_prepared(engine, batches), _call_all)
    print(report("  the same, inputs prepared (parsed wins)", "hands", ours_prepared))
    for name in PEERS:
        try:
            peer = open_engine(name)
            info = engine_info(peer)
        except EngineLoadError:
            print(f"  {name:<{LABEL}} {'not installed':>10}")
            continue
        if not info.supports(variant, "score"):
            close_engine(peer)
            continue
        answered = _answered(peer, batches[0])
        theirs = measure(batches, partial(_answer_all, peer))
        close_engine(peer)
        note = compared(ours, theirs, name)
        if answered < count:
            note += f" ({count - answered} skipped by the adapter)"
        print(report(f"{info.name} {info.version}", "hands", theirs, note))
        if callable(getattr(peer, "prepared", None)):
            direct = measure(_prepared(peer, batches), _call_all)
            note = f"{compared(ours_prepared, direct, name)}, both prepared"
            print(report("  the same, the package alone (inputs prepared)", "hands", direct, note))


def _prepared(
    engine: Any, batches: Sequence[Sequence[dict[str, Any]]]
) -> list[list[Callable[[], object]]]:
    """An in-process engine's own calls for every request, their inputs read beforehand
    (the optional ``prepared(request)`` of an engine)."""
    return [[engine.prepared(request) for request in batch] for batch in batches]


def _call_all(calls: Sequence[Callable[[], object]]) -> None:
    for call in calls:
        call()


def bench_unpeered_scoring(seed: int, count: int) -> None:
    """The variants no installed peer scores: Taiwanese (five sets and a pair), classical
    Chinese, classic European and Sichuan (four sets and a pair; Sichuan in two suits,
    its void the third), on random concealed self-drawn hands."""
    engine = reference_plugin()
    for variant, extra, hand_of in (
        ("taiwanese", {"table": {"discards": 20}}, partial(random_complete_hand, sets=5)),
        ("classical-chinese", {}, partial(random_complete_hand, sets=4)),
        ("european-classic", {}, partial(random_complete_hand, sets=4)),
        (
            "sichuan",
            {"void": "m"},
            partial(random_complete_hand, sets=4, suits=(1, 2), honours=False),
        ),
    ):
        print(f"{variant} scoring, {REPEATS} batches of {count} (no peer scores these rules)")
        batches = [
            _unpeered_requests(random.Random(seed + k), count, variant, extra, hand_of)
            for k in range(REPEATS)
        ]
        scored = measure(batches, partial(_answer_all, engine))
        print(report("random concealed hands", "hands", scored))


def _unpeered_requests(
    rng: random.Random,
    count: int,
    variant: str,
    extra: dict[str, Any],
    hand_of: Callable[[random.Random], str],
) -> list[dict[str, Any]]:
    given = {"win": {"by": "self-draw"}, "seat": "south", **extra}
    return [
        {"variant": variant, "kind": "score", "given": {"concealed": hand_of(rng), **given}}
        for _ in range(count)
    ]


def bench_docs() -> None:
    """A cold build of the site, by wall clock and by the CPU time of its processes (Sphinx
    builds in parallel: more CPU than wall)."""
    print("docs")
    root = Path(__file__).resolve().parent.parent / "docs"
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "sphinx", "-q", "-j", "auto", "-b", "html"]
        command += [str(root), out]
        used = children_cpu()
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, check=False)
        seconds = time.perf_counter() - started
        cpu = children_cpu() - used
    status = "" if done.returncode == 0 else f" (exit {done.returncode})"
    print(f"  {'cold docs build':<{LABEL}} {seconds:>10.1f} s wall, {cpu:.1f} s CPU{status}")


if __name__ == "__main__":
    raise SystemExit(main())
