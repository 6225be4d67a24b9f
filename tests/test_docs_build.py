"""The docs build fails when the reference engine disagrees with a fixture, in parallel too."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from docsite import build_site

pytestmark = pytest.mark.slow

pytest.importorskip("sphinx")

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
    # Enough documents that Sphinx really reads them in parallel with -j 2.
    pages = {
        "example": ".. mjspec-example:: taiwanese/payments/docs-check\n",
        "rules": ".. mjspec-rules:: taiwanese\n",
        **{f"page{n}": "Text.\n" for n in range(6)},
    }
    fixture = FIXTURE.replace("TAI", str(tai))
    result, _ = build_site(tmp_path, fixture, "taiwanese/payments", pages, jobs)
    return result


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


def test_a_proposal_the_engine_disagrees_with_is_drawn_for_review_not_a_failure(
    tmp_path: Path,
) -> None:
    pages = {
        "example": ".. mjspec-example:: taiwanese/payments/docs-check\n",
        "rules": ".. mjspec-rules:: taiwanese\n",
    }
    fixture = FIXTURE.replace("TAI", "12").replace("given:", "status: proposed\ngiven:")
    result, out = build_site(tmp_path, fixture, "taiwanese/payments", pages)
    assert result.returncode == 0, result.stderr
    page = (out / "example.html").read_text(encoding="utf-8")
    assert "A proposal under review: the reference engine disagrees" in page
    assert "tai: expected 12, got 11" in page
