"""A fuzz campaign in shards: each shard fuzzes a run of consecutive cases with its own engine
(in a worker process or on a Dask worker); the shards' reports merge into the report a
single run over every case gives.

Every case is dealt from its own seed (:func:`~conformance.fuzz.differential.case_request`),
and a shard stops once it has ``max_findings`` new findings of its own, so the merge can
always tell where a single run would have stopped: at the ``max_findings``-th new finding
in case order, counting only the cases up to it.

A shard is sent its cases as a range and the engine's info the command read. The reference
engine is the worker's own, loaded once; local workers are forked once the command has
loaded it, its tables and the catalogues (:func:`warm_fuzz`), so a shard of it starts at no
cost. Any other engine under test is opened by each shard, as before.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, partial

from conformance.campaign import Done, run_shards, shards_of
from conformance.connect import EngineSpec, close_engine, open_engine
from conformance.corpus import Catalogue, load_catalogues
from conformance.engine import REFERENCE, Engine, EngineInfo, reference_plugin
from conformance.expectations import Expectations, shipped_expectations
from conformance.fuzz.differential import FuzzReport, Plan, case_request, fuzz, known_deviation


@dataclass(frozen=True)
class FuzzShard:
    """Consecutive cases of one variant, fuzzed by one worker with the engine the command
    opened and read the info of."""

    engine: EngineSpec
    info: EngineInfo
    variant: str
    plan: Plan
    cases: range


@cache
def catalogue(variant: str) -> Catalogue | None:
    """A fuzzed variant's catalogue (read once per process)."""
    return load_catalogues([variant]).catalogues.get(variant)


def _known(spec: EngineSpec, name: str, engine: object) -> Expectations | None:
    """The expectations given for the engine called ``name``, else the ones it ships."""
    given = (e for e in spec.expectations if e.engine == name)
    return next(given, shipped_expectations(engine))


def fuzz_shard(shard: FuzzShard, told: Done | None = None) -> list[FuzzReport]:
    """Fuzz a shard's cases (run in a worker): the reference engine is this process's own,
    loaded once (finding a plugin reads every installed package's entry points, about 6 ms
    a shard); any other engine is opened by the shard and closed after it. ``told`` (a
    progress count, in this process only) is told of each case compared."""
    if shard.engine.name == REFERENCE:
        return [_fuzzed(reference_plugin(), shard, told)]
    spec = shard.engine
    engine = open_engine(spec.name, timeout=spec.timeout, start_timeout=spec.start_timeout)
    try:
        return [_fuzzed(engine, shard, told)]
    finally:
        close_engine(engine)


def _fuzzed(engine: Engine, shard: FuzzShard, told: Done | None) -> FuzzReport:
    """The shard's report with ``engine``, known deviations told apart by the variant's
    catalogue and the expectations given for (or shipped by) the engine."""
    explain = partial(
        known_deviation,
        catalogue=catalogue(shard.variant),
        expectations=_known(shard.engine, shard.info.name, engine),
    )
    cases = shard.cases if told is None else _counting(shard.cases, told)
    return fuzz(engine, shard.info, shard.variant, shard.plan, explain, cases)


def warm_fuzz(variants: Sequence[str], plan: Plan) -> None:
    """Load, before local workers are forked, what each of them needs: the catalogues and
    the reference engine with its tables for each variant (it scores the first case)."""
    for variant in variants:
        catalogue(variant)
        reference_plugin().evaluate(case_request(plan.seed, variant, 0))


def _counting(cases: Sequence[int], told: Done) -> Iterator[int]:
    """The cases, ``told`` of each one as the next is asked for (so once it is done)."""
    for index in cases:
        yield index
        told(1)


def merged(
    info: EngineInfo, plan: Plan, reports: Sequence[FuzzReport], shards: Sequence[FuzzShard]
) -> FuzzReport:
    """The shards' reports (in case order, all of one variant) as one run's report: up to
    and including the case of the ``max_findings``-th new finding, if there is one. Its
    ``seconds`` are the shards' own, summed (the work, not the wall time)."""
    out = FuzzReport(info, plan.seed, seconds=sum(r.seconds for r in reports))
    for report, shard in zip(reports, shards, strict=True):
        room = plan.max_findings - len(out.findings)
        if len(report.findings) < room:
            out.cases += report.cases
            out.skipped += report.skipped
            out.findings += report.findings
            out.known += report.known
            continue
        last = report.findings[room - 1].index
        out.cases += shard.cases.index(last) + 1
        out.skipped += [index for index in report.skipped if index < last]
        out.findings += report.findings[:room]
        out.known += [(f, d) for f, d in report.known if f.index < last]
        break
    return out


@dataclass(frozen=True)
class Campaign:
    """What to fuzz and how to cut it: the engine (and what it said of itself), the
    variants, the plan, and the number of shards per variant."""

    engine: EngineSpec
    info: EngineInfo
    variants: tuple[str, ...]
    plan: Plan
    shards: int = 1


def _ranges(count: int, shards: int) -> list[range]:
    """Cases 0 to ``count - 1`` cut into at most ``shards`` consecutive ranges."""
    return [range(part[0], part[-1] + 1) for part in shards_of(range(count), shards)]


def fuzz_campaign(
    campaign: Campaign, *, workers: int = 1, dask: str | None = None, done: Done | None = None
) -> list[FuzzReport]:
    """One report per variant, each the same however the cases are cut and run (local
    workers are forked once :func:`warm_fuzz` has loaded what they share). ``done`` (a
    progress count) is told of the cases compared: case by case in this process, a shard's
    worth as each shard of a worker finishes."""
    cut = [
        FuzzShard(campaign.engine, campaign.info, variant, campaign.plan, part)
        for variant in campaign.variants
        for part in _ranges(campaign.plan.count, campaign.shards)
    ]
    if done is not None and workers == 1 and dask is None:
        parts = [report for shard in cut for report in fuzz_shard(shard, done)]
    else:
        if workers > 1 and dask is None:
            warm_fuzz(campaign.variants, campaign.plan)
        sizes = iter(sorted((len(shard.cases) for shard in cut), reverse=True))
        told = None if done is None else lambda _: done(next(sizes, 0))
        parts = run_shards(fuzz_shard, cut, workers=workers, dask=dask, done=told)
    return [
        merged(
            campaign.info,
            campaign.plan,
            [r for r, s in zip(parts, cut, strict=True) if s.variant == variant],
            [s for s in cut if s.variant == variant],
        )
        for variant in campaign.variants
    ]
