"""Claims on a discard, once for every rule family: which claims a seat may make on a tile
(:func:`claim_options`), and which of the claims made are granted (:func:`granted`): the
profile's claim order (``claims: priority``), the first claimant in turn order after the
discarder within a class, and several winners where the profile allows them
(tw.claims.priority, tw.claims.multiple-winners, riichi.claims.ron-priority,
riichi.claims.multiple-ron)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from reference_engine.hand import red_choice
from reference_engine.play.rules import PlayRules
from reference_engine.play.state import GameState
from spec.actions import Action, ActionKind
from spec.profile import Profile
from spec.seats import SEATS, Seat
from spec.tiles import Tile
from spec.wins import WinBy


def _runs(tile: Tile) -> tuple[tuple[Tile, tuple[Tile, ...]], ...]:
    """The chows a numbered tile can be part of: (lowest tile, the two other tiles)."""
    found = []
    for low in (-2, -1, 0):
        run = [tile.shifted(low + k) for k in range(3)]
        tiles = [t for t in run if t is not None]
        if len(tiles) == 3:
            found.append((tiles[0], tuple(t for t in tiles if t is not tile)))
    return tuple(found)


_RUNS = {tile: _runs(tile) for tile in Tile if tile.is_numbered and not tile.is_red}


def claim_options(
    rules: PlayRules, state: GameState, seat: Seat, tile: Tile, discarder: Seat
) -> list[Action]:
    """The claims ``seat`` may make on ``tile`` (pass excluded): tw.claims.chow-previous-only."""
    if seat is discarder:
        return []
    options: list[Action] = []
    if rules.may_win(state, seat, tile, WinBy.DISCARD):
        options.append(Action(seat, ActionKind.WIN))
    return options + call_options(rules, state, seat, tile, discarder)


def call_options(
    rules: PlayRules, state: GameState, seat: Seat, tile: Tile, discarder: Seat
) -> list[Action]:
    """The pungs, kongs and chows ``seat`` may claim on ``tile`` (none for a ready hand, nor
    on the last discard where the family says so); ``seat`` is not the discarder."""
    if state.ready[SEATS.index(seat)] or (not state.live_tiles and not rules.calls_on_last_discard):
        return []
    if tile.is_flower:  # a flower makes no set
        return []
    options: list[Action] = []
    index = SEATS.index(seat)
    hand = state.hands[index]
    counts = state.counted[index].counts
    held = counts[tile.normal]
    if held >= 2 and rules.may_pung(state, seat, tile):
        options.append(Action(seat, ActionKind.PUNG, tile.normal))
        if red_choice(hand, tile.normal, 2):
            options.append(Action(seat, ActionKind.PUNG, tile.normal, red=True))
    if held >= 3 and rules.may_kong(state, seat, tile):
        options.append(Action(seat, ActionKind.KONG, tile.normal))
    if rules.chow_allowed and seat is state.after(discarder) and tile.is_numbered:
        options += _chows(seat, hand, counts, tile)
    return options


def claim_offers(
    rules: PlayRules, state: GameState, tile: Tile, discarder: Seat
) -> dict[Seat, tuple[Action, ...]]:
    """Each seat's claims on ``tile`` (:func:`claim_options`), for the seats that have any:
    the claims decided once per discard, kept in the window (``GameState.offers``). A seat
    is asked only where the tile could serve it: among its waits for a win (every family's
    win on a discard needs the tile among the waits), two copies held for a pung or kong,
    the two other tiles of a run for a chow by the seat after the discarder (its
    :meth:`~reference_engine.analysis.counted.CountedHand.chow_mask`)."""
    plain = tile.normal
    if plain.is_flower:  # a flower is never offered; it would make no set
        return {}
    after = state.after(discarder) if rules.chow_allowed and plain in _RUNS else None
    left = state.left
    offers: dict[Seat, tuple[Action, ...]] = {}
    for seat, hand, waits in zip(state.seats, state.counted, state.waits, strict=True):
        if seat is discarder or (left and seat in left):
            continue
        if (
            hand.counts[plain] >= 2
            or plain in waits
            or (seat is after and hand.chow_mask() >> plain & 1)
        ):
            options = claim_options(rules, state, seat, tile, discarder)
            if options:
                offers[seat] = tuple(options)
    return offers


def _chows(seat: Seat, hand: tuple[Tile, ...], counts: list[int], tile: Tile) -> list[Action]:
    """The chows ``hand`` (counted: ``counts``) makes with ``tile``, each also with a red
    five where it holds one (riichi.claims.red-five-choice)."""
    options = []
    for start, others in _RUNS[tile.normal]:
        if all(counts[t] for t in others):
            options.append(Action(seat, ActionKind.CHOW, start))
            if any(red_choice(hand, t, 1) for t in others):
                options.append(Action(seat, ActionKind.CHOW, start, red=True))
    return options


def granted(profile: Profile, order: Sequence[Seat], claims: Mapping[Seat, Action]) -> list[Seat]:
    """The seats whose claims are granted; ``order`` is turn order after the discarder and
    ``claims`` the legal claims (passes are not claims)."""
    for kinds in profile.claim_priority:
        seats = [seat for seat in order if seat in claims and claims[seat].kind in kinds]
        if seats:
            several = kinds == {ActionKind.WIN} and profile.multiple_winners
            return seats if several else seats[:1]
    return []
