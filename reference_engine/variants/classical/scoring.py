"""Scoring one player's hand: basic points, doubles, the limit, the value.

A player's awards are the profile's patterns whose predicate holds (the winner's all, a
non-winner's only those every player scores, ``cc.points.everyone-scores``); an award
that another replaces is dropped (``cc.winner.awards-combine``). The winner's hand is
scored in its best reading; a limit hand is worth the limit with nothing added
(``cc.limits.limit-hands``), any other hand its points doubled once per double, at most
the limit (``cc.limits.doubling``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from reference_engine.variants.classical.numbers import numbers_of
from reference_engine.variants.classical.patterns import AWARDS, LIMITS, Player
from reference_engine.variants.classical.request import Circumstances, Tiles
from reference_engine.variants.classical.sets import (
    Reading,
    claimable_readings,
    is_thirteen_orphans,
    standing_reading,
    winner_readings,
)
from spec.errors import RuleError
from spec.profile import PatternValue, Profile
from spec.seats import Seat


@dataclass(frozen=True)
class Score:
    """What a hand is worth: each award's points or doubles, the totals, the limit hand
    made (None for none) and the value before East's doubling."""

    patterns: dict[str, int]
    points: int
    doubles: int
    limit: str | None
    value: int

    def as_json(self) -> dict[str, object]:
        return {
            "patterns": dict(self.patterns),
            "points": self.points,
            "doubles": self.doubles,
            "limit": self.limit,
            "value": self.value,
        }


def score_reading(reading: Reading, player: Player, profile: Profile) -> Score:
    """The awards of one reading and what they make."""
    winner = player.win is not None
    earned: dict[str, int] = {}
    for row in profile.patterns:
        if row.is_limit or (row.scorers != "all" and not winner):
            continue
        worth = AWARDS[row.id](reading, player, row)
        if worth:
            earned[row.id] = worth
    dropped = {gone for row in profile.patterns if row.id in earned for gone in row.replaces}
    awards = {award: worth for award, worth in earned.items() if award not in dropped}
    rows = {row.id: row for row in profile.patterns}
    doubles = sum(worth for award, worth in awards.items() if _is_double(rows[award]))
    points = sum(awards.values()) - doubles
    return Score(awards, points, doubles, None, numbers_of(profile).value(points, doubles))


def _is_double(row: PatternValue) -> bool:
    return row.value("doubles") > 0


def limit_hand(reading: Reading, player: Player, profile: Profile) -> Score | None:
    """The first limit hand, in profile order, that the winner's reading makes."""
    for row in profile.patterns:
        if row.is_limit and LIMITS[row.id](reading, player, row):
            limit = numbers_of(profile).limit
            return Score({row.id: limit}, 0, 0, row.id, limit)
    return None


def score_winner(player: Player, profile: Profile) -> Score:
    """The winner's hand in its reading worth the most (a limit if any reading makes one);
    ``not-winning`` when it reads as no winning hand (cc.tiles.hand-shape) or only as a
    chow on a discard it may not claim (eu.claims.chow-win-from-the-left)."""
    assert player.win is not None
    numbers = numbers_of(profile)
    concealed_kongs = numbers.claimed_kong_concealed
    every = list(
        winner_readings(player.tiles, player.win.on_a_discard, profile.sets, concealed_kongs)
    )
    seat = player.tiles.seat
    found = claimable_readings(every, seat, player.win, numbers.chow_win_from_anyone)
    if every and not found:
        message = (
            "the discard completes this hand only as a chow, and "
            f"{seat.value} may claim a chow only from the player on its left"
        )
        raise RuleError("not-winning", message, path=("win", "from"))
    orphans = is_thirteen_orphans(player.tiles.concealed, len(player.tiles.melds))
    if not found and orphans and numbers.thirteen_orphans:
        found = [standing_reading(player.tiles)]
        limit = limit_hand(found[0], player, profile)
        if limit is not None:
            return limit
    if not found:
        raise RuleError(
            "not-winning", "the tiles make no four sets and a pair", path=("concealed",)
        )
    for reading in found:
        limit = limit_hand(reading, player, profile)
        if limit is not None:
            return limit
    scores = [score_reading(reading, player, profile) for reading in found]
    return max(scores, key=lambda s: (s.value, s.points, s.doubles))


def score_standing(player: Player, profile: Profile) -> Score:
    """A non-winner's hand as it stands (cc.points.everyone-scores)."""
    reading = standing_reading(player.tiles, numbers_of(profile).claimed_kong_concealed)
    return score_reading(reading, player, profile)


def score_table(
    hands: Mapping[Seat, Tiles],
    winner: Seat | None,
    win: Circumstances | None,
    round_wind: Seat,
    profile: Profile,
) -> dict[Seat, Score]:
    """Every player's score at the end of a hand: the winner's with how it won, the others'
    as they stand (cc.points.everyone-scores). A hand that cannot be scored is an error
    at that player's tiles."""
    scores: dict[Seat, Score] = {}
    for seat, tiles in hands.items():
        try:
            if seat is winner:
                scores[seat] = score_winner(Player(tiles, round_wind, win), profile)
            else:
                scores[seat] = score_standing(Player(tiles, round_wind), profile)
        except RuleError as error:
            raise error.at("hands", seat.value) from None
    return scores
