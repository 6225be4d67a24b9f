"""The base of mjspec's plain enums: hashed by identity, at C speed."""

from __future__ import annotations

from enum import Enum


class IdentityEnum(Enum):
    """An enum whose members hash by identity. A member is a singleton and Enum compares
    members by identity, so object's hash agrees with equality; Enum's own hash is Python
    code hashing the member's name, run on every dict or set look-up of a member (a riichi
    score request looks up seats, suits and set kinds about 25 times)."""

    __hash__ = object.__hash__
