"""The hooks a variant implements to be played (python-chess style: override what differs)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from reference_engine.hand import Meld, WinRequest
from reference_engine.outcome import Settlement
from reference_engine.tiles import Tile


def _neighbours(tile: Tile) -> frozenset[Tile]:
    steps = (tile.shifted(step) for step in (-2, -1, 1, 2))
    return frozenset({tile, *(near for near in steps if near is not None)})


_NEIGHBOURS: dict[Tile, frozenset[Tile]] = {tile: _neighbours(tile) for tile in Tile}


class PlayRules(ABC):
    """What the game state machine asks of a variant."""

    hand_size: int = 13
    reserve: int = 0
    chow_allowed: bool = True
    multiple_winners: bool = True
    original_ready: bool = False

    @abstractmethod
    def tile_set(self) -> list[Tile]:
        """Every tile of the set, in canonical order (the seeded wall shuffles this list)."""

    @abstractmethod
    def is_complete(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> bool:
        """Do these tiles (with the winning tile among ``concealed``) form a winning hand?"""

    def is_ready(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> bool:
        """Is one tile enough to complete the hand? Only a tile already held, or within two
        ranks of one in its suit, can complete a set, so only those are tried."""
        candidates = set().union(*(_NEIGHBOURS[t.normal] for t in concealed))
        return any(self.is_complete((*concealed, tile), melds) for tile in sorted(candidates))

    @abstractmethod
    def settle(self, request: WinRequest) -> Settlement:
        """Score and pay a win."""

    def flower_win(
        self, flowers: tuple[tuple[Tile, ...], ...], shower_index: int
    ) -> tuple[int, int | None] | None:
        """After the player at ``shower_index`` shows a flower: ``(winner, payer)`` of an instant
        flower win (``payer`` None when every rival pays), or None."""
        return None
