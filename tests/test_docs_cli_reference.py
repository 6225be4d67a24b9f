"""The generated CLI reference lists every subcommand and every option of the parser."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))

from mjspec_docs.reference_pages import option_rows, subcommands

from conformance.cli import build_parser


def test_every_subcommand_and_every_option_is_listed() -> None:
    commands = subcommands(build_parser())
    assert {name for name, _, _ in commands} >= {"run", "score", "propose", "check", "fuzz"}
    for name, summary, command in commands:
        assert summary, name
        listed = {row[0].astext() for _, rows in option_rows(command) for row in rows}
        wanted = {
            ", ".join(action.option_strings) or action.dest
            for action in command._actions
            if "-h" not in action.option_strings
        }
        assert listed == wanted, name


def test_a_choice_option_shows_its_choices_and_default() -> None:
    score = dict((name, command) for name, _, command in subcommands(build_parser()))["score"]
    rows = {row[0].astext(): row for _, rows in option_rows(score) for row in rows}
    assert rows["--win"][1].startswith("self-draw | discard")
    assert rows["--win"][2] == "self-draw"
    assert rows["--riichi"][1] == "(switch)"
