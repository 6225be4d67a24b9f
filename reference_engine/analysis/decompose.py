"""Hand shapes: every way to read concealed tiles as sets and a pair, or as pairs and a pung.

Works on tile counts indexed by :class:`~spec.tiles.Tile` value
(red fives counted as plain fives). Rule ``tw.structure.five-sets-and-pair``
and ``tw.structure.seven-pairs-and-pung``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import cache

from reference_engine.analysis.cached import cached_fact
from spec.tiles import TILES, Tile

HONOUR_START = int(Tile.EAST)
TILE_KINDS = int(Tile.RED) + 1


class GroupKind(IntEnum):
    """A set read from concealed tiles (kongs only ever come declared, as melds).

    Ordered so that readings sort the same way everywhere."""

    CHOW = 0
    PUNG = 1
    PAIR = 2


@dataclass(frozen=True, order=True)
class Group:
    """A chow (keyed by its lowest tile), a pung or a pair of concealed tiles."""

    tile: Tile
    kind: GroupKind

    @cached_fact
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is GroupKind.CHOW:
            return (self.tile, TILES[self.tile + 1], TILES[self.tile + 2])
        return (self.tile,) * (3 if self.kind is GroupKind.PUNG else 2)

    def notation(self) -> str:
        """``123m``, ``555z`` or ``55p``."""
        digits = "".join(str(t.number) for t in self.tiles)
        return f"{digits}{self.tile.suit.value}"


Decomposition = tuple[Group, ...]


def counts_of(tiles: tuple[Tile, ...]) -> list[int]:
    """Counts per tile kind (34 entries; red fives count as fives); flowers are not counted."""
    counts = [0] * TILE_KINDS
    for tile in tiles:
        plain = tile.normal
        if plain < TILE_KINDS:
            counts[plain] += 1
    return counts


def sets_and_pair(counts: list[int], sets: int) -> list[Decomposition]:
    """Every reading of ``counts`` as ``sets`` chows/pungs plus one pair (sorted, no repeats).

    Each numbered suit's and the honours' readings are worked out once per count pattern
    (:func:`_block_readings`) and combined, one pair in all; the readings of the whole hand
    are the combinations, each already in order (the blocks follow each other)."""
    if sum(counts) != 3 * sets + 2:
        return []
    combined: list[tuple[Decomposition, int]] = [((), 0)]
    for start, end in _BLOCKS:
        held = tuple(counts[start:end])
        if not any(held):
            continue  # an empty block reads one way: nothing
        block = _block_readings(start, held)
        if not block:
            return []
        combined = [
            (groups + more, pairs + extra)
            for groups, pairs in combined
            for more, extra in block
            if pairs + extra <= 1
        ]
    return sorted(groups for groups, pairs in combined if pairs == 1)


_BLOCKS = (
    *((start, start + 9) for start in range(0, HONOUR_START, 9)),
    (HONOUR_START, TILE_KINDS),
)  # the numbered suits and the honours, each read on its own


@cache
def _block_readings(start: int, counts: tuple[int, ...]) -> tuple[tuple[Decomposition, int], ...]:
    """Every reading of one block (a numbered suit from ``start``, or honours) as sets
    and at most one pair, in order, with its number of pairs (chows in a suit only):
    the readings of its count pattern (:func:`_pattern_readings`, the same in every suit)
    with the block's tiles."""
    groups = _GROUPS[start : start + len(counts)]
    return tuple(
        (tuple(groups[rank][kind] for rank, kind in places), pairs)
        for places, pairs in _pattern_readings(counts, start < HONOUR_START)
    )


Places = tuple[tuple[int, GroupKind], ...]  # groups of a block: each by rank in it, and kind
_TAKEN = {GroupKind.PUNG: (3,), GroupKind.PAIR: (2,), GroupKind.CHOW: (1, 1, 1)}


@cache
def _pattern_readings(counts: tuple[int, ...], chows: bool) -> tuple[tuple[Places, int], ...]:
    """Every reading of a block's counts as sets and at most one pair, each group by its
    rank in the block and its kind, in group order, with the number of pairs: the lowest
    rank held begins a pung, a pair or (``chows``) a chow, and the rest is read the same
    way (once per count pattern: a new pattern mostly ends in patterns met before)."""
    rank = next((r for r, held in enumerate(counts) if held), None)
    if rank is None:
        return (((), 0),)
    found: set[tuple[Places, int]] = set()
    for kind, taken in _TAKEN.items():
        if kind is GroupKind.CHOW and not chows:
            continue
        end = rank + len(taken)
        if end > len(counts) or any(h < t for h, t in zip(counts[rank:end], taken, strict=True)):
            continue
        rest = (*counts[:rank], *(h - t for h, t in zip(counts[rank:end], taken, strict=True)))
        pair = kind is GroupKind.PAIR
        for places, pairs in _pattern_readings((*rest, *counts[end:]), chows):
            if not (pair and pairs):
                found.add((tuple(sorted(((rank, kind), *places))), pairs + pair))
    return tuple(sorted(found))


_GROUPS = tuple({kind: Group(tile, kind) for kind in GroupKind} for tile in TILES[:TILE_KINDS])
# one shared group of each tile and kind (groups are immutable)
# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): read once here for every seven-pairs
# reading.
_PAIR, _PUNG = GroupKind.PAIR, GroupKind.PUNG


def pairs_and_pung(counts: list[int], pairs: int, pungs: int) -> list[Decomposition]:
    """Readings as ``pairs`` pairs plus ``pungs`` pungs (four of a kind may be two pairs)."""
    if sum(counts) != 2 * pairs + 3 * pungs:
        return []
    if not pungs and (1 in counts or 3 in counts):
        return []  # with pairs only, a kind held once or three times reads no way
    found: set[Decomposition] = set()
    _pairs_and_pungs(list(counts), 0, pairs, pungs, (), found)
    return sorted(found)


def _pairs_and_pungs(
    counts: list[int],
    index: int,
    pairs: int,
    pungs: int,
    acc: tuple[Group, ...],
    found: set[Decomposition],
) -> None:
    while index < TILE_KINDS and counts[index] == 0:
        index += 1
    if index == TILE_KINDS:
        if pairs == 0 and pungs == 0:
            found.add(tuple(sorted(acc)))
        return
    tile, count = TILES[index], counts[index]
    options = {2: [(1, 0)], 3: [(0, 1)], 4: [(2, 0)]}.get(count, [])
    for use_pairs, use_pungs in options:
        if use_pairs <= pairs and use_pungs <= pungs:
            counts[index] = 0
            groups = (Group(tile, _PAIR),) * use_pairs + (Group(tile, _PUNG),) * use_pungs
            _pairs_and_pungs(
                counts, index + 1, pairs - use_pairs, pungs - use_pungs, acc + groups, found
            )
            counts[index] = count


@cache
def suit_shapes(counts: tuple[int, ...], chows: bool) -> frozenset[tuple[int, int]]:
    """Every (sets, pairs) split of one suit's counts into pungs/chows plus at most one pair."""
    index = next((i for i, c in enumerate(counts) if c), None)
    if index is None:
        return frozenset({(0, 0)})
    found: set[tuple[int, int]] = set()
    work = list(counts)
    if work[index] >= 3:
        work[index] -= 3
        found |= {(s + 1, p) for s, p in suit_shapes(tuple(work), chows)}
        work[index] += 3
    if work[index] >= 2:
        work[index] -= 2
        found |= {(s, p + 1) for s, p in suit_shapes(tuple(work), chows) if p == 0}
        work[index] += 2
    if chows and index + 2 < len(work) and work[index + 1] and work[index + 2]:
        for offset in range(3):
            work[index + offset] -= 1
        found |= {(s + 1, p) for s, p in suit_shapes(tuple(work), chows)}
    return frozenset(found)


def is_sets_and_pair(counts: list[int], sets: int) -> bool:
    """Fast test that ``counts`` read as ``sets`` sets and one pair (no readings listed).

    Each suit's possible splits are memoised, so a completeness test costs a few
    table look-ups; :func:`sets_and_pair` remains the one that lists readings.
    """
    if sum(counts) != 3 * sets + 2:
        return False
    combos = {(0, 0)}
    for start, chows in ((0, True), (9, True), (18, True)):
        shapes = suit_shapes(tuple(counts[start : start + 9]), chows)
        combos = {(s + a, p + b) for s, p in combos for a, b in shapes if p + b <= 1}
        if not combos:
            return False
    for honour in counts[HONOUR_START:]:
        if honour not in (0, 2, 3):
            return False
        combos = {
            (s + (honour == 3), p + (honour == 2)) for s, p in combos if p + (honour == 2) <= 1
        }
    return (sets, 1) in combos
