"""The rule sets the reference engine knows, found by id or alias with :func:`find_variant`."""

from __future__ import annotations

from functools import cache

from reference_engine.variants.base import Variant
from reference_engine.variants.riichi import Riichi, RiichiSanma
from reference_engine.variants.taiwanese import Taiwanese
from spec.errors import RuleError
from spec.profile import find_profile

VARIANTS: tuple[type[Variant], ...] = (Taiwanese, Riichi, RiichiSanma)


@cache
def find_variant(name: str) -> Variant:
    """The variant whose id or profile alias is ``name``, in any letter case
    (:func:`spec.profile.find_profile`); ``unknown-variant`` otherwise."""
    profile = find_profile(name)
    for cls in VARIANTS:
        if cls.id == profile.variant:
            return cls()
    raise RuleError("unknown-variant", f"the reference engine does not play {name!r}")
