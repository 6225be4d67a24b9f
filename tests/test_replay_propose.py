"""``mjspec replay --propose DIR``: each diverging hand written as a proposed play fixture
(the script up to its divergence, the log's side as the expectation), which passes lint
and which the reference engine then disagrees with."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from conformance.cli import main
from conformance.replay.mjai import parse_mjai
from conformance.replay.replay import Verdict, replay_hand
from conformance.replay.rules import finder_for
from conformance.yamlsafe import load_file
from reference_engine.plugin import ReferenceEngine

pytest.importorskip("riichienv")

from test_replay import replay_report, write_games

pytestmark = pytest.mark.slow


def write_games_paying_3000_at_draws(log: Path) -> None:
    """Three seeded three-player games whose exhaustive draws pay the four-player 3,000 in
    all (each of riichienv's noten payments, 2,000 in all, raised by half), as jansou's
    three-player presets do."""
    write_games(log, "3p-red-half", 3)
    events = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    for event in events:
        if event["type"] == "ryukyoku" and event["reason"] == "exhaustive_draw":
            event["deltas"] = [delta * 3 // 2 for delta in event["deltas"]]
    log.write_text("".join(json.dumps(e) + "\n" for e in events), "utf-8")


def test_a_hand_whose_end_differs_is_proposed_with_the_logs_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    write_games_paying_3000_at_draws(log)
    out = tmp_path / "proposed"
    code, report = replay_report(log, "riichi-tenhou-sanma", capsys, "--propose", str(out))
    assert code == 1
    differing = [hand for hand in report["hands"] if hand["verdict"] == "differs"]
    assert differing
    assert len(report["proposed"]) == len(differing)
    assert {hand["rule"] for hand in differing} == {"tenhou3p.draws.noten-payments"}
    for name in report["proposed"]:
        document = load_file(Path(name)).data
        assert document["status"] == "proposed"
        assert document["rules"] == ["tenhou3p.draws.noten-payments"]
        result = document["expect"]["result"]
        paid = sum(result["payments"].values())
        assert paid == 0
        assert sum(v for v in result["payments"].values() if v > 0) == 3000
    assert main(["validate", str(out)]) == 0
    capsys.readouterr()
    assert main(["check", *report["proposed"]]) == 1  # the reference engine pays 2,000
    assert "DISAGREES" in capsys.readouterr().out


def write_a_game_discarding_a_tile_not_held(log: Path) -> None:
    """One game whose first discard is of an honour its maker does not hold."""
    write_games(log, "4p-red-half", 1)
    events = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    start = next(i for i, e in enumerate(events) if e["type"] == "start_kyoku")
    first = next(i for i in range(start, len(events)) if events[i]["type"] == "dahai")
    actor = events[first]["actor"]
    held = set(events[start]["tehais"][actor]) | {events[first - 1].get("pai")}
    events[first]["pai"] = next(t for t in ("E", "S", "W", "N", "P", "F", "C") if t not in held)
    log.write_text("".join(json.dumps(e) + "\n" for e in events), "utf-8")


class NamingEngine(ReferenceEngine):
    """The reference engine, naming ``rule`` as the rule of each of its refusals."""

    def __init__(self, rule: str) -> None:
        self.rule = rule

    def evaluate(self, request: Mapping[str, Any]) -> dict[str, Any]:
        outcome = super().evaluate(request)
        if "illegal" in outcome:
            outcome["illegal"]["rule"] = self.rule
        return outcome


@pytest.mark.parametrize(
    ("named", "reported"),
    [("riichi.play.riichi", "riichi.play.riichi"), ("riichi.no.such-rule", None)],
    ids=["a-rule-of-the-variant", "an-unknown-id"],
)
def test_a_refusal_is_about_the_rule_the_engine_names_when_the_variant_has_it(
    tmp_path: Path, named: str, reported: str | None
) -> None:
    log = tmp_path / "games.jsonl"
    write_a_game_discarding_a_tile_not_held(log)
    (hand, *_) = parse_mjai(log.read_text("utf-8"), str(log))
    replayed = replay_hand(NamingEngine(named), hand, "riichi-tenhou", finder_for("riichi-tenhou"))
    assert replayed.verdict is Verdict.REFUSED
    assert replayed.rule == reported


def test_a_refused_action_is_proposed_as_legal_up_to_that_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    write_a_game_discarding_a_tile_not_held(log)
    out = tmp_path / "proposed"
    code, report = replay_report(log, "riichi-tenhou", capsys, "--propose", str(out))
    assert code == 1
    refused = next(hand for hand in report["hands"] if hand["verdict"] != "agrees")
    assert refused["verdict"] == "refused"
    (name,) = [p for p in report["proposed"] if "-h1." in p]
    document = load_file(Path(name)).data
    step = refused["step"]
    assert len(document["given"]["actions"]) == step + 1  # the script stops at the refusal
    assert document["given"]["actions"][-1] == refused["log"]
    assert document["expect"] == {"checkpoints": [{"after": step + 1}]}
    assert main(["validate", str(out)]) == 0
    assert main(["check", name]) == 1


def test_a_proposals_folder_that_cannot_be_written_is_a_coded_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    write_games_paying_3000_at_draws(log)  # hands to propose
    blocked = tmp_path / "a-file"
    blocked.write_text("", "utf-8")
    argv = ["replay", str(log), "--variant", "riichi-tenhou-sanma", "--propose", str(blocked)]
    assert main(argv) == 2
    assert "unwritable: cannot write" in capsys.readouterr().err
