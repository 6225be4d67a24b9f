"""The options of ``mjspec score``, generated from the score request's one definition in the
scenario schema (``$defs/score_given``): each field becomes one option, named after the field,
its help the first sentence of the field's description, its values read from the field's type
(a yes/no circumstance is a switch, an ``enum`` a choice, an integer a count, tiles a text that
may be repeated, a list of seats a repeated choice), and its readers (``x-mjspec-families``)
say which family's group of the help it joins. The fields of the win, the table and the table's
rule options are options of their own; of the rule options, those that change a hand's score
(``x-mjspec-scores``).

So a field added to the schema is an option at once. :data:`PRESENTATION` holds what the
schema cannot say, field by field, each entry with its reason: a name people already type, a
default for a field the request requires, a syntax for a record written as one word, or why a
field is no option.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any

from spec.families import families
from spec.requests import FAMILIES_KEYWORD, SCORES_KEYWORD
from spec.schemas import schema

MAX_DIGITS = 6
RULE_OPTIONS = "options"  # the definition of a table's rule options: yes/no, the profile's default
SENTENCE_END = re.compile(r"\.\s+(?=[A-Z])")
RED_FIVES = re.compile(r"(?:0[mps]\s*)+")
MELD_FLAGS = ("concealed", "added")


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
    seats = [flag for flag in flags if flag not in MELD_FLAGS]
    if len(set(flags)) < len(flags) or len(seats) > 1:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r}: give each flag once, and one seat at most (the one claimed from)"
        )
    return text


def red_fives_text(text: str) -> bool | list[str]:
    """``--red-fives``: true, false, or the red fives themselves (``0m0p0p0s``)."""
    if text in ("true", "false"):
        return text == "true"
    if not RED_FIVES.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"{text[:20]!r} is true, false or red fives such as 0m0p0p0s"
        )
    return re.findall("0[mps]", text)


class Shape(Enum):
    """How an option is typed and how its value fills the request's field."""

    SWITCH = "switch"  # a circumstance: true when given
    NO_SWITCH = "no-switch"  # a reading switched off: false when given
    YES_NO = "yes-no"  # a rule option: true or false (the profile's default otherwise)
    CHOICE = "choice"  # one of the field's enum
    COUNT = "count"  # a whole number
    TILES = "tiles"  # tiles in MPSZ, repeats joined with a space
    CHOICES = "choices"  # a list of the field's enum, one value a repeat
    MELDS = "melds"  # KIND:TILES[:FLAG...], one meld a repeat
    RED_FIVES = "red-fives"  # true, false or the red fives


@dataclass(frozen=True)
class Presentation:
    """What the schema cannot say about one field's option (each use says why)."""

    flag: str | None = None  # the option's name, when not the field's
    dest: str | None = None  # the attribute the parse fills, when not the name's
    default: str | None = None  # the value when not given (a field the request requires)
    shape: Shape | None = None  # when the field's type does not say how to type it
    single: bool = False  # tiles given once, not joined from repeats
    metavar: str | None = None
    help: str | None = None  # words the field's description cannot give
    skip: str | None = None  # why the field is no option


PRESENTATION: Mapping[str, Presentation] = {
    # "concealed" is the request's word (melds are a field of their own); people say hand,
    # and it is one string whose last tile is the winning tile, so it is not repeated.
    "concealed": Presentation(flag="--hand", single=True),
    # a meld is a record (kind, tiles, flags): written as one word, KIND:TILES[:FLAG].
    "melds": Presentation(
        flag="--meld",
        shape=Shape.MELDS,
        metavar="KIND:TILES[:FLAG]",
        help="A declared meld: KIND chow, pung or kong; FLAG concealed, added or the seat "
        "claimed from; e.g. chow:123m:north or kong:5z5z5z5z:concealed",
    ),
    # "--by" says nothing alone, and the field's description lists the values argparse shows
    # already; the request requires the way of winning: a default.
    "win.by": Presentation(flag="--win", default="self-draw", help="How the hand was won."),
    # "from" is a Python keyword: the namespace could not be read as args.from.
    "win.from": Presentation(dest="from_seat"),
    # the request requires the winner's seat: the dealer's is the default.
    "seat": Presentation(default="east"),
    # the names the command has always had, shorter than the fields'.
    "table.dealer_streak": Presentation(flag="--streak"),
    "table.riichi_sticks": Presentation(flag="--sticks"),
    "dora_indicators": Presentation(flag="--dora"),
    "ura_indicators": Presentation(flag="--ura"),
    # Sichuan counts kongs as roots unless a table says otherwise: the one reading to switch.
    "options.kong_roots": Presentation(
        flag="--no-kong-roots",
        shape=Shape.NO_SWITCH,
        help="The table does not count a declared kong as a root.",
    ),
    # true, false or a list of red fives (oneOf): the schema's type cannot say how to type it.
    "options.red_fives": Presentation(shape=Shape.RED_FIVES, metavar="true|false|0m0p0s"),
    "other_winners": Presentation(
        skip="each further winner is a whole hand (seat, tiles, melds, flowers): a record "
        "for a request or a fixture, not one word"
    ),
}


@dataclass(frozen=True)
class ScoreOption:
    """One option of ``mjspec score``: the request field it fills (``("table", "honba")``),
    its name, how it is typed and the families that read its field."""

    path: tuple[str, ...]
    flag: str
    dest: str
    help: str
    shape: Shape
    readers: tuple[str, ...]
    choices: tuple[str, ...] = ()
    default: str | None = None
    metavar: str | None = None
    single: bool = False

    @property
    def repeated(self) -> bool:
        """Each repeat of the option adds to the others (a list, or tiles joined)."""
        return self.shape in (Shape.MELDS, Shape.CHOICES) or (
            self.shape is Shape.TILES and not self.single
        )

    def add_to(self, group: argparse._ActionsContainer, *, required: bool = False) -> None:
        """Add the option to a parser or one of its groups."""
        words = self.help.removesuffix(".") + (" (repeat for more)" if self.repeated else "")
        if self.default is not None:
            words += " (default: %(default)s)"
        if self.shape in (Shape.SWITCH, Shape.NO_SWITCH):
            group.add_argument(self.flag, dest=self.dest, action="store_true", help=words)
            return
        settings: dict[str, Any] = {"dest": self.dest, "help": words}
        if self.repeated:
            settings.update(action="append", default=[])
        if self.default is not None:
            settings["default"] = self.default
        if required:
            settings["required"] = True
        if self.choices:
            settings["choices"] = self.choices
        settings["type"] = _TYPES.get(self.shape)
        settings["metavar"] = self.metavar or _METAVARS.get(self.shape)
        group.add_argument(self.flag, **{k: v for k, v in settings.items() if v is not None})

    def value(self, typed: Any) -> Any:
        """The request's value of the field from the parse's value; None: not given."""
        if typed is None or typed == [] or (typed is False and self.shape in _SWITCHES):
            return None
        return _VALUES.get(self.shape, _itself)(typed)

    def typed(self, value: Any) -> list[str] | None:
        """The options that give the field ``value`` (the inverse of :meth:`value`), or None
        when they cannot say it."""
        return _TYPED[self.shape](self, value)


def _itself(value: Any) -> Any:
    return value


def _meld(text: str) -> dict[str, Any]:
    kind, _, rest = text.partition(":")
    tiles, _, flags_text = rest.partition(":")
    meld: dict[str, Any] = {"type": kind, "tiles": tiles}
    for flag in filter(None, flags_text.split(":")):
        if flag in MELD_FLAGS:
            meld[flag] = True
        else:
            meld["from"] = flag
    return meld


def _meld_option(meld: Any) -> str | None:
    if not isinstance(meld, Mapping) or set(meld) - {"type", "tiles", *MELD_FLAGS, "from"}:
        return None
    flags = [flag for flag in MELD_FLAGS if meld.get(flag)]
    if "from" in meld:
        flags.append(str(meld["from"]))
    return ":".join([str(meld["type"]), str(meld["tiles"]), *flags])


def _typed_melds(option: ScoreOption, value: Any) -> list[str] | None:
    texts = [_meld_option(meld) for meld in value] if isinstance(value, list) else [None]
    if None in texts:
        return None
    return [word for text in texts for word in (option.flag, str(text))]


def _typed_switch(option: ScoreOption, value: Any) -> list[str] | None:
    """A circumstance given when true (false: nothing to type)."""
    return {True: [option.flag], False: []}.get(value) if isinstance(value, bool) else None


def _typed_no_switch(option: ScoreOption, value: Any) -> list[str] | None:
    """A reading switched off when false (true: the options cannot say it)."""
    return [option.flag] if value is False else None


def _typed_yes_no(option: ScoreOption, value: Any) -> list[str] | None:
    return [option.flag, str(value).lower()] if isinstance(value, bool) else None


def _typed_word(option: ScoreOption, value: Any) -> list[str] | None:
    return [option.flag, str(value)]


def _typed_list(option: ScoreOption, value: Any) -> list[str] | None:
    if not isinstance(value, list):
        return None
    return [word for item in value for word in (option.flag, str(item))]


def _typed_reds(option: ScoreOption, value: Any) -> list[str] | None:
    if isinstance(value, bool):
        return [option.flag, str(value).lower()]
    return [option.flag, "".join(map(str, value))] if isinstance(value, list) and value else None


_TYPES: Mapping[Shape, Callable[[str], Any]] = {
    Shape.COUNT: count,
    Shape.MELDS: meld_text,
    Shape.RED_FIVES: red_fives_text,
}
_SWITCHES = (Shape.SWITCH, Shape.NO_SWITCH)
_METAVARS = {Shape.TILES: "TILES", Shape.COUNT: "N"}
_VALUES: Mapping[Shape, Callable[[Any], Any]] = {
    Shape.SWITCH: lambda typed: True,
    Shape.NO_SWITCH: lambda typed: False,
    Shape.YES_NO: lambda typed: typed == "true",
    Shape.TILES: lambda typed: " ".join(typed) if isinstance(typed, list) else typed,
    Shape.MELDS: lambda typed: [_meld(text) for text in typed],
}
_TYPED: Mapping[Shape, Callable[[ScoreOption, Any], list[str] | None]] = {
    Shape.SWITCH: _typed_switch,
    Shape.NO_SWITCH: _typed_no_switch,
    Shape.YES_NO: _typed_yes_no,
    Shape.CHOICE: _typed_word,
    Shape.COUNT: _typed_word,
    Shape.TILES: _typed_word,
    Shape.CHOICES: _typed_list,
    Shape.MELDS: _typed_melds,
    Shape.RED_FIVES: _typed_reds,
}


@cache
def score_options() -> tuple[ScoreOption, ...]:
    """Every option of ``mjspec score`` that fills a field of the score request, in the
    schema's order of the fields."""
    return options_of_request(schema("scenario")["$defs"]["score_given"])


def options_of_request(definition: Mapping[str, Any]) -> tuple[ScoreOption, ...]:
    """The options of a score request's ``definition`` (its fields, schema order)."""
    return tuple(_options(definition, (), tuple(families()), rule_options=False))


def _options(
    node: Mapping[str, Any], path: tuple[str, ...], readers: tuple[str, ...], *, rule_options: bool
) -> Iterator[ScoreOption]:
    for name, field in node["properties"].items():
        where = (*path, name)
        shown = PRESENTATION.get(".".join(where), Presentation())
        resolved, definition = _resolved(field)
        if shown.skip is not None:
            continue
        if rule_options and not resolved.get(SCORES_KEYWORD, False):
            continue  # a rule of play or settlement: no score depends on it
        read_by = tuple(resolved.get(FAMILIES_KEYWORD, readers))
        if "properties" in resolved and shown.shape is None:
            yield from _options(resolved, where, read_by, rule_options=definition == RULE_OPTIONS)
            continue
        shape, choices = _shape(resolved, shown, rule_options=rule_options, where=where)
        flag = shown.flag or "--" + name.replace("_", "-")
        yield ScoreOption(
            path=where,
            flag=flag,
            dest=shown.dest or flag.removeprefix("--").replace("-", "_"),
            help=shown.help or first_sentence(str(resolved.get("description", ""))),
            shape=shape,
            readers=read_by,
            choices=choices,
            default=shown.default,
            metavar=shown.metavar,
            single=shown.single,
        )


def _shape(
    field: Mapping[str, Any], shown: Presentation, *, rule_options: bool, where: tuple[str, ...]
) -> tuple[Shape, tuple[str, ...]]:
    """How the option of ``field`` is typed, read from the field's type."""
    if shown.shape is not None:
        return shown.shape, ()
    items = field.get("items", {})
    items = _resolved(items)[0] if isinstance(items, Mapping) else {}
    if field.get("type") == "boolean":
        return (Shape.YES_NO, ("true", "false")) if rule_options else (Shape.SWITCH, ())
    if "enum" in field:
        return Shape.CHOICE, tuple(map(str, field["enum"]))
    if field.get("type") == "integer":
        return Shape.COUNT, ()
    if field.get("type") == "string":
        return Shape.TILES, ()
    if field.get("type") == "array" and "enum" in items:
        return Shape.CHOICES, tuple(map(str, items["enum"]))
    raise TypeError(
        f"the score request's field {'.'.join(where)} has a type no option reads: "
        "give it a Presentation in conformance/score_options.py"
    )


def _resolved(field: Mapping[str, Any]) -> tuple[Mapping[str, Any], str]:
    """The field with its ``$ref`` read in and the name of the definition referred to ("" for
    none). The field's own keywords win, but for the description of a definition in another
    schema (a house rule: the scenario's words only point to the profile schema's)."""
    reference = field.get("$ref")
    if not isinstance(reference, str):
        return field, ""
    document, _, pointer = reference.partition("#")
    target: Any = schema(document.removesuffix(".schema.json") if document else "scenario")
    for part in filter(None, pointer.split("/")):
        target = target[part]
    inner, _ = _resolved(target)
    own = {key: value for key, value in field.items() if key != "$ref"}
    merged = {**inner, **own}
    if document and "description" in inner:
        merged["description"] = inner["description"]
    return merged, pointer.rsplit("/", 1)[-1]


def first_sentence(description: str) -> str:
    """The first sentence of a field's description (the rest gives bounds and reasons)."""
    return SENTENCE_END.split(description, maxsplit=1)[0].rstrip(".") + "."


def option_at(path: Sequence[str | int]) -> ScoreOption | None:
    """The option that fills the request field at ``path`` or a field inside it."""
    return next(
        (option for option in score_options() if tuple(path[: len(option.path)]) == option.path),
        None,
    )
