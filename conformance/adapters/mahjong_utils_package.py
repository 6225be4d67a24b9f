"""Adapter for the ``mahjong-utils`` package (0.8.x, PyPI, import name ``mahjong_utils``):
riichi ``score`` for four players (``pip install '.[adapters]'`` from a clone).

``mahjong-utils`` (ssttkkl's Kotlin library run in a JavaScript bridge) analyses one
hand with ``build_hora``: it finds the sets, the yaku of the hand's shape, the fu and the
points. What depends on the table it takes from its caller: the situational yaku
(riichi, ippatsu, haitei, rinshan, tenhou...) as ``extra_yaku`` and the dora as a bare
count. So the adapter passes the request's flags as extra yaku and counts the dora,
ura-dora (riichi only) and red fives itself by the profile's rules: dora fixtures test
the adapter's counting here, not the package. Nor has the package a table: the adapter
settles the repeat counters (300 per honba on a ron, 100 from each payer on a
self-draw) and hands the winner the riichi deposits, as the profile says, on top of the
package's payments. The package has no three-player rules: riichi-sanma is not offered.

``HoraOptions`` is set to mjspec's convention (open tanyao, 4 fu for a double-wind pair,
no kiriage, kazoe yakuman, yakuman stacking, no double yakuman); everything else is the
package's own answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from conformance.adapters.base import ScoreAdapter, missing_package
from conformance.adapters.requests import (
    ScoreMeld,
    ScoreRequest,
    base_points,
    given_tiles,
    payments_from_shares,
    read_score_tiles,
)
from spec.tiles import Tile

try:
    from mahjong_utils.hora import HoraOptions, build_hora  # type: ignore[import-untyped]
    from mahjong_utils.models.furo import Furo  # type: ignore[import-untyped]
    from mahjong_utils.models.tile import Tile as UtilsTile  # type: ignore[import-untyped]
    from mahjong_utils.models.wind import Wind  # type: ignore[import-untyped]
    from mahjong_utils.yaku import extra  # type: ignore[import-untyped]
except ImportError as missing:  # the optional extra is not installed
    raise missing_package("mahjong-utils", "mahjong-utils>=0.8,<0.9") from missing

YAKU_IDS: dict[str, str] = {
    "richi": "riichi",
    "w_richi": "double-riichi",
    "ippatsu": "ippatsu",
    "rinshan": "rinshan",
    "chankan": "chankan",
    "haitei": "haitei",
    "houtei": "houtei",
    "tenhou": "tenhou",
    "chihou": "chiihou",
    "tsumo": "menzen-tsumo",
    "pinhu": "pinfu",
    "tanyao": "tanyao",
    "ipe": "iipeikou",
    "self_wind": "yakuhai-seat-wind",
    "round_wind": "yakuhai-round-wind",
    "haku": "yakuhai-white",
    "hatsu": "yakuhai-green",
    "chun": "yakuhai-red",
    "sanshoku": "sanshoku",
    "ittsu": "ittsu",
    "chanta": "chanta",
    "chitoi": "chiitoitsu",
    "toitoi": "toitoi",
    "sananko": "sanankou",
    "honroto": "honroutou",
    "sandoko": "sanshoku-doukou",
    "sankantsu": "sankantsu",
    "shosangen": "shousangen",
    "honitsu": "honitsu",
    "junchan": "junchan",
    "ryanpe": "ryanpeikou",
    "chinitsu": "chinitsu",
    "kokushi": "kokushi",
    "kokushi_thirteen_waiting": "kokushi",
    "suanko": "suuankou",
    "suanko_tanki": "suuankou",
    "daisangen": "daisangen",
    "tsuiso": "tsuuiisou",
    "shousushi": "shousuushii",
    "daisushi": "daisuushii",
    "lyuiso": "ryuuiisou",
    "chinroto": "chinroutou",
    "sukantsu": "suukantsu",
    "churen": "chuuren",
    "churen_nine_waiting": "chuuren",
}
# The package's refusals (ValueError messages) and mjspec's codes for them.
REFUSALS = {
    "not hora yet": "not-winning",
    "number of your tiles is invalid": "tile-count",
    "more than 4": "too-many-copies",
}
OPTIONS = HoraOptions(
    aotenjou=False,
    allow_kuitan=True,  # open tanyao
    has_renpuu_jyantou_hu=True,  # a double-wind pair is 4 fu
    has_kiriage_mangan=False,
    has_kazoe_yakuman=True,  # 13 han count as a yakuman
    has_multiple_yakuman=False,  # no double yakuman
    has_complex_yakuman=True,  # yakuman stack
)


class MahjongUtilsPackageEngine(ScoreAdapter):
    """The ``mahjong-utils`` package's hand analysis (``build_hora``)."""

    name = "mahjong-utils"
    package = "mahjong-utils"
    variants = ("riichi",)

    def score(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        score = read_score_tiles(request)
        dora = _dora_rows(score, request)
        try:
            hora = build_hora(
                [_utils_tile(t) for t in score.concealed],
                [_furo(m) for m in score.melds],
                _utils_tile(score.concealed[-1]),
                score.tsumo,
                dora=sum(dora.values()),
                self_wind=Wind[score.seat],
                round_wind=Wind[score.round_wind],
                extra_yaku=_extra_yaku(score),
                options=OPTIONS,
            )
        except ValueError as error:  # the package refuses the hand
            message = str(error)
            code = next((c for key, c in REFUSALS.items() if key in message), "invalid-hand")
            return {"error": {"code": code, "message": message}}
        if not hora.yaku:
            return {"error": {"code": "no-yaku", "message": "build_hora found no yaku"}}
        return _outcome(score, hora, dora)


def _utils_tile(tile: Tile) -> Any:
    """A tile of the package (``0m`` a red five, as its notation has it)."""
    return UtilsTile.by_text(tile.mpsz)


def _furo(meld: ScoreMeld) -> Any:
    """A call of the package: its calls hold plain tiles (a chow is its lowest tile, a
    pung or kong its kind), so a red five is written as a five."""
    text = "".join(str(t.normal.number) for t in meld.tiles) + meld.tiles[0].suit.value
    return Furo.parse(text, ankan=meld.concealed)


def _extra_yaku(score: ScoreRequest) -> set[Any]:
    """The request's situational yaku, which the package takes from its caller (a
    replacement tile is no wall tile: rinshan, never haitei)."""
    flags = {
        extra.w_richi: score.double_riichi,
        extra.richi: score.riichi and not score.double_riichi,
        extra.ippatsu: score.ippatsu,
        extra.rinshan: score.rinshan,
        extra.chankan: score.chankan,
        extra.haitei: score.haitei and not score.after_kong,
        extra.houtei: score.houtei,
        extra.tenhou: score.tenhou,
        extra.chihou: score.chiihou,
    }
    return {yaku for yaku, on in flags.items() if on}


def _next(indicator: Tile) -> Tile:
    """The dora an indicator shows (the profile's dora order)."""
    tile = indicator.normal
    if tile.is_wind:
        return Tile(Tile.EAST + (tile - Tile.EAST + 1) % 4)
    if tile.is_dragon:
        return Tile(Tile.WHITE + (tile - Tile.WHITE + 1) % 3)
    return Tile(tile - tile.number + 1 + tile.number % 9)


def _dora_rows(score: ScoreRequest, request: Mapping[str, Any]) -> dict[str, int]:
    """The dora the package is told of, counted by the adapter over every tile of the hand
    (melds included): dora, ura-dora for a riichi winner, red fives when in play."""
    tiles = [*score.concealed, *(t for m in score.melds for t in m.tiles)]

    def count(indicators: Iterable[Tile]) -> int:
        return sum(1 for i in indicators for t in tiles if t.normal == _next(i))

    riichi = score.riichi or score.double_riichi
    rows = {
        "dora": count(given_tiles(request, "dora_indicators")),
        "ura-dora": count(given_tiles(request, "ura_indicators")) if riichi else 0,
        "aka-dora": sum(1 for t in tiles if t.is_red) if score.red_fives else 0,
    }
    return {name: value for name, value in rows.items() if value}


def _limit(han: int, fu: int, yakuman: int) -> str | None:
    """The limit of the package's han and fu (it names none; its points follow the usual
    table: 13+ han a counted yakuman, 11 sanbaiman, 8 baiman, 6 haneman, mangan from 5 han
    or a base of 2000)."""
    if yakuman or han >= 13:
        return "yakuman"
    for name, least in (("sanbaiman", 11), ("baiman", 8), ("haneman", 6), ("mangan", 5)):
        if han >= least:
            return name
    return "mangan" if fu * 2 ** (2 + han) >= 2000 else None


def _outcome(score: ScoreRequest, hora: Any, dora: Mapping[str, int]) -> dict[str, Any]:
    yakuman = hora.han // 13 if hora.has_yakuman else 0
    patterns: dict[str, int] = {}
    for yaku in hora.yaku:
        name = YAKU_IDS.get(yaku.name, yaku.name)
        if yaku.is_yakuman:
            value = 1  # has_multiple_yakuman is off: each yakuman counts once
        elif score.melds and any(not m.concealed for m in score.melds):
            value = yaku.han - yaku.furo_loss
        else:
            value = yaku.han
        patterns[name] = patterns.get(name, 0) + value
    if not yakuman:
        patterns.update(dora)
    han = 0 if yakuman else int(hora.han)
    fu = 0 if yakuman else int(hora.hu)
    limit = _limit(han, fu, yakuman)
    if score.is_dealer:
        dealer_share = other_share = int(hora.parent_point.tsumo)
        ron = int(hora.parent_point.ron)
    else:
        dealer_share = int(hora.child_point.tsumo_parent)
        other_share = int(hora.child_point.tsumo_child)
        ron = int(hora.child_point.ron)
    honba = score.honba  # the adapter's settlement: the package has no table
    payments = payments_from_shares(
        score,
        dealer_share=dealer_share + 100 * honba,
        other_share=other_share + 100 * honba,
        ron=ron + 300 * honba,
    )
    return {
        "patterns": patterns,
        "han": han,
        "fu": fu,
        "yakuman": yakuman,
        "limit": limit,
        "base": base_points(han, fu, yakuman, limit),
        "payments": payments,
        "deposits": 1000 * score.sticks,
    }
