"""Malformed game logs, MJAI and Tenhou JSON: each a coded problem naming the file, the line
and the field, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tenhou_logs import game

from conformance.cli import main
from conformance.problems import Problem
from conformance.replay.mjai import json_line

MJAI = [
    ("{not json\n", "log-syntax", ":1:"),
    ('{"type": "start_game"}\n{"type": "teleport"}\n', "log-event", ":2:"),
    ('{"type": "tsumo", "actor": 0, "pai": "1m"}\n', "log-order", ":1:"),
    ('{"type": "start_kyoku", "oya": 0}\n{"type": "end_kyoku"}\n', "log-field", ":1:"),
    (
        '{"type": "start_kyoku", "oya": 0, "bakaze": "E", "honba": 0, "kyotaku": 0,'
        ' "dora_marker": "1x", "tehais": [[], [], [], []]}\n{"type": "end_kyoku"}\n',
        "log-tile",
        ":1:",
    ),
    ('{"type": "start_kyoku"}\n', "log-order", ":1:"),
    ("[" * 100_000 + "]" * 100_000 + "\n", "log-syntax", ":1:"),
    (
        '{"type": "start_kyoku", "oya": 0, "bakaze": "ES", "honba": 0, "kyotaku": 0,'
        ' "dora_marker": "1m", "tehais": [[], [], [], []]}\n{"type": "end_kyoku"}\n',
        "log-field",
        ":1:",
    ),
    (
        '{"type": "start_kyoku", "oya": 0, "bakaze": "E", "honba": 0, "kyotaku": 0,'
        ' "dora_marker": "1m", "tehais": [5, [], [], []]}\n{"type": "end_kyoku"}\n',
        "log-field",
        ":1:",
    ),
    (
        '{"type": "start_kyoku", "oya": 0, "bakaze": "E", "honba": 0, "kyotaku": 0,'
        ' "dora_marker": "1m", "tehais": [[], [], [], []]}\n'
        '{"type": "hora", "actor": 0, "target": 0, "deltas": [0, 0, 0, 0], "ura_markers": 5}\n'
        '{"type": "end_kyoku"}\n',
        "log-field",
        ":2:",
    ),
    (
        '{"type": "start_kyoku", "oya": 0, "bakaze": "E", "honba": 0, "kyotaku": 0,'
        ' "dora_marker": "1m", "tehais": [[], [], [], []]}\n'
        '{"type": "hora", "actor": 7, "target": 0, "deltas": [0, 0, 0, 0]}\n'
        '{"type": "end_kyoku"}\n',
        "log-field",
        ":2:",
    ),
]

TENHOU = [
    ("{not json", "log-syntax", ":1:"),
    ('{"name": ["A"]}', "log-field", "$.log"),
    ('{"log": [[1, 2]]}', "log-field", "$.log[0]"),
    (game([[18], [], [], []], [[99], [], [], []], ["流局", []]), "log-tile", "$.log[0][6][0]"),
    (game([[18], [], [], []], [[11], [], [], []], ["奇跡", []]), "log-field", "$.log[0][16][0]"),
    (game([["x"], [], [], []], [[11], [], [], []], ["流局", []]), "log-order", "$.log[0]"),
    (game([[18], [], [], []], [[11], [], [], []], ["和了", [0] * 4]), "log-field", "$.log[0][16]"),
    (
        game([[18], [], [], []], [[11], [], [], []], ["和了", [0] * 4, [7, 0, 7, ""]]),
        "log-field",
        "$.log[0][16][2][0]",
    ),
    (
        '{"log": [[[0, 0, 0], [35000, 35000, 35000], [21], [], ' + "[], " * 9 + "[]]]}",
        "log-field",
        "$.log[0]",
    ),  # a three-player hand
    (game([["c111213"] * 5000, [], [], []], [[11], [], [], []], ["流局", []]), "log-field", "[5]"),
    (game([[18], [], [], []], [["r1²"], [], [], []], ["流局", []]), "log-field", "[6][0]"),
    (game([[18], [], [], []], [["1²1111a11"], [], [], []], ["流局", []]), "log-field", "[6][0]"),
    ("[" * 100_000 + "]" * 100_000, "log-syntax", ":1:"),
]


@pytest.mark.parametrize(
    ("log_format", "text", "code", "where"),
    [("mjai", *case) for case in MJAI] + [("tenhou", *case) for case in TENHOU],
)
def test_a_malformed_log_is_a_coded_located_problem(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    log_format: str,
    text: str,
    code: str,
    where: str,
) -> None:
    log = tmp_path / "bad.log"
    log.write_text(text, encoding="utf-8")
    argv = ["replay", str(log), "--variant", "riichi", "--log-format", log_format]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "bad.log:" in err
    assert code in err
    assert where in err
    assert "Traceback" not in err


LINES = [
    '{"type": "dora", "dora_marker": "1m"}',
    ' {"type": "dora"}',  # blank before
    '{"type": "dora"}\t',  # blank after
    '\ufeff{"type": "dora"}',  # a byte-order mark
    '{"type": "dora"} {"type": "tsumo"}',  # two values
    '{"type": "dora"},',
    "1,2",
    '{"type": Infinity}',
    '{"type": "do\x01ra"}',  # a control character in a string
    '{"type": "dora"',
    '"dora"',
    "[" * 100_000 + "]" * 100_000,
]


def _loaded(line: str) -> tuple[Any, Problem | None]:
    """What json.loads makes of ``line``, as json_line says it."""
    try:
        return json.loads(line), None
    except json.JSONDecodeError as error:
        return None, Problem("log.jsonl", 3, error.colno, "log-syntax", f"not JSON: {error.msg}")
    except RecursionError:
        return None, Problem("log.jsonl", 3, 1, "log-syntax", "JSON nested too deeply for an event")


@pytest.mark.parametrize("line", LINES)
def test_a_log_line_reads_as_json_loads_reads_it(line: str) -> None:
    assert json_line("log.jsonl", 3, line) == _loaded(line)
