"""The fast paths of the Taiwanese, classical and Sichuan play held to their readable
definitions: a hand's completeness and waits from the counts kept against ``is_complete``
and ``waits`` on many random hands; the ready declarations made with a first discard
(tw.play.original-ready, cc.play.original-call) found in one pass over the counted hand
against "the tiles kept are ready" (``is_ready`` of the hand less that tile) on many random
hands; and the self-drawn wins, Sichuan's void-suit discards and the ready declarations
asked in random play against the readable hooks (``MJSPEC_LONG=1`` plays more deals)."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

from reference_engine.analysis.counted import CountedHand
from reference_engine.play.rules import PlayRules, without
from reference_engine.play.selfplay import random_hand
from reference_engine.play.state import GameState, Phase
from reference_engine.variants import find_variant
from reference_engine.variants.classical.play import ClassicalPlay
from reference_engine.variants.sichuan.play import SichuanPlay
from reference_engine.variants.sichuan.request import RemainingHand
from reference_engine.variants.sichuan.settlement import reckoning, standing
from reference_engine.variants.sichuan.shapes import holds_suit
from reference_engine.variants.taiwanese.play import TaiwanesePlay
from spec.melds import Meld, MeldKind
from spec.seats import SEATS, Seat
from spec.tiles import TERMINALS_AND_HONOURS, Tile
from spec.wins import WinBy

DEALS = 200 if os.environ.get("MJSPEC_LONG") else 20
READY_FAMILIES = ["taiwanese", "classical-chinese"]


def shaped_hand(rng: random.Random, pool: list[Tile], size: int, trial: int) -> tuple[Tile, ...]:
    """A hand of ``size`` tiles from ``pool``: random, near sets and a pair, near pairs, or
    near the thirteen orphans, by ``trial`` (at most four copies of a kind)."""
    left = list(pool)
    if trial % 4 == 0:
        return tuple(sorted(rng.sample(left, size)))
    if trial % 4 == 3:
        orphans = [t for t in left if t.normal in TERMINALS_AND_HONOURS]
        return tuple(sorted(rng.sample(orphans, min(size, len(orphans)))))
    hand: list[Tile] = []
    while len(hand) < size:
        base = rng.choice(left)
        if trial % 4 == 1 and rng.random() < 0.5:
            group = [base.shifted(step) for step in range(3)]
        else:
            group = [base] * rng.choice((2, 3) if trial % 4 == 1 else (2, 2, 2, 3))
        for tile in group[: size - len(hand)]:
            if tile is not None and tile in left:
                left.remove(tile)
                hand.append(tile)
    return tuple(sorted(hand))


def random_melds(rng: random.Random, tiles: list[Tile], trial: int) -> tuple[Meld, ...]:
    """No meld, one claimed pung, or a concealed kong, by ``trial``."""
    if trial % 3 == 0:
        return ()
    base = rng.choice(tiles).normal
    if trial % 3 == 1:
        return (Meld(MeldKind.PUNG, (base,) * 3, claimed_from=SEATS[1]),)
    return (Meld(MeldKind.KONG, (base,) * 4, concealed=True),)


def random_hands(
    rules: PlayRules, seed: int, trials: int, extra: int
) -> Iterator[tuple[tuple[Tile, ...], tuple[Meld, ...]]]:
    """``trials`` random hands with melds, ``extra`` tiles over a hand one tile short."""
    rng = random.Random(seed)
    tiles = [t for t in rules.tile_set() if not t.is_flower]
    for trial in range(trials):
        melds = random_melds(rng, tiles, trial)
        melded = [t.normal for meld in melds for t in meld.tiles]
        pool = [t for t in tiles if t.normal not in melded]
        size = rules.hand_size - 3 * len(melds) + extra
        yield shaped_hand(rng, pool, size, trial), melds


@pytest.mark.parametrize(
    "variant", ["taiwanese", "classical-chinese", "european-classic", "sichuan"]
)
def test_completeness_and_waits_from_counts_are_those_of_the_tiles(variant: str) -> None:
    rules = find_variant(variant).play_rules()
    assert isinstance(rules, TaiwanesePlay | ClassicalPlay | SichuanPlay)
    complete = waiting = 0
    for hand, melds in random_hands(rules, 41, 4_000, 1):
        won = rules.is_complete(hand, melds)
        counted = CountedHand(hand)
        assert rules.is_complete_counted(counted, melds) == won, (hand, melds)
        counted.remove(hand[-1])
        waits = rules.waits(hand[:-1], melds)
        assert rules.counted_waits(counted, hand[:-1], melds) == waits, (hand, melds)
        complete += won
        waiting += bool(waits)
    assert complete > 200
    assert waiting > 200


@pytest.mark.parametrize("variant", READY_FAMILIES)
def test_the_ready_discards_from_counts_are_those_that_leave_the_hand_ready(variant: str) -> None:
    rules = find_variant(variant).play_rules()
    assert isinstance(rules, TaiwanesePlay | ClassicalPlay)
    found = 0
    for hand, melds in random_hands(rules, 43, 4_000, 1):
        defined = {t.normal for t in set(hand) if rules.is_ready(without(hand, t), melds)}
        counted = CountedHand(hand)
        mask = rules.ready_discards(counted, melds)
        assert {Tile(kind) for kind in range(34) if mask >> kind & 1} == defined, (hand, melds)
        assert counted.tiles() == hand, "the counted hand is left as it was"
        found += bool(defined)
    assert found > 500


def readable_declaration(rules: PlayRules, state: GameState, seat: Seat, tile: Tile) -> bool:
    """The family's readable ready declaration with a discard."""
    if isinstance(rules, ClassicalPlay):
        return rules.original_call(state, seat, tile)
    return PlayRules.may_declare_ready(rules, state, seat, tile)


@pytest.mark.parametrize("variant", READY_FAMILIES)
def test_the_ready_declarations_on_a_first_discard_are_the_readable_ones(variant: str) -> None:
    rules = find_variant(variant).play_rules()
    dealt, _ = next(random_hand(rules, 0))
    declared = 0
    for trial, (hand, melds) in enumerate(random_hands(rules, 47, 2_000, 1)):
        state = dealt.snapshot()
        seat = SEATS[trial % 4]
        index = SEATS.index(seat)
        state.hands[index], state.melds[index] = hand, melds
        state.counted[index] = CountedHand(hand)
        state.turn, state.drawn = seat, hand[trial % len(hand)]
        state.calls_made = bool(melds) and trial % 2 == 0
        for tile in sorted(set(hand)):
            fast = rules.may_declare_ready(state, seat, tile)
            assert fast == readable_declaration(rules, state, seat, tile), (hand, melds, tile)
            declared += fast
    assert declared > 200


@pytest.mark.parametrize("variant", READY_FAMILIES)
def test_the_ready_declarations_asked_in_random_play_are_the_readable_ones(variant: str) -> None:
    rules = find_variant(variant).play_rules()
    checked = 0
    for seed in range(DEALS):
        for state, _ in random_hand(rules, seed):
            if state.phase is not Phase.DISCARD or any(t.is_flower for t in state.hand(state.turn)):
                continue
            seat = state.turn
            for tile in sorted(set(state.hand(seat))):
                fast = rules.may_declare_ready(state, seat, tile)
                assert fast == readable_declaration(rules, state, seat, tile), (seed, tile)
                checked += 1
    assert checked > 1_000


def readable_self_draw(rules: PlayRules, state: GameState, seat: Seat, drawn: Tile) -> bool:
    """The readable self-drawn win: sc.void.no-win first in Sichuan, then the core's test
    with the family's readable ``is_complete``."""
    if isinstance(rules, SichuanPlay):
        void = rules.void_of(state, seat)
        if void is None or drawn.suit is void or holds_suit(state.hand(seat), void):
            return False
    return PlayRules.may_win(rules, state, seat, drawn, WinBy.SELF_DRAW)


@pytest.mark.parametrize(
    "variant", ["taiwanese", "classical-chinese", "european-classic", "sichuan"]
)
def test_the_self_drawn_wins_and_discards_asked_in_random_play_are_the_readable_ones(
    variant: str,
) -> None:
    rules = find_variant(variant).play_rules()
    checked = voided = 0
    for seed in range(DEALS):
        for state, _ in random_hand(rules, seed):
            seat, drawn = state.turn, state.drawn
            if state.phase is not Phase.DISCARD or any(t.is_flower for t in state.hand(seat)):
                continue
            if drawn is not None:
                won = rules.may_win(state, seat, drawn, WinBy.SELF_DRAW)
                assert won == readable_self_draw(rules, state, seat, drawn), (seed, drawn)
                checked += 1
            tiles = sorted(set(state.hand(seat)))
            allowed = rules.discardable(state, seat, tiles)
            if isinstance(rules, SichuanPlay):
                void = rules.void_of(state, seat)
                assert allowed == ([t for t in tiles if t.suit is void] or tiles), seed
                voided += allowed != tiles
    assert checked > 1_000  # random play seldom wins: the random hands above hold the wins
    assert voided > 0 or not isinstance(rules, SichuanPlay)


def test_the_sichuan_reckoning_in_play_is_that_of_every_hand_read_again() -> None:
    rules = find_variant("sichuan").play_rules()
    assert isinstance(rules, SichuanPlay)
    checked = ready = 0
    for seed in range(DEALS):
        for step, (state, _) in enumerate(random_hand(rules, seed)):
            voids = {seat: rules.void_of(state, seat) for seat in state.in_play()}
            if step % 3:
                continue
            standings = {
                seat: standing(
                    seat,
                    RemainingHand(state.hand(seat), state.melds_of(seat), void),
                    rules.readings,
                    rules.profile,
                )
                for seat, void in voids.items()
                if void is not None
            }
            if len(standings) < len(voids):
                continue
            found = tuple(seat for seat, held in standings.items() if held.ready)
            defined = reckoning(standings, rules.readings, rules.profile), found
            assert rules.reckoning_of(state) == defined, seed
            checked += 1
            ready += bool(found)
    assert checked > 300
    assert ready > 10
