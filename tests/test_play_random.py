"""``mjspec play-random``: an engine's own seeded agents play whole hands, and each hand is
checked from outside (it ends, its payments and sticks add up, its script replays the same
on the engine and on the reference); in processes or on a Dask cluster, the same report."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conformance.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent / "fake_engines"))


def _report(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict]:
    code = main(["play-random", *argv, "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("variant", ["riichi", "riichi-sanma", "sichuan", "taiwanese"])
def test_the_reference_engines_random_hands_pass_every_check(
    capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    code, report = _report(capsys, "--variant", variant, "--deals", "8")
    assert code == 0
    assert report["hands"] == 8
    assert report["findings"] == []
    assert sum(report["ends"].values()) == 8


@pytest.mark.slow
def test_workers_and_a_dask_cluster_give_the_one_process_report(
    capsys: pytest.CaptureFixture[str],
) -> None:
    distributed = pytest.importorskip("distributed")
    argv = ("--variant", "riichi", "--deals", "12", "--seed", "40")
    alone = _report(capsys, *argv)
    assert _report(capsys, *argv, "--workers", "2") == alone
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        assert _report(capsys, *argv, "--dask", cluster.scheduler_address) == alone


@pytest.mark.parametrize(
    ("factory", "problem"),
    [
        ("lopsided", "payments add up to 100"),
        ("wrong_script", "the engine refuses action 0 (south discard 1m)"),
        ("no_agents", "no script of the actions played"),
    ],
)
def test_a_hand_that_fails_a_check_is_a_finding_with_its_seeds(
    capsys: pytest.CaptureFixture[str], factory: str, problem: str
) -> None:
    engine = f"python:random_players:{factory}"
    code, report = _report(capsys, "--engine", engine, "--variant", "riichi", "--deals", "3")
    assert code == 1
    assert [finding["deal"] for finding in report["findings"]] == [0, 1, 2]
    assert all(f["wall_seed"] == f["deal"] for f in report["findings"])
    assert all(any(problem in p for p in f["problems"]) for f in report["findings"])


def test_the_reference_refuses_the_script_another_engine_reports(
    capsys: pytest.CaptureFixture[str],
) -> None:
    engine = "python:random_players:wrong_script"
    _, report = _report(capsys, "--engine", engine, "--variant", "riichi", "--deals", "1")
    (finding,) = report["findings"]
    assert any(p.startswith("the reference refuses action 0") for p in finding["problems"])


def test_an_engine_that_does_not_play_the_variant_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play-random", "--engine", "mahjong", "--variant", "riichi", "--deals", "2"]
    pytest.importorskip("mahjong")
    assert main(argv) == 2
    assert "does not play riichi hands" in capsys.readouterr().err


def test_the_agents_seeds_stay_within_the_schemas_bound() -> None:
    from conformance.play_random import AGENT_SEEDS, deals

    assert all(0 <= deal.agent_seed < AGENT_SEEDS for deal in deals(2**31 - 100, 100))


def test_a_time_limit_that_is_not_a_number_of_seconds_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play-random", "--variant", "riichi", "--timeout", "nan"])
    assert stop.value.code == 2
    assert "give more than 0" in capsys.readouterr().err
