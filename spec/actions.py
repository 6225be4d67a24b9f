"""Actions of the game and their canonical notation (``south pung 5m``, ``discard 9p ready``),
and the discard that a claim request offers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from spec.enums import IdentityEnum
from spec.errors import RuleError
from spec.seats import Seat, parse_seat
from spec.tiles import RED_FIVES, Suit, Tile, parse_tiles, run_notation, tiles_at


class ActionKind(IdentityEnum):
    DRAW = "draw"
    DISCARD = "discard"
    FLOWER = "flower"
    CONCEALED_KONG = "concealed-kong"
    ADDED_KONG = "added-kong"
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    WIN = "win"
    PASS = "pass"
    RIICHI = "riichi"
    NORTH = "north"
    NINE_TERMINALS = "nine-terminals"
    VOID = "void"


_NO_TILE = frozenset(
    {
        ActionKind.DRAW,
        ActionKind.WIN,
        ActionKind.PASS,
        ActionKind.NORTH,
        ActionKind.NINE_TERMINALS,
    }
)


_TILE_COUNT = {ActionKind.CHOW: 3}
_MAY_NAME_RED = frozenset({ActionKind.PUNG, ActionKind.CHOW})  # the claims with a choice
_VOID_SUITS = ("m", "p", "s")


@dataclass(frozen=True)
class Action:
    """One player's action. ``tile`` is the tile acted on (the lowest tile of a chow).

    ``riichi 9p`` discards 9p declaring riichi; ``north`` sets a North aside (sanma);
    ``nine-terminals`` declares the abortive draw of nine terminals and honours; ``void m``
    chooses a void suit (Sichuan), its ``suit``. ``pung 0p`` and ``chow 406p`` meld the
    claimer's red five (``red``; riichi.claims.red-five-choice), ``tile`` being the plain one.
    """

    seat: Seat
    kind: ActionKind
    tile: Tile | None = None
    ready: bool = False
    suit: Suit | None = None
    red: bool = False  # a pung or chow melding the claimer's red five (pung 0p, chow 406p)

    @property
    def notation(self) -> str:
        """The action without its seat: ``discard 9p ready``, ``chow 456m``, ``pass``."""
        if self.suit is not None:
            return f"{self.kind.value} {self.suit.value}"
        if self.tile is None:
            return self.kind.value
        if self.kind is ActionKind.CHOW:
            run = (self.tile, Tile(self.tile + 1), Tile(self.tile + 2))
            text = f"chow {run_notation(run, red=self.red)}"
        elif self.red:
            text = f"{self.kind.value} {RED_FIVES[self.tile].mpsz}"
        else:
            text = f"{self.kind.value} {self.tile.mpsz}"
        return f"{text} ready" if self.ready else text

    def __str__(self) -> str:
        return f"{self.seat.value} {self.notation}"


@lru_cache(maxsize=1 << 12)
def parse_action(text: str, seat: Seat | None = None) -> Action:
    """Parse ``"<seat> <action> [tiles] [ready]"`` (the seat may be given apart). Cached:
    a replayed log's few hundred distinct actions are read tens of thousands of times."""
    words = text.split()
    if seat is None:
        if not words:
            raise RuleError("invalid-action", "an empty action")
        try:
            seat = Seat(words[0])
        except ValueError:
            raise RuleError("invalid-action", f"unknown seat {words[0]!r} in {text!r}") from None
        words = words[1:]
    if not words:
        raise RuleError("invalid-action", f"no action in {text!r}")
    try:
        kind = ActionKind(words[0])
    except ValueError:
        raise RuleError("invalid-action", f"unknown action {words[0]!r} in {text!r}") from None
    ready = len(words) == 3 and words[2] == "ready" and kind is ActionKind.DISCARD
    expected = 0 if kind in _NO_TILE else 1
    if len(words) - 1 - int(ready) != expected:
        raise RuleError("invalid-action", f"malformed action {text!r}")
    if not expected:
        return Action(seat, kind)
    if kind is ActionKind.VOID:
        if words[1] not in _VOID_SUITS:
            raise RuleError("invalid-action", f"{words[1]!r} is not a suit (m, p, s) in {text!r}")
        return Action(seat, kind, suit=Suit(words[1]))
    tiles = parse_tiles(words[1])
    if len(tiles) != _TILE_COUNT.get(kind, 1):
        raise RuleError("invalid-action", f"wrong number of tiles in {text!r}")
    if kind in _MAY_NAME_RED and any(t.is_red for t in tiles):
        plain = tuple(t.normal for t in tiles)
        if kind is ActionKind.CHOW and not _is_run(plain):
            raise RuleError("invalid-action", f"{words[1]} is not a chow in {text!r}")
        return Action(seat, kind, min(plain), ready, red=True)
    if kind is ActionKind.CHOW and not _is_run(tiles):
        raise RuleError("invalid-action", f"{words[1]} is not a chow in {text!r}")
    return Action(seat, kind, min(tiles) if kind is ActionKind.CHOW else tiles[0], ready)


def _is_run(tiles: tuple[Tile, ...]) -> bool:
    first = min(tiles)
    return first.is_numbered and sorted(tiles) == [first, first.shifted(1), first.shifted(2)]


def parse_discard(given: Mapping[str, Any]) -> tuple[Tile, Seat]:
    """The claimed tile and its discarder from a claim request's ``discard``."""
    discard = given.get("discard")
    if not isinstance(discard, Mapping):
        raise RuleError("invalid-request", "'discard' must be a mapping", path=("discard",))
    tiles = tiles_at(discard.get("tile"), "discard", "tile")
    if len(tiles) != 1:
        raise RuleError("invalid-request", "the discard is one tile", path=("discard", "tile"))
    return tiles[0], parse_seat(discard.get("from"), ("discard", "from"))
