"""The engine interface and how engines are found.

An engine is any object with ``info()`` and ``evaluate(request)``; requests
are ``{"variant", "kind", "given"}`` (never ``expect``) and outcomes are
JSON-shaped mappings, or ``{"error": {"code", "message"}}``. Engines are
registered under the entry-point group ``mjspec.engines``; the reference
engine is found there like any other (no back door).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import Any, Protocol, runtime_checkable

from conformance.json_values import json_problem

ENTRY_POINT_GROUP = "mjspec.engines"


@runtime_checkable
class Engine(Protocol):
    """What the runner needs from an engine."""

    def info(self) -> Mapping[str, Any]:
        """``{"name", "version", "variants": {variant: [kinds]}}``."""
        ...

    def evaluate(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        """The outcome of one request."""
        ...


@runtime_checkable
class Settling(Protocol):
    """An engine that learns of some misdeeds only after the fact (a second reply to a
    request shows when the next request is sent, or when the engine stops)."""

    def settle(self) -> Sequence[tuple[Mapping[str, Any], str]]:
        """The requests (the very objects given to ``evaluate``) found since the last
        call to have been answered wrongly, each with the error; the engine may stop."""
        ...


@dataclass(frozen=True)
class EngineInfo:
    """What an engine says of itself."""

    name: str
    version: str
    variants: Mapping[str, tuple[str, ...]]

    def supports(self, variant: str, kind: str) -> bool:
        return kind in self.variants.get(variant, ())


class EngineError(Exception):
    """An engine failed on one case (crashed, hung, broke the protocol): an ``error``
    verdict for that case, with what it wrote on stderr meanwhile."""

    def __init__(self, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.stderr = stderr


class EngineSkipped(Exception):  # noqa: N818 - a verdict, not an error
    """An engine declined one case (a ``skipped`` reply): a ``skip`` verdict."""


class EngineLoadError(Exception):
    """An engine could not be found, loaded or asked for its info (code ``engine-load``)."""

    code = "engine-load"


def engine_names() -> list[str]:
    """The names of every registered engine plugin."""
    return sorted(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))


def load_engine(name: str) -> Engine:
    """Instantiate the plugin ``name`` from the ``mjspec.engines`` entry points."""
    matches = [ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name == name]
    if not matches:
        known = ", ".join(engine_names()) or "none"
        raise EngineLoadError(f"no engine plugin named {name!r} (registered: {known})")
    try:
        factory = matches[0].load()
        engine = factory()
    except Exception as error:  # a plugin's own failure must not end the run with a traceback
        raise EngineLoadError(f"engine {name!r} failed to load: {error!r}") from None
    if not isinstance(engine, Engine):
        raise EngineLoadError(f"engine {name!r} lacks info() or evaluate()")
    return engine


REFERENCE = "reference"


@cache
def reference_plugin() -> Engine:
    """The reference engine, found like any other engine: the plugin named ``reference``."""
    return load_engine(REFERENCE)


def warm_play(variant: str) -> None:
    """Have the reference engine play one seeded hand of ``variant`` with its own agents, so
    that this process has loaded what playing and replaying that variant's hands needs (its
    profile, its request checks, the tables hands fill), for workers forked from it."""
    given = {"wall": {"seed": 0}, "actions": [], "agents": {"seed": 0}, "trace": "last"}
    reference_plugin().evaluate({"variant": variant, "kind": "play", "given": given})


def engine_info(engine: Engine) -> EngineInfo:
    """Read and check ``engine.info()``."""
    try:
        raw = engine.info()
    except EngineError as error:
        raise EngineLoadError(str(error)) from None
    problem = json_problem(raw)
    if problem is not None:
        raise EngineLoadError(f"the engine's info() is not plain JSON, {problem}")
    try:
        variants = {str(v): tuple(str(k) for k in kinds) for v, kinds in raw["variants"].items()}
        return EngineInfo(str(raw["name"]), str(raw["version"]), variants)
    except Exception as error:
        raise EngineLoadError(f"the engine's info() is malformed: {error!r}") from None
