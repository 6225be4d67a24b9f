"""The shapes of a Sichuan hand: its readings as four sets and a pair or as seven pairs,
what completes it, and its roots.

Rules ``sc.tiles.four-sets-and-a-pair`` (runs drawn concealed, declared pungs and kongs
count), ``sc.tiles.seven-pairs`` (four identical tiles are two pairs, no meld) and
``sc.fan.root`` (four copies of a kind, a declared kong counted as the table chooses).
"""

from __future__ import annotations

from collections.abc import Iterator

from reference_engine.analysis.decompose import (
    counts_of,
    is_sets_and_pair,
    pairs_and_pung,
    sets_and_pair,
)
from reference_engine.analysis.reading import Reading, Shape, readings
from reference_engine.analysis.waits import pairs_and_pungs_waits, sets_and_pair_waits
from reference_engine.hand import WinningHand
from spec.melds import Meld, MeldKind
from spec.tiles import Suit, Tile

SUIT_KINDS = 27  # 1m..9s: no honours in the set


def is_complete(concealed: tuple[Tile, ...], melds: tuple[Meld, ...], sets: int) -> bool:
    """Four sets and a pair, or (no meld) seven pairs."""
    counts = counts_of(concealed)
    if is_sets_and_pair(counts, sets - len(melds)):
        return True
    return not melds and len(concealed) == 14 and all(c % 2 == 0 for c in counts)


def waits(concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> frozenset[Tile]:
    """The kinds that complete a hand one tile short (a fifth copy never does)."""
    counts = counts_of((*concealed, *(t for m in melds for t in m.tiles)))
    hand = counts_of(concealed)
    kinds = set(sets_and_pair_waits(hand))
    if not melds:
        kinds |= set(pairs_and_pungs_waits(hand, 0))
    return frozenset(Tile(k) for k in kinds if k < SUIT_KINDS and counts[k] < 4)


def win_readings(hand: WinningHand, on_anothers_tile: bool, sets: int) -> Iterator[Reading]:
    """Every reading of a winning hand, one per set the winning tile can complete."""
    counts = counts_of(hand.concealed)
    for decomposition in sets_and_pair(counts, sets - len(hand.melds)):
        yield from readings(
            hand, decomposition, Shape.SETS_AND_PAIR, on_anothers_tile=on_anothers_tile
        )
    if not hand.melds:
        for decomposition in pairs_and_pung(counts, 7, 0):
            yield from readings(
                hand, decomposition, Shape.SEVEN_PAIRS, on_anothers_tile=on_anothers_tile
            )


def roots(hand: WinningHand, kong_roots: bool) -> int:
    """sc.fan.root: the kinds held four times, melds included (a declared kong only when
    the table counts kongs as roots)."""
    counts = counts_of((*hand.concealed, *(t for m in hand.melds for t in m.tiles)))
    kongs = {m.tiles[0].normal for m in hand.melds if m.kind is MeldKind.KONG}
    return sum(
        1
        for kind, held in enumerate(counts)
        if held == 4 and (kong_roots or Tile(kind) not in kongs)
    )


def holds_suit(tiles: tuple[Tile, ...], suit: Suit) -> bool:
    """sc.void.no-win: a tile of ``suit`` among ``tiles``."""
    return any(t.suit is suit for t in tiles)
