"""The mjspec command line, as a user runs it."""

from __future__ import annotations

import gc
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import spec
from conformance import corpus
from conformance.adapters.base import missing_package
from conformance.cli import main
from spec import variant_ids

ROOT = Path(__file__).resolve().parent.parent
PROPOSAL = ["--id", "taiwanese/payments/x", "--rule", "tw.payments.self-draw", "--title", "x"]


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "conformance.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def test_validate_accepts_the_bundled_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    assert capsys.readouterr().out.startswith("valid:")


def test_run_passes_the_whole_corpus_on_the_reference_engine(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run"]) == 0
    out = capsys.readouterr().out
    assert "engine: mjspec-reference" in out
    assert "taiwanese" in out


def test_run_writes_a_json_report(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    assert main(["run", "--variant", "taiwanese", "--format", "json", "-o", str(target)]) == 0
    report = json.loads(target.read_text(encoding="utf-8"))
    assert report["counts"]["fail"] == 0
    assert report["counts"]["pass"] == len(report["results"]) > 0


def test_run_with_an_unknown_engine_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--engine", "no-such-engine"]) == 2
    assert "engine-load" in capsys.readouterr().err


def test_coverage_lists_every_taiwanese_rule_with_fixtures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["coverage", "--variant", "taiwanese"]) == 0
    assert "0 missing" in capsys.readouterr().out


def test_coverage_of_an_unknown_variant_is_a_usage_error() -> None:
    assert main(["coverage", "--variant", "klingon"]) == 2


def test_score_prints_the_breakdown_and_payments(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["score", "--hand", "1m2m3m4m5m6m7p8p9p2s2s2s6s7s8s5m5m", "--discards", "20"])
    out = capsys.readouterr().out
    assert status == 0
    assert "Fully concealed self-draw" in out
    assert "east +36" in out


def test_score_takes_melds_and_a_discard_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "score",
            "--hand",
            "4m5m6m7p8p9p2s2s2s6s7s8s5m5m",
            "--meld",
            "chow:123m:north",
            "--win",
            "discard",
            "--from",
            "south",
            "--discards",
            "20",
            "--format",
            "json",
        ]
    )
    outcome = json.loads(capsys.readouterr().out)
    assert status == 0
    assert outcome["tai"] == 8
    assert outcome["payments"] == {"east": 9, "south": -9, "west": 0, "north": 0}


def test_score_reports_a_bad_tile_with_its_code_and_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["score", "--hand", "123m458z"]) == 1
    err = capsys.readouterr().err
    assert "invalid-tile" in err
    assert "column 7" in err


def test_the_installed_command_works_from_any_directory(tmp_path: Path) -> None:
    result = run_cli("validate", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_a_wrong_play_fixture_names_its_first_divergent_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = Path(__file__).resolve().parent.parent / "spec/scenarios/taiwanese/play"
    original = (source / "passed-win-blocks-the-tile-until-discard.yaml").read_text("utf-8")
    wrong = original.replace(
        "live_tiles: 61, restricted.west: 5m", "live_tiles: 60, restricted.west: 5m"
    )
    assert wrong != original
    target = tmp_path / "passed-win-blocks-the-tile-until-discard.yaml"
    target.write_text(wrong, encoding="utf-8")
    assert main(["run", str(target)]) == 1
    out = capsys.readouterr().out
    assert "first divergence after action 5: west draw" in out
    assert "checkpoints[after=5].state.live_tiles: expected 60, got 61" in out


def test_score_takes_riichi_options_and_prints_han_and_fu(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(
        [
            "score",
            "--variant",
            "riichi-sanma",
            "--hand",
            "234p567p345s88s678s",
            "--seat",
            "south",
            "--win",
            "discard",
            "--from",
            "west",
            "--dora",
            "1p",
            "--riichi",
            "--sticks",
            "1",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert re.search(r"^total +4$", out, re.M)
    assert re.search(r"^fu +30$", out, re.M)
    assert re.search(r"^limit +none$", out, re.M)
    assert "south +7700  west -7700" in out
    assert re.search(r"^deposits +1000$", out, re.M)


@pytest.mark.parametrize("value", ["nan", "inf", "1e308", "0", "-1", "soon"])
def test_a_timeout_that_is_not_a_time_limit_is_a_usage_error(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["run", "--timeout", value])
    assert stopped.value.code == 2
    assert "--timeout" in capsys.readouterr().err


def test_a_mistyped_variant_is_an_error_not_an_empty_green_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", "--variant", "nope"]) == 2
    err = capsys.readouterr().err
    assert "unknown-variant" in err
    assert "taiwanese" in err


def test_a_variant_is_found_by_an_alias_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--variant", "TAIWAN"]) == 0
    assert "taiwanese" in capsys.readouterr().out


def test_a_run_that_selects_no_fixture_fails_unless_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", str(tmp_path)]) == 2
    assert "no-fixtures" in capsys.readouterr().err
    assert main(["run", str(tmp_path), "--allow-empty"]) == 0


def test_a_bare_mjspec_prints_the_help_and_version_prints_the_version(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([]) == 0
    assert "validate" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert re.fullmatch(r"mjspec \d+\.\d+\.\d+\n", capsys.readouterr().out)


def test_score_help_names_the_variants_the_defaults_and_the_meld_syntax(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    shown = " ".join(capsys.readouterr().out.split()).replace("- ", "-")  # wrapped at a hyphen
    assert f"{', '.join(variant_ids())} (default: taiwanese)" in shown
    assert "chow:123m:north" in shown
    assert "(default: self-draw)" in shown


@pytest.mark.parametrize("command", [["coverage"], ["run"], ["score", "--hand", "1m"]])
def test_an_unknown_variant_lists_the_variants(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--variant", "nope"]) == 2
    listed = f"(variants: {', '.join(variant_ids())})"
    assert listed in capsys.readouterr().err


def test_the_adapter_install_hint_pastes_into_a_shell() -> None:
    words = str(missing_package("mahjong", "mahjong>=2.1,<3"))
    assert "pip install 'mahjong>=2.1,<3'" in words
    assert "pip install '.[adapters]'" in words


def test_run_writes_a_text_report_to_the_output_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "report.txt"
    assert main(["run", "--variant", "taiwanese", "-o", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert "engine: mjspec-reference" in text
    assert "taiwanese" in text
    assert capsys.readouterr().out == ""


def test_a_failing_run_written_to_a_file_still_exits_1(tmp_path: Path) -> None:
    source = Path(__file__).resolve().parent.parent / "spec/scenarios/taiwanese/play"
    original = (source / "passed-win-blocks-the-tile-until-discard.yaml").read_text("utf-8")
    fixture = tmp_path / "passed-win-blocks-the-tile-until-discard.yaml"
    fixture.write_text(original.replace("live_tiles: 61,", "live_tiles: 60,"), encoding="utf-8")
    target = tmp_path / "report.txt"
    assert main(["run", str(fixture), "--output", str(target)]) == 1
    assert "FAIL taiwanese/play/passed-win-blocks-the-tile-until-discard" in target.read_text()


def test_the_run_header_names_the_corpus_folder_it_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", "--variant", "taiwanese"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == f"corpus: {spec.SCENARIOS_DIR} (catalogues and profiles: {spec.VARIANTS_DIR})"


def test_the_run_header_names_the_paths_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = spec.SCENARIOS_DIR / "taiwanese" / "payments"
    assert main(["run", str(folder)]) == 0
    assert capsys.readouterr().out.startswith(f"corpus: {folder} (catalogues and profiles: ")


@pytest.mark.parametrize(
    "command",
    [
        ["run", "--variant", "taiwanese", str(spec.SCENARIOS_DIR / "taiwanese" / "payments")],
        ["coverage"],
        ["score", "--hand", "1m2m3m4m5m6m7p8p9p2s2s2s6s7s8s5m5m", "--discards", "20"],
    ],
    ids=["run", "coverage", "score"],
)
def test_output_into_a_closed_pipe_ends_quietly_with_status_141(command: list[str]) -> None:
    # What `mjspec run | head -1` meets when head has gone: the pipe's reader is closed
    # before the command starts (not after: a quick command's few lines would fit the
    # pipe's buffer first), so its first write fails.
    reader, writer = os.pipe()
    os.close(reader)
    process = subprocess.Popen(
        [sys.executable, "-m", "conformance.cli", *command],
        stdout=writer,
        stderr=subprocess.PIPE,
    )
    os.close(writer)
    assert process.stderr is not None
    err = process.stderr.read().decode()
    assert process.wait(timeout=120) == 141, err
    assert err == ""


def test_a_python_engine_is_found_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "engine_beside_me.py").write_text(
        "from reference_engine.plugin import ReferenceEngine\n\n"
        "class Beside(ReferenceEngine):\n"
        "    def info(self):\n"
        "        return {**super().info(), 'name': 'beside-me'}\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    outside = [p for p in sys.path if p not in ("", str(tmp_path))]
    monkeypatch.setattr(sys, "path", outside)  # as the installed mjspec script starts
    monkeypatch.delitem(sys.modules, "engine_beside_me", raising=False)
    folder = str(spec.SCENARIOS_DIR / "taiwanese" / "payments")
    assert main(["run", "--engine", "python:engine_beside_me:Beside", folder]) == 0
    assert "engine: beside-me" in capsys.readouterr().out
    sys.modules.pop("engine_beside_me", None)


def a_checkout(folder: Path, name: str = "mjspec") -> Path:
    """A folder that looks like a clone of mjspec: its pyproject and a spec/scenarios."""
    (folder / "spec" / "scenarios").mkdir(parents=True)
    (folder / "pyproject.toml").write_text(f'[project]\nname = "{name}"\n', encoding="utf-8")
    return folder


def test_a_checkout_is_found_from_any_folder_inside_it(tmp_path: Path) -> None:
    checkout = a_checkout(tmp_path / "clone")
    inside = checkout / "spec" / "scenarios" / "riichi"
    inside.mkdir()
    assert corpus.checkout_holding(inside) == checkout
    assert corpus.checkout_holding(checkout) == checkout
    assert corpus.checkout_holding(tmp_path) is None


def test_a_project_of_another_name_is_no_checkout(tmp_path: Path) -> None:
    assert corpus.checkout_holding(a_checkout(tmp_path / "other", name="other")) is None
    broken = tmp_path / "broken"
    (broken / "spec" / "scenarios").mkdir(parents=True)
    (broken / "pyproject.toml").write_text("[project\n", encoding="utf-8")
    assert corpus.checkout_holding(broken) is None


def test_the_checkout_of_the_installed_package_is_its_own_corpus() -> None:
    # Editable, the installed spec/ is the checkout's own; installed by nox, it lies in
    # .nox inside the checkout, a copy of the checkout's spec/ file for file.
    assert corpus.checkout_holding(ROOT) == ROOT
    assert corpus.foreign_checkout(spec.ROOT / "scenarios") is None
    assert corpus.foreign_checkout(ROOT / "spec" / "scenarios") is None


def a_copied_checkout(folder: Path) -> Path:
    """A clone of mjspec holding the same spec/ as the one installed, file for file."""
    shutil.copytree(spec.ROOT, folder / "spec", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", folder)
    return folder


FIXTURE = "scenarios/taiwanese/payments/discard-only-discarder-pays.yaml"


def test_a_checkout_whose_spec_is_a_copy_of_the_installed_one_is_read_as_it(
    tmp_path: Path,
) -> None:
    assert corpus.foreign_checkout(a_copied_checkout(tmp_path)) is None


def test_a_checkout_whose_fixture_was_edited_is_foreign_and_names_the_fixture(
    tmp_path: Path,
) -> None:
    checkout = a_copied_checkout(tmp_path)
    with (checkout / "spec" / FIXTURE).open("a", encoding="utf-8") as fixture:
        fixture.write("# edited\n")
    foreign = corpus.foreign_checkout(checkout / "spec" / "scenarios")
    assert foreign == corpus.ForeignCheckout(
        checkout, f"spec/{FIXTURE} differs from the installed copy"
    )


@pytest.mark.parametrize(
    "command",
    [["validate"], ["run"], ["coverage"], ["check", "x.yaml"], ["propose", *PROPOSAL]],
    ids=lambda command: command[0],
)
def test_a_corpus_command_in_a_checkout_unlike_the_installed_one_refuses(
    command: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    checkout = a_checkout(tmp_path / "clone")
    monkeypatch.chdir(checkout / "spec")
    assert main(command) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"corpus-location: {checkout} is a checkout of mjspec")
    assert f"reads its fixtures, catalogues and engine from {spec.ROOT}" in err
    assert "is only in the installed copy" in err
    assert f"pip install -e {checkout}" in err


@pytest.mark.slow
def test_an_installed_copy_refuses_a_clone_edited_since_and_names_its_corpus(
    tmp_path: Path,
) -> None:
    # `pip install .` in a clone: a copy of the packages, found first on the path (-P: the
    # current folder is not put first, as for the installed script), and the clone.
    site = tmp_path / "site"
    for package in ("spec", "conformance", "reference_engine"):
        ignored = shutil.ignore_patterns("__pycache__")
        shutil.copytree(ROOT / package, site / package, ignore=ignored)
    clone = a_copied_checkout(tmp_path / "clone")
    environment = {**os.environ, "PYTHONPATH": str(site)}
    command = [sys.executable, "-P", "-m", "conformance.cli"]
    taiwanese = ["run", "--variant", "taiwanese"]
    fresh = subprocess.run(
        [*command, *taiwanese], capture_output=True, text=True, cwd=clone, env=environment
    )
    assert fresh.returncode == 0, fresh.stderr
    assert fresh.stdout.startswith(f"corpus: {site / 'spec' / 'scenarios'} ")
    (clone / "spec" / FIXTURE).write_text("edited: true\n", encoding="utf-8")
    edited = subprocess.run(
        [*command, "validate"], capture_output=True, text=True, cwd=clone, env=environment
    )
    assert edited.returncode == 2, edited.stderr
    assert edited.stderr.startswith(f"corpus-location: {clone} is a checkout of mjspec")
    assert f"spec/{FIXTURE} differs from the installed copy" in edited.stderr


def test_the_process_command_line_leaves_its_objects_to_the_exit_and_a_call_does_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``mjspec`` freezes its objects before the interpreter's exit, whose last collection
    then skips them; a program or a test that calls main() with arguments keeps its own."""
    frozen = gc.get_freeze_count()
    assert main(["completion", "bash"]) == 0
    assert gc.get_freeze_count() == frozen
    code = "import gc, sys\nfrom conformance.cli import main\nmain()\nprint(gc.get_freeze_count())"
    done = subprocess.run(
        [sys.executable, "-c", code, "completion", "bash"], capture_output=True, text=True
    )
    assert done.returncode == 0
    assert int(done.stdout.splitlines()[-1]) > 0
