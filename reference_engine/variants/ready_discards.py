"""The discards that leave a counted hand ready, for the families that declare a ready hand
with a discard (tw.play.original-ready, cc.play.original-call): candidates found in one
pass over the counted hand (:meth:`~reference_engine.analysis.counted.CountedHand.ready_discards`
for sets and a pair, and the family's own for its other shapes), each confirmed by the
family's waits of the hand less that tile. The readable definition stays "a discard after
which the family's ``is_ready`` holds"; the tests hold these to it on many random hands."""

from __future__ import annotations

from collections.abc import Callable

from reference_engine.analysis.counted import CountedHand
from spec.melds import Meld
from spec.tiles import Tile


def held_mask(counted: CountedHand) -> int:
    """Every kind held (a 34-bit mask)."""
    return sum(1 << kind for kind, held in enumerate(counted.counts) if held)


def confirmed_discards(
    counted: CountedHand, candidates: int, wait_mask: Callable[[CountedHand], int]
) -> int:
    """The kinds of ``candidates`` (a mask of kinds held) whose discard leaves ``counted``
    with a wait (``wait_mask`` of the hand less that tile, as a mask); the hand is left as
    it was."""
    ready = 0
    kind = 0
    while candidates >> kind:
        if candidates >> kind & 1:
            counted.adjust(kind, -1)
            if wait_mask(counted):
                ready |= 1 << kind
            counted.adjust(kind, 1)
        kind += 1
    return ready


class LastHandReady:
    """The ready discards (:func:`confirmed_discards`, by ``find``) of the last hand asked,
    kept while the same hand is asked again: a legal list asks about each distinct tile of
    a hand in turn. A hand is its tiles and melds, the very tuples the state holds (an
    immutable value, so the same object is the same hand)."""

    def __init__(self, find: Callable[[CountedHand, tuple[Meld, ...]], int]) -> None:
        self._find = find
        self._hand: object = None
        self._melds: object = None
        self._ready = 0

    def ready(
        self, hand: tuple[Tile, ...], melds: tuple[Meld, ...], counted: CountedHand, tile: Tile
    ) -> bool:
        """Does discarding ``tile`` leave the hand (``hand`` and ``melds``, counted as
        ``counted``) ready?"""
        if hand is not self._hand or melds is not self._melds:
            self._ready = self._find(counted, melds)
            self._hand, self._melds = hand, melds
        return bool(self._ready >> tile.normal & 1)
