"""``mjspec export --format json DIR``: the resolved corpus as plain JSON files, and the
Node harness (docs/examples/node-engine/harness.mjs) that runs them without Python."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conformance.cli import main
from conformance.corpus import load_corpus
from conformance.export import safe_name

NODE = shutil.which("node")
EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "node-engine"
SAFE_FILE = re.compile(r"cases/[a-z0-9-]+/[a-z0-9-]+/[a-z0-9-]+\.json")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("export") / "corpus"
    assert main(["export", "--format", "json", str(folder)]) == 0
    return folder


def index_of(folder: Path) -> dict[str, Any]:
    index: dict[str, Any] = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    return index


def test_the_index_lists_every_runnable_case_once_with_the_schema_version(
    exported: Path,
) -> None:
    index = index_of(exported)
    runnable = load_corpus().runnable(None)
    assert [entry["id"] for entry in index["cases"]] == [case.id for case in runnable]
    assert len({entry["file"] for entry in index["cases"]}) == len(runnable)
    assert index["schema_version"] == "v1"
    assert {"waits", "patterns", "error", "skip"} <= index["comparison"].keys()
    assert any("@" in entry["id"] for entry in index["cases"]), "inherited cases expanded"


def test_every_case_file_parses_and_round_trips_its_id(exported: Path) -> None:
    for entry in index_of(exported)["cases"]:
        assert SAFE_FILE.fullmatch(entry["file"]), entry["file"]
        case = json.loads((exported / entry["file"]).read_text(encoding="utf-8"))
        assert (case["id"], case["variant"], case["kind"]) == (
            entry["id"],
            entry["variant"],
            entry["kind"],
        )
        assert {"given", "expect", "rules", "title"} <= case.keys()


def test_a_variant_profile_is_exported_merged(exported: Path) -> None:
    index = index_of(exported)
    tenhou = next(v for v in index["variants"] if v["id"] == "riichi-tenhou")
    profile = json.loads((exported / tenhou["profile"]).read_text(encoding="utf-8"))
    assert "extends" not in profile
    assert profile["variant"] == "riichi-tenhou"
    assert profile["patterns"], "the base profile's patterns are merged in"


@pytest.mark.parametrize(
    ("text", "name"),
    [("riichi/analysis/x@riichi-sanma", "riichi-analysis-x-riichi-sanma"), ("../..", "case")],
)
def test_a_case_id_becomes_a_name_of_letters_digits_and_hyphens(text: str, name: str) -> None:
    assert safe_name(text) == name


def test_a_folder_that_holds_files_is_refused_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "mine.txt").write_text("keep me", encoding="utf-8")
    assert main(["export", str(tmp_path)]) == 2
    assert "not-empty" in capsys.readouterr().err
    assert main(["export", "--force", str(tmp_path)]) == 0
    assert (tmp_path / "mine.txt").read_text(encoding="utf-8") == "keep me"
    assert (tmp_path / "index.json").is_file()


def test_a_file_in_place_of_the_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "out").write_text("", encoding="utf-8")
    assert main(["export", str(tmp_path / "out")]) == 2
    assert "not-a-folder" in capsys.readouterr().err


def run_pass_count(tmp_path: Path, variant: str) -> int:
    engine = "exec:" + shlex.join([str(NODE), str(EXAMPLE / "engine.mjs")])
    output = tmp_path / f"{variant}.json"
    argv = ["run", "--engine", engine, "--variant", variant, "--format", "json", "-o"]
    main([*argv, str(output)])
    counts: Counter[str] = Counter(json.loads(output.read_text(encoding="utf-8"))["counts"])
    return counts["pass"]


def run_harness(folder: Path, variant: str) -> subprocess.CompletedProcess[str]:
    """The Node harness on an export, with the Node example engine."""
    harness = [str(NODE), str(EXAMPLE / "harness.mjs"), str(folder), "--variant", variant]
    return subprocess.run(
        [*harness, "--", str(NODE), str(EXAMPLE / "engine.mjs")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.slow
@pytest.mark.skipif(NODE is None, reason="node is not on PATH")
@pytest.mark.parametrize("variant", ["riichi", "riichi-sanma"])
def test_the_node_harness_passes_as_many_cases_as_mjspec_run(
    exported: Path, tmp_path: Path, variant: str
) -> None:
    done = run_harness(exported, variant)
    assert done.returncode == 0, done.stdout + done.stderr
    counts = re.fullmatch(r"pass (\d+) fail (\d+) skip (\d+)\n", done.stdout)
    assert counts is not None, done.stdout
    assert int(counts[1]) == run_pass_count(tmp_path, variant) > 0
    assert int(counts[2]) == 0


def edit_json(path: Path, edit: Callable[[Any], None]) -> None:
    """Change a file of an export in place (a copy: the module's export stays as written)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    edit(document)
    path.write_text(json.dumps(document), encoding="utf-8")


@pytest.mark.slow
@pytest.mark.skipif(NODE is None, reason="node is not on PATH")
def test_the_node_harness_fails_a_case_whose_expectation_is_wrong(
    exported: Path, tmp_path: Path
) -> None:
    folder = shutil.copytree(exported, tmp_path / "corpus")
    entry = next(
        e for e in index_of(folder)["cases"] if (e["variant"], e["kind"]) == ("riichi", "analyse")
    )
    edit_json(folder / entry["file"], lambda case: case.update(expect={"error": {"code": "x"}}))
    done = run_harness(folder, "riichi")
    assert done.returncode == 1
    assert f"FAIL {entry['id']}\n  error.code: expected x, got" in done.stdout


@pytest.mark.slow
@pytest.mark.skipif(NODE is None, reason="node is not on PATH")
def test_the_node_harness_refuses_a_case_file_outside_the_export(
    exported: Path, tmp_path: Path
) -> None:
    folder = shutil.copytree(exported, tmp_path / "corpus")
    outside = {"id": "riichi/a/b", "variant": "riichi", "kind": "analyse", "file": "../x.json"}
    edit_json(folder / "index.json", lambda index: index.update(cases=[outside]))
    done = run_harness(folder, "riichi")
    assert done.returncode == 2
    assert 'unsafe case file "../x.json"' in done.stderr
