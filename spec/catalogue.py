"""The rule ids of a bundled variant, read from its catalogue
(``spec/variants/<variant>/rules.yaml``): the catalogue's own and those of the catalogue it
``inherits`` (and so on) that none of its rules ``replaces``.

A rule is also found by the last parts of its id, which the catalogues of one family share
(``furiten.temporary`` is ``riichi.furiten.temporary`` in four-player riichi and
``sanma.furiten.temporary`` in three-player): an engine names a rule that way without
knowing which catalogue a profile's variant has.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

import yaml

import spec
from spec.profile import SAFE_LOADER


@cache
def rule_ids(variant: str) -> tuple[str, ...]:
    """The ids of the rules a fixture of the bundled ``variant`` may cite, in catalogue
    order (the inherited ones first); none for a variant with no bundled catalogue."""
    return _rule_ids(variant, ())


def _rule_ids(variant: str, seen: tuple[str, ...]) -> tuple[str, ...]:
    if variant in seen or variant not in spec.variant_ids():
        return ()
    catalogue = _catalogue(variant)
    rules = [r for r in catalogue.get("rules", ()) if isinstance(r, dict) and "id" in r]
    own = [str(rule["id"]) for rule in rules]
    inherits = catalogue.get("inherits")
    if not isinstance(inherits, str):
        return tuple(own)
    replaced = {str(base) for rule in rules for base in rule.get("replaces", ())}
    base = _rule_ids(inherits, (*seen, variant))
    return (*(rule_id for rule_id in base if rule_id not in replaced), *own)


def _catalogue(variant: str) -> dict[str, Any]:
    path = spec.VARIANTS_DIR / variant / "rules.yaml"
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    except (OSError, yaml.YAMLError):
        return {}  # the corpus loader reports a broken catalogue, located
    return data if isinstance(data, dict) else {}


def first_ending(ids: Iterable[str], suffixes: Iterable[str]) -> str | None:
    """The first of ``ids`` ending with ``.<suffix>``, for each of ``suffixes`` in turn
    (the most specific first); None when none does."""
    ids = tuple(ids)
    for suffix in suffixes:
        for rule_id in ids:
            if rule_id.endswith("." + suffix):
                return rule_id
    return None
