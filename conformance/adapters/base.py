"""What every adapter shares: its identity, its expectations file, and the guard that
it answers only ``score`` requests of the variants it declares."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from importlib.metadata import version
from pathlib import Path
from typing import Any, ClassVar

from conformance.engine import EngineSkipped


def missing_package(adapter: str, requirement: str) -> ImportError:
    """The error of an adapter whose package is not installed, with commands that paste
    into any shell (quoted: ``>`` and ``<`` would redirect, ``[`` would glob in zsh)."""
    return ImportError(
        f"the {adapter} adapter needs its package: pip install '{requirement}' "
        "(or every adapter's, from a clone of mjspec: pip install '.[adapters]')"
    )


class ScoreAdapter(ABC):
    """A third-party package behind the engine interface, answering ``score`` requests."""

    name: ClassVar[str]
    package: ClassVar[str]
    variants: ClassVar[tuple[str, ...]] = ("riichi", "riichi-sanma")

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
        return self.score(request)

    @abstractmethod
    def score(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        """The package's answer to a score request, as an mjspec outcome."""
