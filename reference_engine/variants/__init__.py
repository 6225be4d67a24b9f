"""The rule families the reference engine plays, keyed by the profile's ``family``.

A family is a package here whose ``__init__`` names its :class:`Variant` subclass as
``FAMILY``; the packages are found by listing this folder, so adding a family edits no
file outside its own package. A variant is a profile: :func:`find_variant` reads the
profile (by id or alias, any letter case) and gives it to its family's class.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import spec
from reference_engine.variants.base import Variant
from spec.errors import RuleError
from spec.profile import find_profile, load_profile


@cache
def families() -> dict[str, type[Variant]]:
    """Every family package's class, by family name."""
    found: dict[str, type[Variant]] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        family: type[Variant] = package.FAMILY
        found[family.family] = family
    return found


def playable_variants() -> tuple[str, ...]:
    """The bundled variants whose family the engine has, in name order."""
    known = families()
    return tuple(v for v in spec.variant_ids() if load_profile(v).family in known)


@cache
def find_variant(name: str) -> Variant:
    """The variant whose id or profile alias is ``name``, in any letter case
    (:func:`spec.profile.find_profile`), played by its family; ``unknown-variant`` otherwise."""
    profile = find_profile(name)
    family = families().get(profile.family)
    if family is None:
        raise RuleError("unknown-variant", f"the reference engine has no {profile.family} family")
    return family(profile)
