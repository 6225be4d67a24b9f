"""A protocol engine that misbehaves on purpose (one way per mode), for the resilience tests.

Run as ``python misbehaving.py <mode> [<request>]``: it answers like the reference engine
except on request number ``<request>`` (default 2), where it does what ``<mode>`` says.
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


def misbehave(mode: str, seq: int) -> bool:
    """Do the mode's misdeed for request ``seq``; True when the normal reply must follow."""
    if mode == "crash-mid-run":
        sys.stderr.write("fake: crashing now\n")
        sys.stderr.flush()
        os._exit(1)
    if mode == "hang":
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
    if mode == "crash-at-start":
        sys.stderr.write("fake: cannot start\n")
        return 3
    for line in sys.stdin.buffer:
        message = json.loads(line)
        kind = message["type"]
        if kind == "stop":
            return 0
        if kind == "start":
            info = ENGINE.info()
            reply({"type": "ready", "protocol": 1, **info, "name": f"fake-{mode}"})
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
        reply({"type": "result", "seq": seq, "outcome": ENGINE.evaluate(request)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
