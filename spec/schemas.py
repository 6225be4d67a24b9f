"""The JSON Schemas of ``spec/schema``, loaded once, ``$ref`` resolved among them.

Every number in mjspec is a whole number: no schema has a ``number`` type, and an
``integer`` is an integer, not a float that happens to be whole (JSON Schema itself would
take ``11.0`` for ``11``; a fixture writing ``tai: 11.0`` or a request with
``discards: 20.0`` is refused here).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any, Protocol, cast

import fastjsonschema
from fastjsonschema.draft04 import CodeGeneratorDraft04
from fastjsonschema.draft2019 import CodeGeneratorDraft2019
from fastjsonschema.ref_resolver import RefResolver
from jsonschema import Draft202012Validator, validators
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


def _is_integer(checker: object, instance: object) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


StrictValidator = cast(
    "type[Draft202012Validator]",
    validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
    ),
)


@cache
def validator(name: str) -> Draft202012Validator:
    """A validator for one schema, resolving ``$ref`` through the shipped schemas."""
    return StrictValidator(schema(name), registry=_registry())


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
    floats = _may_hold_float(schema(name), _resolver(name))
    return _whole(_compiled(copy.deepcopy(schema(name)), inline=False), floats)


@cache
def fast_check_definition(name: str, definition: str) -> Callable[[Any], Any]:
    """One definition (``$defs``) of a schema, compiled (see :func:`fast_check`)."""
    floats = _may_hold_float(_definition(name, definition), _resolver(name))
    return _whole(_compiled(_definition(name, definition), inline=True), floats)


def _compiled(definition: dict[str, Any], *, inline: bool) -> Callable[[Any], Any]:
    """fastjsonschema's code for ``definition`` (:class:`_QuickCode`), its refusals naming
    no array item: that name is formatted from ``locals()`` for every item the code checks,
    valid or not, to be read in a refusal's message only (never shown: jsonschema explains
    a no); a quarter of a score request's check. ``inline``: each ``$ref`` written in place
    (a request's check, run for every request; a whole schema's code would take a tenth
    of a second more to make). The same documents pass (tests/test_quick_schema_check.py)."""
    resolver = RefResolver.from_schema(definition, handlers=_HANDLERS, store={})
    generator = cast(Any, _QuickCode)(definition, resolver=resolver)  # an untyped class
    generator.inline_refs = inline
    code = f"{generator.global_state_code}\n{generator.func_code}"
    namespace: dict[str, Any] = {}
    exec(code.replace(_ITEM_NAME, ""), namespace)  # the code of our own schemas
    checker: Callable[[Any], Any] = namespace[_ENTRY.findall(code)[0]]
    return checker


_ITEM_NAME = ".format(**locals())"  # how fastjsonschema's code names an array item
_ENTRY = re.compile(r"^def (\w+)\(", re.MULTILINE)  # the code's first function checks the root


class _QuickCode(CodeGeneratorDraft2019):
    """fastjsonschema's code generator (the draft it reads 2020-12 schemas with), except
    that an ``if`` or a ``not`` whose schema only asks fields to be present or to be one of
    some strings (:func:`_condition`) is written as a Python condition, where fastjsonschema
    tries the schema and catches its refusal (two exceptions, about 2 us, for the ``win``
    of every self-draw); and that an integer is an int, as draft 4 had it, not a float
    with no fraction (mjspec's integers: see the module's docstring)."""

    generate_type = CodeGeneratorDraft04.generate_type

    def generate_ref(self) -> None:
        """With ``inline_refs``, a ``$ref`` is written in place, as the referenced schema's
        own code, where fastjsonschema calls a function of it (with the refusal's name made
        for it) at every place: a request's every tile string and seat. A ``$ref`` met again
        while its own code is being written (a recursive schema) still calls the function."""
        code: Any = self
        reference = code._definition["$ref"]
        with code._resolver.in_scope(reference):
            uri = code._resolver.get_uri()
        writing: set[str] = code.__dict__.setdefault("_writing", set())
        if not code.inline_refs or uri in writing:
            cast(Any, super()).generate_ref()
            return
        writing.add(uri)
        with code._resolver.resolving(reference) as definition:
            code.generate_func_code_block(
                definition, code._variable, code._variable_name, clear_variables=True
            )
        writing.discard(uri)

    def generate_if_then_else(self) -> None:
        code: Any = self  # fastjsonschema's generator is untyped
        condition = _condition(code._definition["if"], code._variable)
        if condition is None:
            cast(Any, super()).generate_if_then_else()
            return
        branches = [code._definition.get(branch) for branch in ("then", "else")]
        heads = [_literal(f"if {condition}:"), "else:"]
        if branches[0] is None:
            branches, heads = branches[1:], [_literal(f"if not {condition}:")]
        for branch, head in zip(branches, heads, strict=False):
            if branch is not None:
                with code.l(head):
                    code.generate_func_code_block(
                        branch, code._variable, code._variable_name, clear_variables=True
                    )
                    code.l("pass")

    def generate_not(self) -> None:
        code: Any = self
        disallowed = code._definition["not"]
        condition = _condition(disallowed, code._variable) if disallowed else None
        if condition is None:
            cast(Any, super()).generate_not()
            return
        with code.l(_literal(f"if {condition}:")):
            code.exc("{name} must NOT match a disallowed definition", rule="not")


def _condition(schema: object, variable: str) -> str | None:
    """A Python expression true exactly when the value named ``variable`` passes
    ``schema``, for a schema of ``properties`` (each field, when present, passing its
    own), ``required`` fields and ``enum``/``const`` strings only; None for any other."""
    if not isinstance(schema, dict) or not schema.keys() <= _PLAIN_KEYWORDS:
        return None
    tests = []
    for name, value in schema.items():
        if name in ("enum", "const"):
            strings = tuple(value) if name == "enum" else (value,)
            if not all(isinstance(s, str) for s in strings):
                return None
            tests.append(f"isinstance({variable}, str) and {variable} in {strings!r}")
        elif name == "required":
            present = " and ".join(f"{key!r} in {variable}" for key in value) or "True"
            tests.append(f"not isinstance({variable}, dict) or ({present})")
        else:
            for key, field in value.items():
                test = _condition(field, f"{variable}[{key!r}]")
                if test is None:
                    return None
                absent = f"not isinstance({variable}, dict) or {key!r} not in {variable}"
                tests.append(f"{absent} or {test}")
    return "(" + " and ".join(f"({test})" for test in tests or ["True"]) + ")"


_PLAIN_KEYWORDS = frozenset({"properties", "required", "enum", "const"})


def _literal(line: str) -> str:
    """A line for the generator's ``l()``, which formats it: braces kept as written."""
    return line.replace("{", "{{").replace("}", "}}")


def _whole(compiled: Callable[[Any], Any], floats: bool = True) -> Callable[[Any], Any]:
    """fastjsonschema takes 11.0 for an integer; no mjspec schema admits a float at all, so
    a document holding one is no quick yes (jsonschema then says where and why). Unless
    the code refuses every float itself (not ``floats``: :func:`_may_hold_float`), the
    document is searched for one."""
    if not floats:
        return compiled

    def check(data: Any) -> Any:
        result = compiled(data)
        if _holds_float(data):
            raise fastjsonschema.JsonSchemaValueException("a float, where only integers are")
        return result

    return check


class Resolving(Protocol):
    """What resolves a ``$ref`` (a ``referencing`` resolver): its target's ``contents``,
    and the ``resolver`` of the refs found there."""

    def lookup(self, ref: str) -> Any: ...


def _may_hold_float(
    part: Any, resolver: Resolving, open_refs: frozenset[str] = frozenset()
) -> bool:
    """Whether a document passing ``part`` may hold a float, its integers being ints (the
    quick check's are: :class:`_QuickCode`): a place admits one unless its types, enum or
    const leave none out, and an object's fields or an array's items each may (an object
    open to other fields, or an array of any items, may). Keywords that only narrow (not,
    bounds, propertyNames...) are not read: a yes may be too cautious, never a no."""
    if not isinstance(part, dict):
        return part is not False

    def may(below: Any) -> bool:
        return _may_hold_float(below, resolver, open_refs)

    reference = part.get("$ref")
    if reference in open_refs:
        return False  # a float further down this loop is found on the way in
    if reference is not None:
        found = resolver.lookup(reference)
        if not _may_hold_float(found.contents, found.resolver, open_refs | {reference}):
            return False
    if not all(map(may, part.get("allOf", ()))):
        return False
    if any(key in part and not any(map(may, part[key])) for key in ("anyOf", "oneOf")):
        return False
    if "if" in part and not (may(part.get("then", True)) or may(part.get("else", True))):
        return False
    if "enum" in part or "const" in part:
        values = part.get("enum", [part.get("const")])
        return not all(isinstance(value, str) or value is None for value in values)
    types = part.get("type", _EVERY_TYPE)
    types = {types} if isinstance(types, str) else set(types)
    fields = [*part.get("properties", {}).values(), *part.get("patternProperties", {}).values()]
    fields.append(part.get("additionalProperties", True))
    items = [*part.get("prefixItems", ()), part.get("items", True)]
    return (
        "number" in types
        or ("object" in types and any(map(may, fields)))
        or ("array" in types and any(map(may, items)))
    )


_EVERY_TYPE = ("null", "boolean", "object", "array", "number", "string", "integer")


def _resolver(name: str) -> Resolving:
    """Resolves a ``$ref`` of the schema ``name`` among the shipped schemas."""
    return _registry().resolver(schema(name)["$id"])


def _holds_float(data: Any) -> bool:
    stack = [data]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str or kind is int or kind is bool:  # most items: read at once
            continue
        if isinstance(item, float):
            return True
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return False


@cache
def definition_validator(name: str, definition: str) -> Draft202012Validator:
    """A jsonschema validator for one definition of a schema, to explain a refusal."""
    return StrictValidator(_definition(name, definition), registry=_registry())


def _definition(name: str, definition: str) -> dict[str, Any]:
    base = schema(name)
    return {"$schema": base["$schema"], "$ref": f"{base['$id']}#/$defs/{definition}"}
