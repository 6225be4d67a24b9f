"""A fixture drawn for readers: the situation with its tiles, the live result, the notes.

:class:`FixtureView` turns one :class:`~mjspec_docs.live.Evaluation` into docutils
nodes. The result shown is the reference engine's outcome, computed while the
page is built; the fixture's own ``expect`` is what it was checked against.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml
from docutils import nodes

import spec
from conformance.corpus import Case, Catalogue, thaw
from conformance.score_cli import options_of
from spec.errors import RuleError
from spec.profile import Profile

from . import riichi
from .calculator_address import calculator_link
from .domain import xref
from .games_claim import claim_answer, claim_situation
from .games_common import SEATS, TABLE_FLAGS
from .games_match import (
    is_riichi_match,
    match_answer,
    match_situation,
    riichi_match_answer,
    riichi_match_situation,
)
from .games_play import PlayView
from .live import Evaluation
from .nodes_util import (
    field_list,
    joined,
    literal,
    para,
    table,
    tile_groups_para,
    tiles_para,
)
from .tiles import parse_groups

WINS = {
    "self-draw": "self-draw",
    "discard": "on {from}'s discard",
    "robbing-kong": "robbing the kong {from} was adding to",
    "eight-flowers": "eight flowers",
    "flower-capture": "capturing the eighth flower, shown by {from}",
}
SHAPES = {
    "sets-and-pair": "five sets and a pair",
    "seven-pairs-and-pung": "seven pairs and a pung",
}


def seat_name(seat: object) -> str:
    return str(seat).capitalize()


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else str(amount)


def meld_caption(meld: Mapping[str, Any]) -> str:
    kind = str(meld.get("type", "meld"))
    if meld.get("concealed"):
        return f"concealed {kind}"
    if meld.get("added"):
        return f"{kind} made by adding a tile to an exposed pung"
    if "from" in meld:
        return f"{kind} claimed from {seat_name(meld['from'])}"
    return f"exposed {kind}"


def source_path(case: Case) -> str:
    """The fixture's file relative to the repository (where a rule expert would edit it)."""
    try:
        return Path(case.file).resolve().relative_to(spec.ROOT.parent).as_posix()
    except ValueError:
        return Path(case.file).as_posix()


SUIT_NAMES = {"m": "characters (m)", "p": "dots (p)", "s": "bamboo (s)"}


@dataclass(frozen=True)
class FixtureView:
    """Draws fixtures of one variant for one document."""

    docname: str
    engine_label: str
    profile: Profile | None
    catalogue: Catalogue | None

    # --- the parts ---------------------------------------------------------------------
    def header(self, case: Case) -> list[nodes.Node]:
        facts: list[nodes.Node] = [literal(case.id, "mj-id"), nodes.Text(f" · {case.kind}")]
        if case.status != "accepted":
            facts.append(nodes.strong("", f" · {case.status}"))
        if case.section:
            facts.append(nodes.Text(" · source section “"))
            facts.append(nodes.emphasis(case.section, case.section))
            facts.append(nodes.Text("”"))
        if case.worked_example:
            facts.append(nodes.Text(" (a worked example printed in the source)"))
        rules = [xref("rule", rule_id, self.docname) for rule_id in case.rules]
        return [
            para(*facts, classes=["mj-meta"]),
            para("Rules: ", *joined(rules), classes=["mj-meta"]),
        ]

    def calculator(self, case: Case) -> list[nodes.Node]:
        """A score fixture's link to the calculator filled with its hand, when the options of
        ``mjspec score`` can say it (the address built here, every value percent-encoded)."""
        argv = options_of(case.variant, thaw(case.given)) if case.kind == "score" else None
        if argv is None:
            return []
        link = nodes.reference(
            "", "Open in the calculator", refuri=calculator_link(argv, self.docname)
        )
        return [para(link, classes=["mj-calc-open"])]

    def situation(self, evaluation: Evaluation) -> list[nodes.Node]:
        """What the fixture gives, drawn; for ``play`` also the script and the checkpoints."""
        case = evaluation.case
        given = thaw(case.given)
        if case.kind == "score":
            return [field_list(self._score_fields(given))]
        if case.kind == "analyse":
            fields: list[tuple[str, list[nodes.Node]]] = [
                ("Tiles", [tiles_para(str(given.get("concealed", "")))])
            ]
            if given.get("melds"):
                fields.append(("Melds", self._melds(given["melds"])))
            return [field_list(fields)]
        if case.kind == "play":
            view = self._play(evaluation)
            return [
                *view.situation(),
                *view.script(),
                *view.checkpoints(),
                *view.expected_refusal(),
            ]
        if case.kind == "claim":
            return claim_situation(given, self._melds)
        if case.kind == "match":
            if self._riichi_match(given):
                return riichi_match_situation(given, self.seats)
            return match_situation(given)
        dump = yaml.safe_dump(given, sort_keys=False, allow_unicode=True)
        return [field_list([("Given", [nodes.literal_block(dump, dump, language="yaml")])])]

    def _play(self, evaluation: Evaluation) -> PlayView:
        case = evaluation.case
        return PlayView(
            thaw(case.given),
            thaw(case.expect),
            evaluation.outcome,
            self._breakdown,
            self._payments,
            frozenset(diff.path for diff in evaluation.differences),
            riichi_table=self.scores_han,
        )

    def _melds(self, melds: Sequence[Mapping[str, Any]]) -> list[nodes.Node]:
        return [tiles_para(str(m.get("tiles", "")), note=meld_caption(m)) for m in melds]

    def _hand_fields(
        self, hand: Mapping[str, Any], *, winning_last: bool
    ) -> list[tuple[str, list[nodes.Node]]]:
        fields: list[tuple[str, list[nodes.Node]]] = []
        if "concealed" in hand:
            note = "(the last tile is the winning tile)" if winning_last else ""
            shown = tiles_para(str(hand["concealed"]), last_is_winning=winning_last, note=note)
            fields.append(("Concealed", [shown]))
        if hand.get("melds"):
            fields.append(("Melds", self._melds(hand["melds"])))
        flowers = str(hand.get("flowers", "")).strip()
        fields.append(("Flowers", [tiles_para(flowers) if flowers else para("none")]))
        return fields

    @cached_property
    def scores_han(self) -> bool:
        """Whether this variant scores in han and yakuman (riichi), not in tai."""
        return riichi.scores_han(self.profile)

    @cached_property
    def seats(self) -> tuple[str, ...]:
        """The seats of the variant (three in sanma), from its profile."""
        return tuple(self.profile.seats) if self.profile else SEATS

    def _riichi_match(self, given: Mapping[str, Any]) -> bool:
        """Whether a match fixture is a riichi one (given in rounds, settled in points)."""
        return self.scores_han or is_riichi_match(given)

    def _score_fields(self, given: Mapping[str, Any]) -> list[tuple[str, list[nodes.Node]]]:
        if self.scores_han:
            return riichi.score_fields(given, self.profile, self._melds)
        win = given.get("win", {})
        by = str(win.get("by", ""))
        winning_last = by in ("self-draw", "discard", "robbing-kong")
        fields = self._hand_fields(given, winning_last=winning_last)
        how = WINS.get(by, by).format(**{"from": seat_name(win.get("from", "?"))})
        fields.append(("Win", [para(how)]))
        winner, dealer = seat_name(given.get("seat")), seat_name(given.get("dealer", "east"))
        fields.append(("Seats", [para(f"winner {winner}, dealer {dealer}")]))
        if "void" in given:
            fields.append(("Void suit", [para(SUIT_NAMES.get(given["void"], given["void"]))]))
        if given.get("left"):
            gone = ", ".join(seat_name(seat) for seat in given["left"])
            fields.append(("Left the hand", [para(f"{gone} (they pay nothing)")]))
        table_data = given.get("table", {})
        context = []
        if "dealer_streak" in table_data:
            context.append(f"dealer streak {table_data['dealer_streak']}")
        if "discards" in table_data:
            context.append(f"{table_data['discards']} discards on the table")
        context += [text for key, text in TABLE_FLAGS.items() if table_data.get(key)]
        if context:
            fields.append(("Table", [para("; ".join(context))]))
        for other in given.get("other_winners", []):
            label = f"Also winning: {seat_name(other.get('seat'))}"
            body: list[nodes.Node] = []
            for name, parts in self._hand_fields(other, winning_last=winning_last):
                body.append(para(nodes.strong("", name), ":"))
                body.extend(parts)
            fields.append((label, body))
        return fields

    # --- the result ----------------------------------------------------------------------
    def result(self, evaluation: Evaluation) -> list[nodes.Node]:
        out: list[nodes.Node] = [nodes.rubric("", "Result")]
        outcome = evaluation.outcome
        if not evaluation.computed:
            return [*out, *self._not_computed(evaluation)]
        if outcome is not None:
            out += self._answer(evaluation, outcome, computed=True)
        verdict = "It reproduces the fixture's expectation."
        if not evaluation.agrees:
            verdict = "It does NOT reproduce the fixture's expectation."
        out.append(
            para(
                nodes.emphasis("", f"Computed by {self.engine_label} while this page was built. "),
                verdict,
                classes=["mj-engine"],
            )
        )
        if not evaluation.agrees:
            warning = nodes.error()
            warning += para("The reference engine and the fixture disagree:")
            items = nodes.bullet_list()
            for complaint in evaluation.complaints():
                item = nodes.list_item()
                item += para(literal(complaint))
                items += item
            warning += items
            out.append(warning)
        return out

    def _answer(
        self, evaluation: Evaluation, answer: Mapping[str, Any], *, computed: bool
    ) -> list[nodes.Node]:
        """An outcome (or, not computed, the fixture's expectation) drawn for its kind."""
        kind = evaluation.case.kind
        if "error" in answer:
            return [self._error(answer["error"])]
        if kind == "score":
            return self._score_result(answer)
        if kind == "settle":
            return self._settle_result(answer)
        if kind == "analyse":
            return [self._analyse_result(answer)]
        if kind == "play":
            return self._play(evaluation).ending(answer, computed=computed)
        if kind == "claim":
            return claim_answer(thaw(evaluation.case.given), answer)
        if kind == "match":
            given = thaw(evaluation.case.given)
            if self._riichi_match(given):
                differing = {d.path: d.expected for d in evaluation.differences} if computed else {}
                return riichi_match_answer(answer, self.seats, given, differing)
            return match_answer(answer)
        dump = json.dumps(answer, indent=2, ensure_ascii=False)
        return [nodes.literal_block(dump, dump, language="json")]

    def _not_computed(self, evaluation: Evaluation) -> list[nodes.Node]:
        """No live result yet: say so, and show what the fixture expects."""
        out: list[nodes.Node] = [
            para(nodes.emphasis("", evaluation.not_computed + "."), classes=["mj-engine"])
        ]
        expected = self._answer(evaluation, thaw(evaluation.case.expect), computed=False)
        if expected:
            out.append(para(nodes.strong("", "The fixture expects:")))
            out += expected
        return out

    def _error(self, error: Mapping[str, Any]) -> nodes.paragraph:
        node = para("Rejected with the error code ", literal(str(error.get("code", "?"))))
        node += nodes.Text(f": {error.get('message', '')}")
        path = ".".join(str(p) for p in error.get("path", []))
        if path:
            column = f", column {error['column']}" if "column" in error else ""
            node.extend([nodes.Text(" (at "), literal(f"given.{path}"), nodes.Text(f"{column})")])
        return node

    @cached_property
    def pattern_names(self) -> dict[str, str]:
        return {row.id: row.name for row in self.profile.patterns} if self.profile else {}

    @cached_property
    def pattern_rules(self) -> dict[str, str]:
        """The rule that defines each pattern, by pattern id."""
        rules = self.catalogue.rules if self.catalogue else ()
        return {rule.pattern: rule.id for rule in rules if rule.pattern}

    def _pattern_cell(self, pattern_id: str) -> nodes.Node:
        name = self.pattern_names.get(pattern_id, pattern_id)
        rule = self.pattern_rules.get(pattern_id)
        return xref("rule", rule, self.docname, text=name) if rule else nodes.Text(name)

    def _breakdown(
        self,
        result: Mapping[str, Any],
        caption: str = "",
        standing: Sequence[tuple[str, str, str]] = (),
    ) -> nodes.table:
        """Each award with what it is worth, then the profile's outcome figures (the total
        in bold; each figure's meaning beside it), after any ``standing`` rows (a Sichuan
        reckoning's ready and void-suit facts)."""
        mixed = self.profile is not None and self.profile.outcome.figure("doubles") is not None
        rows: list[list[Any]] = [
            [
                self._pattern_cell(pid),
                literal(pid),
                self._worth(pid, worth) if mixed else str(worth),
            ]
            for pid, worth in result.get("patterns", {}).items()
        ]
        rows += [[label, meaning, value] for label, meaning, value in standing]
        figures = self.profile.outcome.figures if self.profile else ()
        total = self.profile.outcome.total if self.profile else "tai"
        shown = [(f.name, f.meaning) for f in figures if f.name in result] or [(total, "")]
        for name, meaning in shown:
            label = name.replace("_", " ").capitalize()
            value = result.get(name)
            rows.append(
                [
                    nodes.strong("", label) if name == total else label,
                    meaning,
                    "none" if value is None else str(value),
                ]
            )
        units = [
            name for row in (self.profile.patterns if self.profile else ()) for name in row.values
        ]
        header = "Worth" if mixed else (units[0] if units else total).replace("_", " ").capitalize()
        node = table(
            ["Pattern", "Id", header], rows, numeric=[2], footer_rows=len(shown) + len(standing)
        )
        title = caption or "Breakdown"
        node.insert(0, nodes.title(title, title))
        return node

    def _worth(self, pattern_id: str, worth: int) -> str:
        """What one award adds, with its unit (a profile that mixes points and doubles)."""
        assert self.profile is not None
        row = next((r for r in self.profile.patterns if r.id == pattern_id), None)
        if row is None:
            return str(worth)
        if row.is_limit:
            return f"limit, {worth}"
        if row.value("doubles"):
            return f"{worth} double{'s' if worth != 1 else ''}"
        return f"{worth} points"

    def _settle_result(self, outcome: Mapping[str, Any]) -> list[nodes.Node]:
        """Every player's score, the values and the payments of a settle outcome."""
        out: list[nodes.Node] = [
            self._breakdown(score, f"{seat_name(seat)}'s score", _standing(score))
            for seat, score in outcome.get("scores", {}).items()
        ]
        if isinstance(outcome.get("values"), Mapping):
            out.append(self._payments(outcome["values"], "Values"))
        out.append(self._payments(outcome.get("payments", {}), "Payments"))
        return out

    def _score_result(self, outcome: Mapping[str, Any]) -> list[nodes.Node]:
        if self.scores_han:
            return riichi.score_result(outcome, self.profile, self._pattern_cell, self._payments)
        out: list[nodes.Node] = []
        winners = outcome.get("winners")
        if winners:
            for index, winner in enumerate(winners, start=1):
                out.append(self._breakdown(winner, f"Winner {index}: {seat_name(winner['seat'])}"))
        else:
            out.append(self._breakdown(outcome))
        out.append(self._payments(outcome.get("payments", {}), "Payments"))
        return out

    def _payments(self, payments: Mapping[str, Any], caption: str) -> nodes.table:
        seats = list(self.profile.seats) if self.profile else list(payments)
        paid = table(
            [seat_name(s) for s in seats],
            [[signed(int(payments.get(s, 0))) for s in seats]],
            classes=["mj-payments"],
            numeric=range(len(seats)),
        )
        paid.insert(0, nodes.title(caption, caption))
        return paid

    def _analyse_result(self, outcome: Mapping[str, Any]) -> nodes.field_list:
        fields: list[tuple[str, list[nodes.Node]]] = [
            ("Complete", [para("yes" if outcome.get("complete") else "no")])
        ]
        shapes = [SHAPES.get(str(s), str(s)) for s in outcome.get("shapes", [])]
        if "shapes" in outcome:
            fields.append(("Shapes", [para("; ".join(shapes) if shapes else "none")]))
        readings: list[nodes.Node] = []
        for reading in outcome.get("decompositions", []):
            try:
                readings.append(tile_groups_para(parse_groups(str(reading)), str(reading)))
            except RuleError:
                readings.append(para(literal(str(reading))))
        if readings:
            fields.append(("Readings", readings))
        if "waits" in outcome:
            waits = str(outcome["waits"])
            fields.append(("Waits", [tiles_para(waits) if waits else para("none")]))
        return field_list(fields)

    # --- the whole fixture ----------------------------------------------------------------
    def notes(self, case: Case) -> list[nodes.Node]:
        if not case.notes.strip():
            return []
        text = case.notes.rstrip()
        return [
            nodes.rubric("", "How the expectation follows from the rules"),
            nodes.literal_block(text, text, classes=["mj-notes"], language="none"),
            para(
                nodes.emphasis("", "Fixture file: "),
                literal(source_path(case)),
                classes=["mj-meta"],
            ),
        ]

    def section(self, evaluation: Evaluation, ids: Sequence[str]) -> nodes.section:
        """The fixture as a section with the given HTML ids (the first is its anchor)."""
        case = evaluation.case
        node = nodes.section(ids=list(ids), classes=["mj-fixture"])
        node += nodes.title(case.title, case.title)
        node.extend(self.header(case))
        node.extend(self.calculator(case))
        node.extend(self.situation(evaluation))
        node.extend(self.result(evaluation))
        node.extend(self.notes(case))
        return node


STANDING = (
    ("ready", "Ready", "a wait completes the hand (sc.bloody.not-ready)"),
    ("void_held", "Holds its void suit", "sc.bloody.void-penalty"),
)


def _standing(score: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The yes/no facts of a player at a Sichuan reckoning, where the outcome gives them."""
    return [
        (label, meaning, "yes" if score[key] else "no")
        for key, label, meaning in STANDING
        if key in score
    ]
