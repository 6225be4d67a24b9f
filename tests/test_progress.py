"""The progress line of long replays and random play: hands done, hands/s and the time left,
on standard error when it is a terminal only; the reports are the same with it or without."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from conformance.campaign import run_campaign
from conformance.cli import main
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
