"""Usage errors of the command line: what a command says on stderr before exiting with 2."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import spec
from conformance.corpus import foreign_checkout
from conformance.problems import Problem
from spec.errors import RuleError
from spec.profile import find_profile

_GIVEN = "_options_given"  # where a parse notes the single-value options met so far
REQUIRED = re.compile(r"'(\w+)' is a required property")  # the schema's words for a missing field


class UsageError(Exception):
    """Options, or a file an option names, that the command cannot use (exit status 2);
    :func:`conformance.cli.main` prints the message."""


def refusal(
    error: Mapping[str, Any], option_at: Callable[[Sequence[str | int]], str | None]
) -> str:
    """A request refused by the engine as the person who typed the options reads it: the
    option that filled the field at fault (``option_at`` maps the request's path back to it:
    ``--hand``, not ``concealed``) after the code, or, when no single option did, the field's
    path; then the column in the field, when the engine gives one."""
    path = list(error.get("path", []))
    required = REQUIRED.fullmatch(str(error["message"]))
    if required:  # the schema blames the mapping that misses the field: name the field
        path.append(required.group(1))
    option = option_at(path)
    column = f"column {error['column']}" if "column" in error else ""
    if option is not None:
        return f"{error['code']}: {option}: {error['message']}" + (f" ({column})" if column else "")
    where = " ".join(filter(None, [".".join(str(p) for p in path), column]))
    return f"{error['code']}: {error['message']}" + (f" (at {where})" if where else "")


def variant_id(name: str) -> str:
    """The variant id an option names (an id or an alias, in any case)."""
    try:
        return find_profile(name).variant
    except RuleError as error:
        raise UsageError(f"{error.code}: {error.message}") from None


def corpus_here() -> None:
    """Refuse to read the corpus from inside a checkout of mjspec whose ``spec/`` differs
    from the one this mjspec reads (``pip install .``, then a fixture edited in the clone):
    a run would check the installed copy, not the fixtures edited."""
    foreign = foreign_checkout(Path.cwd())
    if foreign is not None:
        raise UsageError(
            f"corpus-location: {foreign.folder} is a checkout of mjspec, but this mjspec "
            f"reads its fixtures, catalogues and engine from {spec.ROOT}, and "
            f"{foreign.difference}: the files edited here would not be the ones checked. "
            f"Install the checkout (pip install -e {foreign.folder}) or run the command "
            "outside it"
        )


def _note_once(action: argparse.Action, namespace: argparse.Namespace) -> None:
    """Refuse a second occurrence of a single-value option (under any spelling)."""
    if not action.option_strings:
        return
    given: set[str] = vars(namespace).setdefault(_GIVEN, set())
    if action.dest in given:
        raise argparse.ArgumentError(
            action, "given more than once (it takes one value; a repeat would hide the first)"
        )
    given.add(action.dest)


class _Once(argparse.Action):
    """An action that refuses a second occurrence of its option, then does its work."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        _note_once(self, namespace)
        super().__call__(parser, namespace, values, option_string)


class StoreOnce(_Once, argparse._StoreAction):
    """``store``, refusing a repeat."""


class StoreTrueOnce(_Once, argparse._StoreTrueAction):
    """``store_true``, refusing a repeat."""


class StoreFalseOnce(_Once, argparse._StoreFalseAction):
    """``store_false``, refusing a repeat."""


class Parser(argparse.ArgumentParser):
    """The parser of every ``mjspec`` command: an option either takes several values (it
    says ``action="append"`` or ``"extend"``, each repeat adding to the others) or refuses
    a repeat with a usage error naming it; none keeps only its last value. Subcommands'
    parsers are of this class too (``add_subparsers`` makes its parent's kind)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.register("action", None, StoreOnce)
        self.register("action", "store", StoreOnce)
        self.register("action", "store_true", StoreTrueOnce)
        self.register("action", "store_false", StoreFalseOnce)


def write_output(path: Path, text: str) -> None:
    """Write a report or fixture the command was asked to write (``-o``, ``--out``); a file
    the system refuses is a usage error, not a traceback."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"unwritable: cannot write {path}: {error.strerror or error}") from None


def not_found(paths: Sequence[str]) -> list[Problem]:
    """A ``not-found`` problem for each path given that does not exist."""
    return [
        Problem(path, 0, 0, "not-found", "no such file or folder")
        for path in paths
        if not Path(path).exists()
    ]
