"""The calculator's options and its address: the parser of ``mjspec score`` the form is drawn
from, and the page-address fragment that holds a calculation (``#variant=riichi&hand=...``),
written here for the "open in the calculator" link of every score fixture on the site and read
back by the page's script (``_static/calculator/calculator.js``)."""

from __future__ import annotations

import argparse
import urllib.parse
from collections.abc import Sequence
from functools import cache

from conformance.score_cli import add_score_arguments
from conformance.usage import Parser

CALCULATOR_PAGE = "calculator"  # the document that holds the calculator


def score_parser() -> argparse.ArgumentParser:
    """The parser of ``mjspec score``: the calculator's form is drawn from it. Of the CLI's
    class, so that it reads options as the command does (a single-value option given twice
    is refused, a list option keeps every repeat)."""
    parser = Parser(prog="mjspec score", exit_on_error=False)
    add_score_arguments(parser)
    return parser


@cache
def _switches() -> frozenset[str]:
    return frozenset(
        action.option_strings[-1]
        for action in score_parser()._actions
        if isinstance(action, argparse._StoreTrueAction)
    )


def calculator_fragment(argv: Sequence[str]) -> str:
    """The page-address fragment that restores the calculation ``argv`` (options of
    ``mjspec score``): one ``name=value`` pair per option given, in order, a switch with an
    empty value, every character but letters, digits and ``-._~`` percent-encoded."""
    switches = _switches()
    pairs: list[tuple[str, str]] = []
    words = iter(argv)
    for word in words:
        flag, equals, value = word.partition("=")
        if not equals and flag not in switches:
            value = next(words, "")
        pairs.append((flag.removeprefix("--"), value))
    return urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote)


def calculator_link(argv: Sequence[str], docname: str) -> str:
    """The address, relative to the page ``docname``, of the calculator filled with
    ``argv``."""
    return f"{'../' * docname.count('/')}{CALCULATOR_PAGE}.html#{calculator_fragment(argv)}"
