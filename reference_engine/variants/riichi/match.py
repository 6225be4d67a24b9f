"""A riichi match from hand outcomes: points, deposits, honba, dealer and rounds, the end,
standings, uma and oka (rules ``sanma.match.*``, ``sanma.draws.*`` and their four-player kin;
a platform's end of the match, ``tenhou.match.extension`` and ``tenhou.match.dealer-stop``).

Each hand outcome is a win (winners and their payments, honba included, and who
declared riichi) or a draw: exhaustive (who was tenpai, who made nagashi mangan)
or abortive. Conventions where the source is silent are named in the catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from reference_engine.variants.riichi.house import HouseRules
from spec.errors import RuleError
from spec.seats import Seat

UNKNOWN = "unknown"  # a match length not known (a replayed log's): only busting ends it


@dataclass(frozen=True)
class MatchRules:
    seats: tuple[Seat, ...]
    start_points: int
    return_points: int
    lengths: Mapping[str, Mapping[str, int]]
    round_winds: tuple[Seat, ...]
    uma: tuple[int, ...]
    noten_total: int
    deposit: int
    mangan_base: int
    leftover_to_top: bool
    house: HouseRules
    extension_target: int | None = None  # tenhou.match.extension; None: no extra round
    dealer_stop: bool = False  # tenhou.match.dealer-stop


@dataclass
class _Table:
    rules: MatchRules
    points: dict[Seat, int]
    dealer_index: int = 0
    round_index: int = 0
    honba: int = 0
    sticks: int = 0
    played: int = 0
    repeated: bool = False  # whether the last hand's dealer deals again
    abortive: bool = False  # whether the last hand ended in an abortive draw
    after: list[dict[str, Any]] = field(default_factory=list)

    @property
    def dealer(self) -> Seat:
        return self.rules.seats[self.dealer_index]

    def rotate(self) -> None:
        self.dealer_index = (self.dealer_index + 1) % len(self.rules.seats)
        if self.dealer_index == 0:
            self.round_index += 1


def _seats(value: object, rules: MatchRules, path: tuple[str | int, ...]) -> list[Seat]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise RuleError("invalid-request", "expected a list of seats", path=path)
    try:
        seats = [Seat(v) for v in value]
    except ValueError:
        raise RuleError("invalid-request", "unknown seat", path=path) from None
    if any(seat not in rules.seats for seat in seats):
        raise RuleError("invalid-request", "a seat that does not play here", path=path)
    return seats


def play_match(rules: MatchRules, given: Mapping[str, Any]) -> dict[str, Any]:
    """Replay the hands; report the table after each and the final standings. A match may
    be taken up mid-game (its first dealer, points and sticks given), and its length may be
    unknown (:data:`UNKNOWN`)."""
    length = given.get("length")
    if length != UNKNOWN and length not in rules.lengths:
        known = ", ".join([*rules.lengths, UNKNOWN])
        raise RuleError("invalid-request", f"length must be one of {known}", path=("length",))
    hands = given.get("hands", [])
    if not isinstance(hands, Sequence):
        raise RuleError("invalid-request", "'hands' must be a list", path=("hands",))
    (dealer,) = _seats([given.get("dealer", rules.seats[0].value)], rules, ("dealer",))
    table = _Table(rules, _points_before(rules, given.get("points")), rules.seats.index(dealer))
    table.sticks = int(given.get("sticks", 0))
    ended = _busted(table)  # taken up below zero: the match is already over
    for index, hand in enumerate(hands):
        if ended:
            raise RuleError(
                "invalid-request", "a hand after the end of the match", path=("hands", index)
            )
        if not isinstance(hand, Mapping):
            raise RuleError("invalid-request", "a hand outcome is a mapping", path=("hands", index))
        position = table.round_index * len(rules.seats) + table.dealer_index
        _play_hand(table, hand, ("hands", index))
        ended = _is_over(table, rules.lengths.get(str(length)), position)
        table.after.append(_snapshot(table, ended))
    single_hand = rules.lengths.get(str(length), {}).get("hands") == 1
    return {"after": table.after, "final": _final(table, ended, single_hand)}


def _points_before(rules: MatchRules, points: object) -> dict[Seat, int]:
    """Each seat's points before the first hand: the given ones (a match taken up
    mid-game, every seat of the table named), else the start points."""
    if points is None:
        return dict.fromkeys(rules.seats, rules.start_points)
    if not isinstance(points, Mapping) or set(points) != {seat.value for seat in rules.seats}:
        message = "points must name each seat of the table"
        raise RuleError("invalid-request", message, path=("points",))
    return {seat: int(points[seat.value]) for seat in rules.seats}


def _play_hand(table: _Table, hand: Mapping[str, Any], path: tuple[str | int, ...]) -> None:
    rules = table.rules
    for seat in _seats(hand.get("riichi", []), rules, (*path, "riichi")):
        table.points[seat] -= rules.deposit
        table.sticks += 1
    table.played += 1
    draw = hand.get("draw")
    dealer = table.dealer_index
    table.abortive = draw == "abortive"
    if draw in (True, "exhaustive"):
        _exhaustive_draw(table, hand, path)
    elif table.abortive:
        table.honba += 1
    else:
        _win(table, hand, path)
    table.repeated = table.dealer_index == dealer


def _win(table: _Table, hand: Mapping[str, Any], path: tuple[str | int, ...]) -> None:
    """sanma.match.sticks, dealer repeat or rotation, honba."""
    rules = table.rules
    winners = _seats(hand.get("winners", []), rules, (*path, "winners"))
    if not winners:
        raise RuleError("invalid-request", "a hand is a win or a draw", path=path)
    payments = hand.get("payments") or {}
    paid = {seat: int(payments.get(seat.value, 0)) for seat in rules.seats}
    if sum(paid.values()) != 0:
        raise RuleError("invalid-request", "payments must sum to zero", path=(*path, "payments"))
    for seat, amount in paid.items():
        table.points[seat] += amount
    source = hand.get("from")
    order = _turn_order(rules, Seat(source)) if source in [s.value for s in rules.seats] else []
    first = next((seat for seat in order if seat in winners), winners[0])
    table.points[first] += rules.deposit * table.sticks
    table.sticks = 0
    if table.dealer in winners:
        table.honba += 1
    else:
        table.honba = 0
        table.rotate()


def _exhaustive_draw(table: _Table, hand: Mapping[str, Any], path: tuple[str | int, ...]) -> None:
    """sanma.draws.noten-payments, sanma.draws.nagashi-mangan (riichi.house.nagashi-mangan:
    a hand that lists nagashi at a table without it is refused) and
    sanma.draws.dealer-tenpai-repeats."""
    rules = table.rules
    tenpai = _seats(hand.get("tenpai", []), rules, (*path, "tenpai"))
    nagashi = _seats(hand.get("nagashi", []), rules, (*path, "nagashi"))
    if nagashi and not rules.house.nagashi_mangan:
        message = "this table plays no nagashi mangan (riichi.house.nagashi-mangan)"
        raise RuleError("invalid-request", message, path=(*path, "nagashi"))
    if nagashi:
        for seat in nagashi:
            for payer in rules.seats:
                if payer is seat:
                    continue
                factor = 2 if seat is table.dealer or payer is table.dealer else 1
                table.points[payer] -= rules.mangan_base * factor
                table.points[seat] += rules.mangan_base * factor
    elif 0 < len(tenpai) < len(rules.seats):
        noten = [seat for seat in rules.seats if seat not in tenpai]
        for seat in noten:
            table.points[seat] -= rules.noten_total // len(noten)
        for seat in tenpai:
            table.points[seat] += rules.noten_total // len(tenpai)
    table.honba += 1
    if table.dealer not in tenpai:
        table.rotate()


def _turn_order(rules: MatchRules, source: Seat) -> list[Seat]:
    start = rules.seats.index(source)
    return [rules.seats[(start + step) % len(rules.seats)] for step in range(1, len(rules.seats))]


def _busted(table: _Table) -> bool:
    """sanma.match.below-zero, at a table that plays it (riichi.house.busting): a player
    below zero ends the match."""
    return table.rules.house.busting and any(points < 0 for points in table.points.values())


def _is_over(table: _Table, length: Mapping[str, int] | None, position: int) -> bool:
    """sanma.match.length (a number of hands, or of rounds of wind; None: unknown, only
    :func:`_busted` ends the match) and sanma.match.below-zero (:func:`_busted`); from the
    last scheduled hand on (the hand at ``position``, counted in hands of the rounds from
    East 1), the platform's end (:func:`_ends_from_the_last_hand`)."""
    if _busted(table):
        return True
    if length is None:
        return False
    if "hands" in length:
        return table.played >= length["hands"]
    last = length["rounds"] * len(table.rules.seats) - 1
    if position < last:
        return False
    return _ends_from_the_last_hand(table, position - last)


def _ends_from_the_last_hand(table: _Table, beyond: int) -> bool:
    """After a hand ``beyond`` hands past the last scheduled one (0: All Last itself).
    riichi.match.length and riichi.match.no-agari-yame: the match ends when the deal passes
    beyond the last round. tenhou.match.extension: an abortive draw never ends it, nor a
    dealer who repeats without being first (riichi.match.standings-ties); otherwise a player
    at the target ends it, and below it the deal goes on into one more round, whose last hand
    ends the match. tenhou.match.dealer-stop: a dealer who repeats in first place ends it
    (at the target, where the table has one)."""
    rules = table.rules
    if table.abortive:
        return False
    if table.repeated and not (rules.dealer_stop and _dealer_first(table)):
        return False
    target = rules.extension_target
    if target is None:
        return True
    extra_round_end = beyond == len(rules.seats)
    return max(table.points.values()) >= target or extra_round_end


def _dealer_first(table: _Table) -> bool:
    """Whether the dealer ranks first (:func:`_ranked`)."""
    return _ranked(table.rules, table.points)[0] is table.dealer


def _ranked(rules: MatchRules, points: Mapping[Seat, int]) -> list[Seat]:
    """riichi.match.standings-ties: the seats by points, most first, ties in seat order."""
    return sorted(rules.seats, key=lambda seat: (-points[seat], rules.seats.index(seat)))


def _snapshot(table: _Table, ended: bool) -> dict[str, Any]:
    winds = table.rules.round_winds
    return {
        "round": winds[min(table.round_index, len(winds) - 1)].value,
        "hand": table.dealer_index + 1,
        "dealer": table.dealer.value,
        "honba": table.honba,
        "sticks": table.sticks,
        "points": {seat.value: table.points[seat] for seat in table.rules.seats},
        "ended": ended,
    }


def _final(table: _Table, ended: bool, single_hand: bool) -> dict[str, Any]:
    """sanma.match.uma: places by points (ties by seat order), leftover sticks to the top;
    riichi.match.oka: each final score, the oka to the top."""
    rules = table.rules
    points = dict(table.points)
    standings = _ranked(rules, points)
    if ended and table.sticks and rules.leftover_to_top:
        points[standings[0]] += rules.deposit * table.sticks
    uma = (
        {}
        if single_hand
        else {seat.value: rules.uma[place] for place, seat in enumerate(standings)}
    )
    return {
        "ended": ended,
        "hands_played": table.played,
        "points": {seat.value: points[seat] for seat in rules.seats},
        "standings": [seat.value for seat in standings],
        "uma": uma,
        "score": _scores(rules, points, standings, single_hand),
    }


def _scores(
    rules: MatchRules, points: Mapping[Seat, int], standings: list[Seat], single_hand: bool
) -> dict[str, int]:
    """riichi.match.oka: points less the return points, plus the uma in thousands and, for
    the first, the oka ((return - start) x players); a one-hand match counts from the start
    points, with neither."""
    if single_hand:
        return {seat.value: points[seat] - rules.start_points for seat in rules.seats}
    oka = (rules.return_points - rules.start_points) * len(rules.seats)
    scores = {}
    for place, seat in enumerate(standings):
        bonus = oka if place == 0 else 0
        scores[seat] = points[seat] - rules.return_points + 1000 * rules.uma[place] + bonus
    return {seat.value: scores[seat] for seat in rules.seats}
