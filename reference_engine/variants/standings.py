"""The end of a replayed match, as every family reports it: the final totals and the
players ranked by them (highest first, a tie in seat order: tw.match.*, cc.match.standings,
sc.match.highest-total)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spec.seats import Seat


def final_record(
    seats: Sequence[Seat], totals: Mapping[Seat, int], hands_played: int, *, ended: bool
) -> dict[str, Any]:
    """Whether the match is over, the hands played, the totals and the standings."""
    standings = sorted(seats, key=lambda seat: (-totals[seat], seats.index(seat)))
    return {
        "ended": ended,
        "hands_played": hands_played,
        "totals": {seat.value: totals[seat] for seat in seats},
        "standings": [seat.value for seat in standings],
    }
