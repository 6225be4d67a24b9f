"""Throughput benchmarks, printed side by side and never asserted (``nox -s bench``).

In one process and on the same seeded inputs: loading + validating the corpus, the whole
corpus in-process and through the JSON Lines protocol (the reference engine as a
subprocess), the protocol itself with a trivial subprocess engine, scoring random riichi
wins (four and three players) by the reference engine and by every installed peer
(through the same engine interface, request translation included on both sides),
Taiwanese and classical Chinese scoring (no peer), and optionally the cold docs build.
Each figure is the fastest of three runs. The reference engine's own figures (shanten,
random play) are ``python -m reference_engine.bench``; ``nox -s bench`` runs both.
"""

from __future__ import annotations

import json
import platform
import random
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from conformance.connect import close_engine, open_engine
from conformance.corpus import load_corpus
from conformance.engine import (
    Engine,
    EngineError,
    EngineLoadError,
    EngineSkipped,
    engine_info,
    reference_plugin,
)
from conformance.fuzz.riichi_deals import deal, engine_request
from conformance.lint import lint
from conformance.replay.mjai import LoggedHand, parse_mjai
from conformance.replay.replay import replay_hand
from conformance.replay.rules import finder_for
from conformance.runner import run
from conformance.subprocess_engine import SubprocessEngine
from conformance.usage import Parser
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
    parser = Parser(prog="python -m conformance.bench")  # a repeated option is refused
    parser.add_argument("--hands", type=int, default=3000, help="scored hands per variant")
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--docs", action="store_true", help="also time a cold docs build")
    parser.add_argument("--games", type=int, default=3, help="riichienv games replayed per size")
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
    bench_unpeered_scoring(args.seed, args.hands)
    bench_replay(args.games)
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
    engine = reference_plugin()
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
    engine = reference_plugin()
    ours = rate_over(batches, partial(_answer_all, engine))
    line("mjspec reference", ours, "hands/s")
    ours_prepared = rate_over(_prepared(engine, batches), _call_all)
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
        if callable(getattr(peer, "prepared", None)):
            direct = rate_over(_prepared(peer, batches), _call_all)
            note = f"mjspec/{name} = {ours_prepared / direct:.2f}x, both prepared"
            line("  the same, the package alone (inputs prepared)", direct, "hands/s", note)


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
        print(f"{variant} scoring (no peer scores these rules)")
        batches = [
            _unpeered_requests(random.Random(seed + k), count, variant, extra, hand_of)
            for k in range(REPEATS)
        ]
        per_second = rate_over(batches, lambda batch: [engine.evaluate(r) for r in batch])
        line("random concealed hands", per_second, "hands/s")


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


def bench_replay(games: int) -> None:
    """``mjspec replay``'s work (a log read, each hand converted and played on the reference
    engine) on riichienv games of uniformly random agents, beside riichienv playing them."""
    try:
        import riichienv  # type: ignore[import-untyped]  # a compiled module without stubs
    except ImportError:
        print("replay: riichienv is not installed (the adapters extra)")
        return
    print(f"replay of riichienv games ({games} per table size, random agents), deals/s")
    engine = reference_plugin()
    for variant, mode in (("riichi-tenhou", "4p-red-half"), ("riichi-tenhou-sanma", "3p-red-half")):
        lines: list[str] = []
        started = time.perf_counter()
        for seed in range(games):
            rng = random.Random(seed)
            env = riichienv.RiichiEnv(game_mode=mode, seed=seed)
            observations = env.reset()
            while not env.done():
                observations = env.step(
                    {pid: rng.choice(o.legal_actions()) for pid, o in observations.items()}
                )
            lines += [json.dumps(event) for event in env.mjai_log]
        played = time.perf_counter() - started
        text = "\n".join(lines)
        hands = parse_mjai(text, "bench.jsonl")
        finder = finder_for(variant)
        agreed = sum(
            replay_hand(engine, h, variant, finder).verdict.value == "agrees" for h in hands
        )
        per_second, _ = rate(len(hands), partial(_replay_all, engine, hands, variant))
        peer = len(hands) / played
        line(
            f"{variant}: {len(hands)} deals",
            per_second,
            "deals/s",
            f"riichienv plays them at {peer:,.0f}/s, logging ({per_second / peer:.2f}x);"
            f" {agreed}/{len(hands)} agree",
        )


def _replay_all(engine: Engine, hands: Sequence[LoggedHand], variant: str) -> None:
    finder = finder_for(variant)
    for hand in hands:
        replay_hand(engine, hand, variant, finder)


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
