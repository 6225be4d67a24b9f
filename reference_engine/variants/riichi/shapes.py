"""Readings of a complete riichi hand: four sets and a pair, seven distinct pairs, or
thirteen orphans (rule ``riichi.tiles.hand-shape``)."""

from __future__ import annotations

from collections.abc import Iterator

from reference_engine.analysis.decompose import counts_of, pairs_and_pung, sets_and_pair
from reference_engine.analysis.reading import (
    HandSet,
    Reading,
    SetKind,
    Shape,
    Wait,
    hand_tiles,
    meld_set,
    readings,
)
from reference_engine.hand import WinningHand
from spec.tiles import TERMINALS_AND_HONOURS, TILES, Tile


def seven_pairs_waits(counts: list[int] | tuple[int, ...]) -> list[int]:
    """The kind completing seven distinct pairs: six pairs and a single, nothing else held."""
    singles = [kind for kind, held in enumerate(counts) if held == 1]
    pairs = sum(1 for held in counts if held == 2)
    if pairs == 6 and len(singles) == 1 and sum(counts) == 13:
        return singles
    return []


def thirteen_orphans_waits(counts: list[int] | tuple[int, ...]) -> list[int]:
    """The kinds completing the thirteen orphans: all thirteen held once (any of them), or
    twelve held with one doubled (the missing one)."""
    held = [counts[t] for t in TERMINALS_AND_HONOURS]
    if sum(held) != 13 or sum(counts) != 13 or max(held) > 2:
        return []
    missing = [int(t) for t, count in zip(TERMINALS_AND_HONOURS, held, strict=True) if not count]
    if not missing:
        return [int(t) for t in TERMINALS_AND_HONOURS]
    return missing if len(missing) == 1 else []


def riichi_readings(hand: WinningHand, *, on_anothers_tile: bool) -> Iterator[Reading]:
    """Every reading of a complete hand (none when the tiles do not form a win)."""
    counts = counts_of(hand.concealed)
    declared = tuple(meld_set(meld) for meld in hand.melds)
    tiles = hand_tiles(hand)
    for decomposition in sets_and_pair(counts, 4 - len(hand.melds)):
        yield from readings(
            hand,
            decomposition,
            Shape.SETS_AND_PAIR,
            on_anothers_tile=on_anothers_tile,
            declared=declared,
            tiles=tiles,
        )
    if hand.melds:
        return
    for decomposition in pairs_and_pung(counts, 7, 0):
        if len(set(decomposition)) == 7:
            yield from readings(
                hand,
                decomposition,
                Shape.SEVEN_PAIRS,
                on_anothers_tile=on_anothers_tile,
                declared=declared,
                tiles=tiles,
            )
    orphans = _thirteen_orphans(hand, counts)
    if orphans is not None:
        yield orphans


def _thirteen_orphans(hand: WinningHand, counts: list[int]) -> Reading | None:
    if sum(counts) != 14 or any(counts[t] == 0 for t in TERMINALS_AND_HONOURS):
        return None
    if sum(counts[t] for t in TERMINALS_AND_HONOURS) != 14:
        return None
    pair_tile = next(t for t in TERMINALS_AND_HONOURS if counts[t] == 2)
    winning = hand.winning_tile.normal
    pair = HandSet(SetKind.PAIR, pair_tile, open=False, concealed=True)
    wait = Wait.PAIR if winning is pair_tile else Wait.TWO_SIDED
    return Reading(Shape.THIRTEEN_ORPHANS, (), (pair,), wait, hand.concealed)


def group_tiles(item: HandSet) -> tuple[Tile, ...]:
    """The tiles of a set of a reading (a kong as four)."""
    kind = item.kind
    if kind is _CHOW:
        return (item.tile, TILES[item.tile + 1], TILES[item.tile + 2])
    return (item.tile,) * _SIZES[kind]


_SIZES = {SetKind.PUNG: 3, SetKind.KONG: 4, SetKind.PAIR: 2}  # the tiles of a set of one kind
# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): read once here for every scored set.
_CHOW = SetKind.CHOW
