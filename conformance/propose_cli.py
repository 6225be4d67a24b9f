"""``mjspec propose`` and ``mjspec check``: a correction to the rules, written as a fixture.

``propose`` scaffolds a ``status: proposed`` fixture: a score fixture from the options of
``mjspec score``, or a play fixture from a script (``--script FILE``: a YAML file holding a
play request's ``given``, its wall and actions). Every field of ``given`` is filled in, the
metadata asked for, and the reference engine's current answer is shown as a comment under
``expect`` (for a script: how the hand ends, any refused action, and the state and legal
actions after the last action, a checkpoint to copy), which the author writes from the rule
text. ``check`` validates such files (schema and lint) and runs each through the
reference engine, rule by rule: a disagreement is what the proposal is about, reported
as such (exit 1), not a crash.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from conformance.corpus import load_catalogues, load_corpus
from conformance.engine import engine_info, reference_plugin
from conformance.lint import lint
from conformance.problems import ProblemsError
from conformance.report_json import check_json, dumped
from conformance.runner import CaseResult, Verdict, run_case
from conformance.score_cli import add_score_arguments, given_from
from conformance.usage import UsageError, corpus_here, not_found, variant_id, write_output
from conformance.yamlsafe import load_file

GUIDE = """\
# A proposed fixture, scaffolded by mjspec propose. Write under expect what the rules
# require (the answer of the reference engine now is the comment below it), show how it
# follows from the rule text in notes, then run: mjspec check with this file.
"""


def add_propose_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--id", required=True, help="the fixture's id: <variant>/<area>/<name>")
    parser.add_argument(
        "--rule", action="append", required=True, help="a rule id it exercises (repeat)"
    )
    parser.add_argument("--title", required=True, help="one line: what the fixture shows")
    parser.add_argument("--section", default="", help="the source's section heading")
    parser.add_argument("--out", help="write the fixture to this new file (default: print it)")
    parser.add_argument(
        "--script",
        metavar="FILE",
        help="a play fixture instead of a score one: a YAML file holding the play request's "
        "given (wall, actions, dealer...); the hand's options are then left out",
    )
    add_score_arguments(parser, hand_required=False)


def _script_given(path: str) -> dict[str, Any]:
    """The ``given`` of a play request read from ``path`` (safe YAML, a mapping)."""
    try:
        document = load_file(Path(path))
    except ProblemsError as error:
        raise UsageError("\n".join(str(problem) for problem in error.problems)) from None
    if not isinstance(document.data, dict):
        raise UsageError(f"{path}:1:1: not-a-mapping: a script is a mapping (wall, actions...)")
    return dict(document.data)


def _situation(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    """The fixture's kind and ``given``: from ``--script`` or from the hand's options."""
    if args.script is None:
        if args.hand is None:
            raise UsageError("usage: --hand (a score fixture) or --script FILE (a play one)")
        return "score", given_from(args)
    if args.hand is not None or args.meld:
        raise UsageError("usage: --script describes the whole hand; leave out --hand and --meld")
    return "play", _script_given(args.script)


def _shown(kind: str, answer: Mapping[str, Any]) -> dict[str, Any]:
    """What the comment shows of the engine's answer: all of it for a score; for a play, the
    end, any refused action and the last step of the trace (every step would be pages)."""
    if kind != "play" or "error" in answer:
        return dict(answer)
    shown = {key: value for key, value in answer.items() if key != "trace"}
    trace = answer.get("trace") or []
    if trace:
        last = dict(trace[-1])
        last.pop("action", None)
        shown["checkpoints"] = [last]
    return shown


def propose_command(args: argparse.Namespace) -> int:
    """Print (or write) the scaffold; exit 2 when the options or the file are unusable."""
    corpus_here()
    variant = variant_id(args.variant)
    areas = list(load_catalogues([variant]).catalogues[variant].areas)
    parts = args.id.split("/")
    if len(parts) != 3 or parts[0] != variant or parts[1] not in areas:
        print(
            f"usage: --id is {variant}/<area>/<name>, the area one of: {', '.join(areas)}",
            file=sys.stderr,
        )
        return 2
    if args.out is not None and Path(args.out).is_dir():
        args.out = str(Path(args.out) / f"{parts[2]}.yaml")
    if args.out is not None and Path(args.out).stem != parts[2]:
        print(f"usage: the file of {args.id} is named {parts[2]}.yaml", file=sys.stderr)
        return 2
    kind, given = _situation(args)
    answer = reference_plugin().evaluate({"variant": variant, "kind": kind, "given": given})
    if kind == "play" and answer.get("error", {}).get("code") == "invalid-request":
        refusal = answer["error"]
        where = ".".join(str(p) for p in refusal.get("path", []))
        at = f" (at {where})" if where else ""
        print(f"{args.script}: invalid-request: {refusal['message']}{at}", file=sys.stderr)
        return 2
    text = scaffold(args, variant, kind, given, _shown(kind, answer))
    if args.out is None:
        print(text, end="")
        return 0
    out = Path(args.out)
    if out.exists():
        print(f"{out}: exists; mjspec propose writes new files only", file=sys.stderr)
        return 2
    write_output(out, text)
    print(f"wrote {out}")
    return 0


def scaffold(
    args: argparse.Namespace,
    variant: str,
    kind: str,
    given: Mapping[str, Any],
    answer: Mapping[str, Any],
) -> str:
    """The fixture's YAML: its metadata, the given, an empty expectation with the engine's
    answer as a comment, and notes to write."""
    head: dict[str, Any] = {
        "id": args.id,
        "variant": variant,
        "kind": kind,
        "title": args.title,
        "rules": list(args.rule),
    }
    if args.section:
        head["source"] = {"section": args.section}
    head["status"] = "proposed"
    head["given"] = dict(given)
    dump = yaml.safe_dump(head, sort_keys=False, allow_unicode=True, width=88)
    engine = yaml.safe_dump(dict(answer), sort_keys=False, allow_unicode=True, width=84)
    commented = "".join(f"  # {line}\n" for line in engine.splitlines())
    return (
        GUIDE
        + dump
        + "expect:\n  # what the reference engine answers now:\n"
        + commented
        + "notes: |\n  How the expectation follows from the rules: ...\n"
    )


def add_check_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", help="proposed fixture files or folders")
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="json: one document on stdout (each proposal's verdict and differences)",
    )


def check_command(args: argparse.Namespace) -> int:
    """Validate the files, then show per fixture and rule whether the reference engine
    agrees; exit 0 when every one agrees, 1 otherwise (a problem or a disagreement)."""
    corpus_here()
    problems = not_found(args.paths)
    corpus = load_corpus([Path(p) for p in args.paths if Path(p).exists()])
    problems += list(corpus.problems) + lint(corpus)
    results: list[CaseResult] = []
    if not problems and corpus.cases:
        engine = reference_plugin()
        info = engine_info(engine)
        results = [run_case(engine, info, case) for case in corpus.cases]
    if args.format == "json":
        document = check_json(problems, results)
        print(dumped(document), end="")
        return 0 if document["checked"] and not document["disagreements"] else 1
    for problem in problems:
        print(problem, file=sys.stderr)
    if not results:
        print(f"not checked: {len(problems)} problems to fix first")
        return 1
    disagreements = 0
    for result in results:
        case = result.case
        agrees = result.verdict is Verdict.PASS
        disagreements += not agrees
        verb = "agrees with" if agrees else "DISAGREES with"
        print(f"{case.id} ({case.status}): the reference engine {verb} the fixture")
        for rule in case.rules:
            print(f"  rule {rule}: {'as expected' if agrees else 'to review'}")
        for difference in result.differences:
            print(f"    {difference}")
        if result.message:
            print(f"    {result.message}")
    print(f"checked {len(results)} fixtures: {disagreements} disagreements")
    return 1 if disagreements else 0
