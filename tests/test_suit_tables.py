"""Suit keys and counted hands against the readable definitions of sets and a pair.

The readable definition is :func:`sets_and_pair` (every reading listed): a hand is complete
when it has a reading, and a tile is a wait when the hand with it is complete. The counted
hand must also equal :func:`sets_and_pair_waits` and :func:`is_sets_and_pair`, which the
families use today, exactly.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from reference_engine.analysis.counted import CountedHand
from reference_engine.analysis.decompose import counts_of, is_sets_and_pair, sets_and_pair
from reference_engine.analysis.suits import (
    RANKS,
    WEIGHTS,
    SuitFacts,
    counts_of_key,
    facts,
    key_of,
)
from reference_engine.analysis.waits import sets_and_pair_waits, suit_facts
from spec.tiles import RED_FIVES, Tile

EAST = int(Tile.EAST)
EXHAUSTIVE_TILES = 7  # every suit key holding up to this many tiles (and one more) is checked


def _readable_complete(counts: list[int]) -> bool:
    """Sets and one pair, by listing the readings."""
    size = sum(counts)
    return size % 3 == 2 and bool(sets_and_pair(counts, (size - 2) // 3))


def _readable_waits(counts: list[int]) -> list[int]:
    """The kinds held fewer than four times whose addition makes the counts complete."""
    found = []
    for kind in range(34):
        if counts[kind] < 4:
            counts[kind] += 1
            if _readable_complete(counts):
                found.append(kind)
            counts[kind] -= 1
    return found


def _suit_keys(most: int, ranks: int = RANKS) -> Iterator[tuple[int, ...]]:
    """Every suit's counts (0-4 each) holding at most ``most`` tiles."""
    if ranks == 0:
        yield ()
        return
    for count in range(min(4, most) + 1):
        for rest in _suit_keys(most - count, ranks - 1):
            yield (count, *rest)


@cache
def _readable_suit(counts: tuple[int, ...]) -> tuple[bool, bool]:
    """One suit's tiles read as sets only (beside a pair of Easts, which must be the pair),
    and as sets and one pair, by listing the readings."""
    return _readable_complete(_as_hand(counts, east=2)), _readable_complete(_as_hand(counts))


def _as_hand(suit: tuple[int, ...] | list[int], *, east: int = 0) -> list[int]:
    """A whole hand's counts holding one suit's tiles (as characters) and ``east`` Easts."""
    counts = [0] * 34
    counts[:RANKS] = suit
    counts[EAST] = east
    return counts


def _mask(ranks: list[int]) -> int:
    return sum(1 << rank for rank in ranks)


# --- suit keys ---------------------------------------------------------------------------


def test_a_key_and_its_counts_are_one_and_the_same() -> None:
    for counts in _suit_keys(EXHAUSTIVE_TILES):
        assert counts_of_key(key_of(counts)) == counts


def _assert_suit_keys_read_as_listed(most: int) -> None:
    """Every suit key of up to ``most`` tiles is complete (with or without the pair) as the
    listed readings say, and so is it with each rank added (a fifth copy too: the readable
    definition reads it)."""
    for counts in _suit_keys(most):
        found = facts(key_of(counts))
        assert (found.complete, found.with_pair) == _readable_suit(counts), counts
        to_complete, to_pair = [], []
        for rank in range(RANKS):
            more = list(counts)
            more[rank] += 1
            complete, with_pair = _readable_suit(tuple(more))
            if complete:
                to_complete.append(rank)
            if with_pair:
                to_pair.append(rank)
        assert (found.to_complete, found.to_pair) == (_mask(to_complete), _mask(to_pair)), counts
        # A block holding the pair always waits (on its pair becoming a pung, at least).
        assert found.to_complete or not found.with_pair, counts


def test_every_small_suit_key_completes_as_its_readings_say() -> None:
    _assert_suit_keys_read_as_listed(EXHAUSTIVE_TILES)


@pytest.mark.slow
def test_every_suit_key_up_to_a_whole_riichi_hand_completes_as_its_readings_say() -> None:
    _assert_suit_keys_read_as_listed(13)  # with a rank added: fourteen tiles


def _chow_claimable(counts: tuple[int, ...], rank: int) -> bool:
    """A run of three holding ``rank`` whose two other ranks are held."""
    for low in (rank - 2, rank - 1, rank):
        if low >= 0 and low + 2 < RANKS:
            others = [other for other in (low, low + 1, low + 2) if other != rank]
            if all(counts[other] for other in others):
                return True
    return False


def test_every_small_suit_key_knows_the_ranks_it_can_chow() -> None:
    for counts in _suit_keys(EXHAUSTIVE_TILES):
        found = facts(key_of(counts))
        chows = [rank for rank in range(RANKS) if _chow_claimable(counts, rank)]
        assert found.chow_claims == _mask(chows), counts


def _readable_facts(counts: tuple[int, ...]) -> SuitFacts:
    """A key's facts as the readable definitions give them: completeness and the ranks that
    complete from :func:`suit_facts` (the recursive reading of the counts and of each one
    added tile), the chows by trying each run, the discards by each rank held."""
    block = suit_facts(counts)
    key = key_of(counts)
    return SuitFacts(
        complete=block.sets_only,
        with_pair=block.with_pair,
        to_complete=_mask(list(block.adds_to_sets)),
        to_pair=_mask(list(block.adds_to_pair)),
        chow_claims=_mask([rank for rank in range(RANKS) if _chow_claimable(counts, rank)]),
        discards=tuple((rank, key - WEIGHTS[rank]) for rank in range(RANKS) if counts[rank]),
    )


def _random_suits(seed: int, count: int, most: int) -> Iterator[tuple[int, ...]]:
    """``count`` suits' counts of 0 to ``most`` tiles drawn from the suit's 36 tiles."""
    rng = random.Random(seed)
    tiles = [rank for rank in range(RANKS) for _ in range(4)]
    for _ in range(count):
        counts = [0] * RANKS
        for rank in rng.sample(tiles, rng.randint(0, most)):
            counts[rank] += 1
        yield tuple(counts)


def test_every_key_of_up_to_eight_tiles_has_the_facts_the_readable_definitions_give() -> None:
    for counts in _suit_keys(8):
        assert facts(key_of(counts)) == _readable_facts(counts), counts


def test_random_keys_of_up_to_fourteen_tiles_have_the_facts_the_readable_definitions_give() -> None:
    for counts in _random_suits(1414, 50_000, 14):
        assert facts(key_of(counts)) == _readable_facts(counts), counts


@pytest.mark.slow
def test_every_key_of_up_to_fourteen_tiles_has_the_facts_the_readable_definitions_give() -> None:
    for counts in _suit_keys(14):
        assert facts(key_of(counts)) == _readable_facts(counts), counts


def test_the_nine_gates_wait_on_every_rank() -> None:
    nine_gates = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    assert facts(key_of(nine_gates)).to_pair == _mask(list(range(RANKS)))


# --- random hands ------------------------------------------------------------------------


def _wall() -> list[Tile]:
    """Four of each kind, one five of each suit red."""
    tiles = [Tile(kind) for kind in range(34) for _ in range(4)]
    for five, red in RED_FIVES.items():
        tiles[tiles.index(five)] = red
    return tiles


def _drawn(rng: random.Random, size: int) -> list[Tile]:
    return rng.sample(_wall(), size)


def _near_complete(rng: random.Random, size: int) -> list[Tile]:
    """``size`` tiles of a complete hand of sets and a pair (the hand one tile longer when
    ``size`` is one short of such a hand), and sometimes one of them swapped for another
    tile: hands that often wait or win."""
    pool = _wall()
    rng.shuffle(pool)
    hand: list[Tile] = []

    def take(kinds: list[int]) -> None:
        """Take one tile of each kind from the pool, or none when one is missing."""
        taken: list[int] = []  # places in the pool
        for kind in kinds:
            place = next(
                (i for i, t in enumerate(pool) if t.normal == kind and i not in taken), None
            )
            if place is None:
                return
            taken.append(place)
        hand.extend(pool[i] for i in taken)
        for place in sorted(taken, reverse=True):
            del pool[place]

    take([rng.randrange(34)] * 2)
    while len(hand) < 3 * ((size - 1) // 3) + 2:
        if rng.random() < 0.5:
            start = 9 * rng.randrange(3) + rng.randrange(7)
            take([start, start + 1, start + 2])
        else:
            take([rng.randrange(34)] * 3)
    while len(hand) > size:
        hand.remove(rng.choice(hand))
    if rng.random() < 0.3:
        hand.remove(rng.choice(hand))
        hand.append(pool.pop())
    return hand


def _hands(seed: int, sizes: tuple[int, ...], count: int) -> list[list[Tile]]:
    rng = random.Random(seed)
    return [
        (_near_complete if rng.random() < 0.7 else _drawn)(rng, rng.choice(sizes))
        for _ in range(count)
    ]


# 13- and 14-tile hands (riichi) and 16- and 17-tile hands (Taiwanese), melds set aside.
RIICHI_SIZES = tuple(size - 3 * melds for size in (13, 14) for melds in range(5))
TAIWANESE_SIZES = tuple(size - 3 * melds for size in (16, 17) for melds in range(6))


@pytest.mark.parametrize(
    ("sizes", "seed"), [(RIICHI_SIZES, 2026), (TAIWANESE_SIZES, 1616)], ids=["riichi", "taiwanese"]
)
def test_a_counted_hand_waits_and_completes_as_the_readable_definition_says(
    sizes: tuple[int, ...], seed: int
) -> None:
    waiting = complete = 0
    for tiles in _hands(seed, sizes, 2_000):
        hand = CountedHand(tiles)
        counts = counts_of(tuple(tiles))
        expected = _readable_waits(counts)
        four_held = {kind for kind in range(34) if counts[kind] == 4}
        waits = [int(kind) for kind in hand.waits()]
        assert [kind for kind in waits if kind not in four_held] == expected, tiles
        assert waits == sorted(sets_and_pair_waits(counts)), tiles
        assert hand.is_complete() == _readable_complete(counts), tiles
        sets = (len(tiles) - 2) // 3
        assert hand.is_complete() == (len(tiles) % 3 == 2 and is_sets_and_pair(counts, sets))
        waiting += bool(expected)
        complete += hand.is_complete()
    assert waiting > 300  # the sample holds hands that wait
    assert complete > 300  # and hands that are complete


def _ready_discards(counts: list[int]) -> int:
    """The kinds held whose discard leaves counts with a wait (as a mask)."""
    found = []
    for kind in range(34):
        if counts[kind]:
            counts[kind] -= 1
            if sets_and_pair_waits(counts):
                found.append(kind)
            counts[kind] += 1
    return _mask(found)


@pytest.mark.parametrize(
    ("sizes", "seed"), [(RIICHI_SIZES, 14), (TAIWANESE_SIZES, 17)], ids=["riichi", "taiwanese"]
)
def test_a_counted_hand_knows_the_discards_that_leave_it_ready(
    sizes: tuple[int, ...], seed: int
) -> None:
    ready = 0
    for tiles in _hands(seed, sizes, 1_000):
        hand = CountedHand(tiles)
        counts = counts_of(tuple(tiles))
        assert hand.ready_discards() == _ready_discards(counts), tiles
        assert hand.wait_mask() == _mask(sets_and_pair_waits(counts))  # the hand is unchanged
        ready += hand.ready_discards() != 0
    assert ready > 200  # the sample holds hands a discard leaves ready


def test_a_counted_hand_knows_the_kinds_it_can_chow() -> None:
    for tiles in _hands(3, RIICHI_SIZES, 500):
        hand = CountedHand(tiles)
        counts = counts_of(tuple(tiles))
        suited = [tuple(counts[start : start + RANKS]) for start in (0, 9, 18)]
        chows = [
            9 * suit + rank
            for suit, held in enumerate(suited)
            for rank in range(RANKS)
            if _chow_claimable(held, rank)
        ]
        assert hand.chow_mask() == _mask(chows), tiles


def test_four_of_an_honour_complete_nothing_and_wait_for_nothing() -> None:
    four_easts = [Tile.EAST] * 4
    assert not CountedHand([*four_easts, Tile.M1, Tile.M1]).is_complete()
    assert CountedHand([*four_easts, Tile.M1]).waits() == ()
    assert _readable_complete(counts_of((*four_easts, Tile.M1, Tile.M1))) is False


# --- changing a hand tile by tile ----------------------------------------------------------


def _assert_recounted(hand: CountedHand, tiles: list[Tile]) -> None:
    """The hand's counts, keys, red fives and facts equal those recounted from ``tiles``."""
    counts = counts_of(tuple(tiles))
    assert hand.counts == counts
    assert hand.keys == [key_of(counts[start : start + RANKS]) for start in (0, 9, 18)]
    assert hand.reds == [tiles.count(red) for red in RED_FIVES.values()]
    assert hand.size == len(tiles)
    assert [hand.count(Tile(kind)) for kind in range(34)] == counts
    assert hand.tiles() == tuple(sorted(tiles))
    assert hand.wait_mask() == _mask(sets_and_pair_waits(counts))
    assert hand.is_complete() == _readable_complete(counts)


def test_adding_and_removing_tiles_keeps_the_keys_of_a_hand_counted_from_scratch() -> None:
    rng = random.Random(29)
    for _ in range(200):
        wall = _wall()
        rng.shuffle(wall)
        held = [wall.pop() for _ in range(13)]
        hand = CountedHand(held)
        for _ in range(40):
            drawn = wall.pop()
            hand.add(drawn)
            held.append(drawn)
            _assert_recounted(hand, held)
            discard = rng.choice(held)
            hand.remove(discard)
            held.remove(discard)
            _assert_recounted(hand, held)
            wall.insert(0, discard)


def test_a_copy_changes_apart_from_its_original() -> None:
    hand = CountedHand((Tile.M1, Tile.M2, Tile.M3, Tile.P0))
    twin = hand.copy()
    twin.remove(Tile.P0)
    twin.add(Tile.P5)
    assert hand.tiles() == (Tile.M1, Tile.M2, Tile.M3, Tile.P0)
    assert twin.tiles() == (Tile.M1, Tile.M2, Tile.M3, Tile.P5)


def test_a_plain_five_and_a_red_five_are_removed_apart() -> None:
    hand = CountedHand((Tile.S0, Tile.S5))
    hand.remove(Tile.S0)
    with pytest.raises(ValueError, match="no 0s is held"):
        hand.remove(Tile.S0)
    hand.remove(Tile.S5)
    with pytest.raises(ValueError, match="no 5s is held"):
        hand.remove(Tile.S5)


def test_a_fifth_copy_and_a_flower_are_refused() -> None:
    hand = CountedHand((Tile.RED,) * 4)
    with pytest.raises(ValueError, match="a fifth 7z"):
        hand.add(Tile.RED)
    with pytest.raises(ValueError, match="a flower"):
        hand.add(Tile.F1)
    with pytest.raises(ValueError, match="no 1f is held"):
        hand.remove(Tile.F1)


_KINDS = st.sampled_from([t for t in Tile if not t.is_flower])


@settings(max_examples=300, deadline=None)
@given(st.lists(_KINDS, min_size=0, max_size=17))
def test_any_hand_of_up_to_seventeen_tiles_waits_as_the_readable_definition_says(
    tiles: list[Tile],
) -> None:
    counts = counts_of(tuple(tiles))
    assume(max(counts) <= 4)
    hand = CountedHand(tiles)
    assert list(hand.waits()) == sorted(sets_and_pair_waits(counts))
    assert hand.is_complete() == _readable_complete(counts)
    assert hand.ready_discards() == _ready_discards(counts)


# --- measured ----------------------------------------------------------------------------


def _cpu_us(started: float, calls: int) -> float:
    return (time.process_time() - started) / calls * 1e6


@pytest.mark.slow
def test_waits_cost_printed_readable_beside_counted(capsys: pytest.CaptureFixture[str]) -> None:
    """µs of CPU per call on the same 13-tile hands, tables warm, best of three rounds: the
    waits by trying every tile with the readings listed (500 hands); what the families call
    after a hand changes today (``sets_and_pair_waits`` on recounted tiles); a counted
    hand's waits; and a whole change of a counted hand (a tile removed and added back,
    then its waits). Then the discards that leave 14-tile hands ready, by each kind's
    waits and by a counted hand. Printed, never asserted."""
    hands = _hands(1300, (13,), 5_000)
    tuples = [tuple(tiles) for tiles in hands]
    counted = [CountedHand(tiles) for tiles in hands]
    changes = [(hand, tiles[0]) for hand, tiles in zip(counted, hands, strict=True)]
    for tiles, hand in zip(tuples, counted, strict=True):  # warms every table
        assert hand.wait_mask() == _mask(sets_and_pair_waits(counts_of(tiles)))
    started = time.process_time()
    for tiles in tuples[:500]:
        _readable_waits(counts_of(tiles))
    readable = _cpu_us(started, 500)
    today = fast = whole = float("inf")
    for _ in range(3):
        started = time.process_time()
        for tiles in tuples:
            sets_and_pair_waits(counts_of(tiles))
        today = min(today, _cpu_us(started, len(tuples)))
        started = time.process_time()
        for hand in counted:
            hand.wait_mask()  # what a change costs
        fast = min(fast, _cpu_us(started, len(counted)))
        started = time.process_time()
        for hand, tile in changes:
            hand.remove(tile)
            hand.add(tile)
            hand.wait_mask()
        whole = min(whole, _cpu_us(started, len(changes)))
    fourteen = _hands(1400, (14,), 3_000)
    counted14 = [CountedHand(tiles) for tiles in fourteen]
    recounted = [counts_of(tuple(tiles)) for tiles in fourteen]
    for counts, hand in zip(recounted, counted14, strict=True):  # warms every table
        assert hand.ready_discards() == _ready_discards(counts)
    ready_today = ready_counted = float("inf")
    for _ in range(3):
        started = time.process_time()
        for counts in recounted:
            _ready_discards(counts)
        ready_today = min(ready_today, _cpu_us(started, len(recounted)))
        started = time.process_time()
        for hand in counted14:
            hand.ready_discards()
        ready_counted = min(ready_counted, _cpu_us(started, len(counted14)))
    with capsys.disabled():
        print(f"\nready discards, µs of CPU per call on {len(fourteen)} 14-tile hands:")
        print(f"  sets_and_pair_waits after each kind held      {ready_today:8.2f}")
        print(f"  CountedHand.ready_discards                    {ready_counted:8.2f}")
        print(f"waits, µs of CPU per call on {len(hands)} 13-tile hands:")
        print(f"  readable (every tile tried, readings listed)  {readable:8.2f}")
        print(f"  sets_and_pair_waits(counts_of(tiles)), today  {today:8.2f}")
        print(f"  CountedHand waits after a change              {fast:8.2f}")
        print(f"  CountedHand remove + add + waits              {whole:8.2f}")
        print(f"  today / counted: {today / fast:.1f}x (waits), {today / whole:.1f}x (change)")
