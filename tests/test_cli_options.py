"""Every option of every ``mjspec`` command either accumulates its repeats or refuses a repeat
(exit 2, naming the option): none keeps only its last value without a word."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from conformance.cli import build_parser, main

# The options that take several values, each repeat adding to the others. Every other option
# takes one value (or is a switch), and a second one is a usage error.
ACCUMULATING = {
    "run": {"--engine", "--expectations"},
    "fuzz": {"--expectations"},
    "score": {"--meld", "--flowers", "--dora", "--ura", "--seen", "--left"},
    "propose": {"--rule", "--meld", "--flowers", "--dora", "--ura", "--seen", "--left"},
    "settle": {"--values", "--left"},
    "replay": {"--option"},  # one KEY=VALUE each, a key once (checked by the command)
}
SELECTION = {"run": ["--variant", "taiwanese"], "fuzz": ["--engine", "reference", "--count", "1"]}
HAND = "1m2m3m4p5p6p7p8p9p2s3s4s5s5s"  # riichi: 123m 456p 789p 234s 55s, self-drawn 5s
TAIWANESE_HAND = ["--hand", "234m 678m 345s 1z1z 6s7s 8s", "--meld", "pung:555p:north"]
CLASSICAL_HAND = ["--variant", "classical-chinese", "--hand", "234m 678m 99m 34s 5s"]
CLASSICAL_HAND += ["--meld", "pung:8p8p8p:north", "--win", "discard"]


def commands(
    parser: argparse.ArgumentParser | None = None,
) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    parser = build_parser() if parser is None else parser
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    yield from sub.choices.items()


def options() -> Iterator[tuple[str, argparse.Action]]:
    for name, command in commands():
        for action in command._actions:
            if action.option_strings and not isinstance(action, argparse._HelpAction):
                yield name, action


def a_value(action: argparse.Action) -> list[str]:
    """A value the option accepts (nothing for a switch)."""
    if action.nargs == 0:
        return []
    if action.choices is not None:
        return [str(next(iter(action.choices)))]
    if "|" in str(action.metavar):  # the values written out: true|false|0m0p0s
        return [str(action.metavar).split("|")[0]]
    return ["1"] if action.type not in (None, str) else ["x"]


SINGLE = [
    pytest.param(name, action, id=f"{name} {action.option_strings[0]}")
    for name, action in options()
    if action.option_strings[0] not in ACCUMULATING.get(name, ())
]


def test_the_options_that_accumulate_are_those_that_take_lists() -> None:
    for name, command in commands():
        repeating = {
            action.option_strings[0]
            for action in command._actions
            if isinstance(action, argparse._AppendAction)  # append and extend
        }
        assert repeating == ACCUMULATING.get(name, set()), name


@pytest.mark.parametrize(("command", "action"), SINGLE)
def test_a_repeated_single_value_option_is_a_usage_error_naming_it(
    command: str, action: argparse.Action, capsys: pytest.CaptureFixture[str]
) -> None:
    option = action.option_strings[-1]
    value = a_value(action)
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args([command, option, *value, option, *value])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {'/'.join(action.option_strings)}: given more than once" in err


def test_a_repeat_under_an_abbreviation_is_refused_too(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["score", "--hand", HAND, "--seat", "south", "--sea", "west"])
    assert stopped.value.code == 2
    assert "argument --seat: given more than once" in capsys.readouterr().err


def score(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["score", *argv, "--format", "json"]) == 0
    outcome: dict[str, object] = json.loads(capsys.readouterr().out)
    return outcome


def test_two_dora_options_count_the_dora_of_both_indicators(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # By hand (riichi): 123m 456p 789p 234s 55s, closed, riichi, self-drawn 5s (a pair wait,
    # so no pinfu): riichi 1 + menzen tsumo 1 = 2 han. Indicator 4s makes 5s dora (two held:
    # 2), indicator 9m makes 1m dora (one held: 1). 2 + 2 + 1 = 5 han (the last option alone
    # would give 3, the first alone 4).
    outcome = score(
        capsys, "--variant", "riichi", "--hand", HAND, "--riichi", "--dora", "4s", "--dora", "9m"
    )
    assert outcome["patterns"] == {"riichi": 1, "menzen-tsumo": 1, "dora": 3}
    assert outcome["han"] == 5


@pytest.mark.parametrize(
    ("hand", "repeated", "together"),
    [
        (
            ["--variant", "riichi", "--hand", HAND, "--riichi"],
            ["--ura", "4s", "--ura", "9m"],
            ["--ura", "4s9m"],
        ),
        (
            [*TAIWANESE_HAND, "--win", "discard", "--from", "west", "--seat", "south"],
            ["--flowers", "1f", "--flowers", "6f"],
            ["--flowers", "1f 6f"],
        ),
        (
            [*CLASSICAL_HAND, "--from", "west", "--seat", "south", "--round", "east"],
            ["--seen", "2s2s", "--seen", "2s2s 7z 1p"],
            ["--seen", "2s2s2s2s 7z 1p"],
        ),
    ],
    ids=["ura", "flowers", "seen"],
)
def test_a_list_of_tiles_given_in_several_options_is_the_list_given_in_one(
    hand: list[str],
    repeated: list[str],
    together: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert score(capsys, *hand, *repeated) == score(capsys, *hand, *together)
    assert score(capsys, *hand, *repeated) != score(capsys, *hand, *repeated[2:])


def test_values_given_in_several_options_settle_every_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    values = ["east=2", "south=46", "west=12", "north=192"]
    assert main(["settle", "--winner", "north", "--values", *values, "--format", "json"]) == 0
    together = json.loads(capsys.readouterr().out)
    split = ["--values", *values[:2], "--values", *values[2:]]
    assert main(["settle", "--winner", "north", *split, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == together


def test_a_seat_valued_twice_in_a_settlement_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    values = ["east=2", "south=46", "west=12", "north=192", "east=4"]
    assert main(["settle", "--winner", "north", "--values", *values]) == 2
    assert "--values: east given more than once" in capsys.readouterr().err


@pytest.mark.parametrize("flags", ["north:south", "concealed:concealed", "added:north:added"])
def test_a_meld_naming_a_flag_twice_is_a_usage_error(
    flags: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["score", "--hand", "4m5m6m7p8p9p2s2s2s6s7s8s5m5m", "--meld", f"chow:123m:{flags}"])
    assert stopped.value.code == 2
    assert "argument --meld: " in capsys.readouterr().err


@pytest.mark.parametrize("command", ["run", "fuzz"])
def test_two_expectations_files_for_one_engine_are_a_usage_error(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = []
    for name in ("first", "second"):
        path = tmp_path / f"{name}.yaml"
        path.write_text("engine: mjspec-reference\ndeviations: []\n", encoding="utf-8")
        files += ["--expectations", str(path)]
    assert main([command, *SELECTION[command], *files]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'second.yaml'}:1:1: duplicate-engine: " in err
    assert f"(the first: {tmp_path / 'first.yaml'})" in err


@pytest.mark.parametrize("command", ["run", "fuzz"])
def test_an_expectations_file_for_an_engine_not_run_is_a_usage_error(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "other.yaml"
    path.write_text("engine: some-other-engine\ndeviations: []\n", encoding="utf-8")
    assert main([command, *SELECTION[command], "--expectations", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:1:1: engine-not-run: the run has no engine named 'some-other-engine'" in err


def _shape(parser: argparse.ArgumentParser) -> list[tuple[object, ...]]:
    """What a parser reads: each action's options, destination, kind, choices and default."""
    return [
        (tuple(a.option_strings), a.dest, type(a), a.nargs, a.choices, a.default, a.help)
        for a in parser._actions
        if not isinstance(a, argparse._SubParsersAction)
    ]


@pytest.mark.parametrize("name", [name for name, _ in commands()])
def test_the_parser_built_for_one_command_reads_its_options_as_the_whole_parser_does(
    name: str,
) -> None:
    alone = dict(commands(build_parser(name)))
    assert list(alone) == [each for each, _ in commands()]  # every command still listed
    assert _shape(alone[name]) == _shape(dict(commands())[name])
    assert alone[name].get_default("func") is dict(commands())[name].get_default("func")
    assert all(not _shape(parser)[1:] for each, parser in alone.items() if each != name)


@pytest.mark.parametrize(
    ("command", "unneeded"),
    [
        ("play-random", ["conformance.replay_cli", "conformance.score_cli", "conformance.lint"]),
        ("replay", ["conformance.play_random", "conformance.fuzz_cli", "conformance.corpus_cli"]),
        ("fuzz", ["conformance.replay_cli", "conformance.settle_cli", "conformance.propose_cli"]),
    ],
)
def test_a_command_imports_neither_the_other_commands_nor_what_only_they_need(
    command: str, unneeded: list[str]
) -> None:
    code = (
        "import contextlib, io, sys\n"
        "from conformance.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        f"    main([{command!r}, '--help'])\n"
        f"print(sorted(set({unneeded!r}) & set(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "[]\n"
