"""``mjspec settle`` offers the variants whose profile settles, and plays each family's
request: classical from values or tiles with its winner, Sichuan from the tiles of the
players still in the hand and the players who have left."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

import spec
from conformance.cli import main
from spec.families import variants_answering

SICHUAN = spec.SCENARIOS_DIR / "sichuan" / "bloody"
VOID_HOLDER_PAYS_BOTH = SICHUAN / "reckoning-void-holder-pays-both.yaml"
VALUES = ["--values", "east=2", "south=46", "west=12", "north=192"]


def fixture(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def hands_file(tmp_path: Path, given: dict[str, Any]) -> str:
    path = tmp_path / "hands.yaml"
    path.write_text(yaml.safe_dump(given["hands"]), encoding="utf-8")
    return str(path)


def left_options(given: dict[str, Any]) -> list[str]:
    return [option for seat in given.get("left", []) for option in ("--left", seat)]


def test_a_sichuan_reckoning_through_the_command_line_pays_as_its_fixture_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = fixture(VOID_HOLDER_PAYS_BOTH)
    given = case["given"]
    argv = ["settle", "--variant", "sichuan", *left_options(given)]
    argv += ["--hands", hands_file(tmp_path, given), "--format", "json"]
    assert main(argv) == 0
    outcome = json.loads(capsys.readouterr().out)
    assert outcome["payments"] == case["expect"]["payments"]
    assert outcome["scores"] == case["expect"]["scores"]


def test_a_sichuan_reckoning_prints_who_holds_a_void_suit_who_is_ready_and_the_payments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    given = fixture(VOID_HOLDER_PAYS_BOTH)["given"]
    argv = ["settle", "--variant", "sichuan", "--left", "north"]
    assert main([*argv, "--hands", hands_file(tmp_path, given)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["seat", "void", "held", "ready", "fan", "value", "pays"]
    rows = {line.split()[0]: line.split()[1:] for line in lines[1:]}
    assert rows == {
        "east": ["yes", "no", "-72"],
        "south": ["no", "no", "+24"],
        "west": ["no", "yes", "3", "8", "+48"],
        "north": ["+0"],
    }


def test_a_winner_named_for_a_sichuan_reckoning_is_a_usage_error_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    given = fixture(VOID_HOLDER_PAYS_BOTH)["given"]
    argv = ["settle", "--variant", "sichuan", "--winner", "west", "--left", "north"]
    assert main([*argv, "--hands", hands_file(tmp_path, given)]) == 2
    assert capsys.readouterr().err.startswith("unsupported-field: --winner: 'winner'")


def test_a_classical_settlement_without_its_winner_is_a_usage_error_naming_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["settle", *VALUES]) == 2
    err = capsys.readouterr().err
    assert err.startswith("invalid-request: --winner: a settle names its winner")
    assert "(at " not in err


def test_players_who_left_are_a_usage_error_in_a_classical_settlement(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["settle", "--winner", "north", "--left", "east", *VALUES]) == 2
    assert capsys.readouterr().err.startswith("unsupported-field: --left: 'left'")


def test_a_bad_tile_in_the_hands_file_is_named_by_the_option_the_seat_and_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    given = {"hands": {seat: {"concealed": "123p"} for seat in ("east", "south", "west", "north")}}
    given["hands"]["east"] = {"concealed": "123p 456p 789p 11s 2x"}
    hands = hands_file(tmp_path, given)
    assert main(["settle", "--winner", "east", "--hands", hands]) != 0
    assert capsys.readouterr().err == (
        f"invalid-tile: --hands {hands}: east.concealed: unexpected character 'x' (column 21)\n"
    )


def test_a_hands_file_missing_a_seat_is_named_by_the_hands_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    given = {"hands": {seat: {"concealed": "123p"} for seat in ("east", "south", "west")}}
    hands = hands_file(tmp_path, given)
    assert main(["settle", "--winner", "east", "--hands", hands]) == 2
    assert capsys.readouterr().err == (
        f"invalid-request: --hands {hands}: every player's hand is needed: missing north\n"
    )


def test_values_missing_a_seat_are_named_by_the_values_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["settle", "--winner", "east", "--values", "east=2", "south=3"]) == 2
    assert capsys.readouterr().err == (
        "invalid-request: --values: every player's hand is needed: missing west, north\n"
    )


def test_a_round_wind_given_to_a_sichuan_reckoning_is_named_by_the_round_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    given = fixture(VOID_HOLDER_PAYS_BOTH)["given"]
    argv = ["settle", "--variant", "sichuan", "--round", "south", "--left", "north"]
    assert main([*argv, "--hands", hands_file(tmp_path, given)]) == 2
    assert capsys.readouterr().err.startswith("unsupported-field: --round: 'round'")


def test_the_settle_help_offers_only_the_variants_that_settle_and_the_hands_format(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["settle", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    settling = variants_answering("settle")
    assert settling == ("classical-chinese", "european-classic", "sichuan")
    assert f"a variant that settles whole hands: {', '.join(settling)}" in help_text
    assert "taiwanese" not in help_text
    assert "riichi" not in help_text
    assert "a player who has already won and left (repeat for more) [sichuan only]" in help_text
    assert "void Sichuan: the player's void suit" in help_text


def test_a_classical_settlement_from_values_prints_the_same_table_as_before(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["settle", "--winner", "north", *VALUES]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "seat   points doubles limit                   value    pays",
        "east                                              2    -492",
        "south                                            46     -70",
        "west                                             12    -206",
        "north                                           192    +768",
    ]
