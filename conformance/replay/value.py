"""The value of a win as a log writes it (its yaku, han, fu and limit), in the riichi
profile's pattern ids, whichever log format wrote it (:mod:`conformance.replay.tenhou_yaku`,
:mod:`conformance.replay.mjai_yaku`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

DORA = frozenset({"dora", "ura-dora", "aka-dora", "nuki-dora"})  # counted: han = dora held
DRAGONS = "yakuhai-dragons"  # the dragon pungs, counted, where a log does not name them
DRAGON_PATTERNS = frozenset({"yakuhai-white", "yakuhai-green", "yakuhai-red"})
NORTHS = "nuki-dora"
COUNTED = DORA | {DRAGONS}


class ScoreTextError(ValueError):
    """A part of a win's value that is not one: the entry at ``index`` among the entries
    read (Tenhou JSON: 0 is the score), or the event's ``field`` (MJAI)."""

    def __init__(self, message: str, index: int, field: str | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.field = field


@dataclass(frozen=True)
class LoggedValue:
    """A win's value as the log writes it: the patterns (a yaku: 1; a dora, or the dragon
    pungs where the log counts them as one entry: how many), the names no pattern is
    known for, and the fu, han and limit where the log says. ``limit_stated`` is false
    for a log that never writes the limit (the figure is then not compared)."""

    patterns: Mapping[str, int]
    unknown: tuple[str, ...]
    fu: int | None
    han: int | None
    limit: str | None
    yakuman: bool
    limit_stated: bool = True


def _held(raw: object) -> dict[str, int]:
    """A winner's patterns held (a yaku 1, a dora how many)."""
    return {
        str(p): (n if p in DORA else 1)
        for p, n in (raw.items() if isinstance(raw, Mapping) else ())
        if isinstance(n, int) and n > 0
    }


def norths_in_dora(raw: object, logged: LoggedValue) -> bool:
    """Whether the engine's North dora (sanma.dora.nuki) are compared inside the log's dora
    count: the winner set Norths aside and the log writes no North dora of its own, as
    Tenhou, which lists its Norths in ドラ, writes them."""
    return NORTHS in _held(raw) and NORTHS not in logged.patterns


def engine_patterns(raw: object, logged: LoggedValue) -> dict[str, int]:
    """The engine's patterns of a winner as the log counts them: a yaku 1, a dora how many,
    the dragon pungs as one count where the log writes them so, the Norths inside the dora
    where the log counts them so (:func:`norths_in_dora`)."""
    found = _held(raw)
    if DRAGONS in logged.patterns:
        dragons = sum(1 for p in DRAGON_PATTERNS if p in found)
        found = {p: n for p, n in found.items() if p not in DRAGON_PATTERNS}
        found[DRAGONS] = dragons
    if norths_in_dora(raw, logged):
        found["dora"] = found.get("dora", 0) + found.pop(NORTHS)
    return found
