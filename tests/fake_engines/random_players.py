"""In-process engines whose random play goes wrong in one way each, for the play-random
tests (``python:random_players:<factory>``): each answers like the reference engine but
for the requests with agents."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reference_engine.plugin import ReferenceEngine


class _Tampering(ReferenceEngine):
    def evaluate(self, request: Mapping[str, Any]) -> dict[str, Any]:
        outcome = super().evaluate(request)
        if "agents" in (request.get("given") or {}) and "result" in outcome:
            self.tamper(outcome)
        return outcome

    def info(self) -> dict[str, Any]:
        return {**super().info(), "name": type(self).__name__}

    def tamper(self, outcome: dict[str, Any]) -> None:
        raise NotImplementedError


class LopsidedPayments(_Tampering):
    """Pays the east seat 100 more than anyone gave."""

    def tamper(self, outcome: dict[str, Any]) -> None:
        payments = outcome["result"]["payments"]
        payments["east"] = payments.get("east", 0) + 100


class WrongScript(_Tampering):
    """Reports a first action other than the one its agents played."""

    def tamper(self, outcome: dict[str, Any]) -> None:
        outcome["script"][0] = "south discard 1m"  # east is on turn after the deal


class NoAgents(_Tampering):
    """Plays nothing for the agents and reports no script."""

    def tamper(self, outcome: dict[str, Any]) -> None:
        outcome.pop("script")


def lopsided() -> LopsidedPayments:
    return LopsidedPayments()


def wrong_script() -> WrongScript:
    return WrongScript()


def no_agents() -> NoAgents:
    return NoAgents()
