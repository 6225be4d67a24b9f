"""The riichi win record sets its fields at once (its own ``__init__``) and stays a frozen
dataclass: the defaults, equality, ``replace`` and refused assignment of a generated one."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from reference_engine.hand import WinningHand
from reference_engine.variants.riichi.context import RiichiWin
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
