"""The award predicates of points-and-doubles scoring, one per profile pattern id.

Each predicate counts how many times a reading earns its award (sets, tiles or once); the
profile says what one earns (``points``, ``concealed_points`` or ``doubles``) and who may
score it (``scorers``), and :data:`AWARDS` turns the count into what the award adds.
Limit predicates say whether the winner's hand is that limit. Nothing here is a number
of the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reference_engine.analysis.decompose import GroupKind, counts_of
from reference_engine.analysis.waits import sets_and_pair_waits
from reference_engine.variants.classical.request import Circumstances, Tiles
from reference_engine.variants.classical.sets import (
    Reading,
    SetKind,
    is_thirteen_orphans,
    seat_wind,
)
from spec.profile import PatternValue
from spec.seats import SEATS, Seat
from spec.tiles import DRAGONS, FLOWERS, TERMINALS_AND_HONOURS, WINDS, Tile

GREEN = frozenset({Tile.S2, Tile.S3, Tile.S4, Tile.S6, Tile.S8, Tile.GREEN})
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@dataclass(frozen=True)
class Player:
    """Whose hand is read: the player's tiles, seat and round wind, and, for the winner,
    how the hand was won."""

    tiles: Tiles
    round_wind: Seat
    win: Circumstances | None = None

    @property
    def wind(self) -> Tile:
        return seat_wind(self.tiles.seat)

    @property
    def round(self) -> Tile:
        return seat_wind(self.round_wind)

    def scoring_pair(self, tile: Tile) -> bool:
        return tile in DRAGONS or tile in (self.wind, self.round)


Award = Callable[[Reading, Player, PatternValue], int]


def _sets_worth(kind: SetKind, major: bool) -> Award:
    def points(reading: Reading, player: Player, row: PatternValue) -> int:
        """cc.points.sets: each set of this kind, at its exposed or concealed value."""
        return sum(
            row.value("points") if s.exposed else row.value("concealed_points")
            for s in reading.sets
            if s.kind is kind and s.major is major
        )

    return points


def _times(count: Callable[[Reading, Player, PatternValue], int]) -> Award:
    """What an award adds: its count times the row's points, or its doubles."""

    def worth(reading: Reading, player: Player, row: PatternValue) -> int:
        return count(reading, player, row) * (row.value("points") or row.value("doubles"))

    return worth


def _going_out(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.points.going-out."""
    return 1


def _self_draw(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.points.self-draw: a drawn winning tile (a kong replacement too), except the last
    live tile."""
    win = player.win
    return int(win is not None and win.self_drawn and not (win.last_tile and not win.after_kong))


def _pair_completion(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.points.pair-completion: the winning tile completed the pair."""
    return int(reading.winning_group is GroupKind.PAIR)


def _major_pair_completion(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.points.major-pair-completion: ... a pair of terminals or honours."""
    pair = reading.pairs[0] if reading.pairs else None
    major = pair is not None and pair in TERMINALS_AND_HONOURS
    return int(reading.winning_group is GroupKind.PAIR and major)


def live_waits(tiles: Tiles, seen: tuple[Tile, ...]) -> list[int]:
    """The kinds that would complete the hand without its winning tile, less those whose four
    copies are public: seen (the discards and the other players' melds) or in the player's
    own melds, a declared concealed kong too (cc.points.one-chance; copies in the concealed
    tiles never count)."""
    before = tiles.concealed[:-1]
    public = counts_of(seen + tuple(t for m in tiles.melds for t in m.tiles))
    return [kind for kind in sets_and_pair_waits(counts_of(before)) if public[kind] < 4]


def _one_chance(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.points.one-chance: one kind of tile alone could complete the hand."""
    win = player.win
    return int(win is not None and len(live_waits(player.tiles, win.seen)) == 1)


def _bonus_tiles(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.points.bonus-tiles: each flower and season."""
    return len(player.tiles.flowers)


def _dragon_pair(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.points.dragon-pair."""
    return reading.pairs_of(DRAGONS)


def _seat_wind_pair(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.points.seat-wind-pair."""
    return reading.pairs_of((player.wind,))


def _round_wind_pair(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.points.round-wind-pair."""
    return reading.pairs_of((player.round,))


def _dragon_sets(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.doubles.dragon-set: each set of dragons."""
    return reading.sets_of(DRAGONS)


def _seat_wind_set(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.doubles.seat-wind-set."""
    return reading.sets_of((player.wind,))


def _round_wind_set(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.doubles.round-wind-set."""
    return reading.sets_of((player.round,))


def _three_concealed_pungs(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.doubles.three-concealed-pungs."""
    return int(sum(1 for s in reading.pungs if s.hidden) >= row.param("at_least"))


def _little_three_dragons(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.doubles.little-three-dragons: two dragon sets and a dragon pair."""
    return int(reading.sets_of(DRAGONS) == 2 and reading.pairs_of(DRAGONS) >= 1)


def _big_three_dragons(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.doubles.big-three-dragons."""
    return int(reading.sets_of(DRAGONS) == 3)


def _little_four_winds(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.doubles.little-four-winds: three wind sets and a pair of the fourth."""
    return int(reading.sets_of(WINDS) == 3 and reading.pairs_of(WINDS) >= 1)


def _four_wind_sets(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.doubles.four-winds: a non-winner's four wind sets (a winner's are a limit)."""
    return int(player.win is None and reading.sets_of(WINDS) == 4)


def _own(player: Player) -> tuple[Tile, Tile]:
    index = SEATS.index(player.tiles.seat)
    return FLOWERS[index], FLOWERS[4 + index]


def _own_flower_and_season(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.doubles.own-flower-and-season."""
    return int(all(t in player.tiles.flowers for t in _own(player)))


def _all_flowers(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.doubles.all-flowers."""
    return int(all(t in player.tiles.flowers for t in FLOWERS[:4]))


def _all_seasons(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.doubles.all-seasons."""
    return int(all(t in player.tiles.flowers for t in FLOWERS[4:]))


def _all_chows(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.winner.all-chows: four chows and a pair that scores nothing."""
    chows = all(s.kind is SetKind.CHOW for s in reading.sets)
    return int(chows and not any(player.scoring_pair(t) for t in reading.pairs))


def _all_pungs(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.winner.all-pungs."""
    return int(all(s.is_pung_or_kong for s in reading.sets))


def _terminals_and_honours(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.winner.terminals-and-honours."""
    return int(all(t in TERMINALS_AND_HONOURS for t in reading.tiles))


def _one_suit_with_honours(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.winner.one-suit-with-honours."""
    return int(len(reading.suits) == 1 and reading.has_honours)


def _pure_one_suit(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.winner.pure-one-suit."""
    return int(len(reading.suits) == 1 and not reading.has_honours)


def _concealed_self_draw(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.winner.concealed-self-draw."""
    win = player.win
    return int(win is not None and win.self_drawn and reading.concealed_hand)


def _last_tile(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.winner.last-tile: the last live tile, drawn (a replacement is not a live tile)."""
    win = player.win
    return int(win is not None and win.last_tile and win.self_drawn and not win.after_kong)


def _last_discard(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.winner.last-discard."""
    win = player.win
    return int(win is not None and win.last_tile and win.on_a_discard)


def _kong_replacement(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.winner.kong-replacement (instead of the last-discard double after a kong claimed on
    the last discard)."""
    return int(player.win is not None and player.win.after_kong)


def _robbing_kong(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.winner.robbing-kong."""
    return int(player.win is not None and player.win.by.value == "robbing-kong")


def _original_call(reading: Reading, player: Player, row: PatternValue) -> int:
    """cc.winner.original-call."""
    return int(player.win is not None and player.win.original_call)


def _self_drawn_tile(reading: Reading, player: Player, row: PatternValue) -> int:
    """eu.points.self-drawn-tile: any winning tile from the wall."""
    return int(player.win is not None and player.win.self_drawn)


def _fully_concealed(reading: Reading, player: Player, row: PatternValue) -> int:
    """eu.winner.fully-concealed: no exposed set (a concealed kong is not), by self-draw."""
    win = player.win
    exposed = any(meld.is_open for meld in player.tiles.melds)
    return int(win is not None and win.self_drawn and not exposed)


def _honours_only(reading: Reading, player: Player, row: PatternValue) -> int:
    """eu.winner.honours-only."""
    return int(all(t.is_honour for t in reading.tiles))


def _big_four_winds(reading: Reading, player: Player, row: PatternValue) -> int:
    """eu.doubles.big-four-winds: four wind sets, any player."""
    return int(reading.sets_of(WINDS) == 4)


def _at_the_start(reading: Reading, player: Player, row: PatternValue) -> int:
    """eu.winner.at-the-start: East before the first discard, or another player on East's
    first discard."""
    win = player.win
    return int(win is not None and (win.before_first_discard or win.on_first_discard))


AWARDS: dict[str, Award] = {
    "mahjong": _times(_going_out),
    "self-draw": _times(_self_draw),
    "pair-completion": _times(_pair_completion),
    "major-pair-completion": _times(_major_pair_completion),
    "one-chance": _times(_one_chance),
    "bonus-tile": _times(_bonus_tiles),
    "simple-pung": _sets_worth(SetKind.PUNG, major=False),
    "major-pung": _sets_worth(SetKind.PUNG, major=True),
    "simple-kong": _sets_worth(SetKind.KONG, major=False),
    "major-kong": _sets_worth(SetKind.KONG, major=True),
    "dragon-pair": _times(_dragon_pair),
    "seat-wind-pair": _times(_seat_wind_pair),
    "round-wind-pair": _times(_round_wind_pair),
    "dragon-set": _times(_dragon_sets),
    "seat-wind-set": _times(_seat_wind_set),
    "round-wind-set": _times(_round_wind_set),
    "three-concealed-pungs": _times(_three_concealed_pungs),
    "little-three-dragons": _times(_little_three_dragons),
    "big-three-dragons": _times(_big_three_dragons),
    "little-four-winds": _times(_little_four_winds),
    "four-winds-doubles": _times(_four_wind_sets),
    "own-flower-and-season": _times(_own_flower_and_season),
    "all-flowers": _times(_all_flowers),
    "all-seasons": _times(_all_seasons),
    "all-chows": _times(_all_chows),
    "all-pungs": _times(_all_pungs),
    "terminals-and-honours": _times(_terminals_and_honours),
    "one-suit-with-honours": _times(_one_suit_with_honours),
    "concealed-self-draw": _times(_concealed_self_draw),
    "last-tile": _times(_last_tile),
    "last-discard": _times(_last_discard),
    "kong-replacement": _times(_kong_replacement),
    "robbing-kong": _times(_robbing_kong),
    "original-call": _times(_original_call),
    "pure-one-suit": _times(_pure_one_suit),
    "self-drawn-tile": _times(_self_drawn_tile),
    "fully-concealed": _times(_fully_concealed),
    "honours-only": _times(_honours_only),
    "big-four-winds": _times(_big_four_winds),
    "at-the-start": _times(_at_the_start),
}

# --- limit hands -------------------------------------------------------------------------

Limit = Callable[[Reading, Player, PatternValue], bool]


def _all_green(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.all-green."""
    return all(t in GREEN for t in reading.tiles)


def _four_kongs(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.four-kongs."""
    return sum(1 for s in reading.sets if s.kind is SetKind.KONG) == 4


def _four_concealed_pungs(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.four-concealed-pungs: by self-draw, claimed kongs counting."""
    win = player.win
    hidden = sum(1 for s in reading.pungs if s.hidden)
    return win is not None and win.self_drawn and hidden == 4


def _three_dragons_and_a_set(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.three-dragons-and-a-set."""
    return reading.sets_of(DRAGONS) == 3 and len(reading.pungs) == 4


def _all_honours(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.all-honours."""
    return all(t.is_honour for t in reading.tiles)


def _all_terminals(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.all-terminals."""
    return all(t.is_terminal for t in reading.tiles)


def _thirteen_orphans(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.thirteen-orphans."""
    return is_thirteen_orphans(reading.tiles, len(player.tiles.melds))


def _four_winds(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.four-winds."""
    return reading.sets_of(WINDS) == 4


def _nine_gates(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.nine-gates: concealed, one suit, 1112345678999 and one more."""
    if player.tiles.melds or len(reading.suits) != 1 or reading.has_honours:
        return False
    start = min(reading.tiles) - (min(reading.tiles).number - 1)
    counts = counts_of(reading.tiles)[start : start + 9]
    return all(held >= least for held, least in zip(counts, NINE_GATES, strict=True))


def _concealed_pure_suit(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.concealed-pure-suit: pure one suit, concealed, by self-draw."""
    win = player.win
    pure = len(reading.suits) == 1 and not reading.has_honours
    return win is not None and win.self_drawn and pure and reading.concealed_hand


def _heavenly(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.heavenly-hand."""
    return player.win is not None and player.win.before_first_discard


def _earthly(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.earthly-hand."""
    return player.win is not None and player.win.on_first_discard


def _one_of_dots_last(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.one-of-dots-last: the 1 of dots as the last live tile or last discard."""
    win = player.win
    last = win is not None and win.last_tile and not win.after_kong
    return last and player.tiles.winning_tile.normal is Tile.P1


def _five_of_dots_replacement(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.five-of-dots-replacement."""
    win = player.win
    return win is not None and win.after_kong and player.tiles.winning_tile.normal is Tile.P5


def _robbing_two_of_bamboo(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.robbing-two-of-bamboo."""
    robbed = player.win is not None and player.win.by.value == "robbing-kong"
    return robbed and player.tiles.winning_tile.normal is Tile.S2


def _second_kong_replacement(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.second-kong-replacement."""
    return player.win is not None and player.win.after_two_kongs


def _thirteenth_win(reading: Reading, player: Player, row: PatternValue) -> bool:
    """cc.limits.thirteenth-win: East, after twelve consecutive wins."""
    win = player.win
    east = player.tiles.seat is Seat.EAST
    return win is not None and east and win.dealer_streak >= row.param("previous_wins")


LIMITS: dict[str, Limit] = {
    "all-green": _all_green,
    "four-kongs": _four_kongs,
    "four-concealed-pungs": _four_concealed_pungs,
    "three-dragons-and-a-set": _three_dragons_and_a_set,
    "all-honours": _all_honours,
    "all-terminals": _all_terminals,
    "four-winds": _four_winds,
    "nine-gates": _nine_gates,
    "thirteen-orphans": _thirteen_orphans,
    "concealed-pure-suit": _concealed_pure_suit,
    "heavenly-hand": _heavenly,
    "earthly-hand": _earthly,
    "one-of-dots-last": _one_of_dots_last,
    "five-of-dots-replacement": _five_of_dots_replacement,
    "robbing-two-of-bamboo": _robbing_two_of_bamboo,
    "second-kong-replacement": _second_kong_replacement,
    "thirteenth-win": _thirteenth_win,
}
