"""Shell completion: ``mjspec completion SHELL`` prints the code a shell registers, and the
command answers a shell's request for completions from the live parser."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.completion import SHELLS


def _completions(line: str, tmp_path: Path) -> list[str]:
    """The words ``mjspec`` offers for ``line`` (the cursor at its end), as bash asks."""
    out = tmp_path / "words"
    env = {
        **os.environ,
        "_ARGCOMPLETE": "1",
        "COMP_LINE": line,
        "COMP_POINT": str(len(line)),
        "_ARGCOMPLETE_STDOUT_FILENAME": str(out),
    }
    command = [sys.executable, "-c", "from conformance.cli import main; main()"]
    subprocess.run(command, env=env, check=True, capture_output=True, timeout=60)
    return sorted(word.strip() for word in out.read_text().split("\v"))


@pytest.mark.parametrize("shell", SHELLS)
def test_the_completion_code_of_each_shell_registers_mjspec(
    shell: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["completion", shell]) == 0
    code = capsys.readouterr().out
    assert "mjspec" in code
    assert "_ARGCOMPLETE" in code


def test_a_command_is_completed_from_its_first_letters(tmp_path: Path) -> None:
    assert _completions("mjspec sco", tmp_path) == ["score"]
    assert _completions("mjspec re", tmp_path) == ["replay"]


def test_an_option_generated_from_the_request_schema_is_completed(tmp_path: Path) -> None:
    assert _completions("mjspec score --red", tmp_path) == ["--red-fives"]


def test_an_options_choices_are_completed(tmp_path: Path) -> None:
    assert _completions("mjspec score --win d", tmp_path) == ["discard"]


def test_an_unknown_shell_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["completion", "cmd"])
    assert stopped.value.code == 2
    assert "invalid choice: 'cmd'" in capsys.readouterr().err


def test_a_variant_is_completed_from_the_variant_ids(tmp_path: Path) -> None:
    assert _completions("mjspec score --variant riichi-t", tmp_path) == [
        "riichi-tenhou",
        "riichi-tenhou-sanma",
    ]
    assert _completions("mjspec run --variant si", tmp_path) == ["sichuan"]
