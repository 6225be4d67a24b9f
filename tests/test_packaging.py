"""The wheel carries the spec data, so an installed mjspec works outside the checkout."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_contains_schemas_catalogues_profiles_and_scenarios(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
    )
    (wheel,) = tmp_path.glob("mjspec-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "spec/schema/scenario.schema.json" in names
    assert "spec/variants/taiwanese/rules.yaml" in names
    assert "spec/variants/taiwanese/profile.yaml" in names
    assert any(n.startswith("spec/scenarios/taiwanese/") and n.endswith(".yaml") for n in names)
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[mjspec.engines]" in text
    assert "reference = reference_engine.plugin:ReferenceEngine" in text
    assert "[pytest11]" in text
