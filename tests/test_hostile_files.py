"""Hostile fixture folders: links out of the folder, devices, FIFOs, link loops and files
full of secrets are refused with a code, quickly, without printing what they hold.

Each test builds a folder in a temporary directory (git stores symbolic links, so a pull
request can bring any of these) and runs ``mjspec validate`` and ``mjspec run`` on it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_bad_input import FILE, VALID

from conformance.cli import main
from conformance.files import read_bounded
from conformance.problems import ProblemsError

SECRET = "SECRET-7d1e5c0b-must-never-be-printed"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX links and FIFOs")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    made = tmp_path / "fixtures"
    made.mkdir()
    return made


def validate(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, str]:
    status = main(["validate", *map(str, paths)])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def test_a_link_to_a_device_is_refused_not_read(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "z.yaml").symlink_to("/dev/zero")
    status, output = validate(capsys, folder)
    assert status == 1
    assert "z.yaml:0:0: link-outside:" in output


def test_a_device_named_directly_is_not_a_regular_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, output = validate(capsys, Path("/dev/zero"))
    assert status == 1
    assert "/dev/zero:0:0: not-a-regular-file: a character device" in output


def test_a_fifo_is_refused_without_waiting_for_a_writer(folder: Path) -> None:
    """Through a subprocess with a time limit, so that a regression fails instead of
    hanging the test run."""
    os.mkfifo(folder / "pipe.yaml")
    for command in ("validate", "run"):
        finished = subprocess.run(
            [sys.executable, "-m", "conformance.cli", command, str(folder)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert finished.returncode in (1, 2), finished.stderr
        assert "pipe.yaml:0:0: not-a-regular-file: a FIFO" in finished.stderr


def test_a_link_to_a_secret_outside_the_folder_is_not_followed(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = folder.parent / "id_rsa"
    secret.write_text(f"{SECRET}\n")
    (folder / "key.yaml").symlink_to(secret)
    (folder / "etc").symlink_to(folder.parent)
    status, output = validate(capsys, folder)
    assert status == 1
    assert "key.yaml:0:0: link-outside:" in output
    assert "etc:0:0: link-outside:" in output
    assert SECRET not in output


def test_a_file_named_directly_is_quoted_only_in_excerpts(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file the user names is read, but a problem quotes a short, escaped excerpt."""
    secret = folder / "secret.yaml"
    secret.write_text(f"begins-{'x' * 5000}-{SECRET}\n")
    status, output = validate(capsys, secret)
    assert status == 1
    assert "schema: 'begins-xxxx" in output
    assert SECRET not in output
    assert max(len(line) for line in output.splitlines()) < 600


def test_a_link_loop_is_unreadable_not_a_traceback(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "loop.yaml").symlink_to(folder / "loop.yaml")
    (folder / "a.yaml").symlink_to(folder / "b.yaml")
    (folder / "b.yaml").symlink_to(folder / "a.yaml")
    status, output = validate(capsys, folder)
    assert status == 1
    assert "loop.yaml:0:0: unreadable: Too many levels of symbolic links" in output
    assert "Traceback" not in output


def test_a_link_inside_the_folder_is_followed_and_read_once(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "real").mkdir()
    (folder / "real" / FILE).write_text(VALID)
    (folder / "alias.yaml").symlink_to(folder / "real" / FILE)
    (folder / "again").symlink_to(folder / "real")
    status, output = validate(capsys, folder)
    assert status == 0, output
    assert "valid: 1 scenarios" in output


def test_a_file_name_with_control_characters_is_printed_escaped(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "\x1b[2Jcleared.yaml").write_text("not: [valid\n")
    status, output = validate(capsys, folder)
    assert status == 1
    assert "\\x1b[2Jcleared.yaml" in output
    assert "\x1b" not in output


def test_the_size_cap_is_counted_while_reading() -> None:
    """/proc files say they are 0 bytes long; the cap holds all the same."""
    status = Path("/proc/self/status")
    if not status.exists():
        pytest.skip("no /proc")
    assert status.stat().st_size == 0
    with pytest.raises(ProblemsError, match="file-too-large"):
        read_bounded(status, "status", limit=100)
