"""The ``mjspec`` command line: its subcommands (validate, run, coverage, score, replay...)
each in a module of its own, imported only when it runs (:class:`Subcommand`).

Every failure is reported as a coded message; no command ends in a traceback.
Exit status: 0 success, 1 problems found (invalid files, failing cases, rules
without fixtures, a coded scoring error), 2 usage errors (a single-value option
given twice among them), 128 plus the signal's number when stopped by a signal,
and 141 (128 + SIGPIPE, as for a command the signal ended) when whatever reads
the output has gone (``mjspec run | head -1``): the rest is dropped, quietly.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import os
import signal
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from types import FrameType

from conformance import __version__
from conformance.completion import asked, complete_if_asked
from conformance.usage import Parser, UsageError
from spec.families import families_answering

ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
READER_GONE = 128 + 13  # SIGPIPE's number on every POSIX system


@dataclass(frozen=True)
class Subcommand:
    """A subcommand: its name and its line in ``mjspec --help``, and the module that adds
    its options (``arguments(parser)``) and runs it (``command(args)``, its exit status).
    The module is imported only to build the subcommand's parser: a command imports what
    it runs, not what every other command needs (about 0.07 s of CPU at each start)."""

    name: str
    summary: str
    module: str
    arguments: str
    command: str


@cache
def subcommands() -> tuple[Subcommand, ...]:
    """Every subcommand, in the order of ``mjspec --help``."""
    corpus = "conformance.corpus_cli"
    settling = ", ".join(families_answering("settle"))
    return (
        Subcommand(
            "validate",
            "check fixtures, catalogues and profiles",
            corpus,
            "add_validate_arguments",
            "validate_command",
        ),
        Subcommand(
            "run", "run the corpus through an engine", corpus, "add_run_arguments", "run_command"
        ),
        Subcommand(
            "serve",
            "serve an engine over the JSON Lines protocol on stdin/stdout",
            "conformance.serve",
            "add_serve_arguments",
            "serve_command",
        ),
        Subcommand(
            "fuzz",
            "compare an engine with the reference on random riichi wins",
            "conformance.fuzz_cli",
            "add_fuzz_arguments",
            "fuzz_command",
        ),
        Subcommand(
            "play-random",
            "long random-play runs of an engine, each hand checked",
            "conformance.play_random",
            "add_play_random_arguments",
            "play_random_command",
        ),
        Subcommand(
            "coverage", "fixtures per rule", corpus, "add_coverage_arguments", "coverage_command"
        ),
        Subcommand(
            "export",
            "write the resolved corpus as JSON files for harnesses in any language",
            corpus,
            "add_export_arguments",
            "export_command",
        ),
        Subcommand(
            "score",
            "score one hand with the reference engine",
            "conformance.score_cli",
            "add_score_command_arguments",
            "score_command",
        ),
        Subcommand(
            "settle",
            f"settle one hand among all players ({settling}) with the reference engine",
            "conformance.settle_cli",
            "add_settle_arguments",
            "settle_command",
        ),
        Subcommand(
            "propose",
            "scaffold a proposed fixture (a correction) from a hand's options",
            "conformance.propose_cli",
            "add_propose_arguments",
            "propose_command",
        ),
        Subcommand(
            "check",
            "validate proposed fixtures and show where the reference engine disagrees",
            "conformance.propose_cli",
            "add_check_arguments",
            "check_command",
        ),
        Subcommand(
            "replay",
            "replay game logs on the reference play engine, hand by hand",
            "conformance.replay_cli",
            "add_replay_arguments",
            "replay_command",
        ),
        Subcommand(
            "completion",
            "print the shell code that completes mjspec's commands and options",
            "conformance.completion",
            "add_completion_arguments",
            "completion_command",
        ),
    )


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of ``mjspec`` and of every subcommand; with ``only`` (a subcommand's
    name), the others are listed without their options, which are never read when ``only``
    is the command given (see :class:`Subcommand`)."""
    parser = Parser(prog="mjspec", description="An executable rulebook for mahjong variants.")
    parser.add_argument("--version", action="version", version=f"mjspec {__version__}")
    sub = parser.add_subparsers(dest="command")
    for each in subcommands():
        command = sub.add_parser(each.name, help=each.summary)
        if only in (None, each.name):
            module = importlib.import_module(each.module)
            getattr(module, each.arguments)(command)
            command.set_defaults(func=getattr(module, each.command))
    return parser


def _named(argv: Sequence[str] | None) -> str | None:
    """The subcommand the arguments begin with, whose parser alone is then built; None
    when they begin otherwise (``--help``, a typo) or a shell asks for completions (which
    reads every subcommand's options)."""
    words = sys.argv[1:] if argv is None else argv
    names = {each.name for each in subcommands()}
    return words[0] if words and words[0] in names and not asked() else None


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived (what ``timeout``, a closed terminal and a cancelled CI
    job send): unwound like Ctrl-C, so that every engine is stopped on the way out."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _terminate(signum: int, frame: FrameType | None) -> None:
    for ending in ENDING_SIGNALS:  # the way out is not interrupted a second time
        signal.signal(ending, signal.SIG_IGN)
    raise Terminated(signum)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` (a test's, a program's), or the process's own command line
    (``sys.argv``: ``mjspec``, ``python -m conformance.cli``), which the process then exits
    with: its objects are then frozen (:func:`gc.freeze`), so that the interpreter's last
    collection at the exit skips them (about 0.07 s of CPU after a random-play or replay
    campaign: the engine's tables, traversed once more for nothing)."""
    try:
        try:
            return _command(argv)
        finally:  # flushed here, where a reader gone is caught, not at the interpreter's exit
            sys.stdout.flush()
    except BrokenPipeError:
        return _reader_gone()
    finally:
        if argv is None:
            gc.freeze()


def _command(argv: Sequence[str] | None) -> int:
    parser = build_parser(_named(argv))
    complete_if_asked(parser)
    args = parser.parse_args(argv)
    if args.command is None:  # a bare mjspec: what it can do
        parser.print_help()
        return 0
    previous = {ending: signal.signal(ending, _terminate) for ending in ENDING_SIGNALS}
    try:
        status: int = args.func(args)
    except UsageError as error:
        print(error, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    except Terminated as terminated:
        return 128 + terminated.signum
    finally:
        for ending, handler in previous.items():
            signal.signal(ending, handler)
    return status


def _reader_gone() -> int:
    """The output's reader has gone: what is left to print goes nowhere (stdout becomes
    the null device, so that the interpreter's last flush fails no more), and the status is
    a command's that SIGPIPE ended."""
    with contextlib.suppress(OSError, ValueError):  # stdout may be no file (a test's capture)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    return READER_GONE


if __name__ == "__main__":
    sys.exit(main())
