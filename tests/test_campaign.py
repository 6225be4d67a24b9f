"""Campaign shards: every item once, in order, however many shards or workers; replay and
random play give the one-worker report exactly in two workers, however the campaign is cut."""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from conformance import replay_cli
from conformance.campaign import SMALL_SHARDS_PER_WORKER, Start, run_campaign, run_shards, shards_of
from conformance.cli import main
from conformance.corpus import load_catalogues, load_corpus
from conformance.problems import Problem
from conformance.replay.mjai import LoggedHand
from conformance.replay.replay import Verdict
from conformance.replay.rules import finder_for
from conformance.replay_cli import by_log, read_with_options, replay_hands
from spec.families import families


def squares(shard: Sequence[int]) -> list[int]:
    return [n * n for n in shard]


@pytest.mark.parametrize("count", [1, 2, 3, 7, 50])
def test_shards_hold_every_item_once_in_order_and_nearly_equal(count: int) -> None:
    items = list(range(23))
    shards = shards_of(items, count)
    assert [n for shard in shards for n in shard] == items
    assert len(shards) == min(count, len(items))
    assert max(map(len, shards)) - min(map(len, shards)) <= 1


def test_no_items_make_no_shards() -> None:
    assert shards_of([], 4) == []


def test_a_process_pool_merges_the_results_as_one_process_would() -> None:
    shards = shards_of(list(range(40)), 8)
    assert run_shards(squares, shards, workers=3) == run_shards(squares, shards)
    assert run_shards(squares, shards) == [n * n for n in range(40)]


class Unpicklable:
    """An item that cannot be sent to another process."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __reduce__(self) -> str | tuple[object, ...]:
        raise TypeError("an item of the campaign was pickled")


def values(items: Sequence[Unpicklable]) -> list[int]:
    return [item.value for item in items]


WARMED: list[str] = []


def warm() -> None:
    WARMED.append("warm")


def warmed(items: Sequence[int]) -> list[int]:
    return [len(WARMED)] * len(items)


def test_a_campaign_gives_the_items_results_in_order_however_it_is_run() -> None:
    items = list(range(37))
    assert run_campaign(squares, items) == [n * n for n in items]
    assert run_campaign(squares, items, workers=3) == [n * n for n in items]
    assert run_campaign(squares, [], workers=2) == []


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_forked_workers_are_sent_item_numbers_never_the_items() -> None:
    items = [Unpicklable(n) for n in range(20)]
    assert run_campaign(values, items, workers=2) == list(range(20))


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_forked_workers_inherit_what_the_command_warmed_up() -> None:
    WARMED.clear()
    assert run_campaign(warmed, list(range(10)), workers=2, start=Start(warm)) == [1] * 10
    assert WARMED == ["warm"]


REAL = Path(__file__).parent / "real_logs" / "mjx"
LOGS = sorted(REAL.glob("*.mjlog")) + sorted(REAL.glob("*.json"))  # the first: cut short
LINTED = ["--variant", "riichi-tenhou", "--option", "open_tanyao=false"]  # some hands diverge


def test_a_campaign_is_cut_by_log_only_with_four_logs_for_each_local_worker() -> None:
    assert by_log(["a.json"] * 4, 1, None)
    assert not by_log(["a.json"] * 3, 1, None)
    assert by_log(["a.json"] * 8, 2, None)
    assert not by_log(["a.json"] * 7, 2, None)
    assert not by_log(["a.json"] * 100, 2, "tcp://127.0.0.1:8786")  # a Dask worker reads none


def _replay_report(
    capsys: pytest.CaptureFixture[str], logs: Sequence[Path], proposed: Path, *argv: str
) -> tuple[int, str, str, dict[str, str]]:
    """Exit status, report, standard error and the proposed fixtures (by their path under
    ``proposed``) of a replay; the report names the fixtures by that path too."""
    code = main(["replay", *map(str, logs), *LINTED, "--propose", str(proposed), *argv])
    out, err = capsys.readouterr()
    fixtures = {str(p.relative_to(proposed)): p.read_text() for p in proposed.rglob("*.yaml")}
    return code, out.replace(str(proposed), "DIR"), err, fixtures


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
@pytest.mark.parametrize(
    "logs",
    [LOGS[:8], LOGS[:6], LOGS[3:4]],
    ids=["by-log-in-both", "by-log-in-one-by-hand-in-two", "by-hand-in-both"],
)
@pytest.mark.parametrize("report", ["text", "json"])
def test_a_replay_in_two_workers_gives_the_one_worker_report_exactly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, logs: Sequence[Path], report: str
) -> None:
    argv = ("--format", report)
    alone = _replay_report(capsys, logs, tmp_path / "one", *argv)
    assert _replay_report(capsys, logs, tmp_path / "two", *argv, "--workers", "2") == alone
    code, out, _, fixtures = alone
    assert code == 1  # hands diverged: each counted, shown and proposed
    assert fixtures
    assert "refused" in out
    assert "agrees" in out


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_workers_cut_by_log_read_their_logs_and_the_command_reads_none(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[str] = []

    def counted(path: Path, name: str, log_format: str) -> tuple[list[LoggedHand], list[Problem]]:
        read.append(name)
        return reading(path, name, log_format)

    reading = replay_cli.read_log
    monkeypatch.setattr(replay_cli, "read_log", counted)
    main(["replay", *map(str, LOGS[:8]), "--variant", "riichi-tenhou", "--workers", "2"])
    assert read == []  # counted in the forked workers' memory, not here
    assert "87 hands replayed: 87 agrees; 1 problems" in capsys.readouterr().out
    main(["replay", *map(str, LOGS[:4]), "--variant", "riichi-tenhou"])
    assert read == [str(log) for log in LOGS[:4]]  # in one process: here, once each


def test_only_a_diverging_hands_replay_comes_back_with_the_hands_events() -> None:
    hands, _ = read_with_options(str(LOGS[3]), "auto", {"open_tanyao": False})
    replays = [done.replay for done in replay_hands("riichi-tenhou", hands)]
    verdicts = {r.verdict for r in replays if r}
    assert Verdict.AGREES in verdicts
    assert len(verdicts) > 1
    for replay, hand in zip(replays, hands, strict=True):
        assert replay is not None
        kept = hand.events[:1] if replay.verdict is Verdict.AGREES else hand.events
        assert replay.hand.events == kept


def _played(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """A random-play run's exit status and report, the time it took taken out."""
    code = main(["play-random", "--variant", "riichi", "--deals", "16", "--seed", "7", *argv])
    return code, re.sub(r" in [0-9.]+ s \([0-9,]+ hands/s\)\n$", "", capsys.readouterr().out)


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
@pytest.mark.parametrize("report", ["text", "json"])
def test_random_play_in_two_workers_gives_the_one_worker_report_exactly(
    capsys: pytest.CaptureFixture[str], report: str
) -> None:
    alone = _played(capsys, "--format", report)
    assert _played(capsys, "--format", report, "--workers", "2") == alone
    assert "16 hands" in alone[1] or '"hands": 16' in alone[1]


def sizes(shard: Sequence[int]) -> list[int]:
    return [len(shard)]


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_a_task_whose_shards_start_at_no_cost_is_cut_in_small_shards() -> None:
    items = list(range(64))
    assert run_campaign(sizes, items, workers=2) == [8] * 8
    small = Start(shards=SMALL_SHARDS_PER_WORKER)
    assert run_campaign(sizes, items, workers=2, start=small) == [2] * 32


@pytest.mark.parametrize("variant", families()["riichi"].variants)
def test_a_replays_rules_read_from_its_catalogues_alone_are_those_of_the_whole_corpus(
    variant: str,
) -> None:
    whole = load_corpus([])
    alone = load_catalogues([variant])
    assert finder_for(variant).rules == whole.rules_of(variant) == alone.rules_of(variant)
    assert all(whole.catalogues[name] == read for name, read in alone.catalogues.items())
    assert len(alone.catalogues) == 1 + (whole.catalogues[variant].inherits is not None)
