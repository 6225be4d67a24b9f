"""The riichi win, hand, reading and score records set their fields at once (their own
``__init__``) and stay frozen dataclasses: the defaults, equality, ``replace`` and refused
assignment of a generated one; a win's dora read from its indicators at once."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from reference_engine.analysis.reading import Reading, Shape, Wait
from reference_engine.hand import WinningHand
from reference_engine.plugin import ReferenceEngine
from reference_engine.variants import find_variant
from reference_engine.variants.riichi import Riichi
from reference_engine.variants.riichi.context import RiichiWin
from reference_engine.variants.riichi.points import Points
from reference_engine.variants.riichi.scoring import RiichiScore
from spec.errors import RuleError
from spec.seats import Seat
from spec.tiles import Tile
from spec.wins import WinBy


def _win(**changes: Any) -> RiichiWin:
    hand = WinningHand(Seat.SOUTH, (Tile.M1,) * 2)
    return dataclasses.replace(RiichiWin(hand, WinBy.DISCARD, Seat.EAST, Seat.EAST), **changes)


def test_a_win_record_has_every_field_with_the_defaults_it_declares() -> None:
    win = _win()
    defaults = {f.name: getattr(win, f.name) for f in dataclasses.fields(win)}
    assert defaults == {
        "hand": win.hand,
        "by": WinBy.DISCARD,
        "from_seat": Seat.EAST,
        "round_wind": Seat.EAST,
        **dict.fromkeys(
            ("riichi", "double_riichi", "ippatsu", "after_kong", "last_tile", "first_turn"),
            False,
        ),
        "before_first_draw": False,
        "dora": (),
        "ura_dora": (),
        "nuki": 0,
        "honba": 0,
        "riichi_sticks": 0,
        "liable": None,
    }


def test_a_win_record_compares_by_its_fields_and_refuses_assignment() -> None:
    assert _win(honba=2) == _win(honba=2) != _win(honba=3)
    assert hash(_win(riichi=True)) == hash(_win(riichi=True))
    with pytest.raises(dataclasses.FrozenInstanceError):
        _win().honba = 1  # type: ignore[misc]


def test_a_win_reads_each_indicators_dora_a_red_five_as_its_five() -> None:
    variant = find_variant("riichi-sanma")
    assert isinstance(variant, Riichi)
    numbers = variant.numbers
    indicators = (Tile.M1, Tile.M9, Tile.P0, Tile.S9, Tile.RED, Tile.NORTH)
    assert numbers.doras_after(indicators) == tuple(map(numbers.dora_after, indicators))
    assert numbers.doras_after(indicators) == (
        Tile.M9,
        Tile.M1,
        Tile.P6,
        Tile.S1,
        Tile.WHITE,
        Tile.EAST,
    )


def test_an_indicator_of_no_dora_cycle_is_refused_naming_it() -> None:
    variant = find_variant("riichi-sanma")
    assert isinstance(variant, Riichi)
    numbers = variant.numbers
    with pytest.raises(RuleError, match="2m cannot be a dora indicator here"):
        numbers.doras_after((Tile.P1, Tile.M2))


def test_a_hand_record_has_the_fields_it_is_given_and_its_defaults() -> None:
    hand = WinningHand(Seat.WEST, (Tile.M1,), flowers=(Tile.F1,))
    assert (hand.seat, hand.concealed, hand.melds, hand.flowers) == (
        Seat.WEST,
        (Tile.M1,),
        (),
        (Tile.F1,),
    )
    assert not hand.original_ready
    assert dataclasses.replace(hand, flowers=()) == WinningHand(Seat.WEST, (Tile.M1,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.seat = Seat.EAST  # type: ignore[misc]


def test_a_reading_and_a_score_are_frozen_records_of_the_fields_they_are_given() -> None:
    reading = Reading(Shape.SEVEN_PAIRS, (), (), Wait.PAIR, (Tile.M1, Tile.M1))
    assert (reading.shape, reading.sets, reading.pairs, reading.wait, reading.tiles) == (
        Shape.SEVEN_PAIRS,
        (),
        (),
        Wait.PAIR,
        (Tile.M1, Tile.M1),
    )
    assert reading == dataclasses.replace(reading)
    points = Points(base=2000, limit="mangan")
    score = RiichiScore({"riichi": 1}, 1, 30, 0, points, {Seat.EAST: 8000})
    assert score.covered == 0
    assert score == RiichiScore({"riichi": 1}, 1, 30, 0, points, {Seat.EAST: 8000}, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        reading.wait = Wait.EDGE  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        score.han = 2  # type: ignore[misc]


@pytest.mark.parametrize("field", ["dora_indicators", "ura_indicators"])
def test_a_request_indicator_of_no_dora_cycle_is_refused_at_its_field(field: str) -> None:
    request = {
        "variant": "riichi-sanma",
        "kind": "score",
        "given": {
            "concealed": "123p456p789p111s22z",
            "win": {"by": "self-draw"},
            "seat": "east",
            "table": {"riichi": True},
            field: "2m",
        },
    }
    outcome = ReferenceEngine().evaluate(request)
    assert outcome["error"]["code"] == "invalid-tile"
    assert outcome["error"]["path"] == [field]
