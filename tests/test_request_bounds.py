"""Absurd numbers and contradictions in a request: refused with a code, the same way
through ``evaluate``, through ``mjspec serve`` and from ``mjspec score``'s options."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from conformance.cli import main
from conformance.serve import serve
from reference_engine.plugin import ReferenceEngine

TW_HAND = "1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 5m"
RIICHI_HAND = "123m 456p 789p 123s 44s"
ENGINE = ReferenceEngine()


def taiwanese(**table: Any) -> dict[str, Any]:
    given = {"concealed": TW_HAND, "win": {"by": "self-draw"}, "seat": "east"}
    return {"variant": "taiwanese", "kind": "score", "given": {**given, "table": table}}


def sanma(**fields: Any) -> dict[str, Any]:
    given = {"concealed": RIICHI_HAND, "win": {"by": "self-draw"}, "seat": "east", **fields}
    return {"variant": "riichi-sanma", "kind": "score", "given": given}


def on_a_discard(request: dict[str, Any]) -> dict[str, Any]:
    given = {**request["given"], "win": {"by": "discard", "from": "south"}}
    return {**request, "given": given}


def code_of(outcome: Any) -> str | None:
    return outcome.get("error", {}).get("code")


ABSURD = {
    "a streak of a googol": (taiwanese(dealer_streak=10**100, discards=20), "dealer_streak"),
    "a streak of 4,300 digits": (taiwanese(dealer_streak=int("9" * 4000)), "dealer_streak"),
    "a hundred wins in a row": (taiwanese(dealer_streak=100), "dealer_streak"),
    "more discards than tiles": (taiwanese(discards=145), "discards"),
    "a whole float": (taiwanese(discards=20.0), "discards"),
    "infinity": (taiwanese(discards=float("inf")), "discards"),
    "minus one North": (sanma(north=-1), "north"),
    "2**64 Norths": (sanma(north=2**64), "north"),
    "a hundred million Norths": (sanma(north=100_000_000), "north"),
    "negative honba": (sanma(table={"honba": -5}), "honba"),
    "negative sticks": (sanma(table={"riichi_sticks": -1}), "riichi_sticks"),
    "106 sticks": (sanma(table={"riichi_sticks": 106}), "riichi_sticks"),
    "six dora indicators": (sanma(dora_indicators="1p2p3p4p5p6p"), "dora_indicators"),
    "riichi flag as a string": (sanma(table={"riichi": "false"}), "riichi"),
}


@pytest.mark.parametrize(("request_", "field"), ABSURD.values(), ids=ABSURD.keys())
def test_an_absurd_number_is_an_invalid_request(request_: dict[str, Any], field: str) -> None:
    outcome = ENGINE.evaluate(request_)
    assert code_of(outcome) == "invalid-request", outcome
    assert field in outcome["error"]["path"]


CONTRADICTIONS = {
    "last wall tile on a discard": on_a_discard(taiwanese(last_wall_tile=True)),
    "last discard on a self-draw": taiwanese(last_discard=True),
    "original ready with a claimed chow": {
        "variant": "taiwanese",
        "kind": "score",
        "given": {
            "concealed": "4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 5m",
            "melds": [{"type": "chow", "tiles": "123m", "from": "north"}],
            "win": {"by": "self-draw"},
            "seat": "east",
            "table": {"original_ready": True},
        },
    },
    "ippatsu without riichi": sanma(table={"ippatsu": True}),
    "a first-turn ron": on_a_discard(sanma(table={"first_turn": True})),
}


@pytest.mark.parametrize("request_", CONTRADICTIONS.values(), ids=CONTRADICTIONS.keys())
def test_circumstances_that_cannot_hold_together_are_refused(request_: dict[str, Any]) -> None:
    assert code_of(ENGINE.evaluate(request_)) == "inconsistent-flags"


def test_ura_indicators_without_riichi_are_accepted_and_not_counted() -> None:
    """Rule riichi.dora.ura-riichi-only: the indicators exist; they count only for riichi."""
    outcome = ENGINE.evaluate({**sanma(ura_indicators="8s"), "variant": "riichi"})
    assert "error" not in outcome
    assert "ura-dora" not in outcome["patterns"]


def test_serve_answers_an_absurd_line_with_an_error_and_goes_on() -> None:
    lines = [
        b'{"type": "start", "protocol": 1}',
        b'{"type": "evaluate", "seq": 1, "variant": "riichi-sanma", "kind": "score", '
        b'"given": {"north": Infinity}}',
        b'{"type": "evaluate", "seq": 2, "variant": "riichi-sanma", "kind": "score", '
        b'"given": {"north": ' + b"9" * 5000 + b"}}",
        b'{"type": "evaluate", "seq": 3, "variant": "riichi-sanma", "kind": "score", "given": '
        + json.dumps(sanma(north=2**40)["given"]).encode()
        + b"}",
        b'{"type": "evaluate", "seq": 4, "variant": "riichi-sanma", "kind": "score", "given": '
        + b'{"x": "'
        + b"y" * (9 << 20)
        + b'"}}',
        b'{"type": "stop"}',
    ]
    out = io.BytesIO()
    assert serve(ENGINE, io.BytesIO(b"\n".join(lines) + b"\n"), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["type"] for r in replies] == ["ready", "error", "error", "result", "error"]
    assert "Infinity is not a JSON number" in replies[1]["message"]
    assert code_of(replies[3]["outcome"]) == "invalid-request"
    assert "longer" in replies[4]["message"] or "limit" in replies[4]["message"]


SCORE = ["score", "--variant"]
USAGE = {
    "riichi options on a Taiwanese hand": [*SCORE, "taiwanese", "--hand", TW_HAND, "--riichi"],
    "dora on a Taiwanese hand": [*SCORE, "taiwanese", "--hand", TW_HAND, "--dora", "3p"],
    "flowers on a riichi hand": [*SCORE, "riichi", "--hand", RIICHI_HAND, "--flowers", "1f"],
    "a streak on a riichi hand": [*SCORE, "riichi", "--hand", RIICHI_HAND, "--streak", "2"],
    "a dealer on a riichi hand": [*SCORE, "riichi", "--hand", RIICHI_HAND, "--dealer", "south"],
    "from on a self-draw": [*SCORE, "riichi", "--hand", RIICHI_HAND, "--from", "south"],
    "ura without riichi": [*SCORE, "riichi", "--hand", RIICHI_HAND, "--ura", "3p"],
    "last wall tile on a discard": [
        *[*SCORE, "taiwanese", "--hand", TW_HAND, "--win", "discard", "--from", "south"],
        "--last-wall-tile",
    ],
    "original ready with a claimed chow": [
        *[*SCORE, "taiwanese", "--hand", "4m 5m 6m 7p 8p 9p 2s 2s 2s 6s 7s 8s 5m 5m"],
        *["--meld", "chow:123m:north", "--original-ready"],
    ],
    "six dora indicators": [*SCORE, "riichi", "--hand", RIICHI_HAND, "--dora", "1m2m3m4m5m6m"],
    "minus one North": [*SCORE, "riichi-sanma", "--hand", RIICHI_HAND, "--north", "-1"],
    "a streak of 4,300 digits": [*SCORE, "taiwanese", "--hand", TW_HAND, "--streak", "9" * 4300],
    "a 2**64 North count": [*SCORE, "riichi-sanma", "--hand", RIICHI_HAND, "--north", str(2**64)],
}


@pytest.mark.parametrize("argv", USAGE.values(), ids=USAGE.keys())
def test_a_contradictory_or_foreign_score_option_is_a_usage_error(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse refuses the option itself
        status = int(exit_.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert len(err) < 2000  # the usage and one line, never the 4,300 digits back


def test_a_sanma_discard_from_the_empty_north_seat_is_an_invalid_request() -> None:
    """Found by the seeded mutation test: a claim on north's discard in sanma raised
    ValueError instead of answering."""
    given = {
        "discard": {"tile": "5p", "from": "north"},
        "hands": {"south": {"concealed": "46p 111s 999s 111m 99m"}},
        "claims": {"south": "chow 456p"},
    }
    outcome = ENGINE.evaluate({"variant": "riichi-sanma", "kind": "claim", "given": given})
    assert outcome["error"]["path"] == ["discard", "from"]
    assert code_of(outcome) == "invalid-request"
