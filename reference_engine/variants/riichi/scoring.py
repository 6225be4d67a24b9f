"""Riichi scoring: every reading of a win scored as yakuman, or yaku plus dora (at least one
yaku, rule ``riichi.yaku.required``), with fu and limits; the reading that pays the winner
most is kept (``riichi.points.best-reading``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from reference_engine.analysis.reading import Reading
from reference_engine.record import set_at_once
from reference_engine.variants.riichi.context import RiichiNumbers, RiichiWin, riichi_numbers
from reference_engine.variants.riichi.fu import fu as fu_of
from reference_engine.variants.riichi.gates import HandFacts, HandKey, SetFacts, SetKey
from reference_engine.variants.riichi.house import PaoCovers, Renhou
from reference_engine.variants.riichi.points import Points, base_points, payments
from reference_engine.variants.riichi.shapes import riichi_readings
from reference_engine.variants.riichi.yaku import GATES, YAKU, YAKUMAN, Yaku, is_renhou
from spec.profile import PatternValue, Profile
from spec.seats import Seat
from spec.tiles import RED_FIVES as RED_OF
from spec.tiles import Tile

RED_FIVES = (Tile.M0, Tile.P0, Tile.S0)  # every red tile (Tile.is_red)
# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path
# (about 0.2 us a read, 3.12 reads it at C speed): the members every request's score
# compares with are read once here.
_NORTH, _RENHOU_MANGAN = Tile.NORTH, Renhou.MANGAN
Checks = tuple[tuple[str, Yaku, PatternValue], ...]  # pattern ids with predicate and row


@set_at_once
@dataclass(frozen=True)
class RiichiScore:
    patterns: dict[str, int]
    han: int
    fu: int
    yakuman: int
    points: Points
    payments: dict[Seat, int]
    covered: int = 0  # yakuman a liable seat answers for (riichi.house.pao)

    @property
    def gain(self) -> int:
        return max(self.payments.values())


class RiichiScorer:
    """The scoring of one riichi profile: its yaku table bound to the predicates once."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.seats = tuple(Seat(s) for s in profile.seats)
        self._by_set_facts: dict[SetKey, int] = {}
        self._by_hand_facts: dict[HandKey, int] = {}
        self._by_tile_facts: dict[tuple[int, bool], int] = {}
        self._by_win_facts: dict[tuple[bool, ...], int] = {}
        self._by_mask: dict[int, tuple[Checks, Checks]] = {}

    @cached_property
    def rows(self) -> dict[str, PatternValue]:
        """The profile's pattern rows by id."""
        return {row.id: row for row in self.profile.patterns}

    @cached_property
    def yakuman_checks(self) -> Checks:
        """Each yakuman of the profile with its predicate and row, in the order checked."""
        return tuple((i, p, self.rows[i]) for i, p in YAKUMAN.items() if i in self.rows)

    @cached_property
    def yaku_checks(self) -> Checks:
        """Each yaku of the profile with its predicate and row, in the order checked."""
        return tuple((i, p, self.rows[i]) for i, p in YAKU.items() if i in self.rows)

    @cached_property
    def checks(self) -> Checks:
        """The yakuman and then the yaku checks: bit ``i`` of an admitted mask is check ``i``."""
        return (*self.yakuman_checks, *self.yaku_checks)

    def gated(self, sets: SetKey, hand: HandKey) -> tuple[Checks, Checks]:
        """The yakuman and the yaku whose gates admit a reading with these facts: the only
        predicates worth asking of it. The checks the sets' facts admit and those the
        hand's admit are masks worked out once per distinct facts; the checks of each
        distinct mask (the two masks' common bits) are listed once."""
        by_sets = self._by_set_facts.get(sets)
        if by_sets is None:
            by_sets = self._by_set_facts[sets] = self._by_sets(sets)
        by_hand = self._by_hand_facts.get(hand)
        if by_hand is None:
            by_hand = self._by_hand_facts[hand] = self._by_hand(hand)
        mask = by_sets & by_hand
        found = self._by_mask.get(mask)
        if found is None:
            yakuman = len(self.yakuman_checks)
            found = self._by_mask[mask] = (
                tuple(c for i, c in enumerate(self.yakuman_checks) if mask >> i & 1),
                tuple(c for i, c in enumerate(self.yaku_checks, yakuman) if mask >> i & 1),
            )
        return found

    def _by_sets(self, key: SetKey) -> int:
        """The mask of the checks whose gates admit a reading's sets."""
        sets = SetFacts(*key)
        return _mask(GATES[c[0]].admits_sets(sets) for c in self.checks)

    def _by_hand(self, key: HandKey) -> int:
        """The mask of the checks whose gates admit a hand: those its tiles admit and those
        its win's facts admit (each worked out once per distinct tiles' or win's facts)."""
        bits, outside, flags = key
        by_tiles = self._by_tile_facts.get((bits, outside))
        if by_tiles is None:
            hand = HandFacts.of_key((bits, outside, flags))
            by_tiles = _mask(GATES[c[0]].admits_tiles(hand) for c in self.checks)
            self._by_tile_facts[bits, outside] = by_tiles
        by_flags = self._by_win_facts.get(flags)
        if by_flags is None:
            by_flags = self._by_win_facts[flags] = self._by_flags(flags)
        return by_tiles & by_flags

    def _by_flags(self, flags: tuple[bool, ...]) -> int:
        """The mask of the checks whose gates admit a win with these facts (the values of
        WIN_FLAGS). On an open hand a yaku whose row has no open value is left out (it
        earns its open value)."""
        held = HandFacts.of_key((0, False, flags)).flags
        closed = "closed" in held
        yakuman = _mask(GATES[c[0]].admits_flags(held) for c in self.yakuman_checks)
        yaku = _mask(
            GATES[i].admits_flags(held) and (closed or bool(row.optional("open_han")))
            for i, _, row in self.yaku_checks
        )
        return yakuman | yaku << len(self.yakuman_checks)

    @cached_property
    def numbers(self) -> RiichiNumbers:
        return riichi_numbers(self.profile)

    def best(self, win: RiichiWin, readings: Iterable[Reading] | None = None) -> RiichiScore | None:
        """The reading that pays the winner most (None when no reading has a yaku), among
        ``readings`` when the caller has read the hand already (every reading of it)."""
        best: RiichiScore | None = None
        hand: HandKey | None = None
        dora: dict[str, int] = {}
        if readings is None:
            readings = riichi_readings(win.hand, on_anothers_tile=win.by.on_anothers_tile)
        for reading in readings:
            if hand is None:  # the same tiles in every reading of the hand: read once
                hand, dora = HandFacts.key(win, reading.tiles), self.dora(win, reading.tiles)
            scored = self.score_reading(reading, win, hand, dora)
            if scored is not None and (best is None or _rank(scored) > _rank(best)):
                best = scored
        return best

    def score_reading(
        self,
        reading: Reading,
        win: RiichiWin,
        hand: HandKey | None = None,
        dora: Mapping[str, int] | None = None,
    ) -> RiichiScore | None:
        """The score of one reading, or None when it has no yaku (riichi.yaku.required);
        riichi.house.renhou (mangan): renhou alone when the reading's own yaku pay no more.
        ``hand`` (the hand's gate key, :meth:`HandFacts.key`) and ``dora`` (:meth:`dora`):
        the facts of the hand's tiles when the caller has them."""
        checks = self.gated(SetFacts.key(reading), hand or HandFacts.key(win, reading.tiles))
        if dora is None:
            dora = self.dora(win, reading.tiles)
        scored = self._score_yaku(reading, win, checks, dora)
        mangan = self.numbers.house.renhou is _RENHOU_MANGAN and "renhou" in self.rows
        if not (mangan and is_renhou(win)) or (scored is not None and scored.yakuman):
            return scored
        alone = self._renhou_alone(win)
        return alone if scored is None or alone.gain >= scored.gain else scored

    def _renhou_alone(self, win: RiichiWin) -> RiichiScore:
        """riichi.house.renhou (mangan): renhou's han alone, no fu, no dora."""
        han = self.rows["renhou"].value("han")
        points = base_points(han, 0, 0, self.numbers)
        paid = payments(points, win, self.seats, self.numbers)
        return RiichiScore({"renhou": han}, han, 0, 0, points, paid)

    def _score_yaku(
        self,
        reading: Reading,
        win: RiichiWin,
        checks: tuple[Checks, Checks],
        dora: Mapping[str, int],
    ) -> RiichiScore | None:
        """The reading's yakuman, or its yaku and ``dora`` (None without a yaku); only the
        predicates whose gates admit the reading (``checks``) are asked (the others would
        say 0)."""
        rows = self.rows
        numbers = self.numbers
        patterns: dict[str, int] = {}
        yakuman_checks, yaku_checks = checks
        for pattern_id, predicate, row in yakuman_checks:
            if count := predicate(reading, win, numbers, row):
                patterns[pattern_id] = count
        yakuman = sum(patterns.values())
        if not yakuman:
            for pattern_id, predicate, row in yaku_checks:
                if han := predicate(reading, win, numbers, row):
                    patterns[pattern_id] = han
            for pattern_id in list(patterns):
                for replaced in rows[pattern_id].replaces:
                    patterns.pop(replaced, None)
            if not patterns:
                return None
            patterns.update(dora)
        han = 0 if yakuman else sum(patterns.values())
        fu = 0 if yakuman else fu_of(reading, win, self.numbers, pinfu="pinfu" in patterns)
        points = base_points(han, fu, yakuman, self.numbers)
        covered = self._covered(patterns, yakuman) if win.liable is not None else 0
        paid = payments(points, win, self.seats, self.numbers, covered)
        return RiichiScore(patterns, han, fu, yakuman, points, paid, covered)

    def _covered(self, patterns: Mapping[str, int], yakuman: int) -> int:
        """riichi.house.pao and riichi.house.pao-covers: how many of the hand's yakuman the
        liable seat answers for (none without a yakuman the table's liability names)."""
        house = self.numbers.house
        liable = sum(count for name, count in patterns.items() if name in house.pao.yakuman)
        if not liable:
            return 0
        return yakuman if house.pao_covers is PaoCovers.WHOLE_HAND else liable

    def dora(self, win: RiichiWin, tiles: tuple[Tile, ...]) -> dict[str, int]:
        """riichi.dora.*: the han of dora, ura-dora (with riichi), red fives and extracted
        Norths among the hand's ``tiles`` (the same in every reading of it)."""
        rows = self.rows
        with_ura = win.riichi or win.double_riichi
        counts = {
            "dora": _held(tiles, win.dora) + win.dora.count(_NORTH) * win.nuki,
            "ura-dora": _held(tiles, win.ura_dora) + win.ura_dora.count(_NORTH) * win.nuki
            if with_ura
            else 0,
            "aka-dora": sum(map(tiles.count, RED_FIVES)),
            "nuki-dora": win.nuki,
        }
        return {k: v * rows[k].value("han") for k, v in counts.items() if v and k in rows}


def _held(tiles: tuple[Tile, ...], dora: tuple[Tile, ...]) -> int:
    """How many of ``tiles`` are among the ``dora`` (each counted once per indicator
    pointing to it; a red five is a five)."""
    plain = sum(map(tiles.count, dora))
    return plain + sum(tiles.count(RED_OF[tile]) for tile in dora if tile in RED_OF)


def _mask(admits: Iterable[bool]) -> int:
    """The bits of the true ones, the first the lowest."""
    return sum(1 << i for i, admitted in enumerate(admits) if admitted)


def _rank(score: RiichiScore) -> tuple[int, bool, int, int]:
    """Most paid first; at equal pay a real yakuman beats a counted one, then han, then fu."""
    return (score.gain, score.yakuman > 0, score.han, score.fu)
