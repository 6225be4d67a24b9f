"""``.. mjspec-compare::``: the variants side by side, one row per question a player asks
(how many tiles, how many to win, chows, going out on a chow, the order of claims, several
winners, tiles kept back, the unit of the score, the limit, the match), every cell read
from the profiles and linked to the rule that says so (the variant's own, or the one its
catalogue inherits).

The variants are grouped so that each table stays readable on a phone: a rule set with the
rule sets whose catalogues inherit it (riichi and the platforms' riichi, for instance), each
in its own table with a row of the rules by which it differs; the rule sets that stand alone
share one more. An answer every variant of a table gives alike is written once, across.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from docutils import nodes
from sphinx import addnodes

from conformance.corpus import Catalogue
from spec import variant_ids
from spec.profile import Profile

from .directives import MjspecDirective
from .domain import domain_of, xref
from .nodes_util import para


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


@dataclass(frozen=True)
class Group:
    """The variants of one table: a rule set (``base``) and the rule sets whose catalogues
    inherit it, or (``base`` None) the rule sets that stand alone."""

    title: str
    variants: tuple[str, ...]
    base: str | None = None


@dataclass(frozen=True)
class Answer:
    """One variant's answer to one question, and the rule that states it."""

    text: str
    rule: str | None = None


def _chain(variant: str, catalogues: Mapping[str, Catalogue]) -> list[str]:
    """``variant`` and the rule sets its catalogue inherits, nearest first."""
    chain = [variant]
    while (catalogue := catalogues.get(chain[-1])) is not None and catalogue.inherits:
        if catalogue.inherits in chain:  # a cycle is the corpus loader's error to report
            break
        chain.append(catalogue.inherits)
    return chain


def groups(profiles: Mapping[str, Profile], catalogues: Mapping[str, Catalogue]) -> list[Group]:
    """Every variant of ``profiles`` in one group: each rule set that others inherit, with
    them (its own first), then the rule sets that stand alone, in ``profiles``' order."""
    by_root: dict[str, list[str]] = {}
    for variant in profiles:
        by_root.setdefault(_chain(variant, catalogues)[-1], []).append(variant)
    out: list[Group] = []
    alone: list[str] = []
    for root, members in by_root.items():
        if len(members) == 1 or root not in profiles:
            alone.extend(members)
            continue
        others = tuple(v for v in members if v != root)
        title = f"{profiles[root].name} and the rule sets built on it"
        out.append(Group(title, (root, *others), root))
    if alone:
        families = sorted({profiles[v].family.capitalize() for v in alone})
        named = " and ".join(filter(None, (", ".join(families[:-1]), families[-1])))
        out.append(Group(f"{named} rule sets", tuple(alone)))
    return out


def stating_rule(
    variant: str, patterns: Sequence[str], catalogues: Mapping[str, Catalogue]
) -> str | None:
    """The first rule of ``variant``'s catalogue whose id matches one of ``patterns`` (in
    their order); failing that, of the catalogue it inherits, leaving out the rules its own
    replace, and so on."""
    replaced: set[str] = set()
    for name in _chain(variant, catalogues):
        catalogue = catalogues.get(name)
        if catalogue is None:
            break
        for pattern in patterns:
            found = next(
                (
                    r.id
                    for r in catalogue.rules
                    if r.id not in replaced and re.search(pattern, r.id)
                ),
                None,
            )
            if found is not None:
                return found
        replaced |= catalogue.replaced
    return None


def answers(
    row: Row,
    group: Group,
    profiles: Mapping[str, Profile],
    catalogues: Mapping[str, Catalogue],
) -> list[Answer]:
    """Each variant's answer to ``row``'s question, in the group's order."""
    return [
        Answer(
            row.answer(profiles[v]), stating_rule(v, row.rules, catalogues) if row.rules else None
        )
        for v in group.variants
    ]


def differences(variant: str, catalogues: Mapping[str, Catalogue]) -> list[tuple[str, str]]:
    """The id and title of each rule by which ``variant`` differs from the rule set at the end
    of its ``inherits`` chain: the rules of its own catalogue, then those of each catalogue
    it inherits short of that last one (none for a rule set that inherits nothing)."""
    return [
        (rule.id, rule.title)
        for name in _chain(variant, catalogues)[:-1]
        for rule in catalogues[name].rules
    ]


ALL = {2: "Both", 3: "All three", 4: "All four", 5: "All five"}


class CompareDirective(MjspecDirective):
    """``.. mjspec-compare::``: every bundled variant, one section and table per group."""

    def run(self) -> list[nodes.Node]:
        data = self.spec()
        domain_of(self.env).note_live(self.env.docname)
        profiles = {v: profile for v in variant_ids() if (profile := data.profile(v)) is not None}
        catalogues = data.corpus.catalogues
        out: list[nodes.Node] = []
        for group in groups(profiles, catalogues):
            section = self.new_section([nodes.make_id(group.title)], group.title)
            section += self._table(group, profiles, catalogues)
            out.append(section)
        return out

    def _table(
        self, group: Group, profiles: Mapping[str, Profile], catalogues: Mapping[str, Catalogue]
    ) -> nodes.table:
        names = {v: self._variant_link(v, profiles[v].name) for v in group.variants}
        node = nodes.table(classes=["mj-table", "colwidths-auto", "mj-compare"])
        tgroup = nodes.tgroup(cols=len(group.variants) + 1)
        node += tgroup
        tgroup.extend(nodes.colspec(colwidth=1) for _ in range(len(group.variants) + 1))
        head = nodes.thead()
        head += _row([_entry([para()]), *(_entry([para(names[v])]) for v in group.variants)])
        tgroup += head
        body = nodes.tbody()
        if group.base is not None:
            body += self._differs_row(group, profiles, catalogues, names)
        for row in ROWS:
            body += self._question_row(row, answers(row, group, profiles, catalogues), names)
        tgroup += body
        return node

    def _question_row(
        self, row: Row, given: list[Answer], names: Mapping[str, nodes.Node]
    ) -> nodes.row:
        label = _entry([para(nodes.strong("", row.label))])
        if len(given) > 1 and len(set(given)) == 1:
            who = para(ALL.get(len(given), f"All {len(given)}"), classes=["mj-compare-who"])
            across = _entry([who, *self._answer(given[0])], ["mj-compare-same"])
            across["morecols"] = len(given) - 1
            return _row([label, across])
        cells = [
            _entry([para(names[variant].deepcopy(), classes=["mj-compare-who"]), *self._answer(a)])
            for variant, a in zip(names, given, strict=True)
        ]
        return _row([label, *cells])

    def _answer(self, answer: Answer) -> list[nodes.Node]:
        out: list[nodes.Node] = [para(answer.text)]
        if answer.rule is not None:
            out.append(para(xref("rule", answer.rule, self.env.docname), classes=["mj-meta"]))
        return out

    def _differs_row(
        self,
        group: Group,
        profiles: Mapping[str, Profile],
        catalogues: Mapping[str, Catalogue],
        names: Mapping[str, nodes.Node],
    ) -> nodes.row:
        """Each variant's own rules, by which it differs from the group's base."""
        assert group.base is not None
        base = profiles[group.base].name
        cells = [_entry([para(nodes.strong("", f"Differs from {base}"))])]
        for variant in group.variants:
            who = para(names[variant].deepcopy(), classes=["mj-compare-who"])
            rules = differences(variant, catalogues)
            if variant == group.base:
                cells.append(_entry([who, para("the rule set the others build on")]))
                continue
            items = nodes.bullet_list(classes=["mj-compare-rules"])
            for rule_id, title in rules:
                item = nodes.list_item()
                item += para(xref("rule", rule_id, self.env.docname, title, code=False))
                items += item
            cells.append(_entry([who, items] if rules else [who, para("no rule of its own")]))
        return _row(cells)

    def _variant_link(self, variant: str, name: str) -> nodes.Node:
        """The variant's name, linked to its page when the site has one."""
        page = f"variants/{variant}"
        if page not in self.env.found_docs:
            return nodes.Text(name)
        node = addnodes.pending_xref(
            "",
            refdomain="std",
            reftype="doc",
            reftarget=f"/{page}",
            refdoc=self.env.docname,
            refexplicit=True,
        )
        node += nodes.inline(name, name)
        return node


def _entry(children: Sequence[nodes.Node], classes: Sequence[str] = ()) -> nodes.entry:
    node = nodes.entry(classes=list(classes))
    node.extend(children)
    return node


def _row(entries: Sequence[nodes.entry]) -> nodes.row:
    node = nodes.row()
    node.extend(entries)
    return node
