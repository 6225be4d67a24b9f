"""The result of a won hand: each winner's awards and the payments per seat."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from spec.seats import Seat


@dataclass(frozen=True)
class WinnerResult:
    """One winner's settlement: the awards of the chosen reading and the variant's figures
    (``tai`` and ``dealer_tai``; or ``han``, ``fu``, ``yakuman`` and ``limit``)."""

    seat: Seat
    patterns: MappingProxyType[str, int]
    figures: MappingProxyType[str, int | str | None]

    @classmethod
    def of_tai(
        cls, seat: Seat, patterns: MappingProxyType[str, int], tai: int, dealer_tai: int
    ) -> WinnerResult:
        return cls(seat, patterns, MappingProxyType({"tai": tai, "dealer_tai": dealer_tai}))

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "patterns": dict(self.patterns), **self.figures}


@dataclass(frozen=True)
class Settlement:
    """Every winner of one hand (main winner first) and the summed payments per seat;
    ``scores`` holds every player's score, in seat order, where the family scores them
    all (classical: cc.points.everyone-scores)."""

    winners: tuple[WinnerResult, ...]
    payments: MappingProxyType[Seat, int]
    scores: tuple[WinnerResult, ...] = ()

    def scores_json(self) -> dict[str, dict[str, Any]]:
        return {
            score.seat.value: {k: v for k, v in score.as_json().items() if k != "seat"}
            for score in self.scores
        }

    def payments_json(self) -> dict[str, int]:
        return {seat.value: amount for seat, amount in self.payments.items()}
