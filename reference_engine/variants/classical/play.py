"""The classical hooks of the game state machine, as far as claims on a discard need them:
what completes a hand, and that letting a win pass restricts nothing.

Rules ``cc.tiles.hand-shape`` (four sets and a pair, or thirteen orphans; no minimum
score), ``cc.claims.chow-previous-only`` and ``cc.claims.pung-kong-anyone`` (the game
core's claim options), ``cc.claims.priority`` and ``cc.claims.nearest-winner`` (the
profile's claim order, one winner) and ``cc.claims.passing-is-free``. Playing a whole hand
(the kong box, flowers, Original Call, the settlement of everyone) is not yet offered:
the family answers no ``play`` request.
"""

from __future__ import annotations

from functools import lru_cache

from reference_engine.analysis.decompose import counts_of, is_sets_and_pair
from reference_engine.analysis.waits import sets_and_pair_waits
from reference_engine.play.rules import PlayRules
from reference_engine.play.state import GameState, HandEnd
from reference_engine.variants.classical.sets import is_thirteen_orphans
from spec.errors import RuleError
from spec.melds import Meld
from spec.profile import Profile
from spec.seats import Seat
from spec.tiles import TERMINALS_AND_HONOURS, Tile
from spec.wins import WinBy


class ClassicalPlay(PlayRules):
    """cc.claims.*: the classical rules of claiming."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.hand_size = profile.hand_size
        self.chow_allowed = profile.chow_allowed
        self.reserve = profile.reserved_tiles
        self._complete = lru_cache(maxsize=1 << 14)(self._complete_uncached)

    def is_complete(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> bool:
        """cc.tiles.hand-shape: four sets and a pair, or thirteen orphans."""
        if 3 * len(melds) + len(concealed) != self.hand_size + 1:
            return False
        return self._complete(tuple(sorted(concealed)), len(melds))

    def _complete_uncached(self, concealed: tuple[Tile, ...], melds: int) -> bool:
        if is_sets_and_pair(counts_of(concealed), self.profile.sets - melds):
            return True
        return is_thirteen_orphans(concealed, melds)

    def waits(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> frozenset[Tile]:
        """The kinds completing four sets and a pair (by the per-block tables), or thirteen
        orphans (the one kind missing, or any of the thirteen when all are held once)."""
        kinds = {Tile(kind) for kind in sets_and_pair_waits(counts_of(concealed))}
        plain = [t.normal for t in concealed]
        if not melds and len(plain) == 13 and all(t in TERMINALS_AND_HONOURS for t in plain):
            missing = [t for t in TERMINALS_AND_HONOURS if t not in plain]
            if len(set(plain)) == 13:
                kinds |= set(TERMINALS_AND_HONOURS)
            elif len(set(plain)) == 12 and len(missing) == 1:
                kinds.add(missing[0])
        return frozenset(kinds)

    def let_pass(self, state: GameState, seat: Seat, tile: Tile, by: WinBy) -> GameState:
        """cc.claims.passing-is-free: letting a win go restricts nothing."""
        return state

    def settle_win(
        self, state: GameState, winners: list[Seat], by: WinBy, source: Seat | None
    ) -> HandEnd:
        """Whole classical hands are not played yet (no ``play`` kind): never reached."""
        raise RuleError("unsupported-kind", "classical hands cannot be played yet")
