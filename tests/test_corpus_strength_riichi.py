"""The riichi corpora can fail: each yaku and yakuman predicate forced never to award and
always to award, and each gate made to skip its predicate, makes some fixture citing its
rule fail (in any riichi profile: the four- and three-player rules and the platforms').

A gate (:mod:`reference_engine.variants.riichi.gates`) decides which predicates the scorer
asks of a reading, so a wrong gate could hide a wrong predicate, or skip a right one; these
mutants show that the fixtures see through the gates: a gate that skips its predicate on
every reading, or on the readings at the edge of one condition it states (one set more,
the other answer to a yes-or-no condition, one suit fewer or more), is caught.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields, replace
from typing import Any

import pytest
from mutants import any_fails

from conformance.corpus import Case, load_corpus
from reference_engine.analysis.reading import Reading
from reference_engine.variants import find_variant
from reference_engine.variants.riichi import yaku
from reference_engine.variants.riichi.context import RiichiNumbers, RiichiWin
from reference_engine.variants.riichi.gates import Gate
from reference_engine.variants.riichi.yaku import GATES, YAKU, YAKUMAN
from spec.profile import PatternValue, load_profile

pytestmark = pytest.mark.slow

CORPUS = load_corpus()
RIICHI = [case for case in CORPUS.cases if load_profile(case.variant).family == "riichi"]
PATTERNS = sorted(YAKU) + sorted(YAKUMAN)
SKIPS_EVERY_READING = Gate(suits=(4, 4))  # no hand holds four suits

# Mutants that behave exactly like the rule on every reading their gate admits, so that
# no fixture can tell them apart: the gate states the whole rule (with what a request may
# hold: ippatsu needs riichi, a win after a kan is a self-draw; a yakuman is scored alone).
EQUIVALENT_WHEN_ALWAYS = {
    "riichi": "its gate admits only a riichi win, and it is closed-only",
    "double-riichi": "its gate admits only a double riichi win, and it is closed-only",
    "ippatsu": "its gate admits only an ippatsu win, which needs riichi",
    "menzen-tsumo": "its gate admits only a self-draw, and it is closed-only",
    "rinshan": "its gate admits only a win after a kan, which is a self-draw",
    "chankan": "its gate admits only a win robbing a kong",
    "chiitoitsu": "its gate admits only the seven pairs shape",
    "toitoi": "its gate admits only four sets that are pungs or kongs",
    "sankantsu": "its gate admits three kongs or more, and four are a yakuman",
    "honroutou": "its gate admits only terminals and honours, both held",
    "honitsu": "its gate admits only one suit with honours",
    "chinitsu": "its gate admits only one suit without honours",
    "daisangen": "its gate admits only three dragon pungs",
    "tsuuiisou": "its gate admits only honours",
    "chinroutou": "its gate admits only terminals",
    "suukantsu": "its gate admits only four kongs",
}


def rule_of(pattern_id: str) -> str:
    """The catalogue rule a predicate implements (its docstring starts with it)."""
    if pattern_id == "renhou":
        return "riichi.house.renhou"
    family = "yakuman" if pattern_id in YAKUMAN else "yaku"
    return f"riichi.{family}.{pattern_id}"


def _citing(pattern_id: str) -> list[Case]:
    rule = rule_of(pattern_id)
    return [case for case in RIICHI if rule in case.rules]


@pytest.fixture(autouse=True)
def fresh_scorers() -> Iterator[None]:
    """Each riichi variant builds its yaku table once: a mutant is seen by variants built
    after it is made, and forgotten with them."""
    find_variant.cache_clear()
    yield
    find_variant.cache_clear()


def _table(pattern_id: str) -> dict[str, yaku.Yaku]:
    return yaku.YAKUMAN if pattern_id in YAKUMAN else yaku.YAKU


def _never(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    return 0


def _always(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    return row.value("yakuman") or (row.value("han") if w.closed else row.value("open_han"))


def test_every_predicate_names_a_rule_of_the_catalogue_in_its_docstring() -> None:
    rules = {rule.id for catalogue in CORPUS.catalogues.values() for rule in catalogue.rules}
    for pattern_id in PATTERNS:
        predicate = _table(pattern_id)[pattern_id]
        assert rule_of(pattern_id) in rules
        assert (predicate.__doc__ or "").startswith(rule_of(pattern_id).rsplit(".", 1)[0])
        assert _citing(pattern_id), f"no fixture cites {rule_of(pattern_id)}"


@pytest.mark.parametrize("pattern_id", PATTERNS)
def test_a_predicate_that_never_awards_is_caught(
    pattern_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(_table(pattern_id), pattern_id, _never)
    assert any_fails(_citing(pattern_id))


@pytest.mark.parametrize("pattern_id", PATTERNS)
def test_a_predicate_that_always_awards_is_caught(
    pattern_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if pattern_id in EQUIVALENT_WHEN_ALWAYS:
        pytest.skip(EQUIVALENT_WHEN_ALWAYS[pattern_id])
    monkeypatch.setitem(_table(pattern_id), pattern_id, _always)
    assert any_fails(RIICHI)


@pytest.mark.parametrize("pattern_id", PATTERNS)
def test_a_gate_that_skips_its_predicate_is_caught(
    pattern_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(GATES, pattern_id, SKIPS_EVERY_READING)
    assert any_fails(_citing(pattern_id))


def _tightened(gate: Gate) -> Iterator[tuple[str, Gate]]:
    """The gate made stricter by one step on each condition it states on the sets (one
    more), the tiles (the other answer) or the suits (one more, or one fewer)."""
    for field in fields(Gate):
        value = getattr(gate, field.name)
        changes: list[dict[str, Any]] = []
        if field.name == "suits" and value != (0, 3):
            low, high = value
            changes.append({"suits": (low + 1, high + 1)})
            if low > 0:
                changes.append({"suits": (low - 1, high - 1)})
        elif isinstance(value, bool):
            changes.append({field.name: not value})
        elif isinstance(value, int) and value:
            changes.append({field.name: value + 1})
        yield from ((field.name, replace(gate, **change)) for change in changes)


TIGHTENED = [
    pytest.param(pattern_id, mutant, id=f"{pattern_id}-{index}-{condition}")
    for pattern_id in PATTERNS
    for index, (condition, mutant) in enumerate(_tightened(GATES[pattern_id]))
]


@pytest.mark.parametrize(("pattern_id", "mutant"), TIGHTENED)
def test_a_gate_one_step_too_strict_is_caught(
    pattern_id: str, mutant: Gate, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(GATES, pattern_id, mutant)
    assert any_fails(RIICHI)
