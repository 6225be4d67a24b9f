"""The counts each seat's hand is kept as in play held equal to their definitions: over
seeded random deals of every variant, after every action, each seat's counts are those of
its tiles and its waits those of :meth:`PlayRules.waits` (the readable definition); the
hooks the core skips are those a family leaves neutral; the fast paths (waits from counts,
riichi's completeness and riichi declarations, the discards that leave a hand ready, from
counts) agree with the readable ones on many random hands and along random play
(``MJSPEC_LONG=1`` plays 100 deals a variant, else 4)."""

from __future__ import annotations

import os
import random

import pytest

from reference_engine.analysis.counted import CountedHand
from reference_engine.analysis.decompose import counts_of
from reference_engine.play.hands import waits_of
from reference_engine.play.rules import NEUTRAL_HOOKS, PlayRules, without
from reference_engine.play.selfplay import random_hand
from reference_engine.play.state import Phase
from reference_engine.variants import find_variant
from reference_engine.variants.riichi.play import RiichiPlay
from spec import variant_ids
from spec.actions import Action, ActionKind
from spec.melds import Meld, MeldKind
from spec.seats import SEATS
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


def pairs_hand(rng: random.Random, pool: list[Tile], size: int) -> tuple[Tile, ...]:
    """A hand of ``size`` tiles from ``pool`` made of pairs (a pung where ``size`` is odd,
    a single where the pool runs short): near seven pairs, or seven pairs and a pung."""
    left = list(pool)
    hand: list[Tile] = []
    while len(hand) < size:
        base = rng.choice(left)
        want = 3 if (size - len(hand)) % 2 else 2
        copies = min(want, left.count(base), size - len(hand))
        for _ in range(copies):
            left.remove(base)
            hand.append(base)
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
        if trial % 3 == 1:
            hand = tuple(sorted(rng.sample(pool, size + 1)))
        elif trial % 3 == 2:
            hand = pairs_hand(rng, pool, size + 1)
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


@pytest.mark.parametrize("variant", ["riichi", "riichi-sanma"])
def test_riichi_discards_from_counts_are_those_that_leave_the_hand_ready(variant: str) -> None:
    rules = find_variant(variant).play_rules()
    assert isinstance(rules, RiichiPlay)
    rng = random.Random(31)
    tiles = rules.tile_set()
    kong = Meld(MeldKind.KONG, (Tile.EAST,) * 4, concealed=True)
    found = 0
    for trial in range(2_000):
        melds = (kong,) if trial % 4 == 0 else ()
        pool = [t for t in tiles if t.normal is not Tile.EAST] if melds else tiles
        size = rules.hand_size + 1 - 3 * len(melds)
        hand = (
            complete_hand(rng, pool, size) if trial % 2 else tuple(sorted(rng.sample(pool, size)))
        )
        defined = {t.normal for t in set(hand) if rules.is_ready(without(hand, t), melds)}
        counted = CountedHand(hand)
        assert set(rules.shapes.ready_discards(counted, bool(melds))) == defined, hand
        assert counted.tiles() == hand, "the counted hand is left as it was"
        found += bool(defined)
    assert found > 100


@pytest.mark.parametrize("variant", ["riichi", "riichi-sanma"])
def test_the_riichi_declarations_offered_in_play_are_the_readable_ones(variant: str) -> None:
    rules = find_variant(variant).play_rules()
    assert isinstance(rules, RiichiPlay)
    checked = 0
    for seed in range(DEALS * 5):
        for state, _ in random_hand(rules, seed):
            if state.phase is not Phase.DISCARD:
                continue
            seat = state.turn
            index = SEATS.index(seat)
            extras = rules.turn_extras(state, seat)
            riichi = [a for a in extras if a.kind is ActionKind.RIICHI]
            hand, melds = state.hands[index], state.melds[index]
            closed = all(not meld.is_open for meld in melds)
            allowed = closed and state.drawn is not None and not state.ready[index]
            allowed = allowed and state.live_tiles >= rules.riichi_min_live_tiles
            defined = [
                Action(seat, ActionKind.RIICHI, t)
                for t in sorted(set(hand))
                if allowed and rules.is_ready(without(hand, t), melds)
            ]
            assert riichi == defined, (seed, hand)
            checked += 1
    assert checked > 500  # random play seldom reaches a ready closed hand: see the test above


@pytest.mark.parametrize(
    ("variant", "own"),
    [
        ("riichi", {"on_discard", "turn_extras", "abort_after_discard"}),
        ("riichi-sanma", {"on_discard", "turn_extras", "abort_after_discard"}),
        ("taiwanese", set()),
        ("classical-chinese", {"on_discard"}),
        ("sichuan", {"on_discard", "discardable"}),
    ],
)
def test_the_core_asks_a_family_only_the_neutral_hooks_it_overrides(
    variant: str, own: set[str]
) -> None:
    rules = find_variant(variant).play_rules()
    assert rules.own_hooks == own
    for name in NEUTRAL_HOOKS:
        kept = getattr(type(rules), name) is getattr(PlayRules, name)
        assert (name not in rules.own_hooks) == kept, name
