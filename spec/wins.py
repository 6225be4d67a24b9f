"""How a hand can be won: the win kinds of the request grammar (``win: {by: ...}``)."""

from __future__ import annotations

from enum import Enum


class WinBy(Enum):
    """How a win came about."""

    SELF_DRAW = "self-draw"
    DISCARD = "discard"
    ROBBING_KONG = "robbing-kong"
    EIGHT_FLOWERS = "eight-flowers"
    FLOWER_CAPTURE = "flower-capture"

    @property
    def on_anothers_tile(self) -> bool:
        """Won with a tile another player let go (a discard or a robbed kong)."""
        return self in (WinBy.DISCARD, WinBy.ROBBING_KONG)

    @property
    def by_flowers(self) -> bool:
        return self in (WinBy.EIGHT_FLOWERS, WinBy.FLOWER_CAPTURE)
