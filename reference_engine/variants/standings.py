"""The end of a replayed match, as every family reports it: the final totals and the
players ranked by them (highest first, a tie in seat order: tw.match.*, cc.match.standings,
sc.match.highest-total)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spec.errors import RuleError
from spec.seats import Seat

TAKEN_UP = ("points", "sticks")  # a riichi match taken up mid-game: its table before the first hand


def refuse_taken_up(given: Mapping[str, Any], rule: str) -> None:
    """A match of this family is replayed from its first hand, its totals from the rule's
    start (``rule``): a request giving the table before the first hand (points, riichi
    sticks) is refused, not read as if the field were absent."""
    for field in TAKEN_UP:
        if field in given:
            message = f"{field!r}: a match here starts from its first hand ({rule})"
            raise RuleError("invalid-request", message, path=(field,))


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
