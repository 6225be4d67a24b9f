"""``--format json`` of validate, coverage and check: one JSON document on stdout, holding
what the text output counts, with the same exit status."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_propose import RIGHT, WRONG, proposal

from conformance.cli import main

PAYMENTS = "spec/scenarios/taiwanese/payments"


def json_of(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    """The exit status of ``mjspec ARGV --format json`` and the document it printed."""
    capsys.readouterr()
    status = main([*argv, "--format", "json"])
    return status, json.loads(capsys.readouterr().out)


def text_of(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    capsys.readouterr()
    status = main(list(argv))
    return status, capsys.readouterr().out


def test_validate_as_json_counts_what_its_text_summary_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, text = text_of(capsys, "validate", PAYMENTS)
    counts = re.match(r"valid: (\d+) scenarios, (\d+) catalogues, (\d+) problems", text)
    assert status == 0
    assert counts is not None
    status, document = json_of(capsys, "validate", PAYMENTS)
    assert status == 0
    assert document["valid"] is True
    found = (document["scenarios"], document["catalogues"], len(document["problems"]))
    assert found == tuple(int(n) for n in counts.groups())


def test_an_invalid_fixture_in_json_names_its_file_line_column_code_and_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = Path(PAYMENTS) / "discard-only-discarder-pays.yaml"
    bad = tmp_path / "discard-only-discarder-pays.yaml"
    bad.write_text(
        source.read_text(encoding="utf-8").replace("kind: score", "kind: scroe", 1), "utf-8"
    )
    status, document = json_of(capsys, "validate", str(bad), str(tmp_path / "gone.yaml"))
    assert status == 1
    assert document["valid"] is False
    by_code = {problem["code"]: problem for problem in document["problems"]}
    assert by_code["not-found"]["file"].endswith("gone.yaml")
    schema = next(p for p in document["problems"] if p["path"] == ["kind"])
    assert schema["file"].endswith("discard-only-discarder-pays.yaml")
    assert schema["line"] > 0
    assert schema["column"] > 0
    assert schema["code"]
    assert "scroe" in schema["message"]


def test_coverage_as_json_lists_each_rules_fixtures_as_the_text_counts_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, text = text_of(capsys, "coverage", "--variant", "taiwanese")
    assert status == 0
    counted = {line.split()[1]: int(line.split()[2]) for line in text.splitlines()[:-1]}
    status, document = json_of(capsys, "coverage", "--variant", "taiwanese")
    assert status == 0
    assert (document["rules"], document["covered"], document["missing"]) == (
        len(counted),
        len(counted),
        0,
    )
    [variant] = document["variants"]
    assert variant["variant"] == "taiwanese"
    assert variant["missing"] == []
    listed = {rule["id"]: len(rule["fixtures"]) for rule in variant["rules"]}
    assert listed == counted
    self_draw = next(rule for rule in variant["rules"] if rule["id"] == "tw.payments.self-draw")
    assert all(fixture.startswith("taiwanese/") for fixture in self_draw["fixtures"])


def test_check_as_json_gives_a_proposals_verdict_and_the_references_disagreement(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = proposal(tmp_path, WRONG)
    status, document = json_of(capsys, "check", str(wrong))
    assert status == 1
    assert (document["checked"], document["fixtures"], document["disagreements"]) == (True, 1, 1)
    [checked] = document["proposals"]
    assert checked["id"] == "taiwanese/payments/full-example-read-again"
    assert checked["status"] == "proposed"
    assert checked["agrees"] is False
    assert checked["rules"] == ["tw.payments.self-draw"]
    tai = next(d for d in checked["differences"] if d["path"] == "tai")
    assert (tai["expected"], tai["actual"]) == (12, 11)


def test_check_as_json_of_a_proposal_the_reference_reproduces_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    right = proposal(tmp_path, RIGHT)
    status, document = json_of(capsys, "check", str(right))
    assert status == 0
    assert document["disagreements"] == 0
    assert document["proposals"][0]["agrees"] is True


def test_check_as_json_of_an_unfinished_proposal_lists_its_problems_unchecked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unfinished = proposal(tmp_path)
    status, document = json_of(capsys, "check", str(unfinished))
    assert status == 1
    assert document["checked"] is False
    assert document["proposals"] == []
    assert document["problems"]
    assert all(p["file"] for p in document["problems"])


@pytest.mark.parametrize("command", [["validate"], ["coverage"], ["check", "x.yaml"]])
def test_format_given_twice_is_a_usage_error(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([*command, "--format", "json", "--format", "text"])
    assert exit_.value.code == 2
    assert "more than once" in capsys.readouterr().err
