"""What a seat holds: its hand and melds with the waits that follow them, the tiles taken from
a hand for a meld, and a tile drawn from the wall into a hand."""

from __future__ import annotations

from reference_engine.play.rules import PlayRules
from reference_engine.play.state import GameState, Phase
from spec.melds import Meld
from spec.seats import SEATS, Seat
from spec.tiles import RED_FIVES, Tile


def sorted_tiles(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """``tiles`` in tile order (a hand is kept sorted)."""
    return tuple(sorted(tiles))


def count_of(hand: tuple[Tile, ...], tile: Tile) -> int:
    """Copies of ``tile`` in ``hand``, a red five counting as a five."""
    plain = tile.normal
    red = RED_FIVES.get(plain)
    return hand.count(plain) + (hand.count(red) if red is not None else 0)


def take(
    hand: tuple[Tile, ...], tile: Tile, count: int, *, red: bool = False
) -> tuple[tuple[Tile, ...], list[Tile]]:
    """Take ``count`` copies of ``tile`` from ``hand`` for a meld, plain copies before a red
    five, or the red five first when the claim names it (``red``,
    riichi.claims.red-five-choice); returns the hand left and the tiles taken."""
    plain = tile.normal
    copies = sorted((t for t in hand if t.normal is plain), key=lambda t: t.is_red is not red)
    copies = copies[:count]
    rest = list(hand)
    for t in copies:
        rest.remove(t)
    return tuple(rest), copies


def waits_of(rules: PlayRules, hand: tuple[Tile, ...], melds: tuple[Meld, ...]) -> frozenset[Tile]:
    """The waits of a hand one tile short (see :attr:`GameState.waits`), else none."""
    if 3 * len(melds) + len(hand) != rules.hand_size:
        return frozenset()
    return rules.waits(hand, melds)


def with_hand(
    rules: PlayRules,
    state: GameState,
    seat: Seat,
    hand: tuple[Tile, ...],
    melds: tuple[Meld, ...] | None = None,
) -> GameState:
    """``seat`` now holds ``hand`` (and ``melds``); its waits follow (in place)."""
    index = SEATS.index(seat)
    hand = sorted_tiles(hand)
    if melds is None:
        melds = state.melds[index]
    else:
        state.melds[index] = melds
    state.hands[index] = hand
    state.waits[index] = waits_of(rules, hand, melds)
    return state


def draw(rules: PlayRules, state: GameState, seat: Seat, *, from_back: bool) -> GameState:
    """Draw from the front (a turn) or the back (a replacement): tw.play.last-16-reserved.
    The back skips the ``tail`` tiles kept at the end of the wall; a family with a kong box
    draws its back tiles from the box (cc.play.kong-box). The hand is drawn when the tile
    needed is missing (cc.play.exhaustive-draw)."""
    from_box = from_back and rules.kong_box > 0
    if (state.kong_box if from_box else state.live_tiles) <= 0:
        return state.ended(rules.exhaustive_draw(state))
    if from_back:
        tile = state.wall[len(state.wall) - 1 - state.tail - state.back]
        state.back += 1
        state.kong_box -= from_box
    else:
        tile = state.wall[state.front]
        state.front += 1
    with_hand(rules, state, seat, (*state.hand(seat), tile))
    state.turn = seat
    state.phase = Phase.DISCARD
    state.drawn = tile
    state.last_live_drawn = not from_box and state.live_tiles == 0
    state.replacement_drawn = from_back
    return state
