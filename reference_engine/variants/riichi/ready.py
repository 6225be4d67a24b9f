"""A riichi hand's shape facts answered from the counts the game keeps
(:class:`~reference_engine.analysis.counted.CountedHand`): the waits of a hand one tile short
and the discards that leave a hand ready (riichi.tiles.hand-shape, riichi.play.riichi).

The readable definitions stay :meth:`RiichiPlay.waits` and "a discard after which
:meth:`RiichiPlay.is_ready` holds"; these are the same answers found from the suit keys
(sets and a pair) and from the counts (seven pairs, thirteen orphans), and the tests hold
them to the readable ones on random hands and along random play.
"""

from __future__ import annotations

from operator import itemgetter

from reference_engine.analysis.counted import CountedHand, kinds_of
from reference_engine.variants.riichi.shapes import seven_pairs_waits, thirteen_orphans_waits
from spec.tiles import TERMINALS_AND_HONOURS, Tile

_ORPHANS = itemgetter(*(int(t) for t in TERMINALS_AND_HONOURS))  # their counts, at once


class CountedShapes:
    """The waits and ready discards of counted riichi hands, for a tile set holding
    ``kinds`` (three-player sets have no 2m-8m); the tile sets of each wait mask kept."""

    def __init__(self, kinds: frozenset[int]) -> None:
        self.kinds = kinds
        self._waits_of_mask: dict[int, frozenset[Tile]] = {}

    def waits(self, counted: CountedHand, melded: bool) -> frozenset[Tile]:
        """The kinds that complete a hand one tile short (``melded``: it has melds, so
        seven pairs and the thirteen orphans are out): sets and a pair by the suit keys,
        the other two shapes by their readable tests on the counts."""
        mask = counted.wait_mask()
        if not melded:
            counts = counted.counts
            if counts.count(2) == 6:  # seven pairs waits on six pairs and a single
                mask |= sum(1 << kind for kind in seven_pairs_waits(counts))
            if sum(_ORPHANS(counts)) == 13:  # the terminals and honours held
                mask |= sum(1 << kind for kind in thirteen_orphans_waits(counts))
        found = self._waits_of_mask.get(mask)
        if found is None:
            found = frozenset(t for t in kinds_of(mask) if t in self.kinds)
            self._waits_of_mask[mask] = found
        return found

    def ready_discards(self, counted: CountedHand, melded: bool) -> list[int]:
        """The kinds whose discard leaves the hand (one tile over) ready: the candidates
        found in one pass over its blocks (sets and a pair; every kind held where seven
        pairs or the thirteen orphans are near), each confirmed by :meth:`waits` of the hand
        less that tile."""
        candidates = counted.ready_discards()
        if not melded and _near_pairs_or_orphans(counted.counts):
            candidates |= sum(1 << kind for kind, held in enumerate(counted.counts) if held)
        ready = []
        for kind in kinds_of(candidates):
            counted.adjust(kind, -1)
            if self.waits(counted, melded):
                ready.append(int(kind))
            counted.adjust(kind, 1)
        return ready


def _orphans_held(counts: list[int]) -> int:
    """How many terminals and honours are held."""
    return sum(_ORPHANS(counts))


def _near_pairs_or_orphans(counts: list[int]) -> bool:
    """Could one discard leave seven pairs or the thirteen orphans one tile short? Six kinds
    held twice or more, or thirteen terminals and honours."""
    pairs = len(counts) - counts.count(0) - counts.count(1)
    return pairs >= 6 or _orphans_held(counts) >= 13
