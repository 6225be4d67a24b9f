"""The docs' calculator reads the options of ``mjspec score`` as the command does."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))

from mjspec_docs.calculator import score_parser

from conformance.cli import build_parser

HAND = ["--hand", "123m456p789p123s4s4s", "--variant", "riichi"]


def _score_command() -> argparse.ArgumentParser:
    commands = next(
        action
        for action in build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    score: argparse.ArgumentParser = commands.choices["score"]
    return score


def test_the_calculator_refuses_a_single_value_option_given_twice() -> None:
    with pytest.raises(argparse.ArgumentError, match="given more than once"):
        score_parser().parse_args([*HAND, "--seat", "east", "--seat", "south"])


def test_the_calculator_keeps_every_repeat_of_a_list_option() -> None:
    args = score_parser().parse_args([*HAND, "--dora", "4s", "--dora", "9m"])
    assert args.dora == ["4s", "9m"]


def test_the_calculator_and_mjspec_score_read_each_option_with_the_same_action() -> None:
    def actions(parser: argparse.ArgumentParser) -> dict[str, type]:
        return {action.dest: type(action) for action in parser._actions}

    command = actions(_score_command())
    del command["format"]  # the page shows the text and the JSON answer both
    assert actions(score_parser()) == command
