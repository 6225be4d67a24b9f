"""The counts each seat's hand is kept as in play held equal to their definitions: over
seeded random deals of every variant, after every action, each seat's counts are those of
its tiles and its waits those of :meth:`PlayRules.waits` (the readable definition); and the
riichi fast paths (waits and completeness from counts) agree with the readable ones on many
random hands (``MJSPEC_LONG=1`` plays 100 deals a variant, else 4)."""

from __future__ import annotations

import os
import random

import pytest

from reference_engine.analysis.counted import CountedHand
from reference_engine.analysis.decompose import counts_of
from reference_engine.play.hands import waits_of
from reference_engine.play.selfplay import random_hand
from reference_engine.variants import find_variant
from reference_engine.variants.riichi.play import RiichiPlay
from spec import variant_ids
from spec.melds import Meld, MeldKind
from spec.tiles import Tile

DEALS = 100 if os.environ.get("MJSPEC_LONG") else 4


@pytest.mark.parametrize("variant", variant_ids())
def test_the_counts_and_waits_kept_in_play_are_those_of_the_tiles_held(variant: str) -> None:
    rules = find_variant(variant).play_rules()
    checked = 0
    for seed in range(DEALS):
        for state, _ in random_hand(rules, seed):
            for index, hand in enumerate(state.hands):
                counted = state.counted[index]
                tiles = tuple(t for t in hand if not t.is_flower)
                assert counted.counts == counts_of(tiles), (seed, hand)
                assert counted.tiles() == tiles
                assert state.waits[index] == waits_of(rules, hand, state.melds[index])
                checked += 1
    assert checked > 1_000


def complete_hand(rng: random.Random, pool: list[Tile], size: int) -> tuple[Tile, ...]:
    """A hand of ``size`` tiles from ``pool`` read as sets and a pair, where the pool allows,
    else as near one as it went (at most four copies of a kind)."""
    left = list(pool)
    hand: list[Tile] = []
    while len(hand) < size:
        base = rng.choice(left)
        want = 2 if len(hand) == size - 2 else 3
        run = [base.shifted(step) for step in range(want)] if rng.random() < 0.5 else [base] * want
        picked = [t for t in run if t is not None]
        fits = want == 3 and len(picked) == 3 and all(left.count(t) >= run.count(t) for t in picked)
        if not fits:
            picked = [base, base] if want == 2 and left.count(base) >= 2 else [base]
        for tile in picked[: size - len(hand)]:
            left.remove(tile)
            hand.append(tile)
    return tuple(sorted(hand))


@pytest.mark.parametrize("variant", variant_ids())
def test_waits_from_counts_agree_with_the_readable_ones_on_random_hands(variant: str) -> None:
    rules = find_variant(variant).play_rules()
    rng = random.Random(29)
    tiles = [t for t in rules.tile_set() if not t.is_flower]
    kong = Meld(MeldKind.KONG, (tiles[-1].normal,) * 4, concealed=True)
    complete = waiting = 0
    for trial in range(2_000):
        melds = (kong,) if trial % 4 == 0 else ()
        pool = [t for t in tiles if t.normal is not kong.base] if melds else tiles
        size = rules.hand_size - 3 * len(melds)
        if trial % 2:
            hand = tuple(sorted(rng.sample(pool, size + 1)))
        else:
            hand = complete_hand(rng, pool, size + 1)
        counted = CountedHand(hand)
        won = rules.is_complete(hand, melds)
        if isinstance(rules, RiichiPlay):
            assert rules.is_complete_counted(counted, len(melds)) == won, hand
        short = hand[:-1]
        counted.remove(hand[-1])
        waits = rules.waits(short, melds)
        assert rules.counted_waits(counted, short, melds) == waits, short
        complete += won
        waiting += bool(waits)
    assert complete > 100
    assert waiting > 100
