"""Located problems: what is wrong with an input file, where, and under which stable code."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

JsonPath = tuple[str | int, ...]


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
        return f"{self.file}:{self.line}:{self.column}: {self.code}: {self.message}{where}"


class ProblemsError(Exception):
    """Raised when a file cannot be used; carries every problem found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = tuple(problems)
