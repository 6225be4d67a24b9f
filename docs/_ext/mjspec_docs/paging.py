"""How a rule area's fixtures are cut into pages light enough to load (goal: under 1 MB of
HTML each).

A fixture's weight estimates the HTML it draws: the size of its ``given`` and ``expect``
plus a fixed part for its heading, rules and notes, times about three and a half for a
``play`` fixture, whose hands, checkpoints and the engine's answers beside them are drawn
as tiles (measured on the corpus: 13-17 bytes of HTML per byte of a play fixture's data,
4.5-7 for the other kinds). An area heavier than :data:`BUDGET` is cut into as few parts as
keep each under it, of about equal weight, in the fixtures' order. The budget keeps a tenth
in hand: at 220,000 the Sichuan reckoning's area (weight 214,451) drew 1,006,418 bytes.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

from conformance.corpus import Case, thaw

BUDGET = 200_000
HEADING = 1_500
PLAY_FACTOR = 3.5


def weight(case: Case) -> float:
    data = len(json.dumps(thaw(case.given))) + len(json.dumps(thaw(case.expect))) + HEADING
    return data * (PLAY_FACTOR if case.kind == "play" else 1.0)


def parts(cases: Sequence[Case]) -> list[list[Case]]:
    """``cases`` in consecutive parts of about equal weight, each under the budget if it can
    be (one fixture heavier than the budget is a part of its own)."""
    total = sum(weight(case) for case in cases)
    count = max(1, math.ceil(total / BUDGET))
    share = total / count
    out: list[list[Case]] = [[]]
    filled = 0.0
    for case in cases:
        if out[-1] and filled + weight(case) / 2 > share * len(out) and len(out) < count:
            out.append([])
        out[-1].append(case)
        filled += weight(case)
    return out
