"""Which rules of a variant's catalogue a replayed hand exercises, and which one its first
divergence is about: found by the rule ids' last parts (``payments.ron`` is
``riichi.payments.ron`` in the riichi catalogue and ``sanma.payments.ron`` in sanma's) and
by the patterns the rules name, among the rules a fixture of the variant may cite."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from conformance.corpus import Rule, load_catalogues
from conformance.replay.ending import LoggedEnd
from spec.catalogue import first_ending

ACTIONS = {  # an action's verb -> the rules that allow it
    "riichi": ("play.riichi",),
    "chow": ("claims.chi-previous-only", "claims.no-chi"),
    "pung": ("claims.pon-kan",),
    "kong": ("claims.pon-kan",),
    "concealed-kong": ("play.kongs", "play.kong-limits"),
    "added-kong": ("play.kongs", "play.kong-limits"),
    "north": ("play.north-extraction",),
    "nine-terminals": ("abortive.nine-terminals-declared", "abortive.nine-terminals"),
    "win": ("claims.ron-needs-yaku",),
}
DRAWS = {  # a draw's reason -> the rules that settle it
    "exhaustive": ("draws.noten-payments",),
    "nine-terminals": ("abortive.nine-terminals",),
    "four-kongs": ("abortive.four-kongs",),
    "four-winds": ("abortive.four-winds",),
    "four-riichi": ("abortive.four-riichi",),
    # where three rons do not abort (Mahjong Soul), the rule that has all three win
    "triple-ron": ("abortive.triple-ron", "draws.no-triple-ron-abort"),
}
VALUES = {  # a figure of a win's value -> the rules that set it
    "han": ("points.base",),
    "fu": ("fu.base-and-rounding",),
    "limit": ("points.limits",),
}
NAGASHI = ("draws.nagashi-mangan",)
GAME_END = ("house.busting", "match.below-zero")
GAME_ENDS = {  # what decides whether a game ends after a hand -> the rules that say so
    "below-zero": GAME_END,
    "dealer": ("match.dealer-stop", "match.no-agari-yame"),
    "length": ("match.extension", "match.length"),
}
TSUMO = ("payments.tsumo", "payments.tsumo-split")
RON = ("payments.ron",)


@cache
def finder_for(variant: str) -> RuleFinder:
    """The finder of a bundled variant's rules (its catalogue, and those it inherits,
    loaded once per process)."""
    return RuleFinder(load_catalogues([variant]).rules_of(variant))


class RuleFinder:
    """The rules of one variant (its catalogue's and those it inherits), by id's last parts."""

    def __init__(self, rules: Mapping[str, Rule]) -> None:
        self.rules = rules
        self.by_pattern = {rule.pattern: rule.id for rule in rules.values() if rule.pattern}
        self._found: dict[tuple[str, ...], str | None] = {}
        self._of_action: dict[str, str | None] = {}  # a replay's actions repeat

    def first(self, suffixes: Iterable[str]) -> str | None:
        """The first rule whose id ends with one of ``suffixes``, tried in order (looked up
        once for each tuple of suffixes: a replay asks for the same ones at every action)."""
        key = tuple(suffixes)
        if key not in self._found:
            self._found[key] = first_ending(self.rules, key)
        return self._found[key]

    def of_action(self, action: str) -> str | None:
        """The rule that allows an action of a script (``east pung 5m``)."""
        if action not in self._of_action:
            words = action.split()
            found = self.first(ACTIONS.get(words[1], ())) if len(words) > 1 else None
            self._of_action[action] = found
        return self._of_action[action]

    def of_end(self, result: Mapping[str, Any], end: LoggedEnd | None) -> list[str]:
        """The rules a hand's end exercises: each winner's patterns and its payment, or the
        draw's settlement; an exhaustive draw the log ends with a nagashi mangan exercised
        that rule in place of the noten payments (the play result does not say nagashi: its
        payments are compared with the log's)."""
        found: list[str | None] = []
        if result.get("end") == "win":
            found.append(self.first(TSUMO if end is not None and end.self_drawn else RON))
            for winner in result.get("winners", ()):
                patterns = winner.get("patterns", {}) if isinstance(winner, Mapping) else {}
                found += [self.by_pattern.get(str(p)) for p in patterns]
        elif end is not None and end.nagashi and result.get("reason") == end.reason:
            found.append(self.first(NAGASHI))
        else:
            found.append(self.first(DRAWS.get(str(result.get("reason")), ())))
        return [rule_id for rule_id in found if rule_id is not None]

    def of_hand(
        self, actions: Sequence[str], result: Mapping[str, Any] | None, end: LoggedEnd | None
    ) -> tuple[str, ...]:
        """Every rule a replayed hand exercises, once each, in order of first use (``end``:
        the hand's end as its log tells it)."""
        found = dict.fromkeys(map(self.of_action, actions))  # in order of first use
        ids = [rule_id for rule_id in found if rule_id is not None]
        if result is not None:
            ids += self.of_end(result, end)
        return tuple(dict.fromkeys(ids))

    def of_game_end(self, cause: str) -> str | None:
        """The rule that decides a game's end by ``cause`` (:data:`GAME_ENDS`): a player
        below zero, the dealer dealing again, or the match's length."""
        return self.first(GAME_ENDS[cause])

    def of_difference(self, item: str, end: LoggedEnd, pattern: str | None = None) -> str | None:
        """The rule a difference at the end is about: the draw's settlement (the log's
        reason; a nagashi mangan's own rule), who may win, the yaku in question
        (``pattern``) or the figure of the value, or the winner's payment; for the game's
        end, the rule that ends it below zero."""
        if item == "game end":
            return self.first(GAME_END)
        if end.end == "draw" and end.nagashi:
            return self.first(NAGASHI)
        if end.end == "draw" and end.reason in DRAWS:
            return self.first(DRAWS[end.reason])
        if item == "yaku" and pattern in self.by_pattern:
            return self.by_pattern[pattern]
        if item in VALUES:
            return self.first(VALUES[item])
        if item in ("end", "winners"):
            return self.first(("claims.ron-needs-yaku", "claims.multiple-ron"))
        return self.first(TSUMO if end.self_drawn else RON)
