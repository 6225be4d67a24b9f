"""The Taiwanese tai table as predicates: one small function per row of the profile.

Each function takes a reading of the winning hand, the win's context and its
own profile row, and returns the tai it earns (0 when its condition fails).
Numbers come from the row; the functions only decide whether, and how often,
a pattern applies. Flower wins are scored in :mod:`.flowers`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reference_engine.analysis.reading import HandSet, Reading, SetKind, Shape, Wait
from reference_engine.hand import TableContext, Win, WinningHand
from spec.profile import PatternValue
from spec.seats import Seat
from spec.tiles import DRAGONS, TILES, WINDS, Tile
from spec.wins import WinBy

# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the members the predicates asked
# most (once per reading) compare with are read once here, and each suit's straight
# built once.
_CHOW, _CLOSED, _EDGE = SetKind.CHOW, Wait.CLOSED, Wait.EDGE
_STRAIGHTS = tuple(
    (start, TILES[start + 3], TILES[start + 6]) for start in (Tile.M1, Tile.P1, Tile.S1)
)


@dataclass(frozen=True)
class WinContext:
    """Everything about a win that is not the tiles' arrangement."""

    hand: WinningHand
    win: Win
    dealer: Seat
    table: TableContext

    @property
    def is_dealer(self) -> bool:
        return self.hand.seat is self.dealer

    @property
    def no_melds(self) -> bool:
        return not self.hand.melds


Predicate = Callable[[Reading, WinContext, PatternValue], int]
PREDICATES: dict[str, Predicate] = {}


def pattern(pattern_id: str) -> Callable[[Predicate], Predicate]:
    """Register the predicate of the profile row ``pattern_id``."""

    def register(function: Predicate) -> Predicate:
        PREDICATES[pattern_id] = function
        return function

    return register


def _award(condition: bool, row: PatternValue) -> int:
    return row.value("tai") if condition else 0


def _pungs(r: Reading, tiles: tuple[Tile, ...]) -> set[Tile]:
    return {s.tile for s in r.sets if s.is_pung_or_kong and s.tile in tiles}


def _pair_in(r: Reading, tiles: tuple[Tile, ...]) -> Tile | None:
    pair = r.pair
    return pair.tile if pair is not None and pair.tile in tiles else None


def _honour_free(r: Reading) -> bool:
    return not any(t.is_honour for t in r.tiles)


def _chows(r: Reading) -> list[HandSet]:
    return [s for s in r.sets if s.kind is _CHOW]


@pattern("winning-hand")
def winning_hand(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.winning-hand: every valid 17-tile win."""
    return row.value("tai")


@pattern("no-flowers")
def no_flowers(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.no-flowers."""
    return _award(not ctx.hand.flowers, row)


@pattern("flowers")
def flowers(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.flowers: per flower held."""
    return row.value("tai") * len(ctx.hand.flowers)


@pattern("honour-pung")
def honour_pung(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.honour-pung: per pung or kong of honours."""
    return row.value("tai") * sum(1 for s in r.sets if s.is_pung_or_kong and s.tile.is_honour)


@pattern("melded-kong")
def melded_kong(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.melded-kong: per exposed kong (claimed or added)."""
    return row.value("tai") * sum(1 for s in r.sets if s.kind is SetKind.KONG and s.open)


@pattern("concealed-kong")
def concealed_kong(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.concealed-kong: per concealed kong."""
    return row.value("tai") * sum(1 for s in r.sets if s.is_concealed_kong)


@pattern("fully-concealed-self-draw")
def fully_concealed_self_draw(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.fully-concealed-self-draw."""
    return _award(ctx.win.by is WinBy.SELF_DRAW and not ctx.hand.has_open_meld, row)


@pattern("concealed-hand")
def concealed_hand(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.concealed-hand: no exposed meld, won on another player's tile."""
    return _award(ctx.win.by.on_anothers_tile and not ctx.hand.has_open_meld, row)


@pattern("self-draw")
def self_draw(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.self-draw."""
    return _award(ctx.win.by is WinBy.SELF_DRAW, row)


@pattern("all-melded")
def all_melded(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.all-melded: five exposed sets, pair completed with another's tile."""
    exposed = sum(1 for s in r.sets if s.open)
    return _award(
        r.shape is Shape.SETS_AND_PAIR
        and exposed == len(r.sets)
        and r.wait is Wait.PAIR
        and ctx.win.by.on_anothers_tile,
        row,
    )


@pattern("pair-wait")
def pair_wait(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.pair-wait."""
    return _award(r.wait is Wait.PAIR, row)


@pattern("closed-or-edge-wait")
def closed_or_edge_wait(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.closed-or-edge-wait."""
    wait = r.wait
    return _award(wait is _CLOSED or wait is _EDGE, row)


@pattern("no-honours")
def no_honours(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.no-honours."""
    return _award(_honour_free(r), row)


@pattern("no-honours-no-flowers")
def no_honours_no_flowers(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.no-honours-no-flowers (scored beside no-honours)."""
    return _award(_honour_free(r) and not ctx.hand.flowers, row)


@pattern("half-flush")
def half_flush(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.half-flush: one numbered suit plus honours."""
    return _award(len(r.suits) == 1 and not _honour_free(r), row)


@pattern("full-flush")
def full_flush(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.full-flush: one numbered suit, no honours."""
    return _award(len(r.suits) == 1 and _honour_free(r), row)


@pattern("seven-pairs-and-pung")
def seven_pairs_and_pung(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.seven-pairs-and-pung."""
    return _award(r.shape is Shape.PAIRS_AND_PUNG, row)


@pattern("all-chows")
def all_chows(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.all-chows: five chows and a pair."""
    return _award(r.shape is Shape.SETS_AND_PAIR and len(_chows(r)) == len(r.sets), row)


@pattern("pure-chows-no-flowers")
def pure_chows_no_flowers(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.pure-chows-no-flowers: all chows, a numbered pair, no flowers."""
    pair = r.pair
    return _award(
        all_chows(r, ctx, row) > 0
        and pair is not None
        and pair.tile.is_numbered
        and not ctx.hand.flowers,
        row,
    )


@pattern("all-pungs")
def all_pungs(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.all-pungs: every set a pung or kong (a chow rules it out)."""
    return _award(r.shape is Shape.SETS_AND_PAIR and all(s.is_pung_or_kong for s in r.sets), row)


@pattern("little-three-dragons")
def little_three_dragons(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.little-three-dragons."""
    return _award(len(_pungs(r, DRAGONS)) == 2 and _pair_in(r, DRAGONS) is not None, row)


@pattern("big-three-dragons")
def big_three_dragons(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.big-three-dragons."""
    return _award(len(_pungs(r, DRAGONS)) == 3, row)


@pattern("little-three-winds")
def little_three_winds(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.little-three-winds: two or more wind pungs and the pair of another wind."""
    return _award(len(_pungs(r, WINDS)) >= 2 and _pair_in(r, WINDS) is not None, row)


@pattern("big-three-winds")
def big_three_winds(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.big-three-winds: pungs of three different winds."""
    return _award(len(_pungs(r, WINDS)) >= 3, row)


@pattern("little-four-winds")
def little_four_winds(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.little-four-winds."""
    return _award(len(_pungs(r, WINDS)) == 3 and _pair_in(r, WINDS) is not None, row)


@pattern("big-four-winds")
def big_four_winds(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.big-four-winds."""
    return _award(len(_pungs(r, WINDS)) == 4, row)


def _concealed_pungs(r: Reading) -> int:
    return sum(1 for s in r.sets if s.is_pung_or_kong and s.concealed)


def _concealed_pung_threshold(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.two-concealed-pungs, tw.pattern.three-concealed-pungs,
    tw.pattern.four-concealed-pungs, tw.pattern.five-concealed-pungs; the thresholds add up
    (tw.combine.concealed-pung-thresholds)."""
    return _award(_concealed_pungs(r) >= row.param("at_least"), row)


for _threshold in ("two", "three", "four", "five"):
    pattern(f"{_threshold}-concealed-pungs")(_concealed_pung_threshold)


@pattern("pure-straight")
def pure_straight(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.pure-straight: 123, 456 and 789 of one suit; one award, valued by
    whether all three chows are concealed (tw.combine.pure-straight-one-award)."""
    best = 0
    chows = _chows(r)
    for needed in _STRAIGHTS:
        picks = [[c for c in chows if c.tile is start] for start in needed]
        if all(picks):
            concealed = all(any(c.concealed for c in pick) for pick in picks)
            concealed_tai = row.optional("concealed_tai")
            value = concealed_tai if concealed and concealed_tai is not None else row.value("tai")
            best = max(best, value)
    return best


@pattern("last-wall-tile")
def last_wall_tile(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.last-wall-tile."""
    return _award(ctx.table.last_wall_tile and ctx.win.by is WinBy.SELF_DRAW, row)


@pattern("last-discard")
def last_discard(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.last-discard."""
    return _award(ctx.table.last_discard and ctx.win.by is WinBy.DISCARD, row)


@pattern("robbing-kong")
def robbing_kong(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.robbing-kong."""
    return _award(ctx.win.by is WinBy.ROBBING_KONG, row)


def _discards_between(ctx: WinContext, row: PatternValue) -> bool:
    discards = ctx.table.discards
    return discards is not None and row.param("min_discards") <= discards <= row.param(
        "max_discards"
    )


@pattern("very-early-win")
def very_early_win(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.very-early-win."""
    return _award(_discards_between(ctx, row), row)


@pattern("early-win")
def early_win(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.early-win."""
    return _award(_discards_between(ctx, row), row)


@pattern("original-ready")
def original_ready(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.original-ready: declared when offered, kept without melds."""
    return _award(ctx.hand.original_ready and ctx.no_melds, row)


@pattern("heavenly-hand")
def heavenly_hand(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.heavenly-hand: the dealer's win on the deal, before any discard."""
    return _award(
        ctx.is_dealer
        and ctx.win.by is WinBy.SELF_DRAW
        and ctx.table.discards == 0
        and ctx.no_melds,
        row,
    )


@pattern("earthly-hand")
def earthly_hand(r: Reading, ctx: WinContext, row: PatternValue) -> int:
    """tw.pattern.earthly-hand: a non-dealer wins on the dealer's first and only discard."""
    return _award(
        not ctx.is_dealer
        and ctx.win.by is WinBy.DISCARD
        and ctx.win.from_seat is ctx.dealer
        and ctx.table.discards == row.param("discards")
        and ctx.no_melds,
        row,
    )
