"""An engine in any language: a subprocess speaking the JSON Lines protocol.

The process is started without a shell in a session of its own and, where the system
allows (Linux), under a :mod:`~conformance.shepherd` that ends every process the engine
starts, even those that leave its process group. Every write and every read has a
deadline: a request the engine does not read, a reply that is late, malformed, out of
sequence, too long or followed by a second one becomes an error for that case, the
process is killed without waiting on anyone's pipes, and the next case starts a fresh
one. Standard error is read all along (the last part kept) and attached to the case it
was written during.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import shutil
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from typing import IO, Any

from conformance import shepherd
from conformance.engine import EngineError, EngineSkipped
from conformance.protocol import (
    MAX_LINE_BYTES,
    PROTOCOL_VERSION,
    ProtocolError,
    check,
    check_outcome,
    decode,
    encode,
)

STDERR_KEPT = 4096
START_ATTEMPTS = 3
CHUNK = 1 << 16
STOP_GRACE = 2.0
SHEPHERD_GRACE = 5.0
EXCERPT = 80


class _Tail:
    """The bytes of a stream since the last :meth:`take` (the last ``STDERR_KEPT`` of
    them) and how many were dropped."""

    def __init__(self) -> None:
        self._kept = bytearray()
        self._dropped = 0

    def add(self, chunk: bytes) -> None:
        self._kept += chunk
        if len(self._kept) > STDERR_KEPT:
            self._dropped += len(self._kept) - STDERR_KEPT
            del self._kept[: len(self._kept) - STDERR_KEPT]

    def take(self) -> str:
        text = self._kept.decode("utf-8", "replace")
        dropped = self._dropped
        self._kept.clear()
        self._dropped = 0
        return f"[{dropped} earlier bytes dropped]\n{text}" if dropped else text


class _Deadline(Exception):  # noqa: N818 - a moment, not an error
    """The deadline passed while writing or reading."""


def _runnable(program: str, env: Mapping[str, str] | None) -> str | None:
    """Why ``program`` cannot be run, or None (checked before a shepherd runs it)."""
    path = (os.environ if env is None else env).get("PATH", os.defpath)
    if shutil.which(program, path=path) is None:
        return f"cannot run {program!r}: no such executable file"
    return None


class _Process:
    """One running engine process and its three pipes, all non-blocking, all read from
    and written to by one loop (no threads, so that nothing can block on a pipe that a
    descendant of the engine keeps open)."""

    def __init__(self, argv: Sequence[str], env: Mapping[str, str] | None) -> None:
        self.contained = shepherd.contained()
        command = shepherd.command(list(argv)) if self.contained else list(argv)
        self.popen = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            env=None if env is None else dict(env),
        )
        pipes: tuple[IO[bytes] | None, ...] = (
            self.popen.stdin,
            self.popen.stdout,
            self.popen.stderr,
        )
        self.pipes = [pipe for pipe in pipes if pipe is not None]
        self.stdin, self.stdout, self.stderr_fd = (pipe.fileno() for pipe in self.pipes)
        for fd in (self.stdin, self.stdout, self.stderr_fd):
            os.set_blocking(fd, False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ)
        self.selector.register(self.stderr_fd, selectors.EVENT_READ)
        self.buffer = bytearray()
        self.stdout_closed = False
        self.stderr = _Tail()

    # --- moving bytes ------------------------------------------------------------------

    def _pump(self, timeout: float) -> bool:
        """Read what the engine wrote on stdout and stderr, waiting at most ``timeout``;
        whether stdin is writable (when it is being watched)."""
        writable = False
        for key, events in self.selector.select(max(timeout, 0.0)):
            if key.fd == self.stdin:
                writable = bool(events & selectors.EVENT_WRITE)
                continue
            try:
                chunk = os.read(key.fd, 1 << 20)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if not chunk:
                self.selector.unregister(key.fd)
                self.stdout_closed = self.stdout_closed or key.fd == self.stdout
            elif key.fd == self.stdout:
                self.buffer += chunk
            else:
                self.stderr.add(chunk)
        return writable

    def send(self, message: Mapping[str, Any], deadline: float) -> None:
        """Write one message before ``deadline`` (time.monotonic), reading meanwhile."""
        data = memoryview(encode(message))
        self.selector.register(self.stdin, selectors.EVENT_WRITE)
        try:
            while data:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise _Deadline
                if not self._pump(left):
                    continue
                try:
                    data = data[os.write(self.stdin, data[:CHUNK]) :]
                except BlockingIOError:
                    continue
                except OSError:
                    raise EngineError(self._exit_words("closed its input")) from None
        finally:
            self.selector.unregister(self.stdin)

    def receive(self, deadline: float) -> dict[str, Any]:
        """The next line as a message, before ``deadline`` (time.monotonic)."""
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[: end + 1]
                return decode(line)
            if len(self.buffer) > MAX_LINE_BYTES:
                raise ProtocolError(f"a reply longer than {MAX_LINE_BYTES} bytes")
            if self.stdout_closed:
                partial = f" after a partial line {self.excerpt()}" if self.buffer else ""
                raise EngineError(self._exit_words(f"closed its output{partial}"))
            left = deadline - time.monotonic()
            if left <= 0:
                raise _Deadline
            self._pump(left)

    def unasked(self) -> bool:
        """Whether the engine has written something on stdout that no request asked for."""
        self._pump(0)
        return bool(self.buffer)

    def excerpt(self) -> str:
        """The start of what is waiting on stdout, escaped."""
        return repr(bytes(self.buffer[:EXCERPT]))

    def _exit_words(self, what: str) -> str:
        try:
            status = self.popen.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return f"the engine {what}"
        return f"the engine {what} and exited with status {status}"

    # --- ending --------------------------------------------------------------------------

    def kill(self) -> None:
        """End the engine and everything it started; release the pipes without waiting."""
        if self.contained and self.popen.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.popen.send_signal(signal.SIGTERM)  # the shepherd ends the whole tree
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.popen.wait(timeout=SHEPHERD_GRACE)
        if self.popen.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.popen.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.popen.wait(timeout=SHEPHERD_GRACE)
        self.selector.close()
        for pipe in self.pipes:
            with contextlib.suppress(OSError):
                pipe.close()

    def stop(self, grace: float) -> bool:
        """Ask the engine to stop and give it ``grace`` seconds to exit, then end it;
        whether it wrote anything on stdout meanwhile (no request asked for that)."""
        deadline = time.monotonic() + grace
        with contextlib.suppress(EngineError, _Deadline):
            self.send({"type": "stop"}, deadline)
        while not self.stdout_closed and time.monotonic() < deadline:
            self._pump(deadline - time.monotonic())
        unasked = bool(self.buffer)
        self.kill()
        return unasked


class SubprocessEngine:
    """An :class:`~conformance.engine.Engine` run as a subprocess (``--engine exec:...``)."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        timeout: float = 10.0,
        start_timeout: float = 20.0,
        validate_traffic: bool = False,
        env: Mapping[str, str] | None = None,
    ) -> None:
        if not argv:
            raise EngineError("an empty engine command")
        self.argv = tuple(argv)
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.validate_traffic = validate_traffic
        self.env = env
        self.pgids: list[int] = []
        self._process: _Process | None = None
        self._ready: dict[str, Any] | None = None
        self._seq = 0
        self._last_request: Mapping[str, Any] | None = None
        self._previous: tuple[int, Mapping[str, Any] | None] = (0, None)
        self._late: list[tuple[Mapping[str, Any], str]] = []
        self._failed_starts = 0
        self._start_problem = ""

    # --- the Engine interface -------------------------------------------------------------

    def info(self) -> Mapping[str, Any]:
        if self._ready is None:
            self._started()
        assert self._ready is not None
        return self._ready

    def evaluate(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        if self._process is not None and self._process.unasked():
            self._second_reply(self._process)
        process = self._started()
        self._seq += 1
        seq = self._seq
        previous, self._last_request = self._last_request, request
        self._previous = (seq - 1, previous)
        message = {"type": "evaluate", "seq": seq, **request}
        if self.validate_traffic:
            check(message, ("evaluate",))
        process.stderr.take()
        deadline = time.monotonic() + self.timeout
        try:
            process.send(message, deadline)
        except _Deadline:
            self._discard(process)
            raise EngineError(
                f"the engine did not read the request within {self.timeout:g} s; "
                "the engine was killed",
                process.stderr.take(),
            ) from None
        except EngineError as error:
            self._discard(process)
            raise EngineError(_words(error), process.stderr.take()) from None
        try:
            reply = self._reply(process, seq, deadline)
            if self.validate_traffic:
                check(reply, ("result", "skipped", "error"))
                if reply.get("type") == "result" and isinstance(reply.get("outcome"), Mapping):
                    check_outcome(str(request.get("kind")), reply["outcome"])
            replied = reply.get("seq")
            if type(replied) is not int or replied != seq:
                raise ProtocolError(f"a reply for seq {replied!r} to request {seq}")
            if process.buffer:
                raise ProtocolError(
                    f"more than one reply to request {seq}: then {process.excerpt()}"
                )
        except _Deadline:
            self._discard(process)
            raise EngineError(
                f"no reply within {self.timeout:g} s; the engine was killed",
                process.stderr.take(),
            ) from None
        except (ProtocolError, EngineError) as error:
            self._discard(process)
            raise EngineError(_words(error), process.stderr.take()) from None
        stderr = process.stderr.take()
        return _outcome(reply, stderr)

    def settle(self) -> list[tuple[Mapping[str, Any], str]]:
        """Stop the engine and return the requests found, since the last call, to have had
        a second reply, each with the error: a stray line shows only when the next request
        is about to be sent, or when the engine stops."""
        if self._process is not None:
            process, self._process = self._process, None
            if process.stop(grace=STOP_GRACE):
                self._note_second_reply(process)
        late, self._late = self._late, []
        return late

    def close(self) -> None:
        """Stop the engine (``stop``, then an end of its whole tree if it lingers)."""
        self.settle()

    def __enter__(self) -> SubprocessEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- starting, restarting and second replies ------------------------------------------

    def _started(self) -> _Process:
        if self._process is not None:
            return self._process
        if self._failed_starts >= START_ATTEMPTS:
            raise EngineError(
                f"the engine could not be started ({START_ATTEMPTS} attempts): "
                f"{self._start_problem}"
            )
        problem = _runnable(self.argv[0], self.env)
        try:
            if problem is not None:
                raise OSError(problem)
            process = _Process(self.argv, self.env)
        except OSError as error:
            self._failed_starts = START_ATTEMPTS
            self._start_problem = (
                problem or f"cannot run {self.argv[0]!r}: {error.strerror or error}"
            )
            raise EngineError(self._start_problem) from None
        self.pgids.append(process.popen.pid)
        try:
            deadline = time.monotonic() + self.start_timeout
            process.send({"type": "start", "protocol": PROTOCOL_VERSION}, deadline)
            ready = process.receive(deadline)
            check(ready, ("ready",))
        except (_Deadline, ProtocolError, EngineError) as error:
            stderr = process.stderr.take()
            process.kill()
            self._failed_starts += 1
            words = (
                f"no ready message within {self.start_timeout:g} s"
                if isinstance(error, _Deadline)
                else _words(error)
            )
            self._start_problem = f"{words}{_stderr_words(stderr)}"
            raise EngineError(f"the engine did not start: {self._start_problem}") from None
        self._failed_starts = 0
        if self._ready is None:
            self._ready = ready
        self._process = process
        return process

    def _reply(self, process: _Process, seq: int, deadline: float) -> dict[str, Any]:
        """The next line that is not a late second reply to the previous request (which
        is noted as that request's error)."""
        while True:
            reply = process.receive(deadline)
            number, previous = self._previous
            replied = reply.get("seq")
            if previous is None or type(replied) is not int or replied != number:
                return reply
            self._late.append((previous, f"more than one reply to request {number}"))
            self._previous = (0, None)

    def _discard(self, process: _Process) -> None:
        process.kill()
        self._process = None

    def _second_reply(self, process: _Process) -> None:
        """The last request's reply was followed by another line: that request's error;
        the engine starts afresh for the next one."""
        self._note_second_reply(process)
        self._discard(process)

    def _note_second_reply(self, process: _Process) -> None:
        if self._last_request is not None:
            words = f"more than one reply to request {self._seq}: then {process.excerpt()}"
            self._late.append((self._last_request, words))


def _words(error: Exception) -> str:
    return str(error) or type(error).__name__


def _stderr_words(stderr: str) -> str:
    return f"; stderr: {stderr.strip()[-500:]}" if stderr.strip() else ""


def _outcome(reply: Mapping[str, Any], stderr: str) -> Mapping[str, Any]:
    kind = reply.get("type")
    if kind == "result":
        outcome = reply.get("outcome")
        if not isinstance(outcome, Mapping):
            raise EngineError("a result whose outcome is not an object", stderr)
        return outcome
    if kind == "skipped":
        raise EngineSkipped(str(reply.get("reason", "skipped by the engine")))
    if kind == "error":
        raise EngineError(f"the engine failed: {reply.get('message', '')}", stderr)
    raise EngineError(f"an unexpected {kind!r} message", stderr)
