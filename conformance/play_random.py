"""``mjspec play-random``: long random-play runs of an engine, checked from outside.

Each deal is a play request with a seeded wall and the engine's own seeded agents
(``agents: {policy: random, seed}``), which play the hand to its end and answer with the
script they played. Every hand is then checked: it ended (a result, within 1,000 actions);
its payments add up to nothing; every riichi stick put down is either collected or left on
the table; the script, sent back as an ordinary scripted request, is accepted to its last
action and ends the same way (the engine's agents played only actions the engine itself
allows, and it plays a hand the same way twice); and, for an engine other than the
reference, the reference engine accepts the same script and ends it the same way. A hand
failing any of these is a finding with its deal and seeds, so it can be played again.
Deals are cut into shards (:mod:`conformance.campaign`): ``--workers`` and ``--dask`` give
the same report. On a terminal, a progress line on standard error counts the hands played
(:mod:`conformance.progress`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from conformance.campaign import (
    SHARDS_PER_WORKER,
    SMALL_SHARDS_PER_WORKER,
    CampaignError,
    Done,
    Start,
    add_campaign_arguments,
    run_campaign,
)
from conformance.connect import EngineSpec, add_time_limits, close_engine, open_engine
from conformance.engine import (
    Engine,
    EngineError,
    EngineLoadError,
    EngineSkipped,
    engine_info,
    reference_plugin,
    warm_play,
)
from conformance.progress import add_progress_argument, progress_for
from conformance.usage import variant_id

RIICHI_DEPOSIT = 1000
REFERENCE = "reference"
AGENT_SEEDS = 2**31  # an agents seed is below this (the scenario schema's bound)


@dataclass(frozen=True)
class Deal:
    """One deal of a run: its index and the seeds of its wall and its agents."""

    index: int
    wall_seed: int
    agent_seed: int


def deals(seed: int, count: int) -> list[Deal]:
    """The run's deals: deal ``i`` plays the wall of seed ``seed + i`` with agents seeded
    from it (so two runs of different seeds share no deal)."""
    return [Deal(i, seed + i, ((seed + i) * 7919 + 1) % AGENT_SEEDS) for i in range(count)]


@dataclass(frozen=True)
class Played:
    """One deal's hand: how it ended (``reason``), its length, and what was wrong."""

    deal: Deal
    reason: str = ""
    actions: int = 0
    problems: tuple[str, ...] = ()


@dataclass
class Report:
    engine: str
    variant: str
    hands: list[Played] = field(default_factory=list)

    @property
    def findings(self) -> list[Played]:
        return [hand for hand in self.hands if hand.problems]


def _request(variant: str, given: Mapping[str, Any]) -> dict[str, Any]:
    return {"variant": variant, "kind": "play", "given": dict(given)}


def _end(outcome: Mapping[str, Any]) -> Mapping[str, Any] | None:
    result = outcome.get("result")
    return result if isinstance(result, Mapping) else None


def _same_end(first: Mapping[str, Any], second: Mapping[str, Any]) -> bool:
    keys = ("end", "reason", "payments", "deposits", "sticks_left")
    seats = sorted(str(w.get("seat")) for w in first.get("winners", ()) if isinstance(w, Mapping))
    again = sorted(str(w.get("seat")) for w in second.get("winners", ()) if isinstance(w, Mapping))
    return seats == again and all(first.get(key) == second.get(key) for key in keys)


def check_hand(engine: Engine, reference: Engine | None, variant: str, deal: Deal) -> Played:
    """Play one deal with the engine's agents and check the hand from outside."""
    given = {"wall": {"seed": deal.wall_seed}, "actions": [], "agents": {"seed": deal.agent_seed}}
    try:
        outcome = engine.evaluate(_request(variant, {**given, "trace": "last"}))
    except (EngineError, EngineSkipped) as error:
        return Played(deal, problems=(f"engine: {error}",))
    if "error" in outcome:
        said = outcome["error"]
        return Played(deal, problems=(f"error {said.get('code')}: {said.get('message')}",))
    script = outcome.get("script")
    result = _end(outcome)
    if not isinstance(script, list) or not all(isinstance(a, str) for a in script):
        return Played(deal, problems=("no script of the actions played (agents unsupported?)",))
    if result is None:
        return Played(deal, actions=len(script), problems=("the hand did not end",))
    problems = _result_problems(result)
    scripted = {"wall": given["wall"], "actions": script, "trace": "last"}
    for name, judge in (("the engine", engine), ("the reference", reference)):
        if judge is None:
            continue
        try:
            again = judge.evaluate(_request(variant, scripted))
        except (EngineError, EngineSkipped) as error:
            problems.append(f"{name} replaying the script: {error}")
            continue
        illegal = again.get("illegal")
        if "error" in again:
            said = again["error"]
            problems.append(f"{name} refuses the script: {said.get('code')}: {said.get('message')}")
        elif isinstance(illegal, Mapping):
            step = illegal.get("after")
            action = script[step] if isinstance(step, int) and step < len(script) else "?"
            problems.append(f"{name} refuses action {step} ({action}): {illegal.get('message')}")
        elif _end(again) is None or not _same_end(result, _end(again) or {}):
            problems.append(f"{name} ends the script otherwise: {_end(again)} vs {dict(result)}")
    reason = str(result.get("reason") or result.get("end"))
    return Played(deal, reason, len(script), tuple(problems))


def _result_problems(result: Mapping[str, Any]) -> list[str]:
    """What is wrong with a hand's result on its own: payments that do not add up to
    nothing, sticks that appear or vanish (no stick was on the table at the deal)."""
    problems = []
    payments = result.get("payments")
    if isinstance(payments, Mapping) and sum(int(v) for v in payments.values()) != 0:
        problems.append(f"payments add up to {sum(int(v) for v in payments.values())}")
    deposits = result.get("deposits")
    if isinstance(deposits, Mapping):
        left = int(result.get("sticks_left", 0) or 0)
        total = sum(int(v) for v in deposits.values())
        if total + RIICHI_DEPOSIT * left != 0:
            problems.append(f"deposits add up to {total} with {left} sticks left on the table")
    return problems


def play_deals(spec: EngineSpec, variant: str, plan: Sequence[Deal]) -> list[Played]:
    """Play consecutive deals with an engine of their own (run in a worker); the reference
    engine is this process's own, loaded once (finding a plugin reads every installed
    package's entry points: about 4 ms, a third of a random hand, for each of 50 shards on a
    terminal)."""
    if spec.name == REFERENCE:
        engine, reference = reference_plugin(), None
    else:
        engine = open_engine(spec.name, timeout=spec.timeout, start_timeout=spec.start_timeout)
        reference = reference_plugin()
    try:
        return [check_hand(engine, reference, variant, deal) for deal in plan]
    finally:
        close_engine(engine)


def play_random(
    engine: EngineSpec,
    variant: str,
    plan: Sequence[Deal],
    *,
    workers: int = 1,
    dask: str | None = None,
    done: Done | None = None,
) -> Report:
    """The run's report, the same however the deals are cut and run (local workers are
    forked once the reference engine has played a hand of the variant: they inherit its
    tables; an engine under test is opened by each shard, so its shards are fewer); ``done``
    counts the deals played as each shard finishes."""
    report = Report(engine.name, variant)
    shards = SMALL_SHARDS_PER_WORKER if engine.name == REFERENCE else SHARDS_PER_WORKER
    report.hands = run_campaign(
        partial(play_deals, engine, variant),
        plan,
        workers=workers,
        dask=dask,
        start=Start(partial(warm_play, variant), shards),
        done=done,
    )
    return report


def add_play_random_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's options (the engine's time limits last: ``mjspec run``'s)."""
    parser.add_argument(
        "--engine", default=REFERENCE, help="as for mjspec run (default: reference)"
    )
    parser.add_argument("--variant", required=True, help="the variant to play")
    parser.add_argument("--deals", type=int, default=100, help="hands to play (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's wall seed")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    add_campaign_arguments(parser, "play")
    add_progress_argument(parser)
    add_time_limits(parser)


def play_random_command(args: argparse.Namespace) -> int:
    """Play the deals; exit 0 when every hand passes its checks, 1 on a finding."""
    if not 0 < args.deals <= 1_000_000 or not 0 <= args.seed < 2**31 - args.deals:
        print("usage: --deals is 1 to 1,000,000 and --seed a whole number from 0", file=sys.stderr)
        return 2
    variant = variant_id(args.variant)
    try:
        engine = open_engine(args.engine, timeout=args.timeout, start_timeout=args.start_timeout)
        try:
            info = engine_info(engine)
        finally:
            close_engine(engine)
    except EngineLoadError as error:
        print(f"{error.code}: {error}", file=sys.stderr)
        return 2
    if not info.supports(variant, "play"):
        print(f"usage: {info.name} does not play {variant} hands (kind play)", file=sys.stderr)
        return 2
    started = time.perf_counter()
    progress = progress_for(args.deals, "hands", wanted=args.progress)
    try:
        report = play_random(
            EngineSpec(args.engine, args.timeout, args.start_timeout),
            variant,
            deals(args.seed, args.deals),
            workers=args.workers,
            dask=args.dask,
            done=progress.advance if progress else None,
        )
    except CampaignError as error:
        print(f"campaign: {error}", file=sys.stderr)
        return 2
    except EngineLoadError as error:
        print(f"{error.code}: {error}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - started
    if args.format == "json":
        print(json.dumps(_as_json(report), indent=1))
    else:
        _print_text(report, seconds)
    return 1 if report.findings else 0


def _as_json(report: Report) -> dict[str, Any]:
    return {
        "engine": report.engine,
        "variant": report.variant,
        "hands": len(report.hands),
        "ends": dict(sorted(Counter(hand.reason for hand in report.hands).items())),
        "findings": [
            {
                "deal": hand.deal.index,
                "wall_seed": hand.deal.wall_seed,
                "agent_seed": hand.deal.agent_seed,
                "problems": list(hand.problems),
            }
            for hand in report.findings
        ],
    }


def _print_text(report: Report, seconds: float) -> None:
    ends = Counter(hand.reason for hand in report.hands)
    actions = sum(hand.actions for hand in report.hands)
    print(f"{report.engine}, {report.variant}: {len(report.hands)} hands")
    print("  ends: " + ", ".join(f"{n} {reason}" for reason, n in sorted(ends.items())))
    for hand in report.findings:
        deal = hand.deal
        print(f"  deal {deal.index} (wall seed {deal.wall_seed}, agents {deal.agent_seed}):")
        for problem in hand.problems:
            print(f"    {problem}")
    rate = len(report.hands) / seconds if seconds else 0.0
    print(
        f"{len(report.hands)} hands, {actions} actions, {len(report.findings)} findings "
        f"in {seconds:.1f} s ({rate:,.0f} hands/s)"
    )
