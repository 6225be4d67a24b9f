"""``mjspec score``: a calculator for people, on the reference engine.

Melds are written ``KIND:TILES[:FLAG...]`` where KIND is chow, pung or kong,
and the flags are ``concealed``, ``added`` or a seat (who was claimed from):
``--meld chow:123m:north --meld kong:5z5z5z5z:concealed``.

The options become one score request, checked like any other: an option the variant's
family does not read, a number out of its range or circumstances that cannot hold
together (``--last-wall-tile`` on a discard win) are usage errors (exit 2), as is
``--ura`` without ``--riichi`` (the engine would accept the indicators and, as the rule
says, not count them; on the command line it is a mistake). A hand that does not win
is exit 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from conformance.engine import reference_plugin
from conformance.score_options import Shape, option_at, score_options
from conformance.usage import refusal
from spec import variant_ids
from spec.families import families
from spec.profile import PatternValue, Profile, find_profile

FAMILY_GROUPS = {
    name: f"{name} variants" for name in families()
}  # the title of a family's group of options in the help (and in the docs' calculator)
USAGE_CODES = frozenset(
    {"invalid-request", "unsupported-field", "inconsistent-flags", "unknown-variant"}
)
DEFAULT_VARIANT = "taiwanese"  # scored when no --variant is given


def _variant_names() -> str:
    return ", ".join(variant_ids())


class _Groups:
    """The help's groups of options, one per family that has options of its own (made when
    its first option is added, so in the order of the options): an option whose field
    several families read, or the default variant's family, stays with the hand and table."""

    def __init__(self, parser: argparse.ArgumentParser, default_variant: str) -> None:
        self.parser = parser
        self.home = find_profile(default_variant).family
        self.made: dict[str, argparse._ArgumentGroup] = {}

    def of(self, readers: tuple[str, ...]) -> argparse._ArgumentGroup | argparse.ArgumentParser:
        """The group of an option read by ``readers``: the family's own, when one family
        other than the default's reads it."""
        if len(readers) != 1 or readers[0] == self.home:
            return self.parser
        family = readers[0]
        if family not in self.made:
            self.made[family] = self.parser.add_argument_group(FAMILY_GROUPS[family])
        return self.made[family]


def add_score_arguments(parser: argparse.ArgumentParser, *, hand_required: bool = True) -> None:
    """``--variant`` and one option per field of the score request (:mod:`.score_options`),
    each in the help group of the family that reads its field."""
    parser.add_argument(
        "--variant",
        default=DEFAULT_VARIANT,
        help=f"the variant's id or an alias: {_variant_names()} (default: %(default)s)",
    )
    groups = _Groups(parser, DEFAULT_VARIANT)
    for option in score_options():
        required = hand_required and option.path == ("concealed",)
        option.add_to(groups.of(option.readers), required=required)


def add_score_command_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``mjspec score``: the hand's (:func:`add_score_arguments`) and the
    report's format."""
    add_score_arguments(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text")


def given_from(args: argparse.Namespace) -> dict[str, Any]:
    """The ``given`` of a score request built from the command line (only the options set)."""
    given: dict[str, Any] = {}
    for option in score_options():
        value = option.value(getattr(args, option.dest))
        if value is not None:
            *within, name = option.path
            place = given
            for key in within:
                place = place.setdefault(key, {})
            place[name] = value
    return given


def options_of(variant: str, given: Mapping[str, Any]) -> list[str] | None:
    """The ``mjspec score`` options that describe a score request's ``given`` (the inverse of
    :func:`given_from`), or None when it holds something the options cannot say."""
    argv = ["--variant", variant]
    for path, value in _fields(given, ()):
        option = option_at(path)
        typed = None if option is None or option.path != path else option.typed(value)
        if typed is None:
            return None
        argv += typed
    if "--hand" not in argv:
        argv += ["--hand", ""]  # a win on flowers alone shows no tiles
    table = given.get("table", {})
    if given.get("ura_indicators") and not (table.get("riichi") or table.get("double_riichi")):
        return None  # the command refuses --ura without riichi (see score_command)
    return argv


def _fields(
    value: Mapping[str, Any], path: tuple[str, ...]
) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Each field of ``value`` an option could fill, with its path: the fields of an object
    whose fields are options of their own (the win, the table, its rule options) one by one."""
    for key, item in value.items():
        where = (*path, str(key))
        option = option_at(where)
        if isinstance(item, Mapping) and (option is None or option.path != where):
            yield from _fields(item, where)
        else:
            yield where, item


def score_command(args: argparse.Namespace) -> int:
    """Score the hand the options describe; exit 0, 1 (no win) or 2 (a usage error)."""
    if args.ura and not (args.riichi or args.double_riichi):
        print(
            "inconsistent-flags: --ura needs --riichi or --double-riichi (ura dora count "
            "only for a winner who declared riichi)",
            file=sys.stderr,
        )
        return 2
    outcome = reference_plugin().evaluate(
        {"variant": args.variant, "kind": "score", "given": given_from(args)}
    )
    if args.format == "json":
        print(json.dumps(outcome, indent=2, ensure_ascii=False))
        if "error" in outcome:
            return 2 if outcome["error"]["code"] in USAGE_CODES else 1
        return 0
    if "error" in outcome:
        print(refusal(outcome["error"], lambda path: option_named(path, args)), file=sys.stderr)
        return 2 if outcome["error"]["code"] in USAGE_CODES else 1
    print_score(find_profile(args.variant), outcome)
    return 0


def option_named(path: Sequence[str | int], args: argparse.Namespace) -> str | None:
    """The option that filled the request field at ``path`` (the inverse of
    :func:`given_from`), None when no single option did; a meld is named by its value."""
    option = option_at(path)
    if option is None:
        return None
    if option.shape is Shape.MELDS and len(path) > 1:
        melds = getattr(args, option.dest)
        index = path[1]
        if isinstance(index, int) and 0 <= index < len(melds):
            return f"{option.flag} {melds[index]!r}"
    return option.flag


def _unit(row: PatternValue) -> str:
    """What a pattern row's number counts: the name of its first value (tai, han, points,
    doubles), or the limit for a limit hand."""
    if row.is_limit:
        return "(limit)"
    return next((name for name, value in row.values.items() if value), "")


def print_score(profile: Profile, outcome: Mapping[str, Any]) -> None:
    """The patterns in the unit of the profile's total, then every figure its outcome reports
    (``outcome: figures``), then the payments."""
    names = {row.id: row.name for row in profile.patterns}
    units = {row.id: _unit(row) for row in profile.patterns}
    # classical: some awards give points and some doubles; each number then names its unit
    mixed = len({units.get(pattern_id) for pattern_id in outcome["patterns"]}) > 1
    shape = profile.outcome
    labels = {f.name: f.name.replace("_", " ") for f in shape.figures}
    width = max([len(names.get(p, p)) for p in outcome["patterns"]] + [10])
    shared = {units.get(p) for p in outcome["patterns"]} - {"(limit)", ""}
    unit = next(iter(shared)) if len(shared) == 1 else labels[shape.total]
    print(f"{'pattern':<{width}}  {'' if mixed else unit}")
    for pattern_id, value in outcome["patterns"].items():
        unit = f" {units.get(pattern_id, '')}" if mixed else ""
        print(f"{names.get(pattern_id, pattern_id):<{width}}  {value:>3}{unit}")
    for figure in shape.figures:
        if figure.name not in outcome:
            continue
        label = "total" if figure.name == shape.total else labels[figure.name]
        value = outcome[figure.name]
        print(f"{label:<{width}}  {'none' if value is None else value:>3}")
    print()
    print(
        "payments: "
        + "  ".join(f"{seat} {amount:+d}" for seat, amount in outcome["payments"].items())
    )
