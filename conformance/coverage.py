"""Rule coverage: how many fixtures exercise each rule of a catalogue."""

from __future__ import annotations

from dataclasses import dataclass

from conformance.corpus import Corpus


@dataclass(frozen=True)
class RuleCoverage:
    variant: str
    rule_id: str
    area: str
    fixtures: int


def coverage(corpus: Corpus, variant: str | None = None) -> list[RuleCoverage]:
    """One row per rule of every (or one) catalogue, in catalogue order."""
    rows = []
    for name, catalogue in sorted(corpus.catalogues.items()):
        if variant is not None and name != variant:
            continue
        for rule in catalogue.rules:
            count = sum(1 for case in corpus.for_variant(name) if rule.id in case.rules)
            rows.append(RuleCoverage(name, rule.id, rule.area, count))
    return rows
