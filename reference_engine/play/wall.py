"""Building the wall: explicitly (dealt hands, draws, replacements) or from a seed.

The seeded wall shuffles the canonical 144-tile list with Fisher-Yates driven
by SplitMix64, so that an engine in any language can reproduce it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from spec.errors import RuleError
from spec.seats import Seat
from spec.tiles import Tile

MASK64 = (1 << 64) - 1
_TWO_TO_64 = 1 << 64


def splitmix64(seed: int) -> Iterator[int]:
    """The outputs of the SplitMix64 generator (Steele, Lea and Flood) seeded with ``seed``,
    as specified in the docs (a generator: its state kept in a local, not an attribute)."""
    state = seed & MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def shuffled(tiles: Sequence[Tile], seed: int) -> tuple[Tile, ...]:
    """Fisher-Yates from the last position down, swapping item ``i`` with item
    ``j = next() mod (i + 1)``: a uniform draw from :func:`splitmix64` by rejection
    sampling (an output at or above the largest multiple of ``i + 1`` that fits in 64 bits
    is drawn again)."""
    items = list(tiles)
    outputs = splitmix64(seed)
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        limit = _TWO_TO_64 - _TWO_TO_64 % bound
        value = next(outputs)
        while value >= limit:
            value = next(outputs)
        j = value % bound
        items[i], items[j] = items[j], items[i]
    return tuple(items)


@dataclass(frozen=True)
class WallLayout:
    """The tiles a play fixture places: each seat's dealt hand, the front draws in order, the
    replacement draws from the back, and the tail (riichi's dora and ura-dora indicators)."""

    hands: Mapping[Seat, tuple[Tile, ...]]
    draws: tuple[Tile, ...]
    replacements: tuple[Tile, ...]
    tail: Sequence[tuple[Tile, ...]] = ()


def explicit_wall(
    full: Sequence[Tile],
    layout: WallLayout,
    deal_order: Sequence[Seat],
    hand_size: int,
    *,
    slot: int = 0,
) -> tuple[Tile, ...]:
    """The wall in drawing order: dealt hands, front draws, the rest in tile order, then the
    replacement tiles in reverse (the back of the wall is drawn from its end), then the tail:
    each of its parts (riichi's dora and ura-dora indicators) filled up to ``slot`` tiles with
    the last tiles of the rest in tile order."""
    hands, draws, replacements, tail = (
        layout.hands,
        layout.draws,
        layout.replacements,
        layout.tail,
    )
    for seat in deal_order:
        if len(hands.get(seat, ())) != hand_size:
            count = len(hands.get(seat, ()))
            raise RuleError(
                "tile-count",
                f"{seat.value} is dealt {count} tiles, not {hand_size}",
                path=("wall", "hands", seat.value),
            )
    used = Counter(t for seat in deal_order for t in hands[seat])
    used.update(draws)
    used.update(replacements)
    for part in tail:
        used.update(part)
        if len(part) > slot:
            raise RuleError(
                "tile-count", f"at most {slot} indicators of each kind", path=("wall", "dead_wall")
            )
    available = Counter(full)
    for tile, count in used.items():
        if not available[tile]:
            raise RuleError(
                "invalid-tile", f"{tile.mpsz} is not in this variant's tile set", path=("wall",)
            )
        if count > available[tile]:
            raise RuleError(
                "too-many-copies",
                f"the wall uses {count} of {tile.mpsz}; the set has {available[tile]}",
                path=("wall",),
            )
    rest = available - used
    middle: list[Tile] = []
    for tile in full:
        if rest[tile] > 0:
            middle.append(tile)
            rest[tile] -= 1
    filled: list[Tile] = []
    for part in tail:
        missing = slot - len(part)
        filled += [*part, *middle[len(middle) - missing :]]
        del middle[len(middle) - missing :]
    dealt = [t for seat in deal_order for t in hands[seat]]
    return (*dealt, *draws, *middle, *reversed(replacements), *filled)
