"""The progress line of long replays and random play: hands done, hands/s and the time left,
on standard error when it is a terminal only; the reports are the same with it or without."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from conformance import corpus_cli, fuzz_cli
from conformance.campaign import run_campaign
from conformance.cli import main
from conformance.connect import EngineSpec, open_engine
from conformance.engine import engine_info
from conformance.fuzz.differential import Plan
from conformance.fuzz.shards import Campaign, fuzz_campaign
from conformance.progress import Progress, progress_for

GAME = Path(__file__).parent / "real_logs" / "mjx" / "2011020415gm-00a9-0000-e037b629.mjlog"


class Terminal(io.StringIO):
    """A captured stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def _clock(times: list[float]) -> Iterator[float]:
    yield from times


def test_the_line_gives_hands_done_the_rate_and_the_time_left() -> None:
    out = Terminal()
    ticks = _clock([100.0, 102.0, 104.0])
    progress = Progress(100, "hands", out, clock=lambda: next(ticks))
    progress.advance(20)
    assert out.getvalue() == "\r20/100 hands, 10 hands/s, ETA 0:08"
    progress.advance(80)
    assert out.getvalue().endswith("\r100/100 hands, 25 hands/s, took 0:04\n")


def test_the_line_is_rewritten_at_most_five_times_a_second_and_always_at_the_end() -> None:
    out = Terminal()
    ticks = _clock([0.0, 1.0, 1.05, 1.1])
    progress = Progress(3, "hands", out, clock=lambda: next(ticks))
    progress.advance(1)
    progress.advance(1)  # 0.05 s later: not written
    progress.advance(1)
    assert out.getvalue().count("\r") == 2
    assert out.getvalue().endswith("\r3/3 hands, 3 hands/s, took 0:01\n")


def test_a_shorter_line_wipes_the_longer_one_before_it() -> None:
    out = Terminal()
    ticks = _clock([0.0, 1.0, 2.0])
    progress = Progress(1000, "hands", out, clock=lambda: next(ticks))
    progress.advance(10)
    progress.advance(1)
    first, second = out.getvalue().split("\r")[1:]
    assert first == "10/1,000 hands, 10 hands/s, ETA 1:39"
    assert second == "11/1,000 hands, 6 hands/s, ETA 3:00 "  # padded over the longer


def test_no_progress_is_shown_when_standard_error_is_not_a_terminal() -> None:
    assert progress_for(100, "hands", io.StringIO()) is None
    assert progress_for(0, "hands", Terminal()) is None
    assert progress_for(100, "hands", Terminal()) is not None


def test_no_progress_is_shown_when_it_is_turned_off() -> None:
    assert progress_for(100, "hands", Terminal(), wanted=False) is None


def _squares(shard: Sequence[int]) -> list[int]:
    return [n * n for n in shard]


@pytest.mark.parametrize("workers", [1, 3])
def test_a_counted_campaign_tells_every_result_and_gives_the_same_results(workers: int) -> None:
    told: list[int] = []
    items = list(range(120))
    counted = run_campaign(_squares, items, workers=workers, done=told.append)
    assert counted == run_campaign(_squares, items, workers=workers)
    assert sum(told) == len(items)
    assert len(told) > 1  # counted as shards finish, not once at the end


def _run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tty: bool, *argv: str
) -> tuple[str, str]:
    err = Terminal() if tty else io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    main(list(argv))
    return capsys.readouterr().out, err.getvalue()


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("report", ["text", "json"])
def test_a_replay_on_a_terminal_shows_its_progress_and_the_same_report(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, workers: str, report: str
) -> None:
    argv = ["replay", str(GAME), "--variant", "riichi-tenhou", "--format", report]
    alone, quiet = _run(capsys, monkeypatch, False, *argv)
    shown, line = _run(capsys, monkeypatch, True, *argv, "--workers", workers)
    assert shown == alone
    assert quiet == ""
    assert line.startswith("\r")
    assert "hands/s" in line
    assert line.endswith("\n")
    assert "hands/s" not in shown


def test_random_play_on_a_terminal_shows_its_progress_and_the_same_report(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play-random", "--variant", "riichi", "--deals", "4", "--format", "json"]
    alone, quiet = _run(capsys, monkeypatch, False, *argv)
    shown, line = _run(capsys, monkeypatch, True, *argv)
    assert shown == alone
    assert quiet == ""
    assert "4/4 hands, " in line
    assert line.endswith("\n")
    assert _run(capsys, monkeypatch, True, *argv, "--no-progress") == (alone, "")


@pytest.mark.parametrize("report", ["text", "json"])
def test_a_run_of_the_corpus_on_a_terminal_shows_its_progress_and_the_same_report(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, report: str
) -> None:
    monkeypatch.setattr(corpus_cli, "QUIET", 0.0)  # shown however quick the run
    argv = ["run", "--variant", "sichuan", "--format", report]
    alone, quiet = _run(capsys, monkeypatch, False, *argv)
    shown, line = _run(capsys, monkeypatch, True, *argv)
    assert _without_times(shown) == _without_times(alone)
    assert quiet == ""
    assert " cases, " in line
    assert "cases/s, took " in line
    assert line.endswith("\n")
    assert _run(capsys, monkeypatch, True, *argv, "--no-progress")[1] == ""


def _without_times(report: str) -> str:
    """A report with its numbers left out (two runs take different times)."""
    return re.sub(r"\d[\d.,]*", "N", report)


def test_a_fuzz_campaign_on_a_terminal_counts_its_cases(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(fuzz_cli, "QUIET", 0.0)
    argv = ["fuzz", "--engine", "reference", "--variant", "riichi", "--count", "6"]
    argv += ["--out", str(tmp_path)]
    alone, quiet = _run(capsys, monkeypatch, False, *argv)
    shown, line = _run(capsys, monkeypatch, True, *argv)
    assert _without_times(shown) == _without_times(alone)
    assert quiet == ""
    assert "\r6/6 cases, " in line
    assert line.endswith("\n")
    assert _run(capsys, monkeypatch, True, *argv, "--no-progress")[1] == ""


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_fuzz_campaign_counts_each_case_once_however_it_is_cut(workers: str) -> None:
    told: list[int] = []
    plan = Plan(seed=3, count=9, max_findings=10)
    spec = EngineSpec("reference", 5.0, 5.0, ())
    info = engine_info(open_engine("reference"))
    campaign = Campaign(spec, info, ("riichi",), plan, shards=3)
    fuzz_campaign(campaign, workers=int(workers), done=told.append)
    assert sum(told) == 9


def test_a_line_cut_short_is_ended_and_a_line_never_shown_is_not() -> None:
    out = Terminal()
    progress = Progress(10, "cases", out)
    progress.advance(4)
    progress.stop()
    assert out.getvalue().startswith("\r4/10 cases, ")
    assert out.getvalue().endswith("\n")
    quiet = Terminal()
    Progress(10, "cases", quiet).stop()
    assert quiet.getvalue() == ""


def test_a_line_waits_its_quiet_time_and_work_done_sooner_shows_none() -> None:
    out = Terminal()
    ticks = _clock([0.0, 0.5, 1.5, 2.0])
    progress = Progress(3, "cases", out, clock=lambda: next(ticks), quiet=1.0)
    progress.advance(1)  # 0.5 s: quiet
    assert out.getvalue() == ""
    progress.advance(1)  # 1.5 s: shown
    assert out.getvalue() == "\r2/3 cases, 1 cases/s, ETA 0:01"
    quick = Terminal()
    ticks = _clock([0.0, 0.5])
    Progress(1, "cases", quick, clock=lambda: next(ticks), quiet=1.0).advance(1)
    assert quick.getvalue() == ""
