"""The engine protocol, version 1: JSON Lines over an engine's stdin and stdout.

The runner writes ``start``, one ``evaluate`` per case (each with a sequence number),
then ``stop``; the engine answers ``ready`` to ``start`` and a ``result``, ``skipped``
or ``error`` with the same ``seq`` to each ``evaluate``. The messages are specified by
``spec/schema/protocol.schema.json``; :func:`check` validates one against it (the
runner's ``--validate-traffic`` mode).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from jsonschema.exceptions import best_match

from conformance.json_values import json_problem
from spec.schemas import definition_validator, schema, validator

PROTOCOL_VERSION = 1
MAX_LINE_BYTES = 8 * 1024 * 1024


class ProtocolError(Exception):
    """A line that breaks the protocol (code ``protocol``): not JSON, not an object, too
    long, or not valid against the protocol schema."""

    code = "protocol"


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as a line of compact UTF-8 JSON."""
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.encode() + b"\n"


def _not_a_number(constant: str) -> float:
    """NaN and Infinity are not JSON numbers: a reply holding one is refused."""
    raise ValueError(f"{constant} is not a JSON number")


def decode(line: bytes) -> dict[str, Any]:
    """A line as a message object (a :class:`ProtocolError` when it is not one)."""
    if len(line) > MAX_LINE_BYTES:
        raise ProtocolError(f"a line of {len(line)} bytes (the limit is {MAX_LINE_BYTES})")
    try:
        message = json.loads(line, parse_constant=_not_a_number)
    except (UnicodeDecodeError, ValueError) as error:
        shown = line[:80].decode("utf-8", "replace")
        raise ProtocolError(f"not a JSON line ({error}): {shown!r}") from None
    except RecursionError:
        raise ProtocolError("a JSON line nested too deep to read") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"a JSON {type(message).__name__}, not an object")
    problem = json_problem(message)
    if problem is not None:
        raise ProtocolError(f"a message the runner cannot take, {problem}")
    return message


def check(message: Mapping[str, Any], expected: tuple[str, ...]) -> None:
    """Check a message's type is one of ``expected`` and that it matches its schema."""
    kind = message.get("type")
    if kind not in expected:
        raise ProtocolError(f"a {kind!r} message where {' or '.join(expected)} was expected")
    errors = list(validator("protocol").evolve(schema=_definition(str(kind))).iter_errors(message))
    if errors:
        error = best_match(errors)
        where = "/".join(str(p) for p in error.absolute_path) or "the message"
        raise ProtocolError(f"invalid {kind} message at {where}: {error.message}")


def check_outcome(kind: str, outcome: Mapping[str, Any]) -> None:
    """Check an engine's answer against the outcome definition of the request's kind
    (``$defs/<kind>_outcome`` of the scenario schema, the one a fixture's expect uses)."""
    errors = list(definition_validator("scenario", f"{kind}_outcome").iter_errors(outcome))
    if errors:
        error = best_match(errors)
        where = "/".join(str(p) for p in error.absolute_path) or "the outcome"
        raise ProtocolError(f"invalid {kind} outcome at {where}: {error.message}")


def _definition(kind: str) -> dict[str, Any]:
    root = schema("protocol")
    return {"$id": root["$id"], "$defs": root["$defs"], "$ref": f"#/$defs/{kind}"}
