"""The JSON Schemas of ``spec/schema`` and validation against them with located problems."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import fastjsonschema
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource

import spec
from conformance.problems import Problem
from conformance.yamlsafe import Located


@cache
def _registry() -> Registry[Any]:
    resources = []
    for path in sorted(spec.SCHEMA_DIR.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources)


@cache
def schema(name: str) -> dict[str, Any]:
    """The schema ``spec/schema/<name>.schema.json`` as a dict."""
    path = spec.SCHEMA_DIR / f"{name}.schema.json"
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


@cache
def validator(name: str) -> Draft202012Validator:
    """A validator for one schema, resolving ``$ref`` through the shipped schemas."""
    return Draft202012Validator(schema(name), registry=_registry())


@cache
def fast_check(name: str) -> Callable[[Any], Any]:
    """The schema compiled to Python code by fastjsonschema: a quick yes for valid documents
    (the schemas use only keywords it implements); jsonschema explains a no."""
    return fastjsonschema.compile(schema(name))


def validate(document: Located, name: str) -> list[Problem]:
    """Every schema violation of ``document``, most relevant first, as located problems.

    A valid document is recognised by the compiled check; only an invalid one goes
    through jsonschema, whose errors say where and why.

    Alternatives (``oneOf``) are collapsed to their best match, the way
    jsonschema's ``best_match`` does, so a user sees one message per place; an
    unknown field is reported at its own key.
    """
    try:
        fast_check(name)(document.data)
    except fastjsonschema.JsonSchemaException:
        pass
    else:
        return []
    problems: list[Problem] = []
    for error in sorted(validator(name).iter_errors(document.data), key=_order):
        chosen = best_match([error]) if error.context else error
        path = tuple(chosen.absolute_path)
        if chosen.validator == "additionalProperties" and isinstance(chosen.instance, dict):
            known = chosen.schema.get("properties", {}) if isinstance(chosen.schema, dict) else {}
            for key in chosen.instance:
                if key not in known:
                    message = f"unknown field {key!r}"
                    problems.append(document.problem("schema", message, (*path, key)))
            continue
        on_value = chosen.validator not in ("required", "additionalProperties")
        problems.append(document.problem("schema", str(chosen.message), path, value=on_value))
    return list(dict.fromkeys(problems))


def _order(error: ValidationError) -> tuple[str, ...]:
    return tuple(str(p) for p in error.absolute_path)
