"""``mjspec replay``: games no one here wrote, replayed hand by hand on the reference engine.

riichienv plays whole games (4 and 3 players) and writes MJAI logs; its agents here play to
win (:mod:`replay_agents`), so the logs hold wins, riichi, calls, kans and Norths. Every
hand must agree with the reference engine (its three-player game pays 2,000 in all at an
exhaustive draw, as Tenhou's and Mahjong Soul's sanma do).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from conformance.cli import main

riichienv = pytest.importorskip("riichienv")
from replay_agents import greedy_game  # noqa: E402

pytestmark = pytest.mark.slow

GAMES = 200 if os.environ.get("MJSPEC_LONG") == "1" else 4


def write_games(path: Path, mode: str, games: int, rule: str = "tenhou") -> Counter[str]:
    """``games`` seeded riichienv games as one MJAI log, under its ``default_<rule>`` game
    rule; the count of each event type."""
    kinds: Counter[str] = Counter()
    with path.open("w", encoding="utf-8") as log:
        for seed in range(games):
            for event in greedy_game(mode, seed, rule):
                kinds[event["type"]] += 1
                log.write(json.dumps(event) + "\n")
    return kinds


def replayed(path: Path, variant: str, capsys: pytest.CaptureFixture[str]) -> list[dict]:
    main(["replay", str(path), "--variant", variant, "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert report["problems"] == 0
    return list(report["hands"])


@pytest.mark.parametrize(
    ("mode", "rule", "variant"),
    [
        ("4p-red-half", "tenhou", "riichi-tenhou"),
        ("4p-red-half", "mjsoul", "riichi-mahjongsoul"),
        ("3p-red-half", "tenhou", "riichi-tenhou-sanma"),
        ("3p-red-half", "mjsoul", "riichi-mjsoul-sanma"),
    ],
)
def test_riichienv_games_agree_hand_by_hand_with_the_reference_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str, rule: str, variant: str
) -> None:
    path = tmp_path / "games.jsonl"
    kinds = write_games(path, mode, GAMES, rule)
    assert kinds["hora"] > 0
    assert kinds["reach"] > 0
    assert kinds["ryukyoku"] > 0
    assert kinds["pon"] + kinds["chi"] > 0
    hands = replayed(path, variant, capsys)
    verdicts = Counter(hand["verdict"] for hand in hands)
    print(f"{mode}: {len(hands)} hands, {dict(verdicts)}")
    assert verdicts == {"agrees": len(hands)}


def test_replay_in_workers_and_on_a_dask_cluster_gives_the_one_process_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    distributed = pytest.importorskip("distributed")
    path = tmp_path / "games.jsonl"
    write_games(path, "4p-red-half", 2)
    argv = ["replay", str(path), "--variant", "riichi", "--format", "json"]
    main(argv)
    alone = capsys.readouterr().out
    main([*argv, "--workers", "2"])
    assert capsys.readouterr().out == alone
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        main([*argv, "--dask", cluster.scheduler_address])
    assert capsys.readouterr().out == alone
    assert json.loads(alone)["hands"]


def test_an_unreachable_cluster_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed")
    path = tmp_path / "games.jsonl"
    write_games(path, "4p-red-half", 1)
    argv = ["replay", str(path), "--variant", "riichi", "--dask", "tcp://127.0.0.1:9"]
    assert main(argv) == 2
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err


def replay_report(
    log: Path, variant: str, capsys: pytest.CaptureFixture[str], *options: str
) -> tuple[int, dict]:
    """The exit status and the JSON report of ``mjspec replay`` on ``log``."""
    code = main(["replay", str(log), "--variant", variant, "--format", "json", *options])
    return code, json.loads(capsys.readouterr().out)


def test_the_report_counts_by_rule_the_hands_that_exercised_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    write_games(log, "4p-red-half", 2)
    code, report = replay_report(log, "riichi-tenhou", capsys)
    assert code == 0
    rules, hands = report["rules"], report["hands"]
    assert rules["riichi.play.riichi"]["agrees"] == sum(
        "riichi.play.riichi" in hand["rules"] for hand in hands
    )
    assert all(counts["diverges"] == 0 for counts in rules.values())
    wins = [hand for hand in hands if any(r.startswith("riichi.payments.") for r in hand["rules"])]
    assert wins
    assert all(r in rules for hand in wins for r in hand["rules"])
    main(["replay", str(log), "--variant", "riichi-tenhou"])
    assert "by rule" in capsys.readouterr().out


def test_a_draw_logged_with_another_reason_differs_on_the_reason_and_names_its_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    write_games(log, "4p-red-half", 1)
    lines = log.read_text("utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if '"exhaustive_draw"' in line)
    lines[at] = lines[at].replace('"exhaustive_draw"', '"sufuurenta"')  # four winds
    log.write_text("\n".join(lines) + "\n", "utf-8")
    code, report = replay_report(log, "riichi-tenhou", capsys)
    assert code == 1
    (hand,) = [h for h in report["hands"] if h["verdict"] != "agrees"]
    assert hand["verdict"] == "differs"
    assert hand["log"] == "reason: four-winds (sufuurenta)"
    assert hand["engine"] == "reason: exhaustive"
    assert hand["rule"] == "riichi.abortive.four-winds"
