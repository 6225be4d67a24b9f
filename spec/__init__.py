"""The mjspec specification as data: JSON Schemas, rule catalogues, profiles and scenarios.

Shipped inside the wheel so an installed ``mjspec`` finds it from any directory.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent
SCHEMA_DIR = ROOT / "schema"
VARIANTS_DIR = ROOT / "variants"
SCENARIOS_DIR = ROOT / "scenarios"


def variant_ids() -> tuple[str, ...]:
    """The variants that have a profile, in name order."""
    return tuple(sorted(p.parent.name for p in VARIANTS_DIR.glob("*/profile.yaml")))
