"""Circumstances of a win asked about a hand that cannot have them (spec.circumstances):
refused as ``inconsistent-flags`` by the engine, the linter and ``mjspec score``, while the
same circumstance with its cause present is scored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conformance.cli import main
from reference_engine.plugin import ReferenceEngine

ENGINE = ReferenceEngine()
RIICHI_HAND = "123m 456p 789p 123s 44s"
CLASSICAL_HAND = "123m 456p 789p 23s 77z 4s"
TAIWANESE_HAND = "234m 567m 222p 345s 7z7z 6s7s 8s"
WIND_MELDS = [
    {"type": "pung", "tiles": "111z", "from": "north"},
    {"type": "pung", "tiles": "222z", "from": "east"},
    {"type": "pung", "tiles": "333z", "from": "north"},
    {"type": "pung", "tiles": "444z", "from": "east"},
]


def score(variant: str, **given: Any) -> dict[str, Any]:
    return {"variant": variant, "kind": "score", "given": {"seat": "south", **given}}


def refusal(request: dict[str, Any]) -> tuple[str | None, list[str | int] | None]:
    error = ENGINE.evaluate(request).get("error", {})
    return error.get("code"), error.get("path")


SELF_DRAW = {"by": "self-draw"}
EAST_DISCARD = {"by": "discard", "from": "east"}

CANNOT_HOLD = {
    "renhou after riichi": (
        score("riichi", concealed=RIICHI_HAND, win=EAST_DISCARD, table={
            "before_first_draw": True, "riichi": True,
        }),
        ["table", "before_first_draw"],
    ),
    "a first-turn win on the last tile": (
        score("riichi", concealed=RIICHI_HAND, win=SELF_DRAW, table={
            "first_turn": True, "last_tile": True,
        }),
        ["table", "first_turn"],
    ),
    "a kong replacement in four-player riichi without a kong": (
        score("riichi", concealed=RIICHI_HAND, win=SELF_DRAW, table={"after_kong": True}),
        ["table", "after_kong"],
    ),
    "the classical heavenly hand on the last tile": (
        score("classical-chinese", seat="east", concealed=CLASSICAL_HAND, win=SELF_DRAW,
              table={"before_first_discard": True, "last_tile": True}),
        ["table", "before_first_discard"],
    ),
    "the classical earthly hand after Original Call": (
        score("classical-chinese", concealed=CLASSICAL_HAND, win=EAST_DISCARD,
              table={"on_first_discard": True, "original_call": True}),
        ["table", "on_first_discard"],
    ),
    "robbing a kong of a red five the hand holds plain": (
        score("riichi", concealed="123m 456p 789p 55s 46s 0s",
              win={"by": "robbing-kong", "from": "east"}),
        ["win", "by"],
    ),
    "robbing a kong of a tile the hand holds in a meld": (
        score("sichuan", void="m", concealed="456p 789p 11s 24s 3s",
              melds=[{"type": "pung", "tiles": "333s", "from": "north"}],
              win={"by": "robbing-kong", "from": "east"}),
        ["win", "by"],
    ),
    "an original ready hand with a concealed kong": (
        score("taiwanese", concealed="234m 567m 456p 7z7z 7p8p 9p", win=EAST_DISCARD,
              melds=[{"type": "kong", "tiles": "1s1s1s1s", "concealed": True}],
              table={"original_ready": True}),
        ["table", "original_ready"],
    ),
    "another winner's original ready hand with a claimed pung": (
        score("taiwanese", concealed="234m 567m 456p 789p 1s1s 7z7z 7z", win=EAST_DISCARD,
              other_winners=[{
                  "seat": "west", "concealed": "123s 456s 789s 5p5p 6m6m 7z",
                  "melds": [{"type": "pung", "tiles": "999m", "from": "north"}],
                  "original_ready": True,
              }]),
        ["other_winners", 0, "original_ready"],
    ),
    "a riichi liable seat for a hand without a yakuman": (
        score("riichi", concealed=RIICHI_HAND, win=SELF_DRAW, table={"liable": "east"}),
        ["table", "liable"],
    ),
    "a riichi liable seat that fed none of the four winds": (
        score("riichi", concealed="5p 5p", melds=WIND_MELDS, win=SELF_DRAW,
              table={"liable": "west"}),
        ["table", "liable"],
    ),
    "a riichi liable seat for four kans where the table's pao leaves them out": (
        score("riichi", concealed="5p 5p", win=SELF_DRAW, table={"liable": "north"}, melds=[
            {"type": "kong", "tiles": tiles, "from": "north"}
            for tiles in ("1111m", "2222p", "3333s", "9999s")
        ]),
        ["table", "liable"],
    ),
    "a Taiwanese win on a discard when no discard was made": (
        score("taiwanese", concealed=TAIWANESE_HAND, win=EAST_DISCARD, table={"discards": 0}),
        ["table", "discards"],
    ),
    "a Taiwanese non-dealer's self-draw before the dealer's first discard": (
        score("taiwanese", concealed=TAIWANESE_HAND, win=SELF_DRAW, table={"discards": 0}),
        ["table", "discards"],
    ),
    "a Taiwanese discard won by two winners, one with a claimed pung, in one discard": (
        score("taiwanese", concealed=TAIWANESE_HAND, win=EAST_DISCARD, table={"discards": 1},
              other_winners=[{
                  "seat": "west", "concealed": "234p 567p 345m 6m6m 7s9s 8s",
                  "melds": [{"type": "pung", "tiles": "999m", "from": "north"}],
              }]),
        ["table", "discards"],
    ),
    "a Taiwanese claimed pung and a winning discard in one discard": (
        score("taiwanese", concealed="234m 567m 345s 7z7z 6s7s 8s", win=EAST_DISCARD,
              melds=[{"type": "pung", "tiles": "222p", "from": "north"}],
              table={"discards": 1}),
        ["table", "discards"],
    ),
}  # fmt: skip


@pytest.mark.parametrize(("request_", "path"), CANNOT_HOLD.values(), ids=CANNOT_HOLD.keys())
def test_a_circumstance_the_hand_cannot_have_is_refused_at_its_field(
    request_: dict[str, Any], path: list[str | int]
) -> None:
    assert refusal(request_) == ("inconsistent-flags", path)


CAN_HOLD = {
    "a replacement after a North set aside, no kong (sanma.yaku.rinshan-after-north)": (
        score("riichi-sanma", concealed="999m 456p 789p 123s 44s", win=SELF_DRAW, north=1,
              table={"after_kong": True}),
        "rinshan",
    ),
    "a replacement after a concealed kong": (
        score("riichi", concealed="123m 456p 789p 44s", win=SELF_DRAW,
              melds=[{"type": "kong", "tiles": "7777s", "concealed": True}],
              table={"after_kong": True}),
        "rinshan",
    ),
    "a replacement drawn as the wall ends (riichi.yaku.haitei: rinshan, not haitei)": (
        score("riichi", concealed="123m 456p 789p 44s", win=SELF_DRAW,
              melds=[{"type": "kong", "tiles": "7777s", "from": "east"}],
              table={"after_kong": True, "last_tile": True}),
        "rinshan",
    ),
    "robbing a kong of the hand's only copy": (
        score("riichi", concealed="123m 456p 789p 77s 46s 0s",
              win={"by": "robbing-kong", "from": "east"}),
        "chankan",
    ),
    "a riichi liable seat that fed a wind (riichi.house.pao)": (
        score("riichi", concealed="5p 5p", melds=WIND_MELDS, win=SELF_DRAW,
              table={"liable": "north"}),
        "daisuushii",
    ),
    "a riichi liable seat beside a dragon kong that does not say whom it was added to": (
        score("riichi", concealed="88s 23p 4p", win=SELF_DRAW, table={"liable": "west"}, melds=[
            {"type": "pung", "tiles": "555z", "from": "north"},
            {"type": "pung", "tiles": "666z", "from": "east"},
            {"type": "kong", "tiles": "7777z", "added": True},
        ]),
        "daisangen",
    ),
    "the Taiwanese dealer's self-draw before any discard (tw.pattern.heavenly-hand)": (
        score("taiwanese", seat="east", concealed=TAIWANESE_HAND, win=SELF_DRAW,
              table={"discards": 0}),
        "heavenly-hand",
    ),
    "a Taiwanese win on the dealer's only discard (tw.pattern.earthly-hand)": (
        score("taiwanese", concealed=TAIWANESE_HAND, win=EAST_DISCARD, table={"discards": 1}),
        "earthly-hand",
    ),
}  # fmt: skip


@pytest.mark.parametrize(("request_", "award"), CAN_HOLD.values(), ids=CAN_HOLD.keys())
def test_the_same_circumstance_with_its_cause_is_scored(
    request_: dict[str, Any], award: str
) -> None:
    assert award in ENGINE.evaluate(request_)["patterns"]


def test_a_settle_refuses_the_winners_circumstance_at_the_winners_hand() -> None:
    hands = {
        "east": {"concealed": "123m 456m 789m 123p 4p"},
        "south": {"concealed": CLASSICAL_HAND, "win": SELF_DRAW, "table": {"after_kong": True}},
        "west": {"concealed": "123s 456s 789s 123p 5p"},
        "north": {"concealed": "234m 567m 789p 234s 6s"},
    }
    request = {
        "variant": "classical-chinese",
        "kind": "settle",
        "given": {"winner": "south", "hands": hands},
    }
    assert refusal(request) == ("inconsistent-flags", ["hands", "south", "table", "after_kong"])


FIXTURE = """\
id: sichuan/fan/{name}
variant: sichuan
kind: score
title: "{title}"
rules: [sc.fan.kong-replacement]
status: accepted
given:
  seat: north
  void: s
  concealed: 11m 22m 33m 44p 55p 66p 8p 8p
  win: {{by: self-draw}}
  table: {{after_kong: true}}
expect:
  {expect}
notes: Seven pairs holds no kong, so it drew no kong replacement.
"""


def _validate(tmp_path: Path, name: str, title: str, expect: str) -> int:
    path = tmp_path / f"{name}.yaml"
    path.write_text(FIXTURE.format(name=name, title=title, expect=expect), encoding="utf-8")
    return main(["validate", str(path)])


def test_the_linter_refuses_a_fixture_that_scores_a_circumstance_without_its_cause(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = _validate(tmp_path, "scored", "Scored anyway", "payments: {east: -1, north: 1}")
    assert status == 1
    assert "inconsistent-flags" in capsys.readouterr().err


def test_the_linter_accepts_a_fixture_that_expects_the_refusal(tmp_path: Path) -> None:
    expect = "error: {code: inconsistent-flags}"
    assert _validate(tmp_path, "refused", "Refused as it should be", expect) == 0


def test_mjspec_score_exits_2_for_a_kong_replacement_without_a_kong(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ["--variant", "sichuan", "--void", "s", "--after-kong"]
    status = main(["score", "--hand", "11m22m33m44p55p66p88p", *arguments])
    assert status == 2
    assert "inconsistent-flags" in capsys.readouterr().err


def test_mjspec_score_exits_2_for_a_taiwanese_discard_win_before_any_discard(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ["--win", "discard", "--from", "east", "--seat", "south", "--discards", "0"]
    status = main(["score", "--hand", "234m567m222p345s7z7z6s7s8s", *arguments])
    assert status == 2
    assert "table.discards" in capsys.readouterr().err
