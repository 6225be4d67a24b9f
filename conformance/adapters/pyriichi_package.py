"""Adapter for the ``pyriichi`` package (0.1.x, PyPI): riichi ``score`` for four players
(``pip install '.[adapters]'`` from a clone).

``pyriichi`` is a game engine: it scores a hand only inside ``RuleEngine.check_win``,
from the engine's state (hands, wall, winds, riichi and ippatsu flags, the last draw or
discard). The adapter sets that state to the request (the winner's hand with its melds,
a wall whose revealed dora and ura-dora indicators are the request's and which is empty
on a last-tile win, ippatsu, the first-turn flag, honba and riichi sticks) and reads the
package's own answer: ``check_win`` for the yaku, fu and han, ``apply_win_score`` for the
payments, ``_count_dora`` for the dora (the package keeps one dora count; the adapter
splits it into dora, ura-dora and red fives by counting again with fewer indicators).
The package has no three-player rules, so riichi-sanma is not offered.

The ruleset is set to mjspec's convention where ``RulesetConfig`` has a switch (open
tanyao, no renhou, no double yakuman, no kiriage); the package has no switch for red
fives (they are always in play) nor for kazoe (13 han always pay a yakuman).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from conformance.adapters.base import ScoreAdapter, missing_package
from conformance.adapters.requests import (
    LIMIT_BASE,
    SEATS,
    ScoreRequest,
    given_tiles,
    read_score_tiles,
)
from spec.tiles import Tile as SpecTile

try:
    from pyriichi import (  # type: ignore[import-untyped]  # the package ships no py.typed
        GameState,
        Hand,
        Meld,
        MeldType,
        PyRiichiError,
        RuleEngine,
        RulesetConfig,
        ScoreResult,
        Suit,
        Tile,
        TileSet,
        Wind,
        Yaku,
    )
    from pyriichi.rules_config import RenhouPolicy  # type: ignore[import-untyped]
except ImportError as missing:  # the optional extra is not installed
    raise missing_package("pyriichi", "pyriichi>=0.1,<0.2") from missing

YAKU_IDS: dict[Any, str] = {
    Yaku.RIICHI: "riichi",
    Yaku.DOUBLE_RIICHI: "double-riichi",
    Yaku.IPPATSU: "ippatsu",
    Yaku.MENZEN_TSUMO: "menzen-tsumo",
    Yaku.TANYAO: "tanyao",
    Yaku.PINFU: "pinfu",
    Yaku.IIPEIKOU: "iipeikou",
    Yaku.RYANPEIKOU: "ryanpeikou",
    Yaku.TOITOI: "toitoi",
    Yaku.SANANKOU: "sanankou",
    Yaku.SANKANTSU: "sankantsu",
    Yaku.SANSHOKU_DOUJUN: "sanshoku",
    Yaku.SANSHOKU_DOUKOU: "sanshoku-doukou",
    Yaku.ITTSU: "ittsu",
    Yaku.HONITSU: "honitsu",
    Yaku.CHINITSU: "chinitsu",
    Yaku.JUNCHAN: "junchan",
    Yaku.CHANTA: "chanta",
    Yaku.HONROUTOU: "honroutou",
    Yaku.SHOUSANGEN: "shousangen",
    Yaku.DAISANGEN: "daisangen",
    Yaku.SUUANKOU: "suuankou",
    Yaku.SUUANKOU_TANKI: "suuankou",
    Yaku.SUUKANTSU: "suukantsu",
    Yaku.SHOUSUUSHI: "shousuushii",
    Yaku.DAISUUSHI: "daisuushii",
    Yaku.CHINROUTOU: "chinroutou",
    Yaku.TSUUIISOU: "tsuuiisou",
    Yaku.RYUUIISOU: "ryuuiisou",
    Yaku.CHUUREN_POUTOU: "chuuren",
    Yaku.PURE_CHUUREN_POUTOU: "chuuren",
    Yaku.KOKUSHI_MUSOU: "kokushi",
    Yaku.KOKUSHI_MUSOU_JUUSANMEN: "kokushi",
    Yaku.TENHOU: "tenhou",
    Yaku.CHIHOU: "chiihou",
    Yaku.RENHOU: "renhou",
    Yaku.HAITEI: "haitei",
    Yaku.HOUTEI: "houtei",
    Yaku.RINSHAN: "rinshan",
    Yaku.CHANKAN: "chankan",
    Yaku.CHIITOITSU: "chiitoitsu",
    Yaku.HAKU: "yakuhai-white",
    Yaku.HATSU: "yakuhai-green",
    Yaku.CHUN: "yakuhai-red",
    **{getattr(Yaku, f"ROUND_WIND_{w.upper()}"): "yakuhai-round-wind" for w in SEATS},
    **{getattr(Yaku, f"SEAT_WIND_{w.upper()}"): "yakuhai-seat-wind" for w in SEATS},
}
SUITS = {"m": Suit.MANZU, "p": Suit.PINZU, "s": Suit.SOUZU, "z": Suit.HONORS}
WINDS = {seat: getattr(Wind, seat.upper()) for seat in SEATS}
LIMIT_NAMES = {base: name for name, base in LIMIT_BASE.items()}


class _GivenWall(TileSet):  # type: ignore[misc]  # an untyped base class
    """A wall whose revealed dora and ura-dora indicators are the request's (whatever the
    kong count) and whose live wall is empty exactly on a last-tile win."""

    def __init__(self, dora: Sequence[Any], ura: Sequence[Any], *, exhausted: bool) -> None:
        super().__init__([])
        self._dora_indicators = list(dora)
        self._ura_dora_indicators = list(ura)
        self._tiles = [] if exhausted else [Tile(Suit.HONORS, 1)]

    def get_dora_indicators(self, count: int | None = None) -> list[Any]:
        return list(self._dora_indicators)

    def get_ura_dora_indicators(self, count: int | None = None) -> list[Any]:
        return list(self._ura_dora_indicators)


class PyriichiPackageEngine(ScoreAdapter):
    """The ``pyriichi`` package's rule engine, asked whether one player wins."""

    name = "pyriichi"
    package = "pyriichi"
    variants = ("riichi",)

    def score(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        score = read_score_tiles(request)
        dora = [_tile(t) for t in given_tiles(request, "dora_indicators")]
        ura = [_tile(t) for t in given_tiles(request, "ura_indicators")]
        try:
            engine, player, win = _engine(score, dora, ura)
            result = engine.check_win(
                player,
                win,
                is_chankan=score.chankan,
                is_rinshan=score.rinshan,
            )
            if result is None:
                hand = engine.get_hand(player)
                complete = hand.is_winning_hand(win, score.tsumo)
                code = "no-yaku" if complete else "not-winning"
                return {"error": {"code": code, "message": "check_win found no win"}}
            rows = partial(_dora_rows, engine, player, win, dora, ura, score.last_tile)
            return _outcome(score, engine, result, rows)
        except PyRiichiError as error:  # the package refuses the hand
            return {"error": {"code": "invalid-hand", "message": str(error)}}


def _tile(tile: SpecTile) -> Any:
    return Tile(SUITS[tile.suit.value], tile.number, is_red_dora=tile.is_red)


def _ruleset() -> Any:
    return RulesetConfig(
        renhou_policy=RenhouPolicy.OFF,  # no renhou in mjspec's riichi
        pinfu_require_ryanmen=True,
        open_tanyao_enabled=True,
        chanta_enabled=True,
        suuankou_tanki_double=False,  # no double yakuman
        kokushi_musou_juusanmen_double=False,
        pure_chuuren_poutou_double=False,
        kiriage_mangan=False,
    )


def _melds(score: ScoreRequest, player: int) -> list[Any]:
    melds = []
    for meld in score.melds:
        tiles = [_tile(t) for t in meld.tiles]
        source = SEATS.index(meld.source) if meld.source in SEATS else None
        if meld.kind == "chow":
            kind = MeldType.CHI_MELD
        elif meld.kind == "pung":
            kind = MeldType.PON_MELD
        else:
            kind = MeldType.CLOSED_KAN if meld.concealed else MeldType.OPEN_KAN
        called = None if kind == MeldType.CLOSED_KAN else tiles[-1]
        melds.append(Meld(kind, tiles, called_tile=called, called_from=source))
    return melds


def _engine(score: ScoreRequest, dora: Sequence[Any], ura: Sequence[Any]) -> tuple[Any, int, Any]:
    """A rule engine in the state of the request: the winner (seat index; east deals)
    holds the hand, and the winning tile is the last draw or the last discard."""
    player = SEATS.index(score.seat)
    state = GameState(initial_scores=[0] * 4, num_players=4, ruleset=_ruleset())
    state.set_round(WINDS[score.round_wind], 1)
    state.set_dealer(0)
    state.add_honba(score.honba)
    for _ in range(score.sticks):
        state.add_riichi_stick()
    concealed = [_tile(t) for t in score.concealed]
    win = concealed[-1]
    hand = Hand(concealed if score.tsumo else concealed[:-1])
    hand._melds = _melds(score, player)  # the melds as the package's calls leave them
    if score.riichi or score.double_riichi:
        hand.set_riichi(True)
    engine = RuleEngine(num_players=4)
    engine._game_state = state
    engine._hands = [hand if k == player else Hand([]) for k in range(4)]
    engine._tile_set = _GivenWall(dora, ura, exhausted=score.last_tile)
    engine._kan_count = sum(1 for m in score.melds if m.kind == "kong")
    engine._is_first_turn_after_deal = score.first_turn
    if score.ippatsu:
        engine._riichi_ippatsu[player] = True
    if score.tsumo:
        engine._last_drawn_tile = (player, win)
    else:
        engine._last_discarded_tile = win
        engine._last_discarded_player = SEATS.index(score.source or "east")
    return engine, player, win


def _dora_rows(
    engine: Any, player: int, win: Any, dora: Sequence[Any], ura: Sequence[Any], last: bool
) -> dict[str, int]:
    """The package's dora count split by counting again without ura-dora, then without
    any indicator (what is left are red fives)."""

    def count(dora_given: Sequence[Any], ura_given: Sequence[Any]) -> int:
        engine._tile_set = _GivenWall(dora_given, ura_given, exhausted=last)
        return int(engine._count_dora(player, win))

    total, no_ura, red = count(dora, ura), count(dora, []), count([], [])
    rows = {"dora": no_ura - red, "ura-dora": total - no_ura, "aka-dora": red}
    return {name: value for name, value in rows.items() if value}


def _outcome(
    score: ScoreRequest, engine: Any, result: Any, dora_rows: Callable[[], dict[str, int]]
) -> dict[str, Any]:
    """The package's result as an outcome; ``dora_rows`` counts the dora of a yaku hand."""
    scored = result.score_result
    patterns: dict[str, int] = {}
    for item in result.yaku:
        name = YAKU_IDS.get(item.yaku, str(item.yaku))
        value = max(1, item.han // 13) if item.is_yakuman else item.han
        patterns[name] = patterns.get(name, 0) + value
    yakuman = scored.yakuman_count if scored.is_yakuman else 0
    if not yakuman:
        patterns.update(dora_rows())
    han = 0 if yakuman else int(scored.han)
    fu = 0 if yakuman else int(scored.fu)
    # The base as ScoreResult computes it before payments: a limit leaves base_points 0.
    fresh = ScoreResult(
        han=scored.han,
        fu=scored.fu,
        base_points=0,
        total_points=0,
        payment_from=0,
        payment_to=0,
        is_yakuman=scored.is_yakuman,
        yakuman_count=scored.yakuman_count,
        kiriage_mangan_enabled=scored.kiriage_mangan_enabled,
    )
    if fresh.base_points:
        limit, base = None, int(fresh.base_points)
    else:
        base = int(fresh.total_points)
        limit = "yakuman" if base >= LIMIT_BASE["yakuman"] else LIMIT_NAMES.get(base)
    engine.apply_win_score(result)
    deposits = int(scored.riichi_sticks_bonus)
    payments = {seat: int(engine.get_game_state().scores[k]) for k, seat in enumerate(SEATS)}
    payments[score.seat] -= deposits  # the winner's gain includes the deposits
    return {
        "patterns": patterns,
        "han": han,
        "fu": fu,
        "yakuman": yakuman,
        "limit": limit,
        "base": base,
        "payments": payments,
        "deposits": deposits,
    }
