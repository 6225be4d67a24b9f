"""Serving an in-process engine over the protocol (``mjspec serve``): the other end of
:mod:`conformance.subprocess_engine`, and a model for engines written in Python.

It reads requests from stdin line by line and answers each on stdout; a line it cannot
read is answered with an ``error`` (with ``seq`` 0 when it has none) and serving goes on.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Iterator, Mapping
from typing import IO, Any

from conformance.connect import open_engine
from conformance.engine import REFERENCE, Engine, EngineLoadError
from conformance.json_values import json_problem
from conformance.protocol import MAX_LINE_BYTES, PROTOCOL_VERSION, ProtocolError, decode, encode


def _lines(stdin: IO[bytes]) -> Iterator[bytes]:
    """The input's lines; one longer than the protocol allows is cut short (its rest is
    skipped unread into memory), so that :func:`decode` refuses it."""
    while line := stdin.readline(MAX_LINE_BYTES + 1):
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            while (rest := stdin.readline(MAX_LINE_BYTES)) and not rest.endswith(b"\n"):
                pass
        yield line


def serve(engine: Engine, stdin: IO[bytes], stdout: IO[bytes]) -> int:
    """Answer requests until ``stop`` or the end of input; the exit status."""
    for line in _lines(stdin):
        try:
            message = decode(line.rstrip(b"\r\n"))
        except ProtocolError as error:
            stdout.write(encode({"type": "error", "seq": 0, "message": str(error)}))
            stdout.flush()
            continue
        kind = message.get("type")
        if kind == "stop":
            return 0
        stdout.write(encode(_answer(engine, kind, message)))
        stdout.flush()
    return 0


def _answer(engine: Engine, kind: object, message: dict[str, Any]) -> dict[str, Any]:
    if kind == "start":
        info = dict(engine.info())
        return {"type": "ready", "protocol": PROTOCOL_VERSION, **info}
    seq = message.get("seq", 0)
    if kind != "evaluate":
        return {"type": "error", "seq": seq, "message": f"unexpected message {kind!r}"}
    request = {key: message.get(key) for key in ("variant", "kind", "given")}
    try:
        outcome = engine.evaluate(request)
    except Exception as error:  # the engine's failure is this request's error reply
        context = {"traceback": traceback.format_exc(limit=5)}
        return {"type": "error", "seq": seq, "message": repr(error), "context": context}
    problem = json_problem(outcome) if isinstance(outcome, Mapping) else "not a mapping"
    if problem is not None:
        return {"type": "error", "seq": seq, "message": f"the engine's outcome: {problem}"}
    return {"type": "result", "seq": seq, "outcome": dict(outcome)}


def main_serve(engine: Engine) -> int:
    """Serve on the process's binary stdin and stdout."""
    return serve(engine, sys.stdin.buffer, sys.stdout.buffer)


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine", default=REFERENCE, help="plugin name or python:<module>:<factory>"
    )


def serve_command(args: argparse.Namespace) -> int:
    """Serve an engine over the protocol on stdin and stdout."""
    try:
        engine = open_engine(args.engine)
    except EngineLoadError as error:
        print(f"{error.code}: {error}", file=sys.stderr)
        return 2
    return main_serve(engine)
