"""An engine's processes are contained: every read and write has a deadline, nothing it
starts survives it, and ending the runner ends the engine.

The fakes are ``tests/fake_engines/misbehaving.py <mode>``; each records the process ids
of its tree in the file named by ``FAKE_PIDS``, and every test checks that none of them is
alive at its end (a zombie, dead but not yet reaped, counts as dead).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import spec
from conformance.corpus import Case, load_corpus
from conformance.engine import EngineError, EngineLoadError, engine_info
from conformance.runner import Verdict, run
from conformance.shepherd import contained
from conformance.subprocess_engine import SubprocessEngine

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"),
]

FAKE = Path(__file__).parent / "fake_engines" / "misbehaving.py"
FIXTURES = sorted((spec.SCENARIOS_DIR / "taiwanese" / "payments").glob("*.yaml"))[:3]


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return list(load_corpus(FIXTURES).cases)


@pytest.fixture
def pids(tmp_path: Path) -> Iterator[Path]:
    """The file the fakes record their processes in; at the end, none of them is alive."""
    path = tmp_path / "pids"
    path.touch()
    yield path
    survivors = wait_dead(recorded(path))
    for pid in survivors:  # do not leave them to the next test
        os.kill(pid, signal.SIGKILL)
    assert not survivors, f"processes {survivors} survived"


def recorded(path: Path) -> list[int]:
    return [int(line) for line in path.read_text().split()]


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def wait_dead(pids: list[int], seconds: float = 5.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while (left := [pid for pid in pids if alive(pid)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def wait_recorded(path: Path, count: int, seconds: float = 20.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while len(found := recorded(path)) < count:
        assert time.monotonic() < deadline, f"the fake recorded {found}, not {count} processes"
        time.sleep(0.05)
    return found


def environment(pids: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "FAKE_PIDS": str(pids)}


def fake(
    mode: str, pids: Path, timeout: float = 10.0, start_timeout: float = 20.0
) -> SubprocessEngine:
    argv = [sys.executable, str(FAKE), mode, "2"]
    env = environment(pids)
    return SubprocessEngine(argv, env=env, timeout=timeout, start_timeout=start_timeout)


def test_the_engine_runs_contained_on_linux() -> None:
    assert contained()


def test_an_escaped_grandchild_holding_the_pipes_does_not_stall_the_run(
    cases: list[Case], pids: Path
) -> None:
    """The grandchild left the engine's session and holds its stdout and stderr; the kill
    after the timeout ends it too, and never waits for those pipes to close."""
    engine = fake("escape", pids, timeout=2.0)
    started = time.monotonic()
    try:
        report = run(engine, engine_info(engine), cases)
    finally:
        engine.close()
    assert [r.verdict for r in report.results] == [Verdict.PASS, Verdict.ERROR, Verdict.PASS]
    assert "no reply within 2 s" in report.results[1].message
    assert time.monotonic() - started < 12
    assert len(recorded(pids)) == 3  # the first engine, its grandchild, the second engine


def test_what_an_engine_left_behind_ends_with_it(cases: list[Case], pids: Path) -> None:
    engine = fake("escape-at-start", pids)
    try:
        report = run(engine, engine_info(engine), cases)
    finally:
        engine.close()
    assert [r.verdict for r in report.results] == [Verdict.PASS] * 3
    assert len(recorded(pids)) == 2


def test_an_engine_that_stops_reading_cannot_block_a_long_request(pids: Path) -> None:
    """A request larger than the pipe buffer, to an engine that no longer reads: the write
    has the request's deadline."""
    engine = fake("deaf", pids, timeout=1.0)
    request = {"variant": "taiwanese", "kind": "score", "given": {"note": "x" * (1 << 20)}}
    started = time.monotonic()
    try:
        engine_info(engine)
        with pytest.raises(EngineError, match="within 1 s"):
            engine.evaluate(request)
    finally:
        engine.close()
    assert time.monotonic() - started < 10


def test_the_start_deadline_is_an_option(pids: Path) -> None:
    engine = fake("slow-start", pids, start_timeout=0.5)
    started = time.monotonic()
    with pytest.raises(EngineLoadError, match=r"no ready message within 0\.5 s"):
        engine_info(engine)
    engine.close()
    assert time.monotonic() - started < 10


def runner(pids: Path, mode: str, *options: str) -> subprocess.Popen[bytes]:
    command = f"{sys.executable} {FAKE} {mode} 1"
    argv = [sys.executable, "-m", "conformance.cli", "run", *map(str, FIXTURES)]
    return subprocess.Popen(
        [*argv, "--engine", f"exec:{command}", "--timeout", "60", *options],
        env=environment(pids),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_ending_the_runner_ends_the_engine_and_what_it_started(
    signum: signal.Signals, status: int, pids: Path
) -> None:
    """What ``timeout`` and a cancelled CI job send: the runner stops its engine (and the
    grandchild that escaped its session) and exits with 128 + the signal's number."""
    process = runner(pids, "escape")
    wait_recorded(pids, 2)
    process.send_signal(signum)
    _, stderr = process.communicate(timeout=20)
    assert process.returncode == status, stderr.decode()


def test_a_runner_killed_outright_leaves_no_engine(pids: Path) -> None:
    """SIGKILL cannot be handled: the engine's shepherd notices its parent's death."""
    process = runner(pids, "escape")
    wait_recorded(pids, 2)
    process.kill()
    process.communicate(timeout=20)


def test_the_runner_takes_the_start_deadline_as_a_flag(pids: Path) -> None:
    process = runner(pids, "slow-start", "--start-timeout", "0.5")
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "no ready message within 0.5 s" in stderr.decode()
