"""Every rule id that a docstring of the code cites exists in a catalogue (a renamed or
mistyped id would send a reader to nothing)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import yaml

import spec

ROOT = Path(__file__).resolve().parent.parent
CODE = ("spec", "reference_engine", "conformance", "docs/_ext")


def catalogue_ids() -> set[str]:
    ids: set[str] = set()
    for path in spec.VARIANTS_DIR.glob("*/rules.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        ids |= {rule["id"] for rule in data["rules"]}
    return ids


def cited_ids(prefixes: set[str]) -> dict[str, set[str]]:
    """Each rule id cited in a module, class or function docstring, with where."""
    families = "|".join(sorted(prefixes))
    # Not inside a dotted Python path (reference_engine.variants.riichi.north.north_passed).
    pattern = re.compile(rf"(?<![\w.])((?:{families})\.[a-z0-9-]+(?:\.[a-z0-9*-]+)+)")
    cited: dict[str, set[str]] = {}
    for folder in CODE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(
                    node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
                ):
                    continue
                for found in pattern.findall(ast.get_docstring(node) or ""):
                    where = str(path.relative_to(ROOT))
                    cited.setdefault(found.rstrip(".-"), set()).add(where)
    return cited


def exists(cited: str, ids: set[str]) -> bool:
    if cited.endswith(".*"):
        return any(rule_id.startswith(cited[:-1]) for rule_id in ids)
    return cited in ids


def test_every_rule_id_cited_in_a_docstring_is_in_a_catalogue() -> None:
    ids = catalogue_ids()
    cited = cited_ids({rule_id.split(".")[0] for rule_id in ids})
    assert len(cited) > 100
    unknown = {
        rule_id: sorted(where) for rule_id, where in cited.items() if not exists(rule_id, ids)
    }
    assert not unknown


def test_a_mistyped_id_would_be_found() -> None:
    ids = {"tw.claims.priority"}
    assert not exists("tw.play.claim-priority", ids)
    assert exists("tw.claims.*", ids)
