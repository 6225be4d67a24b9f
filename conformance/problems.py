"""Located problems: what is wrong with an input file, where, and under which stable code."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from conformance.printable import printable

JsonPath = tuple[str | int, ...]
EXCERPT = 60
MAX_MESSAGE = 400


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """A value as a message quotes it: its repr (control characters escaped), cut to
    ``limit`` characters, so that no file's contents are printed whole."""
    shown = repr(value)
    return shown if len(shown) <= limit else f"{shown[:limit]}... ({len(shown)} characters)"


def format_path(path: Sequence[str | int]) -> str:
    """A JSON path as ``$.given.melds[2].tiles``."""
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


@dataclass(frozen=True)
class Problem:
    """One problem found in a file: ``file:line:column: code: message (at $.path)``.

    ``line`` and ``column`` are 1-based; 0 when the problem concerns the whole file.
    """

    file: str
    line: int
    column: int
    code: str
    message: str
    path: JsonPath = ()

    def __str__(self) -> str:
        where = f" (at {format_path(self.path)})" if self.path else ""
        message = self.message
        if len(message) > MAX_MESSAGE:
            message = f"{message[:MAX_MESSAGE]}... ({len(message)} characters)"
        return printable(f"{self.file}:{self.line}:{self.column}: {self.code}: {message}{where}")


class ProblemsError(Exception):
    """Raised when a file cannot be used; carries every problem found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = tuple(problems)
