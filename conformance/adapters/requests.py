"""Reading an mjspec riichi ``score`` request into plain values that adapters translate.

Tiles become 136-format ids (kind x 4 + copy, kinds 0-8 characters, 9-17 dots, 18-26
bamboo, 27-33 east south west north white green red), the convention most riichi
packages share; a red five takes copy 0 of its five (ids 16, 52 and 88), and plain
copies are numbered so that no id repeats across the hand, its melds and the indicators.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from conformance.engine import EngineSkipped
from spec.errors import RuleError
from spec.profile import load_profile
from spec.tiles import Tile, parse_tiles

SEATS = ("east", "south", "west", "north")
RED_IDS = {"m": 16, "p": 52, "s": 88}
LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")


def kind_of(tile: Tile) -> int:
    """The 34-kind index of a tile (a red five is its five)."""
    plain = tile.normal
    if plain.is_honour:
        return 27 + plain.number - 1
    return "mps".index(plain.suit.value) * 9 + plain.number - 1


class IdAllocator:
    """Hands out distinct 136-format ids: red fives their fixed id, plain tiles the next
    free copy (the red five's copy only when the table has no red fives)."""

    def __init__(self, red_fives: bool = True) -> None:
        self.used: set[int] = set()
        self.red_fives = red_fives

    def take(self, tile: Tile) -> int:
        if tile.is_red:
            tile_id = RED_IDS[tile.suit.value]
            if tile_id in self.used:
                raise EngineSkipped("a red five twice")
            self.used.add(tile_id)
            return tile_id
        kind = kind_of(tile)
        for copy in range(4):
            tile_id = kind * 4 + copy
            if tile_id not in self.used and tile_id not in RED_IDS.values():
                self.used.add(tile_id)
                return tile_id
        if self.red_fives and kind * 4 in RED_IDS.values():
            raise EngineSkipped(f"a fourth plain {tile.mpsz} has no id beside the red five")
        for copy in range(4):
            tile_id = kind * 4 + copy
            if tile_id not in self.used:
                self.used.add(tile_id)
                return tile_id
        raise EngineSkipped(f"a fifth copy of {tile.mpsz}")

    def take_all(self, tiles: Iterable[Tile]) -> list[int]:
        return [self.take(t) for t in tiles]


@dataclass(frozen=True)
class ScoreMeld:
    kind: str  # chow, pung, kong
    tiles: tuple[Tile, ...]
    ids: tuple[int, ...]
    concealed: bool
    added: bool
    source: str | None


@dataclass(frozen=True)
class TableHouse:
    """The house rules that change a score (``riichi.house.*``) as the table plays them:
    the profile's, with the request's options in their place."""

    double_yakuman: bool
    kazoe: str
    kiriage_mangan: bool
    open_tanyao: bool
    renhou: str


@cache
def profile_house(variant: str) -> Mapping[str, Any]:
    """The ``riichi.house`` choices of a bundled profile (``{}`` for an unknown variant)."""
    try:
        return dict(load_profile(variant).sections.get("riichi", {}).get("house", {}))
    except RuleError:
        return {}


@cache
def is_three_player(variant: str) -> bool:
    try:
        return len(load_profile(variant).seats) == 3
    except RuleError:
        return False


def table_house(request: Mapping[str, Any]) -> TableHouse:
    """The table's score house rules: the profile's (merged with the profile it extends),
    with the request's options in their place."""
    options = (request.get("given") or {}).get("options") or {}
    chosen = {**profile_house(str(request.get("variant"))), **options}
    return TableHouse(
        bool(chosen["double_yakuman"]),
        str(chosen["kazoe"]),
        bool(chosen["kiriage_mangan"]),
        bool(chosen["open_tanyao"]),
        str(chosen["renhou"]),
    )


@dataclass(frozen=True)
class ScoreRequest:
    """A riichi win as an adapter needs it (tiles as 136-format ids, winning tile last)."""

    three_player: bool
    concealed: tuple[Tile, ...]
    concealed_ids: tuple[int, ...]
    melds: tuple[ScoreMeld, ...]
    seat: str
    round_wind: str
    tsumo: bool
    chankan: bool
    source: str | None
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    after_kong: bool
    last_tile: bool
    first_turn: bool
    before_first_draw: bool
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    north: int
    honba: int
    sticks: int
    red_fives: bool
    house: TableHouse

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS[:3] if self.three_player else SEATS

    @property
    def all_ids(self) -> tuple[int, ...]:
        return self.concealed_ids + tuple(i for m in self.melds for i in m.ids)

    @property
    def win_id(self) -> int:
        return self.concealed_ids[-1]

    @property
    def is_dealer(self) -> bool:
        return self.seat == "east"

    # The request's circumstances as the situation flags most packages take (the package
    # decides what a combination of them scores).

    @property
    def rinshan(self) -> bool:
        return self.after_kong and self.tsumo

    @property
    def haitei(self) -> bool:
        return self.last_tile and self.tsumo

    @property
    def houtei(self) -> bool:
        return self.last_tile and not self.tsumo and not self.chankan

    @property
    def tenhou(self) -> bool:
        return self.first_turn and self.tsumo and self.is_dealer

    @property
    def chiihou(self) -> bool:
        return self.first_turn and self.tsumo and not self.is_dealer


def plays_red_fives(request: Mapping[str, Any]) -> bool:
    """Whether the table plays the profile's red fives (true) or none (false); another
    count of them (riichi.tiles.red-five-counts) is a skip: a package's 136 ids hold one
    red five a suit."""
    variant = str(request.get("variant"))
    value = ((request.get("given") or {}).get("options") or {}).get("red_fives", True)
    if isinstance(value, bool):
        return value
    try:
        profile = tuple(t.mpsz for t in load_profile(variant).tiles.red_fives)
    except RuleError:
        profile = ()
    if isinstance(value, list) and tuple(sorted(map(str, value))) == profile:
        return bool(profile)
    raise EngineSkipped(f"the package plays one red five a suit, not {value!r}")


def read_score(request: Mapping[str, Any]) -> ScoreRequest:
    """The request's hand and circumstances (``EngineSkipped`` for what cannot be read)."""
    given = request.get("given") or {}
    red_fives = plays_red_fives(request)
    try:
        ids = IdAllocator(red_fives=red_fives)
        concealed = parse_tiles(str(given.get("concealed", "")))
        concealed_ids = tuple(ids.take_all(concealed))
        melds = []
        for meld in given.get("melds", []):
            tiles = parse_tiles(str(meld["tiles"]))
            melds.append(
                ScoreMeld(
                    kind=str(meld["type"]),
                    tiles=tiles,
                    ids=tuple(ids.take_all(tiles)),
                    concealed=bool(meld.get("concealed", False)),
                    added=bool(meld.get("added", False)),
                    source=meld.get("from"),
                )
            )
        dora = tuple(ids.take_all(parse_tiles(str(given.get("dora_indicators", "")))))
        ura = tuple(ids.take_all(parse_tiles(str(given.get("ura_indicators", "")))))
    except (KeyError, TypeError, ValueError) as error:
        raise EngineSkipped(f"the adapter cannot read this request: {error}") from None
    win = given.get("win") or {}
    table = given.get("table") or {}
    by = win.get("by")
    return ScoreRequest(
        three_player=is_three_player(str(request.get("variant"))),
        concealed=concealed,
        concealed_ids=concealed_ids,
        melds=tuple(melds),
        seat=str(given.get("seat", "east")),
        round_wind=str(given.get("round", "east")),
        tsumo=by == "self-draw",
        chankan=by == "robbing-kong",
        source=win.get("from"),
        riichi=bool(table.get("riichi", False)),
        double_riichi=bool(table.get("double_riichi", False)),
        ippatsu=bool(table.get("ippatsu", False)),
        after_kong=bool(table.get("after_kong", False)),
        last_tile=bool(table.get("last_tile", False)),
        first_turn=bool(table.get("first_turn", False)),
        before_first_draw=bool(table.get("before_first_draw", False)),
        dora_indicators=dora,
        ura_indicators=ura,
        north=int(given.get("north", 0)),
        honba=int(table.get("honba", 0)),
        sticks=int(table.get("riichi_sticks", 0)),
        red_fives=red_fives,
        house=table_house(request),
    )


def read_score_tiles(request: Mapping[str, Any]) -> ScoreRequest:
    """The request read by :func:`read_score`, but with the hand and melds as tiles and no
    136-format ids, so that a package taking tile kinds sees even a fifth copy (which the
    ids cannot hold). A request without concealed tiles is skipped: these packages score
    a hand through its concealed part and winning tile."""
    given = dict(request.get("given") or {})
    bare = {"concealed": "", "melds": [], "dora_indicators": "", "ura_indicators": ""}
    flags = read_score({**request, "given": {**given, **bare}})
    try:
        concealed = parse_tiles(str(given.get("concealed", "")))
        melds = tuple(
            ScoreMeld(
                kind=str(meld["type"]),
                tiles=parse_tiles(str(meld["tiles"])),
                ids=(),
                concealed=bool(meld.get("concealed", False)),
                added=bool(meld.get("added", False)),
                source=meld.get("from"),
            )
            for meld in given.get("melds", [])
        )
    except (KeyError, TypeError, ValueError) as error:
        raise EngineSkipped(f"the adapter cannot read this request: {error}") from None
    if not concealed:
        raise EngineSkipped("no concealed tiles to score")
    return replace(flags, concealed=concealed, concealed_ids=(), melds=melds)


def given_tiles(request: Mapping[str, Any], key: str) -> tuple[Tile, ...]:
    """The tiles of one field of the request (indicators, say)."""
    given = request.get("given") or {}
    try:
        return parse_tiles(str(given.get(key, "")))
    except ValueError as error:
        raise EngineSkipped(f"the adapter cannot read {key}: {error}") from None


def payments_from_shares(
    score: ScoreRequest, *, dealer_share: int, other_share: int, ron: int
) -> dict[str, int]:
    """Every seat's payment from the amounts each payer pays (honba included)."""
    payments = dict.fromkeys(score.seats, 0)
    if score.tsumo:
        for payer in score.seats:
            if payer == score.seat:
                continue
            amount = dealer_share if score.is_dealer or payer == "east" else other_share
            payments[payer] -= amount
            payments[score.seat] += amount
    else:
        source = score.source or ""
        payments[source] = payments.get(source, 0) - ron
        payments[score.seat] += ron
    return payments


LIMIT_BASE: dict[str, int] = {
    "mangan": 2000,
    "haneman": 3000,
    "baiman": 4000,
    "sanbaiman": 6000,
    "yakuman": 8000,
}


def base_points(han: int, fu: int, yakuman: int, limit: str | None) -> int:
    """Base points as a package's answer implies them: the limit's base when it names a
    limit (a yakuman's times the count), else fu x 2^(2 + han) as the package computed it
    (no cap applied here, so a missing mangan cap shows)."""
    if yakuman:
        return LIMIT_BASE["yakuman"] * yakuman
    if limit is not None:
        return LIMIT_BASE[limit]
    return int(fu * 2 ** (2 + han))
