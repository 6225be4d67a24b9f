"""The value of a win as the original mjai (gimite/mjai) writes it on a ``hora`` event,
read into pattern ids of the riichi profile.

``yakus`` lists ``[name, han]`` pairs, a dora's han being how many are held and a yakuman's
100; ``fan`` is their total (100 for a yakuman hand) and ``fu`` the hand's fu. mjai names
the dragon pungs as one entry (``sangenpai``, its han their number), so they are compared
as a count. mjai writes no limit, so the limit is not compared. Later writers of MJAI
(riichienv, Mortal's simulator) write none of these fields: their wins are compared by the
score changes only. The names are mjai's (its ``Hora`` and ``TenhouArchive`` yaku lists).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from conformance.replay.value import DORA, DRAGONS, LoggedValue, ScoreTextError

YAKU = MappingProxyType(
    {
        "menzenchin_tsumoho": "menzen-tsumo",
        "reach": "riichi",
        "ippatsu": "ippatsu",
        "chankan": "chankan",
        "rinshankaiho": "rinshan",
        "haiteiraoyue": "haitei",
        "hoteiraoyui": "houtei",
        "pinfu": "pinfu",
        "tanyaochu": "tanyao",
        "ipeko": "iipeikou",
        "jikaze": "yakuhai-seat-wind",
        "bakaze": "yakuhai-round-wind",
        "sangenpai": DRAGONS,
        "double_reach": "double-riichi",
        "chitoitsu": "chiitoitsu",
        "honchantaiyao": "chanta",
        "ikkitsukan": "ittsu",
        "sanshokudojun": "sanshoku",
        "sanshokudoko": "sanshoku-doukou",
        "sankantsu": "sankantsu",
        "toitoiho": "toitoi",
        "sananko": "sanankou",
        "shosangen": "shousangen",
        "honroto": "honroutou",
        "ryanpeko": "ryanpeikou",
        "junchantaiyao": "junchan",
        "honiso": "honitsu",
        "chiniso": "chinitsu",
        "renho": "renhou",
        "tenho": "tenhou",
        "chiho": "chiihou",
        "daisangen": "daisangen",
        "suanko": "suuankou",
        "tsuiso": "tsuuiisou",
        "ryuiso": "ryuuiisou",
        "chinroto": "chinroutou",
        "churenpoton": "chuuren",
        "kokushimuso": "kokushi",
        "daisushi": "daisuushii",
        "shosushi": "shousuushii",
        "sukantsu": "suukantsu",
        "dora": "dora",
        "uradora": "ura-dora",
        "akadora": "aka-dora",
    }
)
YAKUMAN_HAN = 100  # mjai's han of a yakuman entry, and the total of a yakuman hand
VALUE_FIELDS = ("yakus", "fu", "fan")  # the hora fields that state a value


def _count(data: Mapping[str, Any], name: str) -> int | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ScoreTextError(f"{name!r} should be a count, not {value!r}", 0, name)
    return value


def read_mjai_value(data: Mapping[str, Any]) -> LoggedValue | None:
    """A win's value from a ``hora`` event's ``yakus``, ``fu`` and ``fan`` (None when it has
    none of them). Raises ScoreTextError, naming the field, on one that is not one."""
    if not any(name in data for name in VALUE_FIELDS):
        return None
    fu, fan = _count(data, "fu"), _count(data, "fan")
    entries = data.get("yakus", [])
    if not isinstance(entries, Sequence) or isinstance(entries, str):
        raise ScoreTextError(
            f"'yakus' should be a list of [name, han], not {entries!r}", 0, "yakus"
        )
    patterns: dict[str, int] = {}
    unknown: list[str] = []
    yakuman = fan is not None and fan >= YAKUMAN_HAN
    for index, entry in enumerate(entries):
        pair = entry if isinstance(entry, Sequence) and not isinstance(entry, str) else ()
        name, han = (pair[0], pair[1]) if len(pair) == 2 else (None, None)
        if not isinstance(name, str) or not isinstance(han, int) or isinstance(han, bool):
            message = f"yaku entry {index} should be [name, han], not {entry!r}"
            raise ScoreTextError(message, index, "yakus")
        yakuman = yakuman or han >= YAKUMAN_HAN
        if han <= 0:
            continue
        pattern = YAKU.get(name)
        if pattern is None:
            unknown.append(name)
            continue
        patterns[pattern] = han if pattern in DORA or pattern == DRAGONS else 1
    return LoggedValue(
        MappingProxyType(patterns),
        tuple(unknown),
        None if yakuman else fu,
        None if yakuman else fan,
        "yakuman" if yakuman else None,
        yakuman,
        limit_stated=yakuman,
    )
