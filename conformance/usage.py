"""Usage errors of the command line: what a command says on stderr before exiting with 2."""

from __future__ import annotations

from spec.errors import RuleError
from spec.profile import find_profile


class UsageError(Exception):
    """Options, or a file an option names, that the command cannot use (exit status 2);
    :func:`conformance.cli.main` prints the message."""


def variant_id(name: str) -> str:
    """The variant id an option names (an id or an alias, in any case)."""
    try:
        return find_profile(name).variant
    except RuleError as error:
        raise UsageError(f"{error.code}: {error.message}") from None
