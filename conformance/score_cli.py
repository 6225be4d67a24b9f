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
from collections.abc import Mapping, Sequence
from typing import Any

from conformance.engine import reference_plugin
from conformance.usage import refusal
from spec import variant_ids
from spec.families import families, field_readers, option_readers
from spec.profile import PatternValue, Profile, find_profile
from spec.requests import house_rules, table_flags

SEATS = ("east", "south", "west", "north")
FAMILY_GROUPS = {
    name: f"{name} variants" for name in families()
}  # the title of a family's group of options in the help (and in the docs' calculator)
USAGE_CODES = frozenset(
    {"invalid-request", "unsupported-field", "inconsistent-flags", "unknown-variant"}
)
MAX_DIGITS = 6
DEFAULT_VARIANT = "taiwanese"  # scored when no --variant is given
SCORING_HOUSE_RULES = tuple(rule for rule in house_rules() if rule.scores)


def count(text: str) -> int:
    """A whole number as an option takes it (the request's schema bounds it)."""
    digits = text.removeprefix("-")
    if not digits.isdigit() or len(digits) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number of a few digits")
    return int(text)


def meld_text(text: str) -> str:
    """A ``--meld`` as written, ``KIND:TILES[:FLAG...]``, each flag at most once and one
    seat at most (a second seat would silently replace the first)."""
    flags = text.split(":")[2:]
    seats = [flag for flag in flags if flag not in ("concealed", "added")]
    if len(set(flags)) < len(flags) or len(seats) > 1:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r}: give each flag once, and one seat at most (the one claimed from)"
        )
    return text


def _variant_names() -> str:
    return ", ".join(variant_ids())


class _Groups:
    """The help's groups of options, one per family that has options of its own (made when
    its first option is added, so in the order of the options): an option whose field the
    default variant's family reads, or every family, stays with the hand and table."""

    def __init__(self, parser: argparse.ArgumentParser, default_variant: str) -> None:
        self.parser = parser
        self.home = find_profile(default_variant).family
        self.made: dict[str, argparse._ArgumentGroup] = {}

    def of(self, readers: tuple[str, ...]) -> argparse._ArgumentGroup | argparse.ArgumentParser:
        """The group of an option read by ``readers``: the first family's, when it is not
        the default's and not every family reads the option."""
        if not readers or set(readers) >= set(families()) or readers[0] == self.home:
            return self.parser
        family = readers[0]
        if family not in self.made:
            self.made[family] = self.parser.add_argument_group(FAMILY_GROUPS[family])
        return self.made[family]

    def field(
        self, name: str, definition: str = "score_given"
    ) -> argparse._ArgumentGroup | argparse.ArgumentParser:
        """The group of the option that fills the request field ``name`` of ``definition``."""
        return self.of(field_readers(definition, name))


def add_score_arguments(parser: argparse.ArgumentParser, *, hand_required: bool = True) -> None:
    parser.add_argument(
        "--variant",
        default=DEFAULT_VARIANT,
        help=f"the variant's id or an alias: {_variant_names()} (default: %(default)s)",
    )
    parser.add_argument(
        "--hand", required=hand_required, help="concealed tiles, the winning tile last (MPSZ)"
    )
    parser.add_argument(
        "--meld",
        action="append",
        type=meld_text,
        default=[],
        metavar="KIND:TILES[:FLAG]",
        help="a declared meld: KIND chow, pung or kong; FLAG concealed, added or the seat "
        "claimed from; e.g. chow:123m:north or kong:5z5z5z5z:concealed (repeat for more)",
    )
    parser.add_argument(
        "--win",
        choices=("self-draw", "discard", "robbing-kong", "eight-flowers", "flower-capture"),
        default="self-draw",
        help="how the hand was won (default: %(default)s)",
    )
    parser.add_argument(
        "--from",
        dest="from_seat",
        choices=SEATS,
        help="who discarded / added the kong / showed the flower",
    )
    parser.add_argument(
        "--seat", choices=SEATS, default="east", help="the winner's seat (default: %(default)s)"
    )
    parser.add_argument(
        "--dealer", choices=SEATS, default="east", help="the dealer (default: %(default)s)"
    )
    parser.add_argument(
        "--flowers",
        action="append",
        default=[],
        metavar="TILES",
        help="flowers held, e.g. 1f5f (repeat to add more)",
    )
    parser.add_argument(
        "--streak", type=count, default=0, help="the dealer's previous consecutive wins"
    )
    parser.add_argument(
        "--discards", type=count, help="discards on the table so far (winning discard included)"
    )
    groups = _Groups(parser, DEFAULT_VARIANT)
    groups.field("round").add_argument("--round", choices=SEATS, help="the round wind")
    groups.field("dora_indicators").add_argument(
        "--dora",
        action="append",
        default=[],
        metavar="TILES",
        help="dora indicators, e.g. 3p (repeat to add more)",
    )
    groups.field("ura_indicators").add_argument(
        "--ura",
        action="append",
        default=[],
        metavar="TILES",
        help="ura-dora indicators (count with riichi; repeat to add more)",
    )
    groups.field("north").add_argument(
        "--north", type=count, default=0, help="Norths extracted (sanma)"
    )
    groups.field("honba", "table").add_argument(
        "--honba", type=count, default=0, help="repeat counters on the table"
    )
    groups.field("riichi_sticks", "table").add_argument(
        "--sticks", type=count, default=0, help="riichi deposits on the table"
    )
    groups.field("liable", "table").add_argument(
        "--liable", choices=SEATS, help="the seat liable (pao) for the winner's yakuman"
    )
    for rule in SCORING_HOUSE_RULES:
        groups.of(option_readers(rule.name)).add_argument(
            _dashed(rule.name),
            choices=rule.choices,
            help=f"the table's house rule {rule.rule_id} (default: the profile's)",
        )
    groups.field("seen", "table").add_argument(
        "--seen",
        action="append",
        default=[],
        metavar="TILES",
        help="tiles seen by all (discards, others' melds): one-chance (repeat to add more)",
    )
    groups.field("void").add_argument(
        "--void", choices=("m", "p", "s"), help="the winner's void suit"
    )
    groups.field("left").add_argument(
        "--left",
        action="append",
        default=[],
        choices=SEATS,
        help="a player who has already won and left (pays nothing; repeat for more)",
    )
    groups.of(option_readers("self_draw")).add_argument(
        "--self-draw",
        choices=("fan", "point"),
        help="the table's reading of a self-draw: 1 fan, or 1 point from each payer",
    )
    groups.of(option_readers("kong_roots")).add_argument(
        "--no-kong-roots", action="store_true", help="the table does not count kongs as roots"
    )
    for flag in table_flags():
        option = _dashed(flag.name)
        groups.of(flag.families).add_argument(option, action="store_true", help=flag.meaning)


def _meld(text: str) -> dict[str, Any]:
    kind, _, rest = text.partition(":")
    tiles, _, flags_text = rest.partition(":")
    meld: dict[str, Any] = {"type": kind, "tiles": tiles}
    for flag in filter(None, flags_text.split(":")):
        if flag in ("concealed", "added"):
            meld[flag] = True
        else:
            meld["from"] = flag
    return meld


def given_from(args: argparse.Namespace) -> dict[str, Any]:
    """The ``given`` of a score request built from the command line (only the options set)."""
    win: dict[str, Any] = {"by": args.win}
    if args.from_seat:
        win["from"] = args.from_seat
    given: dict[str, Any] = {
        "concealed": args.hand,
        "melds": [_meld(m) for m in args.meld],
        "win": win,
        "seat": args.seat,
    }
    table: dict[str, Any] = {}
    if args.flowers:
        given["flowers"] = " ".join(args.flowers)
    if args.dealer != "east":
        given["dealer"] = args.dealer
    if args.streak:
        table["dealer_streak"] = args.streak
    if args.discards is not None:
        table["discards"] = args.discards
    for key, value in (
        ("round", args.round),
        ("dora_indicators", " ".join(args.dora)),
        ("ura_indicators", " ".join(args.ura)),
        ("north", args.north),
    ):
        if value:
            given[key] = value
    if args.seen:
        table["seen"] = " ".join(args.seen)
    given.update(_sichuan_fields(args))
    house = {
        rule.name: rule.value(getattr(args, rule.name))
        for rule in SCORING_HOUSE_RULES
        if getattr(args, rule.name) is not None
    }
    if house:
        given["options"] = {**given.get("options", {}), **house}
    if args.honba:
        table["honba"] = args.honba
    if args.sticks:
        table["riichi_sticks"] = args.sticks
    if args.liable:
        table["liable"] = args.liable
    table.update({flag.name: True for flag in table_flags() if getattr(args, flag.name)})
    if table:
        given["table"] = table
    return given


_GIVEN_OPTIONS = {
    "seat": "--seat",
    "dealer": "--dealer",
    "flowers": "--flowers",
    "round": "--round",
    "dora_indicators": "--dora",
    "ura_indicators": "--ura",
    "north": "--north",
    "void": "--void",
}
_TABLE_OPTIONS = {
    "dealer_streak": "--streak",
    "discards": "--discards",
    "seen": "--seen",
    "honba": "--honba",
    "riichi_sticks": "--sticks",
    "liable": "--liable",
}


def _meld_option(meld: Mapping[str, Any]) -> str | None:
    if set(meld) - {"type", "tiles", "concealed", "added", "from"}:
        return None
    flags = [flag for flag in ("concealed", "added") if meld.get(flag)]
    if "from" in meld:
        flags.append(str(meld["from"]))
    return ":".join([str(meld["type"]), str(meld["tiles"]), *flags])


def options_of(variant: str, given: Mapping[str, Any]) -> list[str] | None:
    """The ``mjspec score`` options that describe a score request's ``given`` (the inverse of
    :func:`given_from`), or None when it holds something the options cannot say."""
    argv = ["--variant", variant, "--hand", str(given.get("concealed", ""))]
    win = given.get("win", {})
    argv += ["--win", str(win.get("by", "self-draw"))]
    if "from" in win:
        argv += ["--from", str(win["from"])]
    flags = {flag.name for flag in table_flags()}
    table = given.get("table", {})
    known = {"concealed", "melds", "win", "table", "left", "options", *_GIVEN_OPTIONS}
    if set(given) - known or set(win) - {"by", "from"} or set(table) - flags - {*_TABLE_OPTIONS}:
        return None
    if given.get("ura_indicators") and not (table.get("riichi") or table.get("double_riichi")):
        return None  # the command refuses --ura without riichi (see score_command)
    for meld in given.get("melds", []):
        text = _meld_option(meld)
        if text is None:
            return None
        argv += ["--meld", text]
    for key, option in _GIVEN_OPTIONS.items():
        if key in given:
            argv += [option, str(given[key])]
    for key, option in _TABLE_OPTIONS.items():
        if key in table:
            argv += [option, str(table[key])]
    argv += [_dashed(name) for name in sorted(flags) if table.get(name)]
    for seat in given.get("left", []):
        argv += ["--left", str(seat)]
    told = _options_told(given.get("options", {}))
    return None if told is None else argv + told


def _options_told(options: Mapping[str, Any]) -> list[str] | None:
    """The command-line options for a request's table options (None: not all are options)."""
    house = {rule.name for rule in SCORING_HOUSE_RULES}
    if set(options) - {"self_draw", "kong_roots", *house} or options.get("kong_roots") is True:
        return None
    argv = [
        f"--{name.replace('_', '-')}={str(value).lower()}"
        for name, value in options.items()
        if name in house
    ]
    if "self_draw" in options:
        argv += ["--self-draw", str(options["self_draw"])]
    if options.get("kong_roots") is False:
        argv.append("--no-kong-roots")
    return argv


def _sichuan_fields(args: argparse.Namespace) -> dict[str, Any]:
    """The void suit, the players who have left and the table's readings (Sichuan)."""
    fields: dict[str, Any] = {}
    if args.void:
        fields["void"] = args.void
    if args.left:
        fields["left"] = args.left
    options: dict[str, Any] = {}
    if args.self_draw:
        options["self_draw"] = args.self_draw
    if args.no_kong_roots:
        options["kong_roots"] = False
    if options:
        fields["options"] = options
    return fields


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
    head, under = [*path, "", ""][:2]
    if head == "melds" and isinstance(under, int) and 0 <= under < len(args.meld):
        return f"--meld {args.meld[under]!r}"
    under = str(under)
    if head == "table":
        flags = {flag.name for flag in table_flags()}
        return _TABLE_OPTIONS.get(under) or (_dashed(under) if under in flags else None)
    if head == "options":
        house = {rule.name for rule in SCORING_HOUSE_RULES}
        if under in house or under == "self_draw":
            return _dashed(under)
        return "--no-kong-roots" if under == "kong_roots" else None
    if head == "win":
        return {"by": "--win", "from": "--from"}.get(under)
    return {"concealed": "--hand", "left": "--left", **_GIVEN_OPTIONS}.get(str(head))


def _dashed(name: str) -> str:
    return "--" + name.replace("_", "-")


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
