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
from spec.schemas import definition_validator, fast_check_definition, schema

KINDS: tuple[str, ...] = tuple(schema("kind")["enum"])
# A definition of the grammar (an action, a meld) names the code its violations get.
CODE_KEYWORD = "x-mjspec-code"
# A field that only some rule families read names them; the others refuse it.
FAMILIES_KEYWORD = "x-mjspec-families"


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
    definitions = schema("scenario")["$defs"]
    problems: list[RuleError] = []
    _walk(definitions.get(f"{kind}_given", {}), given, (), family, definitions, problems)
    return problems


def _walk(
    node: Mapping[str, Any],
    value: Any,
    path: tuple[str | int, ...],
    family: str,
    definitions: Mapping[str, Any],
    problems: list[RuleError],
) -> None:
    node = _resolved(node, definitions)
    if not isinstance(value, Mapping):
        return
    properties = node.get("properties", {})
    for key, item in value.items():
        field = properties.get(key, node.get("additionalProperties"))
        if not isinstance(field, Mapping):
            continue
        readers = field.get(FAMILIES_KEYWORD)
        if readers is not None and family not in readers:
            message = (
                f"{key!r} is a field of the {', '.join(readers)} family; {family} does not read it"
            )
            problems.append(RuleError("unsupported-field", message, path=(*path, key)))
            continue
        _walk(field, item, (*path, key), family, definitions, problems)


def _resolved(node: Mapping[str, Any], definitions: Mapping[str, Any]) -> Mapping[str, Any]:
    while isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/$defs/"):
        node = definitions[node["$ref"].removeprefix("#/$defs/")]
    return node


def _order(error: ValidationError) -> tuple[str, ...]:
    return tuple(str(p) for p in error.absolute_path)
