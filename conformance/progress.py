"""A progress line for long campaigns (``mjspec replay``, ``mjspec play-random``).

Written to standard error, and only when it is a terminal: a report on standard output, a
redirected or piped standard error and a test's captured streams never hold it. One line,
rewritten in place (``\\r``): the items done of all, the rate, and the time left at that
rate; the last update ends the line.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TextIO

EVERY = 0.2  # seconds between two updates of the line (the last is always written)
QUIET = 1.0  # seconds of run or fuzz before the progress line shows (a short one shows none)


class Progress:
    """Items done of ``total``, counted by :meth:`advance`, shown on ``stream``."""

    def __init__(
        self,
        total: int,
        noun: str,
        stream: TextIO,
        clock: Callable[[], float] = time.monotonic,
        quiet: float = 0.0,
    ) -> None:
        self.total, self.noun, self.stream, self.clock = total, noun, stream, clock
        self.quiet = quiet  # seconds before the line first shows: quicker work shows none
        self.done = 0
        self.started = clock()
        self.shown = self.started - EVERY
        self.width = 0

    def advance(self, count: int) -> None:
        """``count`` more items done; the line rewritten (at most every :data:`EVERY`
        seconds, and when all are done)."""
        self.done += count
        now = self.clock()
        finished = self.done >= self.total
        if self.width == 0 and now - self.started < self.quiet:
            return
        if now - self.shown < EVERY and not finished:
            return
        self.shown = now
        text = self.line(now - self.started)
        self.stream.write("\r" + text.ljust(self.width) + ("\n" if finished else ""))
        self.stream.flush()
        self.width = len(text)

    def stop(self) -> None:
        """End the line of work that stopped short of the total (a fuzz campaign stops at
        its findings); the line as last written stays."""
        if self.width > 0 and self.done < self.total:
            self.stream.write("\n")
            self.stream.flush()

    def line(self, seconds: float) -> str:
        """``120/1,000 hands, 48 hands/s, ETA 0:18`` (the time taken once all are done)."""
        rate = self.done / seconds if seconds > 0 else 0.0
        shown = f"{self.done:,}/{self.total:,} {self.noun}, {rate:,.0f} {self.noun}/s"
        if self.done >= self.total:
            return f"{shown}, took {_clock(seconds)}"
        left = (self.total - self.done) / rate if rate > 0 else None
        return f"{shown}, ETA {_clock(left) if left is not None else '?'}"


def _clock(seconds: float) -> str:
    """``1:02:03``, ``2:03``: hours when there are any, minutes and seconds."""
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def add_progress_argument(parser: argparse.ArgumentParser) -> None:
    """``--no-progress``: no progress line, even on a terminal."""
    parser.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress line on standard error (shown only on a terminal anyway)",
    )


def progress_for(
    total: int,
    noun: str,
    stream: TextIO | None = None,
    *,
    wanted: bool = True,
    quiet: float = 0.0,
) -> Progress | None:
    """A progress line on ``stream`` (standard error) when it is wanted, it is a terminal
    and there is work to count (shown after ``quiet`` seconds); None otherwise."""
    out = sys.stderr if stream is None else stream
    if not (wanted and total > 0 and out.isatty()):
        return None
    return Progress(total, noun, out, quiet=quiet)
