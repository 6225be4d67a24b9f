"""``mjspec fuzz``: an engine compared with the reference on random riichi wins, in shards
(:mod:`conformance.fuzz.shards`); each new disagreement written as a proposed fixture."""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from conformance.campaign import (
    SHARDS_PER_WORKER,
    SMALL_SHARDS_PER_WORKER,
    CampaignError,
    add_campaign_arguments,
    shard_count,
)
from conformance.connect import EngineSpec, add_time_limits, close_engine, open_engine
from conformance.engine import REFERENCE, EngineLoadError, engine_info
from conformance.expectations import load_given, not_run
from conformance.fuzz.differential import VARIANTS, Plan, write_finding
from conformance.fuzz.shards import Campaign, catalogue, fuzz_campaign
from conformance.problems import ProblemsError
from conformance.progress import QUIET, add_progress_argument, progress_for
from conformance.proposals import UnwritableError


def add_fuzz_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--engine", required=True, help="as for mjspec run")
    parser.add_argument("--variant", choices=VARIANTS, help="default: both")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=1000, help="hands per variant")
    parser.add_argument(
        "--max-findings", type=int, default=10, help="stop a variant after this many"
    )
    parser.add_argument("--out", default="fuzz-findings", help="folder for the proposed fixtures")
    parser.add_argument(
        "--expectations",
        action="append",
        metavar="FILE",
        help="the engine's known deviations: findings they explain (a disagreement only on "
        "patterns whose rules are expected failures) are listed, not written or counted",
    )
    add_time_limits(parser)
    add_campaign_arguments(parser, "fuzz")
    add_progress_argument(parser)


def fuzz_command(args: argparse.Namespace) -> int:
    """Compare an engine with the reference on random wins; write disagreements as fixtures.
    The reference engine's shards start at no cost (:mod:`conformance.fuzz.shards`): they
    are cut small, which evens out the workers' loads; any other engine is opened by each
    of its shards, fewer."""
    small = args.engine == REFERENCE
    shards = shard_count(args.workers, SMALL_SHARDS_PER_WORKER if small else SHARDS_PER_WORKER)
    engine = None
    try:
        given = load_given([Path(path) for path in args.expectations or ()])
        engine = open_engine(args.engine, timeout=args.timeout, start_timeout=args.start_timeout)
        info = engine_info(engine)
        if unread := not_run(given, {info.name}):
            raise ProblemsError(unread)
    except (EngineLoadError, ProblemsError) as error:
        return _setup_failed(error)
    finally:
        if engine is not None:
            close_engine(engine)
    campaign = Campaign(
        EngineSpec(args.engine, args.timeout, args.start_timeout, given),
        info,
        (args.variant,) if args.variant else VARIANTS,
        Plan(args.seed, args.count, args.max_findings),
        shards if args.workers > 1 or args.dask else 1,
    )
    started = time.perf_counter()
    planned = args.count * len(campaign.variants)
    progress = progress_for(planned, "cases", wanted=args.progress, quiet=QUIET)
    try:
        reports = fuzz_campaign(
            campaign,
            workers=args.workers,
            dask=args.dask,
            done=progress.advance if progress else None,
        )
    except CampaignError as error:
        print(f"campaign: {error}", file=sys.stderr)
        return 2
    except (EngineLoadError, ProblemsError) as error:
        return _setup_failed(error)
    finally:
        if progress is not None:
            progress.stop()
    seconds = time.perf_counter() - started
    total = 0
    for variant, report in zip(campaign.variants, reports, strict=True):
        print(
            f"{variant}: {report.cases} cases compared ({len(report.skipped)} skipped), "
            f"{len(report.findings)} new disagreements and {len(report.known)} known"
        )
        for reason, count in Counter(d.reason for _, d in report.known).items():
            print(f"  known, {count} cases: {reason}")
        for finding in report.findings:
            fields = ", ".join(sorted({d.path for d in finding.differences})) or "error"
            try:
                path = write_finding(finding, info, args.seed, catalogue(variant), Path(args.out))
            except UnwritableError as error:
                print(f"{error.code}: {error}", file=sys.stderr)
                return 2
            print(f"  case {finding.index}: {fields}\n    -> {path}")
        total += len(report.findings)
    cases = sum(report.cases for report in reports)
    rate = cases / seconds if seconds else 0.0
    print(f"{cases} cases in {seconds:.1f} s ({rate:,.0f} cases/s)")
    return 1 if total else 0


def _setup_failed(error: EngineLoadError | ProblemsError) -> int:
    for problem in getattr(error, "problems", ()):
        print(problem, file=sys.stderr)
    print(f"{getattr(error, 'code', 'expectations')}: {error}", file=sys.stderr)
    return 2
