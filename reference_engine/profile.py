"""A variant's numbers, read from ``spec/variants/<variant>/profile.yaml`` into typed values.

The engine never hard-codes a value: tai per pattern, dealer tai and hand size
all come from here (one source of truth).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any

import yaml

import spec
from reference_engine.errors import RuleError


@dataclass(frozen=True)
class PatternValue:
    """One row of a scoring table."""

    id: str
    name: str
    tai: int
    name_es: str = ""
    concealed_tai: int | None = None
    per: str | None = None
    replaces: tuple[str, ...] = ()
    params: MappingProxyType[str, int] = field(default_factory=lambda: MappingProxyType({}))

    def param(self, name: str) -> int:
        """A threshold of the pattern's predicate; a missing one is a profile error."""
        try:
            return self.params[name]
        except KeyError:
            raise RuleError(
                "invalid-profile", f"pattern {self.id!r} needs the parameter {name!r}"
            ) from None


@dataclass(frozen=True)
class DealerTai:
    base: int
    per_streak_win: int

    def for_streak(self, streak: int) -> int:
        """Rule ``tw.dealer.tai`` and ``tw.dealer.streak-tai``: base + per win of the streak."""
        return self.base + self.per_streak_win * streak


@dataclass(frozen=True)
class Profile:
    variant: str
    name: str
    aliases: tuple[str, ...]
    suits: tuple[str, ...]
    honours: bool
    copies: int
    flowers: int
    red_fives: bool
    hand_size: int
    sets: int
    reserved_tiles: int
    seats: tuple[str, ...]
    dealer_tai: DealerTai | None
    patterns: tuple[PatternValue, ...]

    def pattern(self, pattern_id: str) -> PatternValue:
        for row in self.patterns:
            if row.id == pattern_id:
                return row
        raise RuleError("invalid-profile", f"the profile has no pattern {pattern_id!r}")


def profile_from_data(data: dict[str, Any]) -> Profile:
    """Build a :class:`Profile` from profile data already validated against its schema."""
    try:
        dealer = data.get("dealer_tai")
        return Profile(
            variant=data["variant"],
            name=data["name"],
            aliases=tuple(data.get("aliases", ())),
            suits=tuple(data["tiles"]["suits"]),
            honours=bool(data["tiles"]["honours"]),
            copies=int(data["tiles"]["copies"]),
            flowers=int(data["tiles"]["flowers"]),
            red_fives=bool(data["tiles"].get("red_fives", False)),
            hand_size=int(data["hand"]["size"]),
            sets=int(data["hand"]["sets"]),
            reserved_tiles=int(data.get("wall", {}).get("reserved", 0)),
            seats=tuple(data["seats"]),
            dealer_tai=DealerTai(dealer["base"], dealer["per_streak_win"]) if dealer else None,
            patterns=tuple(
                PatternValue(
                    id=row["id"],
                    name=row["name"],
                    name_es=row.get("name_es", ""),
                    tai=row["tai"],
                    concealed_tai=row.get("concealed_tai"),
                    per=row.get("per"),
                    replaces=tuple(row.get("replaces", ())),
                    params=MappingProxyType(dict(row.get("params", {}))),
                )
                for row in data["patterns"]
            ),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise RuleError("invalid-profile", f"malformed profile data: {error}") from None


@cache
def load_profile(variant: str) -> Profile:
    """The bundled profile of ``variant`` (validate it with ``mjspec validate``)."""
    path = spec.VARIANTS_DIR / variant / "profile.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise RuleError("invalid-profile", f"cannot read {path}: {error}") from None
    if not isinstance(data, dict):
        raise RuleError("invalid-profile", f"{path} is not a mapping")
    return profile_from_data(data)
