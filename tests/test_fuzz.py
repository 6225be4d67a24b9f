"""mjspec fuzz: a deliberately wrong engine is caught, the case shrunk to what matters, and
written as a valid proposed fixture."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from conformance import connect, corpus, fuzz_cli
from conformance.cli import main
from conformance.connect import EngineSpec, open_engine
from conformance.corpus import load_corpus
from conformance.engine import EngineInfo, engine_info
from conformance.fuzz import shards
from conformance.fuzz.differential import Finding, FuzzReport, Plan, fuzz, write_finding
from conformance.fuzz.shards import Campaign, FuzzShard, fuzz_campaign, fuzz_shard
from conformance.proposals import UnwritableError
from reference_engine.plugin import ReferenceEngine


class RiichiIsTwoHan:
    """The reference engine, except that riichi is worth 2 han."""

    def __init__(self) -> None:
        self.inner = ReferenceEngine()

    def info(self) -> Mapping[str, Any]:
        return {**self.inner.info(), "name": "riichi-is-two"}

    def evaluate(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        outcome = dict(self.inner.evaluate(request))
        patterns = outcome.get("patterns")
        if isinstance(patterns, dict) and "riichi" in patterns:
            outcome["patterns"] = {**patterns, "riichi": 2}
            outcome["han"] += 1
        return outcome


def test_a_wrong_engine_is_found_and_shrunk(tmp_path: Path) -> None:
    engine = RiichiIsTwoHan()
    info = engine_info(engine)
    report = fuzz(engine, info, "riichi", Plan(seed=3, count=300, max_findings=3))
    assert report.findings
    for finding in report.findings:
        table = finding.request["given"].get("table", {})
        assert table.get("riichi") is True
        for cleared in ("honba", "riichi_sticks", "ippatsu", "double_riichi"):
            assert not table.get(cleared)
        assert any(d.path == "patterns.riichi" for d in finding.differences)
    catalogue = load_corpus().catalogues["riichi"]
    paths = [write_finding(f, info, 3, catalogue, tmp_path) for f in report.findings]
    written = load_corpus([tmp_path])
    assert not written.problems
    assert {case.id for case in written.cases} == {
        f"riichi/{p.parent.name}/{p.stem}" for p in paths
    }
    assert all(case.status == "proposed" for case in written.cases)


def test_an_agreeing_engine_finds_nothing(tmp_path: Path) -> None:
    status = main(
        [
            "fuzz",
            "--engine",
            "reference",
            "--variant",
            "riichi-sanma",
            "--count",
            "200",
            "--out",
            str(tmp_path),
        ]
    )
    assert status == 0
    assert not list(tmp_path.rglob("*.yaml"))


@pytest.mark.parametrize("name", ["../../escape", "/etc/cron.d/x", "..", "a/../../b", "É\u0000"])
def test_an_engines_name_never_becomes_a_path(name: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    finding = Finding(
        "riichi",
        3,
        {"variant": "riichi", "kind": "score", "given": {"concealed": "123m456m789m123p55s"}},
        {"error": {"code": "not-winning", "message": ""}},
        "engine raised",
        (),
        0,
    )
    written = write_finding(finding, EngineInfo(name, "1", {}), 7, None, out)
    assert written.resolve().is_relative_to(out.resolve())
    assert written.name.startswith("fuzz-")
    assert "/" not in written.name.removeprefix("fuzz-")
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == [written]


def test_findings_a_known_deviation_explains_are_not_reported_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With the engine's expectations, a disagreement on riichi's han (and what follows
    from it) is listed as known: no fixture is written and the run passes."""
    expectations = tmp_path / "riichi-is-two.yaml"
    expectations.write_text(
        "engine: riichi-is-two\n"
        "deviations:\n"
        "  - rule: riichi.yaku.riichi\n"
        "    expect: fail\n"
        "    reason: riichi is worth two han here\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    argv = ["fuzz", "--engine", "python:test_fuzz:RiichiIsTwoHan", "--variant", "riichi"]
    argv += ["--count", "200", "--max-findings", "1000", "--out", str(out)]
    assert main(argv) == 1  # without the expectations: new findings
    capsys.readouterr()
    written = len(list(out.rglob("*.yaml")))
    assert written > 0
    assert main([*argv, "--expectations", str(expectations)]) == 0
    printed = capsys.readouterr().out
    assert "0 new disagreements" in printed
    assert f"known, {written} cases: riichi is worth two han here" in printed


def _fuzz_output(capsys: pytest.CaptureFixture[str], argv: list[str], out: Path) -> list[str]:
    """What a fuzz run prints but its timing line, and the fixtures it writes."""
    main([*argv, "--out", str(out)])
    printed = capsys.readouterr().out.replace(str(out), "OUT").splitlines()[:-1]
    written = [f"{p.relative_to(out)}\n{p.read_text()}" for p in sorted(out.rglob("*.yaml"))]
    return printed + written


def test_fuzz_in_workers_and_on_a_dask_cluster_gives_the_one_process_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Cut into shards, the cases are the same and the run stops at the same finding: the
    eighth new one, which a shard other than the first finds."""
    distributed = pytest.importorskip("distributed")
    argv = ["fuzz", "--engine", "python:test_fuzz:RiichiIsTwoHan", "--count", "120"]
    argv += ["--max-findings", "8"]
    alone = _fuzz_output(capsys, argv, tmp_path / "alone")
    assert alone[0].startswith("riichi: ")
    assert "8 new disagreements" in alone[0]
    assert int(alone[0].split()[1]) > 120 // 8, "the stop falls past the first shard"
    assert _fuzz_output(capsys, [*argv, "--workers", "2"], tmp_path / "pool") == alone
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        on_dask = [*argv, "--dask", cluster.scheduler_address]
        assert _fuzz_output(capsys, on_dask, tmp_path / "dask") == alone


def _campaign_reports(engine: str, plan: Plan, shards: int, workers: int) -> list[FuzzReport]:
    """A campaign's reports, their timings left out (two runs take different times)."""
    info = engine_info(open_engine(engine))
    campaign = Campaign(EngineSpec(engine, 5.0, 5.0), info, ("riichi",), plan, shards)
    reports = fuzz_campaign(campaign, workers=workers)
    return [dataclasses.replace(report, seconds=0.0) for report in reports]


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
@pytest.mark.parametrize(
    ("engine", "count"), [("reference", 40), ("python:test_fuzz:RiichiIsTwoHan", 120)]
)
def test_a_fuzz_campaign_in_two_workers_gives_the_one_worker_reports_exactly(
    engine: str, count: int
) -> None:
    """The reference engine's shards use the workers' own engine, forked warm; another
    engine is opened by each shard: either way the cases, skips and findings are the same,
    up to the same stop (the eighth new finding of the wrong engine)."""
    plan = Plan(seed=3, count=count, max_findings=8)
    alone = _campaign_reports(engine, plan, shards=1, workers=1)
    assert alone[0].cases == count or len(alone[0].findings) == 8
    assert _campaign_reports(engine, plan, shards=8, workers=2) == alone


def test_a_reference_shard_uses_the_loaded_reference_engine_and_opens_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a shard of the reference engine opened an engine")

    monkeypatch.setattr(shards, "open_engine", refused)
    monkeypatch.setattr(connect, "open_engine", refused)
    info = engine_info(ReferenceEngine())
    shard = FuzzShard(EngineSpec("reference", 5.0, 5.0), info, "riichi", Plan(3, 5), range(5))
    [report] = fuzz_shard(shard)
    assert (report.cases, report.skipped, report.findings) == (5, [], [])


def test_fuzz_workers_out_of_range_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--engine", "reference", "--workers", "0"]) == 2
    assert "--workers is a whole number" in capsys.readouterr().err


def test_a_findings_folder_that_cannot_be_written_is_a_coded_error(tmp_path: Path) -> None:
    engine = RiichiIsTwoHan()
    report = fuzz(engine, engine_info(engine), "riichi", Plan(seed=3, count=300, max_findings=1))
    blocked = tmp_path / "a-file"
    blocked.write_text("", "utf-8")
    with pytest.raises(UnwritableError, match="cannot write"):
        write_finding(report.findings[0], engine_info(engine), 3, None, blocked)


def test_a_fuzz_command_reads_the_fuzzed_variants_catalogues_once_and_no_other_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    read: list[str] = []

    def counted(path: Path, kind: str) -> object:
        read.append(f"{path.parent.name}/{path.name}")
        return reading(path, kind)

    reading = corpus.load_validated
    monkeypatch.setattr(corpus, "load_validated", counted)
    shards.catalogue.cache_clear()
    argv = ["fuzz", "--engine", "reference", "--count", "3", "--out", str(tmp_path)]
    assert main(argv) == 0
    assert sorted(read) == ["riichi-sanma/rules.yaml", "riichi/rules.yaml"]
    assert "riichi: 3 cases compared" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("engine", "per_worker"), [("reference", 16), ("python:test_fuzz:RiichiIsTwoHan", 4)]
)
def test_the_reference_engines_campaign_is_cut_in_small_shards_any_other_in_fewer(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, engine: str, per_worker: int
) -> None:
    cut: list[int] = []

    def counted(campaign: Campaign, **kwargs: Any) -> list[FuzzReport]:
        cut.append(campaign.shards)
        return fuzz_campaign(campaign, **kwargs)

    monkeypatch.setattr(fuzz_cli, "fuzz_campaign", counted)
    argv = ["--variant", "riichi", "--count", "2", "--workers", "2", "--out", str(tmp_path)]
    main(["fuzz", "--engine", engine, *argv])
    assert cut == [2 * per_worker]


@pytest.mark.parametrize("variant", ["riichi", "riichi-sanma"])
def test_a_variants_catalogue_read_alone_is_the_one_the_whole_corpus_holds(variant: str) -> None:
    assert shards.catalogue(variant) == load_corpus([]).catalogues[variant]
