"""Which files mjspec reads, and how: regular files only, never past a size cap, and
through a symbolic link only when the link stays inside the folder given.

Fixture folders arrive in pull requests, and git stores symbolic links, so a folder may
hold ``z.yaml -> /dev/zero``, a FIFO, a link to a key file or a link to itself. Each is
one located problem with its own code, never a hang, a memory error or a traceback:

- ``link-outside``: a link under a folder that leads out of it (not followed);
- ``not-a-regular-file``: a FIFO, socket or device (opened without blocking, never read);
- ``file-too-large``: more than :data:`MAX_BYTES`, counted while reading (a file that
  grows, or lies about its size, is cut off all the same);
- ``unreadable``: anything the system refuses, a link loop included.

A file named on the command line is the user's choice and is read wherever it lives
(but only if it is a regular file). YAML files are found by their suffix, ``.yaml`` or
``.yml`` in any case (``X.YAML`` is read, not silently left out).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import spec
from conformance.problems import Problem, ProblemsError

MAX_BYTES = 256 * 1024
SUFFIXES = (".yaml", ".yml")
_CHUNK = 64 * 1024
_KINDS = {
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFDIR: "a folder",
}


def display_name(path: Path) -> str:
    """A short, stable name for a file: relative to the cwd or the spec root when it is
    under one (a link loop or a missing file keeps the name it was given)."""
    return _display_name(str(path), os.getcwd())


@cache
def _display_name(path: str, cwd: str) -> str:
    resolved = os.path.realpath(path)
    for base in (cwd, str(spec.ROOT.parent)):
        if os.path.commonpath([base, resolved]) == base:
            return os.path.relpath(resolved, base)
    return path


def is_yaml_name(path: Path) -> bool:
    return path.suffix.lower() in SUFFIXES


def read_bounded(path: Path, name: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (shown as ``name`` in problems), at most
    ``limit`` of them; a :class:`ProblemsError` otherwise."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise ProblemsError([Problem(name, 0, 0, "unreadable", _words(error))]) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = _KINDS.get(stat.S_IFMT(mode), "not a file")
            message = f"{kind}, not a regular file: not read"
            raise ProblemsError([Problem(name, 0, 0, "not-a-regular-file", message)])
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(fd, _CHUNK):
            size += len(chunk)
            if size > limit:
                message = f"more than {limit} bytes (the limit); not read further"
                raise ProblemsError([Problem(name, 0, 0, "file-too-large", message)])
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as error:
        raise ProblemsError([Problem(name, 0, 0, "unreadable", _words(error))]) from None
    finally:
        os.close(fd)


def read_utf8(path: Path, name: str, limit: int = MAX_BYTES) -> str:
    """The text of the regular file ``path`` (:func:`read_bounded`), decoded as UTF-8; a
    byte that is not is a ``not-utf8`` problem at its line and column."""
    return decode_utf8(read_bounded(path, name, limit), name)


def decode_utf8(raw: bytes, name: str) -> str:
    """``raw`` decoded as UTF-8; a byte that is not is a ``not-utf8`` problem at its line and
    column."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        message = f"byte 0x{raw[error.start]:02x} is not UTF-8"
        raise ProblemsError([Problem(name, line, column, "not-utf8", message)]) from None


def _words(error: OSError) -> str:
    return error.strerror or type(error).__name__


@dataclass(frozen=True)
class Found:
    """The YAML files under some files and folders, and the links refused on the way."""

    files: tuple[Path, ...]
    problems: tuple[Problem, ...]


def yaml_files(paths: Iterable[Path]) -> Found:
    """Every YAML file under the given files and folders, sorted, each once (a file named
    twice, by overlapping folders or a link, is known by its device and inode, and named
    by its own name)."""
    found: dict[tuple[int, int] | Path, Path] = {}
    problems: list[Problem] = []
    for path in paths:
        candidates = _walk(path, problems) if path.is_dir() else [path]
        for candidate in candidates:
            try:
                status = candidate.stat()
            except (OSError, RuntimeError):  # missing or a loop: kept, for reading to report
                found.setdefault(candidate, candidate)
                continue
            key = (status.st_dev, status.st_ino)
            if key not in found or (found[key].is_symlink() and not candidate.is_symlink()):
                found[key] = candidate  # a file is named by its own name rather than a link's
    return Found(tuple(sorted(found.values())), tuple(problems))


def _walk(folder: Path, problems: list[Problem]) -> list[Path]:
    """The YAML files under ``folder``; links are followed only while inside it. A link to
    a folder inside is skipped (that folder is walked where it is)."""
    root = os.path.realpath(folder)
    files: list[Path] = []
    for top, folders, names in os.walk(folder):
        for entry in folders:
            link = Path(top, entry)
            if link.is_symlink() and not _inside(root, link):
                problems.append(_outside(link))
        for entry in names:
            path = Path(top, entry)
            if not is_yaml_name(path):
                continue
            if path.is_symlink() and not _inside(root, path):
                problems.append(_outside(path))
                continue
            files.append(path)
    return files


def _inside(root: str, link: Path) -> bool:
    target = os.path.realpath(link)
    return os.path.commonpath([root, target]) == root


def _outside(link: Path) -> Problem:
    message = "a symbolic link that leads out of the folder given: not followed"
    return Problem(display_name(link), 0, 0, "link-outside", message)
