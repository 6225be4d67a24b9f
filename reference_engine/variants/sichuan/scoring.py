"""Scoring a Sichuan win: the fan of its best reading, 2 to that power, at most the cap.

Rules ``sc.win.value`` (2^fan, at most the profile's ``cap_fan``), ``sc.fan.*`` (the
profile's rows, a limit row worth the cap with nothing added), ``sc.void.no-win`` (no win
while holding the void suit) and ``sc.bloody.not-ready`` (a hand's most valuable
completion, counting the profile's ``shape_fan`` only).
"""

from __future__ import annotations

from dataclasses import dataclass

from reference_engine.analysis.reading import Reading
from reference_engine.hand import WinningHand
from reference_engine.variants.sichuan.patterns import FAN, Winner
from reference_engine.variants.sichuan.request import Readings, RemainingHand, SichuanWin
from reference_engine.variants.sichuan.shapes import holds_suit, waits, win_readings
from spec.errors import RuleError
from spec.profile import Profile
from spec.seats import Seat
from spec.wins import WinBy


@dataclass(frozen=True)
class Score:
    """A win's fan by pattern, its fan (uncapped) and its value."""

    patterns: dict[str, int]
    fan: int
    value: int

    def as_json(self) -> dict[str, object]:
        return {"patterns": dict(self.patterns), "fan": self.fan, "value": self.value}


def cap(profile: Profile) -> int:
    return int(profile.sections["sichuan"]["cap_fan"])


def value_of(fan: int, profile: Profile) -> int:
    """sc.win.value: 2^fan, at most 2^cap."""
    return int(2 ** min(fan, cap(profile)))


def _score_reading(
    reading: Reading, winner: Winner, profile: Profile, only: frozenset[str] | None = None
) -> Score:
    patterns: dict[str, int] = {}
    for row in profile.patterns:
        if row.is_limit or (only is not None and row.id not in only):
            continue
        times = FAN[row.id](reading, winner)
        if times:
            patterns[row.id] = times * row.value("fan")
    fan = sum(patterns.values())
    return Score(patterns, fan, value_of(fan, profile))


def score_win(win: SichuanWin, readings: Readings, profile: Profile) -> Score:
    """The win in its reading worth the most (a limit hand: the cap, nothing added);
    ``not-winning`` for tiles that make no winning hand or hold the void suit."""
    if holds_suit(win.hand.concealed, win.void):
        raise RuleError(
            "not-winning", "a hand holding its void suit cannot win", path=("concealed",)
        )
    found = list(win_readings(win.hand, win.by.on_anothers_tile, profile.sets))
    if not found:
        raise RuleError(
            "not-winning",
            "the tiles make no four sets and a pair, nor seven pairs",
            path=("concealed",),
        )
    winner = Winner(win, readings)
    for row in profile.patterns:
        if row.is_limit and FAN[row.id](found[0], winner):
            return Score({row.id: cap(profile)}, cap(profile), value_of(cap(profile), profile))
    scores = [_score_reading(reading, winner, profile) for reading in found]
    return max(scores, key=lambda s: (s.value, s.fan))


@dataclass(frozen=True)
class Completion:
    """The most a ready hand could win (sc.bloody.not-ready): its fan, before the cap, and
    its value."""

    fan: int
    value: int


def best_completion(
    seat: Seat, hand: RemainingHand, readings: Readings, profile: Profile
) -> Completion | None:
    """sc.bloody.not-ready: the most a hand one tile short could win, over every tile that
    completes it and every reading, counting the shape fan only; None when it is not
    ready (it holds its void suit, or no tile completes it)."""
    if holds_suit(hand.concealed, hand.void):
        return None
    shape = frozenset(profile.sections["sichuan"]["shape_fan"])
    best: int | None = None
    for tile in waits(hand.concealed, hand.melds):
        if tile.suit is hand.void:
            continue
        won = WinningHand(seat, (*hand.concealed, tile), hand.melds)
        winner = Winner(SichuanWin(won, hand.void, WinBy.DISCARD), readings)
        for reading in win_readings(won, True, profile.sets):
            fan = _score_reading(reading, winner, profile, shape).fan
            best = fan if best is None else max(best, fan)
    return None if best is None else Completion(best, value_of(best, profile))
