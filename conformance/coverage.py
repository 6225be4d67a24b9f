"""Rule coverage: how many fixtures exercise each rule of a catalogue."""

from __future__ import annotations

from dataclasses import dataclass

from conformance.corpus import Corpus


@dataclass(frozen=True)
class RuleCoverage:
    variant: str
    rule_id: str
    area: str
    cases: tuple[str, ...]  # the ids of the fixtures citing the rule

    @property
    def fixtures(self) -> int:
        return len(self.cases)


def coverage(corpus: Corpus, variant: str | None = None) -> list[RuleCoverage]:
    """One row per rule of every (or one) catalogue, in catalogue order."""
    rows = []
    for name, catalogue in sorted(corpus.catalogues.items()):
        if variant is not None and name != variant:
            continue
        for rule in catalogue.rules:
            cases = tuple(case.id for case in corpus.for_variant(name) if rule.id in case.rules)
            rows.append(RuleCoverage(name, rule.id, rule.area, cases))
    return rows
