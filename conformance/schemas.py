"""Validation of located documents against the JSON Schemas of ``spec/schema``, as problems."""

from __future__ import annotations

import fastjsonschema
from jsonschema.exceptions import ValidationError, best_match

from conformance.problems import Problem, excerpt
from conformance.yamlsafe import Located
from spec.schemas import fast_check, validator


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
                    message = f"unknown field {excerpt(key)}"
                    problems.append(document.problem("schema", message, (*path, key)))
            continue
        on_value = chosen.validator not in ("required", "additionalProperties")
        problems.append(document.problem("schema", _message(chosen), path, value=on_value))
    return list(dict.fromkeys(problems))


def _message(error: ValidationError) -> str:
    """jsonschema's message, with the value it quotes cut to an excerpt."""
    shown = repr(error.instance)
    return str(error.message).replace(shown, excerpt(error.instance), 1)


def _order(error: ValidationError) -> tuple[str, ...]:
    return tuple(str(p) for p in error.absolute_path)
