"""``mjspec replay --propose DIR``: each diverging hand written as a proposed play fixture
(the script up to its divergence, the log's side as the expectation), which passes lint
and which the reference engine then disagrees with."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.yamlsafe import load_file

pytest.importorskip("riichienv")

from test_replay import replay_report, write_games

pytestmark = pytest.mark.slow


def test_a_hand_whose_end_differs_is_proposed_with_the_logs_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    write_games(log, "3p-red-half", 3)  # riichienv pays 2,000 in all at a sanma draw
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
        assert sum(v for v in result["payments"].values() if v > 0) == 2000
    assert main(["validate", str(out)]) == 0
    capsys.readouterr()
    assert main(["check", *report["proposed"]]) == 1  # the reference engine pays 3,000
    assert "DISAGREES" in capsys.readouterr().out


def test_a_refused_action_is_proposed_as_legal_up_to_that_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    write_games(log, "4p-red-half", 1)
    events = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    start = next(i for i, e in enumerate(events) if e["type"] == "start_kyoku")
    first = next(i for i in range(start, len(events)) if events[i]["type"] == "dahai")
    actor = events[first]["actor"]
    held = set(events[start]["tehais"][actor]) | {events[first - 1].get("pai")}
    events[first]["pai"] = next(t for t in ("E", "S", "W", "N", "P", "F", "C") if t not in held)
    log.write_text("".join(json.dumps(e) + "\n" for e in events), "utf-8")
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
    write_games(log, "3p-red-half", 3)
    blocked = tmp_path / "a-file"
    blocked.write_text("", "utf-8")
    argv = ["replay", str(log), "--variant", "riichi-tenhou-sanma", "--propose", str(blocked)]
    assert main(argv) == 2
    assert "unwritable: cannot write" in capsys.readouterr().err
