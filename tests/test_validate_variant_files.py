"""``mjspec validate`` on a variant's folder checks its catalogue as a catalogue and its
profile as a profile, not as scenarios."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import spec
from conformance.cli import main

VARIANT = spec.VARIANTS_DIR / "riichi-tenhou-sanma"


def _validate(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["validate", str(path)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / VARIANT.name
    shutil.copytree(VARIANT, folder)
    return folder


def test_a_bundled_variant_folder_is_valid(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _validate(VARIANT, capsys)
    assert (status, err) == (0, "")
    assert out.startswith("valid: 0 scenarios")


def test_a_bundled_profile_named_alone_is_valid(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _validate(VARIANT / "profile.yaml", capsys)
    assert (status, err) == (0, "")


def test_a_copied_variant_folder_is_checked_and_valid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _validate(_copy(tmp_path), capsys)
    assert (status, err) == (0, "")


def test_a_broken_profile_is_reported_against_the_profile_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = _copy(tmp_path) / "profile.yaml"
    profile.write_text(profile.read_text(encoding="utf-8") + "kong_box: many\n", "utf-8")
    status, _, err = _validate(profile, capsys)
    assert status == 1
    assert "profile.yaml" in err
    assert "kong_box" in err
    assert "'id' is a required property" not in err


def test_a_broken_catalogue_is_reported_against_the_catalogue_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = _copy(tmp_path) / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("statement:", "statment:", 1), "utf-8")
    status, _, err = _validate(rules, capsys)
    assert status == 1
    assert "rules.yaml" in err
    assert "statement" in err
    assert "'given' is a required property" not in err
