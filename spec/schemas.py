"""The JSON Schemas of ``spec/schema``, loaded once, ``$ref`` resolved among them."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from typing import Any

import fastjsonschema
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

import spec


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
def _by_id() -> dict[str, dict[str, Any]]:
    names = (path.name.removesuffix(".schema.json") for path in spec.SCHEMA_DIR.glob("*.json"))
    return {contents["$id"]: contents for contents in map(schema, names)}


def _shipped(uri: str) -> dict[str, Any]:
    """A ``$ref`` to another schema resolves to the shipped copy, never to the network."""
    try:
        return copy.deepcopy(_by_id()[uri])
    except KeyError:
        raise ValueError(f"no shipped schema has the $id {uri!r}") from None


# fastjsonschema resolves a $ref between the shipped schemas through these (never the
# network), and rewrites every $ref it meets in place: it is given copies.
_HANDLERS = {"https": _shipped, "http": _shipped}


@cache
def fast_check(name: str) -> Callable[[Any], Any]:
    """The schema compiled to Python code by fastjsonschema: a quick yes for valid documents
    (the schemas use only keywords it implements); jsonschema explains a no."""
    return fastjsonschema.compile(copy.deepcopy(schema(name)), handlers=_HANDLERS)


@cache
def fast_check_definition(name: str, definition: str) -> Callable[[Any], Any]:
    """One definition (``$defs``) of a schema, compiled (see :func:`fast_check`)."""
    return fastjsonschema.compile(_definition(name, definition), handlers=_HANDLERS)


@cache
def definition_validator(name: str, definition: str) -> Draft202012Validator:
    """A jsonschema validator for one definition of a schema, to explain a refusal."""
    return Draft202012Validator(_definition(name, definition), registry=_registry())


def _definition(name: str, definition: str) -> dict[str, Any]:
    base = schema(name)
    return {"$schema": base["$schema"], "$ref": f"{base['$id']}#/$defs/{definition}"}
