"""An engine in any language: a subprocess speaking the JSON Lines protocol.

The process is started without a shell in a session of its own, so that a crash,
a hang or a stray child can be ended by killing the whole process group. Every
request has a deadline; a reply that is late, malformed, out of sequence or too
long becomes an error for that case, the process is killed, and the next case
starts a fresh one. Standard error is read all along (the last part kept) and
attached to the case it was written during.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from io import BufferedReader
from typing import Any, cast

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


class _StderrTail:
    """Reads a stream to its end on a thread, keeping the bytes written since the last
    :meth:`take` (the last ``STDERR_KEPT`` of them) and how many were dropped."""

    def __init__(self, stream: BufferedReader) -> None:
        self._stream = stream
        self._lock = threading.Lock()
        self._kept = bytearray()
        self._dropped = 0
        self._thread = threading.Thread(target=self._pump, daemon=True)
        self._thread.start()

    def _pump(self) -> None:
        while chunk := self._stream.read1(65536):
            with self._lock:
                self._kept += chunk
                if len(self._kept) > STDERR_KEPT:
                    self._dropped += len(self._kept) - STDERR_KEPT
                    del self._kept[: len(self._kept) - STDERR_KEPT]

    def take(self) -> str:
        with self._lock:
            text = self._kept.decode("utf-8", "replace")
            dropped = self._dropped
            self._kept.clear()
            self._dropped = 0
        return f"[{dropped} earlier bytes dropped]\n{text}" if dropped else text

    def join(self) -> None:
        self._thread.join(timeout=2)


class _Process:
    """One running engine process and its line-oriented pipes."""

    def __init__(self, argv: Sequence[str], env: Mapping[str, str] | None) -> None:
        self.popen = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            env=None if env is None else dict(env),
        )
        assert self.popen.stdin is not None
        assert self.popen.stdout is not None
        assert self.popen.stderr is not None
        self.stdin = self.popen.stdin
        self.stdout_fd = self.popen.stdout.fileno()
        os.set_blocking(self.stdout_fd, False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout_fd, selectors.EVENT_READ)
        self.buffer = bytearray()
        self.stderr = _StderrTail(cast(BufferedReader, self.popen.stderr))

    def send(self, message: Mapping[str, Any]) -> None:
        try:
            self.stdin.write(encode(message))
            self.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise EngineError(self._exit_words("closed its input")) from None

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
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                raise TimeoutError
            chunk = os.read(self.stdout_fd, 1 << 20)
            if not chunk:
                partial = (
                    f" after a partial line {bytes(self.buffer[:80])!r}" if self.buffer else ""
                )
                raise EngineError(self._exit_words(f"closed its output{partial}"))
            self.buffer += chunk

    def _exit_words(self, what: str) -> str:
        try:
            status = self.popen.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return f"the engine {what}"
        return f"the engine {what} and exited with status {status}"

    def kill(self) -> None:
        """End the whole process group and release the pipes."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.popen.pid, signal.SIGKILL)
        self.popen.wait()
        self.selector.close()
        for stream in (self.stdin, self.popen.stdout):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()
        self.stderr.join()
        if self.popen.stderr is not None:
            self.popen.stderr.close()

    def stop(self, grace: float) -> None:
        """Ask the engine to stop; kill its group if it has not exited within ``grace``."""
        try:
            self.send({"type": "stop"})
            self.popen.wait(timeout=grace)
        except (EngineError, subprocess.TimeoutExpired):
            pass
        self.kill()


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
        self._failed_starts = 0
        self._start_problem = ""

    # --- the Engine interface -------------------------------------------------------------

    def info(self) -> Mapping[str, Any]:
        if self._ready is None:
            self._started()
        assert self._ready is not None
        return self._ready

    def evaluate(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        process = self._started()
        self._seq += 1
        seq = self._seq
        message = {"type": "evaluate", "seq": seq, **request}
        if self.validate_traffic:
            check(message, ("evaluate",))
        process.stderr.take()
        try:
            process.send(message)
            reply = process.receive(time.monotonic() + self.timeout)
            if self.validate_traffic:
                check(reply, ("result", "skipped", "error"))
                if reply.get("type") == "result" and isinstance(reply.get("outcome"), Mapping):
                    check_outcome(str(request.get("kind")), reply["outcome"])
            replied = reply.get("seq")
            if type(replied) is not int or replied != seq:
                raise ProtocolError(f"a reply for seq {replied!r} to request {seq}")
        except TimeoutError:
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

    def close(self) -> None:
        """Stop the engine (``stop``, then a kill of its group if it lingers)."""
        if self._process is not None:
            self._process.stop(grace=2.0)
            self._process = None

    def __enter__(self) -> SubprocessEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- starting and restarting ----------------------------------------------------------

    def _started(self) -> _Process:
        if self._process is not None:
            return self._process
        if self._failed_starts >= START_ATTEMPTS:
            raise EngineError(
                f"the engine could not be started ({START_ATTEMPTS} attempts): "
                f"{self._start_problem}"
            )
        try:
            process = _Process(self.argv, self.env)
        except OSError as error:
            self._failed_starts = START_ATTEMPTS
            self._start_problem = f"cannot run {self.argv[0]!r}: {error.strerror or error}"
            raise EngineError(self._start_problem) from None
        self.pgids.append(process.popen.pid)
        try:
            process.send({"type": "start", "protocol": PROTOCOL_VERSION})
            ready = process.receive(time.monotonic() + self.start_timeout)
            check(ready, ("ready",))
        except (TimeoutError, ProtocolError, EngineError) as error:
            stderr = process.stderr.take()
            process.kill()
            self._failed_starts += 1
            words = "no ready message in time" if isinstance(error, TimeoutError) else _words(error)
            self._start_problem = f"{words}{_stderr_words(stderr)}"
            raise EngineError(f"the engine did not start: {self._start_problem}") from None
        self._failed_starts = 0
        if self._ready is None:
            self._ready = ready
        self._process = process
        return process

    def _discard(self, process: _Process) -> None:
        process.kill()
        self._process = None


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
