"""The correction workflow end to end: propose a fixture from a hand, write the expectation
the rules require, check it and see where the reference engine disagrees."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.cli import main

HAND = ["--hand", "123456m 789p 222s 678s 5m5m", "--discards", "20"]
PROPOSE = [
    "propose",
    "--id",
    "taiwanese/payments/full-example-read-again",
    "--rule",
    "tw.payments.self-draw",
    "--title",
    "The source's full example, read by a newcomer",
    *HAND,
]


WRONG = "  tai: 12\n  payments: {east: 39, south: -13, west: -13, north: -13}\n"
RIGHT = "  tai: 11\n  payments: {east: 36, south: -12, west: -12, north: -12}\n"


def proposal(folder: Path, expectation: str | None = None) -> Path:
    """A scaffolded proposal in ``folder``, with the author's ``expectation`` written where
    the scaffold leaves it (none: as scaffolded)."""
    file = folder / "full-example-read-again.yaml"
    assert main([*PROPOSE, "--out", str(file)]) == 0
    if expectation is not None:
        text = file.read_text(encoding="utf-8")
        file.write_text(text.replace("expect:\n", f"expect:\n{expectation}", 1), "utf-8")
    return file


def test_a_scaffold_has_the_given_and_the_engines_answer_as_a_comment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = proposal(tmp_path)
    text = out.read_text(encoding="utf-8")
    assert "status: proposed" in text
    assert "concealed: 123456m 789p 222s 678s 5m5m" in text
    assert "  # tai: 11" in text
    assert main([*PROPOSE, "--out", str(out)]) == 2  # never overwritten
    assert "exists" in capsys.readouterr().err
    assert main([*PROPOSE, "--out", str(tmp_path / "other.yaml")]) == 2  # named by its id


def test_an_unfinished_proposal_is_not_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = proposal(tmp_path)
    assert main(["check", str(out)]) == 1
    assert "not checked" in capsys.readouterr().out


def test_a_proposal_that_disagrees_is_shown_rule_by_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = proposal(tmp_path, WRONG)
    capsys.readouterr()
    assert main(["check", str(out)]) == 1
    printed = capsys.readouterr().out
    assert "DISAGREES" in printed
    assert "rule tw.payments.self-draw: to review" in printed
    assert "tai: expected 12, got 11" in printed


def test_a_proposal_the_engine_reproduces_checks_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = proposal(tmp_path, RIGHT)
    assert main(["check", str(out)]) == 0
    assert "agrees with" in capsys.readouterr().out


def test_a_run_lists_a_disagreeing_proposal_apart_and_stays_green(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = proposal(tmp_path, WRONG)
    capsys.readouterr()
    assert main(["run", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "proposals the engine disagrees with (1), to review:" in printed
    assert "FAIL taiwanese/payments/full-example-read-again" not in printed
    html = tmp_path / "report.html"
    assert main(["run", str(out), "--format", "html", "--output", str(html)]) == 0
    assert "Proposals the engine disagrees with, to review (1)" in html.read_text("utf-8")
    accepted = out.read_text(encoding="utf-8").replace("status: proposed", "status: accepted")
    out.write_text(accepted, encoding="utf-8")
    assert main(["run", str(out)]) == 1  # the same disagreement, accepted: a failure


def test_an_unknown_variant_is_a_usage_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["propose", "--variant", "klingon", "--id", "klingon/x/y", "--rule", "k.x"]
    assert main([*argv, "--title", "Nope", "--hand", "1m"]) == 2
    assert "unknown-variant: " in capsys.readouterr().err


# the guide's script (docs/proposing.rst), so that the guide's play example is tested too
SCRIPT_FILE = (
    Path(__file__).resolve().parent.parent / "docs/examples/proposing/west-wins-on-its-draw.yaml"
)
SCRIPT = SCRIPT_FILE.read_text(encoding="utf-8")
PLAY = [
    "propose",
    "--id",
    "taiwanese/play/west-wins-on-its-draw",
    "--rule",
    "tw.play.win-ends-hand",
]
PLAY += ["--title", "West draws 6z and wins, a half flush with honour pungs"]


def test_a_play_script_becomes_a_proposed_play_fixture_checked_rule_by_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "script.yaml"
    script.write_text(SCRIPT, encoding="utf-8")
    out = tmp_path / "west-wins-on-its-draw.yaml"
    assert main([*PLAY, "--script", str(script), "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "kind: play" in text
    assert "  - west win\n" in text
    assert "  #   end: win" in text  # the engine's end of the hand, as a comment
    assert "  # checkpoints:" in text  # the last step, a checkpoint to copy
    author = (
        "  result:\n    end: win\n    payments: {east: -20, south: -20, west: 60, north: -20}\n"
    )
    out.write_text(text.replace("expect:\n", f"expect:\n{author}", 1), "utf-8")
    capsys.readouterr()
    assert main(["check", str(out)]) == 1
    report = capsys.readouterr().out
    assert "DISAGREES" in report
    assert "rule tw.play.win-ends-hand: to review" in report
    assert "payments" in report


@pytest.mark.parametrize(
    ("script", "extra", "message"),
    [
        (None, [], "--hand (a score fixture) or --script FILE"),
        ("wall: {seed: 3}\n", [], "'actions' is a required property"),
        ("- a list\n", [], "a script is a mapping"),
        (SCRIPT, ["--hand", "1m"], "leave out --hand"),
    ],
)
def test_a_script_that_is_no_play_request_is_a_usage_error(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    script: str | None,
    extra: list[str],
    message: str,
) -> None:
    argv = [*PLAY, *extra]
    if script is not None:
        (tmp_path / "s.yaml").write_text(script, encoding="utf-8")
        argv += ["--script", str(tmp_path / "s.yaml")]
    assert main(argv) == 2
    assert message in capsys.readouterr().err
