"""Suit keys and their facts: one numbered suit's counts as one int, its facts by look-up.

A numbered suit's nine counts (0-4 each) are one int key, rank ``r`` (0 for the one, 8 for
the nine) being the base-5 digit of weight ``5 ** r``: a tile added or removed changes the
key by one weight, so a hand keeps its keys up to date for the cost of an addition. The
facts of a key (:class:`SuitFacts`: complete, complete with a pair, the ranks whose addition
completes it, the ranks it can claim) are worked out the first time the key is asked about
and kept: the table holds only keys that hands reach (a few thousand), never all 5 ** 9.

Completeness is the per-suit definition of :func:`~reference_engine.analysis.waits.suit_facts`
(sets and a pair, ``riichi.tiles.hand-shape``, ``tw.structure.five-sets-and-pair``); this
module adds the int keys and writes each rank set as a 9-bit mask (bit ``r`` for rank ``r``).
An honour kind is a block of its own whose facts follow from its count
(:data:`HONOUR_FACTS`): complete held 0 or 3 times, complete with the pair held twice, made
the pair by a second copy or a pung by a third; four copies complete nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from reference_engine.analysis.waits import suit_facts

RANKS = 9
WEIGHTS = tuple(5**rank for rank in range(RANKS))  # what one tile of each rank adds to a key


@dataclass(frozen=True, slots=True)
class SuitFacts:
    """The facts of one suit key. Rank sets are 9-bit masks (bit ``r`` for rank ``r``).

    ``complete``: the tiles read as sets only; ``with_pair``: as sets and one pair;
    ``to_complete`` / ``to_pair``: the ranks whose addition makes the suit so (a rank held
    four times is included when five copies would read so, as the readable definition
    says); ``chow_claims``: the ranks a discard of which makes a chow with two held tiles
    (a pung or kong is read from the count itself); ``discards``: for each rank held, the
    rank and the key left when one is discarded."""

    complete: bool
    with_pair: bool
    to_complete: int
    to_pair: int
    chow_claims: int
    discards: tuple[tuple[int, int], ...]


HONOUR_FACTS = tuple(
    SuitFacts(
        complete=held in (0, 3),
        with_pair=held == 2,
        to_complete=int(held == 2),
        to_pair=int(held == 1),
        chow_claims=0,
        discards=((0, held - 1),) if held else (),
    )
    for held in range(5)
)  # an honour kind's facts by its count (its key), rank 0 standing for the kind itself


def key_of(counts: list[int] | tuple[int, ...]) -> int:
    """The key of one suit's nine counts (each 0-4)."""
    key = 0
    for rank in reversed(range(RANKS)):
        key = key * 5 + counts[rank]
    return key


def counts_of_key(key: int) -> tuple[int, ...]:
    """The nine counts a key stands for."""
    counts = []
    for _ in range(RANKS):
        key, count = divmod(key, 5)
        counts.append(count)
    return tuple(counts)


def _mask(ranks: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for rank in ranks:
        mask |= 1 << rank
    return mask


def _chow_claims(counts: tuple[int, ...]) -> int:
    """riichi.claims.chi-previous-only, tw.claims.chow-previous-only: a discarded rank
    makes a chow with two held tiles of the run around it (below, astride or above)."""
    held = [count > 0 for count in counts] + [False, False]
    return _mask(
        [
            rank
            for rank in range(RANKS)
            if (rank >= 2 and held[rank - 2] and held[rank - 1])
            or (rank >= 1 and held[rank - 1] and held[rank + 1])
            or (held[rank + 1] and held[rank + 2])
        ]
    )


def _facts(key: int) -> SuitFacts:
    counts = counts_of_key(key)
    block = suit_facts(counts)
    return SuitFacts(
        complete=block.sets_only,
        with_pair=block.with_pair,
        to_complete=_mask(block.adds_to_sets),
        to_pair=_mask(block.adds_to_pair),
        chow_claims=_chow_claims(counts),
        discards=tuple((rank, key - WEIGHTS[rank]) for rank in range(RANKS) if counts[rank]),
    )


class _Table(dict[int, SuitFacts]):
    """The facts of the keys asked about so far; a new key's are worked out when asked."""

    def __missing__(self, key: int) -> SuitFacts:
        found = self[key] = _facts(key)
        return found


TABLE = _Table()  # ``TABLE[key]``: the facts of a key, worked out on the first question


def facts(key: int) -> SuitFacts:
    """The facts of a suit key, worked out on the first question and kept."""
    return TABLE[key]
