"""The shepherd: the process an engine runs under, which ends everything the engine starts.

``python -I -S shepherd.py <runner pid> -- <engine argv...>`` makes itself a *child
subreaper* (Linux ``prctl(PR_SET_CHILD_SUBREAPER)``), so that every process the engine
starts stays below it even after leaving the engine's process group or session, or being
orphaned by a double fork. It runs the engine as its child on the stdin, stdout and
stderr it was given (and lets go of its own copies), then waits. When the engine exits,
or the shepherd receives SIGTERM, SIGHUP or SIGINT, or the runner dies (the shepherd asks
the kernel for a SIGTERM when its parent does, ``PR_SET_PDEATHSIG``), it stops every
descendant (SIGSTOP, until a scan of ``/proc`` finds no new one, so none can fork away),
kills them all with SIGKILL, reaps them, and exits with the engine's status.

It runs by path with ``-I -S`` (no site, no user environment) and imports only the
standard library, so that nothing in the engine's environment changes how it behaves.
Where the kernel offers no subreaper, :func:`contained` is false and the runner starts
engines directly, in a session of their own (a kill of the group is all it can do).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
from pathlib import Path
from types import FrameType

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
EXIT_CANNOT_RUN = 127
ENDING = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
# Python ignores these at start-up; an exec'd engine gets the default back, as with Popen.
RESTORED = (signal.SIGPIPE, signal.SIGXFSZ, *ENDING)
PATH = Path(__file__)


def _prctl(option: int, value: int) -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(option, value, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def contained() -> bool:
    """Whether engines can run under a shepherd here (Linux, with ``/proc``)."""
    return sys.platform.startswith("linux") and Path("/proc/self/stat").exists()


def command(argv: list[str]) -> list[str]:
    """The command that runs ``argv`` under a shepherd watching this process."""
    return [sys.executable, "-I", "-S", str(PATH), str(os.getpid()), "--", *argv]


def _children() -> dict[int, list[int]]:
    """Every process's children, from the parent ids in ``/proc/<pid>/stat``."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as stat:
                fields = stat.read().rpartition(b")")[2].split()
        except OSError:  # it exited meanwhile
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    return children


def _descendants() -> set[int]:
    children = _children()
    found: set[int] = set()
    todo = list(children.get(os.getpid(), ()))
    while todo:
        pid = todo.pop()
        if pid not in found:
            found.add(pid)
            todo.extend(children.get(pid, ()))
    return found


def _signal(pid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signum)


def end_descendants() -> None:
    """Freeze every descendant until none is new, then kill and reap them all."""
    frozen: set[int] = set()
    while new := _descendants() - frozen:
        for pid in new:
            _signal(pid, signal.SIGSTOP)
        frozen |= new
    for pid in frozen:
        _signal(pid, signal.SIGKILL)
    _reap()


def _reap() -> None:
    """Wait for every child (orphans of the engine's tree become ours)."""
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


class _Ending(Exception):  # noqa: N818 - a signal received, not an error
    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _ignore_endings() -> None:
    for ending in ENDING:
        signal.signal(ending, signal.SIG_IGN)


def _raise_ending(signum: int, frame: FrameType | None) -> None:
    _ignore_endings()
    raise _Ending(signum)


def _exit_like(status: int) -> None:
    """Exit as the engine did: with its exit code, or killed by the same signal."""
    if os.WIFSIGNALED(status):
        signum = os.WTERMSIG(status)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 1)


def _start(argv: list[str]) -> int:
    pid = os.fork()
    if pid == 0:
        for restored in RESTORED:
            signal.signal(restored, signal.SIG_DFL)
        try:
            os.execvp(argv[0], argv)
        except OSError as error:
            os.write(2, f"cannot run {argv[0]!r}: {error.strerror or error}\n".encode())
        os._exit(EXIT_CANNOT_RUN)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):  # the engine's pipes are the engine's alone
        os.dup2(null, fd)
    os.close(null)
    return pid


def _wait_for(engine: int) -> int:
    """The engine's wait status, reaping orphans that end meanwhile."""
    while True:
        pid, status = os.waitpid(-1, 0)
        if pid == engine:
            return status


def main(arguments: list[str]) -> None:
    runner, separator, *argv = arguments
    if separator != "--" or not argv:
        os.write(2, b"usage: shepherd.py <runner pid> -- <command...>\n")
        os._exit(2)
    for ending in ENDING:
        signal.signal(ending, _raise_ending)
    try:
        _prctl(PR_SET_CHILD_SUBREAPER, 1)
        _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != int(runner):  # the runner died before the line above
            raise _Ending(signal.SIGTERM)
        status = _wait_for(_start(argv))
    except _Ending as ending:
        _ignore_endings()
        end_descendants()
        signal.signal(ending.signum, signal.SIG_DFL)
        os.kill(os.getpid(), ending.signum)
        os._exit(1)
    _ignore_endings()
    end_descendants()
    _exit_like(status)


if __name__ == "__main__":
    main(sys.argv[1:])
