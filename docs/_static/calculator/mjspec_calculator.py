"""``mjspec score`` in the browser: the calculator page runs this module in Pyodide.

``run`` takes the options of ``mjspec score`` (a JSON list) and answers with what the command
prints, as text and as JSON, and its exit status (0 a win, 1 not a win, 2 a usage error).
The parser and the command are the CLI's own; only the process around them is left out
(signal handlers, which the browser has no use for).
"""

from __future__ import annotations

import contextlib
import io
import json

from conformance.cli import build_parser


def _score(argv: list[str], output: str) -> dict[str, object]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            args = build_parser().parse_args(["score", *argv, "--format", output])
            code = args.func(args)
        except SystemExit as stop:  # argparse's usage errors
            code = stop.code if isinstance(stop.code, int) else 2
    return {"code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def run(argv_json: str) -> str:
    """Score the hand the options describe; both outputs of the command, as JSON."""
    argv = [str(item) for item in json.loads(argv_json)]
    return json.dumps({"text": _score(argv, "text"), "json": _score(argv, "json")})
