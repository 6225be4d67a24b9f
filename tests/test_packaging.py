"""The wheel carries the spec data, so an installed mjspec works outside the checkout, and what
an adopter needs beside the code: the licence, the changelog and each package's `py.typed`."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("spec", "reference_engine", "conformance")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(ROOT)],
        check=True,
    )
    (path,) = out.glob("mjspec-*.whl")
    return zipfile.ZipFile(path)


def dist_info(wheel: zipfile.ZipFile) -> str:
    (folder,) = {
        n.split("/")[0] for n in wheel.namelist() if n.split("/")[0].endswith(".dist-info")
    }
    return folder


def test_the_wheel_contains_schemas_catalogues_profiles_and_scenarios(
    wheel: zipfile.ZipFile,
) -> None:
    names = set(wheel.namelist())
    assert "spec/schema/scenario.schema.json" in names
    assert "spec/variants/taiwanese/rules.yaml" in names
    assert "spec/variants/taiwanese/profile.yaml" in names
    assert any(n.startswith("spec/scenarios/taiwanese/") and n.endswith(".yaml") for n in names)
    text = wheel.read(f"{dist_info(wheel)}/entry_points.txt").decode()
    assert "[mjspec.engines]" in text
    assert "reference = reference_engine.plugin:ReferenceEngine" in text
    assert "[pytest11]" in text


def test_every_shipped_package_is_marked_typed(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    assert {f"{package}/py.typed" for package in PACKAGES} <= names


def test_the_wheel_carries_the_licence_and_declares_it(wheel: zipfile.ZipFile) -> None:
    info = dist_info(wheel)
    assert wheel.read(f"{info}/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
    metadata = wheel.read(f"{info}/METADATA").decode()
    assert "License-Expression: MIT\n" in metadata
    assert "License-File: LICENSE\n" in metadata


def test_the_wheel_carries_the_changelog(wheel: zipfile.ZipFile) -> None:
    changelog = wheel.read(f"{dist_info(wheel)}/extra_metadata/CHANGELOG.md")
    assert changelog == (ROOT / "CHANGELOG.md").read_bytes()


def test_the_wheel_holds_only_the_three_packages_and_their_metadata_not_the_sources(
    wheel: zipfile.ZipFile,
) -> None:
    tops = {n.split("/")[0] for n in wheel.namelist()}
    assert tops == {*PACKAGES, dist_info(wheel)}
    # The Spanish rule sources are cited by section, never shipped (they are not ours).
    assert not [n for n in wheel.namelist() if n.endswith(".es.txt")]
