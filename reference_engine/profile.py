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

SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class PatternValue:
    """One row of a scoring table."""

    id: str
    name: str
    tai: int = 0
    name_es: str = ""
    concealed_tai: int | None = None
    per: str | None = None
    replaces: tuple[str, ...] = ()
    params: MappingProxyType[str, int] = field(default_factory=lambda: MappingProxyType({}))
    han: int = 0
    open_han: int | None = None
    yakuman: int = 0
    is_dora: bool = False

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
    excluded: tuple[str, ...] = ()
    chow_allowed: bool = True
    sections: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))

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
                    tai=row.get("tai", 0),
                    concealed_tai=row.get("concealed_tai"),
                    per=row.get("per"),
                    replaces=tuple(row.get("replaces", ())),
                    params=MappingProxyType(dict(row.get("params", {}))),
                    han=row.get("han", 0),
                    open_han=row.get("open_han"),
                    yakuman=row.get("yakuman", 0),
                    is_dora=bool(row.get("dora", False)),
                )
                for row in data["patterns"]
            ),
            excluded=tuple(data["tiles"].get("excluded", ())),
            chow_allowed=bool(data.get("claims", {}).get("chow", True)),
            sections=MappingProxyType(
                {key: data[key] for key in ("riichi", "match", "play") if key in data}
            ),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise RuleError("invalid-profile", f"malformed profile data: {error}") from None


def merge_profiles(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A profile that ``extends`` another: mappings merge key by key, patterns merge by id
    (a row of the same id is replaced, a new one appended), everything else is replaced."""
    merged = dict(base)
    for key, value in override.items():
        if key == "extends":
            continue
        if key == "patterns":
            rows = {row["id"]: row for row in base.get("patterns", [])}
            rows.update({row["id"]: row for row in value})
            merged[key] = list(rows.values())
        elif isinstance(value, dict) and isinstance(base.get(key), dict):
            merged[key] = merge_profiles(base[key], value)
        else:
            merged[key] = value
    return merged


def profile_data(variant: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """The raw data of a bundled profile, with any profile it extends merged in."""
    if variant in seen:
        raise RuleError("invalid-profile", f"profiles extend each other in a cycle: {seen}")
    path = spec.VARIANTS_DIR / variant / "profile.yaml"
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    except (OSError, yaml.YAMLError) as error:
        raise RuleError("invalid-profile", f"cannot read {path}: {error}") from None
    if not isinstance(data, dict):
        raise RuleError("invalid-profile", f"{path} is not a mapping")
    if "extends" in data:
        return merge_profiles(profile_data(str(data["extends"]), (*seen, variant)), data)
    return data


@cache
def load_profile(variant: str) -> Profile:
    """The bundled profile of ``variant`` (validate it with ``mjspec validate``)."""
    return profile_from_data(profile_data(variant))
