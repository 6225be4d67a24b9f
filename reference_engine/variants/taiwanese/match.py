"""A match: dealer rotation and streaks from hand to hand, totals, and the end of the match.

Rules ``tw.match.dealer-repeats``, ``tw.match.dealer-rotates``, ``tw.match.draw-keeps-dealer``
and ``tw.match.friends-room-length``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reference_engine.variants.standings import final_record
from spec.errors import RuleError
from spec.seats import SEATS, Seat, next_seat


def match(given: Mapping[str, Any]) -> dict[str, Any]:
    """Replay the hands' outcomes: dealer, streak, hands played and totals after each."""
    length = given.get("length")
    if not isinstance(length, int) or isinstance(length, bool) or length < 1:
        raise RuleError("invalid-request", "'length' must be a positive count", path=("length",))
    try:
        dealer = Seat(given.get("dealer", "east"))
    except ValueError:
        raise RuleError("invalid-request", "unknown first dealer", path=("dealer",)) from None
    hands = given.get("hands", [])
    if not isinstance(hands, Sequence) or len(hands) > length:
        raise RuleError("invalid-request", "more hands than the match length", path=("hands",))
    streak, totals, after = 0, dict.fromkeys(SEATS, 0), []
    for index, hand in enumerate(hands):
        winners, payments = _outcome(hand, ("hands", index))
        for seat, amount in payments.items():
            totals[seat] += amount
        if not winners:
            pass
        elif dealer in winners:
            streak += 1
        else:
            dealer, streak = next_seat(dealer), 0
        after.append(
            {
                "dealer": dealer.value,
                "dealer_streak": streak,
                "hands_played": index + 1,
                "totals": {seat.value: totals[seat] for seat in SEATS},
            }
        )
    return {
        "after": after,
        "final": final_record(SEATS, totals, len(hands), ended=len(hands) == length),
    }


def _outcome(hand: object, path: tuple[str | int, ...]) -> tuple[list[Seat], dict[Seat, int]]:
    if not isinstance(hand, Mapping):
        raise RuleError("invalid-request", "a hand outcome must be a mapping", path=path)
    if hand.get("draw"):
        return [], {}
    try:
        winners = [Seat(s) for s in hand.get("winners", [])]
        payments = {Seat(s): int(v) for s, v in (hand.get("payments") or {}).items()}
    except (ValueError, TypeError):
        raise RuleError("invalid-request", "winners and payments name seats", path=path) from None
    if not winners:
        raise RuleError("invalid-request", "a hand is a draw or has winners", path=path)
    if sum(payments.values()) != 0:
        raise RuleError(
            "invalid-request", "a hand's payments must sum to zero", path=(*path, "payments")
        )
    return winners, payments
