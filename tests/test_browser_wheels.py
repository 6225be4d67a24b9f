"""The calculator's wheels: pure Python, reproducible, and enough for the engine to run."""

from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("packaging")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from mjspec_docs.browser_wheels import build_wheels, runtime_closure  # noqa: E402
from mjspec_docs.rpds_stand_in import HashTrieMap, HashTrieSet, List  # noqa: E402

PYODIDE_PYTHON = "3.14.2"


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("wheels")
    return [folder / wheel.filename for wheel in build_wheels(ROOT, folder, PYODIDE_PYTHON)]


def test_every_wheel_is_pure_python_with_a_true_record(wheels: list[Path]) -> None:
    for path in wheels:
        assert path.name.endswith("-py3-none-any.whl")
        with zipfile.ZipFile(path) as wheel:
            names = wheel.namelist()
            assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc"))]
            record = next(n for n in names if n.endswith(".dist-info/RECORD"))
            for line in wheel.read(record).decode().splitlines():
                name, digest, size = line.rsplit(",", 2)
                if name == record:
                    continue
                data = wheel.read(name)
                expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
                assert digest == f"sha256={expected.decode()}"
                assert int(size) == len(data)


def test_the_engine_wheel_holds_the_packages_and_entry_points_but_not_the_corpus(
    wheels: list[Path],
) -> None:
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = wheel.namelist()
        entry_points = wheel.read(next(n for n in names if n.endswith("entry_points.txt")))
    assert "spec/variants/taiwanese/profile.yaml" in names
    assert "reference_engine/plugin.py" in names
    assert not [n for n in names if n.startswith("spec/scenarios/")]
    assert b"reference = reference_engine.plugin:ReferenceEngine" in entry_points


def test_the_engine_wheel_carries_the_licence_as_each_dependency_carries_its_own(
    wheels: list[Path],
) -> None:
    with zipfile.ZipFile(wheels[0]) as wheel:
        licence = wheel.read(next(n for n in wheel.namelist() if n.endswith("licenses/LICENSE")))
    assert licence == (ROOT / "LICENSE").read_bytes()


def test_the_same_checkout_makes_the_same_wheels(wheels: list[Path], tmp_path: Path) -> None:
    again = build_wheels(ROOT, tmp_path, PYODIDE_PYTHON)
    assert [(tmp_path / w.filename).read_bytes() for w in again] == [w.read_bytes() for w in wheels]


def test_the_requirements_are_read_for_the_browsers_python() -> None:
    closure = runtime_closure(PYODIDE_PYTHON)
    assert {"pyyaml", "jsonschema", "referencing", "rpds-py"} <= set(closure)
    assert "typing-extensions" not in closure  # referencing needs it before Python 3.13 only


def test_the_stand_in_collections_leave_the_old_value_as_it_was() -> None:
    empty: HashTrieMap[str, int] = HashTrieMap()
    one = empty.insert("a", 1)
    assert (dict(empty), dict(one)) == ({}, {"a": 1})
    assert dict(one.update({"b": 2}, c=3)) == {"a": 1, "b": 2, "c": 3}
    assert dict(one.discard("zz")) == {"a": 1}
    with pytest.raises(KeyError):
        one.remove("zz")
    assert HashTrieMap.convert(one) is one
    assert hash(one) == hash(HashTrieMap({"a": 1}))
    items: HashTrieSet[str] = HashTrieSet(["x"])
    assert set(items.insert("y")) == {"x", "y"}
    assert set(items) == {"x"}
    with pytest.raises(KeyError):
        items.remove("y")
    chain: List[str] = List()
    longer = chain.push_front("b").push_front("a")
    assert (list(longer), longer.first, list(longer.rest), len(chain)) == (
        ["a", "b"],
        "a",
        ["b"],
        0,
    )


ENGINE_ON_STAND_IN = """
import importlib.util, json, sys
if len(sys.argv) > 1:
    spec = importlib.util.spec_from_file_location("rpds", sys.argv[1])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules["rpds"] = module
from reference_engine.plugin import ReferenceEngine
assert len(sys.argv) == 1 or sys.modules["rpds"] is module
engine = ReferenceEngine()
good = {"concealed": "1m2m3m4m5m6m7p8p9p2s2s2s6s7s8s5m5m", "win": {"by": "self-draw"},
        "seat": "east", "table": {"discards": 20}}
bad = dict(good, table={"discards": "twenty"})
print(json.dumps([engine.evaluate({"variant": "taiwanese", "kind": "score", "given": g})
                  for g in (good, bad)]))
"""


def test_the_engine_validates_requests_with_the_stand_in_as_with_rpds() -> None:
    source = ROOT / "docs" / "_ext" / "mjspec_docs" / "rpds_stand_in.py"
    answers = [
        json.loads(
            subprocess.run(
                [sys.executable, "-c", ENGINE_ON_STAND_IN, *extra],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
        for extra in ([str(source)], [])
    ]
    assert answers[0] == answers[1]
    good, bad = answers[0]
    assert good["payments"] == {"east": 36, "south": -12, "west": -12, "north": -12}
    assert bad["error"]["code"] == "invalid-request"
    assert bad["error"]["path"][-1] == "discards"
