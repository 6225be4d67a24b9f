"""Fixture pages are cut into parts of bounded weight, in order, every fixture once."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))

from mjspec_docs.paging import BUDGET, parts, weight

from conformance.corpus import load_corpus

CASES = sorted(load_corpus().cases, key=lambda case: case.id)


@pytest.mark.parametrize("variant", sorted({case.variant for case in CASES}))
def test_each_area_is_cut_into_consecutive_parts_holding_every_fixture_once(
    variant: str,
) -> None:
    for area in {case.area for case in CASES if case.variant == variant}:
        cases = [case for case in CASES if case.variant == variant and case.area == area]
        cut = parts(cases)
        assert [case for part in cut for case in part] == cases
        total = sum(weight(case) for case in cases)
        assert len(cut) == max(1, math.ceil(total / BUDGET))
        heaviest = max(weight(case) for case in cases)
        assert all(sum(map(weight, part)) <= BUDGET + heaviest for part in cut)
