"""Riichi yaku and yakuman as predicates over a reading; values come from the profile rows.

Each function returns the han it earns (open or closed value of its row), or, for a
yakuman, the number of yakuman; 0 when it does not apply. Each predicate's rule id is
``riichi.yaku.`` followed by its yaku id. Each is registered with its gate
(:mod:`~reference_engine.variants.riichi.gates`): what a reading it awards always has.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from reference_engine.analysis.reading import HandSet, Reading, SetKind, Shape, Wait
from reference_engine.variants.riichi.context import WIND_TILES, RiichiNumbers, RiichiWin
from reference_engine.variants.riichi.gates import ANY, Gate
from reference_engine.variants.riichi.house import Renhou
from reference_engine.variants.riichi.shapes import group_tiles
from spec.profile import PatternValue
from spec.tiles import DRAGONS, TERMINALS_AND_HONOURS, WINDS, Tile
from spec.wins import WinBy

Yaku = Callable[[Reading, RiichiWin, RiichiNumbers, PatternValue], int]
YAKU: dict[str, Yaku] = {}
YAKUMAN: dict[str, Yaku] = {}
GATES: dict[str, Gate] = {}  # each yaku's and yakuman's gate, by pattern id

CHUUREN = {1: 3, 9: 3, **{k: 1 for k in range(2, 9)}}  # 1112345678999 of one suit
GREEN = frozenset({Tile.S2, Tile.S3, Tile.S4, Tile.S6, Tile.S8, Tile.GREEN})
ITTSU = tuple(frozenset({Tile(b), Tile(b + 3), Tile(b + 6)}) for b in (Tile.M1, Tile.P1, Tile.S1))


def yaku(pattern_id: str, gate: Gate = ANY) -> Callable[[Yaku], Yaku]:
    def register(function: Yaku) -> Yaku:
        YAKU[pattern_id] = function
        GATES[pattern_id] = gate
        return function

    return register


def yakuman(pattern_id: str, gate: Gate = ANY) -> Callable[[Yaku], Yaku]:
    def register(function: Yaku) -> Yaku:
        YAKUMAN[pattern_id] = function
        GATES[pattern_id] = gate
        return function

    return register


def _han(condition: bool, w: RiichiWin, row: PatternValue) -> int:
    """The row's closed value, its open value (0 when closed-only) on an open hand."""
    if not condition:
        return 0
    return row.value("han") if w.closed else (row.optional("open_han") or 0)


def _count(condition: bool, row: PatternValue) -> int:
    return row.value("yakuman") if condition else 0


def _doubled(count: int, purest: bool, n: RiichiNumbers) -> int:
    """riichi.house.double-yakuman: twice the count on the purest wait, when the table plays it."""
    return count * 2 if purest and n.house.double_yakuman else count


def _groups(r: Reading) -> list[HandSet]:
    return [*r.sets, *r.pairs]


OUTSIDE_KINDS = frozenset(TERMINALS_AND_HONOURS)  # a red five is a five: never one of them


def _is_terminal_or_honour(tile: Tile) -> bool:
    return tile in OUTSIDE_KINDS


def _holds_terminal_or_honour(tiles: tuple[Tile, ...]) -> bool:
    return not OUTSIDE_KINDS.isdisjoint(tiles)


def _value_pair(r: Reading, w: RiichiWin, n: RiichiNumbers) -> bool:
    pair = r.pair
    if pair is None:
        return False
    seat, round_ = WIND_TILES[w.seat], WIND_TILES[w.round_wind]
    return pair.tile in DRAGONS or (pair.tile in n.value_winds and pair.tile in (seat, round_))


@yaku("riichi", Gate(flag="riichi"))
def riichi(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.riichi (the profile lets double riichi replace it)."""
    return _han(w.riichi, w, row)


@yaku("double-riichi", Gate(flag="double_riichi"))
def double_riichi(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.double-riichi: riichi declared on the first turn."""
    return _han(w.double_riichi, w, row)


@yaku("ippatsu", Gate(flag="ippatsu"))
def ippatsu(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.ippatsu."""
    return _han(w.ippatsu and (w.riichi or w.double_riichi), w, row)


@yaku("menzen-tsumo", Gate(flag="tsumo"))
def menzen_tsumo(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.menzen-tsumo: self-draw with a closed hand."""
    return _han(w.tsumo, w, row)


@yaku("tanyao", Gate(honours=False, terminals=False))
def tanyao(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.tanyao: only 2-8 number tiles, open or closed unless
    riichi.house.open-tanyao keeps it to closed hands."""
    if not (w.closed or n.house.open_tanyao):
        return 0
    return _han(not _holds_terminal_or_honour(r.tiles), w, row)


@yaku("pinfu", Gate(shape=Shape.SETS_AND_PAIR, chows=4))
def pinfu(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.pinfu: four chows, a valueless pair, a two-sided wait, closed."""
    return _han(
        r.shape is Shape.SETS_AND_PAIR
        and len(r.chows) == 4
        and not _value_pair(r, w, n)
        and r.wait is Wait.TWO_SIDED,
        w,
        row,
    )


def _dragon(tile: Tile) -> Yaku:
    def predicate(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
        return _han(any(s.tile is tile for s in r.pungs), w, row)

    predicate.__doc__ = "riichi.yaku.yakuhai-*: a pung or kong of this dragon."
    return predicate


yaku("yakuhai-white", Gate(dragon_pungs=1))(_dragon(Tile.WHITE))
yaku("yakuhai-green", Gate(dragon_pungs=1))(_dragon(Tile.GREEN))
yaku("yakuhai-red", Gate(dragon_pungs=1))(_dragon(Tile.RED))


@yaku("yakuhai-seat-wind", Gate(wind_pungs=1))
def seat_wind(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.yakuhai-seat-wind: a pung of the seat wind (never North in sanma)."""
    tile = WIND_TILES[w.seat]
    return _han(tile in n.value_winds and any(s.tile is tile for s in r.pungs), w, row)


@yaku("yakuhai-round-wind", Gate(wind_pungs=1))
def round_wind(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.yakuhai-round-wind: a pung of the round wind."""
    tile = WIND_TILES[w.round_wind]
    return _han(tile in n.value_winds and any(s.tile is tile for s in r.pungs), w, row)


def _identical_chow_pairs(r: Reading) -> int:
    starts = [s.tile for s in r.chows]
    return sum(starts.count(start) // 2 for start in set(starts))


@yaku("iipeikou", Gate(chows=2))
def iipeikou(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.iipeikou: two identical chows, closed."""
    return _han(_identical_chow_pairs(r) >= 1, w, row)


@yaku("ryanpeikou", Gate(chows=4))
def ryanpeikou(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.ryanpeikou: two pairs of identical chows, closed."""
    return _han(_identical_chow_pairs(r) == 2, w, row)


@yaku("rinshan", Gate(flag="after_kong"))
def rinshan(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.rinshan: self-drawn on the replacement tile of a kan (or a North)."""
    return _han(w.after_kong and w.tsumo, w, row)


@yaku("chankan", Gate(flag="robbing_kong"))
def chankan(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.chankan."""
    return _han(w.robbing_kong, w, row)


@yaku("haitei", Gate(flag="last_tile"))
def haitei(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.haitei: self-drawing the last wall tile (not a replacement tile)."""
    return _han(w.last_tile and w.tsumo and not w.after_kong, w, row)


@yaku("houtei", Gate(flag="last_tile"))
def houtei(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.houtei: ron on the last discard."""
    return _han(w.last_tile and w.by is WinBy.DISCARD, w, row)


@yaku("sanshoku", Gate(chows=3, suits=(3, 3)))
def sanshoku(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.sanshoku: the same chow in the three suits."""
    starts = {(s.tile.suit, s.tile.number) for s in r.chows}
    return _han(
        any(len({suit for suit, num in starts if num == number}) == 3 for _, number in starts),
        w,
        row,
    )


@yaku("ittsu", Gate(chows=3))
def ittsu(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.ittsu: 123, 456 and 789 of one suit."""
    starts = {s.tile for s in r.chows}
    return _han(any(run <= starts for run in ITTSU), w, row)


def _outside(r: Reading) -> bool:
    return r.shape is Shape.SETS_AND_PAIR and all(
        _holds_terminal_or_honour(group_tiles(g)) for g in _groups(r)
    )


@yaku("chanta", Gate(shape=Shape.SETS_AND_PAIR, chows=1, terminals=True, outside=True))
def chanta(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.chanta: every set and the pair hold a terminal or honour, with a chow."""
    return _han(_outside(r) and bool(r.chows), w, row)


@yaku("junchan", Gate(shape=Shape.SETS_AND_PAIR, chows=1, honours=False, outside=True))
def junchan(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.junchan: every set and the pair hold a terminal, no honours, with a chow."""
    no_honours = not any(t.is_honour for t in r.tiles)
    return _han(_outside(r) and bool(r.chows) and no_honours, w, row)


@yaku("chiitoitsu", Gate(shape=Shape.SEVEN_PAIRS))
def chiitoitsu(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.chiitoitsu: seven different pairs."""
    return _han(r.shape is Shape.SEVEN_PAIRS, w, row)


@yaku("toitoi", Gate(shape=Shape.SETS_AND_PAIR, pungs=4))
def toitoi(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.toitoi: four pungs or kongs."""
    return _han(r.shape is Shape.SETS_AND_PAIR and len(r.pungs) == 4, w, row)


def _concealed_pungs(r: Reading) -> int:
    return sum(1 for s in r.pungs if s.concealed)


@yaku("sanankou", Gate(pungs=3))
def sanankou(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.sanankou: three concealed pungs (one completed by ron is open)."""
    return _han(_concealed_pungs(r) == 3, w, row)


@yaku("sanshoku-doukou", Gate(pungs=3, suits=(3, 3)))
def sanshoku_doukou(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.sanshoku-doukou: pungs of one number in the three suits."""
    pungs = {(s.tile.suit, s.tile.number) for s in r.pungs if s.tile.is_numbered}
    return _han(
        any(len({suit for suit, num in pungs if num == number}) == 3 for _, number in pungs),
        w,
        row,
    )


@yaku("sankantsu", Gate(kongs=3))
def sankantsu(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.sankantsu."""
    return _han(sum(1 for s in r.sets if s.kind is SetKind.KONG) == 3, w, row)


@yaku("shousangen", Gate(dragon_pungs=2))
def shousangen(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.shousangen: two dragon pungs and a dragon pair."""
    pair = r.pair
    dragon_pungs = sum(1 for s in r.pungs if s.tile in DRAGONS)
    return _han(dragon_pungs == 2 and pair is not None and pair.tile in DRAGONS, w, row)


@yaku("honroutou", Gate(honours=True, terminals=True, simples=False))
def honroutou(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.honroutou: only terminals and honours, both kinds present."""
    tiles = r.normals
    return _han(
        all(_is_terminal_or_honour(t) for t in tiles)
        and any(t.is_honour for t in tiles)
        and any(t.is_terminal for t in tiles),
        w,
        row,
    )


@yaku("honitsu", Gate(honours=True, suits=(1, 1)))
def honitsu(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.honitsu: one suit plus honours."""
    return _han(len(r.suits) == 1 and any(t.is_honour for t in r.tiles), w, row)


@yaku("chinitsu", Gate(honours=False, suits=(1, 1)))
def chinitsu(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yaku.chinitsu: one suit only."""
    return _han(len(r.suits) == 1 and not any(t.is_honour for t in r.tiles), w, row)


# --- yakuman ------------------------------------------------------------------------------


@yakuman("kokushi", Gate(shape=Shape.THIRTEEN_ORPHANS))
def kokushi(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yakuman.kokushi; riichi.house.double-yakuman on the thirteen-sided wait (the
    winning tile makes the pair: all thirteen kinds were held)."""
    count = _count(r.shape is Shape.THIRTEEN_ORPHANS, row)
    return _doubled(count, r.normals.count(w.hand.winning_tile.normal) == 2, n)


@yakuman("suuankou", Gate(pungs=4))
def suuankou(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yakuman.suuankou: four concealed pungs; a pung completed by ron is open;
    riichi.house.double-yakuman on a single wait."""
    return _doubled(_count(_concealed_pungs(r) == 4, row), r.wait is Wait.PAIR, n)


@yakuman("daisangen", Gate(dragon_pungs=3))
def daisangen(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yakuman.daisangen."""
    return _count(sum(1 for s in r.pungs if s.tile in DRAGONS) == 3, row)


@yakuman("shousuushii", Gate(wind_pungs=3))
def shousuushii(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yakuman.shousuushii: three wind pungs and a wind pair."""
    pair = r.pair
    winds = sum(1 for s in r.pungs if s.tile in WINDS)
    return _count(winds == 3 and pair is not None and pair.tile in WINDS, row)


@yakuman("daisuushii", Gate(wind_pungs=4))
def daisuushii(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yakuman.daisuushii (riichi.house.double-yakuman: always double)."""
    return _doubled(_count(sum(1 for s in r.pungs if s.tile in WINDS) == 4, row), True, n)


@yakuman("tsuuiisou", Gate(terminals=False, simples=False))
def tsuuiisou(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yakuman.tsuuiisou: honours only."""
    return _count(all(t.is_honour for t in r.tiles), row)


@yakuman("chinroutou", Gate(honours=False, simples=False))
def chinroutou(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yakuman.chinroutou: terminals only."""
    return _count(all(t.normal.is_terminal for t in r.tiles), row)


@yakuman("ryuuiisou", Gate(terminals=False))
def ryuuiisou(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yakuman.ryuuiisou: only 2, 3, 4, 6, 8 of bamboo and green dragons."""
    return _count(all(t.normal in GREEN for t in r.tiles), row)


@yakuman("chuuren", Gate(shape=Shape.SETS_AND_PAIR, honours=False, suits=(1, 1), flag="closed"))
def chuuren(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yakuman.chuuren: closed 1112345678999 of one suit plus any tile of it;
    riichi.house.double-yakuman on the nine-sided wait (1112345678999 held before the win)."""
    if r.shape is not Shape.SETS_AND_PAIR or w.hand.melds or len(r.suits) != 1:
        return 0
    if any(t.is_honour for t in r.tiles):
        return 0
    numbers = Counter(t.number for t in r.tiles)
    count = _count(all(numbers[k] >= v for k, v in CHUUREN.items()), row)
    numbers[w.hand.winning_tile.number] -= 1
    return _doubled(count, all(numbers[k] == v for k, v in CHUUREN.items()), n)


@yakuman("suukantsu", Gate(kongs=4))
def suukantsu(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yakuman.suukantsu."""
    return _count(sum(1 for s in r.sets if s.kind is SetKind.KONG) == 4, row)


@yakuman("tenhou", Gate(flag="first_turn"))
def tenhou(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yakuman.tenhou: the dealer wins on the initial hand."""
    return _count(w.first_turn and w.is_dealer and w.tsumo, row)


@yakuman("chiihou", Gate(flag="first_turn"))
def chiihou(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.yakuman.chiihou: a non-dealer self-draws on its first draw, no call before."""
    return _count(w.first_turn and not w.is_dealer and w.tsumo, row)


@yakuman("renhou", Gate(flag="before_first_draw"))
def renhou(r: Reading, w: RiichiWin, n: RiichiNumbers, row: PatternValue) -> int:
    """riichi.house.renhou (yakuman): a non-dealer wins on a discard before its first draw."""
    return _count(n.house.renhou is Renhou.YAKUMAN and is_renhou(w), row)


def is_renhou(w: RiichiWin) -> bool:
    """riichi.house.renhou: a non-dealer's win on a discard before its own first draw."""
    return w.before_first_draw and w.by is WinBy.DISCARD and not w.is_dealer
