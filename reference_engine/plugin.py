"""The reference engine as an mjspec engine plugin (entry point ``mjspec.engines: reference``).

It answers through the same interface as any third-party engine: ``info()``
and ``evaluate(request)``, with JSON-shaped requests and outcomes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from reference_engine import __version__
from reference_engine.variants import find_variant, playable_variants
from spec.circumstances import circumstance_problems
from spec.errors import RuleError, raise_first
from spec.objects import OBJECT
from spec.requests import family_problems, request_problems


class ReferenceEngine:
    """mjspec's own engine."""

    def info(self) -> dict[str, Any]:
        return {
            "name": "mjspec-reference",
            "version": __version__,
            "variants": {v: list(find_variant(v).kinds) for v in playable_variants()},
        }

    def evaluate(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Answer ``{"variant", "kind", "given"}`` with an outcome or ``{"error": {...}}``.

        The request is checked against its kind's schema first (:mod:`spec.requests`); a
        refusal is ``invalid-request`` with the path of the field. An exception of the
        engine's own is a bug and is raised, not dressed up as a refused request."""
        try:
            variant = find_variant(str(request.get("variant")))
            kind = str(request.get("kind"))
            given = request.get("given")
            if not isinstance(given, OBJECT):
                raise RuleError("invalid-request", "'given' must be a mapping")
            if kind not in variant.kinds:
                raise RuleError("unsupported-kind", f"{variant.id} does not answer {kind!r}")
            raise_first(request_problems(kind, given))
            raise_first(family_problems(kind, given, variant.profile.family))
            raise_first(circumstance_problems(kind, given))
            return variant.evaluate(kind, given)
        except RuleError as error:
            return {"error": error_payload(error)}

    def prepared(self, request: Mapping[str, Any]) -> Callable[[], object]:
        """The engine's own call for ``request`` with its input already parsed: what a
        benchmark times to see the rules apart from reading the request."""
        variant = find_variant(str(request["variant"]))
        return variant.prepared(str(request["kind"]), request["given"])


def error_payload(error: RuleError) -> dict[str, Any]:
    payload: dict[str, Any] = {"code": error.code, "message": error.message}
    if error.path:
        payload["path"] = list(error.path)
    if error.column is not None:
        payload["column"] = error.column
    return payload
