"""Third-party engines through their adapters: each runs the riichi-family corpora (the
riichi and sanma fixtures, the platform profiles' own and the ones they inherit) under the
profiles it declares, and must match its shipped expectations exactly (no unexpected
failure, no stale entry, no error). An adapter whose package is not installed is skipped."""

from __future__ import annotations

import importlib

import pytest

import spec
from conformance.corpus import Case, load_corpus
from conformance.engine import engine_info
from conformance.expectations import reconcile, shipped_expectations
from conformance.report import render_text
from conformance.runner import Verdict, run

ADAPTERS = [
    ("mahjong", "conformance.adapters.mahjong_package", "MahjongPackageEngine"),
    ("riichienv", "conformance.adapters.riichienv_package", "RiichienvPackageEngine"),
    ("jansou", "conformance.adapters.jansou_package", "JansouPackageEngine"),
    ("cmajiang", "conformance.adapters.cmajiang_package", "CmajiangPackageEngine"),
    ("pyriichi", "conformance.adapters.pyriichi_package", "PyriichiPackageEngine"),
    ("mahjong_utils", "conformance.adapters.mahjong_utils_package", "MahjongUtilsPackageEngine"),
]


@pytest.fixture(scope="module")
def riichi_cases() -> list[Case]:
    paths = sorted(spec.SCENARIOS_DIR.glob("riichi*"))
    return load_corpus(paths).runnable(None)


@pytest.mark.parametrize(("package", "module", "name"), ADAPTERS)
def test_adapter_matches_its_expectations(
    package: str, module: str, name: str, riichi_cases: list[Case]
) -> None:
    pytest.importorskip(package)
    engine = getattr(importlib.import_module(module), name)()
    report = run(engine, engine_info(engine), riichi_cases)
    reconciled = reconcile(report, shipped_expectations(engine))
    errors = [r for r in report.results if r.verdict is Verdict.ERROR]
    assert not errors, render_text(report, reconciled)
    assert reconciled.ok, render_text(report, reconciled)
    assert report.counts[Verdict.PASS] > 0
