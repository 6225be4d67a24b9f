"""``mjspec settle``: the end of one hand among all players, on the reference engine.

Either every player's hand value (``--values east=2 south=46 west=12 north=192``), settled
as it stands, or every player's tiles, from a YAML file holding the ``hands`` of a settle
request (``--hands FILE``: each seat's concealed tiles, melds and flowers, the winner's
``win`` and ``table`` too), scored and then settled. The table shows each player's
points, doubles, limit and value, and what each pays or receives; ``--format json``
prints the engine's outcome. Exit status: 0, 1 (a hand that cannot be scored), 2 (a
usage error: a malformed request, a file that cannot be read).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from conformance.engine import reference_plugin
from conformance.problems import ProblemsError
from conformance.score_cli import USAGE_CODES, count
from conformance.usage import UsageError
from conformance.yamlsafe import load_file
from spec import variant_ids

SEATS = ("east", "south", "west", "north")


def seat_value(text: str) -> tuple[str, int]:
    """``SEAT=VALUE``, as ``--values`` takes it."""
    seat, equals, value = text.partition("=")
    if not equals or seat not in SEATS:
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: write SEAT=VALUE, e.g. north=192")
    return seat, count(value)


def values_by_seat(pairs: list[tuple[str, int]]) -> dict[str, int]:
    """The ``--values`` given, by seat: a seat valued twice is a usage error (neither value
    would be the one meant)."""
    seats = [seat for seat, _ in pairs]
    twice = next((seat for seat in SEATS if seats.count(seat) > 1), None)
    if twice is not None:
        raise UsageError(f"usage: --values: {twice} given more than once")
    return dict(pairs)


def add_settle_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--variant",
        default="classical-chinese",
        help=f"a variant that settles whole hands: {', '.join(variant_ids())} "
        "(default: %(default)s)",
    )
    parser.add_argument(
        "--winner", required=True, choices=(*SEATS, "none"), help="who won (none: a wall draw)"
    )
    parser.add_argument("--round", choices=SEATS, help="the round wind (default: east)")
    given = parser.add_mutually_exclusive_group(required=True)
    given.add_argument(
        "--values",
        nargs="+",
        action="extend",
        type=seat_value,
        metavar="SEAT=VALUE",
        help="each hand's value (one SEAT=VALUE per seat, in one option or several)",
    )
    given.add_argument(
        "--hands", metavar="FILE", help="a YAML file of every player's tiles, by seat"
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")


def settle_command(args: argparse.Namespace) -> int:
    given: dict[str, Any] = {"winner": args.winner}
    if args.round:
        given["round"] = args.round
    if args.values:
        given["values"] = values_by_seat(args.values)
    else:
        try:
            given["hands"] = load_file(Path(args.hands)).data
        except ProblemsError as error:
            for problem in error.problems:
                print(problem, file=sys.stderr)
            return 2
    outcome = reference_plugin().evaluate(
        {"variant": args.variant, "kind": "settle", "given": given}
    )
    if args.format == "json":
        print(json.dumps(outcome, indent=2, ensure_ascii=False))
    elif "error" not in outcome:
        print_settlement(outcome)
    if "error" in outcome:
        refused = outcome["error"]
        where = ".".join(str(p) for p in refused.get("path", []))
        if args.format != "json":
            suffix = f" (at {where})" if where else ""
            print(f"{refused['code']}: {refused['message']}{suffix}", file=sys.stderr)
        return 2 if refused["code"] in USAGE_CODES else 1
    return 0


def print_settlement(outcome: Mapping[str, Any]) -> None:
    """One line per seat: the score (when tiles were given), the value, the payment."""
    scores: Mapping[str, Mapping[str, Any]] = outcome.get("scores", {})
    print(f"{'seat':<6} {'points':>6} {'doubles':>7} {'limit':<22} {'value':>6} {'pays':>7}")
    for seat, value in outcome["values"].items():
        score = scores.get(seat, {})
        points = score.get("points", "")
        doubles = score.get("doubles", "")
        limit = score.get("limit") or ""
        payment = outcome["payments"][seat]
        print(f"{seat:<6} {points:>6} {doubles:>7} {limit:<22} {value:>6} {payment:>+7}")
