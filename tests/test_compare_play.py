"""The comparisons of the play, claim and match kinds, on hand-made outcomes (no engine)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from conformance.compare import Difference, action_after, compare, first_divergence
from conformance.corpus import Case
from conformance.engine import EngineInfo
from conformance.report import render_text, to_json
from conformance.runner import Verdict, run

SEATS = ("east", "south", "west", "north")


def situation(after: int, action: str | None, **state: Any) -> dict[str, Any]:
    """A trace entry: every seat's state filled with defaults, ``state`` overriding."""
    view: dict[str, Any] = {"turn": "east", "phase": "discard", "live_tiles": 63}
    for seat in SEATS:
        view |= {
            f"hand.{seat}": "",
            f"melds.{seat}": [],
            f"discards.{seat}": "",
            f"flowers.{seat}": "",
            f"restricted.{seat}": "",
            f"ready.{seat}": False,
        }
    legal = state.pop("legal", {})
    view |= {key.replace("__", "."): value for key, value in state.items()}
    return {
        "after": after,
        "action": action,
        "legal": {seat: legal.get(seat, []) for seat in SEATS},
        "state": view,
    }


TRACE = [
    situation(
        0,
        None,
        legal={"east": ["discard 1m", "discard 9p", "discard 0p"]},
        hand__east="1m2m3m 0p 9p",
    ),
    situation(
        1,
        "east discard 9p",
        legal={"south": ["pung 9p", "pass"], "west": ["pass", "win"]},
        phase="claim",
        hand__east="1m2m3m 0p",
        discards__east="9p",
    ),
    situation(
        2,
        "south pung 9p",
        turn="south",
        melds__south=["pung 9p"],
        discards__east="",
        discards__south="",
    ),
    situation(3, "south discard 1z", turn="west", phase="claim", discards__south="1z 2z"),
]

RESULT = {
    "end": "win",
    "winners": [
        {"seat": "west", "patterns": {"winning-hand": 2, "no-flowers": 1}, "tai": 3},
        {"seat": "north", "patterns": {"winning-hand": 2}, "tai": 2, "dealer_tai": 0},
    ],
    "payments": {"east": 0, "south": -5, "west": 3, "north": 2},
}

OUTCOME: dict[str, Any] = {"trace": TRACE, "result": RESULT}


def play(expect: Mapping[str, Any], outcome: Mapping[str, Any] = OUTCOME) -> list[Difference]:
    return compare(expect, outcome, kind="play")


def paths(diffs: list[Difference]) -> list[str]:
    return [diff.path for diff in diffs]


# --- legal actions ------------------------------------------------------------------------


def test_legal_actions_compare_as_sets_in_any_order() -> None:
    checkpoint = {"after": 0, "legal": {"east": ["discard 0p", "discard 9p", "discard 1m"]}}
    assert play({"checkpoints": [checkpoint]}) == []


def test_a_missing_legal_action_is_named() -> None:
    checkpoint = {"after": 1, "legal": {"south": ["pung 9p", "chow 789p", "pass"]}}
    diffs = play({"checkpoints": [checkpoint]})
    assert [str(d) for d in diffs] == ["checkpoints[after=1].legal.south missing: 'chow 789p'"]
    assert diffs[0].step == 1


def test_an_extra_legal_action_is_named() -> None:
    diffs = play({"checkpoints": [{"after": 1, "legal": {"west": ["pass"]}}]})
    assert [str(d) for d in diffs] == ["checkpoints[after=1].legal.west unexpected: 'win'"]


def test_an_empty_list_states_that_the_seat_has_no_legal_action() -> None:
    assert play({"checkpoints": [{"after": 0, "legal": {"north": []}}]}) == []
    diffs = play({"checkpoints": [{"after": 1, "legal": {"south": []}}]})
    assert paths(diffs) == ["checkpoints[after=1].legal.south unexpected"] * 2


def test_a_seat_left_out_of_the_engine_answer_has_no_legal_action() -> None:
    outcome = {"trace": [{"after": 0, "action": None, "legal": {}, "state": {}}]}
    diffs = play({"checkpoints": [{"after": 0, "legal": {"east": ["draw"]}}]}, outcome)
    assert [str(d) for d in diffs] == ["checkpoints[after=0].legal.east missing: 'draw'"]


# --- state ----------------------------------------------------------------------------------


def test_a_hand_compares_as_a_multiset() -> None:
    state = {"hand.east": "9p 0p 3m2m1m"}
    assert play({"checkpoints": [{"after": 0, "state": state}]}) == []


def test_a_red_five_is_not_a_plain_five() -> None:
    diffs = play({"checkpoints": [{"after": 0, "state": {"hand.east": "1m2m3m 5p 9p"}}]})
    assert diffs == [
        Difference("checkpoints[after=0].state.hand.east", "1m2m3m 5p 9p", "1m2m3m 0p 9p", 0)
    ]


def test_a_wrong_hand_shows_the_field_and_both_hands() -> None:
    diffs = play({"checkpoints": [{"after": 1, "state": {"hand.east": "1m2m3m 0p 9p"}}]})
    assert len(diffs) == 1
    assert str(diffs[0]) == (
        "checkpoints[after=1].state.hand.east: expected '1m2m3m 0p 9p', got '1m2m3m 0p'"
    )


def test_discards_compare_as_a_sequence() -> None:
    assert play({"checkpoints": [{"after": 3, "state": {"discards.south": "1z2z"}}]}) == []
    diffs = play({"checkpoints": [{"after": 3, "state": {"discards.south": "2z 1z"}}]})
    assert paths(diffs) == ["checkpoints[after=3].state.discards.south"]


def test_melds_compare_as_a_multiset_of_strings() -> None:
    assert play({"checkpoints": [{"after": 2, "state": {"melds.south": ["pung 9p"]}}]}) == []
    diffs = play({"checkpoints": [{"after": 2, "state": {"melds.south": ["kong 9p"]}}]})
    assert paths(diffs) == ["checkpoints[after=2].state.melds.south"]


@pytest.mark.parametrize(
    ("field", "value"),
    [("turn", "south"), ("phase", "draw"), ("live_tiles", 62), ("ready.east", 0)],
)
def test_other_state_fields_compare_exactly(field: str, value: Any) -> None:
    diffs = play({"checkpoints": [{"after": 0, "state": {field: value}}]})
    assert paths(diffs) == [f"checkpoints[after=0].state.{field}"]


def test_a_checkpoint_beyond_the_trace_is_a_difference() -> None:
    diffs = play({"checkpoints": [{"after": 9, "state": {"turn": "east"}}]})
    assert paths(diffs) == ["checkpoints[after=9]"]
    assert diffs[0].actual is None
    assert diffs[0].step == 9


def test_a_frozen_expectation_compares_like_a_plain_one() -> None:
    state = MappingProxyType({"melds.south": ("pung 9p",), "discards.south": ""})
    frozen = MappingProxyType({"checkpoints": (MappingProxyType({"after": 2, "state": state}),)})
    assert play(frozen) == []


# --- the refused action -----------------------------------------------------------------------


def test_the_refused_action_compares_its_step_and_code() -> None:
    outcome = {"trace": TRACE, "illegal": {"after": 4, "code": "illegal-action", "message": "no"}}
    assert play({"illegal": {"after": 4, "code": "illegal-action"}}, outcome) == []
    diffs = play({"illegal": {"after": 3, "code": "illegal-action"}}, outcome)
    assert diffs == [Difference("illegal.after", 3, 4, 3)]
    diffs = play({"illegal": {"after": 4, "code": "not-your-turn"}}, outcome)
    assert paths(diffs) == ["illegal.code"]


def test_the_refusing_rule_is_compared_when_both_sides_name_one() -> None:
    named = {"after": 4, "code": "illegal-action", "rule": "riichi.furiten.temporary"}
    expected = {"illegal": {"after": 4, "code": "illegal-action", "rule": "riichi.play.riichi"}}
    diffs = play(expected, {"trace": TRACE, "illegal": named})
    assert diffs == [
        Difference("illegal.rule", "riichi.play.riichi", "riichi.furiten.temporary", 4)
    ]
    unnamed = {"after": 4, "code": "illegal-action"}
    assert play(expected, {"trace": TRACE, "illegal": unnamed}) == []
    assert play({"illegal": unnamed}, {"trace": TRACE, "illegal": named}) == []


def test_an_accepted_action_that_should_be_refused_is_a_difference() -> None:
    diffs = play({"illegal": {"after": 2, "code": "illegal-action"}})
    assert diffs == [Difference("illegal", {"after": 2, "code": "illegal-action"}, None, 2)]


def test_a_refusal_the_fixture_does_not_expect_is_a_difference() -> None:
    outcome = {"trace": TRACE[:2], "illegal": {"after": 1, "code": "illegal-action"}}
    diffs = play({"checkpoints": [{"after": 0, "state": {"turn": "east"}}]}, outcome)
    assert diffs == [Difference("illegal", None, {"after": 1, "code": "illegal-action"}, 1)]


# --- the result --------------------------------------------------------------------------------


def test_the_result_matches_winners_by_seat() -> None:
    winners = [
        {"seat": "north", "patterns": {"winning-hand": 2}, "tai": 2},
        {"seat": "west", "tai": 3},
    ]
    expect = {"result": {"end": "win", "winners": winners, "payments": RESULT["payments"]}}
    assert play(expect) == []


def test_a_wrong_winner_is_reported_both_ways() -> None:
    expect = {"result": {"end": "win", "winners": [{"seat": "west"}, {"seat": "south"}]}}
    diffs = play(expect)
    assert paths(diffs) == ["result.winners[south]", "result.winners[north]"]
    assert diffs[0].actual is None
    assert diffs[1].expected is None


def test_a_winner_patterns_compare_exactly_in_both_directions() -> None:
    winner = {"seat": "west", "patterns": {"winning-hand": 2, "self-draw": 1}, "tai": 4}
    diffs = play({"result": {"end": "win", "winners": [winner]}})
    assert paths(diffs) == [
        "result.winners[west].patterns.no-flowers",
        "result.winners[west].patterns.self-draw",
        "result.winners[west].tai",
        "result.winners[north]",
    ]


def test_payments_compare_as_a_map() -> None:
    payments = {"east": 0, "south": -6, "west": 3, "north": 3}
    diffs = play({"result": {"end": "win", "payments": payments}})
    assert diffs == [
        Difference("result.payments.north", 3, 2, 3),
        Difference("result.payments.south", -6, -5, 3),
    ]


def test_a_missing_result_and_a_wrong_end_are_differences() -> None:
    assert paths(play({"result": {"end": "draw"}})) == ["result.end"]
    assert paths(play({"result": {"end": "win"}}, {"trace": TRACE})) == ["result"]


# --- the first divergence ----------------------------------------------------------------------


def test_differences_come_ordered_by_step_whatever_the_fixture_order() -> None:
    expect = {
        "result": {"end": "draw"},
        "checkpoints": [
            {"after": 3, "state": {"turn": "north"}},
            {"after": 1, "legal": {"south": ["pass"]}, "state": {"phase": "draw"}},
        ],
    }
    diffs = play(expect)
    assert [d.step for d in diffs] == [1, 1, 3, 3]
    assert paths(diffs) == [
        "checkpoints[after=1].legal.south unexpected",
        "checkpoints[after=1].state.phase",
        "checkpoints[after=3].state.turn",
        "result.end",
    ]
    assert first_divergence(diffs) == 1
    assert action_after(OUTCOME, 1) == "east discard 9p"


def test_no_divergence_without_a_step() -> None:
    assert first_divergence([Difference("tai", 1, 2)]) is None
    assert action_after(OUTCOME, 0) is None
    assert action_after(None, 2) is None


def play_case(expect: Mapping[str, Any]) -> Case:
    return Case(
        id="taiwanese/play/fake-script",
        variant="taiwanese",
        kind="play",
        title="Fake script",
        rules=("tw.payments.discard",),
        given={"wall": {"seed": 1}, "actions": ["east discard 9p", "south pung 9p"]},
        expect=expect,
        file=Path("fake-script.yaml"),
        line=1,
    )


class Fixed:
    """An engine that answers every request with one outcome."""

    def __init__(self, outcome: Mapping[str, Any]) -> None:
        self.outcome = outcome

    def info(self) -> Mapping[str, Any]:
        return {"name": "fake", "version": "0", "variants": {"taiwanese": ["play"]}}

    def evaluate(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        return self.outcome


def test_the_text_report_names_the_first_divergent_action() -> None:
    case = play_case(
        {
            "checkpoints": [
                {"after": 2, "state": {"melds.south": ["pung 9p"], "turn": "east"}},
                {"after": 3, "state": {"discards.south": "1z"}},
            ]
        }
    )
    report = run(Fixed(OUTCOME), EngineInfo("fake", "0", {"taiwanese": ("play",)}), [case])
    assert report.results[0].verdict is Verdict.FAIL
    lines = render_text(report).splitlines()
    first = lines.index("  first divergence after action 2: south pung 9p")
    assert lines[first + 1] == ("  - checkpoints[after=2].state.turn: expected 'east', got 'south'")
    assert lines[first + 2].startswith("  - checkpoints[after=3].state.discards.south")
    steps = [d["step"] for d in to_json(report)["results"][0]["differences"]]
    assert steps == [2, 3]


def test_a_divergence_right_after_the_deal_names_the_deal() -> None:
    case = play_case({"checkpoints": [{"after": 0, "state": {"turn": "south"}}]})
    report = run(Fixed(OUTCOME), EngineInfo("fake", "0", {"taiwanese": ("play",)}), [case])
    assert "  first divergence after action 0: (the deal)" in render_text(report)


def test_an_error_outcome_compares_by_code() -> None:
    assert (
        play({"error": {"code": "invalid-request"}}, {"error": {"code": "invalid-request"}}) == []
    )
    assert paths(play({"checkpoints": []}, {"error": {"code": "invalid-tile"}})) == ["error.code"]


# --- claim -----------------------------------------------------------------------------------


def claim(expect: Mapping[str, Any], outcome: Mapping[str, Any]) -> list[Difference]:
    return compare(expect, outcome, kind="claim")


def test_granted_claims_compare_as_a_set() -> None:
    outcome = {"legal": {"north": True, "east": True}, "granted": ["north", "east"]}
    assert claim({"granted": ["east", "north"]}, outcome) == []
    diffs = claim({"granted": ["east"]}, outcome)
    assert [str(d) for d in diffs] == ["granted unexpected: 'north'"]
    diffs = claim({"granted": ["east", "north", "west"]}, outcome)
    assert [str(d) for d in diffs] == ["granted missing: 'west'"]


def test_nobody_granted_is_an_empty_list() -> None:
    assert claim({"granted": []}, {"granted": []}) == []
    assert paths(claim({"granted": []}, {"granted": ["south"]})) == ["granted unexpected"]
    assert paths(claim({"granted": []}, {})) == ["granted"]


def test_claim_legality_compares_as_an_exact_map() -> None:
    outcome = {"legal": {"north": True, "south": False}, "granted": ["north"]}
    assert claim({"legal": {"north": True, "south": False}}, outcome) == []
    diffs = claim({"legal": {"north": True, "south": True}}, outcome)
    assert diffs == [Difference("legal.south", True, False)]
    diffs = claim({"legal": {"north": True}}, outcome)
    assert diffs == [Difference("legal.south", None, False)]


# --- match -----------------------------------------------------------------------------------

MATCH = {
    "after": [
        {
            "dealer": "east",
            "dealer_streak": 1,
            "hands_played": 1,
            "totals": {"east": 9, "south": -3, "west": -3, "north": -3},
        },
        {
            "dealer": "south",
            "dealer_streak": 0,
            "hands_played": 2,
            "totals": {"east": 4, "south": 2, "west": -3, "north": -3},
        },
    ],
    "final": {
        "ended": True,
        "hands_played": 2,
        "totals": {"east": 4, "south": 2, "west": -3, "north": -3},
        "standings": ["east", "south", "west", "north"],
    },
}


def match(expect: Mapping[str, Any], outcome: Mapping[str, Any] = MATCH) -> list[Difference]:
    return compare(expect, outcome, kind="match")


def test_match_states_compare_field_by_field() -> None:
    assert match(MATCH) == []
    assert match({"after": [{"dealer": "east"}, {"hands_played": 2}]}) == []
    diffs = match({"after": [{"dealer": "east"}, {"dealer": "west", "dealer_streak": 1}]})
    assert diffs == [
        Difference("after[1].dealer", "west", "south"),
        Difference("after[1].dealer_streak", 1, 0),
    ]


def test_match_totals_compare_as_an_exact_map() -> None:
    diffs = match({"after": [{"totals": {"east": 9, "south": -3}}]})
    assert paths(diffs) == ["after[0].totals.north", "after[0].totals.west"]


def test_a_state_after_a_hand_the_engine_did_not_report_is_a_difference() -> None:
    diffs = match({"after": [{}, {}, {"dealer": "south"}]})
    assert diffs == [Difference("after[2]", {"dealer": "south"}, None)]


def test_the_final_standings_compare_as_a_list() -> None:
    assert match({"final": {"standings": ["east", "south", "west", "north"]}}) == []
    diffs = match({"final": {"standings": ["south", "east", "west", "north"], "ended": False}})
    assert paths(diffs) == ["final.standings", "final.ended"]
    assert paths(match({"final": {"ended": True}}, {"after": []})) == ["final"]


def test_differences_from_a_frozen_expectation_are_plain_json() -> None:
    """The corpus is compared as it is held, frozen; what a report writes is JSON."""
    import json

    from conformance.corpus import load_corpus

    cases = [c for c in load_corpus().cases if c.kind in ("play", "match")][:40]
    assert cases
    for case in cases:
        differences = compare(case.expect, {"trace": [], "after": []}, kind=case.kind)
        assert differences
        json.dumps([[d.path, d.expected, d.actual] for d in differences])
