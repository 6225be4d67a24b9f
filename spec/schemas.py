"""The JSON Schemas of ``spec/schema``, loaded once, ``$ref`` resolved among them."""

from __future__ import annotations

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
def fast_check(name: str) -> Callable[[Any], Any]:
    """The schema compiled to Python code by fastjsonschema: a quick yes for valid documents
    (the schemas use only keywords it implements); jsonschema explains a no."""
    return fastjsonschema.compile(schema(name))
