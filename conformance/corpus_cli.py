"""``mjspec validate``, ``run``, ``coverage`` and ``export``: the commands that read the
fixture corpus (checked, run through engines, counted per rule, or written out as JSON)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

import spec
from conformance.connect import add_time_limits, close_engine, open_engine
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
from conformance.lint import lint
from conformance.problems import Problem, ProblemsError
from conformance.progress import QUIET, Progress, add_progress_argument, progress_for
from conformance.report import render_side_by_side, render_text, to_json
from conformance.report_html import to_html
from conformance.report_json import coverage_json, dumped, validate_json
from conformance.report_junit import to_junit
from conformance.runner import RunReport, run
from conformance.usage import corpus_here, not_found, variant_id, write_output

HEADER_PATHS = 3  # the paths a run header names before it counts the rest


def _paths(values: Sequence[str]) -> list[Path] | None:
    return [Path(v) for v in values] if values else None


def add_validate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", help="files or folders (default: the bundled corpus)")
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="json: one document on stdout (valid, counts, every problem located)",
    )


def validate_command(args: argparse.Namespace) -> int:
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


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths", nargs="*", help="fixture files or folders (default: the bundled corpus)"
    )
    parser.add_argument(
        "--engine",
        action="append",
        help="a plugin name, python:<module>:<factory> or exec:'<command>' (repeat the "
        "option to compare engines side by side; default: reference)",
    )
    parser.add_argument(
        "--expectations",
        action="append",
        metavar="FILE",
        help="known deviations of an engine (matched by the engine name in the file); "
        "an engine may ship its own",
    )
    add_time_limits(parser)
    parser.add_argument(
        "--validate-traffic",
        action="store_true",
        help="check every protocol message against the protocol schema",
    )
    parser.add_argument("--variant", help="only this variant (its id or an alias)")
    parser.add_argument(
        "--allow-empty", action="store_true", help="exit 0 when no fixture is selected"
    )
    parser.add_argument("--format", choices=("text", "json", "junit", "html"), default="text")
    parser.add_argument(
        "--docs-url", help="address of the mjspec docs, to link rule ids in an HTML report"
    )
    parser.add_argument("--output", "-o", help="write the report to this file")
    add_progress_argument(parser)


def run_command(args: argparse.Namespace) -> int:
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


def add_coverage_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", help="only this variant")
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="json: one document on stdout (per variant, each rule's fixtures; the missing)",
    )


def coverage_command(args: argparse.Namespace) -> int:
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


def add_export_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", help="the folder to write (created; it must be empty)")
    parser.add_argument(
        "--format", choices=("json",), default="json", help="the files' format (json)"
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="write into a folder that holds files (files of the same names are replaced)",
    )


def export_command(args: argparse.Namespace) -> int:
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
