"""The abortive draws of riichi: a hand that ends without a win before the wall runs out, by
nine terminals called on one's first draw, or by a discard nobody won on (four kongs, four
winds, four riichi)."""

from __future__ import annotations

from reference_engine.play.state import EndReason, GameState
from reference_engine.variants.riichi.state import riichi_state
from spec.melds import MeldKind
from spec.seats import SEATS, Seat
from spec.tiles import TERMINALS_AND_HONOURS

# Enum members read once (Python 3.11 reads them from the class slowly).
_FOUR_KONGS, _FOUR_WINDS = EndReason.FOUR_KONGS, EndReason.FOUR_WINDS
_FOUR_RIICHI = EndReason.FOUR_RIICHI


def may_call_nine_terminals(state: GameState, seat: Seat, abortive: frozenset[EndReason]) -> bool:
    """sanma.abortive.nine-terminals: on one's first draw, nobody having called or set a
    North aside, nine or more different terminals and honours (where ``abortive``, the
    table's abortive draws, holds it)."""
    if state.has_discarded[SEATS.index(seat)] or EndReason.NINE_TERMINALS not in abortive:
        return False
    if riichi_state(state).interrupted or state.drawn is None:
        return False
    kinds = {t.normal for t in state.hand(seat)} & set(TERMINALS_AND_HONOURS)
    return len(kinds) >= 9


def after_discard(state: GameState, abortive: frozenset[EndReason]) -> EndReason | None:
    """The abortive draw decided by a discard nobody won on, among the table's ``abortive``
    draws: four kongs by more than one player (sanma.abortive.four-kongs); in four-player
    games also the same wind as everyone's first discard with no call, and a fourth riichi
    (riichi.abortive.*). None when the hand goes on."""
    # Four kongs and four winds are first gated by a cheap fact each needs: four kongs drew
    # four tiles from the back, four winds are the hand's first four discards.
    if state.back >= 4 and _four_kongs(state) and _FOUR_KONGS in abortive:
        return _FOUR_KONGS
    if state.discard_count == 4 and _four_winds(state) and _FOUR_WINDS in abortive:
        return _FOUR_WINDS
    if len(state.ready) == 4 and all(state.ready) and _FOUR_RIICHI in abortive:
        return _FOUR_RIICHI
    return None


def _four_kongs(state: GameState) -> bool:
    """The fourth kong of the hand, made by more than one player (each kong drew its
    replacement from the back of the wall, so four kongs need four such draws)."""
    if not state.calls_made or state.back < 4:
        return False
    makers = [
        seat for seat in state.seats for meld in state.melds_of(seat) if meld.kind is MeldKind.KONG
    ]
    return len(makers) == 4 and len(set(makers)) > 1


def _four_winds(state: GameState) -> bool:
    """The same wind as each of the four players' first discard, with no call."""
    if state.discard_count != 4 or state.calls_made:
        return False
    firsts = {discards[:1] for discards in state.discards}
    return len(firsts) == 1 and all(t.is_wind for first in firsts for t in first)
