"""Sichuan's reckoning at the wall's end as a settle request: the same reckoning as a played
hand's, each payment rule caught by the corpus when broken, and requests that cannot be
reckoned refused with a code and the field."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest
import yaml
from mutants import any_fails

import spec
from conformance.corpus import load_corpus
from reference_engine.plugin import ReferenceEngine
from reference_engine.variants.sichuan import settlement
from reference_engine.variants.sichuan.settlement import Changes, Standing

ENGINE = ReferenceEngine()
BLOODY = spec.SCENARIOS_DIR / "sichuan" / "bloody"
# Play fixtures whose hand ends with an empty wall and two or more players still in it.
WALL_ENDS = (
    "exhaustive-draw-kong-money-and-reckoning",
    "two-winners-on-one-discard-the-discarder-plays-on",
    "void-holder-pays-both-by-default",
    "void-holder-pays-the-void-penalty-only",
)


def evaluate(kind: str, given: Mapping[str, Any], variant: str = "sichuan") -> dict[str, Any]:
    return ENGINE.evaluate({"variant": variant, "kind": kind, "given": given})


def given_of(stem: str) -> dict[str, Any]:
    data = yaml.safe_load((BLOODY / f"{stem}.yaml").read_text(encoding="utf-8"))
    given: dict[str, Any] = data["given"]
    return given


def meld(text: str) -> dict[str, Any]:
    """A meld of a play state (``pung 2p``, ``concealed-kong 9p``) as a request holds it."""
    kind, tile = text.split()
    times = 3 if kind == "pung" else 4
    found: dict[str, Any] = {"type": "pung" if kind == "pung" else "kong", "tiles": tile * times}
    if kind == "concealed-kong":
        found["concealed"] = True
    return found


def settle_request(state: Mapping[str, Any], options: Any) -> dict[str, Any]:
    """The settle request of a played hand's last state: every player still in, and who
    has left."""
    seats = ("east", "south", "west", "north")
    given: dict[str, Any] = {
        "left": [seat for seat in seats if state[f"left.{seat}"]],
        "hands": {
            seat: {
                "concealed": state[f"hand.{seat}"],
                "melds": [meld(m) for m in state[f"melds.{seat}"]],
                "void": state[f"void.{seat}"],
            }
            for seat in seats
            if not state[f"left.{seat}"]
        },
    }
    if options is not None:
        given["options"] = options
    return given


@pytest.mark.parametrize("stem", WALL_ENDS)
def test_a_settle_request_reckons_a_played_wall_end_as_the_play_did(stem: str) -> None:
    played = evaluate("play", given_of(stem))
    last = played["trace"][-1]["state"]
    assert last["phase"] == "end"
    assert last["live_tiles"] == 0
    settled = evaluate("settle", settle_request(last, given_of(stem).get("options")))
    assert settled["payments"] == played["result"]["reckoning"]
    ready = [seat for seat, found in settled["scores"].items() if found["ready"]]
    assert ready == played["result"]["tenpai"]


def no_payments(*args: Any) -> Changes:
    return {}


VOID_PENALTY = settlement.void_penalty


def void_penalty_of_one(standings: Mapping[Any, Standing], penalty: int) -> Changes:
    return VOID_PENALTY(standings, 1)


NOT_READY_PAYMENTS = settlement.not_ready_payments


def void_holder_reading_inverted(standings: Mapping[Any, Standing], pays: bool) -> Changes:
    return NOT_READY_PAYMENTS(standings, not pays)


MUTANTS: dict[str, tuple[str, Callable[..., Changes]]] = {
    "no void penalty": ("void_penalty", no_payments),
    "a void penalty of 1": ("void_penalty", void_penalty_of_one),
    "no not-ready payments": ("not_ready_payments", no_payments),
    "the void holder's reading inverted": ("not_ready_payments", void_holder_reading_inverted),
}


@pytest.mark.parametrize(("name", "mutant"), MUTANTS.values(), ids=MUTANTS)
def test_a_broken_reckoning_rule_fails_a_settle_fixture(
    name: str, mutant: Callable[..., Changes], monkeypatch: pytest.MonkeyPatch
) -> None:
    settles = [c for c in load_corpus().cases if c.variant == "sichuan" and c.kind == "settle"]
    monkeypatch.setattr(settlement, name, mutant)
    assert any_fails(settles)


def test_a_void_holder_is_never_ready() -> None:
    given = given_of("reckoning-void-holder-pays-both")
    assert evaluate("settle", given)["scores"]["east"] == {"void_held": True, "ready": False}


LEFT = given_of("reckoning-left-players-take-no-part")
BROKEN = {
    "the classical winner": ({**LEFT, "winner": "none"}, "unsupported-field", ["winner"]),
    "the round wind": ({**LEFT, "round": "east"}, "unsupported-field", ["round"]),
    "a flower": (
        {**LEFT, "hands": {**LEFT["hands"], "east": {**LEFT["hands"]["east"], "flowers": "1f"}}},
        "unsupported-field",
        ["hands", "east", "flowers"],
    ),
    "three who have left": (
        {**LEFT, "left": ["south", "west", "east"]},
        "invalid-request",
        ["left"],
    ),
    "an unknown void suit": (
        {**LEFT, "hands": {**LEFT["hands"], "north": {**LEFT["hands"]["north"], "void": "z"}}},
        "invalid-request",
        ["hands", "north", "void"],
    ),
    "a hand without its void suit": (
        given_of("reckoning-void-suit-needed"),
        "invalid-request",
        ["hands", "north", "void"],
    ),
    "a seat missing": (
        given_of("reckoning-every-seat-accounted-for"),
        "invalid-request",
        ["hands"],
    ),
    "tiles of a player who has left": (
        given_of("reckoning-left-player-given-tiles"),
        "invalid-request",
        ["hands", "south"],
    ),
    "a chow meld": (
        given_of("reckoning-claimed-chow"),
        "invalid-meld",
        ["hands", "north", "melds", 0],
    ),
}


@pytest.mark.parametrize(("given", "code", "path"), BROKEN.values(), ids=BROKEN)
def test_a_settle_that_cannot_be_reckoned_is_a_coded_error(
    given: dict[str, Any], code: str, path: list[str | int]
) -> None:
    outcome = evaluate("settle", given)
    assert outcome["error"]["code"] == code, outcome
    assert outcome["error"]["path"] == path


def test_a_sichuan_score_with_a_chow_meld_is_invalid_meld() -> None:
    given = {
        "seat": "south",
        "void": "m",
        "concealed": "111p 567p 99s 555s",
        "melds": [{"type": "chow", "tiles": "2p3p4p", "from": "east"}],
        "win": {"by": "self-draw"},
    }
    outcome = evaluate("score", given)
    assert outcome["error"]["code"] == "invalid-meld"
    assert outcome["error"]["path"] == ["melds", 0]


def test_a_classical_settle_without_its_winner_names_the_field() -> None:
    values = {"east": 2, "south": 46, "west": 12, "north": 192}
    outcome = evaluate("settle", {"values": values}, "classical-chinese")
    assert outcome["error"]["code"] == "invalid-request"
    assert outcome["error"]["path"] == ["winner"]
    assert "names its winner" in outcome["error"]["message"]


def test_a_classical_settle_refuses_who_has_left() -> None:
    values = {"east": 2, "south": 46, "west": 12, "north": 192}
    given = {"winner": "north", "values": values, "left": ["south"]}
    outcome = evaluate("settle", given, "classical-chinese")
    assert outcome["error"]["code"] == "unsupported-field"
