"""Instant flower wins: seven flowers capturing the eighth, and eight flowers.

Rules ``tw.pattern.seven-flowers-capture``, ``tw.pattern.eight-flowers``,
``tw.flowers.eight-distinct`` and ``tw.flowers.instant-win-no-extras``.
"""

from __future__ import annotations

from reference_engine.hand import WinRequest
from spec.errors import RuleError
from spec.profile import Profile
from spec.wins import WinBy

FLOWER_WIN_PATTERN = {
    WinBy.FLOWER_CAPTURE: "seven-flowers-capture",
    WinBy.EIGHT_FLOWERS: "eight-flowers",
}


def flower_win(request: WinRequest, profile: Profile) -> tuple[str, int]:
    """The pattern id and tai of a flower win; no other award and no dealer tai apply."""
    row = profile.pattern(FLOWER_WIN_PATTERN[request.win.by])
    distinct = len(set(request.winner.flowers))
    needed = row.param("flowers_held")
    if distinct != needed:
        raise RuleError(
            "not-winning",
            f"{row.name} needs {needed} distinct flowers held, not {distinct}",
            path=("flowers",),
        )
    return row.id, row.value("tai")
