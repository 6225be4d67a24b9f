"""The riichi family: the four-player convention and JoyPip's three-player rules, one
profile each over the same package (scoring, request, claims, play, match)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import cached_property, partial
from typing import Any, ClassVar

from reference_engine.hand import WinningHand
from reference_engine.play import scenario
from reference_engine.variants.base import Outcome, Variant
from reference_engine.variants.riichi.claims import (
    claim_outcome,
    claimant_from,
    is_furiten,
    waits,
)
from reference_engine.variants.riichi.context import RiichiWin
from reference_engine.variants.riichi.house import HouseRules
from reference_engine.variants.riichi.match import MatchRules, play_match
from reference_engine.variants.riichi.play import RiichiPlay
from reference_engine.variants.riichi.points import deposits
from reference_engine.variants.riichi.request import RiichiRequests
from reference_engine.variants.riichi.scoring import RiichiScorer
from reference_engine.variants.riichi.shapes import riichi_readings
from spec.errors import RuleError
from spec.melds import Meld, MeldKind
from spec.possible import structural_count
from spec.profile import Profile
from spec.seats import Seat
from spec.tiles import DRAGONS, TERMINALS_AND_HONOURS, WINDS, Tile, format_tiles, tiles_at

# each seat's name in an answer, read once (a member's .value is a Python-level descriptor
# on Python 3.11, read for every payment of every answer)
_SEAT_NAMES = {seat: seat.value for seat in Seat}


class Riichi(Variant):
    """The riichi family: yaku, han and fu; four players (WRC/Tenhou convention) or three
    (JoyPip sanma), as the profile says."""

    family: ClassVar[str] = "riichi"

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.scorer = RiichiScorer(self.profile)
        self.numbers = self.scorer.numbers
        self.requests = RiichiRequests(self.profile, self.numbers)
        self.seats = self.scorer.seats
        self._tables: dict[tuple[tuple[Tile, ...], HouseRules], Riichi] = {}

    def evaluate(self, kind: str, given: Mapping[str, Any]) -> Outcome:
        """Answer a request; ``options`` set the table's rules: ``red_fives: false`` plays
        without red fives (riichi.tiles.red-fives-option), a list of red fives with those
        (riichi.tiles.red-five-counts), and each house rule (riichi.house.*) may take
        another of its choices."""
        options = given.get("options")
        if options is None:
            return super().evaluate(kind, given)
        if not isinstance(options, Mapping):
            raise RuleError("invalid-request", "options is a mapping", path=("options",))
        reds = self._red_fives(options.get("red_fives", True))
        house = {name: value for name, value in options.items() if name != "red_fives"}
        table = self._table(reds, self.numbers.house.overridden(house, ("options",)))
        rest = {key: value for key, value in given.items() if key != "options"}
        return super(Riichi, table).evaluate(kind, rest)

    def _red_fives(self, value: object) -> tuple[Tile, ...]:
        """The red copies a table plays with: the profile's (true), none (false) or the
        listed ones, each a red five of a suit in the set, at most all the copies of it."""
        path: tuple[str | int, ...] = ("options", "red_fives")
        if value is True:
            return self.profile.tiles.red_fives
        if value is False:
            return ()
        if not isinstance(value, list):
            message = "red_fives is true, false or a list of red fives"
            raise RuleError("invalid-request", message, path=path)
        tiles = self.profile.tiles
        reds: list[Tile] = []
        for index, text in enumerate(value):
            (red,) = tiles_at(text, *path, index)  # one of 0m 0p 0s: the request schema
            if not red.is_red or red.normal not in tiles.kinds:
                message = f"{red.mpsz} is not a red five of this set"
                raise RuleError("invalid-request", message, path=(*path, index))
            reds.append(red)
            if reds.count(red) > tiles.copies:
                message = f"more red {red.mpsz} than the {tiles.copies} copies of the five"
                raise RuleError("invalid-request", message, path=(*path, index))
        return tuple(sorted(reds))

    def _table(self, red_fives: tuple[Tile, ...], house: HouseRules) -> Riichi:
        """This variant with a table's options (built once per choice of options)."""
        key = (red_fives, house)
        if key not in self._tables:
            profile = house.in_profile(self.profile)
            if red_fives != profile.tiles.red_fives:
                profile = replace(profile, tiles=profile.tiles.with_red_fives(red_fives))
            self._tables[key] = type(self)(profile)
        return self._tables[key]

    def prepared(self, kind: str, given: Mapping[str, Any]) -> Callable[[], object]:
        """A score request parsed once; the call finds the best reading."""
        if kind != "score" or "options" in given:
            return super().prepared(kind, given)
        win = self.requests.parse(given)
        return partial(self.scorer.best, win)

    def play_rules(self) -> RiichiPlay:
        """The hooks of the game state machine (built once)."""
        return self._play_rules

    @cached_property
    def _play_rules(self) -> RiichiPlay:
        return RiichiPlay(self.scorer)

    def play(self, given: Mapping[str, Any]) -> Outcome:
        """A hand played from a wall and a script (riichi.play.*, sanma.play.*)."""
        return scenario.play(self.play_rules(), given)

    def analyse(self, given: Mapping[str, Any]) -> Outcome:
        """A hand's shape: waits, tenpai and furiten with 13 tiles; completeness and the nine
        terminals abortive draw with 14 (rules ``sanma.analysis.*`` and ``sanma.abortive.*``)."""
        claimant = claimant_from(Seat.EAST, given, ())
        hand = WinningHand(Seat.EAST, claimant.concealed, claimant.melds)
        self.requests.check_tiles(hand)
        self.requests.check_copies(hand, ())
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
        round_wind = self.requests.seat(given.get("round", "east"), "round")
        return claim_outcome(given, self.play_rules(), round_wind)

    def match(self, given: Mapping[str, Any]) -> Outcome:
        """A match replayed from hand outcomes (points, deposits, honba, rounds, uma)."""
        data = self.profile.sections.get("match", {})
        rules = MatchRules(
            seats=self.seats,
            start_points=int(data["start_points"]),
            return_points=int(data.get("return_points", data["start_points"])),
            lengths={name: dict(length) for name, length in data["lengths"].items()},
            round_winds=self.numbers.rounds,
            uma=tuple(int(u) for u in data["uma"]),
            noten_total=int(data["noten_total"]),
            deposit=self.numbers.payments["riichi_deposit"],
            mangan_base=self.numbers.base_cap,
            leftover_to_top=data.get("leftover_sticks", "top") == "top",
            house=self.numbers.house,
            extension_target=data.get("extension_target"),
            dealer_stop=bool(data.get("dealer_stop", False)),
        )
        return play_match(rules, given)

    # --- scoring -------------------------------------------------------------------------

    def _check_liability(self, win: RiichiWin, liable: Seat, patterns: Mapping[str, int]) -> None:
        """riichi.house.pao: a liable seat answers for a yakuman of the hand that the table's
        pao names, and only as the discarder of a claimed meld of it (a dragon's or a wind's
        pon or open kan; for four kans an open kan): a group held concealed makes nobody
        liable. A liable seat without that cause cannot hold (``inconsistent-flags``)."""
        pao = self.numbers.house.pao
        yakuman = [name for name in patterns if name in pao.yakuman]
        if not yakuman:
            why = f"no yakuman of this hand carries a liability here (pao: {pao.value})"
        elif any(_may_have_fed(liable, win.hand.melds, name) for name in yakuman):
            return
        else:
            why = f"{liable.value} fed no claimed meld of {' or '.join(yakuman)}"
        message = f"table.liable: {why} (riichi.house.pao)"
        raise RuleError("inconsistent-flags", message, path=("table", "liable"))

    def score(self, given: Mapping[str, Any]) -> Outcome:
        """riichi.points.best-reading: the best reading's yaku, han, fu, limit and payments."""
        win = self.requests.parse(given)
        readings = tuple(riichi_readings(win.hand, on_anothers_tile=win.by.on_anothers_tile))
        if not readings:
            raise RuleError(
                "not-winning", "the tiles do not form a winning hand", path=("concealed",)
            )
        best = self.scorer.best(win, readings)
        if best is None:
            raise RuleError("no-yaku", "the hand is complete but has no yaku")
        if win.liable is not None:
            self._check_liability(win, win.liable, best.patterns)
        return {
            "patterns": best.patterns,
            "han": best.han,
            "fu": best.fu,
            "yakuman": best.yakuman,
            "limit": best.points.limit,
            "base": best.points.base,
            "payments": {_SEAT_NAMES[seat]: amount for seat, amount in best.payments.items()},
            "deposits": deposits(win, self.numbers),
        }


FAMILY = Riichi


def _may_have_fed(seat: Seat, melds: Sequence[Meld], yakuman: str) -> bool:
    """riichi.house.pao: ``seat`` discarded a tile claimed into a group of ``yakuman`` (or a
    claimed meld of it does not say whom from, so any seat may have)."""
    feeders = {m.claimed_from for m in melds if m.is_open and _of_group(m, yakuman)}
    return seat in feeders or None in feeders


def _of_group(meld: Meld, yakuman: str) -> bool:
    """A meld of the group whose claim makes ``yakuman`` liable: an open kan for four kans,
    a dragon's or a wind's pon or kan for big three dragons or big four winds."""
    if yakuman == "suukantsu":
        return meld.kind is MeldKind.KONG and not meld.added
    honours = DRAGONS if yakuman == "daisangen" else WINDS
    return meld.kind is not MeldKind.CHOW and meld.base in honours
