"""The docs' calculator reads the options of ``mjspec score`` as the command does."""

from __future__ import annotations

import argparse
import re
import sys
import urllib.parse
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))

from mjspec_docs.calculator import label, score_parser
from mjspec_docs.calculator_address import calculator_fragment, calculator_link

from conformance.cli import build_parser
from conformance.corpus import load_corpus, thaw
from conformance.score_cli import options_of

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


def test_every_field_of_the_calculator_is_labelled_in_words() -> None:
    flags = [
        action.option_strings[-1]
        for action in score_parser()._actions
        if action.dest not in ("help", "format")
    ]
    labels = {flag: label(flag) for flag in flags}
    assert labels["--hand"] == "Hand"
    assert labels["--win"] == "Won by"
    assert labels["--seat"] == "Seat wind"
    assert [text for text in labels.values() if not re.fullmatch(r"[A-Z][\w '(),-]+", text)] == []


def test_a_calculation_address_is_every_option_percent_encoded() -> None:
    argv = ["--variant", "riichi", "--hand", "1m\"<a href='x'>&amp; #", "--riichi", "--dora", "3p"]
    fragment = calculator_fragment(argv)
    assert re.fullmatch(r"[\w%=&.~-]+", fragment)
    assert urllib.parse.parse_qsl(fragment, keep_blank_values=True) == [
        ("variant", "riichi"),
        ("hand", "1m\"<a href='x'>&amp; #"),
        ("riichi", ""),
        ("dora", "3p"),
    ]


def test_a_fixture_page_links_to_the_calculator_beside_it() -> None:
    argv = ["--variant", "sichuan", "--hand", "1m", "--no-kong-roots"]
    assert calculator_link(argv, "variants/fixtures/sichuan/fan") == (
        "../../../calculator.html#variant=sichuan&hand=1m&no-kong-roots="
    )


def test_every_score_fixtures_link_reads_back_as_its_options() -> None:
    switches = {
        action.option_strings[-1]
        for action in score_parser()._actions
        if isinstance(action, argparse._StoreTrueAction)
    }
    said = 0
    for case in load_corpus().cases:
        argv = options_of(case.variant, thaw(case.given)) if case.kind == "score" else None
        if argv is None:
            continue
        said += 1
        fragment = calculator_link(argv, "variants/fixtures/x").partition("#")[2]
        read: list[str] = []  # as the page reads it: a switch alone, any other with its value
        for name, value in urllib.parse.parse_qsl(fragment, keep_blank_values=True):
            read += [f"--{name}"] if f"--{name}" in switches else [f"--{name}", value]
        assert read == argv, case.id
    assert said > 500
