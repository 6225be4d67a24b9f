"""The typed profile loader: a variant's numbers, read from
``spec/variants/<variant>/profile.yaml`` into typed values.

The engine never hard-codes a value: tai per pattern, dealer tai, hand size and
the tile set all come from here (one source of truth).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any

import yaml
from jsonschema.exceptions import best_match

import spec
from spec.actions import ActionKind
from spec.errors import RuleError
from spec.schemas import validator
from spec.tiles import Tile, parse_tiles
from spec.tileset import TileSet

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
    """One variant's numbers. ``family`` names the rule family that plays it, ``tiles``
    the variant's tile set."""

    variant: str
    family: str
    name: str
    aliases: tuple[str, ...]
    tiles: TileSet
    hand_size: int
    sets: int
    reserved_tiles: int
    seats: tuple[str, ...]
    dealer_tai: DealerTai | None
    patterns: tuple[PatternValue, ...]
    claim_priority: tuple[frozenset[ActionKind], ...]
    multiple_winners: bool
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
            family=data["family"],
            name=data["name"],
            aliases=tuple(data.get("aliases", ())),
            tiles=_tile_set(data["tiles"]),
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
            claim_priority=tuple(
                frozenset(ActionKind(kind) for kind in claims)
                for claims in data["claims"]["priority"]
            ),
            multiple_winners=bool(data["claims"]["multiple_winners"]),
            chow_allowed=bool(data["claims"].get("chow", True)),
            sections=MappingProxyType(
                {key: data[key] for key in ("riichi", "match", "play") if key in data}
            ),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise RuleError("invalid-profile", f"malformed profile data: {error}") from None


def _tile_set(data: dict[str, Any]) -> TileSet:
    def tiles(key: str) -> tuple[Tile, ...]:
        return tuple(t for text in data.get(key, ()) for t in parse_tiles(text))

    return TileSet.build(
        suits=tuple(data["suits"]),
        honours=bool(data["honours"]),
        excluded=tiles("excluded"),
        red_fives=tiles("red_fives"),
        flowers=int(data["flowers"]),
        copies=int(data["copies"]),
    )


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


def find_profile(name: str) -> Profile:
    """The bundled profile whose variant id or one of whose aliases is ``name``, in any
    letter case; ``unknown-variant`` otherwise."""
    wanted = name.casefold()
    for variant in spec.variant_ids():
        profile = load_profile(variant)
        if wanted in (profile.variant, *(alias.casefold() for alias in profile.aliases)):
            return profile
    raise RuleError("unknown-variant", f"no variant named {name!r}")


@cache
def load_profile(variant: str) -> Profile:
    """The bundled profile of ``variant``: the profiles it extends merged in, the merged
    profile checked against the profile schema, then typed (``invalid-profile`` otherwise)."""
    data = profile_data(variant)
    error = best_match(validator("profile").iter_errors(data))
    if error is not None:
        raise RuleError(
            "invalid-profile",
            f"profile {variant!r}: {error.message}",
            path=tuple(error.absolute_path),
        )
    return profile_from_data(data)
