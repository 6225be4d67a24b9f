"""Campaign shards: every item once, in order, however many shards or workers; replay and
random play give the one-worker report exactly in two workers, however the campaign is cut."""

from __future__ import annotations

import dataclasses
import gzip
import random
import re
import sys
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from conformance import replay_cli
from conformance.campaign import SMALL_SHARDS_PER_WORKER, Start, run_campaign, run_shards, shards_of
from conformance.cli import main
from conformance.corpus import load_catalogues, load_corpus
from conformance.problems import Problem
from conformance.replay import game_end
from conformance.replay.mjai import LoggedHand, game_starts, read_lines, read_mjai
from conformance.replay.replay import HandReplay, Verdict
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


BENCH_LOG = Path(__file__).parent / "bench_logs" / "riichienv-4p-tenhou.jsonl.gz"


def _games(count: int) -> list[str]:
    """The lines of the first ``count`` games of the shipped four-player bench log."""
    lines = gzip.decompress(BENCH_LOG.read_bytes()).decode().splitlines()
    starts = [i for i, line in enumerate(lines) if '"start_game"' in line]
    return lines[: starts[count]]


def _marred(lines: list[str], seed: int) -> list[str]:
    """``lines`` with some of what a real archive holds: lines lost, blank or garbled, an
    end_kyoku or end_game missing, start_game escaped, written inside a hand or named in a
    string, a hand left open at the end."""
    rng = random.Random(seed)
    out = list(lines)
    for _ in range(6):
        at = rng.randrange(len(out) + 1)
        starts = [i for i, line in enumerate(out) if '"start_game"' in line] or [at]
        end = rng.choice([i for i, line in enumerate(out) if '"end_kyoku"' in line] or [at])
        match rng.randrange(12):
            case 0:
                del out[at : at + 1]
            case 1:
                out.insert(at, rng.choice(["", "   ", "{not json", "[1, 2]", '{"type": "nope"}']))
            case 2:
                del out[end : end + 1]
            case 3:
                out = [line for line in out if '"end_game"' not in line or rng.random() < 0.5]
            case 4:
                escaped = rng.choice(starts)
                out[escaped : escaped + 1] = [
                    line.replace('"start_game"', '"start_gam\\u0065"')
                    for line in out[escaped : escaped + 1]
                ]
            case 5:
                out.insert(at, '{"type": "start_game", "names": ["a", "b", "c", "d"]}')
            case 6:
                out.insert(at, '{"type": "dahai", "actor": 0, "pai": "start_game"}')
            case 7:
                out = out[:end]
            case _:
                pass
    return out


def _read_in_parts(lines: list[str], file: str) -> tuple[list[LoggedHand], list[Problem]]:
    """The log read part by part, cut at its clean game starts, each part's games numbered
    on from the last game of the part before it."""
    hands: list[LoggedHand] = []
    problems: list[Problem] = []
    first = 0
    for start, stop in pairwise([0, *game_starts(lines, file), len(lines)]):
        read, found, last_game = read_lines(lines[start:stop], file, start + 1)
        hands += [dataclasses.replace(hand, game=hand.game + first) for hand in read]
        problems += found
        first += last_game + 1
    return hands, problems


@pytest.mark.parametrize("seed", range(40))
def test_an_mjai_log_read_in_parts_cut_at_its_clean_game_starts_is_read_as_a_whole(
    seed: int,
) -> None:
    lines = _games(4) if seed == 0 else _marred(_games(4), seed)
    assert _read_in_parts(lines, "log.jsonl") == read_mjai("\n".join(lines), "log.jsonl")
    if seed == 0:
        assert len(game_starts(lines, "log.jsonl")) == 3  # every game of a clean log


def test_a_start_game_inside_a_hand_or_written_escaped_is_no_cut() -> None:
    lines = _games(3)
    starts = game_starts(lines, "log.jsonl")
    escaped = [line.replace('"start_game"', '"start_gam\\u0065"') for line in lines]
    assert game_starts(escaped, "log.jsonl") == []
    open_hand = [line for i, line in enumerate(lines) if i != starts[0] - 2]  # its end_kyoku
    assert game_starts(open_hand, "log.jsonl") == [starts[1] - 1]


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
@pytest.mark.parametrize("report", ["text", "json"])
def test_one_mjai_log_in_two_workers_gives_the_one_worker_report_and_the_command_reads_no_event(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    report: str,
) -> None:
    """Its games are read by the workers, a part each from one clean game start to the
    next, and their ends compared there: the command reads the log's text and the lines
    naming start_game, nothing else."""
    log = tmp_path / "log.jsonl"
    log.write_text("\n".join(_marred(_games(4), 35)), encoding="utf-8")
    read: list[int] = []
    compared: list[int] = []

    def parsed(content: object, file: str) -> tuple[list[LoggedHand], list[Problem]]:
        assert isinstance(content, str)
        read.append(len(content))
        return parsing(content, file)

    def compare_games(*args: Any) -> list[HandReplay]:
        compared.append(len(args[2]))
        return game_end.compare_games(*args)

    parsing = replay_cli.parsed
    monkeypatch.setattr(replay_cli, "parsed", parsed)
    monkeypatch.setattr("conformance.replay_cli.compare_games", compare_games)
    argv = [str(log), "--variant", "riichi-tenhou", "--option", "length=east-south"]
    argv += ["--format", report]
    alone = (main(["replay", *argv]), *capsys.readouterr())
    assert (read, sum(compared)) == ([len(log.read_text())], 40)  # in one process: here
    assert (main(["replay", *argv, "--workers", "2"]), *capsys.readouterr()) == alone
    assert (read, sum(compared)) == ([len(log.read_text())], 40)  # in two workers: there
    assert "log-syntax" in alone[2]
    assert "tenhou.match." in alone[1]  # whole games' ends compared
    assert "40 hands" in alone[1] or alone[1].count('"verdict"') == 40


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_mjai_and_tenhou_logs_mixed_in_two_workers_give_the_one_worker_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The MJAI log's games read by the workers, the Tenhou records' hands by the command,
    each game numbered and its end compared as in one process."""
    log = tmp_path / "log.jsonl"
    log.write_text("\n".join(_marred(_games(3), 35)), encoding="utf-8")
    logs = [str(LOGS[3]), str(log), str(LOGS[-1]), str(log)]
    argv = ["replay", *logs, "--variant", "riichi-tenhou", "--option", "length=east-south"]
    for report in ("text", "json"):
        alone = (main([*argv, "--format", report]), *capsys.readouterr())
        assert (main([*argv, "--format", report, "--workers", "2"]), *capsys.readouterr()) == alone
        assert "game 3" in alone[1] or '"game": 3' in alone[1]
