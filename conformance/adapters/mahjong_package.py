"""Adapter for the ``mahjong`` package (2.x, PyPI): riichi ``score`` for four and three
players (``pip install '.[adapters]'`` from a clone; entry point ``mahjong``).

The package's options are set to the table's house rules (``riichi.house.*``: double
yakuman, kazoe, kiriage, open tanyao: the profile's, or a request's options) and red fives,
and elsewhere to the convention mjspec's riichi profiles follow (30 fu for an open pinfu
shape, no tsumo fu with pinfu); everything else is the package's own behaviour, so a
difference shows as a failing fixture. It plays the riichi, Tenhou and Mahjong Soul profiles.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from conformance.adapters.base import (
    LIABILITY,
    RIICHI_PROFILES,
    SCORING_HOUSE_RULES,
    ScoreAdapter,
    missing_package,
)
from conformance.adapters.requests import (
    LIMITS,
    SEATS,
    ScoreRequest,
    base_points,
    payments_from_shares,
    read_score,
)
from conformance.engine import EngineSkipped

try:
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld
except ImportError as missing:  # the optional extra is not installed
    raise missing_package("mahjong", "mahjong>=2.1,<3") from missing

YAKU_IDS: dict[str, str] = {
    "Menzen Tsumo": "menzen-tsumo",
    "Riichi": "riichi",
    "Double Riichi": "double-riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan Kaihou": "rinshan",
    "Haitei Raoyue": "haitei",
    "Houtei Raoyui": "houtei",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "Ryanpeikou": "ryanpeikou",
    "Yakuhai (haku)": "yakuhai-white",
    "Yakuhai (hatsu)": "yakuhai-green",
    "Yakuhai (chun)": "yakuhai-red",
    **{f"Yakuhai (seat wind {w})": "yakuhai-seat-wind" for w in SEATS},
    **{f"Yakuhai (round wind {w})": "yakuhai-round-wind" for w in SEATS},
    "Chiitoitsu": "chiitoitsu",
    "Chantai": "chanta",
    "Junchan": "junchan",
    "Ittsu": "ittsu",
    "Sanshoku Doujun": "sanshoku",
    "Sanshoku Doukou": "sanshoku-doukou",
    "San Kantsu": "sankantsu",
    "Toitoi": "toitoi",
    "San Ankou": "sanankou",
    "Shou Sangen": "shousangen",
    "Honroutou": "honroutou",
    "Honitsu": "honitsu",
    "Chinitsu": "chinitsu",
    "Kokushi Musou": "kokushi",
    "Kokushi Musou Juusanmen Matchi": "kokushi",
    "Suu Ankou": "suuankou",
    "Suu Ankou Tanki": "suuankou",
    "Daisangen": "daisangen",
    "Shousuushii": "shousuushii",
    "Dai Suushii": "daisuushii",
    "Tsuu Iisou": "tsuuiisou",
    "Chinroutou": "chinroutou",
    "Ryuuiisou": "ryuuiisou",
    "Chuuren Poutou": "chuuren",
    "Daburu Chuuren Poutou": "chuuren",
    "Suu Kantsu": "suukantsu",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "Renhou (yakuman)": "renhou",
    "Dora": "dora",
    "Ura Dora": "ura-dora",
    "Aka Dora": "aka-dora",
}
KAZOE = {  # riichi.house.kazoe
    "yakuman": HandConfig.KAZOE_LIMITED,
    "sanbaiman": HandConfig.KAZOE_SANBAIMAN,
    "none": HandConfig.KAZOE_NO_LIMIT,
}
ERRORS = {
    HandCalculator.ERR_NO_YAKU: "no-yaku",
    HandCalculator.ERR_HAND_NOT_WINNING: "not-winning",
}


class MahjongPackageEngine(ScoreAdapter):
    """The ``mahjong`` package's hand calculator."""

    name = "mahjong"
    package = "mahjong"
    variants = RIICHI_PROFILES
    settable = SCORING_HOUSE_RULES - LIABILITY

    def score(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        score = read_score(request)
        if score.house.renhou == "mangan":
            raise EngineSkipped("the package counts renhou as 5 han that add up, not a mangan")
        result = self._call(score)()
        if result.error:
            code = ERRORS.get(result.error, "invalid-hand")
            return {"error": {"code": code, "message": str(result.error)}}
        return _outcome(score, result)

    def prepared(self, request: Mapping[str, Any]) -> Callable[[], Any]:
        """The package's own call for a request, its arguments built beforehand (the
        benchmark times the package alone with it)."""
        return self._call(read_score(request))

    @staticmethod
    def _call(score: ScoreRequest) -> Callable[[], Any]:
        tiles = list(score.all_ids)
        melds = _melds(score)
        dora = list(score.dora_indicators)
        ura = list(score.ura_indicators)
        config = _config(score)
        return lambda: HandCalculator.estimate_hand_value(
            tiles,
            score.win_id,
            melds=melds,
            dora_indicators=dora,
            ura_dora_indicators=ura,
            config=config,
        )


def _melds(score: ScoreRequest) -> list[Meld]:
    kinds = {"chow": Meld.CHI, "pung": Meld.PON}
    return [
        Meld(
            meld_type=kinds.get(m.kind) or (Meld.SHOUMINKAN if m.added else Meld.KAN),
            tiles=list(m.ids),
            opened=not m.concealed,
        )
        for m in score.melds
    ]


def _config(score: ScoreRequest) -> HandConfig:
    winds = {seat: EAST + k for k, seat in enumerate(SEATS)}
    return HandConfig(
        is_tsumo=score.tsumo,
        is_riichi=score.riichi,
        is_daburu_riichi=score.double_riichi,
        is_ippatsu=score.ippatsu,
        is_rinshan=score.rinshan,
        is_chankan=score.chankan,
        is_haitei=score.haitei,
        is_houtei=score.houtei,
        is_tenhou=score.tenhou,
        is_chiihou=score.chiihou,
        is_renhou=score.before_first_draw and score.house.renhou == "yakuman",
        player_wind=winds[score.seat],
        round_wind=winds[score.round_wind],
        tsumi_number=score.honba,
        kyoutaku_number=score.sticks,
        num_nuki_dora=score.north,
        options=OptionalRules(
            has_open_tanyao=score.house.open_tanyao,
            has_aka_dora=score.red_fives,
            has_double_yakuman=score.house.double_yakuman,
            kazoe_limit=KAZOE[score.house.kazoe],
            kiriage=score.house.kiriage_mangan,
            fu_for_open_pinfu=True,
            fu_for_pinfu_tsumo=False,
            renhou_as_yakuman=True,
            is_three_player=score.three_player,
        ),
    )


def _outcome(score: ScoreRequest, result: Any) -> dict[str, Any]:
    patterns: dict[str, int] = {}
    yakuman = 0
    for item in result.yaku or []:
        name = YAKU_IDS.get(item.name, item.name)
        if item.is_yakuman:
            han = item.han_open if result.is_open_hand and item.han_open else item.han_closed
            counted = max(1, han // 13)  # a double yakuman is 26 han
            yakuman += counted
            patterns[name] = patterns.get(name, 0) + counted
            continue
        value = item.han_open if result.is_open_hand and item.han_open else item.han_closed
        patterns[name] = patterns.get(name, 0) + value
    if score.north and "dora" in patterns:
        patterns["nuki-dora"] = score.north
        patterns["dora"] -= score.north
        if not patterns["dora"]:
            del patterns["dora"]
    cost = result.cost
    level = str(cost["yaku_level"])
    level = level.removeprefix("kiriage ")  # "kiriage mangan" is a mangan
    limit = "yakuman" if "yakuman" in level else (level if level in LIMITS else None)
    payments = payments_from_shares(
        score,
        dealer_share=cost["main"] + cost["main_bonus"],
        other_share=cost["additional"] + cost["additional_bonus"],
        ron=cost["main"] + cost["main_bonus"],
    )
    han = 0 if yakuman else result.han
    fu = 0 if yakuman else result.fu
    base = base_points(han, fu, yakuman, limit)
    if not yakuman and level[:1].isdigit():  # "2x yakuman": kazoe without a limit
        base *= int(level.split("x")[0])
    return {
        "patterns": patterns,
        "han": han,
        "fu": fu,
        "yakuman": yakuman,
        "limit": limit,
        "base": base,
        "payments": payments,
        "deposits": cost["kyoutaku_bonus"],
    }
