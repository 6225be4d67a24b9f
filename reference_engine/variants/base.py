"""The variant interface: a profile plus hooks for what differs between rule sets.

Like python-chess's ``Board`` subclasses, each rule set is a subclass that
overrides a few named hooks; :func:`reference_engine.variants.find_variant`
finds one by id or alias.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, ClassVar

from reference_engine.play.rules import PlayRules
from spec.errors import RuleError
from spec.profile import Profile

Outcome = dict[str, Any]


class Variant:
    """A rule family over one variant's profile. Subclasses name their ``family`` (the
    profile's ``family``) and implement the kinds they answer."""

    family: ClassVar[str]
    kinds: ClassVar[tuple[str, ...]] = ()

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.id = profile.variant

    def play_rules(self) -> PlayRules:
        """The hooks of the game state machine (variants that can be played override this)."""
        raise RuleError("unsupported-kind", f"{self.id} cannot be played yet")

    def prepared(self, kind: str, given: Mapping[str, Any]) -> Callable[[], object]:
        """The computation of one request with its input already read (for benchmarks);
        a variant that parses apart from computing overrides this."""
        return partial(self.evaluate, kind, given)

    def evaluate(self, kind: str, given: Mapping[str, Any]) -> Outcome:
        """Answer one request of ``kind``; raise :class:`RuleError` for a coded error."""
        if kind not in self.kinds:
            raise RuleError("unsupported-kind", f"{self.id} does not answer {kind!r} requests")
        if "options" in given:
            raise RuleError("invalid-request", f"{self.id} has no rule options", path=("options",))
        handler = getattr(self, kind)
        result: Outcome = handler(given)
        return result
