"""Yaku gates: what a yaku needs of a reading before its predicate is worth asking.

Each yaku and yakuman of :mod:`~reference_engine.variants.riichi.yaku` declares a
:class:`Gate` beside its predicate: conditions every reading the predicate awards meets (a
shape, at least so many chows or pungs, honours or terminals held or not, how many suits, a
fact of the win such as riichi or self-draw). A gate only ever skips a predicate that would
have returned 0, so the predicates stay the definition of each yaku (``riichi.yaku.*``);
the gates let the scorer ask a few of them per reading. The facts a gate reads
(:class:`Facts`) are counts of the reading's sets, and the hand's tile classes and win facts
(:class:`HandFacts`, the same for every reading of a hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from itertools import compress
from operator import attrgetter, or_

from reference_engine.analysis.reading import Reading, SetKind, Shape
from reference_engine.variants.riichi.context import RiichiWin
from spec.tiles import DRAGONS, WINDS, Tile

WIN_FLAGS = (
    "closed",
    "riichi",
    "double_riichi",
    "ippatsu",
    "tsumo",
    "after_kong",
    "robbing_kong",
    "last_tile",
    "first_turn",
    "before_first_draw",
)  # the facts of a win a gate may need (attributes of RiichiWin)

OUTSIDE = 6  # terminal or honour tiles of an outside hand: one per set, two in the pair
HONOUR, TERMINAL, SIMPLE = 1, 2, 4  # a tile's class, one bit each
_SUIT_BITS = (8, 16, 32)  # the characters', dots' and bamboo's bits
CLASS_BITS = tuple(
    (HONOUR if t.is_honour else 0)
    | (TERMINAL if t.normal.is_terminal else 0)
    | (SIMPLE if t.is_numbered and not t.normal.is_terminal else 0)
    | (_SUIT_BITS[t.normal // 9] if t.is_numbered else 0)
    for t in Tile
)  # each tile's class and suit bits, by tile value (red fives as fives)
_OUTSIDE_TILE = tuple(int(bool(bits & (HONOUR | TERMINAL))) for bits in CLASS_BITS)
_win_flags = attrgetter(*WIN_FLAGS)  # a win's WIN_FLAGS, in order
# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the set kinds every reading's
# facts count are read once here.
_CHOW, _KONG = SetKind.CHOW, SetKind.KONG


HandKey = tuple[int, bool, tuple[bool, ...]]  # a hand's class bits, outside, win flags
SetKey = tuple[Shape, int, int, int, int, int]  # the fields of SetFacts, in order


@dataclass(frozen=True, slots=True)
class HandFacts:
    """Which classes of tile a hand holds (red fives as fives), in how many suits, whether
    :data:`OUTSIDE` of its tiles are terminals or honours, and the facts of the win that hold (the
    names of :data:`WIN_FLAGS` that are true)."""

    honours: bool
    terminals: bool
    simples: bool
    suits: int
    outside: bool  # at least OUTSIDE terminal and honour tiles
    flags: frozenset[str]

    @classmethod
    def of(cls, win: RiichiWin, tiles: tuple[Tile, ...]) -> HandFacts:
        return cls.of_key(cls.key(win, tiles))

    @staticmethod
    def key(win: RiichiWin, tiles: tuple[Tile, ...]) -> HandKey:
        """What the facts are read from, as a plain key (a dict key hashed at C speed, so
        that a hand's facts are built only the first time they are met): the tiles' class
        and suit bits, whether :data:`OUTSIDE` of them are terminals or honours, and the
        win's :data:`WIN_FLAGS` as booleans."""
        return (
            reduce(or_, map(CLASS_BITS.__getitem__, set(tiles)), 0),
            sum(map(_OUTSIDE_TILE.__getitem__, tiles)) >= OUTSIDE,
            _win_flags(win),
        )

    @classmethod
    def of_key(cls, key: HandKey) -> HandFacts:
        bits, outside, flags = key
        return cls(
            honours=bool(bits & HONOUR),
            terminals=bool(bits & TERMINAL),
            simples=bool(bits & SIMPLE),
            suits=sum(1 for suit in _SUIT_BITS if bits & suit),
            outside=outside,
            flags=frozenset(compress(WIN_FLAGS, flags)),
        )


@dataclass(frozen=True, slots=True)
class SetFacts:
    """What the gates read of one reading's sets: its shape and its sets by kind."""

    shape: Shape
    chows: int
    pungs: int  # pungs and kongs
    kongs: int
    dragon_pungs: int
    wind_pungs: int

    @classmethod
    def of(cls, reading: Reading) -> SetFacts:
        return cls(*cls.key(reading))

    @staticmethod
    def key(reading: Reading) -> SetKey:
        """The facts' fields as a plain key, counted in one pass over the sets."""
        chows = pungs = kongs = dragons = winds = 0
        for item in reading.sets:
            kind = item.kind
            if kind is _CHOW:
                chows += 1
                continue
            pungs += 1
            if kind is _KONG:
                kongs += 1
            if item.tile in DRAGONS:
                dragons += 1
            elif item.tile in WINDS:
                winds += 1
        return (reading.shape, chows, pungs, kongs, dragons, winds)


@dataclass(frozen=True, slots=True)
class Facts:
    """What the gates read of one reading: its sets' facts and its hand's."""

    sets: SetFacts
    hand: HandFacts

    @classmethod
    def of(cls, reading: Reading, hand: HandFacts) -> Facts:
        return cls(SetFacts.of(reading), hand)


@dataclass(frozen=True, slots=True)
class Gate:
    """Necessary conditions of a predicate: a shape (None: any), at least so many sets of
    each kind, honours / terminals / simples held (True), not held (False) or either
    (None), the number of suits held within ``suits``, at least :data:`OUTSIDE` terminal
    or honour tiles or not (``outside``), and a fact of the win that holds (one of
    :data:`WIN_FLAGS`, None: any)."""

    shape: Shape | None = None
    chows: int = 0
    pungs: int = 0
    kongs: int = 0
    dragon_pungs: int = 0
    wind_pungs: int = 0
    honours: bool | None = None
    terminals: bool | None = None
    simples: bool | None = None
    suits: tuple[int, int] = (0, 3)
    outside: bool | None = None
    flag: str | None = None

    def admits(self, facts: Facts) -> bool:
        """Whether a reading with ``facts`` may earn the yaku (its predicate is asked)."""
        return self.admits_sets(facts.sets) and self.admits_hand(facts.hand)

    def admits_sets(self, sets: SetFacts) -> bool:
        """The conditions on the reading's shape and sets."""
        return (
            self.shape in (None, sets.shape)
            and sets.chows >= self.chows
            and sets.pungs >= self.pungs
            and sets.kongs >= self.kongs
            and sets.dragon_pungs >= self.dragon_pungs
            and sets.wind_pungs >= self.wind_pungs
        )

    def admits_hand(self, hand: HandFacts) -> bool:
        """The conditions on the hand's tiles and the win."""
        return self.admits_tiles(hand) and self.admits_flags(hand.flags)

    def admits_tiles(self, hand: HandFacts) -> bool:
        """The conditions on the hand's tiles."""
        return (
            self.honours in (None, hand.honours)
            and self.terminals in (None, hand.terminals)
            and self.simples in (None, hand.simples)
            and self.suits[0] <= hand.suits <= self.suits[1]
            and self.outside in (None, hand.outside)
        )

    def admits_flags(self, flags: frozenset[str]) -> bool:
        """The condition on the win: its fact holds (the names of the win's facts that do)."""
        return self.flag is None or self.flag in flags


ANY = Gate()  # no condition: the predicate is asked of every reading
