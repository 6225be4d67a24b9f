"""Coded errors of the specification's vocabulary and of engines (a code is in the contract)."""

from __future__ import annotations

from collections.abc import Sequence


class RuleError(Exception):
    """A problem with the input of a rule computation, with a stable ``code``.

    ``path`` locates the offending field in the request (for example
    ``("given", "concealed")``) and ``column`` the 1-based column inside a
    tile string, when known. ``rule`` names the catalogue rule that refuses an
    action (an ``illegal-action``), when the engine knows it.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        path: tuple[str | int, ...] = (),
        column: int | None = None,
        rule: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.path = path
        self.column = column
        self.rule = rule

    def at(self, *path: str | int) -> RuleError:
        """The same error located under ``path`` (prefixed to any path it already has)."""
        return RuleError(
            self.code, self.message, path=(*path, *self.path), column=self.column, rule=self.rule
        )

    def __str__(self) -> str:
        where = f" at column {self.column}" if self.column is not None else ""
        return f"{self.code}{where}: {self.message}"


def raise_first(problems: Sequence[RuleError]) -> None:
    """Raise the first of ``problems``, if any (the engine stops at the first; a linter lists
    them all)."""
    if problems:
        raise problems[0]
