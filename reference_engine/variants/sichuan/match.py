"""A Sichuan match: 4 or 8 hands, totals in points from zero, the first winner dealing the
next hand.

Rules ``sc.match.length`` (the profile's lengths), ``sc.match.points`` (the profile's start
points), ``sc.match.highest-total`` (standings, a tie in seat order) and
``sc.match.first-winner-deals`` (the first winner listed deals; a hand nobody won keeps
the dealer).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reference_engine.variants.standings import final_record
from spec.errors import RuleError
from spec.profile import Profile
from spec.seats import Seat, parse_seat


def match(given: Mapping[str, Any], profile: Profile) -> dict[str, Any]:
    """Replay the hands' outcomes: the dealer, the hands played and the totals after each,
    and the end of the match."""
    rules = profile.sections["match"]
    lengths = sorted(int(row["hands"]) for row in rules["lengths"].values())
    length = given.get("length")
    if isinstance(length, bool) or length not in lengths:
        known = " or ".join(str(n) for n in lengths)
        raise RuleError("invalid-request", f"a match is {known} hands", path=("length",))
    seats = tuple(Seat(s) for s in profile.seats)
    dealer = parse_seat(given.get("dealer", seats[0].value), ("dealer",))
    hands = given.get("hands", [])
    if not isinstance(hands, Sequence) or len(hands) > length:
        message = f"the match ended after {length} hands"
        raise RuleError("invalid-request", message, path=("hands", length))
    totals = dict.fromkeys(seats, int(rules["start_points"]))
    after = []
    for index, hand in enumerate(hands):
        winners, payments = _outcome(hand, seats, ("hands", index))
        for seat, amount in payments.items():
            totals[seat] += amount
        if winners:
            dealer = winners[0]
        after.append(
            {
                "dealer": dealer.value,
                "hands_played": index + 1,
                "totals": {seat.value: totals[seat] for seat in seats},
                "ended": index + 1 == length,
            }
        )
    return {
        "after": after,
        "final": final_record(seats, totals, len(hands), ended=len(hands) == length),
    }


def _outcome(
    hand: object, seats: Sequence[Seat], path: tuple[str | int, ...]
) -> tuple[list[Seat], dict[Seat, int]]:
    """A hand's winners in the order they won (none for a hand nobody won) and its
    payments, zero-sum."""
    if not isinstance(hand, Mapping):
        raise RuleError("invalid-request", "a hand outcome must be a mapping", path=path)
    winners = [] if hand.get("draw") else [Seat(s) for s in hand.get("winners", [])]
    payments = {Seat(s): int(v) for s, v in (hand.get("payments") or {}).items()}
    if not hand.get("draw") and not winners:
        raise RuleError("invalid-request", "a hand is a draw or has winners", path=path)
    if len(winners) > len(seats) - 1:
        raise RuleError("invalid-request", "at most three players win a hand", path=path)
    if any(seat not in seats for seat in (*winners, *payments)):
        raise RuleError("invalid-request", "a seat that is not at the table", path=path)
    if sum(payments.values()) != 0:
        message = "a hand's payments must sum to zero"
        raise RuleError("invalid-request", message, path=(*path, "payments"))
    return winners, payments
