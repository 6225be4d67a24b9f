"""``.. mjspec-compare::``: the variants side by side, one row per question a player asks
(how many tiles, how many to win, chows, going out on a chow, the order of claims, several
winners, tiles kept back, the unit of the score, the limit, the match), every cell read
from the profiles and linked, where a catalogue states it, to the rule that says so."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from docutils import nodes

from spec import variant_ids
from spec.profile import Profile

from .directives import MjspecDirective
from .domain import domain_of, xref
from .nodes_util import Cell, para, table


@dataclass(frozen=True)
class Row:
    """One question: its label, the answer from a profile, and the patterns of the ids of
    the rules that state it (the first rule of the catalogue matching one is linked)."""

    label: str
    answer: Callable[[Profile], str]
    rules: tuple[str, ...] = ()


def _held_back(profile: Profile) -> str:
    if profile.kong_box:
        return f"a kong box of {profile.kong_box} (kong replacements only)"
    dead = profile.sections.get("play", {}).get("dead_wall")
    if dead:
        return f"a dead wall of {dead} (replacements and indicators)"
    if profile.reserved_tiles:
        return f"the last {profile.reserved_tiles} (replacements shorten the live wall)"
    return "none: the whole wall is drawn"


def _chow_win(profile: Profile) -> str:
    if not profile.chow_allowed:
        return "no chows"
    if profile.sections.get("play", {}).get("chow_win_from_anyone") is False:
        return "only on the previous player's discard, as any chow (an option: from anyone)"
    return "on any player's discard"


def _priority(profile: Profile) -> str:
    order = ("win", "pung", "kong", "chow")
    levels = [
        " / ".join(sorted((kind.value for kind in level), key=order.index))
        for level in profile.claim_priority
    ]
    return " > ".join(levels)


def _limit(profile: Profile) -> str:
    """The limit as the family's section of the profile sets it (a limit on the value, a cap
    on the fan) or as a score in han has it."""
    section = profile.sections.get(profile.family, {})
    if "limit" in section:
        rounding = f", rounded to {section['round_to']}" if section.get("round_to") else ""
        return f"{section['limit']} before East's doubling{rounding}"
    if "cap_fan" in section:
        cap = int(section["cap_fan"])
        return f"{cap} fan ({2**cap})"
    if profile.outcome.figure("han") is not None:
        return "mangan and above, by han (the limit table)"
    return "none"


def _match(profile: Profile) -> str:
    lengths = profile.sections.get("match", {}).get("lengths", {})
    return ", ".join(lengths) if lengths else "a number of hands"


ROWS = (
    Row(
        "Tiles",
        lambda p: f"{len(p.tiles.full_set())} ({len(p.tiles.flowers)} flowers)",
        (
            r"\.tiles\.set$",
            r"\.tiles\.",
        ),
    ),
    Row(
        "Tiles to win",
        lambda p: f"{p.hand_size + 1}: {p.sets} sets and a pair (other shapes: see the rule)",
        (r"hand-shape", r"four-sets-and-a-pair", r"structure\."),
    ),
    Row(
        "Chow on a discard",
        lambda p: "from the previous player" if p.chow_allowed else "never",
        (r"claims\.(chow|no-chow|chii)",),
    ),
    Row("Going out on a chow", _chow_win, (r"claims\.chow-win",)),
    Row("Claim order", _priority, (r"claims\..*priority",)),
    Row(
        "Several winners on one discard",
        lambda p: "all win" if p.multiple_winners else "one: the nearest after the discarder",
        (r"multiple|claims\.win$|nearest|first-to-the-right",),
    ),
    Row("Tiles kept back", _held_back, (r"dead-wall|kong-box|last-16|play\.wall$",)),
    Row("Score", lambda p: ", ".join(f.name.replace("_", " ") for f in p.outcome.figures)),
    Row("Limit", _limit, (r"limits\.(doubling|limit|value)$|win\.value$|limits\.",)),
    Row("Match", _match, (r"match\.|rounds\.",)),
)


class CompareDirective(MjspecDirective):
    """``.. mjspec-compare::``: every bundled variant, one column each."""

    def run(self) -> list[nodes.Node]:
        data = self.spec()
        domain_of(self.env).note_live(self.env.docname)
        variants = [v for v in variant_ids() if data.profile(v) is not None]
        rows: list[list[Cell]] = []
        for row in ROWS:
            cells: list[Cell] = [nodes.strong("", row.label)]
            for variant in variants:
                profile = data.profile(variant)
                assert profile is not None
                cell: list[nodes.Node] = [para(row.answer(profile))]
                rule = self._rule(variant, row.rules)
                if rule is not None:
                    cell.append(para(xref("rule", rule, self.env.docname), classes=["mj-meta"]))
                cells.append(cell)
            rows.append(cells)
        names = [profile.name for v in variants if (profile := data.profile(v)) is not None]
        return [table(["", *names], rows, classes=["mj-compare"])]

    def _rule(self, variant: str, patterns: tuple[str, ...]) -> str | None:
        catalogue = self.spec().catalogue(variant)
        if catalogue is None:
            return None
        for pattern in patterns:
            found = next((r.id for r in catalogue.rules if re.search(pattern, r.id)), None)
            if found is not None:
                return found
        return None
