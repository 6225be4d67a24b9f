"""``mjspec settle``: the end of one hand among all players, on the reference engine.

The variants offered are those whose profile answers ``settle`` (:mod:`spec.families`), and
each option says which families read it, from the settle request's one definition in the
scenario schema: nothing here names a family.

Either every player's hand value (``--values east=2 south=46 west=12 north=192``), settled
as it stands, or every player's tiles, from a YAML file holding the ``hands`` of a settle
request (``--hands FILE``: by seat, each player's ``concealed`` tiles and ``melds``, and
the fields its family reads: the classical winner's ``win`` and ``table``, a Sichuan
player's ``void`` suit), scored and then settled. Classical names its ``--winner``;
Sichuan names the players who have already won and left (``--left``). The table shows
each player's figures and what each pays or receives; ``--format json`` prints the
engine's outcome. Exit status: 0, 1 (a hand that cannot be scored), 2 (a usage error: a
malformed request, an option the variant's family does not read, a file that cannot be
read).
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from conformance.engine import reference_plugin
from conformance.problems import ProblemsError
from conformance.score_cli import USAGE_CODES
from conformance.score_options import count
from conformance.usage import UsageError, refusal
from conformance.yamlsafe import load_file
from spec.families import families_answering, field_readers, variants_answering
from spec.profile import FigureKind, Profile, find_profile
from spec.schemas import schema

SEATS = ("east", "south", "west", "north")
OPTIONS = {"winner": "--winner", "round": "--round", "left": "--left", "values": "--values"}
WIDTH = 78  # the help's lines


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


def _read_by(definition: str, name: str, text: str) -> str:
    """An option's help, with the families that read its request field when not all do."""
    readers = field_readers(definition, name)
    if set(readers) >= set(families_answering("settle")):
        return text
    return f"{text} [{', '.join(readers)} only]"


def hands_format() -> str:
    """What a ``--hands`` file holds, from the settle request's definition of a hand."""
    fields = schema("scenario")["$defs"]["settle_hand"]["properties"]
    lines = textwrap.wrap(
        "The --hands file: a YAML mapping of each seat (east, south, west, north) to its "
        "player's tiles, with these fields:",
        WIDTH,
    )
    for name, field in fields.items():
        text = _read_by("settle_hand", name, str(field["description"]))
        lines += textwrap.wrap(
            text, WIDTH, initial_indent=f"  {name:<10} ", subsequent_indent=" " * 13
        )
    lines.append("e.g.  east: {concealed: 123p 456p 789p 11s 22s, void: m}")
    return "\n".join(lines)


def add_settle_arguments(parser: argparse.ArgumentParser) -> None:
    settling = variants_answering("settle")
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = hands_format()
    parser.add_argument(
        "--variant",
        default=settling[0],
        help=f"a variant that settles whole hands: {', '.join(settling)} (default: %(default)s)",
    )
    parser.add_argument(
        "--winner",
        choices=(*SEATS, "none"),
        help=_read_by("settle_given", "winner", "who won (none: a wall draw)"),
    )
    parser.add_argument(
        "--round",
        choices=SEATS,
        help=_read_by("settle_given", "round", "the round wind (default: east)"),
    )
    parser.add_argument(
        "--left",
        action="append",
        default=[],
        choices=SEATS,
        help=_read_by(
            "settle_given", "left", "a player who has already won and left (repeat for more)"
        ),
    )
    given = parser.add_mutually_exclusive_group(required=True)
    given.add_argument(
        "--values",
        nargs="+",
        action="extend",
        type=seat_value,
        metavar="SEAT=VALUE",
        help=_read_by(
            "settle_given",
            "values",
            "each hand's value (one SEAT=VALUE per seat, in one option or several)",
        ),
    )
    given.add_argument(
        "--hands",
        metavar="FILE",
        help="a YAML file of every player's tiles, by seat (its format: below)",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")


def given_from(args: argparse.Namespace) -> dict[str, Any]:
    """The ``given`` of a settle request built from the command line (only the options
    set; the request's checks refuse a field the variant's family does not read)."""
    given: dict[str, Any] = {}
    if args.winner:
        given["winner"] = args.winner
    if args.round:
        given["round"] = args.round
    if args.left:
        given["left"] = args.left
    if args.values:
        given["values"] = values_by_seat(args.values)
    return given


def settle_command(args: argparse.Namespace) -> int:
    given = given_from(args)
    if args.hands:
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
        print_settlement(find_profile(args.variant), outcome)
    if "error" in outcome:
        refused = outcome["error"]
        if args.format != "json":
            print(refusal(refused, lambda path: option_named(path, args)), file=sys.stderr)
        return 2 if refused["code"] in USAGE_CODES else 1
    return 0


def option_named(path: Sequence[str | int], args: argparse.Namespace) -> str | None:
    """The option that filled the settle request's field at ``path`` (the inverse of
    :func:`given_from`); a field inside the hands file is named after the file, by its seat
    and field (``--hands FILE: east.concealed``)."""
    head, *under = [str(step) for step in path] or [""]
    if head == "hands" and args.hands:
        return f"--hands {args.hands}" + (f": {'.'.join(under)}" if under else "")
    return OPTIONS.get(head)


def _columns(profile: Profile, scores: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, int]]:
    """The table's columns besides the seat and the payment, each with its width (negative:
    aligned left): the score's yes/no facts that some seat has (Sichuan: void held, ready),
    then the profile's figures, the total last."""
    facts = [
        name
        for name in schema("scenario")["$defs"]["settle_score"]["properties"]
        if any(name in score for score in scores.values()) and name != "patterns"
    ]
    figures = sorted(profile.outcome.figures, key=lambda f: f.name == profile.outcome.total)
    return [
        *((name, len(name)) for name in facts),
        *((f.name, -22 if f.kind is FigureKind.NAME else max(6, len(f.name))) for f in figures),
    ]


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


def print_settlement(profile: Profile, outcome: Mapping[str, Any]) -> None:
    """One line per seat: its score's facts and figures (when tiles were given), its value,
    the payment; a seat with no score (given as a value, or gone) leaves those blank."""
    scores: Mapping[str, Mapping[str, Any]] = outcome.get("scores", {})
    values: Mapping[str, int] = outcome.get("values", {})
    columns = _columns(profile, scores)
    header = " ".join(
        f"{name.replace('_', ' '):{'<' if w < 0 else '>'}{abs(w)}}" for name, w in columns
    )
    print(f"{'seat':<6} {header} {'pays':>7}")
    for seat, payment in outcome["payments"].items():
        score = {**scores.get(seat, {}), **({"value": values[seat]} if seat in values else {})}
        cells = " ".join(
            f"{_cell(score.get(name)):{'<' if w < 0 else '>'}{abs(w)}}" for name, w in columns
        )
        print(f"{seat:<6} {cells} {payment:>+7}")
