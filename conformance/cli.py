"""The ``mjspec`` command line: validate, run, coverage, score.

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
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from types import FrameType

import spec
from conformance import __version__
from conformance.campaign import CampaignError, add_campaign_arguments, shard_count
from conformance.completion import add_completion_arguments, complete_if_asked, completion_command
from conformance.connect import EngineSpec, close_engine, open_engine
from conformance.corpus import load_corpus
from conformance.coverage import coverage
from conformance.engine import REFERENCE, EngineLoadError, engine_info
from conformance.expectations import (
    Reconciled,
    load_given,
    not_run,
    reconcile,
    shipped_expectations,
)
from conformance.export import export_json
from conformance.files import yaml_files
from conformance.fuzz.differential import VARIANTS as FUZZ_VARIANTS
from conformance.fuzz.differential import Plan, write_finding
from conformance.fuzz.shards import Campaign, fuzz_campaign
from conformance.lint import lint
from conformance.play_random import add_play_random_arguments, play_random_command
from conformance.problems import Problem, ProblemsError
from conformance.progress import Progress, add_progress_argument, progress_for
from conformance.proposals import UnwritableError
from conformance.propose_cli import (
    add_check_arguments,
    add_propose_arguments,
    check_command,
    propose_command,
)
from conformance.replay_cli import add_replay_arguments, replay_command
from conformance.report import render_side_by_side, render_text, to_json
from conformance.report_html import to_html
from conformance.report_json import coverage_json, dumped, validate_json
from conformance.report_junit import to_junit
from conformance.runner import RunReport, run
from conformance.score_cli import add_score_arguments, score_command
from conformance.serve import main_serve
from conformance.settle_cli import add_settle_arguments, settle_command, settling_families
from conformance.usage import (
    Parser,
    UsageError,
    corpus_here,
    not_found,
    variant_id,
    write_output,
)

QUIET = 1.0  # seconds of run or fuzz before the progress line shows (a short one shows none)
ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
READER_GONE = 128 + 13  # SIGPIPE's number on every POSIX system
HEADER_PATHS = 3  # the paths a run header names before it counts the rest


MAX_TIMEOUT = 86_400.0


def seconds(text: str) -> float:
    """A per-request time limit: a finite number of seconds above 0, at most a day (``nan``,
    ``inf``, ``0`` or ``-1`` would make every case an error blamed on the engine)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= MAX_TIMEOUT:  # NaN fails every comparison
        raise argparse.ArgumentTypeError(
            f"{text!r}: give more than 0 and at most {MAX_TIMEOUT:g} s"
        )
    return value


def add_time_limits(parser: argparse.ArgumentParser) -> None:
    """The deadlines of an ``exec:`` engine: per request, and for its start."""
    parser.add_argument(
        "--timeout",
        type=seconds,
        default=10.0,
        help="seconds to write a request and read its reply (exec: engines), more than 0 "
        "and at most a day (default: %(default)g)",
    )
    parser.add_argument(
        "--start-timeout",
        type=seconds,
        default=20.0,
        help="seconds for an exec: engine to answer start with ready (default: %(default)g)",
    )


def _paths(values: Sequence[str]) -> list[Path] | None:
    return [Path(v) for v in values] if values else None


def cmd_validate(args: argparse.Namespace) -> int:
    """Schema-check and lint the corpus (or the given files); print every problem (or,
    with ``--format json``, one document holding them)."""
    corpus_here()
    problems = not_found(args.paths)
    existing = [Path(p) for p in args.paths if Path(p).exists()]
    corpus = load_corpus(existing if args.paths else None)
    problems += list(corpus.problems) + lint(corpus)
    for path in existing:
        if path.is_dir() and not yaml_files([path]).files:
            message = "the folder holds no .yaml or .yml file"
            problems.append(Problem(str(path), 0, 0, "no-fixtures", message))
    if args.format == "json":
        print(dumped(validate_json(corpus, problems)), end="")
        return 1 if problems else 0
    for problem in problems:
        print(problem, file=sys.stderr)
    status = "invalid" if problems else "valid"
    print(
        f"{status}: {len(corpus.cases)} scenarios, {len(corpus.catalogues)} catalogues, "
        f"{len(problems)} problems ({corpus.scenario_files} scenario files read)"
    )
    return 1 if problems else 0


def cmd_run(args: argparse.Namespace) -> int:
    """Run the corpus through one or more engines and report per variant and area."""
    corpus_here()
    corpus = load_corpus(_paths(args.paths))
    problems = list(corpus.problems) + lint(corpus)
    if problems:
        for problem in problems:
            print(problem, file=sys.stderr)
        print(
            f"invalid-corpus: {len(problems)} problems; nothing was run (the fixtures must "
            "pass 'mjspec validate' first)",
            file=sys.stderr,
        )
        return 1
    try:
        given = load_given([Path(path) for path in args.expectations or ()])
    except ProblemsError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return 2
    variant = None if args.variant is None else variant_id(args.variant)
    cases = corpus.runnable(variant)
    if not cases and not args.allow_empty:
        print(
            "no-fixtures: the run selected 0 fixtures (a mistyped --variant or an empty "
            "folder?); --allow-empty runs anyway",
            file=sys.stderr,
        )
        return 2
    runs: list[tuple[RunReport, Reconciled]] = []
    for named in args.engine or [REFERENCE]:
        engine = None
        try:
            engine = open_engine(
                named,
                timeout=args.timeout,
                start_timeout=args.start_timeout,
                validate_traffic=args.validate_traffic,
            )
            info = engine_info(engine)
            report = run(engine, info, cases, _counted(len(cases), "cases", args.progress))
            shipped = shipped_expectations(engine)
        except (EngineLoadError, ProblemsError) as error:
            print(f"{getattr(error, 'code', 'expectations')}: {error}", file=sys.stderr)
            return 2
        finally:
            if engine is not None:
                close_engine(engine)
        chosen = next((e for e in given if e.engine == info.name), shipped)
        runs.append((report, reconcile(report, chosen)))
    unread = not_run(given, {report.engine.name for report, _ in runs})
    for problem in unread:
        print(problem, file=sys.stderr)
    if unread:
        return 2
    if args.format == "text":
        text = "\n\n".join([corpus_header(args.paths)] + [render_text(*run) for run in runs])
        text += "\n" + ("\n" + render_side_by_side(runs) + "\n" if len(runs) > 1 else "")
    else:
        text = _formatted(args.format, runs, args.docs_url)
    if args.output:
        write_output(Path(args.output), text)
    else:
        print(text, end="")
    return 0 if all(reconciled.ok for _, reconciled in runs) else 1


def corpus_header(paths: Sequence[str]) -> str:
    """The first line of a text report: the fixtures the run read (the paths given, or the
    corpus folder), and the folder of the catalogues and profiles read with them."""
    if not paths:
        read = str(spec.SCENARIOS_DIR)
    else:
        read = ", ".join(paths[:HEADER_PATHS])
        if len(paths) > HEADER_PATHS:
            read += f" and {len(paths) - HEADER_PATHS} more"
    return f"corpus: {read} (catalogues and profiles: {spec.VARIANTS_DIR})"


def _counted(total: int, noun: str, wanted: bool) -> Callable[[int], None] | None:
    """A progress line (:mod:`conformance.progress`) told the count done so far, on a
    terminal, once the run has taken :data:`QUIET` seconds; None off a terminal."""
    progress = progress_for(total, noun, wanted=wanted, quiet=QUIET)
    return None if progress is None else partial(_reached, progress)


def _reached(progress: Progress, done: int) -> None:
    progress.advance(done - progress.done)


def _formatted(name: str, runs: list[tuple[RunReport, Reconciled]], docs_url: str | None) -> str:
    """A report in one of the file formats: json, junit (XML) or html."""
    if name == "junit":
        return to_junit(runs)
    if name == "html":
        return to_html(runs, docs_url)
    documents = [to_json(report, reconciled) for report, reconciled in runs]
    document = documents[0] if len(documents) == 1 else {"engines": documents}
    return dumped(document)


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Compare an engine with the reference on random wins; write disagreements as fixtures."""
    shards = shard_count(args.workers)
    corpus = load_corpus([])
    engine = None
    try:
        given = load_given([Path(path) for path in args.expectations or ()])
        engine = open_engine(args.engine, timeout=args.timeout, start_timeout=args.start_timeout)
        info = engine_info(engine)
        if unread := not_run(given, {info.name}):
            raise ProblemsError(unread)
    except (EngineLoadError, ProblemsError) as error:
        return _fuzz_setup_failed(error)
    finally:
        if engine is not None:
            close_engine(engine)
    campaign = Campaign(
        EngineSpec(args.engine, args.timeout, args.start_timeout, given),
        info,
        (args.variant,) if args.variant else FUZZ_VARIANTS,
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
        return _fuzz_setup_failed(error)
    finally:
        if progress is not None:
            progress.stop()
    seconds = time.perf_counter() - started
    total = 0
    for variant, report in zip(campaign.variants, reports, strict=True):
        catalogue = corpus.catalogues.get(variant)
        print(
            f"{variant}: {report.cases} cases compared ({len(report.skipped)} skipped), "
            f"{len(report.findings)} new disagreements and {len(report.known)} known"
        )
        for reason, count in Counter(d.reason for _, d in report.known).items():
            print(f"  known, {count} cases: {reason}")
        for finding in report.findings:
            fields = ", ".join(sorted({d.path for d in finding.differences})) or "error"
            try:
                path = write_finding(finding, info, args.seed, catalogue, Path(args.out))
            except UnwritableError as error:
                print(f"{error.code}: {error}", file=sys.stderr)
                return 2
            print(f"  case {finding.index}: {fields}\n    -> {path}")
        total += len(report.findings)
    cases = sum(report.cases for report in reports)
    rate = cases / seconds if seconds else 0.0
    print(f"{cases} cases in {seconds:.1f} s ({rate:,.0f} cases/s)")
    return 1 if total else 0


def _fuzz_setup_failed(error: EngineLoadError | ProblemsError) -> int:
    for problem in getattr(error, "problems", ()):
        print(problem, file=sys.stderr)
    print(f"{getattr(error, 'code', 'expectations')}: {error}", file=sys.stderr)
    return 2


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve an engine over the protocol on stdin and stdout."""
    try:
        engine = open_engine(args.engine)
    except EngineLoadError as error:
        print(f"{error.code}: {error}", file=sys.stderr)
        return 2
    return main_serve(engine)


def cmd_coverage(args: argparse.Namespace) -> int:
    """List each rule with its fixture count (or, with ``--format json``, the fixtures'
    ids); exit 1 when a rule has none."""
    corpus_here()
    variant = None if args.variant is None else variant_id(args.variant)
    rows = coverage(load_corpus(), variant)
    missing = [row for row in rows if not row.fixtures]
    if args.format == "json":
        print(dumped(coverage_json(rows)), end="")
        return 1 if missing else 0
    for row in rows:
        mark = "" if row.fixtures else "   <- no fixture"
        print(f"{row.variant:<18} {row.rule_id:<48} {row.fixtures:>4}{mark}")
    print(f"{len(rows)} rules, {len(rows) - len(missing)} covered, {len(missing)} missing")
    return 1 if missing else 0


def cmd_export(args: argparse.Namespace) -> int:
    """Write the resolved corpus (inherited cases expanded, profiles merged) as plain JSON
    files and an index, for a harness in any language."""
    corpus_here()
    corpus = load_corpus()
    problems = list(corpus.problems) + lint(corpus)
    if problems:
        for problem in problems:
            print(problem, file=sys.stderr)
        print(f"invalid-corpus: {len(problems)} problems; nothing was exported", file=sys.stderr)
        return 1
    index = export_json(corpus, Path(args.folder), force=args.force)
    cases, variants = len(index["cases"]), len(index["variants"])
    print(f"exported {cases} cases of {variants} variants to {args.folder}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="mjspec", description="An executable rulebook for mahjong variants.")
    parser.add_argument("--version", action="version", version=f"mjspec {__version__}")
    sub = parser.add_subparsers(dest="command")

    validate = sub.add_parser("validate", help="check fixtures, catalogues and profiles")
    validate.add_argument("paths", nargs="*", help="files or folders (default: the bundled corpus)")
    validate.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="json: one document on stdout (valid, counts, every problem located)",
    )
    validate.set_defaults(func=cmd_validate)

    run_parser = sub.add_parser("run", help="run the corpus through an engine")
    run_parser.add_argument(
        "paths", nargs="*", help="fixture files or folders (default: the bundled corpus)"
    )
    run_parser.add_argument(
        "--engine",
        action="append",
        help="a plugin name, python:<module>:<factory> or exec:'<command>' (repeat the "
        "option to compare engines side by side; default: reference)",
    )
    run_parser.add_argument(
        "--expectations",
        action="append",
        metavar="FILE",
        help="known deviations of an engine (matched by the engine name in the file); "
        "an engine may ship its own",
    )
    add_time_limits(run_parser)
    run_parser.add_argument(
        "--validate-traffic",
        action="store_true",
        help="check every protocol message against the protocol schema",
    )
    run_parser.add_argument("--variant", help="only this variant (its id or an alias)")
    run_parser.add_argument(
        "--allow-empty", action="store_true", help="exit 0 when no fixture is selected"
    )
    run_parser.add_argument("--format", choices=("text", "json", "junit", "html"), default="text")
    run_parser.add_argument(
        "--docs-url", help="address of the mjspec docs, to link rule ids in an HTML report"
    )
    run_parser.add_argument("--output", "-o", help="write the report to this file")
    add_progress_argument(run_parser)
    run_parser.set_defaults(func=cmd_run)

    serve_parser = sub.add_parser(
        "serve", help="serve an engine over the JSON Lines protocol on stdin/stdout"
    )
    serve_parser.add_argument(
        "--engine", default=REFERENCE, help="plugin name or python:<module>:<factory>"
    )
    serve_parser.set_defaults(func=cmd_serve)

    fuzz_parser = sub.add_parser(
        "fuzz", help="compare an engine with the reference on random riichi wins"
    )
    fuzz_parser.add_argument("--engine", required=True, help="as for mjspec run")
    fuzz_parser.add_argument("--variant", choices=FUZZ_VARIANTS, help="default: both")
    fuzz_parser.add_argument("--seed", type=int, default=0)
    fuzz_parser.add_argument("--count", type=int, default=1000, help="hands per variant")
    fuzz_parser.add_argument(
        "--max-findings", type=int, default=10, help="stop a variant after this many"
    )
    fuzz_parser.add_argument(
        "--out", default="fuzz-findings", help="folder for the proposed fixtures"
    )
    fuzz_parser.add_argument(
        "--expectations",
        action="append",
        metavar="FILE",
        help="the engine's known deviations: findings they explain (a disagreement only on "
        "patterns whose rules are expected failures) are listed, not written or counted",
    )
    add_time_limits(fuzz_parser)
    add_campaign_arguments(fuzz_parser, "fuzz")
    add_progress_argument(fuzz_parser)
    fuzz_parser.set_defaults(func=cmd_fuzz)

    play_random_parser = sub.add_parser(
        "play-random", help="long random-play runs of an engine, each hand checked"
    )
    add_play_random_arguments(play_random_parser)
    add_time_limits(play_random_parser)
    play_random_parser.set_defaults(func=play_random_command)
    cov = sub.add_parser("coverage", help="fixtures per rule")
    cov.add_argument("--variant", help="only this variant")
    cov.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="json: one document on stdout (per variant, each rule's fixtures; the missing)",
    )
    cov.set_defaults(func=cmd_coverage)

    export = sub.add_parser(
        "export", help="write the resolved corpus as JSON files for harnesses in any language"
    )
    export.add_argument("folder", help="the folder to write (created; it must be empty)")
    export.add_argument(
        "--format", choices=("json",), default="json", help="the files' format (json)"
    )
    export.add_argument(
        "--force",
        action="store_true",
        help="write into a folder that holds files (files of the same names are replaced)",
    )
    export.set_defaults(func=cmd_export)

    score = sub.add_parser("score", help="score one hand with the reference engine")
    add_score_arguments(score)
    score.add_argument("--format", choices=("text", "json"), default="text")
    score.set_defaults(func=score_command)

    settle = sub.add_parser(
        "settle",
        help=f"settle one hand among all players ({', '.join(settling_families())}) "
        "with the reference engine",
    )
    add_settle_arguments(settle)
    settle.set_defaults(func=settle_command)

    propose = sub.add_parser(
        "propose", help="scaffold a proposed fixture (a correction) from a hand's options"
    )
    add_propose_arguments(propose)
    propose.set_defaults(func=propose_command)

    check = sub.add_parser(
        "check", help="validate proposed fixtures and show where the reference engine disagrees"
    )
    add_check_arguments(check)
    check.set_defaults(func=check_command)

    replay = sub.add_parser(
        "replay", help="replay game logs on the reference play engine, hand by hand"
    )
    add_replay_arguments(replay)
    replay.set_defaults(func=replay_command)

    completion = sub.add_parser(
        "completion", help="print the shell code that completes mjspec's commands and options"
    )
    add_completion_arguments(completion)
    completion.set_defaults(func=completion_command)
    return parser


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
    try:
        try:
            return _command(argv)
        finally:  # flushed here, where a reader gone is caught, not at the interpreter's exit
            sys.stdout.flush()
    except BrokenPipeError:
        return _reader_gone()


def _command(argv: Sequence[str] | None) -> int:
    parser = build_parser()
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
