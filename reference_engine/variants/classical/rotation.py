"""A match whose seat winds rotate after every hand, and whose players change seats between
rounds as the profile's seat table says (classic European).

Rules ``eu.rounds.winds-rotate`` (the player who was South deals next, whoever won, a
drawn hand too), ``eu.rounds.four-rounds`` (the profile's rounds of four hands) and
``eu.rounds.seat-table`` (who holds which wind at each round's first hand). Each hand's
payments are given by seat wind and go to the player who held that wind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reference_engine.variants.classical.match import hand_outcome, rounds_of
from spec.errors import RuleError
from spec.profile import Profile
from spec.seats import Seat

Winds = tuple[str, ...]  # the player holding each seat wind, east first


def winds_at(table: Mapping[str, Sequence[str]], seats: Sequence[Seat], hand: int) -> Winds:
    """The players at the seat winds in hand ``hand`` (from 0): the round's first hand as
    the seat table says, then one rotation per hand (the player who was South is East)."""
    rounds = list(table)
    start = tuple(table[rounds[hand // len(seats)]])
    turn = hand % len(seats)
    return start[turn:] + start[:turn]


def rotating_match(given: Mapping[str, Any], profile: Profile) -> dict[str, Any]:
    """Replay the hands' outcomes: the round, who holds which wind and each player's total
    after each hand, and the end of the match."""
    rules = profile.sections["match"]
    rounds = rounds_of(given, rules)
    if "dealer" in given:
        message = "the first hand's seats are the seat table's; no dealer is chosen"
        raise RuleError("invalid-request", message, path=("dealer",))
    seats = tuple(Seat(s) for s in profile.seats)
    table: Mapping[str, Sequence[str]] = rules["seat_table"]
    hands_to_end = int(rounds) * len(seats)
    players = tuple(table[next(iter(table))])
    totals = dict.fromkeys(players, int(rules["start_points"]))
    after = []
    hands = given.get("hands", [])
    for index, hand in enumerate(hands):
        if index >= hands_to_end:
            message = f"the match ended after {hands_to_end} hands"
            raise RuleError("invalid-request", message, path=("hands", index))
        _, payments = hand_outcome(hand, seats, ("hands", index))
        holders = winds_at(table, seats, index)
        for seat, amount in payments.items():
            totals[holders[seats.index(seat)]] += amount
        played = index + 1
        state: dict[str, Any] = {
            "hands_played": played,
            "player_totals": dict(totals),
            "ended": played >= hands_to_end,
        }
        if played < hands_to_end:
            state["round"] = seats[played // len(seats)].value
            nxt = winds_at(table, seats, played)
            state["winds"] = {seat.value: nxt[i] for i, seat in enumerate(seats)}
        after.append(state)
    standings = sorted(players, key=lambda p: (-totals[p], players.index(p)))
    return {
        "after": after,
        "final": {
            "ended": len(hands) >= hands_to_end,
            "hands_played": len(hands),
            "player_totals": dict(totals),
            "player_standings": list(standings),
        },
    }
