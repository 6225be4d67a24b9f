"""The example engine in JavaScript (docs/examples/node-engine/engine.mjs) over the protocol.

It answers ``analyse`` for ``riichi`` and ``riichi-sanma`` and skips everything else; these
tests run it as ``exec:node ...`` through the runner. They are skipped without ``node``.
"""

from __future__ import annotations

import json
import random
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import spec
from conformance.cli import main
from conformance.engine import EngineSkipped
from conformance.subprocess_engine import SubprocessEngine
from reference_engine.plugin import ReferenceEngine

NODE = shutil.which("node")
ENGINE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "node-engine" / "engine.mjs"
ANALYSIS = [spec.SCENARIOS_DIR / v / "analysis" for v in ("riichi", "riichi-sanma")]
TAIWANESE_SCORE = spec.SCENARIOS_DIR / "taiwanese" / "combination" / "all-chows-stack.yaml"

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not on PATH")


def engine_spec() -> str:
    return "exec:" + shlex.join([str(NODE), str(ENGINE)])


def run_report(tmp_path: Path, *args: str) -> tuple[int, dict[str, Any]]:
    """``mjspec run`` with the Node engine; the exit status and the JSON report."""
    output = tmp_path / "report.json"
    argv = ["run", "--engine", engine_spec(), "--format", "json", "--output", str(output), *args]
    status = main(argv)
    report: dict[str, Any] = json.loads(output.read_text(encoding="utf-8"))
    return status, report


def fixture_count() -> int:
    return sum(len(list(folder.glob("*.yaml"))) for folder in ANALYSIS)


@pytest.mark.parametrize("traffic", [[], ["--validate-traffic"]], ids=["plain", "traffic"])
def test_every_analysis_fixture_passes(tmp_path: Path, traffic: list[str]) -> None:
    status, report = run_report(tmp_path, *traffic, *map(str, ANALYSIS))
    own = [r for r in report["results"] if r["variant"] in ("riichi", "riichi-sanma")]
    failed = [r for r in own if r["verdict"] != "pass"]
    assert failed == []
    others = {r["verdict"] for r in report["results"] if r not in own}
    assert others == {"skip"}, "the cases the platform profiles inherit are not its variants"
    assert status == 0
    assert report["engine"]["name"] == "mjspec-node-example"
    assert report["counts"].get("pass") == fixture_count() > 0


def test_a_taiwanese_score_fixture_is_skipped(tmp_path: Path) -> None:
    status, report = run_report(tmp_path, "--validate-traffic", str(TAIWANESE_SCORE))
    assert status == 0
    assert [r["verdict"] for r in report["results"]] == ["skip"]


@pytest.fixture
def node_engine() -> Iterator[SubprocessEngine]:
    """The engine with every message checked against the protocol schema."""
    engine = SubprocessEngine([str(NODE), str(ENGINE)], validate_traffic=True)
    try:
        yield engine
    finally:
        engine.close()


@pytest.fixture
def lax_engine() -> Iterator[SubprocessEngine]:
    """The engine without traffic checks, to send a ``given`` the schema refuses."""
    engine = SubprocessEngine([str(NODE), str(ENGINE)])
    try:
        yield engine
    finally:
        engine.close()


def test_the_engine_itself_answers_skipped(node_engine: SubprocessEngine) -> None:
    """Asked anyway (the runner would not ask: ready does not list it), the engine skips."""
    assert node_engine.info()["variants"] == {"riichi": ["analyse"], "riichi-sanma": ["analyse"]}
    with pytest.raises(EngineSkipped, match="taiwanese/score"):
        node_engine.evaluate({"variant": "taiwanese", "kind": "score", "given": {}})
    with pytest.raises(EngineSkipped):
        node_engine.evaluate({"variant": "riichi", "kind": "score", "given": {}})


@pytest.mark.parametrize(
    ("given", "code"),
    [
        ([], "invalid-request"),
        ({"concealed": 5}, "invalid-request"),
        ({"concealed": "123m 8z"}, "invalid-tile"),
        ({"concealed": "1112345678999m", "melds": "555z"}, "invalid-request"),
        ({"concealed": "1112345678999m", "options": {"aka": True}}, "invalid-request"),
        ({"concealed": "11111m 2345678m"}, "too-many-copies"),
        ({"concealed": "123m", "melds": [{"type": "chow", "tiles": "891p"}]}, "invalid-meld"),
    ],
)
def test_a_malformed_request_is_a_coded_error(
    lax_engine: SubprocessEngine, given: object, code: str
) -> None:
    outcome = lax_engine.evaluate({"variant": "riichi", "kind": "analyse", "given": given})
    assert outcome["error"]["code"] == code


# --- the same answers as the reference engine on random hands -----------------------------

KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def random_request(rng: random.Random) -> dict[str, Any]:
    variant = rng.choice(["riichi", "riichi-sanma"])
    kinds = [k for k in KINDS if variant == "riichi" or k[1] != "m" or k[0] in "19"]
    if rng.random() < 0.5:  # a complete shape, then maybe one tile less: many waits
        hand = [t for _ in range(4) for t in _random_set(rng, kinds)] + [rng.choice(kinds)] * 2
        if rng.random() < 0.7:
            hand.pop(rng.randrange(len(hand)))
    else:
        wall = [k for k in kinds for _ in range(4)]
        hand = rng.sample(wall, rng.choice([12, 13, 13, 14, 14]))
    rng.shuffle(hand)
    given: dict[str, Any] = {"concealed": " ".join(hand)}
    if rng.random() < 0.15 and len(hand) > 4:
        kind = rng.choice(kinds)
        given = {"concealed": " ".join(hand[3:]), "melds": [{"type": "pung", "tiles": kind * 3}]}
    for field in ("discards", "passed", "passed_after_riichi"):
        if rng.random() < 0.4:
            given[field] = " ".join(rng.sample(kinds, 3))
    given["riichi"] = rng.random() < 0.3
    return {"variant": variant, "kind": "analyse", "given": given}


def _random_set(rng: random.Random, kinds: list[str]) -> list[str]:
    tile = rng.choice(kinds)
    run = [f"{int(tile[0]) + k}{tile[1]}" for k in range(3)]
    if tile[1] != "z" and all(t in kinds for t in run) and rng.random() < 0.6:
        return run
    return [tile] * 3


def test_same_answers_as_the_reference_engine(node_engine: SubprocessEngine) -> None:
    rng = random.Random(20240601)
    reference = ReferenceEngine()
    for _ in range(300):
        request = random_request(rng)
        expected = reference.evaluate(request)
        actual = dict(node_engine.evaluate(request))
        if "error" in expected:
            assert actual.get("error", {}).get("code") == expected["error"]["code"], request
        else:
            assert actual == expected, request
