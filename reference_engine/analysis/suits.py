"""Suit keys and their facts: one numbered suit's counts as one int, its facts by look-up.

A numbered suit's nine counts (0-4 each) are one int key, rank ``r`` (0 for the one, 8 for
the nine) being the base-5 digit of weight ``5 ** r``: a tile added or removed changes the
key by one weight, so a hand keeps its keys up to date for the cost of an addition. The
facts of a key (:class:`SuitFacts`: complete, complete with a pair, the ranks whose addition
completes it, the ranks it can claim) are worked out the first time the key is asked about
and kept: the table holds only keys that hands reach (a few thousand), never all 5 ** 9.

Completeness is the per-suit definition of :func:`~reference_engine.analysis.waits.suit_facts`
(sets and a pair, ``riichi.tiles.hand-shape``, ``tw.structure.five-sets-and-pair``), worked out
here cheaply, and held to it by the tests on every key of up to fourteen tiles: whether a suit
reads as sets (and a pair) is kept per key and follows from smaller keys (its lowest rank held
starts a pung, a chow or the pair: the key less that set is looked up), so a new key's facts
cost a few look-ups, its one-tile additions too. Each rank set is a 9-bit mask (bit ``r`` for
rank ``r``).
An honour kind is a block of its own whose facts follow from its count
(:data:`HONOUR_FACTS`): complete held 0 or 3 times, complete with the pair held twice, made
the pair by a second copy or a pung by a third; four copies complete nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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


ALL_RANKS = (1 << RANKS) - 1  # the mask of every rank


def _chow_claims(held: int) -> int:
    """riichi.claims.chi-previous-only, tw.claims.chow-previous-only: a discarded rank
    makes a chow with two held tiles of the run around it (above, astride or below);
    ``held`` is the mask of the ranks held, bit ``r`` of a shifted mask the rank ``r``
    away from it."""
    above = (held >> 1) & (held >> 2)
    astride = (held << 1) & (held >> 1)
    below = (held << 1) & (held << 2)
    return (above | astride | below) & ALL_RANKS


# A wide key: the nine counts as three bits a rank (rank ``r`` the bits from ``3 * r``), so
# that a fifth copy, which the readable definition reads, fits beside the four of a key.
WIDE_BITS = 3
WIDE_CHOW = 0b001_001_001  # one tile of three ranks in a row, from the lowest rank's bits


def _lowest(wide: int) -> tuple[int, int, int]:
    """The lowest rank held of a wide key as (its shift, its count, the chow that starts
    there as a wide key: 0 when the two ranks above it are not both held)."""
    shift = (wide & -wide).bit_length() - 1
    shift -= shift % WIDE_BITS
    above = wide >> shift
    chow = WIDE_CHOW << shift if above >> WIDE_BITS & 7 and above >> 2 * WIDE_BITS & 7 else 0
    return shift, above & 7, chow


def _reads_as_sets(wide: int) -> bool:
    """riichi.tiles.hand-shape, tw.structure.five-sets-and-pair: the tiles read as sets
    only when the lowest rank held starts a pung or a chow and the rest reads so."""
    shift, count, chow = _lowest(wide)
    return (count >= 3 and SETS[wide - (3 << shift)]) or (chow != 0 and SETS[wide - chow])


def _reads_as_sets_and_pair(wide: int) -> bool:
    """riichi.tiles.hand-shape, tw.structure.five-sets-and-pair: the tiles read as sets and
    one pair when the lowest rank held makes the pair with sets after it, or starts a pung
    or a chow with sets and the pair after it."""
    shift, count, chow = _lowest(wide)
    return (
        (count >= 2 and SETS[wide - (2 << shift)])
        or (count >= 3 and PAIRED[wide - (3 << shift)])
        or (chow != 0 and PAIRED[wide - chow])
    )


class _Readings(dict[int, bool]):
    """Whether each wide key asked about so far reads so, a new key's answer worked out
    from the smaller keys left by taking off its lowest rank's set."""

    def __init__(self, empty: bool, reads: Callable[[int], bool]) -> None:
        super().__init__({0: empty})
        self._reads = reads

    def __missing__(self, wide: int) -> bool:
        found = self[wide] = self._reads(wide)
        return found


SETS = _Readings(True, _reads_as_sets)  # ``SETS[wide]``: the tiles read as sets only
PAIRED = _Readings(False, _reads_as_sets_and_pair)  # ``PAIRED[wide]``: as sets and a pair


def _added(wide: int, ranks: int, readings: _Readings) -> int:
    """The ranks of mask ``ranks`` whose one added tile makes ``wide`` read so."""
    found = 0
    for rank in range(RANKS):
        if ranks >> rank & 1 and readings[wide + (1 << WIDE_BITS * rank)]:
            found |= 1 << rank
    return found


def _facts(key: int) -> SuitFacts:
    """The facts of a key, from its counts read once: completeness from the wide key's
    readings, a tile added only beside the ranks held (a lone tile completes nothing), and
    only where the size allows (sets are three tiles, the pair two)."""
    wide = held = size = 0
    discards = []
    rest = key
    for rank in range(RANKS):
        rest, count = divmod(rest, 5)
        if count:
            wide |= count << WIDE_BITS * rank
            held |= 1 << rank
            size += count
            discards.append((rank, key - WEIGHTS[rank]))
    near = (held | held << 1 | held << 2 | held >> 1 | held >> 2) & ALL_RANKS
    return SuitFacts(
        complete=size % 3 == 0 and SETS[wide],
        with_pair=size % 3 == 2 and PAIRED[wide],
        to_complete=_added(wide, near, SETS) if size % 3 == 2 else 0,
        to_pair=_added(wide, near, PAIRED) if size % 3 == 1 else 0,
        chow_claims=_chow_claims(held),
        discards=tuple(discards),
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
