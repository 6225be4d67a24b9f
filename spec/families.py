"""The rule families, found through the profiles: the one registry of families that the
command line and the docs read (the engine finds its own code for a family the same way,
by the profile's ``family``).

A family is the ``family`` that profiles name; its facts are data: the profiles of its
variants (each with the kinds of request its rules answer) and the request fields the
scenario schema marks as read by it (``x-mjspec-families``). So a new family adds its
profiles and its package, and no table here or in a layer above names it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from spec import variant_ids
from spec.profile import load_profile
from spec.requests import FAMILIES_KEYWORD, KINDS
from spec.schemas import schema


@dataclass(frozen=True)
class Family:
    """One rule family: its name and its variants (profile ids, in name order)."""

    name: str
    variants: tuple[str, ...]

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds that any of its variants answers, in the order of the kinds."""
        answered = {kind for variant in self.variants for kind in load_profile(variant).kinds}
        return tuple(kind for kind in KINDS if kind in answered)


@cache
def families() -> Mapping[str, Family]:
    """Every family that a bundled profile names, by name, in name order."""
    by_family: dict[str, list[str]] = {}
    for variant in variant_ids():
        by_family.setdefault(load_profile(variant).family, []).append(variant)
    return MappingProxyType(
        {name: Family(name, tuple(by_family[name])) for name in sorted(by_family)}
    )


@cache
def variants_answering(kind: str) -> tuple[str, ...]:
    """The bundled variants whose rules answer ``kind`` requests, in name order."""
    return tuple(v for v in variant_ids() if kind in load_profile(v).kinds)


def families_answering(kind: str) -> tuple[str, ...]:
    """The families any of whose variants answers ``kind`` requests, by name."""
    return tuple(name for name, family in families().items() if kind in family.kinds)


def field_readers(definition: str, name: str) -> tuple[str, ...]:
    """The families that read the field ``name`` of the scenario schema's ``definition``
    (``settle_given``, ``settle_hand``...): those its ``x-mjspec-families`` names, or every
    family when the field names none."""
    node: Mapping[str, Any] = schema("scenario")["$defs"][definition]["properties"][name]
    readers = node.get(FAMILIES_KEYWORD)
    return tuple(readers) if readers is not None else tuple(families())
