"""Sanma's Norths: a North set aside on one's turn and shown to the others, who may win on it,
else replaced from the back of the wall."""

from __future__ import annotations

from reference_engine.play.hands import draw, remove_tiles
from reference_engine.play.moves import let_all_pass
from reference_engine.play.rules import PlayRules
from reference_engine.play.state import GameState, Phase
from reference_engine.variants.riichi.state import riichi_state
from spec.seats import SEATS, Seat
from spec.tiles import Tile
from spec.wins import WinBy

_NORTH = Tile.NORTH  # read once: Python 3.11 reads an enum member from its class slowly


def may_set_north_aside(state: GameState, seat: Seat) -> bool:
    """sanma.play.north-extraction, north-not-after-pon and north-after-riichi: on one's
    turn after a draw (not right after a pon), with a replacement left; after riichi only
    the North just drawn (the table setting Norths aside)."""
    if state.drawn is None or state.live_tiles <= 0:
        return False
    if state.ready[SEATS.index(seat)]:
        return state.drawn is _NORTH
    return _NORTH in state.hand(seat)


def set_north_aside(rules: PlayRules, state: GameState, seat: Seat) -> GameState:
    """sanma.play.north-extraction: the North is set aside (kept with the seat's flowers)
    and shown to the others, who may win on it; otherwise a replacement is drawn from the
    back. It breaks every ippatsu and the first go-around (sanma.play.north-interrupts)."""
    index = SEATS.index(seat)
    remove_tiles(rules, state, seat, (Tile.NORTH,))
    state.flowers[index] = (*state.flowers[index], Tile.NORTH)
    state.update(
        extra=riichi_state(state).interrupt(),
        drawn=None,
        pending=Tile.NORTH,
        pending_from=seat,
        win_only=True,
    )
    robbers = frozenset(
        other
        for other in state.in_play()
        if other is not seat and rules.may_win(state, other, Tile.NORTH, WinBy.DISCARD)
    )
    if robbers:
        return state.update(phase=Phase.CLAIM, awaiting=robbers, answers=())
    return rules.after_shown(state, seat)


def north_passed(rules: PlayRules, state: GameState, source: Seat) -> GameState:
    """Nobody won on the North: its replacement is drawn from the back (a rinshan draw)."""
    state = let_all_pass(rules, state, Tile.NORTH, source, WinBy.DISCARD)
    state = state.window_closed(win_only=False)
    return draw(rules, state, source, from_back=True)
