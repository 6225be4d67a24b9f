"""The benchmark runs end to end on a few inputs (its figures are printed, never asserted)."""

from __future__ import annotations

import re

import pytest

from conformance.bench import main


def test_every_section_prints_a_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--hands", "12", "--deals", "1", "--warm-hands", "50"]) == 0
    out = capsys.readouterr().out
    for label in (
        "load + validate + lint, first in the process",
        "whole corpus, reference as a subprocess",
        "trivial subprocess engine, round trips",
        "inputs prepared (parsed wins)",
        "mjspec reference, fresh tables",
        "random concealed hands",
        "riichi-sanma",
    ):
        assert label in out
    rates = re.findall(r" ([\d,]+) (?:fixtures|cases|hands|deals)/s", out)
    assert len(rates) >= 12
    assert all(int(rate.replace(",", "")) > 0 for rate in rates)
