"""The benchmarks run end to end on a few inputs (their figures are printed, never asserted):
every figure by wall clock and by CPU time, every batch printed, random play and replay with
their actions per deal and microseconds per action, and by part (every part named, the parts
adding up to the clean pass), replay on the shipped logs and on the real games."""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import math
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from conformance.bench import main as bench_conformance
from conformance.engine import reference_plugin
from conformance.replay_bench import (
    COMPARE,
    CONVERT,
    ENGINE_ACTIONS,
    ENGINE_FIXED,
    PART_COLUMNS,
    READ,
    REAL_FORMATS,
    REPLAY_LOGS,
    REPLAY_PARTS,
    bench_real_replay,
    bench_replay,
    default_logs,
    read_log,
    replay_parts,
)
from reference_engine.bench import (
    DEAL,
    DISCARD,
    DRAW,
    LEGAL_ON_TURN,
    PART_VARIANTS,
    PICK,
    PLAY_PARTS,
    play_parts,
)
from reference_engine.bench import main as bench_engine
from reference_engine.variants import find_variant
from spec.parts import LOOP, Breakdown, measure_overhead
from spec.throughput import LABEL, REPEATS

pytestmark = pytest.mark.slow

FIGURE = re.compile(r" ([\d,]+) (fixtures|cases|hands|deals)/s wall, ([\d,]+) \2/s CPU")
BATCHES = re.compile(r" (\d+) batch(?:es)?, \w+/s wall \(CPU\): (.*); [\d.]+ s wall, [\d.]+ s CPU")
ACTIONS = re.compile(r" ([\d.]+) actions/deal, ([\d,.]+) µs/action wall, ([\d,.]+) µs/action CPU")
VARIANTS = ("taiwanese", "classical-chinese", "european-classic", "sichuan", "riichi")


def _printed(main: Callable[[list[str]], int], argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    return out.getvalue()


@pytest.fixture(scope="module")
def runner_out() -> str:
    return _printed(bench_conformance, ["--hands", "12", "--games", "1"])


@pytest.fixture(scope="module")
def engine_out() -> str:
    argv = ["--hands", "12", "--deals", "1", "--warm-hands", "50", "--part-deals", "2"]
    return _printed(bench_engine, argv)


def _figures(out: str) -> list[tuple[str, str, str]]:
    """Each figure's three lines (the third empty when it counts no actions)."""
    lines = out.splitlines()
    figures = []
    for index, text in enumerate(lines):
        if FIGURE.search(text):
            after = lines[index + 2] if index + 2 < len(lines) else ""
            figures.append((text, lines[index + 1], after if ACTIONS.search(after) else ""))
    return figures


def test_every_runner_section_prints_a_rate(runner_out: str) -> None:
    for label in (
        "load + validate + lint, first in the process",
        "whole corpus, reference as a subprocess",
        "trivial subprocess engine, round trips",
        "inputs prepared (parsed wins)",
        "the package alone (inputs prepared)",
        "random concealed hands",
        "riichi-tenhou-sanma, ",
        "riichienv, MjaiReplay of the same games",
    ):
        assert label in runner_out
    assert len(_figures(runner_out)) >= 11


def test_every_engine_section_prints_a_rate(engine_out: str) -> None:
    for label in ("mjspec reference, fresh tables", "warm tables", "taiwanese", "its own loop"):
        assert label in engine_out
    assert len(_figures(engine_out)) >= 9


@pytest.mark.parametrize("out", ["runner_out", "engine_out"])
def test_every_figure_is_given_by_wall_clock_and_by_cpu_time(
    out: str, request: pytest.FixtureRequest
) -> None:
    printed: str = request.getfixturevalue(out)
    for line in printed.splitlines():
        if "/s " in line and "batch" not in line:
            found = FIGURE.search(line)
            assert found is not None, line
            assert int(found[1].replace(",", "")) > 0
            assert int(found[3].replace(",", "")) > 0


@pytest.mark.parametrize("out", ["runner_out", "engine_out"])
def test_every_figure_prints_each_of_its_batches(out: str, request: pytest.FixtureRequest) -> None:
    for figure, batches, _ in _figures(request.getfixturevalue(out)):
        found = BATCHES.search(batches)
        assert found is not None, figure
        first_in_the_process = "first in the process" in figure
        assert int(found[1]) == (1 if first_in_the_process else REPEATS), figure
        each = re.findall(r"[\d,]+ \([\d,]+\)", found[2])
        assert len(each) == int(found[1]), batches


def test_random_play_gives_actions_per_deal_and_microseconds_per_action_for_every_variant(
    engine_out: str,
) -> None:
    figures = {figure.split()[0]: actions for figure, _, actions in _figures(engine_out)}
    for variant in (*VARIANTS, "riichi-sanma"):
        found = ACTIONS.search(figures[variant])
        assert found is not None, variant
        assert float(found[1]) > 0


def test_replay_gives_actions_per_deal_and_microseconds_per_action(runner_out: str) -> None:
    replayed = [f for f in _figures(runner_out) if f[0].split()[0].rstrip(",") in REPLAY_LOGS]
    assert len(replayed) == len(REPLAY_LOGS)
    assert all(ACTIONS.search(actions) for _, _, actions in replayed)


def test_replay_of_the_real_games_gives_a_figure_for_mjlog_and_for_tenhou_json(
    runner_out: str,
) -> None:
    real = [f for f in _figures(runner_out) if f[0].startswith("  real games, ")]
    assert [figure.split(", ")[1] for figure, _, _ in real] == list(REAL_FORMATS)
    for figure, batches, actions in real:
        assert re.search(r" \d+ games: (\d+)/\1 agree", figure), figure
        assert BATCHES.search(batches), figure
        assert ACTIONS.search(actions), figure


def test_a_folder_without_real_games_is_said_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench_real_replay(tmp_path)
    out = capsys.readouterr().out
    for label, pattern in REAL_FORMATS.items():
        assert f"  {label}: no deal in {tmp_path / pattern}" in out


def test_a_real_game_that_cannot_be_read_is_said_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "cut.json").write_text('{"log": [', encoding="utf-8")
    bench_real_replay(tmp_path)
    out = capsys.readouterr().out
    assert f"  Tenhou JSON: no deal in {tmp_path / '*.json'} (cut.json:" in out


def _deals_of_the_first_game(path: Path) -> int:
    deals = 0
    with gzip.open(path, "rt", encoding="utf-8") as log:
        for line in log:
            kind = json.loads(line)["type"]
            if kind == "end_game":
                return deals
            deals += kind == "start_kyoku"
    return deals


def test_replay_reads_the_shipped_logs_and_plays_no_game_of_its_own(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    riichienv = pytest.importorskip("riichienv")

    def no_new_game(*args: object, **kwargs: object) -> None:
        raise AssertionError("the replay benchmark played a game instead of reading a log")

    monkeypatch.setattr(riichienv, "RiichiEnv", no_new_game)
    bench_replay(default_logs(), 1)
    out = capsys.readouterr().out
    for variant, name in REPLAY_LOGS.items():
        deals = _deals_of_the_first_game(default_logs() / name)
        assert f"  {variant}, {deals} deals " in out
        assert f"{name}: {deals}/{deals} agree" in out


def test_the_shipped_logs_hold_thirty_whole_games_of_each_table_size() -> None:
    for name, players in zip(REPLAY_LOGS.values(), (4, 3), strict=True):
        path = default_logs() / name
        assert path.stat().st_size < 300_000
        with gzip.open(path, "rt", encoding="utf-8") as log:
            events = [json.loads(line) for line in log]
        kinds = [event["type"] for event in events]
        assert kinds.count("start_game") == kinds.count("end_game") == 30
        starts = [event for event in events if event["type"] == "start_kyoku"]
        assert {len(start["tehais"]) for start in starts} == {players}
        assert kinds.count("hora") > 0
        assert kinds.count("ryukyoku") > 0


def test_a_missing_log_folder_is_said_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench_replay(tmp_path, 1)
    out = capsys.readouterr().out
    for variant, name in REPLAY_LOGS.items():
        assert f"  {variant}: cannot read {tmp_path / name}: No such file or directory" in out


def test_a_log_that_cannot_be_read_or_replayed_is_said_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    four, three = (tmp_path / name for name in REPLAY_LOGS.values())
    with gzip.open(four, "wt", encoding="utf-8") as log:
        log.write('{"type":"start_game"}\n{"type":\n')
    three.write_bytes(gzip.compress(b'{"type":"start_game"}\n')[:-6])  # cut short
    bench_replay(tmp_path, None)
    out = capsys.readouterr().out
    assert f"riichi-tenhou: cannot replay {four}: {four.name}:2:" in out
    assert "log-syntax: not JSON" in out
    assert f"riichi-tenhou-sanma: cannot read {three}: " in out


def _table(out: str, first_line: str) -> list[str]:
    """The lines under the line starting ``first_line`` (a by-part table and its words)."""
    lines = out.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith(first_line))
    return lines[start + 1 :]


def test_random_play_is_given_by_part_for_every_variant_in_one_table(engine_out: str) -> None:
    table = _table(engine_out, "random play by part, 2 deals a variant")
    assert table[0].split()[-len(PART_VARIANTS) :] == list(PART_VARIANTS.values())
    for part in (*PLAY_PARTS, LOOP, "total: the clean pass by CPU time", "actions per deal"):
        row = next(line for line in table if line.startswith(f"  {part} "))
        assert len(row[LABEL + 2 :].split()) >= len(PART_VARIANTS), row
    assert any("perf_counter_ns" in line for line in table)


def test_replay_is_given_by_part_for_both_logs_in_one_table(runner_out: str) -> None:
    table = _table(runner_out, "replay by part, the first 1 game(s) of each log")
    assert table[0].split()[-len(PART_COLUMNS) :] == list(PART_COLUMNS.values())
    for part in (*REPLAY_PARTS, LOOP, "total: the clean pass by CPU time", "actions per deal"):
        assert any(line.startswith(f"  {part} ") for line in table), part


def _adds_up(found: Breakdown) -> None:
    clean = found.clean
    assert math.isclose(found.micros, clean.cpu * 1e6 / clean.actions)


def test_random_play_by_part_names_every_part_and_adds_up_to_the_clean_pass() -> None:
    rules = find_variant("riichi").play_rules()
    found = play_parts(rules, range(2), 1, measure_overhead(rounds=200, repeats=1))
    assert [part.name for part in found.parts] == [*PLAY_PARTS, LOOP]
    _adds_up(found)
    bytecodes = {part.name: part.bytecodes for part in found.parts}
    for part in (DEAL, LEGAL_ON_TURN, PICK, DRAW, DISCARD):  # each public call was caught
        assert bytecodes[part] > 0, part


def test_replay_by_part_names_every_part_and_adds_up_to_the_clean_pass() -> None:
    name = REPLAY_LOGS["riichi-tenhou"]
    text = read_log(default_logs() / name, 1)
    overhead = measure_overhead(rounds=200, repeats=1)
    found = replay_parts(reference_plugin(), "riichi-tenhou", name, (text, text), overhead)
    assert [part.name for part in found.parts] == [*REPLAY_PARTS, LOOP]
    _adds_up(found)
    bytecodes = {part.name: part.bytecodes for part in found.parts}
    for part in (READ, CONVERT, ENGINE_FIXED, ENGINE_ACTIONS, COMPARE):
        assert bytecodes[part] > 0, part
