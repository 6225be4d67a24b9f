"""How a hand can be won: the win kinds of the request grammar (``win: {by: ...}``)."""

from __future__ import annotations

from collections.abc import Callable

from spec.enums import IdentityEnum
from spec.errors import RuleError
from spec.objects import OBJECT
from spec.seats import Seat, parse_seat


class WinBy(IdentityEnum):
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


_WIN_BY = {by.value: by for by in WinBy}  # each win kind by its name (a dict: C speed)


def parse_win(
    data: object,
    seat: Seat,
    path: tuple[str | int, ...] = (),
    seat_of: Callable[[object, tuple[str | int, ...]], Seat] = parse_seat,
) -> tuple[WinBy, Seat | None]:
    """A request's ``win`` of ``seat``'s hand at ``path``: how it was won (never by flowers)
    and, on another player's tile, from whom (``seat_of`` reads a seat); an
    ``invalid-request`` naming the field otherwise."""
    win = data if isinstance(data, OBJECT) else {}
    named = win.get("by")
    by = _WIN_BY.get(named) if isinstance(named, str) else None
    if by is None:
        raise RuleError("invalid-request", "unknown win", path=(*path, "win", "by"))
    if by.by_flowers:
        raise RuleError("invalid-request", f"no {by.value} win here", path=(*path, "win", "by"))
    source = seat_of(win["from"], (*path, "win", "from")) if "from" in win else None
    if by.on_anothers_tile and (source is None or source is seat):
        message = "a win on another player's tile needs that seat in 'from'"
        raise RuleError("invalid-request", message, path=(*path, "win"))
    return by, source
