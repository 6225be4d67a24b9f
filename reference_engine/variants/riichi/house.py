"""Riichi house rules: the choices a table or a platform makes where the conventions differ
(the profile's ``riichi.house``; a request's ``options`` override them for one table).

Each is a rule of the catalogue, ``riichi.house.*``; the profile schema lists the choices.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import Enum
from types import MappingProxyType
from typing import Any

from spec.errors import RuleError
from spec.profile import Profile


class OpenKanDora(Enum):
    """riichi.house.open-kan-dora: when a claimed or added kan turns its dora indicator."""

    AT_ONCE = "at-once"
    AFTER_DISCARD = "after-discard"


class Kazoe(Enum):
    """riichi.house.kazoe: what 13 han or more without a yakuman pattern are paid."""

    YAKUMAN = "yakuman"
    SANBAIMAN = "sanbaiman"
    NONE = "none"


class Renhou(Enum):
    """riichi.house.renhou: what a non-dealer's win on a discard before its first draw is worth."""

    NONE = "none"
    YAKUMAN = "yakuman"
    MANGAN = "mangan"


class Pao(Enum):
    """riichi.house.pao: the yakuman that make the discarder who fed them liable."""

    DRAGONS_WINDS = "dragons-winds"
    DRAGONS_WINDS_KANS = "dragons-winds-kans"
    NONE = "none"

    @property
    def yakuman(self) -> frozenset[str]:
        """The pattern ids of the yakuman a liability answers for."""
        return _PAO_YAKUMAN[self]


_PAO_YAKUMAN = {
    Pao.DRAGONS_WINDS: frozenset({"daisangen", "daisuushii"}),
    Pao.DRAGONS_WINDS_KANS: frozenset({"daisangen", "daisuushii", "suukantsu"}),
    Pao.NONE: frozenset(),
}


class PaoCovers(Enum):
    """riichi.house.pao-covers: a liability's share of a hand holding other yakuman too."""

    WHOLE_HAND = "whole-hand"
    LIABLE_YAKUMAN = "liable-yakuman"


class PaoHonba(Enum):
    """riichi.house.pao-honba: who pays the honba of a ron shared under liability."""

    LIABLE = "liable"
    DISCARDER = "discarder"


@dataclass(frozen=True)
class HouseRules:
    """One table's house rules; each field a rule ``riichi.house.*`` (its name with hyphens)."""

    open_kan_dora: OpenKanDora = OpenKanDora.AT_ONCE
    double_yakuman: bool = False
    kazoe: Kazoe = Kazoe.YAKUMAN
    kiriage_mangan: bool = False
    open_tanyao: bool = True
    nagashi_mangan: bool = True
    busting: bool = True
    pao: Pao = Pao.DRAGONS_WINDS
    pao_covers: PaoCovers = PaoCovers.WHOLE_HAND
    pao_honba: PaoHonba = PaoHonba.LIABLE
    renhou: Renhou = Renhou.NONE
    kokushi_robs_concealed_kan: bool = False

    @classmethod
    def of(cls, profile: Profile) -> HouseRules:
        """The profile's house rules (validated with the profile: their values are known)."""
        house = profile.sections.get("riichi", {}).get("house", {})
        return cls().overridden(house, ("house",))

    def overridden(self, values: Mapping[str, Any], path: tuple[str, ...]) -> HouseRules:
        """These rules with ``values`` (house rule name -> choice) taking their place; an
        ``invalid-request`` naming the field for an unknown name or choice."""
        changes: dict[str, Any] = {}
        names = {f.name for f in fields(self)}
        for name, value in values.items():
            if name not in names:
                raise RuleError("invalid-request", "unknown rule option", path=(*path, name))
            changes[name] = _choice(name, getattr(self, name), value, (*path, name))
        return replace(self, **changes)

    def in_profile(self, profile: Profile) -> Profile:
        """``profile`` with these house rules in its ``riichi.house``."""
        riichi = dict(profile.sections.get("riichi", {}))
        riichi["house"] = {f.name: _value(getattr(self, f.name)) for f in fields(self)}
        return replace(profile, sections=MappingProxyType({**profile.sections, "riichi": riichi}))


def _choice(name: str, current: bool | Enum, value: object, path: tuple[str, ...]) -> bool | Enum:
    """``value`` as a choice of the house rule whose present choice is ``current``."""
    if isinstance(current, bool):
        if isinstance(value, bool):
            return value
        raise RuleError("invalid-request", f"{name} is true or false, not {value!r}", path=path)
    try:
        return type(current)(value)
    except ValueError:
        allowed = ", ".join(str(choice.value) for choice in type(current))
        message = f"{name} is one of {allowed}, not {value!r}"
        raise RuleError("invalid-request", message, path=path) from None


def _value(choice: bool | Enum) -> object:
    return choice if isinstance(choice, bool) else choice.value
