"""An error of ``mjspec score`` names the option a person typed (``--hand``), not the
request field the option fills (``concealed``)."""

from __future__ import annotations

import pytest

from conformance.cli import main

WIN = "123m456m789m1z1z1z2z"


def error_of(capsys: pytest.CaptureFixture[str], *options: str) -> tuple[int, str]:
    capsys.readouterr()
    status = main(["score", *options])
    return status, capsys.readouterr().err.strip()


def test_a_bad_tile_in_the_hand_names_hand_and_its_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, err = error_of(capsys, "--hand", "123m456m789m1z1z1z2x")
    assert status == 1
    assert err == "invalid-tile: --hand: unexpected character 'x' (column 20)"
    assert "concealed" not in err


def test_a_bad_tile_in_the_second_meld_names_that_meld(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, err = error_of(
        capsys, "--hand", "123m1z1z", "--meld", "pung:555p:north", "--meld", "pung:1x1x1x"
    )
    assert status == 1
    assert err.startswith("invalid-tile: --meld 'pung:1x1x1x': ")
    assert err.endswith("(column 2)")
    assert "melds" not in err


def test_a_number_out_of_range_names_its_option(capsys: pytest.CaptureFixture[str]) -> None:
    status, err = error_of(capsys, "--variant", "riichi", "--hand", WIN, "--honba", "100")
    assert status == 2
    assert err.startswith("invalid-request: --honba: ")
    assert "table" not in err


def test_an_option_of_another_family_names_the_option_not_its_field(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, err = error_of(capsys, "--hand", WIN, "--dora", "3p")
    assert status == 2
    assert err.startswith("unsupported-field: --dora: ")


def test_a_discard_win_without_a_discarder_names_from(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, err = error_of(capsys, "--hand", WIN, "--win", "discard")
    assert status == 2
    assert err.startswith("invalid-request: --from: ")


def test_a_table_flag_of_another_family_is_named_as_typed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, err = error_of(capsys, "--hand", WIN, "--riichi")
    assert status == 2
    assert err.startswith("unsupported-field: --riichi: ")
