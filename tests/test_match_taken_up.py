"""A match taken up mid-game (each seat's points, the riichi sticks on the table) is riichi's
alone: the other families replay a match from its first hand and their start totals
(sc.match.points, tw.match.friends-room-length, cc.match.start-points), so the fields are
refused there at the request boundary (``unsupported-field``), never ignored."""

from __future__ import annotations

from typing import Any

import pytest

from reference_engine.plugin import ReferenceEngine

MATCHES: dict[str, dict[str, Any]] = {
    "sichuan": {"length": 4, "hands": [{"draw": True}]},
    "taiwanese": {"length": 8, "hands": [{"draw": True}]},
    "classical-chinese": {"length": "east-south-west-north", "hands": []},
    "european-classic": {"length": "east-south-west-north", "hands": []},
}
TAKEN_UP = {"points": {"east": 5, "south": -5, "west": 0, "north": 0}, "sticks": 1}


@pytest.mark.parametrize("variant", sorted(MATCHES))
@pytest.mark.parametrize("field", sorted(TAKEN_UP))
def test_a_match_taken_up_mid_game_is_riichis_alone(variant: str, field: str) -> None:
    given = {**MATCHES[variant], field: TAKEN_UP[field]}
    outcome = ReferenceEngine().evaluate({"variant": variant, "kind": "match", "given": given})
    assert outcome["error"]["code"] == "unsupported-field", outcome
    assert outcome["error"]["path"] == [field]
    assert "riichi" in outcome["error"]["message"]


@pytest.mark.parametrize("variant", sorted(MATCHES))
def test_the_same_match_from_its_first_hand_is_answered(variant: str) -> None:
    given = MATCHES[variant]
    outcome = ReferenceEngine().evaluate({"variant": variant, "kind": "match", "given": given})
    assert "error" not in outcome, outcome
