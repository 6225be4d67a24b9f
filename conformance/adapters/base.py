"""What every adapter shares: its identity, its expectations file, and the guard that
it answers only ``score`` requests of the variants it declares."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from importlib.metadata import version
from pathlib import Path
from typing import Any, ClassVar

from conformance.adapters.requests import profile_house
from conformance.engine import EngineSkipped
from spec.requests import house_rules


def missing_package(adapter: str, requirement: str) -> ImportError:
    """The error of an adapter whose package is not installed, with commands that paste
    into any shell (quoted: ``>`` and ``<`` would redirect, ``[`` would glob in zsh)."""
    return ImportError(
        f"the {adapter} adapter needs its package: pip install '{requirement}' "
        "(or every adapter's, from a clone of mjspec: pip install '.[adapters]')"
    )


RIICHI_PROFILES = (
    "riichi",
    "riichi-sanma",
    "riichi-tenhou",
    "riichi-tenhou-sanma",
    "riichi-mahjongsoul",
    "riichi-mjsoul-sanma",
)  # the profiles a package that can set every scoring house rule plays
SCORING_HOUSE_RULES = frozenset(rule.name for rule in house_rules() if rule.scores)
# riichi.house.pao: the rules of a liable seat, which no package scores
LIABILITY = frozenset({"pao", "pao_covers", "pao_honba"})


class ScoreAdapter(ABC):
    """A third-party package behind the engine interface, answering ``score`` requests."""

    name: ClassVar[str]
    package: ClassVar[str]
    variants: ClassVar[tuple[str, ...]] = ("riichi", "riichi-sanma")
    # the house rules (riichi.house.*) a request's options may set, which the adapter
    # passes on to the package; and the ones the package always plays otherwise than the
    # riichi profile. A request setting any other house rule apart from it is skipped.
    settable: ClassVar[frozenset[str]] = frozenset()
    plays: ClassVar[Mapping[str, object]] = {}

    def info(self) -> Mapping[str, Any]:
        return {
            "name": self.name,
            "version": version(self.package),
            "variants": {variant: ["score"] for variant in self.variants},
        }

    def expectations(self) -> Path:
        """The package's known deviations from the corpus."""
        return Path(__file__).parent / "expectations" / f"{self.name}.yaml"

    def evaluate(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        if request.get("kind") != "score" or request.get("variant") not in self.variants:
            raise EngineSkipped(f"the adapter answers score requests of {self.variants} only")
        self._check_options(request)
        if "liable" in ((request.get("given") or {}).get("table") or {}):
            raise EngineSkipped("the package does not score a liability (riichi.house.pao)")
        return self.score(request)

    def _check_options(self, request: Mapping[str, Any]) -> None:
        """Skip a request whose options set a house rule the package cannot play."""
        options = (request.get("given") or {}).get("options") or {}
        for name, value in options.items():
            if name == "red_fives" or name in self.settable:
                continue
            played = self.plays.get(name, profile_house("riichi").get(name))
            if value != played:
                raise EngineSkipped(f"the package cannot play the house rule {name}: {value}")

    @abstractmethod
    def score(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        """The package's answer to a score request, as an mjspec outcome."""
