"""The play request's two modes for long scripts: ``trace: last`` and ``unscripted_claims:
pass``, checked against the ordinary answer on every play fixture of the corpus."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.corpus import Case, load_corpus, thaw
from reference_engine.plugin import ReferenceEngine

ENGINE = ReferenceEngine()
PLAYS = [case for case in load_corpus().cases if case.kind == "play" and "wall" in case.given]


def answer(case: Case, **fields: object) -> dict[str, Any]:
    """The engine's answer to ``case``'s play request with ``fields`` changed."""
    given = {**thaw(case.given), **fields}
    return dict(ENGINE.evaluate({"variant": case.variant, "kind": "play", "given": given}))


def test_the_corpus_has_play_fixtures_of_every_family() -> None:
    assert {case.variant for case in PLAYS} >= {"taiwanese", "riichi", "riichi-sanma", "sichuan"}


@pytest.mark.parametrize("case", PLAYS, ids=[case.id for case in PLAYS])
def test_trace_last_is_the_last_situation_of_the_full_trace(case: Case) -> None:
    full = answer(case)
    last = answer(case, trace="last")
    if "error" in full:
        assert last == full
        return
    step = full["illegal"]["after"] if "illegal" in full else len(case.given["actions"])
    situation = next(entry for entry in full["trace"] if entry["after"] == step)
    assert last["trace"] == [situation]
    assert {k: v for k, v in last.items() if k != "trace"} == {
        k: v for k, v in full.items() if k != "trace"
    }


@pytest.mark.parametrize("case", PLAYS, ids=[case.id for case in PLAYS])
def test_passing_unscripted_claims_changes_nothing_when_the_script_gives_every_answer(
    case: Case,
) -> None:
    full = answer(case)
    if "error" in full or "illegal" in full:
        return  # a refusal may be the point of the fixture (see the twins below)
    assert answer(case, unscripted_claims="pass") == full


def test_a_refusal_during_an_open_claim_becomes_the_passes_the_script_left_out() -> None:
    twin = next(case for case in PLAYS if case.id.endswith("/unscripted-claims-wait-by-default"))
    waiting = answer(twin)
    passing = answer(twin, unscripted_claims="pass")
    assert waiting["illegal"]["after"] == 9
    assert "illegal" not in passing
    assert passing["trace"][10]["state"]["furiten.north"] is True


@pytest.mark.parametrize("field", ["trace", "unscripted_claims"])
def test_an_unknown_mode_is_a_coded_error_naming_the_field(field: str) -> None:
    case = PLAYS[0]
    outcome = answer(case, **{field: "sometimes"})
    assert outcome["error"]["code"] == "invalid-request"
    assert outcome["error"]["path"] == [field]


def _windows(case: Case) -> list[tuple[int, str]]:
    """The steps of ``case``'s script after which a claim window is open, each with the
    seat whose tile is offered (the seat on turn)."""
    full = answer(case)
    if "error" in full or "illegal" in full:
        return []
    return [
        (entry["after"], entry["state"]["turn"])
        for entry in full["trace"]
        if entry["state"]["phase"] in ("claim", "rob")
    ]


WINDOWS = [(case, step, seat) for case in PLAYS for step, seat in _windows(case)]


@pytest.mark.parametrize(
    ("case", "step", "seat"),
    WINDOWS,
    ids=[f"{case.id}@{step}" for case, step, _ in WINDOWS],
)
def test_a_refused_action_leaves_no_trace_of_the_passes_made_before_it(
    case: Case, step: int, seat: str
) -> None:
    # The seat whose tile is offered never draws next: its draw is refused in the window
    # and after every pass alike, so the passes tried before it must leave no trace.
    script = [*case.given["actions"][:step], f"{seat} draw"]
    waiting = answer(case, actions=script, trace="last")
    passing = answer(case, actions=script, trace="last", unscripted_claims="pass")
    assert waiting["illegal"]["after"] == passing["illegal"]["after"] == step
    assert waiting["illegal"]["code"] == passing["illegal"]["code"] == "illegal-action"
    assert {k: v for k, v in passing.items() if k != "illegal"} == {
        k: v for k, v in waiting.items() if k != "illegal"
    }


def test_every_family_has_claim_windows_to_refuse_an_action_in() -> None:
    assert {case.variant for case, _, _ in WINDOWS} >= {"taiwanese", "riichi", "sichuan"}
