"""What an engine may answer: plain JSON values, which every comparison and every report
format can take.

Whatever an engine says (its info, each outcome, each protocol message) is checked here
before anything compares or prints it: mappings with string keys, lists, strings of
Unicode text (no lone surrogate, which no UTF-8 file or terminal can hold), finite
numbers (integers within 64 bits), booleans and null, nested at most :data:`MAX_DEPTH`
deep. The check walks the value with a stack of its own, so no value is too deep for it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

MAX_DEPTH = 64
LARGEST_INTEGER = 2**63 - 1


def json_problem(value: Any) -> str | None:
    """Why ``value`` is not a plain JSON value (naming where in it), or None."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, where, depth = stack.pop()
        problem = _scalar_problem(item)
        if problem is None and isinstance(item, Mapping | list | tuple):
            if depth >= MAX_DEPTH:
                problem = f"nested more than {MAX_DEPTH} deep"
            elif isinstance(item, Mapping):
                for key, inner in item.items():
                    if not isinstance(key, str) or _text_problem(key):
                        kind = type(key).__name__
                        return f"at {where or 'the top'}: a key ({kind}) that is not Unicode text"
                    stack.append((inner, f"{where}/{key}", depth + 1))
            else:
                stack.extend((inner, f"{where}/{i}", depth + 1) for i, inner in enumerate(item))
        if problem is not None:
            return f"at {where or 'the top'}: {problem}"
    return None


def _scalar_problem(item: Any) -> str | None:
    if item is None or isinstance(item, bool | Mapping | list | tuple):
        return None
    if isinstance(item, int):
        return None if -LARGEST_INTEGER <= item <= LARGEST_INTEGER else "an integer beyond 64 bits"
    if isinstance(item, float):
        return None if math.isfinite(item) else f"{item!r} is not a JSON number"
    if isinstance(item, str):
        return _text_problem(item)
    return f"a {type(item).__name__}, not a JSON value"


def _text_problem(text: str) -> str | None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return f"a string that is not Unicode text ({error.reason} at {error.start})"
    return None
