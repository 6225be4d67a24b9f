"""What a seat holds: its hand (kept both as sorted tiles and as counts,
:class:`~reference_engine.analysis.counted.CountedHand`) and melds, with the waits that
follow them; the tiles taken from a hand for a meld, and a tile drawn from the wall into a
hand. Each change here is made in place and updates tiles, counts and waits together."""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable

from reference_engine.play.rules import PlayRules
from reference_engine.play.state import GameState, Phase
from spec.melds import Meld
from spec.seats import SEATS, Seat
from spec.tiles import Tile

_NO_WAITS: frozenset[Tile] = frozenset()
# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the members this hot path compares
# with are read once here.
_DISCARD = Phase.DISCARD


def sorted_tiles(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """``tiles`` in tile order (a hand is kept sorted)."""
    return tuple(sorted(tiles))


def take(hand: tuple[Tile, ...], tile: Tile, count: int, *, red: bool = False) -> list[Tile]:
    """The ``count`` copies of ``tile`` that ``hand`` gives up for a meld, plain copies before
    a red five, or the red five first when the claim names it (``red``,
    riichi.claims.red-five-choice)."""
    plain = tile.normal
    copies = sorted((t for t in hand if t.normal is plain), key=lambda t: t.is_red is not red)
    return copies[:count]


def waits_of(rules: PlayRules, hand: tuple[Tile, ...], melds: tuple[Meld, ...]) -> frozenset[Tile]:
    """The waits of a hand one tile short (see :attr:`GameState.waits`), else none."""
    if 3 * len(melds) + len(hand) != rules.hand_size:
        return frozenset()
    return rules.waits(hand, melds)


def refresh_waits(rules: PlayRules, state: GameState, index: int) -> None:
    """The seat's waits after its hand or melds changed (:func:`waits_of`, answered from
    the counts kept: :meth:`PlayRules.counted_waits`)."""
    hand, melds = state.hands[index], state.melds[index]
    if 3 * len(melds) + len(hand) != rules.hand_size:
        state.waits[index] = _NO_WAITS
    else:
        state.waits[index] = rules.counted_waits(state.counted[index], hand, melds)


def add_tile(rules: PlayRules, state: GameState, seat: Seat, tile: Tile) -> None:
    """``seat`` takes ``tile`` into its hand (a flower too: it is not counted)."""
    index = SEATS.index(seat)
    held = list(state.hands[index])
    insort(held, tile)
    state.hands[index] = tuple(held)
    if not tile.is_flower:
        state.counted[index].add(tile)
    refresh_waits(rules, state, index)


def remove_tile(rules: PlayRules, state: GameState, index: int, tile: Tile) -> None:
    """The seat at ``index`` gives up one ``tile`` from its hand (a discard)."""
    held = list(state.hands[index])
    held.remove(tile)
    state.hands[index] = tuple(held)
    if not tile.is_flower:
        state.counted[index].remove(tile)
    refresh_waits(rules, state, index)


def remove_tiles(
    rules: PlayRules,
    state: GameState,
    seat: Seat,
    tiles: Iterable[Tile],
    melds: tuple[Meld, ...] | None = None,
) -> None:
    """``seat`` gives up ``tiles`` from its hand (and now has ``melds``, when given)."""
    index = SEATS.index(seat)
    held = list(state.hands[index])
    counted = state.counted[index]
    for tile in tiles:
        held.remove(tile)
        if not tile.is_flower:
            counted.remove(tile)
    state.hands[index] = tuple(held)
    if melds is not None:
        state.melds[index] = melds
    refresh_waits(rules, state, index)


def set_melds(rules: PlayRules, state: GameState, seat: Seat, melds: tuple[Meld, ...]) -> None:
    """``seat``'s melds are now ``melds`` (an added kong), its hand unchanged."""
    index = SEATS.index(seat)
    state.melds[index] = melds
    refresh_waits(rules, state, index)


def draw(rules: PlayRules, state: GameState, seat: Seat, *, from_back: bool) -> GameState:
    """Draw from the front (a turn) or the back (a replacement): tw.play.last-16-reserved.
    The back skips the ``tail`` tiles kept at the end of the wall; a family with a kong box
    draws its back tiles from the box (cc.play.kong-box). The hand is drawn when the tile
    needed is missing (cc.play.exhaustive-draw)."""
    from_box = from_back and rules.kong_box > 0
    live = state.live_tiles
    if (state.kong_box if from_box else live) <= 0:
        return state.ended(rules.exhaustive_draw(state))
    if from_back:
        tile = state.wall[len(state.wall) - 1 - state.tail - state.back]
        state.back += 1
        state.kong_box -= from_box
    else:
        tile = state.wall[state.front]
        state.front += 1
    add_tile(rules, state, seat, tile)
    state.turn = seat
    state.phase = _DISCARD
    state.drawn = tile
    state.last_live_drawn = not from_box and live == 1  # a live tile drawn: none left
    state.replacement_drawn = from_back
    return state
