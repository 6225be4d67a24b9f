"""Waits: the tile kinds that complete concealed tiles one short of a hand, as sets and a pair.

Works block by block, a block being a numbered suit or one honour kind. A complete hand
has every block complete, exactly one of them holding the pair. One added tile changes a
single block, so the waits of a hand follow from each block's own facts, worked out once
per count pattern and memoised: whether the block is complete (with or without the pair)
and which added ranks would make it so. A hand then costs a few table look-ups instead of
a completeness test per candidate tile (``tw.structure.five-sets-and-pair``,
``riichi.tiles.hand-shape``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reference_engine.analysis.decompose import HONOUR_START, suit_shapes

SUIT_STARTS = (0, 9, 18)


@dataclass(frozen=True)
class BlockFacts:
    """One block's count pattern: complete without the pair, complete holding it, and the
    ranks whose addition completes it without (``adds_to_sets``) or with the pair
    (``adds_to_pair``)."""

    sets_only: bool
    with_pair: bool
    adds_to_sets: tuple[int, ...]
    adds_to_pair: tuple[int, ...]


def _complete(counts: tuple[int, ...]) -> tuple[bool, bool]:
    """(complete as sets only, complete as sets and one pair) for one suit's counts."""
    total = sum(counts)
    shapes = suit_shapes(counts, True)
    return (
        total % 3 == 0 and (total // 3, 0) in shapes,
        total % 3 == 2 and ((total - 2) // 3, 1) in shapes,
    )


@cache
def suit_facts(counts: tuple[int, ...]) -> BlockFacts:
    """The facts of one numbered suit's nine counts."""
    sets_only, with_pair = _complete(counts)
    to_sets: list[int] = []
    to_pair: list[int] = []
    work = list(counts)
    for rank in range(len(counts)):
        work[rank] += 1
        now_sets, now_pair = _complete(tuple(work))
        work[rank] -= 1
        if now_sets:
            to_sets.append(rank)
        if now_pair:
            to_pair.append(rank)
    return BlockFacts(sets_only, with_pair, tuple(to_sets), tuple(to_pair))


_HONOUR_FACTS = (
    BlockFacts(True, False, (), ()),  # none held
    BlockFacts(False, False, (), (0,)),  # a single waits for its pair
    BlockFacts(False, True, (0,), ()),  # a pair, or a pair waiting to become a pung
    BlockFacts(True, False, (), ()),  # a pung
    BlockFacts(False, False, (), ()),  # four concealed copies complete nothing
)


def sets_and_pair_waits(counts: list[int] | tuple[int, ...]) -> list[int]:
    """The tile kinds (indices of the 34 counts) that complete ``counts`` as sets and one
    pair; empty unless the counts are one tile short of such a hand (3n+1 tiles)."""
    short: tuple[int, BlockFacts] | None = None
    pairs: list[tuple[int, BlockFacts]] = []
    for start in SUIT_STARTS:
        facts = suit_facts(tuple(counts[start : start + 9]))
        if facts.with_pair:
            pairs.append((start, facts))
        elif not facts.sets_only:
            if short is not None:
                return []
            short = (start, facts)
    for kind in range(HONOUR_START, HONOUR_START + 7):
        held = counts[kind]
        if held == 2:
            pairs.append((kind, _HONOUR_FACTS[2]))
        elif held not in (0, 3):
            if short is not None:
                return []
            short = (kind, _HONOUR_FACTS[min(held, 4)])
    if short is not None:
        start, facts = short
        if not pairs:
            return [start + rank for rank in facts.adds_to_pair]
        if len(pairs) == 1:
            return [start + rank for rank in facts.adds_to_sets]
        return []
    if len(pairs) == 2:
        return [start + rank for start, facts in pairs for rank in facts.adds_to_sets]
    return []


def pairs_and_pungs_waits(counts: list[int] | tuple[int, ...], pungs: int) -> list[int]:
    """The tile kinds that complete ``counts`` as pairs and ``pungs`` pungs (four of a kind
    read as two pairs): after the tile, no kind held once or five times and exactly
    ``pungs`` kinds held three times (``tw.structure.seven-pairs-and-pung``)."""
    singles = threes = 0
    for held in counts:
        if held == 1:
            singles += 1
        elif held == 3:
            threes += 1
        elif held > 4:
            return []
    found = []
    for kind, held in enumerate(counts):
        if held in (1, 2, 3):
            after_singles = singles - (held == 1)
            after_threes = threes - (held == 3) + (held == 2)
            if after_singles == 0 and after_threes == pungs:
                found.append(kind)
    return found
