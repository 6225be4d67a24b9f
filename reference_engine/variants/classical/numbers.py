"""The numbers and switches of one points-and-doubles profile (its ``classical`` section):
the limit, East's factor, the rounding, whether a claimed kong counts as concealed and
whether thirteen orphans wins. Classical Chinese and classic European differ here only."""

from __future__ import annotations

from dataclasses import dataclass

from spec.profile import Profile


@dataclass(frozen=True)
class Numbers:
    limit: int
    east_factor: int
    round_to: int
    claimed_kong_concealed: bool
    thirteen_orphans: bool

    def value(self, points: int, doubles: int) -> int:
        """cc.limits.doubling, eu.limits.rounding, eu.limits.limit: the points doubled once per
        double, rounded to the nearest ``round_to`` (a half up), at most the limit."""
        doubled = points * 2**doubles
        rounded = (doubled + self.round_to // 2) // self.round_to * self.round_to
        return int(min(rounded, self.limit))


def numbers_of(profile: Profile) -> Numbers:
    section = profile.sections["classical"]
    return Numbers(
        limit=int(section["limit"]),
        east_factor=int(section["east_factor"]),
        round_to=int(section.get("round_to", 1)),
        claimed_kong_concealed=bool(section.get("claimed_kong_concealed", True)),
        thirteen_orphans=bool(section.get("thirteen_orphans", True)),
    )
