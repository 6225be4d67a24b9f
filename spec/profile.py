"""The typed profile loader: a variant's numbers, read from
``spec/variants/<variant>/profile.yaml`` into typed values.

The engine never hard-codes a value: tai per pattern, dealer tai, hand size and
the tile set all come from here (one source of truth).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
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
    """One row of a scoring table: what every family's row has (id, names, per, replaces,
    params, dora; classical: who scores it and whether it is a limit hand) and the family's
    own numbers in ``values`` (named in the profile's ``pattern_values``: ``tai``; ``han``,
    ``open_han``, ``yakuman``; ``points``, ``concealed_points``, ``doubles``)."""

    id: str
    name: str
    name_es: str = ""
    per: str | None = None
    replaces: tuple[str, ...] = ()
    params: MappingProxyType[str, int] = field(default_factory=lambda: MappingProxyType({}))
    is_dora: bool = False
    values: MappingProxyType[str, int | None] = field(default_factory=lambda: MappingProxyType({}))
    scorers: str = "winner"
    is_limit: bool = False

    def value(self, name: str) -> int:
        """The row's number called ``name``; 0 when the row has none."""
        return self.values.get(name) or 0

    def optional(self, name: str) -> int | None:
        """The row's number called ``name``, or None when the row has none (or null)."""
        return self.values.get(name)

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


class FigureKind(Enum):
    """What a figure of a score outcome holds."""

    COUNT = "count"  # an integer of at least 0
    AMOUNT = "amount"  # any integer
    NAME = "name"  # a string, or null for none

    def admits(self, value: object) -> bool:
        if self is FigureKind.NAME:
            return value is None or isinstance(value, str)
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        return self is FigureKind.AMOUNT or value >= 0


@dataclass(frozen=True)
class Figure:
    name: str
    kind: FigureKind
    meaning: str


@dataclass(frozen=True)
class OutcomeShape:
    """The figures a score outcome reports besides patterns and payments (``tai``; ``han``,
    ``fu``...), in profile order, and the one shown as the hand's total."""

    figures: tuple[Figure, ...]
    total: str

    def figure(self, name: str) -> Figure | None:
        """The figure called ``name``, or None when the outcome has no such figure."""
        return next((f for f in self.figures if f.name == name), None)


@dataclass(frozen=True)
class Profile:
    """One variant's numbers. ``family`` names the rule family that plays it, ``kinds`` the
    kinds of request its rules answer, ``tiles`` the variant's tile set, ``sections`` the
    family's own section of the profile (the one named after the family) and the shared
    ``play`` and ``match``."""

    variant: str
    family: str
    kinds: tuple[str, ...]
    name: str
    aliases: tuple[str, ...]
    tiles: TileSet
    hand_size: int
    sets: int
    reserved_tiles: int
    kong_box: int
    seats: tuple[str, ...]
    dealer_tai: DealerTai | None
    patterns: tuple[PatternValue, ...]
    outcome: OutcomeShape
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
            kinds=tuple(data["kinds"]),
            name=data["name"],
            aliases=tuple(data.get("aliases", ())),
            tiles=_tile_set(data["tiles"]),
            hand_size=int(data["hand"]["size"]),
            sets=int(data["hand"]["sets"]),
            reserved_tiles=int(data.get("wall", {}).get("reserved", 0)),
            kong_box=int(data.get("wall", {}).get("kong_box", 0)),
            seats=tuple(data["seats"]),
            dealer_tai=DealerTai(dealer["base"], dealer["per_streak_win"]) if dealer else None,
            patterns=tuple(
                _pattern_row(row, index, set(data["pattern_values"]))
                for index, row in enumerate(data["patterns"])
            ),
            outcome=OutcomeShape(
                tuple(
                    Figure(name, FigureKind(row["kind"]), row["meaning"])
                    for name, row in data["outcome"]["figures"].items()
                ),
                data["outcome"]["total"],
            ),
            claim_priority=tuple(
                frozenset(ActionKind(kind) for kind in claims)
                for claims in data["claims"]["priority"]
            ),
            multiple_winners=bool(data["claims"]["multiple_winners"]),
            chow_allowed=bool(data["claims"].get("chow", True)),
            sections=MappingProxyType(
                {key: data[key] for key in (data["family"], "match", "play") if key in data}
            ),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise RuleError("invalid-profile", f"malformed profile data: {error}") from None


_ROW_FIELDS = frozenset(
    {"id", "name", "name_es", "per", "replaces", "params", "dora", "scorers", "limit"}
)


def _pattern_row(row: dict[str, Any], index: int, declared: set[str]) -> PatternValue:
    values = {key: value for key, value in row.items() if key not in _ROW_FIELDS}
    for key in values:
        if key not in declared:
            message = f"pattern {row['id']!r}: {key!r} is not one of the pattern_values"
            raise RuleError("invalid-profile", message, path=("patterns", index, key))
    return PatternValue(
        id=row["id"],
        name=row["name"],
        name_es=row.get("name_es", ""),
        per=row.get("per"),
        replaces=tuple(row.get("replaces", ())),
        params=MappingProxyType(dict(row.get("params", {}))),
        is_dora=bool(row.get("dora", False)),
        values=MappingProxyType(values),
        scorers=str(row.get("scorers", "winner")),
        is_limit=bool(row.get("limit", False)),
    )


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
    known = ", ".join(spec.variant_ids())
    raise RuleError("unknown-variant", f"no variant named {name!r} (variants: {known})")


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
    profile = profile_from_data(data)
    if profile.outcome.figure(profile.outcome.total) is None:
        message = f"profile {variant!r}: the total {profile.outcome.total!r} is not a figure"
        raise RuleError("invalid-profile", message, path=("outcome", "total"))
    return profile
