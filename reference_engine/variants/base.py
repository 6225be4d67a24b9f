"""The variant interface: a profile plus hooks for what differs between rule sets.

Like python-chess's ``Board`` subclasses, each rule set is a subclass that
overrides a few named hooks; :func:`reference_engine.variants.find_variant`
finds one by id or alias.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from types import MappingProxyType
from typing import Any, ClassVar

from reference_engine.play.rules import PlayRules
from spec.errors import RuleError
from spec.profile import Profile

Outcome = dict[str, Any]


class Variant:
    """A rule family over one variant's profile. Subclasses name their ``family`` (the
    profile's ``family``) and implement, as a method of the kind's name, each kind that
    the profile says its rules answer (``kinds``)."""

    family: ClassVar[str]
    play_options: ClassVar[Mapping[str, bool]] = MappingProxyType({})
    """The switches of the profile's ``play`` section a request's ``options`` may set for
    one table, each with its value where the profile says nothing."""

    def __init__(self, profile: Profile) -> None:
        unanswered = [kind for kind in profile.kinds if not callable(getattr(self, kind, None))]
        if unanswered:
            raise RuleError(
                "invalid-profile",
                f"{profile.variant} names kinds its family {self.family} does not answer: "
                + ", ".join(unanswered),
                path=("kinds",),
            )
        self.profile = profile
        self.id = profile.variant
        self._table_variants: dict[tuple[tuple[str, bool], ...], Variant] = {}

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of request this variant answers: its profile's ``kinds``."""
        return self.profile.kinds

    def play_option(self, name: str) -> bool:
        """The profile's choice of the switch ``name`` (one of :attr:`play_options`)."""
        return bool(self.profile.sections.get("play", {}).get(name, self.play_options[name]))

    def at_table(self, options: object) -> Variant:
        """This variant at a table whose request sets ``options``, each a switch of
        :attr:`play_options` set true or false (built once per choice); an
        ``invalid-request`` naming the option otherwise."""
        if not isinstance(options, Mapping) or set(options) - set(self.play_options):
            raise RuleError("invalid-request", "unknown rule option", path=("options",))
        chosen = {name: self.play_option(name) for name in self.play_options}
        for name, value in options.items():
            if not isinstance(value, bool):
                raise RuleError(
                    "invalid-request", f"{name} is true or false", path=("options", name)
                )
            chosen[name] = value
        key = tuple(sorted(chosen.items()))
        if key not in self._table_variants:
            play = {**self.profile.sections.get("play", {}), **chosen}
            sections = MappingProxyType({**self.profile.sections, "play": play})
            self._table_variants[key] = type(self)(replace(self.profile, sections=sections))
        return self._table_variants[key]

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
            rest = {key: value for key, value in given.items() if key != "options"}
            return self.at_table(given["options"]).evaluate(kind, rest)
        handler = getattr(self, kind)
        result: Outcome = handler(given)
        return result
