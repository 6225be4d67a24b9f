"""Records whose fields are set at once keep their dataclass's signature and behaviour."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from reference_engine.hand import WinningHand
from reference_engine.record import set_at_once


def test_a_record_set_at_once_keeps_the_dataclass_signature_and_defaults() -> None:
    @set_at_once
    @dataclasses.dataclass(frozen=True)
    class Pair:
        first: int
        second: str = "two"

    assert str(inspect.signature(Pair)) == "(first, second='two')"
    assert Pair(1) == Pair(first=1, second="two")
    assert dataclasses.replace(Pair(1), second="x") == Pair(1, "x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Pair(1).first = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Pair()  # type: ignore[call-arg]


def test_a_record_with_a_default_factory_is_refused() -> None:
    with pytest.raises(TypeError, match="only plain fields"):

        @set_at_once
        @dataclasses.dataclass(frozen=True)
        class Listed:
            items: list[int] = dataclasses.field(default_factory=list)


def test_the_winning_hand_is_set_at_once() -> None:
    # the dataclass's own __init__ sets each field through object.__setattr__
    assert "__setattr__" not in WinningHand.__init__.__code__.co_names
    assert "update" in WinningHand.__init__.__code__.co_names
