"""Shanten: how many tiles a riichi hand is from tenpai (-1 complete, 0 tenpai).

The least of the three shapes of ``riichi.tiles.hand-shape``: four sets and a pair
(8 - 2 x sets - partial sets - pair, at most four sets and partial sets together),
seven distinct pairs (6 - pairs, plus the kinds missing to reach seven), and the thirteen
orphans (13 - orphan kinds, less one with a pair among them). Each suit's possible
splits into sets, partial sets and a pair are worked out once per count pattern and
memoised, so a hand costs a few table look-ups. The tables grow with the suit patterns
met (a few thousand), never with the hands: a run of millions of hands keeps its memory.
"""

from __future__ import annotations

from functools import cache
from operator import itemgetter

from spec.tiles import TERMINALS_AND_HONOURS, Tile

Split = tuple[int, int, int]  # sets, partial sets (two tiles short of one), pairs kept as head
_ORPHANS = tuple(int(t) for t in TERMINALS_AND_HONOURS)


def shanten(counts: list[int] | tuple[int, ...], melds: int = 0) -> int:
    """The shanten of concealed tiles given as 34 counts (red fives as fives), beside
    ``melds`` declared melds."""
    counts = tuple(counts)
    front = _suit_splits(counts[0:9])
    if melds:
        front = _combined(_START[melds], front)
    front = _combined(front, _suit_splits(counts[9:18]))
    front = _combined(front, _suit_splits(counts[18:27]))
    best = _least(front, _honour_splits(counts[27:34]))
    if melds:
        return best
    kinds = 34 - counts.count(0)
    seven_pairs = 6 - (kinds - counts.count(1)) + (7 - kinds if kinds < 7 else 0)
    orphans: tuple[int, ...] = _ORPHAN_COUNTS(counts)
    orphan_kinds = 13 - orphans.count(0)
    orphan_pair = orphan_kinds > orphans.count(1)
    return min(best, seven_pairs, 13 - orphan_kinds - orphan_pair)


def clear_tables() -> None:
    """Forget the memoised suit tables (a benchmark measures a cold start with this)."""
    for table in (_suit_splits, _honour_splits, _search, _combined, _least):
        table.cache_clear()


def shanten_of(tiles: list[Tile] | tuple[Tile, ...], melds: int = 0) -> int:
    """The shanten of concealed tiles."""
    counts = [0] * 34
    for tile in tiles:
        counts[tile.normal] += 1
    return shanten(counts, melds)


_ORPHAN_COUNTS = itemgetter(*_ORPHANS)


_START = tuple(frozenset({(melds, 0, 0)}) for melds in range(5))


@cache
def _least(front: frozenset[Split], honours: frozenset[Split]) -> int:
    """The shanten of the best split, the honours' split added to the suits'."""
    return min(8 - 2 * s - partial - heads for s, partial, heads in _combined(front, honours))


@cache
def _combined(front: frozenset[Split], part: frozenset[Split]) -> frozenset[Split]:
    """Every way to add one part's split to the splits so far (at most four sets and
    partial sets in all, one head), keeping the best."""
    found = set()
    for sets, partial, heads in front:
        for more_sets, more_partial, more_heads in part:
            total_sets = sets + more_sets
            total_heads = heads + more_heads
            if total_sets > 4 or total_heads > 1:
                continue
            total_partial = min(partial + more_partial, 4 - total_sets)
            found.add((total_sets, total_partial, total_heads))
    return _pareto(found)


def _pareto(splits: set[Split]) -> frozenset[Split]:
    return frozenset(
        split
        for split in splits
        if not any(
            other != split and all(o >= s for o, s in zip(other, split, strict=True))
            for other in splits
        )
    )


@cache
def _suit_splits(counts: tuple[int, ...]) -> frozenset[Split]:
    """The best splits of one numbered suit (Pareto front of sets, partial sets and a head),
    with the hand's limits applied (no more than four sets and partial sets, one head)."""
    return _combined(_START[0], _pareto(set(_search(counts, True))))


@cache
def _honour_splits(counts: tuple[int, ...]) -> frozenset[Split]:
    """The best splits of the honours (no chows)."""
    return _pareto(set(_search(counts, False)))


@cache
def _search(counts: tuple[int, ...], chows: bool) -> frozenset[Split]:
    """Every split of ``counts`` (memoised on the suffix left after each step)."""
    index = 0
    while index < len(counts) and counts[index] == 0:
        index += 1
    if index == len(counts):
        return frozenset({(0, 0, 0)})
    rest = list(counts[index:])
    found: set[Split] = set()

    def take(used: tuple[int, ...], gained: Split) -> None:
        left = list(rest)
        for offset in used:
            left[offset] -= 1
        for sets, partial, heads in _search(tuple(left), chows):
            if heads + gained[2] <= 1:
                found.add((sets + gained[0], partial + gained[1], heads + gained[2]))

    take((0,), (0, 0, 0))
    if rest[0] >= 3:
        take((0, 0, 0), (1, 0, 0))
    if rest[0] >= 2:
        take((0, 0), (0, 1, 0))
        take((0, 0), (0, 0, 1))
    if chows and len(rest) > 2 and rest[1] and rest[2]:
        take((0, 1, 2), (1, 0, 0))
    if chows and len(rest) > 1 and rest[1]:
        take((0, 1), (0, 1, 0))
    if chows and len(rest) > 2 and rest[2]:
        take((0, 2), (0, 1, 0))
    return _pareto(found)
