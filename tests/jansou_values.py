"""jansou's own value of each win written into its Tenhou JSON in Tenhou's spelling.

jansou's Tenhou JSON leaves a win's score string empty and writes no yaku (it can rebuild
the value from the changes). Here each win is scored by jansou's own scorer and its value
written as Tenhou writes one: ``40符3飜7700点`` or ``満貫8000点``, then ``立直(1飜)``, the dora,
red fives and (under riichi) the ura-dora. The replay then compares jansou's yaku, han, fu
and limit with the reference engine's on every win of a real game.
"""

from __future__ import annotations

from typing import Any

WINDS = "東南西北"
NAMES = {  # jansou's Yaku -> Tenhou's name
    "RIICHI": "立直", "IPPATSU": "一発", "MENZEN_TSUMO": "門前清自摸和", "PINFU": "平和",
    "IIPEIKOU": "一盃口", "TANYAO": "断幺九", "YAKUHAI_HAKU": "役牌 白",
    "YAKUHAI_HATSU": "役牌 發", "YAKUHAI_CHUN": "役牌 中", "HAITEI": "海底摸月",
    "HOUTEI": "河底撈魚", "RINSHAN": "嶺上開花", "CHANKAN": "槍槓", "DOUBLE_RIICHI": "両立直",
    "CHIITOITSU": "七対子", "SANSHOKU_DOUJUN": "三色同順", "ITTSU": "一気通貫",
    "CHANTA": "混全帯幺九", "TOITOI": "対々和", "SANANKOU": "三暗刻",
    "SANSHOKU_DOUKOU": "三色同刻", "SANKANTSU": "三槓子", "SHOUSANGEN": "小三元",
    "HONROUTOU": "混老頭", "HONITSU": "混一色", "JUNCHAN": "純全帯幺九", "RYANPEIKOU": "二盃口",
    "CHINITSU": "清一色", "KOKUSHI": "国士無双", "SUUANKOU": "四暗刻", "CHUUREN": "九蓮宝燈",
    "DAISANGEN": "大三元", "SHOUSUUSHI": "小四喜", "DAISUUSHI": "大四喜", "TSUUIISOU": "字一色",
    "CHINROUTOU": "清老頭", "RYUUIISOU": "緑一色", "SUUKANTSU": "四槓子", "TENHOU": "天和",
    "CHIIHOU": "地和",
}  # fmt: skip
LIMITS = {
    "MANGAN": "満貫",
    "HANEMAN": "跳満",
    "BAIMAN": "倍満",
    "SANBAIMAN": "三倍満",
    "KAZOE_YAKUMAN": "役満",
    "YAKUMAN": "役満",
}


def _entries(result: Any, context: Any) -> list[str]:
    """The score string and the yaku strings of one scored win."""
    if result.limit.name in LIMITS:
        value = f"{LIMITS[result.limit.name]}{result.payment.total}点"
    else:
        value = f"{result.fu.total}符{result.han}飜{result.payment.total}点"
    entries = [value]
    for yaku in result.yaku:
        if yaku.yaku.name == "YAKUHAI_SEAT":
            name = f"自風 {WINDS[context.seat_wind.value]}"
        elif yaku.yaku.name == "YAKUHAI_ROUND":
            name = f"場風 {WINDS[context.round_wind.value]}"
        else:
            name = NAMES[yaku.yaku.name]
        entries.append(f"{name}(役満)" if result.is_yakuman else f"{name}({yaku.value}飜)")
    if not result.is_yakuman:
        dora = result.dora
        entries += [f"ドラ({dora.dora}飜)"] if dora.dora else []
        entries += [f"赤ドラ({dora.aka}飜)"] if dora.aka else []
        entries += [f"裏ドラ({dora.ura}飜)"] if context.is_riichi else []
    return entries


def with_values(document: dict[str, Any], record: Any) -> dict[str, Any]:
    """``document`` (jansou's Tenhou JSON of ``record``) with each win's value written."""
    from jansou.io.paifu import replay_round
    from jansou.scoring.score import score

    for rows, round_log in zip(document["log"], record.rounds, strict=True):
        if not isinstance(round_log.outcome, tuple):
            continue
        wins = replay_round(round_log, record.rules, record.player_count)
        result = rows[-1]
        for index, win in enumerate(wins):
            value = score(win.hand, win.winning_tile, win.context)
            detail = result[2 + 2 * index]
            detail[3:] = _entries(value, win.context)
    return document
