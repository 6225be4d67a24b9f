"""Riichi: the four-player convention and JoyPip's three-player rules (one class each).

Scoring reads every reading of the hand, scores yakuman or yaku plus dora, needs at
least one yaku, adds fu, and keeps the reading that pays the winner most.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property, partial
from typing import Any, ClassVar

from reference_engine.hand import WinningHand
from reference_engine.play import scenario
from reference_engine.reading import Reading
from reference_engine.riichi.claims import claim_outcome, claimant_from, is_furiten, waits
from reference_engine.riichi.context import RiichiNumbers, RiichiWin, riichi_numbers
from reference_engine.riichi.fu import fu as fu_of
from reference_engine.riichi.match import MatchRules, play_match
from reference_engine.riichi.play import RiichiPlay
from reference_engine.riichi.points import Points, base_points, deposits, payments
from reference_engine.riichi.shapes import TERMINALS_AND_HONOURS, riichi_readings
from reference_engine.riichi.yaku import YAKU, YAKUMAN, Yaku
from reference_engine.variants.base import Outcome, Variant
from spec.errors import RuleError
from spec.melds import MeldKind, parse_meld
from spec.possible import copy_problems, raise_first, structural_count, tile_problems
from spec.profile import PatternValue, Profile
from spec.seats import Seat
from spec.tiles import Tile, format_tiles, tiles_at
from spec.wins import WinBy


@dataclass(frozen=True)
class RiichiScore:
    patterns: dict[str, int]
    han: int
    fu: int
    yakuman: int
    points: Points
    payments: dict[Seat, int]

    @property
    def gain(self) -> int:
        return max(self.payments.values())


class Riichi(Variant):
    """Four-player riichi (WRC/Tenhou convention)."""

    id: ClassVar[str] = "riichi"
    kinds: ClassVar[tuple[str, ...]] = ("score", "analyse", "claim", "play", "match")

    def __init__(self, profile: Profile | None = None) -> None:
        super().__init__(profile)
        self.seats = tuple(Seat(s) for s in self.profile.seats)

    @cached_property
    def rows(self) -> dict[str, PatternValue]:
        """The profile's pattern rows by id."""
        return {row.id: row for row in self.profile.patterns}

    @cached_property
    def yakuman_checks(self) -> tuple[tuple[str, Yaku, PatternValue], ...]:
        """Each yakuman of the profile with its predicate and row, in the order checked."""
        return tuple((i, p, self.rows[i]) for i, p in YAKUMAN.items() if i in self.rows)

    @cached_property
    def yaku_checks(self) -> tuple[tuple[str, Yaku, PatternValue], ...]:
        """Each yaku of the profile with its predicate and row, in the order checked."""
        return tuple((i, p, self.rows[i]) for i, p in YAKU.items() if i in self.rows)

    @cached_property
    def numbers(self) -> RiichiNumbers:
        return riichi_numbers(self.profile)

    def evaluate(self, kind: str, given: Mapping[str, Any]) -> Outcome:
        """Answer a request; ``options: {red_fives: false}`` plays without red fives
        (riichi.tiles.red-fives-option)."""
        options = given.get("options")
        if options is None:
            return super().evaluate(kind, given)
        if not isinstance(options, Mapping) or set(options) - {"red_fives"}:
            raise RuleError("invalid-request", "unknown rule option", path=("options",))
        red = options.get("red_fives", True)
        if not isinstance(red, bool):
            raise RuleError(
                "invalid-request", "red_fives is true or false", path=("options", "red_fives")
            )
        rest = {key: value for key, value in given.items() if key != "options"}
        variant = self if red else self._without_red_fives
        return super(Riichi, variant).evaluate(kind, rest)

    @cached_property
    def _without_red_fives(self) -> Riichi:
        return type(self)(replace(self.profile, tiles=self.profile.tiles.without_red_fives()))

    def prepared(self, kind: str, given: Mapping[str, Any]) -> Callable[[], object]:
        """A score request parsed once; the call finds the best reading."""
        if kind != "score" or "options" in given:
            return super().prepared(kind, given)
        win = self.parse(given)
        return partial(self.best, win)

    def play_rules(self) -> RiichiPlay:
        """The hooks of the game state machine (built once)."""
        return self._play_rules

    @cached_property
    def _play_rules(self) -> RiichiPlay:
        return RiichiPlay(self)

    def play(self, given: Mapping[str, Any]) -> Outcome:
        """A hand played from a wall and a script (riichi.play.*, sanma.play.*)."""
        return scenario.play(self.play_rules(), given)

    def analyse(self, given: Mapping[str, Any]) -> Outcome:
        """A hand's shape: waits, tenpai and furiten with 13 tiles; completeness and the nine
        terminals abortive draw with 14 (rules ``sanma.analyse.*`` and ``sanma.abortive.*``)."""
        claimant = claimant_from(Seat.EAST, given, ())
        hand = WinningHand(Seat.EAST, claimant.concealed, claimant.melds)
        self._check_tiles(hand)
        self._check_copies(hand, ())
        count = structural_count(hand.concealed, hand.melds)
        size = self.profile.hand_size
        if count == size:
            waiting = waits(claimant, self.profile.tiles.kinds)
            ordered = sorted(waiting)
            return {
                "complete": False,
                "waits": format_tiles(ordered),
                "tenpai": bool(ordered),
                "furiten": is_furiten(claimant, waiting),
            }
        if count == size + 1:
            readings = list(riichi_readings(hand, on_anothers_tile=False))
            shapes = sorted({r.shape.value for r in readings})
            kinds = {t.normal for t in hand.concealed if t.normal in TERMINALS_AND_HONOURS}
            return {
                "complete": bool(readings),
                "shapes": shapes,
                "nine_terminals": not hand.melds and len(kinds) >= 9,
            }
        raise RuleError(
            "tile-count", f"{count} tiles; analyse takes {size} or {size + 1}", path=("concealed",)
        )

    def claim(self, given: Mapping[str, Any]) -> Outcome:
        """Legal claims on a discard (or an extracted North) and which is granted."""
        round_wind = self._seat(given.get("round", "east"), "round")

        def context(hand: WinningHand, source: Seat) -> RiichiWin:
            riichi = bool((given.get("hands") or {}).get(hand.seat.value, {}).get("riichi", False))
            return RiichiWin(hand, WinBy.DISCARD, source, round_wind, riichi=riichi)

        return claim_outcome(
            given,
            self.seats,
            self.profile.tiles.kinds,
            self.profile.chow_allowed,
            context,
            self.score_reading,
        )

    def match(self, given: Mapping[str, Any]) -> Outcome:
        """A match replayed from hand outcomes (points, deposits, honba, rounds, uma)."""
        data = self.profile.sections.get("match", {})
        rules = MatchRules(
            seats=self.seats,
            start_points=int(data["start_points"]),
            lengths={name: dict(length) for name, length in data["lengths"].items()},
            round_winds=self.numbers.rounds,
            uma=tuple(int(u) for u in data["uma"]),
            noten_total=int(data["noten_total"]),
            deposit=self.numbers.payments["riichi_deposit"],
            mangan_base=self.numbers.base_cap,
            leftover_to_top=data.get("leftover_sticks", "top") == "top",
        )
        return play_match(rules, given)

    # --- request ------------------------------------------------------------------------

    def parse(self, given: Mapping[str, Any]) -> RiichiWin:
        """A score request's hand and circumstances, checked against the tile set."""
        concealed = tiles_at(given.get("concealed", ""), "concealed")
        melds = tuple(parse_meld(m, ("melds", i)) for i, m in enumerate(given.get("melds", [])))
        seat = self._seat(given.get("seat"), "seat")
        for index, meld in enumerate(melds):
            if meld.kind is MeldKind.CHOW and not self.profile.chow_allowed:
                raise RuleError(
                    "invalid-meld", "this variant has no chow claims", path=("melds", index)
                )
        hand = WinningHand(seat, concealed, melds)
        self._check_tiles(hand)
        count = structural_count(hand.concealed, hand.melds)
        if count != self.profile.hand_size + 1:
            raise RuleError(
                "tile-count",
                f"{count} tiles (melds counted as three); a win needs 14",
                path=("concealed",),
            )
        win = given.get("win") or {}
        try:
            by = WinBy(win.get("by"))
        except ValueError:
            raise RuleError("invalid-request", "unknown win", path=("win", "by")) from None
        if by.by_flowers:
            raise RuleError("invalid-request", f"no {by.value} win in riichi", path=("win", "by"))
        source = self._seat(win["from"], "win", "from") if "from" in win else None
        if by.on_anothers_tile and (source is None or source is seat):
            raise RuleError("invalid-request", "a ron needs another seat in 'from'", path=("win",))
        round_wind = self._seat(given.get("round", "east"), "round")
        if round_wind not in self.numbers.rounds:
            raise RuleError("invalid-request", f"no {round_wind.value} round here", path=("round",))
        table = given.get("table") or {}
        north = given.get("north", 0)
        if north and "nuki-dora" not in {row.id for row in self.profile.patterns}:
            raise RuleError("invalid-request", "this variant extracts no North", path=("north",))
        indicators = tiles_at(given.get("dora_indicators", ""), "dora_indicators") + tiles_at(
            given.get("ura_indicators", ""), "ura_indicators"
        )
        self._check_copies(hand, (Tile.NORTH,) * int(north) + indicators)
        result = RiichiWin(
            hand=hand,
            by=by,
            from_seat=source,
            round_wind=round_wind,
            riichi=bool(table.get("riichi", False)),
            double_riichi=bool(table.get("double_riichi", False)),
            ippatsu=bool(table.get("ippatsu", False)),
            after_kong=bool(table.get("after_kong", False)),
            last_tile=bool(table.get("last_tile", False)),
            first_turn=bool(table.get("first_turn", False)),
            dora=self._dora(given.get("dora_indicators", ""), "dora_indicators"),
            ura_dora=self._dora(given.get("ura_indicators", ""), "ura_indicators"),
            nuki=int(north),
            honba=int(table.get("honba", 0)),
            riichi_sticks=int(table.get("riichi_sticks", 0)),
        )
        _check_flags(result)
        return result

    def _seat(self, value: object, *path: str) -> Seat:
        try:
            seat = Seat(value)
        except ValueError:
            raise RuleError("invalid-request", f"unknown seat {value!r}", path=path) from None
        if seat not in self.seats:
            raise RuleError("invalid-request", f"{seat.value} does not play here", path=path)
        return seat

    def _dora(self, text: object, field: str) -> tuple[Tile, ...]:
        indicators = tiles_at(text or "", field)
        return tuple(self.numbers.dora_after(t) for t in indicators)

    def _check_tiles(self, hand: WinningHand) -> None:
        raise_first(tile_problems(self.profile.tiles, hand.concealed, hand.melds))

    def _check_copies(self, hand: WinningHand, shown: tuple[Tile, ...]) -> None:
        """No tile more often than the set has it: hand, melds, extracted Norths, indicators."""
        raise_first(copy_problems(self.profile.tiles, hand.concealed, hand.melds, shown))

    # --- scoring -------------------------------------------------------------------------

    def score(self, given: Mapping[str, Any]) -> Outcome:
        """riichi.score: the best reading's yaku, han, fu, limit and payments."""
        win = self.parse(given)
        best = self.best(win)
        if best is None:
            if next(riichi_readings(win.hand, on_anothers_tile=win.by.on_anothers_tile), None):
                raise RuleError("no-yaku", "the hand is complete but has no yaku")
            raise RuleError(
                "not-winning", "the tiles do not form a winning hand", path=("concealed",)
            )
        return {
            "patterns": best.patterns,
            "han": best.han,
            "fu": best.fu,
            "yakuman": best.yakuman,
            "limit": best.points.limit,
            "base": best.points.base,
            "payments": {seat.value: amount for seat, amount in best.payments.items()},
            "deposits": deposits(win, self.numbers),
        }

    def best(self, win: RiichiWin) -> RiichiScore | None:
        """The reading that pays the winner most (None when no reading has a yaku)."""
        best: RiichiScore | None = None
        for reading in riichi_readings(win.hand, on_anothers_tile=win.by.on_anothers_tile):
            scored = self.score_reading(reading, win)
            if scored is not None and (best is None or _rank(scored) > _rank(best)):
                best = scored
        return best

    def score_reading(self, reading: Reading, win: RiichiWin) -> RiichiScore | None:
        """The score of one reading, or None when it has no yaku (riichi.yaku.required)."""
        rows = self.rows
        numbers = self.numbers
        patterns: dict[str, int] = {}
        for pattern_id, predicate, row in self.yakuman_checks:
            if count := predicate(reading, win, numbers, row):
                patterns[pattern_id] = count
        yakuman = sum(patterns.values())
        if not yakuman:
            for pattern_id, predicate, row in self.yaku_checks:
                if han := predicate(reading, win, numbers, row):
                    patterns[pattern_id] = han
            for pattern_id in list(patterns):
                for replaced in rows[pattern_id].replaces:
                    patterns.pop(replaced, None)
            if not patterns:
                return None
            patterns.update(self._dora_counts(reading, win, rows))
        han = 0 if yakuman else sum(patterns.values())
        fu = 0 if yakuman else fu_of(reading, win, self.numbers, pinfu="pinfu" in patterns)
        points = base_points(han, fu, yakuman, self.numbers)
        return RiichiScore(
            patterns, han, fu, yakuman, points, payments(points, win, self.seats, self.numbers)
        )

    def _dora_counts(
        self, reading: Reading, win: RiichiWin, rows: Mapping[str, Any]
    ) -> dict[str, int]:
        """riichi.dora.*: dora, ura-dora (with riichi), red fives and extracted Norths."""
        tiles = [t for t in reading.tiles]
        counts = {
            "dora": sum(1 for d in win.dora for t in tiles if t.normal is d),
            "ura-dora": sum(1 for d in win.ura_dora for t in tiles if t.normal is d)
            if win.riichi or win.double_riichi
            else 0,
            "aka-dora": sum(1 for t in tiles if t.is_red),
            "nuki-dora": win.nuki,
        }
        counts["dora"] += sum(1 for d in win.dora if d is Tile.NORTH) * win.nuki
        if win.riichi or win.double_riichi:
            counts["ura-dora"] += sum(1 for d in win.ura_dora if d is Tile.NORTH) * win.nuki
        return {k: v * rows[k].han for k, v in counts.items() if v and k in rows}


def _check_flags(win: RiichiWin) -> None:
    """Circumstances that cannot happen together are refused (code ``inconsistent-flags``)."""
    declared = win.riichi or win.double_riichi
    problems = [
        (declared and not win.closed, "riichi needs a closed hand"),
        (win.ippatsu and not declared, "ippatsu needs riichi"),
        (win.after_kong and not win.tsumo, "a win after a kan is a self-draw"),
        (win.last_tile and win.by is WinBy.ROBBING_KONG, "robbing a kan is not the last tile"),
        (
            win.first_turn and (bool(win.hand.melds) or not win.tsumo),
            "a first-turn win is a closed self-draw",
        ),
    ]
    for failed, message in problems:
        if failed:
            raise RuleError("inconsistent-flags", message, path=("table",))


def _rank(score: RiichiScore) -> tuple[int, bool, int, int]:
    """Most paid first; at equal pay a real yakuman beats a counted one, then han, then fu."""
    return (score.gain, score.yakuman > 0, score.han, score.fu)


class RiichiSanma(Riichi):
    """JoyPip three-player riichi: 108 tiles, North extraction, tsumo loss."""

    id: ClassVar[str] = "riichi-sanma"
