"""Flowers: each one shown is set aside and replaced, and seven or eight of them may end the
hand at once."""

from __future__ import annotations

from reference_engine.play.hands import draw, remove_tile, sorted_tiles
from reference_engine.play.rules import PlayRules
from reference_engine.play.state import GameState
from spec.seats import SEATS, Seat
from spec.tiles import FLOWERS, Tile
from spec.wins import WinBy

_FLOWERS = frozenset(FLOWERS)


def show_flower(rules: PlayRules, state: GameState, seat: Seat, flower: Tile) -> GameState:
    """tw.play.flowers-replaced: the flower is set aside and replaced from the back (from the
    front where the family says so, cc.play.flowers); seven or eight flowers may end the
    hand at once (tw.pattern.seven-flowers-capture, eight-flowers)."""
    index = SEATS.index(seat)
    remove_tile(rules, state, index, flower)
    state.flowers[index] = sorted_tiles((*state.flowers[index], flower))
    instant = rules.flower_win(state.flowers, index)
    if instant is not None:
        winner, payer = instant
        by = WinBy.EIGHT_FLOWERS if payer is None else WinBy.FLOWER_CAPTURE
        source = None if payer is None else SEATS[payer]
        return rules.after_win(state, [SEATS[winner]], by, source)
    turn, phase, drawn = state.turn, state.phase, state.drawn
    last_live_drawn, replacement_drawn = state.last_live_drawn, state.replacement_drawn
    state = draw(rules, state, seat, from_back=not rules.flowers_from_front)
    if state.end is not None or (seat is turn and flower == drawn):
        return state
    state.turn, state.phase, state.drawn = turn, phase, drawn
    state.last_live_drawn, state.replacement_drawn = last_live_drawn, replacement_drawn
    return state


def show_flowers(rules: PlayRules, state: GameState, seat: Seat) -> GameState:
    """Every flower ``seat`` holds, shown and replaced at once (at the deal, and while the
    seats declare before the first discard)."""
    while state.end is None and not _FLOWERS.isdisjoint(state.hand(seat)):
        flower = next(t for t in state.hand(seat) if t.is_flower)
        state = show_flower(rules, state, seat, flower)
    return state
