"""Shell completion of ``mjspec``: commands, options and their values, completed from the
live argument parser by `argcomplete <https://kislyuk.github.io/argcomplete/>`_.

``mjspec completion bash`` (or ``zsh``, ``fish``) prints the shell code that registers the
completion; the shell then runs ``mjspec`` itself with argcomplete's environment
(``_ARGCOMPLETE``) to ask for the words, and :func:`complete_if_asked` answers from the
parser before any command runs. So an option added to a command (a field added to the score
request) completes at once, with no script to regenerate. argcomplete is imported only
there: the browser's calculator, which runs the command line too, does without it.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator

from spec import variant_ids

SHELLS = ("bash", "zsh", "fish")
ASKED = "_ARGCOMPLETE"  # set by the registered shell code when it asks for completions


def add_completion_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "shell",
        choices=SHELLS,
        help='the shell to print the code for; e.g. in ~/.bashrc: eval "$(mjspec completion bash)"',
    )


def completion_command(args: argparse.Namespace) -> int:
    """Print the shell code that completes ``mjspec`` in ``args.shell``."""
    from argcomplete.shell_integration import shellcode

    print(shellcode(["mjspec"], shell=args.shell), end="")
    return 0


def asked() -> bool:
    """Whether a shell runs the command to ask for completions."""
    return ASKED in os.environ


def complete_if_asked(parser: argparse.ArgumentParser) -> None:
    """When a shell asks for completions, answer from ``parser`` and exit; else nothing. A
    ``--variant`` takes ids and aliases (no ``choices``): the ids are offered."""
    if asked():
        import argcomplete

        for action in _actions(parser):
            if action.dest == "variant" and action.choices is None:
                action.completer = _variants  # type: ignore[attr-defined]
        argcomplete.autocomplete(parser)


def _variants(**_: object) -> tuple[str, ...]:
    """The variant ids (argcomplete keeps those that start with the word typed)."""
    return variant_ids()


def _actions(parser: argparse.ArgumentParser) -> Iterator[argparse.Action]:
    """Every action of ``parser`` and of its subcommands' parsers."""
    for action in parser._actions:
        yield action
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                yield from _actions(command)
