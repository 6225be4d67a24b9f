"""Throughput benchmarks, printed side by side and never asserted (``nox -s bench``).

In one process and on the same seeded inputs: loading + validating the corpus, the whole
corpus in-process and through the JSON Lines protocol (the reference engine as a
subprocess), the protocol itself with a trivial subprocess engine, scoring random riichi
wins (four and three players) by the reference engine and by every installed peer
(through the same engine interface, request translation included on both sides),
Taiwanese, classical Chinese, classic European and Sichuan scoring (no peer), replay of the
fixed logs in ``tests/bench_logs`` (beside riichienv replaying the same games), replay of
the real Tenhou games in ``tests/real_logs`` (as mjlog and as Tenhou JSON) and optionally
the cold docs build. Every batch is run and printed, each figure by wall clock
and by CPU time, the engine's processes included where it is a subprocess
(:mod:`spec.throughput`). The reference engine's own figures (shanten, random play) are
``python -m reference_engine.bench``; ``nox -s bench`` runs both.
"""

from __future__ import annotations

import gzip
import random
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Mapping, Sequence
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
from conformance.problems import Problem, ProblemsError
from conformance.replay.convert import replayable
from conformance.replay.mjai import LoggedHand, parse_mjai
from conformance.replay.replay import Verdict, replay_hand
from conformance.replay.rules import finder_for
from conformance.replay_cli import read_log as read_archive
from conformance.runner import run
from conformance.subprocess_engine import SubprocessEngine
from conformance.usage import Parser
from spec.throughput import (
    LABEL,
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


REPEATS = 3
STARTS = "(each batch starts and stops the engine; CPU: this process's and the engine's)"
REPLAY_LOGS = {  # the variant replayed on each fixed log of tests/bench_logs
    "riichi-tenhou": "riichienv-4p-tenhou.jsonl.gz",
    "riichi-tenhou-sanma": "riichienv-3p-tenhou.jsonl.gz",
}

REAL_VARIANT = "riichi-tenhou"  # the real games' rules (four players, red fives: GO type 0xa9)
REAL_FORMATS = {"mjlog": "*.mjlog", "Tenhou JSON": "*.json"}  # each format's files


def default_logs(where: Path = Path("tests", "bench_logs")) -> Path:
    """``where`` (``tests/bench_logs``) in the current folder (nox runs from the
    repository's root), else in the checkout this module is in (an editable install)."""
    beside = Path(__file__).resolve().parent.parent / where
    return where if where.is_dir() or not beside.is_dir() else beside


def default_real_logs() -> Path:
    """The real games shipped under ``tests/real_logs``."""
    return default_logs(Path("tests", "real_logs", "mjx"))


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
    bench_replay(args.logs or default_logs(), args.games)
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


def read_log(path: Path, games: int | None) -> str:
    """The MJAI text of a gzipped log, cut before its game number ``games`` (0-based)
    when a count is given."""
    with gzip.open(path, "rt", encoding="utf-8") as log:
        lines = log.read().splitlines()
    if games is not None:
        starts = [n for n, text in enumerate(lines) if '"start_game"' in text]
        lines = lines[: starts[games]] if games < len(starts) else lines
    return "\n".join(lines) + "\n"


def bench_replay(folder: Path, games: int | None) -> None:
    """``mjspec replay``'s work (the log parsed, each hand converted, played on the
    reference engine and its end compared) on the fixed logs of ``folder`` (made once, see
    its README, so that every run times the same deals), beside riichienv replaying the
    same games."""
    which = "all the games" if games is None else f"the first {games} game(s)"
    print(f"replay of the fixed logs in {folder} ({which} of each), {REPEATS} runs each")
    engine = reference_plugin()
    for variant, name in REPLAY_LOGS.items():
        try:
            text = read_log(folder / name, games)
        except (OSError, EOFError, UnicodeDecodeError) as error:  # gone, not gzip, cut short
            words = getattr(error, "strerror", None) or error
            print(f"  {variant}: cannot read {folder / name}: {words}")
            continue
        try:
            hands = parse_mjai(text, name)
            scripted = sum(len(replayable(h, variant).request["given"]["actions"]) for h in hands)
        except ProblemsError as error:
            print(f"  {variant}: cannot replay {folder / name}: {error.problems[0]}")
            continue
        if not hands:
            print(f"  {variant}: no deal in {folder / name}")
            continue
        agreed: list[int] = []
        work = partial(_replay_all, engine, text, name, variant, scripted, agreed)
        ours = repeated(len(hands), REPEATS, work)
        peer = riichienv_replay(text, len(hands), hands[0].start.data)
        note = f"{name}: {min(agreed)}/{len(hands)} agree"
        if peer is not None:
            note += f"; {compared(ours, peer, 'riichienv')}"
        print(report(f"{variant}, {len(hands)} deals", "deals", ours, note))
        if peer is not None:
            label = "  riichienv, MjaiReplay of the same games"
            print(report(label, "deals", peer, "(actions: every seat's steps)"))


def _replay_all(
    engine: Engine,
    text: str,
    name: str,
    variant: str,
    scripted: int,
    agreed: list[int],
) -> int:
    """A log replayed hand by hand; the number of hands that agree appended to ``agreed``;
    the actions played (the log's and the passes added to them)."""
    finder = finder_for(variant)
    replays = [replay_hand(engine, hand, variant, finder) for hand in parse_mjai(text, name)]
    agreed.append(sum(r.verdict is Verdict.AGREES for r in replays))
    return scripted + sum(r.passes for r in replays)


def bench_real_replay(folder: Path) -> None:
    """``mjspec replay``'s work on real games (each file read and parsed, each hand
    converted, played on the reference engine and its end compared): the games of
    ``folder`` in mjlog and the same games in Tenhou JSON, each format a figure."""
    print(f"replay of the real Tenhou games in {folder}, {REPEATS} runs of each format")
    engine = reference_plugin()
    for label, pattern in REAL_FORMATS.items():
        paths = sorted(folder.glob(pattern))
        try:
            hands, unread = _real_hands(paths)
            scripted = sum(
                len(replayable(h, REAL_VARIANT).request["given"]["actions"]) for h in hands
            )
        except ProblemsError as error:
            print(f"  {label}: cannot replay {folder}: {error.problems[0]}")
            continue
        if not hands:
            why = f" ({unread[0]})" if unread else ""
            print(f"  {label}: no deal in {folder / pattern}{why}")
            continue
        agreed: list[int] = []
        work = partial(_replay_real, engine, paths, scripted, agreed)
        ours = repeated(len(hands), REPEATS, work)
        note = f"{len(paths)} games: {min(agreed)}/{len(hands)} agree"
        note += f", {len(unread)} hands unread" if unread else ""
        print(report(f"real games, {label}, {len(hands)} deals", "deals", ours, note))


def _real_hands(paths: Sequence[Path]) -> tuple[list[LoggedHand], list[Problem]]:
    """The hands of the files at ``paths`` (any format ``mjspec replay`` reads), and the
    problems of those that could not be read."""
    hands: list[LoggedHand] = []
    unread: list[Problem] = []
    for path in paths:
        read, problems = read_archive(path, path.name, "auto")
        hands += read
        unread += problems
    return hands, unread


def _replay_real(engine: Engine, paths: Sequence[Path], scripted: int, agreed: list[int]) -> int:
    """The files read and their hands replayed; the number of hands that agree appended to
    ``agreed``; the actions played (the logs' and the passes added to them)."""
    finder = finder_for(REAL_VARIANT)
    hands, _ = _real_hands(paths)
    replays = [replay_hand(engine, hand, REAL_VARIANT, finder) for hand in hands]
    agreed.append(sum(r.verdict is Verdict.AGREES for r in replays))
    return scripted + sum(r.passes for r in replays)


def riichienv_replay(text: str, deals: int, start: Mapping[str, Any]) -> Measure | None:
    """riichienv replaying an MJAI log (``MjaiReplay``, every seat's steps through each
    deal), :data:`REPEATS` runs; None without riichienv."""
    try:
        import riichienv  # type: ignore[import-untyped]  # a compiled module without stubs
    except ImportError:
        return None
    players = len(start.get("tehais", ()))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "log.jsonl"
        path.write_text(text, encoding="utf-8")
        work = partial(_riichienv_steps, riichienv.MjaiReplay, str(path), players)
        return repeated(deals, REPEATS, work)


def _riichienv_steps(replay: Any, path: str, players: int) -> int:
    steps = 0
    for kyoku in replay.from_jsonl(path).take_kyokus():
        for seat in range(players):
            steps += sum(1 for _ in kyoku.steps(seat))
    return steps


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
