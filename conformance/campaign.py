"""Campaigns over deterministic shards: run here, in a process pool, or on a Dask cluster.

A campaign is a list of shards and a task that maps a shard to its results. However it is
run (one process, ``--workers N`` local processes, or ``--dask ADDRESS``, the workers of an
existing Dask cluster), the results are merged in the shards' order, so a report built from
them is the same. The task and the shards must be picklable (a module-level function and
plain data), as a process pool and Dask both require.

:func:`run_campaign` cuts a list of items itself and ships as little as it can: local
workers are forked from the command after it has warmed up (loaded the engine's tables,
the catalogues), so they inherit the items and what was loaded, and are sent only ranges of
item numbers; only a Dask worker, which may be another machine, receives the items
themselves. The task's results should be compact (what the report needs), since they come
back pickled.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from multiprocessing.context import BaseContext
from typing import Any, TypeVar

from conformance.usage import UsageError

CONNECT_TIMEOUT = 10  # seconds to reach a scheduler before giving up
MAX_WORKERS = 256  # local processes; more is a typo, not a machine
SHARDS_PER_WORKER = 4  # smaller shards even out the workers' loads
# For a task whose shards cost nothing to start (the reference engine, warmed before the
# workers are forked): at the end, a worker waits on another's last shard, for half a shard
# on average, 1/64 of the campaign on 2 workers instead of 1/16 (measured: 0.3 s of 5.4).
SMALL_SHARDS_PER_WORKER = 16
COUNTED_SHARDS = 50  # at least this many shards when progress is counted (a shard at a time)
S = TypeVar("S")
R = TypeVar("R")
T = TypeVar("T")  # an item of a campaign

_held: Sequence[Any] = ()  # the items of the campaign under way, inherited by forked workers


class CampaignError(Exception):
    """The campaign cannot run as asked (an unknown cluster, Dask not installed)."""


def add_campaign_arguments(parser: argparse.ArgumentParser, doing: str) -> None:
    """``--workers N`` and ``--dask ADDRESS`` for a command that ``doing`` describes."""
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help=f"{doing} in this many local processes (the report is the same)",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help=f"{doing} on the workers of the Dask cluster whose scheduler is at ADDRESS "
        "(the cluster extra)",
    )


def shard_count(workers: int, per_worker: int = SHARDS_PER_WORKER) -> int:
    """How many shards to cut a campaign into for ``workers`` (a usage error out of range),
    ``per_worker`` each."""
    if not 1 <= workers <= MAX_WORKERS:
        raise UsageError(f"usage: --workers is a whole number from 1 to {MAX_WORKERS}")
    return workers * per_worker


def shards_of(items: Sequence[S], count: int) -> list[list[S]]:
    """``items`` cut into at most ``count`` consecutive shards of nearly equal size."""
    count = max(1, min(count, len(items)))
    size, extra = divmod(len(items), count)
    out, start = [], 0
    for index in range(count):
        end = start + size + (index < extra)
        out.append(list(items[start:end]))
        start = end
    return [shard for shard in out if shard]


Done = Callable[[int], object]  # told how many results a shard that finished gave


def _on_dask(
    task: Callable[[S], list[R]], shards: Sequence[S], address: str, done: Done | None
) -> list[list[R]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise CampaignError(
            "--dask needs the cluster extra: pip install 'mjspec[cluster]' (Dask distributed)"
        ) from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        raise CampaignError(f"cannot reach the Dask scheduler at {address!r}: {error}") from None
    with client:
        futures = client.map(task, list(shards), pure=False)
        if done is not None:
            for future in as_completed(futures):  # type: ignore[no-untyped-call]
                done(len(future.result()))
        return list(client.gather(futures))  # type: ignore[no-untyped-call]


def run_shards(
    task: Callable[[S], list[R]],
    shards: Sequence[S],
    *,
    workers: int = 1,
    dask: str | None = None,
    done: Done | None = None,
) -> list[R]:
    """Every shard's results, in the shards' order; ``done`` told of each shard as it
    finishes (in the order they finish), with the number of its results."""
    if dask is not None:
        parts = _on_dask(task, shards, dask, done)
    elif workers > 1 and len(shards) > 1:
        with ProcessPoolExecutor(max_workers=workers, mp_context=_forking()) as pool:
            futures = [pool.submit(task, shard) for shard in shards]
            for future in as_completed(futures):
                if done is not None:
                    done(len(future.result()))
            parts = [future.result() for future in futures]
    else:
        parts = []
        for shard in shards:
            parts.append(task(shard))
            if done is not None:
                done(len(parts[-1]))
    return [result for part in parts for result in part]


def forked(workers: int, dask: str | None) -> bool:
    """Whether a campaign's local workers are forked from this process, and so start with
    what it holds (:func:`run_campaign`)."""
    return dask is None and workers > 1 and _forking() is not None


def _forking() -> BaseContext | None:
    """The ``fork`` start method where it is safe and cheap (Linux, where it is the
    default up to Python 3.13): a worker starts as a copy of the command, with everything it
    loaded. None elsewhere (the platform's default, which starts workers afresh)."""
    return multiprocessing.get_context("fork") if sys.platform == "linux" else None


@contextmanager
def _holding(items: Sequence[Any]) -> Iterator[None]:
    """``items`` held by this process, for workers forked from it, while the block runs;
    the objects made so far are left out of the garbage collector's passes, so that the
    workers do not copy the memory pages they share with it by touching them."""
    global _held
    _held = items
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
        _held = ()


def _held_part(task: Callable[[Sequence[T]], list[R]], numbers: range) -> list[R]:
    """``task`` over the held items ``numbers`` (run in a forked worker)."""
    return task(_held[numbers.start : numbers.stop])


@dataclass(frozen=True)
class Start:
    """How a campaign's workers start: ``warm`` loads, before local workers are forked,
    what every one of them needs; ``shards`` a worker, :data:`SMALL_SHARDS_PER_WORKER` for a
    task whose shard then starts at no cost."""

    warm: Callable[[], object] | None = None
    shards: int = SHARDS_PER_WORKER


def run_campaign(
    task: Callable[[Sequence[T]], list[R]],
    items: Sequence[T],
    *,
    workers: int = 1,
    dask: str | None = None,
    start: Start = Start(),
    done: Done | None = None,
) -> list[R]:
    """``task`` over ``items`` cut into shards (consecutive items, ``start.shards`` a
    worker), every result in the items' order. In local workers forked from this process,
    ``start.warm`` is called here first and each worker is sent a range of item numbers; on
    Dask, each shard of items is sent. With ``done`` (a progress count: each shard's number
    of results as it finishes), the items are cut into at least :data:`COUNTED_SHARDS`
    shards, in one process too; the results are the same."""
    count = shard_count(workers, start.shards)
    if done is not None:
        count = max(count, COUNTED_SHARDS)
    if forked(workers, dask) and len(items) > 1:
        if start.warm is not None:
            start.warm()
        parts = shards_of(range(len(items)), count)
        numbers = [range(part[0], part[-1] + 1) for part in parts]
        with _holding(items):
            return run_shards(partial(_held_part, task), numbers, workers=workers, done=done)
    one = dask is None and workers == 1 and done is None
    shards = shards_of(items, 1 if one else count)
    return run_shards(task, shards, workers=workers, dask=dask, done=done)
