"""The directives that draw a variant's pages from ``spec/``.

- ``mjspec-rules:: <variant>``: the rule catalogue by area, each rule with its fixtures;
- ``mjspec-pattern-table:: <variant>``: the scoring table of the profile (tai, or the
  yaku table of a riichi profile: han closed and open, yakuman, dora);
- ``mjspec-limit-table:: <variant>`` and ``mjspec-payment-table:: <variant>``: the
  limits and the payment multipliers of a riichi profile;
- ``mjspec-example:: <fixture id>``: one fixture, evaluated live by the reference engine;
- ``mjspec-fixture-yaml:: <fixture id>``: the fixture's YAML file as written;
- ``mjspec-fixtures:: <variant>``: every fixture of a variant by area (``:area:``,
  ``:worked-examples:`` to draw only the source's worked examples).

A fixture that the engine does not reproduce is logged as an error at the
fixture's file and line and recorded in the ``mjspec`` domain; the build then
exits with status 1 (see :mod:`mjspec_docs`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import spec
from conformance.corpus import Case, Catalogue, Rule
from conformance.problems import Problem
from spec.profile import PatternValue, Profile
from spec.requests import house_rules

from . import riichi
from .domain import Failure, Target, anchor_for, domain_of, xref
from .fixtures import FixtureView, source_path
from .live import Spec, current, extended_variants
from .nodes_util import Cell, literal, para, table
from .paging import parts

logger = logging.getLogger(__name__)


class MjspecDirective(SphinxDirective):
    """Shared helpers: the build's corpus, section making, failure reporting."""

    def spec(self) -> Spec:
        return current(Path(p) for p in self.config.mjspec_scenario_paths)

    def problem(self, message: str) -> list[nodes.Node]:
        logger.warning(message, location=self.get_location(), type="mjspec")
        return []

    def not_written(self, what: str, path: str) -> list[nodes.Node]:
        """A note in place of a file that does not exist yet (``mjspec validate`` reports it)."""
        logger.info("%s: %s does not exist yet", self.get_location(), path)
        note = nodes.note()
        note += para(f"The {what} of this variant is not written yet (", literal(path), ").")
        return [note]

    def new_section(self, ids: Sequence[str], title: str) -> nodes.section:
        node = nodes.section(ids=list(ids))
        node += nodes.title(title, title)
        self.claim_ids(node)
        return node

    def claim_ids(self, node: nodes.Element) -> None:
        document = self.state.document
        for identifier in node["ids"]:
            if identifier in document.ids:
                logger.warning("duplicate anchor %r", identifier, location=self.get_location())
            document.ids[identifier] = node

    def fixture_section(self, case: Case, *, listed: bool) -> nodes.section:
        """Evaluate ``case`` now and draw it; record it (and any disagreement) in the domain."""
        data = self.spec()
        evaluation = data.evaluate(case)
        view = FixtureView(
            self.env.docname,
            data.engine_label,
            data.profile(case.variant),
            data.catalogue(case.variant),
        )
        anchor = anchor_for(case.id, "" if listed else "example-")
        node = view.section(evaluation, [anchor, case.id] if listed else [anchor])
        self.claim_ids(node)
        target = Target(self.env.docname, anchor, case.title)
        domain = domain_of(self.env)
        domain.note_fixture(case.id, target, node, listed=listed)
        domain.note_live(self.env.docname)
        if evaluation.disagrees and case.status == "proposed":
            # a correction under review: drawn with the engine's answer, not a broken build
            logger.info("proposal %s: the reference engine disagrees", case.id)
            words = "A proposal under review: the reference engine disagrees ("
            node += para(words, "; ".join(evaluation.complaints()), ").", classes=["mj-meta"])
        elif evaluation.disagrees:
            reason = "; ".join(evaluation.complaints())
            domain.note_failure(self.env.docname, Failure(case.id, case.line, reason))
            logger.error(
                "the reference engine does not reproduce fixture %s (drawn in %s): %s",
                case.id,
                self.env.docname,
                reason,
                location=f"{case.file}:{case.line}",
                type="mjspec",
                subtype="fixture",
            )
        return node


def ordered_areas(catalogue: Catalogue | None, found: Sequence[str]) -> list[str]:
    """The catalogue's areas in its order, then any other area met, alphabetically."""
    known = list(catalogue.areas) if catalogue else []
    return known + sorted(set(found) - set(known))


def pattern_value(row: PatternValue, names: Mapping[str, str]) -> str:
    """The value of a pattern in words, from the profile (``1 tai per flower``)."""
    words = f"{row.value('tai')} tai" + (f" per {row.per}" if row.per else "")
    if row.optional("concealed_tai") is not None:
        words += f", {row.optional('concealed_tai')} tai when concealed"
    if row.replaces:
        words += "; scored instead of " + ", ".join(names.get(r, r) for r in row.replaces)
    if row.params:
        words += "; thresholds " + ", ".join(f"{k} = {v}" for k, v in row.params.items())
    return words


def value_words(row: PatternValue, profile: Profile) -> str:
    """A pattern's value in words, in tai or (riichi) in han and yakuman."""
    names = {r.id: r.name for r in profile.patterns}
    if riichi.scores_han(profile):
        return riichi.yaku_value(row, names)
    return pattern_value(row, names)


def generated_from(variant: str, profile: Profile) -> nodes.paragraph:
    """``Generated from spec/variants/<variant>/profile.yaml (...)``, with what it extends."""
    words: list[nodes.Node] = [
        nodes.emphasis("", "Generated from "),
        literal(f"spec/variants/{variant}/profile.yaml"),
    ]
    for parent in extended_variants(variant):
        words += [
            nodes.emphasis("", ", which extends "),
            literal(f"spec/variants/{parent}/profile.yaml"),
        ]
    words.append(
        nodes.emphasis("", f" ({profile.name}); the reference engine reads the same data.")
    )
    return para(*words, classes=["mj-meta"])


def dealer_sentence(profile: Profile) -> str:
    dealer = profile.dealer_tai
    if dealer is None:
        return "This profile has no dealer tai."
    return (
        f"Dealer tai: {dealer.base}, plus {dealer.per_streak_win} for each previous "
        "consecutive win of the dealer, settled between the dealer and the other "
        "player(s) of the payment."
    )


def scenario_problems(data: Spec, variant: str) -> list[Problem]:
    """Load problems of the variant's fixture files (its catalogue and profile apart)."""
    variants = spec.VARIANTS_DIR.resolve()

    def of_a_fixture(problem: Problem) -> bool:
        shown = Path(problem.file)  # relative to the working directory or to the repository
        places = [shown] if shown.is_absolute() else [shown, spec.ROOT.parent / shown]
        return not any(variants in place.resolve().parents for place in places)

    return [p for p in data.problems(variant) if of_a_fixture(p)]


class RulesDirective(MjspecDirective):
    """``.. mjspec-rules:: <variant>``: the catalogue grouped by area."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        variant = self.arguments[0]
        data = self.spec()
        catalogue = data.catalogue(variant)
        domain_of(self.env).note_live(self.env.docname)
        if catalogue is None:
            path = spec.VARIANTS_DIR / variant / "rules.yaml"
            if not path.exists():
                return self.not_written("rule catalogue", f"spec/variants/{variant}/rules.yaml")
            return self.problem(f"no valid rule catalogue for variant {variant!r}")
        profile = data.profile(variant)
        citing: dict[str, list[Case]] = {}
        for case in data.cases(variant):
            for rule_id in case.rules:
                citing.setdefault(rule_id, []).append(case)
        out: list[nodes.Node] = []
        for area in ordered_areas(catalogue, [rule.area for rule in catalogue.rules]):
            rules = [rule for rule in catalogue.rules if rule.area == area]
            if not rules:
                continue
            section = self.new_section(
                [anchor_for(f"{variant}-rules-{area}")], catalogue.areas.get(area, area)
            )
            folder = literal(f"spec/scenarios/{variant}/{area}/")
            section += para(f"{len(rules)} rules. Their fixtures live in ", folder, ".")
            for rule in rules:
                section.extend(self.rule(rule, catalogue, profile, citing.get(rule.id, [])))
            out.append(section)
        return out

    def rule(
        self, rule: Rule, catalogue: Catalogue, profile: Profile | None, cases: list[Case]
    ) -> list[nodes.section]:
        anchor = anchor_for(rule.id)
        node = self.new_section([anchor, rule.id], rule.title)
        node["classes"].append("mj-rule")
        origin = "a convention" if rule.provenance == "convention" else "the source"
        node += para(
            literal(rule.id, "mj-id"),
            f" · from {origin} · section “",
            nodes.emphasis(rule.section, rule.section),
            f"” ({catalogue.publisher}, {catalogue.source_file})",
            classes=["mj-meta"],
        )
        node += para(rule.statement)
        if rule.pattern and profile is not None:
            row = next((r for r in profile.patterns if r.id == rule.pattern), None)
            if row is None:
                logger.warning(
                    "rule %s names pattern %r, which the profile lacks",
                    rule.id,
                    rule.pattern,
                    location=self.get_location(),
                )
            else:
                node += para(
                    nodes.strong("", "Value: "),
                    value_words(row, profile),
                    " (pattern ",
                    literal(row.id),
                    " of the profile).",
                )
        if rule.provenance == "convention":
            convention = nodes.admonition(classes=["mj-convention"])
            convention += nodes.title("", "Convention followed")
            convention += para(rule.convention or "(the convention is not named)")
            node += convention
        if rule.replaces:
            replaced: list[nodes.Node] = [nodes.strong("", "Sets otherwise: ")]
            for index, other in enumerate(rule.replaces):
                replaced += [nodes.Text(", ")] if index else []
                replaced.append(xref("rule", other, self.env.docname))
            replaced.append(
                nodes.Text(" (the fixtures citing them are not run under this profile).")
            )
            node += para(*replaced)
        node += self.fixture_list(cases)
        node += self.propose_line(rule, catalogue)
        domain_of(self.env).note_rule(rule.id, Target(self.env.docname, anchor, rule.title), node)
        return [node]

    def propose_line(self, rule: Rule, catalogue: Catalogue) -> nodes.paragraph:
        """How to submit a correction of this rule: a fixture citing it, scaffolded."""
        guide: nodes.Node = nodes.inline("", "Proposing a correction")
        if "proposing" in self.env.found_docs:  # a site of its own (a test's) may lack it
            link = addnodes.pending_xref(
                "", refdomain="std", reftype="doc", reftarget="/proposing", refexplicit=True
            )
            link += guide
            guide = link
        command = f"mjspec propose --id {catalogue.variant}/{rule.area}/<name> --rule {rule.id}"
        return para(
            "Encoded wrongly? Propose a correction: a fixture citing this rule, with the "
            "outcome the rule text requires, scaffolded by ",
            literal(command + " --title ... <the hand>"),
            " (",
            guide,
            ").",
            classes=["mj-meta", "mj-propose"],
        )

    def fixture_list(self, cases: list[Case]) -> nodes.Node:
        if not cases:
            return para(nodes.emphasis("", "No fixture exercises this rule yet."))
        items = nodes.bullet_list(classes=["mj-fixture-list"])
        for case in cases:
            item = nodes.list_item()
            status = "" if case.status == "accepted" else f" ({case.status})"
            link = xref("fixture", case.id, self.env.docname, text=case.title)
            item += para(link, f"{status} ", literal(case.id, "mj-id"))
            items += item
        container = nodes.container(classes=["mj-fixtures-of-rule"])
        container += para(nodes.strong("", f"Fixtures ({len(cases)}):"))
        container += items
        return container


class SeatTableDirective(MjspecDirective):
    """``.. mjspec-seat-table:: <variant>``: who holds which seat wind at the first hand of
    each round (the profile's ``match.seat_table``), and the rotation within a round."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        variant = self.arguments[0]
        profile = self.spec().profile(variant)
        if profile is None:
            return self.problem(f"no valid profile for variant {variant!r}")
        seat_table = profile.sections.get("match", {}).get("seat_table")
        if not seat_table:
            return self.problem(f"the {variant} profile has no seat table")
        domain_of(self.env).note_live(self.env.docname)
        seats = [str(seat) for seat in profile.seats]
        rows: list[list[Any]] = []
        for round_wind, players in seat_table.items():
            for hand in range(len(seats)):
                turned = list(players[hand:]) + list(players[:hand])
                label = f"{round_wind.capitalize()} round, hand {hand + 1}"
                rows.append([label if hand else nodes.strong("", label), *turned])
        node = table(["Hand", *(seat.capitalize() for seat in seats)], rows)
        return [node, generated_from(variant, profile)]


class PatternTableDirective(MjspecDirective):
    """``.. mjspec-pattern-table:: <variant>``: the profile's scoring table, never retyped."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        variant = self.arguments[0]
        data = self.spec()
        profile = data.profile(variant)
        if profile is None:
            return self.problem(f"no valid profile for variant {variant!r}")
        domain_of(self.env).note_live(self.env.docname)
        catalogue = data.catalogue(variant)
        defining = {r.pattern: r.id for r in (catalogue.rules if catalogue else ()) if r.pattern}
        if riichi.scores_han(profile):
            names = {row.id: row.name for row in profile.patterns}

            def name_cell(pattern_id: str) -> nodes.Node:
                rule = defining.get(pattern_id)
                name = names.get(pattern_id, pattern_id)
                return xref("rule", rule, self.env.docname, text=name) if rule else para(name)

            out: list[nodes.Node] = [riichi.yaku_table(profile, name_cell)]
            base = self.spec().extended_profile(variant)
            if base is not None:
                out.append(riichi.compared_patterns(profile, base))
            return [*out, generated_from(variant, profile)]
        if profile.outcome.figure("doubles") is not None:  # points and doubles
            return [self.awards_table(variant, profile, defining), generated_from(variant, profile)]
        names = {row.id: row.name for row in profile.patterns}
        with_params = any(row.params for row in profile.patterns)
        # the numbers a row carries, as the profile's pattern_values name them (tai,
        # concealed_tai; fan), one column each; a limit hand is worth the limit
        value_names = list(dict.fromkeys(name for row in profile.patterns for name in row.values))
        headers = [
            "Pattern",
            "Spanish name",
            *(name.replace("_", " ").capitalize() for name in value_names),
            "Per",
            "Replaces",
        ]
        if with_params:
            headers.append("Thresholds")
        rows = []
        for row in profile.patterns:
            rule = defining.get(row.id)
            name = xref("rule", rule, self.env.docname, text=row.name) if rule else row.name
            numbers = [
                "limit"
                if row.is_limit and not index
                else ("" if row.optional(value) is None else str(row.optional(value)))
                for index, value in enumerate(value_names)
            ]
            cells: list[Any] = [
                [para(name), para(literal(row.id), classes=["mj-meta"])],
                row.name_es,
                *numbers,
                row.per or "",
                ", ".join(names.get(r, r) for r in row.replaces),
            ]
            if with_params:
                cells.append(", ".join(f"{k} = {v}" for k, v in row.params.items()))
            rows.append(cells)
        source = f"spec/variants/{variant}/profile.yaml"
        numeric = list(range(2, 2 + len(value_names)))
        node = table(headers, rows, classes=["mj-pattern-table"], numeric=numeric)
        return [
            node,
            *([para(dealer_sentence(profile))] if profile.dealer_tai else []),
            para(
                nodes.emphasis("", "Generated from "),
                literal(source),
                nodes.emphasis("", f" ({profile.name}); the reference engine reads the same file."),
                classes=["mj-meta"],
            ),
        ]

    def awards_table(
        self, variant: str, profile: Profile, defining: Mapping[str, str]
    ) -> nodes.table:
        """A points-and-doubles profile's awards: points (exposed and concealed), doubles,
        who scores each, what it replaces; limit hands marked as such."""
        names = {row.id: row.name for row in profile.patterns}
        limit = str(profile.sections.get(profile.family, {}).get("limit", ""))
        rows: list[list[Any]] = []
        for row in profile.patterns:
            rule = defining.get(row.id)
            name = xref("rule", rule, self.env.docname, text=row.name) if rule else row.name
            concealed = row.optional("concealed_points")
            rows.append(
                [
                    [para(name), para(literal(row.id), classes=["mj-meta"])],
                    row.name_es,
                    str(row.value("points") or "") if not row.is_limit else "",
                    "" if concealed is None else str(concealed),
                    str(row.value("doubles") or "") if not row.is_limit else "",
                    f"limit ({limit})" if row.is_limit else "",
                    "every player" if row.scorers == "all" else "the winner",
                    row.per or "",
                    ", ".join(names.get(r, r) for r in row.replaces),
                ]
            )
        headers = ["Award", "Spanish name", "Points", "Concealed", "Doubles", "Limit"]
        headers += ["Scored by", "Per", "Replaces"]
        return table(headers, rows, classes=["mj-pattern-table"], numeric=[2, 3, 4])


class RiichiTableDirective(MjspecDirective):
    """A table of a riichi profile's ``riichi`` section (limits or payments)."""

    required_arguments = 1
    what = ""

    def tables(self, profile: Profile, base: Profile | None) -> list[nodes.Node]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        variant = self.arguments[0]
        profile = self.spec().profile(variant)
        if profile is None:
            return self.problem(f"no valid profile for variant {variant!r}")
        domain_of(self.env).note_live(self.env.docname)
        drawn = self.tables(profile, self.spec().extended_profile(variant))
        if not drawn:
            return self.problem(f"the profile of {variant!r} states no riichi {self.what}")
        return [*drawn, generated_from(variant, profile)]


class LimitTableDirective(RiichiTableDirective):
    """``.. mjspec-limit-table:: <variant>``: the profile's ``riichi: limits`` table."""

    what = "limits"

    def tables(self, profile: Profile, base: Profile | None) -> list[nodes.Node]:
        return riichi.limits_table(profile, base)


class PaymentTableDirective(RiichiTableDirective):
    """``.. mjspec-payment-table:: <variant>``: the profile's ``riichi: payments`` table."""

    what = "payments"

    def tables(self, profile: Profile, base: Profile | None) -> list[nodes.Node]:
        return riichi.payments_table(profile, base)


class HouseTableDirective(RiichiTableDirective):
    """``.. mjspec-house-table:: <variant>``: the profile's ``riichi: house`` rules, each
    with its rule and, for a profile that extends another, the other's choice."""

    what = "house rules"

    def tables(self, profile: Profile, base: Profile | None) -> list[nodes.Node]:
        house = riichi.riichi_section(profile).get("house", {})
        before = riichi.riichi_section(base).get("house", {}) if base is not None else {}
        headers = ["House rule", "Rule", "Here"]
        if base is not None:
            headers.append(base.name)
        rules = {rule.name: rule for rule in house_rules()}
        rows: list[list[Cell]] = []
        for name, value in house.items():
            row: list[Cell] = [
                literal(str(name)),
                [xref("rule", rules[name].rule_id, self.env.docname)],
                riichi.choice_words(value),
            ]
            if base is not None:
                row.append(riichi.choice_words(before.get(name, "absent")))
            rows.append(row)
        return [table(headers, rows, classes=["mj-house-table"])] if rows else []


class ExampleDirective(MjspecDirective):
    """``.. mjspec-example:: <fixture id>``: one fixture, computed while the page builds."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        case = self.spec().case(self.arguments[0])
        if case is None:
            return self.problem(f"no valid fixture with id {self.arguments[0]!r}")
        return [self.fixture_section(case, listed=False)]


class FixtureSourceDirective(MjspecDirective):
    """``.. mjspec-fixture-yaml:: <fixture id>``: the fixture file as written."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        case = self.spec().case(self.arguments[0])
        if case is None:
            return self.problem(f"no valid fixture with id {self.arguments[0]!r}")
        domain_of(self.env).note_live(self.env.docname)
        text = Path(case.file).read_text(encoding="utf-8").rstrip()
        return [
            para(nodes.emphasis("", "File "), literal(source_path(case)), classes=["mj-meta"]),
            nodes.literal_block(text, text, language="yaml"),
        ]


class FixturesDirective(MjspecDirective):
    """``.. mjspec-fixtures:: <variant>``: every fixture of the variant, grouped by area
    (``:area:`` one area; ``:part:`` with it, one of the pages :mod:`.paging` cuts it in)."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "area": directives.unchanged_required,
        "part": directives.positive_int,
        "worked-examples": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        variant = self.arguments[0]
        data = self.spec()
        cases = [c for c in data.cases(variant) if self.options.get("area", c.area) == c.area]
        if "part" in self.options:  # one page of an area cut by .paging (needs :area:)
            cut = parts(cases)
            cases = cut[self.options["part"] - 1] if self.options["part"] <= len(cut) else []
        domain_of(self.env).note_live(self.env.docname)
        invalid = scenario_problems(data, variant)
        if not cases and not invalid:
            folder = f"spec/scenarios/{variant}/"
            if "area" in self.options:
                folder += f"{self.options['area']}/"
            return [para(nodes.emphasis("", "No fixture yet in "), literal(folder), ".")]
        if "worked-examples" in self.options:
            worked = [self.fixture_section(c, listed=False) for c in cases if c.worked_example]
            if worked:
                return list(worked)
            return [para(nodes.emphasis("", "No fixture is marked as a worked example yet."))]
        for found in invalid:
            logger.warning(
                "invalid file left out of the docs: %s: %s",
                found.code,
                found.message,
                location=f"{found.file}:{found.line}",
                type="mjspec",
            )
        catalogue = data.catalogue(variant)
        sections: list[nodes.Node] = []
        for area in ordered_areas(catalogue, [case.area for case in cases]):
            in_area = [case for case in cases if case.area == area]
            if not in_area:
                continue
            heading = catalogue.areas.get(area, area) if catalogue else area
            section = self.new_section([anchor_for(f"{variant}-fixtures-{area}")], heading)
            section += para(
                f"{len(in_area)} fixtures in ", literal(f"spec/scenarios/{variant}/{area}/"), "."
            )
            section.extend(self.fixture_section(case, listed=True) for case in in_area)
            sections.append(section)
        evaluations = [data.evaluate(case) for case in cases]
        agreed = sum(1 for evaluation in evaluations if evaluation.agrees)
        pending = sorted({e.case.kind for e in evaluations if not e.computed})
        words = (
            f"{len(cases)} fixtures. While this page was built, {data.engine_label} "
            f"reproduced {agreed} of them."
        )
        if pending:
            count = sum(1 for evaluation in evaluations if not evaluation.computed)
            words += (
                f" {count} {'was' if count == 1 else 'were'} not computed: the reference "
                "engine does not answer "
                f"{', '.join(pending)} yet."
            )
        summary = para(words, classes=["mj-summary"])
        return [summary, *sections]


__all__ = [
    "ExampleDirective",
    "FixtureSourceDirective",
    "FixturesDirective",
    "LimitTableDirective",
    "MjspecDirective",
    "PatternTableDirective",
    "PaymentTableDirective",
    "RulesDirective",
]
