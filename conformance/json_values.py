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
    """Why ``value`` is not a plain JSON value (naming where in it), or None.

    One pass over the value with a stack of its own; where each item came from is kept as
    a link to its parent, and a path is spelled out only for the item that fails."""
    # Each entry: the item, its depth, the index of its parent entry, its key there.
    entries: list[tuple[Any, int, int, Any]] = [(value, 0, -1, None)]
    todo = [0]
    while todo:
        index = todo.pop()
        item = entries[index][0]
        kind = type(item)
        if (kind is str and item.isascii()) or item is None or kind is bool:
            continue  # the common cases, inline
        if kind is int and -LARGEST_INTEGER <= item <= LARGEST_INTEGER:
            continue
        if isinstance(item, Mapping | list | tuple):
            problem = _expand(entries, todo, index)
        else:
            problem = _scalar_problem(item)
        if problem is not None:
            return _at(entries, index, problem)
    return None


def _expand(entries: list[tuple[Any, int, int, Any]], todo: list[int], index: int) -> str | None:
    """Queue a mapping's or a list's items; why they cannot be, if so."""
    item, depth, _, _ = entries[index]
    if depth >= MAX_DEPTH:
        return f"nested more than {MAX_DEPTH} deep"
    pairs = item.items() if isinstance(item, Mapping) else enumerate(item)
    for key, inner in pairs:
        if isinstance(item, Mapping) and (type(key) is not str or _str_problem(key)):
            return f"a key ({type(key).__name__}) that is not Unicode text"
        todo.append(len(entries))
        entries.append((inner, depth + 1, index, key))
    return None


def _str_problem(text: str) -> str | None:
    return None if text.isascii() else _text_problem(text)


def _at(entries: list[tuple[Any, int, int, Any]], index: int, problem: str) -> str:
    """The problem of one entry, with the path that leads to it."""
    parts: list[str] = []
    while entries[index][2] >= 0:
        parts.append(str(entries[index][3]))
        index = entries[index][2]
    where = "/" + "/".join(reversed(parts)) if parts else "the top"
    return f"at {where}: {problem}"


def _scalar_problem(item: Any) -> str | None:
    """A value of another type: a subclass of bool, int, float or str is checked as one;
    anything else is no JSON value."""
    if isinstance(item, bool):
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
