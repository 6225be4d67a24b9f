"""The request boundary: the scenario kinds, and a kind's ``given`` checked against its one
definition in the scenario schema (``$defs/<kind>_given``) before any rule code runs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import fastjsonschema
from jsonschema.exceptions import ValidationError, best_match

from spec.errors import RuleError
from spec.objects import OBJECT
from spec.schemas import definition_validator, fast_check_definition, schema

KINDS: tuple[str, ...] = tuple(schema("kind")["enum"])
# A definition of the grammar (an action, a meld) names the code its violations get.
CODE_KEYWORD = "x-mjspec-code"
# A field that only some rule families read names them; the others refuse it.
FAMILIES_KEYWORD = "x-mjspec-families"
# A rule option that changes a hand's score (and so is an option of ``mjspec score``).
SCORES_KEYWORD = "x-mjspec-scores"


@dataclass(frozen=True)
class TableFlag:
    """A yes/no circumstance of a win in a score request's ``table`` (``riichi``,
    ``last_discard``...), the families that read it and what it means: read from the one
    definition in the scenario schema, for the CLI and the docs."""

    name: str
    families: tuple[str, ...]
    meaning: str


@cache
def table_flags() -> tuple[TableFlag, ...]:
    """Every flag of the score request's table, in schema order."""
    fields = schema("scenario")["$defs"]["table"]["properties"]
    return tuple(
        TableFlag(name, tuple(field.get(FAMILIES_KEYWORD, ())), str(field["description"]))
        for name, field in fields.items()
        if field.get("type") == "boolean"
    )


@dataclass(frozen=True)
class HouseRule:
    """A riichi house rule (``riichi.house.*``) a table may set in a request's ``options``:
    its name, its choices (strings; ``true``/``false`` for a yes-or-no rule), what it means
    and whether a hand's score depends on it; read from the profile schema."""

    name: str
    choices: tuple[str, ...]
    meaning: str
    scores: bool

    @property
    def rule_id(self) -> str:
        return "riichi.house." + self.name.replace("_", "-")

    def value(self, choice: str) -> str | bool:
        """A choice as the request holds it."""
        return {"true": True, "false": False}.get(choice, choice) if self.is_yes_no else choice

    @property
    def is_yes_no(self) -> bool:
        return self.choices == ("true", "false")


@cache
def house_rules() -> tuple[HouseRule, ...]:
    """Every riichi house rule, in schema order."""
    fields = schema("profile")["$defs"]["house_rules"]["properties"]
    return tuple(
        HouseRule(
            name,
            ("true", "false") if field.get("type") == "boolean" else tuple(field["enum"]),
            str(field["description"]),
            bool(field.get(SCORES_KEYWORD, False)),
        )
        for name, field in fields.items()
    )


def request_problems(kind: str, given: Any) -> list[RuleError]:
    """Every way ``given`` breaks the schema of ``kind`` (an unknown field, a wrong type, a
    missing field), as ``invalid-request`` errors located in ``given``; an unknown kind is
    ``unsupported-kind``."""
    if kind not in KINDS:
        known = ", ".join(KINDS)
        return [RuleError("unsupported-kind", f"no request kind {kind!r} (kinds: {known})")]
    try:
        fast_check_definition("scenario", f"{kind}_given")(given)
    except fastjsonschema.JsonSchemaException:
        pass
    else:
        return []
    validator = definition_validator("scenario", f"{kind}_given")
    problems: list[RuleError] = []
    for error in sorted(validator.iter_errors(given), key=_order):
        chosen = best_match([error]) if error.context else error
        path = tuple(chosen.absolute_path)
        if chosen.validator == "additionalProperties" and isinstance(chosen.instance, dict):
            known_fields = (
                chosen.schema.get("properties", {}) if isinstance(chosen.schema, dict) else {}
            )
            problems += [
                RuleError("invalid-request", f"unknown field {key!r}", path=(*path, key))
                for key in chosen.instance
                if key not in known_fields
            ]
            continue
        declared = chosen.schema if isinstance(chosen.schema, dict) else {}
        code = str(declared.get(CODE_KEYWORD, "invalid-request"))
        problems.append(RuleError(code, str(chosen.message), path=path))
    return problems


def family_problems(kind: str, given: Any, family: str) -> list[RuleError]:
    """Fields of ``given`` that the rule family does not read (a field the schema marks with
    the families that read it): ``unsupported-field``, never silently ignored."""
    problems: list[RuleError] = []
    _check(_foreign_fields(kind, family), given, (), family, problems)
    return problems


@dataclass(frozen=True)
class _Foreign:
    """Where a family's foreign fields can be, read once from a kind's definition: the fields
    here it does not read (with the families that do), and the objects below that hold any."""

    refused: Mapping[str, tuple[str, ...]]
    nested: Mapping[str, _Foreign]
    each: _Foreign | None  # the values of a map (claim hands by seat)

    @property
    def empty(self) -> bool:
        return not self.refused and not self.nested and self.each is None


@cache
def _foreign_fields(kind: str, family: str) -> _Foreign:
    definitions = schema("scenario")["$defs"]
    return _foreign(definitions.get(f"{kind}_given", {}), family, definitions, 0)


def _foreign(
    node: Mapping[str, Any], family: str, definitions: Mapping[str, Any], depth: int
) -> _Foreign:
    node = _resolved(node, definitions)
    refused: dict[str, tuple[str, ...]] = {}
    nested: dict[str, _Foreign] = {}
    if depth > 8:
        return _Foreign(refused, nested, None)
    for name, field in node.get("properties", {}).items():
        readers = field.get(FAMILIES_KEYWORD)
        if readers is not None and family not in readers:
            refused[name] = tuple(readers)
            continue
        below = _foreign(field, family, definitions, depth + 1)
        if not below.empty:
            nested[name] = below
    extra = node.get("additionalProperties")
    each = _foreign(extra, family, definitions, depth + 1) if isinstance(extra, OBJECT) else None
    return _Foreign(refused, nested, each if each is not None and not each.empty else None)


def _check(
    foreign: _Foreign,
    value: Any,
    path: tuple[str | int, ...],
    family: str,
    problems: list[RuleError],
) -> None:
    if not isinstance(value, OBJECT):
        return
    for key in foreign.refused.keys() & value.keys():
        owners = ", ".join(foreign.refused[key])
        message = f"{key!r} is a field of the {owners} family; {family} does not read it"
        problems.append(RuleError("unsupported-field", message, path=(*path, key)))
    for key, below in foreign.nested.items():
        if key in value:
            _check(below, value[key], (*path, key), family, problems)
    if foreign.each is not None:
        for key, item in value.items():
            _check(foreign.each, item, (*path, key), family, problems)


def _resolved(node: Mapping[str, Any], definitions: Mapping[str, Any]) -> Mapping[str, Any]:
    while isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/$defs/"):
        node = definitions[node["$ref"].removeprefix("#/$defs/")]
    return node


def _order(error: ValidationError) -> tuple[str, ...]:
    return tuple(str(p) for p in error.absolute_path)
