"""Connecting to an engine named on the command line, whatever its transport, and the
options that set an ``exec:`` engine's time limits."""

from __future__ import annotations

import argparse
import importlib
import os
import shlex
import sys
from dataclasses import dataclass
from types import ModuleType

from conformance.engine import Engine, EngineLoadError, load_engine
from conformance.expectations import Expectations
from conformance.subprocess_engine import SubprocessEngine

MAX_TIMEOUT = 86_400.0


def open_engine(
    spec: str,
    *,
    timeout: float = 10.0,
    start_timeout: float = 20.0,
    validate_traffic: bool = False,
) -> Engine:
    """The engine named by ``spec``: ``exec:<command>`` (a subprocess speaking the protocol,
    run without a shell), ``python:<module>:<factory>`` (in-process, the module found on the
    path or in the current folder), or a plugin name. The one reading of an engine spec, for
    every command and for the pytest plugin."""
    if spec.startswith("exec:"):
        try:
            argv = shlex.split(spec[len("exec:") :])
        except ValueError as error:
            raise EngineLoadError(f"cannot split the command {spec!r}: {error}") from None
        if not argv:
            raise EngineLoadError("exec: needs a command")
        return SubprocessEngine(
            argv, timeout=timeout, start_timeout=start_timeout, validate_traffic=validate_traffic
        )
    if spec.startswith("python:"):
        target = spec[len("python:") :]
        module_name, _, attribute = target.partition(":")
        if not module_name or not attribute:
            raise EngineLoadError(f"python: needs <module>:<factory>, not {target!r}")
        try:
            factory = getattr(_module(module_name), attribute)
            engine = factory()
        except Exception as error:  # a user's module failing must not end with a traceback
            raise EngineLoadError(f"{spec!r} failed to load: {error!r}") from None
        if not isinstance(engine, Engine):
            raise EngineLoadError(f"{spec!r} made an object without info() and evaluate()")
        return engine
    return load_engine(spec)


def _module(name: str) -> ModuleType:
    """The module ``name``, found on the path or else in the current folder, as ``python -m``
    finds one (the folder goes at the end of the path: an installed module of the same
    name comes first, and none of mjspec's own is shadowed)."""
    folder = os.getcwd()
    if folder not in sys.path:
        sys.path.append(folder)
    return importlib.import_module(name)


def close_engine(engine: Engine) -> None:
    """Release an engine that holds resources (a subprocess); others need nothing."""
    close = getattr(engine, "close", None)
    if callable(close):
        close()


@dataclass(frozen=True)
class EngineSpec:
    """How a worker opens the engine under test: its plugin name or ``python:`` factory,
    its time limits, and the expectations files given (read by the command)."""

    name: str
    timeout: float
    start_timeout: float
    expectations: tuple[Expectations, ...] = ()


def seconds(text: str) -> float:
    """A per-request time limit: a finite number of seconds above 0, at most a day (``nan``,
    ``inf``, ``0`` or ``-1`` would make every case an error blamed on the engine)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= MAX_TIMEOUT:  # NaN fails every comparison
        raise argparse.ArgumentTypeError(
            f"{text!r}: give more than 0 and at most {MAX_TIMEOUT:g} s"
        )
    return value


def add_time_limits(parser: argparse.ArgumentParser) -> None:
    """The deadlines of an ``exec:`` engine: per request, and for its start."""
    parser.add_argument(
        "--timeout",
        type=seconds,
        default=10.0,
        help="seconds to write a request and read its reply (exec: engines), more than 0 "
        "and at most a day (default: %(default)g)",
    )
    parser.add_argument(
        "--start-timeout",
        type=seconds,
        default=20.0,
        help="seconds for an exec: engine to answer start with ready (default: %(default)g)",
    )
