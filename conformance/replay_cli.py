"""``mjspec replay``: other engines' game logs replayed on the reference play engine.

Each hand of each log is replayed (:mod:`conformance.replay.replay`); the report gives, per
game, how many hands agree, and for each hand that does not, its first divergence: the log's
line, the step, the log's action and the engine's answer. A malformed log is a located,
coded problem (exit 1), never a traceback. Reads MJAI event logs (JSON Lines).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from conformance.engine import reference_plugin
from conformance.problems import ProblemsError
from conformance.replay.mjai import read_mjai
from conformance.replay.replay import HandReplay, Verdict, replay_hand
from spec.errors import RuleError
from spec.profile import find_profile


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("logs", nargs="+", metavar="LOG", help="MJAI event logs (JSON Lines)")
    parser.add_argument(
        "--variant",
        required=True,
        help="the rule set the games were played by: riichi, riichi-sanma",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")


def _shown(replay: HandReplay) -> dict[str, object]:
    hand = replay.hand
    return {
        "file": hand.file,
        "game": hand.game + 1,
        "hand": hand.number + 1,
        "start_line": hand.start.line,
        "line": replay.line or hand.start.line,
        "verdict": replay.verdict.value,
        "step": replay.step,
        "log": replay.logged,
        "engine": replay.engine,
        "passes_added": replay.passes,
    }


def replay_command(args: argparse.Namespace) -> int:
    """Replay every hand; exit 0 when all agree, 1 on a divergence or a malformed log."""
    try:
        variant = find_profile(args.variant).variant
    except RuleError as error:
        print(f"{error.code}: {error.message}", file=sys.stderr)
        return 2
    engine = reference_plugin()
    replays: list[HandReplay] = []
    problems = 0
    for name in args.logs:
        try:
            hands = read_mjai(Path(name), display=name)
        except ProblemsError as error:
            for problem in error.problems:
                print(problem, file=sys.stderr)
            problems += len(error.problems)
            continue
        for hand in hands:
            try:
                replays.append(replay_hand(engine, hand, variant))
            except ProblemsError as error:
                for problem in error.problems:
                    print(problem, file=sys.stderr)
                problems += len(error.problems)
    if args.format == "json":
        print(json.dumps({"hands": [_shown(r) for r in replays], "problems": problems}, indent=1))
    else:
        _print_text(replays, problems)
    agreed = all(r.verdict is Verdict.AGREES for r in replays)
    return 0 if agreed and not problems else 1


def _print_text(replays: list[HandReplay], problems: int) -> None:
    games: dict[tuple[str, int], list[HandReplay]] = {}
    for replay in replays:
        games.setdefault((replay.hand.file, replay.hand.game), []).append(replay)
    for (file, game), hands in games.items():
        counts = Counter(r.verdict.value for r in hands)
        summary = ", ".join(f"{n} {verdict}" for verdict, n in sorted(counts.items()))
        print(f"{file} game {game + 1}: {len(hands)} hands: {summary}")
        for r in hands:
            if r.verdict is Verdict.AGREES:
                continue
            step = f" step {r.step}" if r.step is not None else ""
            print(f"  {r.where}: hand {r.hand.number + 1}{step}: {r.verdict.value}")
            if r.logged:
                print(f"    log:    {r.logged}")
            print(f"    engine: {r.engine}")
    totals = Counter(r.verdict.value for r in replays)
    print(
        f"{len(replays)} hands replayed: "
        + ", ".join(f"{n} {verdict}" for verdict, n in sorted(totals.items()))
        + (f"; {problems} problems in the logs" if problems else "")
    )
