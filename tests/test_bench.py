"""The benchmarks run end to end on a few inputs (their figures are printed, never asserted)."""

from __future__ import annotations

import re

import pytest

from conformance.bench import main as bench_conformance
from reference_engine.bench import main as bench_engine

pytestmark = pytest.mark.slow


def _rates(out: str) -> list[int]:
    found = re.findall(r" ([\d,]+) (?:fixtures|cases|hands|deals)/s", out)
    return [int(rate.replace(",", "")) for rate in found]


def test_every_runner_section_prints_a_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_conformance(["--hands", "12", "--games", "1"]) == 0
    out = capsys.readouterr().out
    for label in (
        "load + validate + lint, first in the process",
        "whole corpus, reference as a subprocess",
        "trivial subprocess engine, round trips",
        "inputs prepared (parsed wins)",
        "the package alone (inputs prepared)",
        "random concealed hands",
        "riichi-tenhou-sanma:",
    ):
        assert label in out
    rates = _rates(out)
    assert len(rates) >= 9
    assert all(rate > 0 for rate in rates)


def test_every_engine_section_prints_a_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_engine(["--hands", "12", "--deals", "1", "--warm-hands", "50"]) == 0
    out = capsys.readouterr().out
    for label in ("mjspec reference, fresh tables", "warm tables", "taiwanese", "riichienv"):
        assert label in out
    rates = _rates(out)
    assert len(rates) >= 5
    assert all(rate > 0 for rate in rates)
