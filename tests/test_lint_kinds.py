"""``validate`` refuses what ``run`` would refuse, for every kind: each test takes a valid
fixture of the bundled corpus, breaks one thing, and expects the problem's code at its
field; ``run`` refuses the same folder."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

import spec
from conformance.cli import main

Edit = Callable[[dict[str, Any]], None]


def fixture(relative: str) -> tuple[str, dict[str, Any]]:
    path = spec.SCENARIOS_DIR / relative
    return path.name, yaml.safe_load(path.read_text(encoding="utf-8"))


def set_in(*path: str | int, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        node: Any = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return edit


def many_draws(data: dict[str, Any]) -> None:
    data["given"]["wall"]["draws"] += " 1m" * 200


def north_for_sanma(data: dict[str, Any]) -> None:
    data["given"]["wall"]["hands"]["north"] = "1m9m 1p9p 1s9s 1234567z"


def one_more_hand(data: dict[str, Any]) -> None:
    data["given"]["length"] = len(data["given"]["hands"]) - 1


def late_checkpoint(data: dict[str, Any]) -> None:
    data["expect"]["checkpoints"].append({"after": len(data["given"]["actions"]) + 1})


def four_norths_and_a_north_indicator(data: dict[str, Any]) -> None:
    data["given"]["north"] = 4
    data["given"]["dora_indicators"] = "4z"


def fifth_copy(data: dict[str, Any]) -> None:
    data["given"]["wall"]["draws"] = "1z 1z"


TW_PLAY = "taiwanese/play/chow-only-for-the-next-seat.yaml"
SANMA_PLAY = "riichi-sanma/play/dead-wall-kan-and-three-norths.yaml"
CASES: list[tuple[str, str, Edit, str, str]] = [
    (TW_PLAY, "a 200-tile wall", many_draws, "too-many-copies", "$.given.wall"),
    (TW_PLAY, "a fifth East wind", fifth_copy, "too-many-copies", "$.given.wall"),
    (
        TW_PLAY,
        "the actions left to an engine's agents",
        set_in("given", "agents", value={"seed": 1}),
        "engine-agents",
        "$.given.agents",
    ),
    (
        TW_PLAY,
        "a hand dealt short",
        set_in("given", "wall", "hands", "east", value="1m4m7m"),
        "tile-count",
        "$.given.wall.hands.east",
    ),
    (SANMA_PLAY, "a North seat in sanma", north_for_sanma, "invalid-request", "hands.north"),
    (
        TW_PLAY,
        "a discard of 0z",
        set_in("given", "actions", 0, value="east discard 0z"),
        "invalid-tile",
        "$.given.actions[0]",
    ),
    (
        SANMA_PLAY,
        "a discard of 2m in sanma",
        set_in("given", "actions", 0, value="east discard 2m"),
        "invalid-tile",
        "$.given.actions[0]",
    ),
    (TW_PLAY, "a checkpoint after the end", late_checkpoint, "after-the-script", "checkpoints"),
    (
        TW_PLAY,
        "a legal action of no tile",
        set_in("expect", "checkpoints", 0, "legal", "south", value=["chow 456m", "discard 8z"]),
        "invalid-tile",
        "legal.south[1]",
    ),
    (
        "taiwanese/match/all-drawn-room-ends.yaml",
        "more hands than the match has",
        one_more_hand,
        "after-the-script",
        "$.given.hands",
    ),
    (
        "riichi/analysis/pure-nine-gates-nine-waits.yaml",
        "a wait on no tile",
        set_in("expect", "waits", value="8z"),
        "invalid-tile",
        "$.expect.waits",
    ),
    (
        "riichi/claims/open-kan-by-next-seat-no-chi-for-east.yaml",
        "five copies among the claimants",
        set_in("given", "hands", "east", "concealed", value="7s 8s 111m 999m 999s 22z"),
        "too-many-copies",
        "$.given.hands",
    ),
    (
        "riichi-sanma/claims/no-chi-even-for-next-seat.yaml",
        "a claim by North in sanma",
        set_in("given", "claims", "north", value="pass"),
        "invalid-request",
        "claims.north",
    ),
    (
        "riichi/yaku/riichi-ippatsu-tsumo-ura.yaml",
        "a fifth 5s among the indicators of a scored hand",
        set_in("given", "ura_indicators", value="5s5s5s"),
        "too-many-copies",
        "$.given",
    ),
    (
        "riichi-sanma/yaku/rinshan-on-north-replacement.yaml",
        "a fifth North counting the four set aside",
        four_norths_and_a_north_indicator,
        "too-many-copies",
        "$.given",
    ),
    (
        "classical-chinese/points/one-chance-dead-in-own-meld.yaml",
        "a fifth 2s in seen beside an exposed pung",
        set_in("given", "table", "seen", value="2s2s"),
        "too-many-copies",
        "$.given",
    ),
    (
        "classical-chinese/settlement/one-chance-dead-in-a-pung-and-a-discard.yaml",
        "a settle whose seen repeats another player's pung",
        set_in("given", "hands", "south", "table", "seen", value="2s2s"),
        "too-many-copies",
        "$.given.hands",
    ),
    (
        "sichuan/bloody/reckoning-void-penalty.yaml",
        "a settle of a variant whose profile does not settle",
        set_in("variant", value="taiwanese"),
        "unsupported-kind",
        "$.kind",
    ),
    (
        "taiwanese/structure/too-many-copies.yaml",
        "an unknown error code",
        set_in("expect", "error", "code", value="too-many-tiles"),
        "schema",
        "$.expect.error.code",
    ),
]


@pytest.mark.parametrize(
    ("relative", "edit", "code", "where"),
    [(relative, edit, code, where) for relative, _, edit, code, where in CASES],
    ids=[words for _, words, _, _, _ in CASES],
)
def test_a_broken_fixture_is_refused_by_validate_and_run(
    relative: str,
    edit: Edit,
    code: str,
    where: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    name, data = fixture(relative)
    broken = copy.deepcopy(data)
    edit(broken)
    (tmp_path / name).write_text(yaml.safe_dump(broken, sort_keys=False), encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 1
    output = capsys.readouterr().err
    lines = [line for line in output.splitlines() if f": {code}: " in line]
    assert any(where in line for line in lines), output
    assert main(["run", str(tmp_path)]) == 1
    refused = capsys.readouterr()
    assert f": {code}: " in refused.err
    assert "invalid-corpus" in refused.err
    assert "total" not in refused.out


@pytest.mark.parametrize("relative", sorted({relative for relative, *_ in CASES}))
def test_the_unbroken_fixtures_are_valid(
    relative: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name, data = fixture(relative)
    (tmp_path / name).write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 0, capsys.readouterr().err


def test_a_duplicate_id_is_refused_by_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name, data = fixture(TW_PLAY)
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / name).write_text(yaml.safe_dump(data), encoding="utf-8")
    assert main(["run", str(tmp_path)]) == 1
    assert "duplicate-id" in capsys.readouterr().err
