"""The rule sets the reference engine knows, found by id or alias with :func:`find_variant`."""

from __future__ import annotations

from functools import cache

from reference_engine.errors import RuleError
from reference_engine.variants.base import Variant
from reference_engine.variants.riichi import Riichi, RiichiSanma
from reference_engine.variants.taiwanese import Taiwanese

VARIANTS: tuple[type[Variant], ...] = (Taiwanese, Riichi, RiichiSanma)


@cache
def find_variant(name: str) -> Variant:
    """The variant whose id or profile alias is ``name``; ``unknown-variant`` otherwise."""
    for cls in VARIANTS:
        variant = cls()
        if name == variant.id or name in variant.aliases:
            return variant
    raise RuleError("unknown-variant", f"no variant named {name!r}")
