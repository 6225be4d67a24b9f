"""Why an action is refused: a sentence, and the rule of the variant that refuses it.

The rule is named by the last parts of its id, most specific first (``furiten.temporary``),
and found in the catalogue of the profile's variant (:func:`spec.catalogue.first_ending`):
a family serves several catalogues that share those parts.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Refused(Enum):
    """The refusals the game core finds by itself; each family names their rules."""

    DECLARING = "declaring"
    """Another action than a declaration while the seats declare before the first discard."""
    OPENING = "opening"
    """Another action than the dealer's before the first discard (a draw, a seat's turn)."""
    CLAIMS_PENDING = "claims-pending"
    """An action of a seat not asked while a discard awaits the claims on it."""
    OUT_OF_TURN = "out-of-turn"
    """The seat has no move at this point: another seat is on turn."""
    READY_DECLARATION = "ready-declaration"
    """A discard declaring a ready hand where the declaration is not allowed."""
    DECLINED_WIN = "declined-win"
    """A win on a tile the seat declined since its last discard."""
    NOT_HELD = "not-held"
    """A discard of a tile the seat does not hold."""
    READY_DISCARDS_DRAWN = "ready-discards-drawn"
    """A ready (riichi) hand discarding another tile than the one it drew."""
    FLOWERS_FIRST = "flowers-first"
    """A discard before the flowers held are replaced."""
    CHOW_FROM_PREVIOUS = "chow-from-previous"
    """A chow claimed from another player than the previous one."""


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused: ``message`` for the player, ``rules`` the last parts of
    the ids of the rules that refuse it, the most specific first (none when no rule of
    the catalogue states it)."""

    message: str
    rules: tuple[str, ...] = ()
