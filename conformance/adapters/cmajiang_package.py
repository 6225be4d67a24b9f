"""Adapter for the ``cmajiang`` package (0.0.x, PyPI): riichi ``score`` for four players
(``pip install '.[adapters]'`` from a clone).

``cmajiang`` is a C++ port of kobalab's majiang-core; its ``hule`` function scores one
hand written in the majiang notation (``m123p406z11`` with ``0`` for a red five, melds
after commas: ``m3-45`` a chow, ``z111=`` a pung, ``p5555+`` an open kong, ``s5555`` a
concealed kong, ``m555=5`` an added kong; the sign names the seat claimed from). The
package has no three-player mode, so riichi-sanma is not offered.

The rule switches are set to mjspec's convention where the package has one (open tanyao,
red fives on or off, 4 fu for a double-wind pair, yakuman stacking, no double yakuman,
kazoe as one yakuman, no kiriage, no pao). The situational flags (riichi, ippatsu,
haitei, rinshan, tenhou...) and the ura-dora are passed the way the package's own
``Game.hule`` derives them (ura-dora only for a riichi winner, no haitei on a
replacement tile); everything else is the package's own answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from conformance.adapters.base import ScoreAdapter, missing_package
from conformance.adapters.requests import (
    SEATS,
    ScoreMeld,
    ScoreRequest,
    base_points,
    given_tiles,
    read_score_tiles,
)
from conformance.engine import EngineSkipped
from spec.tiles import Tile

try:
    import cmajiang  # type: ignore[import-untyped]  # a pybind11 module without stubs
except ImportError as missing:  # the optional extra is not installed
    raise missing_package("cmajiang", "cmajiang>=0.0.1,<0.1") from missing

# cmajiang.HupaiName values (the pybind11 enum has mangled member names, so by value).
HUPAI_IDS: dict[int, str] = {
    0: "yakuhai-round-wind",  # 場風 東
    1: "yakuhai-round-wind",
    2: "yakuhai-round-wind",
    3: "yakuhai-round-wind",
    4: "yakuhai-seat-wind",  # 自風 東
    5: "yakuhai-seat-wind",
    6: "yakuhai-seat-wind",
    7: "yakuhai-seat-wind",
    8: "yakuhai-white",
    9: "yakuhai-green",
    10: "yakuhai-red",
    11: "dora",
    12: "aka-dora",
    13: "ura-dora",
    14: "riichi",
    15: "double-riichi",
    16: "ippatsu",
    17: "haitei",
    18: "houtei",
    19: "rinshan",
    20: "chankan",
    21: "menzen-tsumo",
    22: "pinfu",
    23: "tanyao",
    24: "iipeikou",
    25: "sanshoku",
    26: "ittsu",
    27: "chanta",
    28: "chiitoitsu",
    29: "toitoi",
    30: "sanankou",
    31: "sankantsu",
    32: "sanshoku-doukou",
    33: "honroutou",
    34: "shousangen",
    35: "honitsu",
    36: "junchan",
    37: "ryanpeikou",
    38: "chinitsu",
    39: "kokushi",
    40: "kokushi",  # 国士無双十三面
    41: "suuankou",
    42: "suuankou",  # 四暗刻単騎
    43: "daisangen",
    44: "shousuushii",
    45: "daisuushii",
    46: "tsuuiisou",
    47: "ryuuiisou",
    48: "chinroutou",
    49: "suukantsu",
    50: "chuuren",
    51: "chuuren",  # 純正九蓮宝燈
    52: "tenhou",
    53: "chiihou",
}
# The sign of the seat a tile was claimed from, by (source - winner) mod 4.
DIRECTIONS = {1: "+", 2: "=", 3: "-"}


class CmajiangPackageEngine(ScoreAdapter):
    """The ``cmajiang`` package's ``hule`` (majiang-core's scorer in C++)."""

    name = "cmajiang"
    package = "cmajiang"
    variants = ("riichi",)

    def score(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        score = read_score_tiles(request)
        hand, rongpai = _hand(score)
        try:
            shoupai = cmajiang.Shoupai(hand)
        except ValueError as error:  # the one refusal of the parser: a fifth copy
            message = f"{hand}: the package refuses a fifth {error}"
            return {"error": {"code": "too-many-copies", "message": message}}
        if str(shoupai).count(",") != len(score.melds):  # it drops a meld it cannot read
            raise EngineSkipped(f"the majiang notation cannot express the melds of {hand}")
        try:
            result = cmajiang.hule(
                shoupai,
                rongpai,
                _rule(score),
                zhuangfeng=SEATS.index(score.round_wind),
                menfeng=SEATS.index(score.seat),
                lizhi=_lizhi(score),
                yifa=score.ippatsu,
                qianggang=score.chankan,
                lingshang=score.after_kong and score.tsumo,
                haidi=_haidi(score),
                tianhu=(
                    0 if not (score.first_turn and score.tsumo) else 1 if score.is_dealer else 2
                ),
                baopai=[_pai(t) for t in given_tiles(request, "dora_indicators")],
                libaopai=[_pai(t) for t in given_tiles(request, "ura_indicators")]
                if _lizhi(score)
                else [],
                changbang=score.honba,
                lizhibang=score.sticks,
            )
        except (RuntimeError, ValueError) as error:  # the package refuses the hand
            fifth = "cannot be greater than 4" in str(error)
            code = "too-many-copies" if fifth else "invalid-hand"
            return {"error": {"code": code, "message": f"{hand} {rongpai}: {error}"}}
        if not result.hupai:
            return {"error": _no_win(hand, rongpai)}
        return _outcome(score, result)


def _pai(tile: Tile) -> str:
    """One tile in the majiang notation (``m0`` a red five)."""
    return f"{tile.suit.value}{0 if tile.is_red else tile.number}"


def _digits(tiles: Iterable[Tile]) -> str:
    """Tiles in the majiang notation, one group per suit (m, p, s, z)."""
    groups: dict[str, str] = {}
    for tile in tiles:
        groups[tile.suit.value] = groups.get(tile.suit.value, "") + _pai(tile)[1]
    return "".join(suit + groups[suit] for suit in "mpsz" if suit in groups)


def _direction(score: ScoreRequest, source: str | None) -> str:
    """The sign of the seat a tile came from (the previous seat when the request names
    none: only pao depends on it, and pao is off)."""
    if source not in score.seats:
        return "-"
    step = (SEATS.index(source) - SEATS.index(score.seat)) % 4
    return DIRECTIONS.get(step, "-")


def _meld(score: ScoreRequest, meld: ScoreMeld) -> str:
    digits = _digits(meld.tiles)
    sign = _direction(score, meld.source)
    if meld.kind == "chow":  # the notation has chows from the previous seat only
        return f"{digits[:2]}-{digits[2:]}"
    if meld.kind == "pung":
        return f"{digits}{sign}"
    if meld.concealed:
        return digits
    if meld.added:
        return f"{digits[:4]}{sign}{digits[4:]}"
    return f"{digits}{sign}"


def _hand(score: ScoreRequest) -> tuple[str, str]:
    """The hand string and the ron tile (empty for a self-draw): a self-drawn tile goes
    last, in a group of its own, which the package reads as the drawn tile."""
    *rest, win = score.concealed
    melds = [_meld(score, m) for m in score.melds]
    if score.tsumo:
        hand = _digits(rest) + _pai(win)
        rongpai = ""
    else:
        hand = _digits(rest)
        rongpai = _pai(win) + _direction(score, score.source)
    return ",".join([hand, *melds]), rongpai


def _lizhi(score: ScoreRequest) -> int:
    return 2 if score.double_riichi else 1 if score.riichi else 0


def _haidi(score: ScoreRequest) -> int:
    """1 haitei, 2 houtei, as ``Game.hule`` sets it (none on a replacement tile)."""
    if not score.last_tile or (score.tsumo and score.after_kong):
        return 0
    if score.tsumo:
        return 1
    return 0 if score.chankan else 2


def _rule(score: ScoreRequest) -> Any:
    red = 1 if score.red_fives else 0
    return cmajiang.Rule(
        hongpai=[red, red, red],
        canduan=True,  # open tanyao
        doubleWindTileScore=False,  # a double-wind pair is 4 fu
        damanguanCombination=True,  # yakuman stack
        doubleDamanguan=False,  # no double yakuman
        countedDamanguan=True,  # 13 han count as a yakuman
        damanguanPao=False,  # no responsibility payments
        roundUpManguan=False,  # no kiriage mangan
    )


def _no_win(hand: str, rongpai: str) -> dict[str, str]:
    """Why ``hule`` found nothing: no yaku when the 14 tiles are complete, else not a
    winning hand (the package's own shanten: -1 is complete)."""
    shoupai = cmajiang.Shoupai(hand)
    if rongpai:
        shoupai.zimo(rongpai[:2], False)
    complete = cmajiang.xiangting(shoupai) == -1
    code = "no-yaku" if complete else "not-winning"
    return {"code": code, "message": f"hule found no score for {hand} {rongpai}".strip()}


def _limit(han: int, fu: int, yakuman: int) -> str | None:
    """The limit ``get_defen`` pays (it names none): 13+ han a yakuman (counted), 11
    sanbaiman, 8 baiman, 6 haneman, and mangan where fu x 2^(2 + han) reaches 2000."""
    if yakuman or han >= 13:
        return "yakuman"
    for name, least in (("sanbaiman", 11), ("baiman", 8), ("haneman", 6)):
        if han >= least:
            return name
    return "mangan" if fu << (2 + han) >= 2000 else None


def _outcome(score: ScoreRequest, result: Any) -> dict[str, Any]:
    patterns: dict[str, int] = {}
    for hupai in result.hupai:
        name = HUPAI_IDS.get(int(hupai.name), str(hupai.name))
        value = -int(hupai.fanshu) if hupai.fanshu < 0 else int(hupai.fanshu)
        patterns[name] = patterns.get(name, 0) + value
    yakuman = int(result.damanguan)
    han = 0 if yakuman else int(result.fanshu)
    fu = 0 if yakuman else int(result.fu)
    limit = _limit(han, fu, yakuman)
    deposits = 1000 * score.sticks
    fenpei = list(result.fenpei)
    payments = {seat: int(fenpei[k]) for k, seat in enumerate(SEATS)}
    payments[score.seat] -= deposits  # fenpei hands the winner the deposits too
    return {
        "patterns": patterns,
        "han": han,
        "fu": fu,
        "yakuman": yakuman,
        "limit": limit,
        "base": base_points(han, fu, yakuman, limit),
        "payments": payments,
        "deposits": deposits,
    }
