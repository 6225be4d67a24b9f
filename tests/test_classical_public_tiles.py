"""The public tiles of a classical win (cc.points.one-chance) read alike by a score
request, a settle request and play."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

import spec
from reference_engine.plugin import ReferenceEngine

ENGINE = ReferenceEngine()
SETTLEMENTS = sorted(
    path
    for variant in ("classical-chinese", "european-classic")
    for path in (spec.SCENARIOS_DIR / variant / "settlement").glob("*.yaml")
)
KONG_TABLE = (
    spec.SCENARIOS_DIR
    / "classical-chinese"
    / "settlement"
    / "one-chance-dead-in-another-players-kong.yaml"
)


def fixture(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def settled_winners() -> list[Path]:
    """The settle fixtures that score a winner from every player's tiles."""
    return [
        path
        for path in SETTLEMENTS
        if "hands" in fixture(path)["given"]
        and fixture(path)["given"].get("winner", "none") != "none"
        and "error" not in fixture(path)["expect"]
    ]


def as_score_request(given: dict[str, Any]) -> dict[str, Any]:
    """The winner of a settle request as a score request at the same table: its tiles, its
    win, and seen holding the discards and the other players' melds (what seen holds in a
    score)."""
    winner = given["winner"]
    hand = given["hands"][winner]
    table = dict(hand.get("table", {}))
    melded = [
        meld["tiles"]
        for seat, other in given["hands"].items()
        if seat != winner
        for meld in other.get("melds", ())
    ]
    seen = " ".join([table.get("seen", ""), *melded]).strip()
    if seen:
        table["seen"] = seen
    request = {key: hand[key] for key in ("concealed", "melds", "flowers", "win") if key in hand}
    request |= {"seat": winner, "round": given.get("round", "east")}
    if "options" in given:
        request["options"] = given["options"]
    return {**request, "table": table} if table else request


def evaluate(variant: str, kind: str, given: dict[str, Any]) -> dict[str, Any]:
    return ENGINE.evaluate({"variant": variant, "kind": kind, "given": given})


@pytest.mark.parametrize("path", settled_winners(), ids=lambda path: path.stem)
def test_a_settled_winner_scores_as_a_score_request_seeing_the_other_players_melds(
    path: Path,
) -> None:
    data = fixture(path)
    settled = evaluate(data["variant"], "settle", data["given"])
    scored = evaluate(data["variant"], "score", as_score_request(data["given"]))
    if "error" in settled:
        assert scored.get("error", {}).get("code") == settled["error"]["code"]
        return
    winner = data["given"]["winner"]
    assert {key: scored[key] for key in settled["scores"][winner]} == settled["scores"][winner]


def test_settle_reads_another_players_kong_as_public_without_seen() -> None:
    given = fixture(KONG_TABLE)["given"]
    settled = evaluate("classical-chinese", "settle", given)
    assert settled["scores"]["south"]["patterns"].get("one-chance") == 2


def test_a_settle_seen_repeating_a_meld_of_the_hands_names_seen() -> None:
    given = copy.deepcopy(fixture(KONG_TABLE)["given"])
    given["hands"]["south"]["table"] = {"seen": "2s"}
    error = evaluate("classical-chinese", "settle", given)["error"]
    assert error["code"] == "too-many-copies"
    assert error["path"] == ["hands", "south", "table", "seen"]
    assert "5 copies of 2s" in error["message"]


def test_a_score_seen_listing_the_winners_own_meld_names_seen() -> None:
    given = {
        "concealed": "234m 678m 99m 34s 5s",
        "melds": [{"type": "pung", "tiles": "2s2s2s", "from": "north"}],
        "win": {"by": "discard", "from": "west"},
        "seat": "south",
        "table": {"seen": "2s2s2s 2s"},
    }
    error = evaluate("classical-chinese", "score", given)["error"]
    assert error["code"] == "too-many-copies"
    assert error["path"] == ["table", "seen"]
