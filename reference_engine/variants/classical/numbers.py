"""The numbers and switches of one points-and-doubles profile (its ``classical`` section):
the limit, East's factor, the rounding, whether a claimed kong counts as concealed and
whether thirteen orphans wins; and the switches of its ``play`` section a table may set
(:data:`PLAY_SWITCHES`). Classical Chinese and classic European differ here only."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from spec.profile import Profile

PLAY_SWITCHES = MappingProxyType(
    {"original_call_with_melds": True, "chow_win_from_anyone": True, "dead_wall_kept_back": True}
)
"""The ``play`` switches a request's options may set, with their value where the profile
says nothing: cc.play.original-call (Original Call for a player holding melds),
eu.claims.chow-win-from-the-left and cc.claims.chow-win-from-anyone (a chow win on any
player's discard) and eu.play.dead-wall-kept-back (the profile's reserved tiles never drawn
in turn)."""


@dataclass(frozen=True)
class Numbers:
    limit: int
    east_factor: int
    round_to: int
    claimed_kong_concealed: bool
    thirteen_orphans: bool
    original_call_with_melds: bool
    chow_win_from_anyone: bool
    dead_wall_kept_back: bool

    def value(self, points: int, doubles: int) -> int:
        """cc.limits.doubling, eu.limits.rounding, eu.limits.limit: the points doubled once per
        double, rounded to the nearest ``round_to`` (a half up), at most the limit."""
        doubled = points * 2**doubles
        rounded = (doubled + self.round_to // 2) // self.round_to * self.round_to
        return int(min(rounded, self.limit))


def numbers_of(profile: Profile) -> Numbers:
    section = profile.sections["classical"]
    play = {**PLAY_SWITCHES, **profile.sections.get("play", {})}
    return Numbers(
        limit=int(section["limit"]),
        east_factor=int(section["east_factor"]),
        round_to=int(section.get("round_to", 1)),
        claimed_kong_concealed=bool(section.get("claimed_kong_concealed", True)),
        thirteen_orphans=bool(section.get("thirteen_orphans", True)),
        original_call_with_melds=bool(play["original_call_with_melds"]),
        chow_win_from_anyone=bool(play["chow_win_from_anyone"]),
        dead_wall_kept_back=bool(play["dead_wall_kept_back"]),
    )
