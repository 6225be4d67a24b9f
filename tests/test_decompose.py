"""Hand shapes: sets and a pair, pairs and a pung, and readings of the winning tile."""

from __future__ import annotations

import random

import pytest

from reference_engine.analysis.decompose import (
    Group,
    GroupKind,
    _block_readings,
    counts_of,
    is_sets_and_pair,
    pairs_and_pung,
    sets_and_pair,
)
from reference_engine.analysis.reading import Shape, Wait, readings
from reference_engine.hand import WinningHand
from spec.seats import Seat
from spec.tiles import Tile, parse_tiles


def _notations(decompositions: list[tuple[object, ...]]) -> set[str]:
    return {" ".join(g.notation() for g in d) for d in decompositions}  # type: ignore[attr-defined]


def test_a_plain_hand_has_one_reading() -> None:
    counts = counts_of(parse_tiles("123m456m789p222s678s55m"))
    assert _notations(sets_and_pair(counts, 5)) == {"123m 456m 55m 789p 222s 678s"}


def test_three_identical_chows_also_read_as_three_pungs() -> None:
    counts = counts_of(parse_tiles("111222333m456p789s55z"))
    assert _notations(sets_and_pair(counts, 5)) == {
        "111m 222m 333m 456p 789s 55z",
        "123m 123m 123m 456p 789s 55z",
    }


def test_fourteen_tiles_are_not_five_sets() -> None:
    assert sets_and_pair(counts_of(parse_tiles("123m456m789p222s55m")), 5) == []


def test_honours_never_form_chows() -> None:
    assert sets_and_pair(counts_of(parse_tiles("123z456m789p222s678s55m")), 5) == []


def test_seven_pairs_and_a_pung() -> None:
    counts = counts_of(parse_tiles("11m22m33m44p55p66s77s999s"))
    assert _notations(pairs_and_pung(counts, 7, 1)) == {"11m 22m 33m 44p 55p 66s 77s 999s"}


def test_four_of_a_kind_can_be_two_pairs() -> None:
    counts = counts_of(parse_tiles("1111m22m33m44p55p66s999s"))
    assert len(pairs_and_pung(counts, 7, 1)) == 1


def test_the_winning_tile_can_sit_in_the_pair_or_in_a_chow() -> None:
    hand = WinningHand(Seat.EAST, parse_tiles("1m2m3m4m5m6m7p8p9p2s2s2s6s7s8s5m5m"))
    (decomposition,) = sets_and_pair(counts_of(hand.concealed), 5)
    waits = {
        r.wait for r in readings(hand, decomposition, Shape.SETS_AND_PAIR, on_anothers_tile=True)
    }
    assert waits == {Wait.PAIR, Wait.CLOSED}


def test_a_pung_completed_by_a_discard_is_not_concealed() -> None:
    hand = WinningHand(Seat.EAST, parse_tiles("123m456m789p678s55m2s2s2s"))
    (decomposition,) = sets_and_pair(counts_of(hand.concealed), 5)
    (reading,) = list(readings(hand, decomposition, Shape.SETS_AND_PAIR, on_anothers_tile=True))
    pung = next(s for s in reading.sets if s.kind.value == "pung")
    assert reading.wait is Wait.PUNG
    assert not pung.concealed


def _built_hand(rng: random.Random, sets: int) -> list[int]:
    counts = [0] * 34
    while True:
        counts = [0] * 34
        for _ in range(sets):
            if rng.random() < 0.5:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for k in range(3):
                    counts[start + k] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts


@pytest.mark.parametrize("sets", [4, 5])
def test_the_fast_completeness_test_agrees_with_the_full_decomposition(sets: int) -> None:
    rng = random.Random(sets)
    for _ in range(3000):
        counts = _built_hand(rng, sets)
        if rng.random() < 0.5:
            source = rng.choice([i for i, c in enumerate(counts) if c])
            target = rng.randrange(34)
            counts[source] -= 1
            counts[target] += 1
        assert is_sets_and_pair(counts, sets) == bool(sets_and_pair(counts, sets)), counts


def _every_reading(
    start: int, counts: list[int], acc: tuple[Group, ...], found: set[Reads]
) -> None:
    """Every reading of one block, tried group by group from its lowest tile held (the
    definition the tables are checked against): a pung, a pair (one at most) or a chow."""
    index = next((i for i, held in enumerate(counts) if held), None)
    if index is None:
        pairs = sum(group.kind is GroupKind.PAIR for group in acc)
        if pairs <= 1:
            found.add((tuple(sorted(acc)), pairs))
        return
    tile = Tile(start + index)
    for kind, taken in ((GroupKind.PUNG, 3), (GroupKind.PAIR, 2)):
        if counts[index] >= taken:
            counts[index] -= taken
            _every_reading(start, counts, (*acc, Group(tile, kind)), found)
            counts[index] += taken
    suit = start < int(Tile.EAST) and index + 2 < len(counts)
    if suit and counts[index + 1] and counts[index + 2]:
        for offset in range(3):
            counts[index + offset] -= 1
        _every_reading(start, counts, (*acc, Group(tile, GroupKind.CHOW)), found)
        for offset in range(3):
            counts[index + offset] += 1


Reads = tuple[tuple[Group, ...], int]


def test_a_blocks_readings_from_the_pattern_table_are_every_reading_of_its_tiles() -> None:
    rng = random.Random(29)
    blocks = [(start, [held]) for start in range(27, 34) for held in range(5)]
    for _ in range(5_000):
        blocks.append((27, [rng.choice((0, 0, 0, 1, 2, 3, 4)) for _ in range(7)]))
    for _ in range(20_000):
        counts = [0] * 9
        for _ in range(rng.randrange(1, 15)):
            counts[rng.randrange(9)] += 1
        if max(counts) <= 4:
            blocks.append((rng.choice((0, 9, 18)), counts))
    for start, counts in blocks:
        found: set[Reads] = set()
        _every_reading(start, list(counts), (), found)
        assert _block_readings(start, tuple(counts)) == tuple(sorted(found)), (start, counts)
