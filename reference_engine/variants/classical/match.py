"""A classical match: the players keep their seats, the deal goes round the table, the
round wind passes on each time it has, and the match ends after the fourth round.

Rules ``cc.match.start-points`` (the profile's start points), ``cc.match.dealer-repeats``
(the dealer deals again after a win or a draw; a draw keeps the dealer's streak as it
is), ``cc.match.rounds`` (the round wind passes on after every four changes of dealer),
``cc.match.sixteen-changes`` (the profile's length in rounds times the seats),
``cc.match.standings`` and ``cc.match.fixed-seats`` (totals stay with the players' seats).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reference_engine.variants.standings import final_record
from spec.errors import RuleError
from spec.profile import Profile
from spec.seats import Seat, next_seat


def rounds_of(given: Mapping[str, Any], rules: Mapping[str, Any]) -> int:
    """The rounds of the request's ``length``, one of the profile's match lengths."""
    length = given.get("length")
    rounds = rules["lengths"].get(length, {}).get("rounds") if isinstance(length, str) else None
    if rounds is None:
        known = ", ".join(rules["lengths"])
        raise RuleError("invalid-request", f"the match lengths here: {known}", path=("length",))
    return int(rounds)


def match(given: Mapping[str, Any], profile: Profile) -> dict[str, Any]:
    """Replay the hands' outcomes: dealer, streak, round, hands played and totals after
    each, and the end of the match."""
    rules = profile.sections["match"]
    rounds = rounds_of(given, rules)
    seats = tuple(Seat(s) for s in profile.seats)
    if given.get("dealer", seats[0].value) != seats[0].value:
        message = f"the first dealer is the player at {seats[0].value}; seats stay fixed"
        raise RuleError("invalid-request", message, path=("dealer",))
    changes_to_end = int(rounds) * len(seats)
    totals = dict.fromkeys(seats, int(rules["start_points"]))
    dealer, streak, changes, after = seats[0], 0, 0, []
    hands = given.get("hands", [])
    for index, hand in enumerate(hands):
        if changes >= changes_to_end:
            message = f"the match ended after {changes_to_end} changes of dealer"
            raise RuleError("invalid-request", message, path=("hands", index))
        winner, payments = hand_outcome(hand, seats, ("hands", index))
        for seat, amount in payments.items():
            totals[seat] += amount
        if winner is dealer:
            streak += 1
        elif winner is not None:
            dealer, streak, changes = next_seat(dealer, players=len(seats)), 0, changes + 1
        after.append(
            {
                "dealer": dealer.value,
                "dealer_streak": streak,
                "round": seats[min(changes // len(seats), len(seats) - 1)].value,
                "hands_played": index + 1,
                "totals": {seat.value: totals[seat] for seat in seats},
                "ended": changes >= changes_to_end,
            }
        )
    return {
        "after": after,
        "final": final_record(seats, totals, len(hands), ended=changes >= changes_to_end),
    }


def hand_outcome(
    hand: object, seats: Sequence[Seat], path: tuple[str | int, ...]
) -> tuple[Seat | None, dict[Seat, int]]:
    """A hand's winner (None for a draw) and payments, zero-sum, one winner."""
    if not isinstance(hand, Mapping):
        raise RuleError("invalid-request", "a hand outcome must be a mapping", path=path)
    if hand.get("draw"):
        return None, {}
    winners = [Seat(s) for s in hand.get("winners", [])]
    payments = {Seat(s): int(v) for s, v in (hand.get("payments") or {}).items()}
    if len(winners) != 1:
        raise RuleError("invalid-request", "a hand has one winner, or is a draw", path=path)
    if any(seat not in seats for seat in (*winners, *payments)):
        raise RuleError("invalid-request", "a seat that is not at the table", path=path)
    if sum(payments.values()) != 0:
        message = "a hand's payments must sum to zero"
        raise RuleError("invalid-request", message, path=(*path, "payments"))
    return winners[0], payments
