"""The docs build fails when the reference engine disagrees with a fixture, in parallel too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")

DOCS = Path(__file__).resolve().parent.parent / "docs"

FIXTURE = """\
id: taiwanese/payments/docs-check
variant: taiwanese
kind: score
title: Docs check
rules: [tw.payments.self-draw]
given:
  concealed: 1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 5m
  win: {by: self-draw}
  seat: east
  table: {discards: 20}
expect:
  tai: TAI
  payments: {east: 36, south: -12, west: -12, north: -12}
"""


def build(tmp_path: Path, tai: int, jobs: str) -> subprocess.CompletedProcess[str]:
    corpus = tmp_path / "corpus" / "taiwanese" / "payments"
    corpus.mkdir(parents=True)
    (corpus / "docs-check.yaml").write_text(FIXTURE.replace("TAI", str(tai)), encoding="utf-8")
    source = tmp_path / "site"
    source.mkdir()
    (source / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(DOCS / '_ext')!r})\n"
        "extensions = ['mjspec_docs']\n"
        "mjspec_scenario_paths = ['../corpus']\n",
        encoding="utf-8",
    )
    # Enough documents that Sphinx really reads them in parallel with -j 2.
    pages = {
        "example": ".. mjspec-example:: taiwanese/payments/docs-check\n",
        "rules": ".. mjspec-rules:: taiwanese\n",
        **{f"page{n}": "Text.\n" for n in range(6)},
    }
    for name, body in pages.items():
        (source / f"{name}.rst").write_text(f"{name}\n{'=' * len(name)}\n\n{body}", "utf-8")
    toctree = "".join(f"   {name}\n" for name in pages)
    (source / "index.rst").write_text(f"Site\n====\n\n.. toctree::\n\n{toctree}", "utf-8")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-W",
            "-n",
            "-j",
            jobs,
            "-q",
            "-b",
            "html",
            str(source),
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_build_passes_when_the_engine_reproduces_the_fixture(tmp_path: Path, jobs: str) -> None:
    result = build(tmp_path, 11, jobs)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_build_fails_when_the_engine_disagrees(tmp_path: Path, jobs: str) -> None:
    result = build(tmp_path, 12, jobs)
    assert result.returncode != 0
    assert "docs-check.yaml" in result.stderr
    assert "tai: expected 12, got 11" in result.stderr
