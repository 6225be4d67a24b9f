"""The start of a hand: the tiles dealt, the flowers dealt shown and replaced, and the
declarations each seat makes in turn before the first discard."""

from __future__ import annotations

from reference_engine.play.flowers import show_flowers
from reference_engine.play.hands import refresh_waits, sorted_tiles
from reference_engine.play.rules import PlayRules
from reference_engine.play.state import Declarations, GameState, Phase, PlayTable
from spec.seats import SEATS, Seat, next_seat
from spec.tiles import Tile

NO_TABLE = PlayTable()  # the East round, no counters, no sticks


def deal(
    rules: PlayRules,
    wall: tuple[Tile, ...],
    dealer: Seat,
    streak: int = 0,
    table: PlayTable = NO_TABLE,
) -> GameState:
    """Deal ``hand_size`` tiles to each seat from the dealer on, then the dealer's extra tile, and
    replace the flowers dealt, dealer first (tw.play.flowers-replaced)."""
    players = rules.players
    order = [next_seat(dealer, i, players) for i in range(players)]
    size = rules.hand_size
    hands: list[tuple[Tile, ...]] = [()] * players
    for position, seat in enumerate(order):
        hands[SEATS.index(seat)] = sorted_tiles(wall[position * size : (position + 1) * size])
    extra = wall[players * size]
    hands[SEATS.index(dealer)] = sorted_tiles((*hands[SEATS.index(dealer)], extra))
    state = GameState(
        wall=wall,
        front=players * size + 1,
        back=0,
        hands=hands,
        melds=[()] * players,
        flowers=[()] * players,
        rivers=[()] * players,
        dealer=dealer,
        dealer_streak=streak,
        turn=dealer,
        phase=Phase.DISCARD,
        reserve=rules.reserve,
        kong_box=rules.kong_box,
        drawn=extra,
        restricted=[frozenset()] * players,
        ready=[False] * players,
        has_discarded=[False] * players,
        discards=[()] * players,
        tail=rules.tail,
        round_wind=table.round_wind,
        extra=rules.start_extra(players, table),
        waits=[frozenset()] * players,
    )
    for index in range(players):  # from the counts just made (flowers aside)
        refresh_waits(rules, state, index)
    for seat in order:
        state = show_flowers(rules, state, seat)
    if rules.declarations_first and state.end is None:
        kept = Declarations(state.drawn, state.replacement_drawn)
        state.declaring = kept
        state = next_declarer(rules, state, 0)
    return state


def next_declarer(rules: PlayRules, state: GameState, position: int) -> GameState:
    """The first seat, ``position`` places from the dealer on, that has a declaration to
    make before the first discard is asked (phase ``DECLARE``: cc.play.initial-kongs,
    sc.void.choice); when none is left, the dealer's turn begins with the tile it drew
    last."""
    for step in range(position, state.players):
        seat = next_seat(state.dealer, step, state.players)
        if rules.declarations(state, seat):
            return state.update(phase=Phase.DECLARE, turn=seat, drawn=None)
    kept = state.declaring
    assert kept is not None
    return state.update(
        phase=Phase.DISCARD,
        turn=state.dealer,
        drawn=kept.dealer_drawn,
        replacement_drawn=kept.dealer_replacement,
        declaring=None,
    )


def declaring_position(state: GameState, seat: Seat) -> int:
    """How many places ``seat`` sits after the dealer (the order of the declarations)."""
    return (SEATS.index(seat) - SEATS.index(state.dealer)) % state.players


def declared(rules: PlayRules, state: GameState, seat: Seat) -> GameState:
    """After a kong declared before the first discard and its replacement: flowers drawn
    are shown at once, the dealer's last tile is kept, and ``seat`` is asked again."""
    state = show_flowers(rules, state, seat)
    if state.end is not None:
        return state
    if seat is state.dealer:
        state.declaring = Declarations(state.drawn, state.replacement_drawn)
    return next_declarer(rules, state, declaring_position(state, seat))
