"""The value of a win as Tenhou JSON writes it, read into pattern ids of the riichi profile.

A win's details after the winner, payer and liable seat are the score (``40符3飜7700点``,
``30符1飜500-1000点``, ``満貫8000点``, ``役満16000点∀``) and one entry per yaku, ``立直(1飜)`` or
``国士無双(役満)``. The names are Tenhou's (tenhou.net/6's yaku list); each is the riichi
profile's pattern it scores as, and a dora entry counts the dora (its han). An entry of
0 han (``裏ドラ(0飜)``: ura-dora turned over, none held) names no pattern. Logs written in
tenhou.net/6's English mode name the yaku in English (``Riichi(1飜)``, ``Fully Concealed
Hand(1飜)``, ``Red Five(1飜)``): :data:`ENGLISH` reads them as the same patterns. Its names
are the ``EnglishTenhou`` column of libriichi's yaku table (Mortal's ``algo/agari/yaku.rs``),
which names the winds without saying which (``Seat Wind``, ``Prevalent Wind``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from types import MappingProxyType

from conformance.replay.value import DORA, LoggedValue, ScoreTextError

YAKU = MappingProxyType(
    {
        "門前清自摸和": "menzen-tsumo",
        "立直": "riichi",
        "一発": "ippatsu",
        "槍槓": "chankan",
        "嶺上開花": "rinshan",
        "海底摸月": "haitei",
        "河底撈魚": "houtei",
        "平和": "pinfu",
        "断幺九": "tanyao",
        "一盃口": "iipeikou",
        **{f"自風 {wind}": "yakuhai-seat-wind" for wind in "東南西北"},
        **{f"場風 {wind}": "yakuhai-round-wind" for wind in "東南西北"},
        "役牌 白": "yakuhai-white",
        "役牌 發": "yakuhai-green",
        "役牌 中": "yakuhai-red",
        "両立直": "double-riichi",
        "七対子": "chiitoitsu",
        "混全帯幺九": "chanta",
        "一気通貫": "ittsu",
        "三色同順": "sanshoku",
        "三色同刻": "sanshoku-doukou",
        "三槓子": "sankantsu",
        "対々和": "toitoi",
        "三暗刻": "sanankou",
        "小三元": "shousangen",
        "混老頭": "honroutou",
        "二盃口": "ryanpeikou",
        "純全帯幺九": "junchan",
        "混一色": "honitsu",
        "清一色": "chinitsu",
        "人和": "renhou",
        "天和": "tenhou",
        "地和": "chiihou",
        "大三元": "daisangen",
        "四暗刻": "suuankou",
        "四暗刻単騎": "suuankou",
        "字一色": "tsuuiisou",
        "緑一色": "ryuuiisou",
        "清老頭": "chinroutou",
        "九蓮宝燈": "chuuren",
        "純正九蓮宝燈": "chuuren",
        "国士無双": "kokushi",
        "国士無双１３面": "kokushi",
        "大四喜": "daisuushii",
        "小四喜": "shousuushii",
        "四槓子": "suukantsu",
        "ドラ": "dora",
        "裏ドラ": "ura-dora",
        "赤ドラ": "aka-dora",
        "抜きドラ": "nuki-dora",
    }
)
ENGLISH = MappingProxyType(  # tenhou.net/6's English names -> the pattern
    {
        "Fully Concealed Hand": "menzen-tsumo",
        "Riichi": "riichi",
        "Double Riichi": "double-riichi",
        "Ippatsu": "ippatsu",
        "Pinfu": "pinfu",
        "All Simples": "tanyao",
        "Pure Double Sequence": "iipeikou",
        "Twice Pure Double Sequence": "ryanpeikou",
        "White Dragon": "yakuhai-white",
        "Green Dragon": "yakuhai-green",
        "Red Dragon": "yakuhai-red",
        "Seat Wind": "yakuhai-seat-wind",
        "Prevalent Wind": "yakuhai-round-wind",
        "Mixed Triple Sequence": "sanshoku",
        "Pure Straight": "ittsu",
        "Half Outside Hand": "chanta",
        "Fully Outside Hand": "junchan",
        "All Triplets": "toitoi",
        "Three Concealed Triplets": "sanankou",
        "Three Quads": "sankantsu",
        "Triple Triplets": "sanshoku-doukou",
        "Little Three Dragons": "shousangen",
        "All Terminals and Honors": "honroutou",
        "Seven Pairs": "chiitoitsu",
        "Half Flush": "honitsu",
        "Full Flush": "chinitsu",
        "Under the Sea": "haitei",
        "Under the River": "houtei",
        "After a Kan": "rinshan",
        "Robbing a Kan": "chankan",
        "Dora": "dora",
        "Red Five": "aka-dora",
        "Ura Dora": "ura-dora",
        "Kita": "nuki-dora",
        "Blessing of Heaven": "tenhou",
        "Blessing of Earth": "chiihou",
        "Big Three Dragons": "daisangen",
        "Four Concealed Triplets": "suuankou",
        "Single-wait Four Concealed Triplets": "suuankou",
        "All Honors": "tsuuiisou",
        "All Green": "ryuuiisou",
        "All Terminals": "chinroutou",
        "Thirteen Orphans": "kokushi",
        "Thirteen-wait Thirteen Orphans": "kokushi",
        "Four Little Winds": "shousuushii",
        "Four Big Winds": "daisuushii",
        "Four Quads": "suukantsu",
        "Nine Gates": "chuuren",
        "True Nine Gates": "chuuren",
    }
)
SCORE_FIELD = "tenhou_score"  # the hora event's field holding the score and yaku strings
LIMITS = MappingProxyType(
    {
        "満貫": "mangan",
        "跳満": "haneman",
        "倍満": "baiman",
        "三倍満": "sanbaiman",
        "役満": "yakuman",
    }
)
_FU_HAN = re.compile(r"(\d+)符(\d+)飜")
_LIMIT = re.compile("(" + "|".join(sorted(LIMITS, key=len, reverse=True)) + ")")
_YAKU = re.compile(r"(.+)\((\d+)飜\)|(.+)\(役満\)")


def read_value(entries: object) -> LoggedValue | None:
    """A win's value from its details after the three seats (None when they hold no score,
    as jansou writes them). Raises ScoreTextError on an entry that is not one."""
    if not isinstance(entries, Sequence) or isinstance(entries, str):
        raise ScoreTextError(f"a win's value should be a list of strings, not {entries!r}", 0)
    if not entries or entries[0] == "":
        return None
    score, *yaku = entries
    if not isinstance(score, str):
        raise ScoreTextError(f"the score should be a string like 30符1飜1000点, not {score!r}", 0)
    fu_han = _FU_HAN.search(score)
    limit = _LIMIT.match(score)
    if fu_han is None and limit is None:
        raise ScoreTextError(f"{score!r} is not a score (30符1飜1000点, 満貫8000点, ...)", 0)
    patterns: dict[str, int] = {}
    unknown: list[str] = []
    yakuman = False
    han = 0
    for index, entry in enumerate(yaku, start=1):
        found = _YAKU.fullmatch(entry) if isinstance(entry, str) else None
        if found is None:
            message = f"{entry!r} is not a yaku entry like 立直(1飜) or 大三元(役満)"
            raise ScoreTextError(message, index)
        name = found.group(1) or found.group(3)
        value = int(found.group(2)) if found.group(2) is not None else None
        yakuman = yakuman or value is None
        han += value or 0
        if value == 0:
            continue
        pattern = YAKU.get(name) or ENGLISH.get(name)
        if pattern is None:
            unknown.append(name)
            continue
        patterns[pattern] = value if pattern in DORA and value is not None else 1
    return LoggedValue(
        MappingProxyType(patterns),
        tuple(unknown),
        int(fu_han.group(1)) if fu_han else None,
        None if yakuman else (int(fu_han.group(2)) if fu_han else han),
        LIMITS[limit.group(1)] if limit else None,
        yakuman,
    )
