"""A protocol engine that misbehaves on purpose (one way per mode), for the resilience tests.

Run as ``python misbehaving.py <mode> [<request>]``: it answers like the reference engine
except on request number ``<request>`` (default 2), where it does what ``<mode>`` says.
When ``FAKE_PIDS`` names a file, the fake appends its own process id and those of the
processes it starts to it, so that the containment tests can check none survives.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable

from reference_engine.plugin import ReferenceEngine

ENGINE = ReferenceEngine()


def write(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def reply(message: dict[str, object]) -> None:
    write(_json(message))


def _json(message: dict[str, object]) -> bytes:
    return json.dumps(message).encode() + b"\n"


# The misdeeds that are one wrong line in place of the reply to request ``seq``.
WRONG_LINES: dict[str, Callable[[int], bytes]] = {
    "garbage": lambda seq: b"this is not json\n",
    "wrong-seq": lambda seq: _json({"type": "result", "seq": seq + 7, "outcome": {}}),
    "seq-true": lambda seq: b'{"type": "result", "seq": true, "outcome": {}}\n',  # true == 1
    "seq-float": lambda seq: b'{"type": "result", "seq": %d.0, "outcome": {}}\n' % seq,
    "nan-outcome": lambda seq: b'{"type": "result", "seq": %d, "outcome": {"tai": NaN}}\n' % seq,
    "deep-reply": lambda seq: (
        b'{"type": "result", "seq": %d, "outcome": ' % seq
        + b"[" * 100_000
        + b"]" * 100_000
        + b"}\n"
    ),
    "not-schema": lambda seq: _json({"type": "result", "seq": seq, "outcome": [1, 2, 3]}),
    "missing-outcome": lambda seq: _json({"type": "result", "seq": seq}),
    "bad-outcome": lambda seq: _json(
        {"type": "result", "seq": seq, "outcome": {"payments": {"east": "a lot"}}}
    ),
    "huge": lambda seq: (
        b'{"type": "result", "seq": %d, "outcome": {"x": "' % seq + b"y" * (20 << 20) + b'"}}\n'
    ),
    "error-reply": lambda seq: _json(
        {"type": "error", "seq": seq, "message": "fake: not implemented"}
    ),
    "skip-reply": lambda seq: _json(
        {"type": "skipped", "seq": seq, "reason": "fake: not supported"}
    ),
}


def note_pid(pid: int) -> None:
    """Record a process of this engine's tree in the ``FAKE_PIDS`` file (when set)."""
    if path := os.environ.get("FAKE_PIDS"):
        with open(path, "a") as pids:
            pids.write(f"{pid}\n")


# A grandchild that escapes every group: a fork whose child leaves for a session of its
# own, and whose parent exits at once (so the grandchild is an orphan, no longer under the
# engine), keeping the engine's stdout and stderr open and never exiting.
ESCAPE = """
import os, sys, time
if os.fork():
    os._exit(0)
os.setsid()
with open(sys.argv[1], "a") if sys.argv[1] else open(os.devnull, "w") as pids:
    pids.write(f"{os.getpid()}\\n")
time.sleep(3600)
"""


def escape() -> None:
    """Start an escaping grandchild and wait for it to have recorded its pid."""
    subprocess.run([sys.executable, "-c", ESCAPE, os.environ.get("FAKE_PIDS", "")], check=True)
    time.sleep(0.2)


def misbehave(mode: str, seq: int) -> bool:
    """Do the mode's misdeed for request ``seq``; True when the normal reply must follow."""
    if mode == "crash-mid-run":
        sys.stderr.write("fake: crashing now\n")
        sys.stderr.flush()
        os._exit(1)
    if mode == "hang":
        time.sleep(3600)
    if mode == "escape":
        escape()
        time.sleep(3600)
    if mode == "hang-with-child":
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
        time.sleep(3600)
    if mode in WRONG_LINES:
        write(WRONG_LINES[mode](seq))
    elif mode == "exit-early":
        os._exit(0)
    elif mode == "partial-line":
        write(b'{"type": "res')
        os._exit(0)
    else:
        return True
    return False


def main() -> int:
    mode = sys.argv[1]
    target = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    note_pid(os.getpid())
    if mode == "crash-at-start":
        sys.stderr.write("fake: cannot start\n")
        return 3
    if mode == "slow-start":
        time.sleep(3)
    if mode == "escape-at-start":
        escape()
    for line in sys.stdin.buffer:
        message = json.loads(line)
        kind = message["type"]
        if kind == "stop":
            return 0
        if kind == "start":
            info = ENGINE.info()
            name = "fake-\ud800" if mode == "surrogate-name" else f"fake-{mode}"
            reply({"type": "ready", "protocol": 1, **info, "name": name})
            if mode == "deaf":
                time.sleep(3600)  # never reads another request
            continue
        seq = message["seq"]
        if mode == "stderr-flood":
            sys.stderr.write("noise " * 200_000 + "\n")
            sys.stderr.flush()
        if mode == "slow":
            time.sleep(0.2)
        if mode == "claims-then-fails":
            reply({"type": "error", "seq": seq, "message": "fake: variant not really supported"})
            continue
        if seq == target and not misbehave(mode, seq):
            continue
        request = {key: message[key] for key in ("variant", "kind", "given")}
        answer = {"type": "result", "seq": seq, "outcome": ENGINE.evaluate(request)}
        reply(answer)
        if seq == target and mode in ("second-reply", "late-second-reply"):
            time.sleep(0.3 if mode == "late-second-reply" else 0)
            reply(answer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
