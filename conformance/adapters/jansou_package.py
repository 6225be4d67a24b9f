"""Adapter for the ``jansou`` package (0.14, PyPI): riichi ``score`` for four and three
players through ``jansou.scoring.score.score``.

The package's ``Rules`` are set to the table's house rules where the package has a
switch for them (``riichi.house.*``: double yakuman, kiriage, open tanyao, kazoe as a
yakuman or a sanbaiman; the profile's, or a request's options) and elsewhere to the
convention mjspec's riichi profiles follow (three players for a three-player profile, red
fives as the table says, ura-dora, nuki-dora in sanma, four fu for a double-wind pair,
stacked yakuman, 100 points a honba); everything else is the package's own behaviour, so
a difference shows as a failing fixture. It plays the riichi, Tenhou and Mahjong Soul
profiles.

The package reads tiles (a kind and a red mark), not 136-format ids, so the adapter reads
the tiles of the request itself (five copies of a kind, or four plain fives beside a red
five, stay expressible) and the circumstances of the win through the shared reader. The
hand is first checked with the package's own ``Hand.validate``; the package's answer gives
each pattern's han, the dora rows, fu, base, limit and every payment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.adapters.base import (
    LIABILITY,
    RIICHI_PROFILES,
    SCORING_HOUSE_RULES,
    ScoreAdapter,
    missing_package,
)
from conformance.adapters.requests import SEATS, ScoreRequest, kind_of, payments_from_shares
from conformance.adapters.requests import read_score as read_circumstances
from conformance.engine import EngineSkipped
from spec.errors import RuleError
from spec.tiles import Tile, parse_tiles

try:
    from jansou.core.hand import SOURCE_OF_RELATIVE, CallSource, Hand, InvalidHandError, Meld
    from jansou.core.hand import MeldType as JMeldType
    from jansou.core.rules import Rules
    from jansou.core.tiles import Tile as JTile
    from jansou.core.tiles import TileKind, Wind
    from jansou.scoring.context import WinContext
    from jansou.scoring.score import LimitTier, ScoreResult, ScoringError, score
    from jansou.scoring.yaku import Yaku
except ImportError as missing:  # the optional extra is not installed
    raise missing_package("jansou", "jansou>=0.14,<0.15") from missing

YAKU_IDS: dict[Yaku, str] = {
    Yaku.RIICHI: "riichi",
    Yaku.IPPATSU: "ippatsu",
    Yaku.MENZEN_TSUMO: "menzen-tsumo",
    Yaku.PINFU: "pinfu",
    Yaku.IIPEIKOU: "iipeikou",
    Yaku.TANYAO: "tanyao",
    Yaku.YAKUHAI_HAKU: "yakuhai-white",
    Yaku.YAKUHAI_HATSU: "yakuhai-green",
    Yaku.YAKUHAI_CHUN: "yakuhai-red",
    Yaku.YAKUHAI_ROUND: "yakuhai-round-wind",
    Yaku.YAKUHAI_SEAT: "yakuhai-seat-wind",
    Yaku.HAITEI: "haitei",
    Yaku.HOUTEI: "houtei",
    Yaku.RINSHAN: "rinshan",
    Yaku.CHANKAN: "chankan",
    Yaku.DOUBLE_RIICHI: "double-riichi",
    Yaku.CHIITOITSU: "chiitoitsu",
    Yaku.SANSHOKU_DOUJUN: "sanshoku",
    Yaku.ITTSU: "ittsu",
    Yaku.CHANTA: "chanta",
    Yaku.TOITOI: "toitoi",
    Yaku.SANANKOU: "sanankou",
    Yaku.SANSHOKU_DOUKOU: "sanshoku-doukou",
    Yaku.SANKANTSU: "sankantsu",
    Yaku.SHOUSANGEN: "shousangen",
    Yaku.HONROUTOU: "honroutou",
    Yaku.HONITSU: "honitsu",
    Yaku.JUNCHAN: "junchan",
    Yaku.RYANPEIKOU: "ryanpeikou",
    Yaku.CHINITSU: "chinitsu",
    Yaku.KOKUSHI: "kokushi",
    Yaku.SUUANKOU: "suuankou",
    Yaku.CHUUREN: "chuuren",
    Yaku.DAISANGEN: "daisangen",
    Yaku.SHOUSUUSHI: "shousuushii",
    Yaku.DAISUUSHI: "daisuushii",
    Yaku.TSUUIISOU: "tsuuiisou",
    Yaku.CHINROUTOU: "chinroutou",
    Yaku.RYUUIISOU: "ryuuiisou",
    Yaku.SUUKANTSU: "suukantsu",
    Yaku.TENHOU: "tenhou",
    Yaku.CHIIHOU: "chiihou",
}
LIMIT_IDS: dict[LimitTier, str | None] = {
    LimitTier.NONE: None,
    LimitTier.MANGAN: "mangan",
    LimitTier.HANEMAN: "haneman",
    LimitTier.BAIMAN: "baiman",
    LimitTier.SANBAIMAN: "sanbaiman",
    LimitTier.KAZOE_YAKUMAN: "yakuman",
    LimitTier.YAKUMAN: "yakuman",
}
TILE_FIELDS = ("concealed", "melds", "dora_indicators", "ura_indicators")


@dataclass(frozen=True)
class Tiles:
    """The tiles of a request, as the package's tiles."""

    concealed: tuple[JTile, ...]
    melds: tuple[Meld, ...]
    dora: tuple[JTile, ...]
    ura: tuple[JTile, ...]


class JansouPackageEngine(ScoreAdapter):
    """The ``jansou`` package's scorer."""

    name = "jansou"
    package = "jansou"
    variants = RIICHI_PROFILES
    settable = SCORING_HOUSE_RULES - LIABILITY - {"renhou"}

    def score(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        given = request.get("given") or {}
        without_tiles = {k: v for k, v in given.items() if k not in TILE_FIELDS}
        win = read_circumstances({**request, "given": without_tiles})
        rules = _rules(win)
        try:
            tiles = _read_tiles(given, win)
        except InvalidHandError as error:  # the package refuses the meld
            return {"error": {"code": "invalid-meld", "message": str(error)}}
        if not tiles.concealed:
            raise EngineSkipped("no concealed tiles: no winning tile to name")
        hand = Hand(tiles.concealed, tiles.melds)
        try:
            hand.validate(rules)
        except InvalidHandError as error:
            return {"error": {"code": _validation_code(str(error)), "message": str(error)}}
        try:
            result = score(hand, tiles.concealed[-1], _context(win, rules, tiles))
        except ScoringError as error:
            complete = "does not form" not in str(error)
            code = "no-yaku" if complete else "not-winning"
            return {"error": {"code": code, "message": str(error)}}
        return _outcome(win, result)


def _rules(win: ScoreRequest) -> Rules:
    if win.house.kazoe == "none":
        raise EngineSkipped("the package counts 13 han as a yakuman or a sanbaiman, no more")
    return Rules(
        player_count=3 if win.three_player else 4,
        honba_value=100,
        double_wind_fu=4,
        kiriage_mangan=win.house.kiriage_mangan,
        kazoe_yakuman=win.house.kazoe == "yakuman",
        multiple_yakuman=True,
        double_yakuman=win.house.double_yakuman,
        aka_dora=win.red_fives,
        ura_dora=True,
        nuki_dora=win.three_player,
        kuitan=win.house.open_tanyao,
    )


def _tiles(text: object) -> tuple[JTile, ...]:
    try:
        tiles = parse_tiles(str(text))
    except RuleError as error:
        raise EngineSkipped(f"the adapter cannot read these tiles: {error}") from None
    return tuple(_tile(t) for t in tiles)


def _tile(tile: Tile) -> JTile:
    if tile.suit.value == "f":
        raise EngineSkipped("riichi has no flowers")
    return JTile(TileKind(kind_of(tile)), red=tile.is_red)


def _read_tiles(given: Mapping[str, Any], win: ScoreRequest) -> Tiles:
    """The request's tiles as the package's (``InvalidHandError`` for a meld the
    package refuses)."""
    try:
        melds = tuple(_meld(m, win) for m in given.get("melds", []))
    except (KeyError, TypeError) as error:
        raise EngineSkipped(f"the adapter cannot read this meld: {error}") from None
    return Tiles(
        concealed=_tiles(given.get("concealed", "")),
        melds=melds,
        dora=_tiles(given.get("dora_indicators", "")),
        ura=_tiles(given.get("ura_indicators", "")),
    )


def _meld(meld: Mapping[str, Any], win: ScoreRequest) -> Meld:
    """A meld as the package builds it: the claimed tile is taken to be the meld's last
    (it changes no score), the source is the package's relative seat of the discarder."""
    tiles = _tiles(meld["tiles"])
    kind = str(meld["type"])
    if kind == "chow":
        return Meld(JMeldType.CHII, tiles, tiles[-1], _source(meld.get("from"), win))
    if kind == "pung":
        return Meld(JMeldType.PON, tiles, tiles[-1], _source(meld.get("from"), win))
    if meld.get("concealed"):
        return Meld(JMeldType.ANKAN, tiles)
    source = _source(meld.get("from"), win)
    if meld.get("added"):
        return Meld(JMeldType.SHOUMINKAN, tiles, tiles[0], source, tiles[-1])
    return Meld(JMeldType.DAIMINKAN, tiles, tiles[-1], source)


def _source(seat: object, win: ScoreRequest) -> CallSource:
    """The package's relative seat of a discarder (the player before, when the request
    names none: the source changes no score)."""
    seats = win.seats
    if seat not in seats:
        return CallSource.KAMICHA
    gap = (seats.index(win.seat) - seats.index(str(seat))) % len(seats)
    return SOURCE_OF_RELATIVE.get(gap, CallSource.KAMICHA)


def _validation_code(message: str) -> str:
    """Our error code for the package's ``Hand.validate`` refusal."""
    if "red five" in message:
        return "invalid-tile"
    if "appears" in message:
        return "too-many-copies"
    return "tile-count"


def _context(win: ScoreRequest, rules: Rules, tiles: Tiles) -> WinContext:
    return WinContext(
        rules=rules,
        round_wind=Wind(SEATS.index(win.round_wind)),
        seat_wind=Wind(SEATS.index(win.seat)),
        is_tsumo=win.tsumo,
        riichi=win.riichi,
        double_riichi=win.double_riichi,
        ippatsu=win.ippatsu,
        haitei=win.haitei,
        houtei=win.houtei,
        rinshan=win.rinshan,
        chankan=win.chankan,
        tenhou=win.tenhou,
        chiihou=win.chiihou,
        dora_indicators=tiles.dora,
        ura_indicators=tiles.ura,
        nuki_count=win.north,
        honba=win.honba,
        riichi_sticks=win.sticks,
    )


def _patterns(result: ScoreResult) -> dict[str, int]:
    patterns: dict[str, int] = {}
    for item in result.yaku:
        name = YAKU_IDS.get(item.yaku, item.yaku.name.lower())
        patterns[name] = patterns.get(name, 0) + item.value
    rows: Sequence[tuple[str, int]] = (
        ("dora", result.dora.dora),
        ("ura-dora", result.dora.ura),
        ("aka-dora", result.dora.aka),
        ("nuki-dora", result.dora.nuki),
    )
    patterns.update((name, count) for name, count in rows if count)
    return patterns


def _outcome(win: ScoreRequest, result: ScoreResult) -> dict[str, Any]:
    yakuman = sum(item.value for item in result.yaku) if result.is_yakuman else 0
    payment = result.payment
    payers = len(win.seats) - 1
    honba_each = payment.honba // payers if win.tsumo else payment.honba
    share = payment.tsumo_non_dealer + honba_each
    return {
        "patterns": _patterns(result),
        "han": result.han,
        "fu": 0 if result.is_yakuman else result.fu.total,
        "yakuman": yakuman,
        "limit": LIMIT_IDS[result.limit],
        "base": result.base,
        "payments": payments_from_shares(
            win,
            dealer_share=share if win.is_dealer else payment.tsumo_dealer + honba_each,
            other_share=share,
            ron=payment.ron + honba_each,
        ),
        "deposits": payment.sticks,
    }
