"""Replay throughput (``python -m conformance.bench``, ``nox -s bench``): ``mjspec replay``'s
work on the fixed logs of ``tests/bench_logs`` beside riichienv replaying the same games,
the same work by part with what bounds it (:mod:`spec.parts`), and the real Tenhou games of
``tests/real_logs`` (as mjlog and as Tenhou JSON). Every run is printed, each figure by wall
clock and by CPU time (:mod:`spec.throughput`).
"""

from __future__ import annotations

import gzip
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from conformance.engine import Engine, reference_plugin
from conformance.problems import Problem, ProblemsError
from conformance.replay import replay as replay_module
from conformance.replay.convert import replayable
from conformance.replay.mjai import LoggedHand, parse_mjai
from conformance.replay.replay import Verdict, replay_hand
from conformance.replay.rules import finder_for
from conformance.replay_cli import read_log as read_archive
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
from spec.throughput import REPEATS, Measure, compared, repeated, report, timed

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


def read_log(path: Path, games: int | None) -> str:
    """The MJAI text of a gzipped log, cut before its game number ``games`` (0-based)
    when a count is given."""
    with gzip.open(path, "rt", encoding="utf-8") as log:
        lines = log.read().splitlines()
    if games is not None:
        starts = [n for n, text in enumerate(lines) if '"start_game"' in text]
        lines = lines[: starts[games]] if games < len(starts) else lines
    return "\n".join(lines) + "\n"


def bench_replay(folder: Path, games: int | None, part_games: int = 3) -> None:
    """``mjspec replay``'s work (the log parsed, each hand converted, played on the
    reference engine and its end compared) on the fixed logs of ``folder`` (made once, see
    its README, so that every run times the same deals), beside riichienv replaying the
    same games; then the first ``part_games`` games of each by part."""
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
    bench_replay_parts(folder, part_games if games is None else min(games, part_games))


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


# The parts of a replay: the calls _replay_all and replay_hand make, the engine's answers
# cut in two by the same requests sent again without their actions.
READ = "reading the log (MJAI parsed)"
CONVERT = "each hand made a play request"
ENGINE_FIXED = "engine: request read, deal, last state"
ENGINE_ACTIONS = "engine: each action checked and applied"
COMPARE = "the end compared, the rules named"
REPLAY_PARTS = (READ, CONVERT, ENGINE_FIXED, ENGINE_ACTIONS, COMPARE)
PART_COLUMNS = {"riichi-tenhou": "riichi", "riichi-tenhou-sanma": "sanma"}


def bench_replay_parts(folder: Path, games: int) -> None:
    """Where the replay's time goes on the first ``games`` games of each fixed log (the
    first one counted), by part, and what bounds it."""
    print(f"replay by part, the first {games} game(s) of each log")
    engine = reference_plugin()
    overhead = measure_overhead()
    columns = []
    for variant, column in PART_COLUMNS.items():
        path = folder / REPLAY_LOGS[variant]
        try:
            texts = read_log(path, games), read_log(path, 1)
            columns.append((column, replay_parts(engine, variant, path.name, texts, overhead)))
        except (OSError, EOFError, UnicodeDecodeError, ProblemsError):
            print(f"  {variant}: not timed by part ({path} cannot be replayed: see above)")
    if columns:
        print(parts_table("deals", columns, overhead))
        print(how_measured(overhead, REPEATS, "the same games", "the first game"))


@dataclass(frozen=True)
class _TimedEngine:
    """An engine whose ``evaluate`` is a timed one."""

    engine: Engine
    evaluate: Callable[[Mapping[str, Any]], Mapping[str, Any]]

    def info(self) -> Mapping[str, Any]:
        return self.engine.info()


@contextmanager
def _timed_replay(
    clock: PartClock, engine: Engine, sent: list[Mapping[str, Any]]
) -> Iterator[Engine]:
    """While inside, the log's reading, the conversion and ``replay_hand`` timed by
    ``clock`` (this module's and the replay's names rebound), and ``engine`` with its
    answers timed (each request appended to ``sent``)."""

    def sending(request: Mapping[str, Any]) -> str:
        sent.append(request)
        return ENGINE_ACTIONS

    here = sys.modules[__name__]
    ours: dict[str, Callable[..., object]] = {
        "parse_mjai": clock.timed(parse_mjai, READ),
        "replay_hand": clock.timed(replay_hand, COMPARE),
    }
    converting: dict[str, Callable[..., object]] = {"replayable": clock.timed(replayable, CONVERT)}
    with wrapped(here, ours), wrapped(replay_module, converting):
        yield _TimedEngine(engine, clock.timed(engine.evaluate, sending))


def _without_actions(request: Mapping[str, Any]) -> Mapping[str, Any]:
    return {**request, "given": {**request["given"], "actions": []}}


def _answered_apart(
    engine: Engine, requests: Sequence[Mapping[str, Any]], counted: bool
) -> PartClock:
    """The engine's answers to ``requests`` without their actions, timed (or counted)
    as :data:`ENGINE_FIXED`."""
    clock = PartClock()
    evaluate = clock.timed(engine.evaluate, ENGINE_FIXED)
    emptied = [_without_actions(request) for request in requests]
    work = partial(_call_each, evaluate, emptied)
    if counted:
        clock.counted(work)
    else:
        work()
    return clock


def _call_each(
    call: Callable[[Mapping[str, Any]], object], inputs: Sequence[Mapping[str, Any]]
) -> None:
    for value in inputs:
        call(value)


def replay_parts(
    engine: Engine, variant: str, name: str, texts: tuple[str, str], overhead: Overhead
) -> Breakdown:
    """The replay of ``texts[0]`` (an MJAI log) by part: :data:`REPEATS` clean passes
    alternating with as many instrumented ones, and the calls and bytecodes counted on
    ``texts[1]`` (:mod:`spec.parts`)."""
    text, counted_text = texts
    work = partial(_replay_all, engine, text, name, variant, _scripted(text, name, variant), [])
    work()  # each hand met once before any pass
    items = len(parse_mjai(text, name))
    cleans, passes = [], []
    for _ in range(REPEATS):
        cleans.append(timed(items, work))
        clock, sent = PartClock(), list[Mapping[str, Any]]()
        with _timed_replay(clock, engine, sent) as timed_engine:
            passes.append(
                instrumented(clock, partial(_replay_all, timed_engine, text, name, variant, 0, []))
            )
    apart = _answered_apart(engine, sent, counted=False)
    for one in passes:
        one.clock.carve(ENGINE_ACTIONS, apart, ENGINE_FIXED)
    counting, sent = PartClock(), list[Mapping[str, Any]]()
    scripted = _scripted(counted_text, name, variant)
    with _timed_replay(counting, engine, sent) as timed_engine:
        work = partial(_replay_all, timed_engine, counted_text, name, variant, scripted, [])
        actions = counting.counted(work)
    counting.carve(ENGINE_ACTIONS, _answered_apart(engine, sent, counted=True), ENGINE_FIXED)
    return breakdown(cleans, passes, counting, actions, overhead, REPLAY_PARTS)


def _scripted(text: str, name: str, variant: str) -> int:
    """The actions of the log's hands, as their play requests script them."""
    hands = parse_mjai(text, name)
    return sum(len(replayable(h, variant).request["given"]["actions"]) for h in hands)


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
