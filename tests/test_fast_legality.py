"""The fast paths of play held equal to their definitions over seeded random deals of every
variant: :func:`is_legal` to membership of :func:`legal_actions` (the legal actions and
plausible illegal ones), and the claims offered on a discard (:func:`claim_offers`, decided
once) to those :func:`claim_options` gives each seat (``MJSPEC_LONG=1`` plays 200 deals a
variant, else 4)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from reference_engine.play import moves
from reference_engine.play.claims import claim_offers, claim_options
from reference_engine.play.legality import is_legal, legal_actions
from reference_engine.play.rules import PlayRules
from reference_engine.play.selfplay import random_hand
from reference_engine.play.state import GameState
from reference_engine.variants import find_variant
from spec import variant_ids
from spec.actions import Action, ActionKind
from spec.seats import Seat
from spec.tiles import RED_FIVES, Tile

DEALS = 200 if os.environ.get("MJSPEC_LONG") else 4
VARIANTS = variant_ids()
_ON_TILE = (
    ActionKind.DISCARD,
    ActionKind.RIICHI,
    ActionKind.CONCEALED_KONG,
    ActionKind.ADDED_KONG,
    ActionKind.FLOWER,
)
_CLAIMS = (ActionKind.PUNG, ActionKind.KONG, ActionKind.CHOW)


def probes(state: GameState, seat: Seat) -> Iterator[Action]:
    """Actions a player might try now, most of them illegal: a bare draw, pass and win,
    each move on a tile held (or on 1m and East), a claim of the tile offered."""
    yield from (Action(seat, kind) for kind in (ActionKind.DRAW, ActionKind.PASS))
    yield Action(seat, ActionKind.WIN)
    yield Action(seat, ActionKind.WIN, Tile.M1)
    for tile in {*state.hand(seat), Tile.M1, Tile.EAST}:
        yield from (Action(seat, kind, tile) for kind in _ON_TILE)
        yield Action(seat, ActionKind.DISCARD, tile, ready=True)
        yield Action(seat, ActionKind.CONCEALED_KONG, tile, red=True)
    offered = state.pending
    if offered is not None:
        plain = offered.normal
        for kind in _CLAIMS:
            yield Action(seat, kind, plain)
            if plain in RED_FIVES:
                yield Action(seat, kind, plain, red=True)
        for low in (plain.shifted(-2), plain.shifted(-1)):
            if low is not None:
                yield Action(seat, ActionKind.CHOW, low)


def states(variant: str) -> Iterator[tuple[PlayRules, GameState]]:
    rules = find_variant(variant).play_rules()
    for seed in range(DEALS):
        for state, _ in random_hand(rules, seed):
            yield rules, state


@pytest.mark.parametrize("variant", VARIANTS)
def test_one_action_is_legal_exactly_when_the_legal_list_holds_it(variant: str) -> None:
    checked = 0
    for rules, state in states(variant):
        for seat in state.seats:
            legal = legal_actions(rules, state, seat)
            for action in (*legal, *probes(state, seat)):
                assert is_legal(rules, state, action) == (action in legal), (state, action)
                checked += 1
    assert checked > 1_000


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_seats_asked_about_a_discard_are_those_with_a_claim_on_it(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[frozenset[Seat]] = []

    def checked(
        rules: PlayRules, state: GameState, tile: Tile, discarder: Seat
    ) -> dict[Seat, tuple[Action, ...]]:
        found = claim_offers(rules, state, tile, discarder)
        every = {s: tuple(claim_options(rules, state, s, tile, discarder)) for s in state.in_play()}
        assert found == {s: options for s, options in every.items() if options}, (state, tile)
        asked.append(frozenset(found))
        return found

    monkeypatch.setattr(moves, "claim_offers", checked)
    for _ in states(variant):
        pass
    assert any(asked)
    assert not all(asked)
