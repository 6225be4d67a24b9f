"""Scoring a Taiwanese win: every reading of the hand, its awards, the best one.

Rules ``tw.structure.highest-interpretation``, ``tw.combine.only-explicit-exclusions``
and ``tw.combine.fully-concealed-replaces``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from types import MappingProxyType

from reference_engine.analysis.decompose import (
    Decomposition,
    counts_of,
    is_sets_and_pair,
    pairs_and_pung,
    sets_and_pair,
)
from reference_engine.analysis.reading import Reading, Shape, Wait, readings
from reference_engine.hand import WinningHand
from reference_engine.variants.taiwanese.patterns import PREDICATES, WinContext
from spec.errors import RuleError
from spec.melds import Meld, MeldKind
from spec.profile import Profile


@dataclass(frozen=True)
class HandScore:
    """The awards of the chosen reading, in profile order, and their total tai."""

    patterns: MappingProxyType[str, int]
    reading: Reading

    @property
    def tai(self) -> int:
        return sum(self.patterns.values())


PLAY_SWITCHES = MappingProxyType({"seven_pairs_claimed_pung": True})
"""The ``play`` switch a request's options may set, with its value where the profile says
nothing: tw.structure.seven-pairs-claimed-pung."""


def pairs_shape_melds(melds: tuple[Meld, ...], profile: Profile) -> bool:
    """tw.structure.seven-pairs-claimed-pung: may seven pairs and a pung be read beside
    these melds? With none; with one claimed pung, which is then the shape's pung, unless
    the table plays the shape closed (play.seven_pairs_claimed_pung false)."""
    if not melds:
        return True
    play = {**PLAY_SWITCHES, **profile.sections.get("play", {})}
    claimed = bool(play["seven_pairs_claimed_pung"])
    return claimed and len(melds) == 1 and melds[0].kind is MeldKind.PUNG


def shape_decompositions(hand: WinningHand, profile: Profile) -> list[tuple[Shape, Decomposition]]:
    """Every reading of the concealed tiles that completes the hand with its melds.

    Rules ``tw.structure.five-sets-and-pair`` and ``tw.structure.seven-pairs-and-pung``
    (the pung of the special shape may be a declared pung: :func:`pairs_shape_melds`).
    """
    counts = counts_of(hand.concealed)
    found = [
        (Shape.SETS_AND_PAIR, d) for d in sets_and_pair(counts, profile.sets - len(hand.melds))
    ]
    if pairs_shape_melds(hand.melds, profile):
        pairs = (profile.hand_size + 1 - 3) // 2
        found += [
            (Shape.PAIRS_AND_PUNG, d) for d in pairs_and_pung(counts, pairs, 1 - len(hand.melds))
        ]
    return found


def is_complete_shape(hand: WinningHand, profile: Profile) -> bool:
    """Whether :func:`shape_decompositions` would find a reading, without listing them."""
    return is_complete_counts(counts_of(hand.concealed), hand.melds, profile)


def is_complete_counts(counts: list[int], melds: tuple[Meld, ...], profile: Profile) -> bool:
    """:func:`is_complete_shape` on tile counts (34 entries, red fives as fives)."""
    if is_sets_and_pair(counts, profile.sets - len(melds)):
        return True
    if 1 in counts:
        return False
    if pairs_shape_melds(melds, profile):
        pairs = (profile.hand_size + 1 - 3) // 2
        return bool(pairs_and_pung(counts, pairs, 1 - len(melds)))
    return False


def complete_readings(
    hand: WinningHand, profile: Profile, *, on_anothers_tile: bool
) -> Iterator[Reading]:
    """Every reading of a complete hand, in both shapes."""
    for shape, decomposition in shape_decompositions(hand, profile):
        yield from readings(hand, decomposition, shape, on_anothers_tile=on_anothers_tile)


def score_reading(reading: Reading, ctx: WinContext, profile: Profile) -> HandScore:
    """Apply every predicate; drop awards replaced by a scored one (only explicit exclusions)."""
    awarded: dict[str, int] = {}
    for row in profile.patterns:
        predicate = PREDICATES.get(row.id)
        if predicate is None:
            continue
        value = predicate(reading, ctx, row)
        if value:
            awarded[row.id] = value
    for row in profile.patterns:
        if row.id in awarded:
            for replaced in row.replaces:
                awarded.pop(replaced, None)
    return HandScore(MappingProxyType(awarded), reading)


def best_score(ctx: WinContext, profile: Profile) -> HandScore:
    """The highest-scoring reading; equal totals prefer the pair-wait reading."""
    best: HandScore | None = None
    for reading in complete_readings(
        ctx.hand, profile, on_anothers_tile=ctx.win.by.on_anothers_tile
    ):
        scored = score_reading(reading, ctx, profile)
        if best is None or _rank(scored) > _rank(best):
            best = scored
    if best is None:
        raise RuleError(
            "not-winning",
            "the tiles form neither five sets and a pair nor seven pairs and a pung",
            path=("concealed",),
        )
    return best


def _rank(score: HandScore) -> tuple[int, bool]:
    return (score.tai, score.reading.wait is Wait.PAIR)
