"""Adapter for the ``riichienv`` package (0.4, PyPI): riichi ``score`` for four and three
players through its hand evaluators (``riichienv.HandEvaluator`` and ``HandEvaluator3P``).

The evaluators take no rule options: red fives are always ids 16, 52 and 88, double
yakuman (thirteen-sided thirteen orphans, pure nine gates, four concealed triplets on a
pair wait, big four winds) always count twice, and counted yakuman follow the package's
own tiers. So the adapter sets only what the package has a switch for (three-player mode
and the extracted Norths); everything else is the package's own behaviour, so a
difference shows as a failing fixture. Four-player, the evaluator plays Mahjong Soul's
double yakuman, so it is offered under the riichi-mahjongsoul profile (whose fixtures, and
the riichi ones that profile inherits, it is checked against), not under riichi.

The package answers a list of pattern ids, the total han, fu and the payments. The han of
each pattern is the value the package's yaku table adds (closed or open); the han of the
dora rows comes from the package itself, by asking again without the dora (or ura-dora)
indicators; the red-five han is what remains of the package's total. The limit and base
are read from the package's payments (the tier whose payments the package's own
``calculate_score`` gives). Riichi sticks are not in the package's answer: ``deposits``
is 1000 per stick on the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from conformance.adapters.base import ScoreAdapter, missing_package
from conformance.adapters.requests import (
    LIMIT_BASE,
    RED_IDS,
    SEATS,
    ScoreRequest,
    payments_from_shares,
    read_score,
)
from conformance.engine import EngineSkipped

try:
    # The package ships a .pyi for its Rust core but no py.typed marker.
    from riichienv import (  # type: ignore[import-untyped]
        Conditions,
        HandEvaluator,
        HandEvaluator3P,
        Meld,
        MeldType,
        calculate_score,
    )
except ImportError as missing:  # the optional extra is not installed
    raise missing_package("riichienv", "riichienv>=0.4,<0.5") from missing

# The package's pattern ids (``riichienv.get_all_yaku()``): mjspec id, han closed, han
# open (None: closed only), as the package's yaku table adds them.
HAN_PATTERNS: dict[int, tuple[str, int, int | None]] = {
    1: ("menzen-tsumo", 1, None),
    2: ("riichi", 1, None),
    3: ("chankan", 1, 1),
    4: ("rinshan", 1, 1),
    5: ("haitei", 1, 1),
    6: ("houtei", 1, 1),
    7: ("yakuhai-white", 1, 1),
    8: ("yakuhai-green", 1, 1),
    9: ("yakuhai-red", 1, 1),
    10: ("yakuhai-seat-wind", 1, 1),
    11: ("yakuhai-round-wind", 1, 1),
    12: ("tanyao", 1, 1),
    13: ("iipeikou", 1, None),
    14: ("pinfu", 1, None),
    15: ("chanta", 2, 1),
    16: ("ittsu", 2, 1),
    17: ("sanshoku", 2, 1),
    18: ("double-riichi", 2, None),
    19: ("sanshoku-doukou", 2, 2),
    20: ("sankantsu", 2, 2),
    21: ("toitoi", 2, 2),
    22: ("sanankou", 2, 2),
    23: ("shousangen", 2, 2),
    24: ("honroutou", 2, 2),
    25: ("chiitoitsu", 2, None),
    26: ("junchan", 3, 2),
    27: ("honitsu", 3, 2),
    28: ("ryanpeikou", 3, None),
    29: ("chinitsu", 6, 5),
    30: ("ippatsu", 1, None),
}
DORA, AKA_DORA, URA_DORA, NUKI_DORA = 31, 32, 33, 34
# Yakuman pattern ids: mjspec id and the count the package gives (its double yakuman
# have ids of their own).
YAKUMAN_PATTERNS: dict[int, tuple[str, int]] = {
    35: ("tenhou", 1),
    36: ("chiihou", 1),
    37: ("daisangen", 1),
    38: ("suuankou", 1),
    39: ("tsuuiisou", 1),
    40: ("ryuuiisou", 1),
    41: ("chinroutou", 1),
    42: ("kokushi", 1),
    43: ("shousuushii", 1),
    44: ("suukantsu", 1),
    45: ("chuuren", 1),
    47: ("chuuren", 2),
    48: ("suuankou", 2),
    49: ("kokushi", 2),
    50: ("daisuushii", 2),
}
YAKUMAN_HAN = 13
# The least han of each limit in the package's score table.
LIMIT_HAN = {"mangan": 5, "haneman": 6, "baiman": 8, "sanbaiman": 11}


class RiichienvPackageEngine(ScoreAdapter):
    """The ``riichienv`` package's hand evaluators."""

    name = "riichienv"
    variants = ("riichi-mahjongsoul", "riichi-sanma", "riichi-mjsoul-sanma")
    plays: ClassVar[Mapping[str, object]] = MappingProxyType({"double_yakuman": True})
    package = "riichienv"

    def score(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        score = read_score(request)
        _check_red_fives(score)
        result = _calc(score, list(score.dora_indicators), list(score.ura_indicators))
        if not result.is_win:
            code = "no-yaku" if result.has_win_shape else "not-winning"
            message = "a winning shape without a yaku" if result.has_win_shape else "no win"
            return {"error": {"code": code, "message": message}}
        return _outcome(score, result)


def _check_red_fives(score: ScoreRequest) -> None:
    """Skip a table without red fives that holds an id 16, 52 or 88 (a fourth plain
    five): the package always reads those ids as red fives."""
    ids = set(score.all_ids) | set(score.dora_indicators) | set(score.ura_indicators)
    if not score.red_fives and ids & set(RED_IDS.values()):
        raise EngineSkipped("the package always plays with red fives (ids 16, 52, 88)")


def _calc(score: ScoreRequest, dora: list[int], ura: list[int]) -> Any:
    """The package's answer for the hand, with these indicators."""
    evaluator = HandEvaluator3P if score.three_player else HandEvaluator
    hand = evaluator(list(score.concealed_ids), _melds(score))
    return hand.calc(score.win_id, dora, _conditions(score), ura)


def _melds(score: ScoreRequest) -> list[Any]:
    seat = score.seats.index(score.seat)
    melds = []
    for m in score.melds:
        if m.kind == "chow":
            kind = MeldType.Chi
        elif m.kind == "pung":
            kind = MeldType.Pon
        elif m.concealed:
            kind = MeldType.Ankan
        else:
            kind = MeldType.Kakan if m.added else MeldType.Daiminkan
        source = score.seats.index(m.source) if m.source in score.seats else seat
        melds.append(Meld(kind, list(m.ids), not m.concealed, source))
    return melds


def _conditions(score: ScoreRequest) -> Any:
    return Conditions(
        tsumo=score.tsumo,
        riichi=score.riichi,
        double_riichi=score.double_riichi,
        ippatsu=score.ippatsu,
        haitei=score.haitei,
        houtei=score.houtei,
        rinshan=score.rinshan,
        chankan=score.chankan,
        tsumo_first_turn=score.first_turn,
        player_wind=SEATS.index(score.seat),
        round_wind=SEATS.index(score.round_wind),
        riichi_sticks=score.sticks,
        honba=score.honba,
        kita_count=score.north,
        is_sanma=score.three_player,
        num_players=3 if score.three_player else 4,
    )


def _patterns(score: ScoreRequest, result: Any) -> tuple[dict[str, int], int]:
    """Each pattern's han (or yakuman count) and the yakuman count."""
    ids = list(result.yaku)
    patterns: dict[str, int] = {}
    yakuman = 0
    open_hand = any(not m.concealed for m in score.melds)
    for pattern_id in ids:
        if pattern_id in YAKUMAN_PATTERNS:
            name, count = YAKUMAN_PATTERNS[pattern_id]
            patterns[name] = patterns.get(name, 0) + count
            yakuman += count
        elif pattern_id in HAN_PATTERNS:
            name, closed, opened = HAN_PATTERNS[pattern_id]
            value = opened if open_hand and opened is not None else closed
            patterns[name] = patterns.get(name, 0) + value
    if yakuman:
        return patterns, yakuman
    rest = int(result.han) - sum(patterns.values())
    if DORA in ids:
        without = _calc(score, [], list(score.ura_indicators))
        patterns["dora"] = int(result.han) - int(without.han)
        rest -= patterns["dora"]
    if URA_DORA in ids:
        without = _calc(score, list(score.dora_indicators), [])
        patterns["ura-dora"] = int(result.han) - int(without.han)
        rest -= patterns["ura-dora"]
    if NUKI_DORA in ids:
        patterns["nuki-dora"] = score.north
        rest -= score.north
    if AKA_DORA in ids:
        patterns["aka-dora"] = rest
    return patterns, yakuman


def _paid_limit(score: ScoreRequest, result: Any) -> tuple[str | None, int]:
    """The limit and base the package's payments show: the tier (or yakuman multiple)
    whose payments, by the package's own ``calculate_score``, equal the package's answer;
    else no limit, and the base as fu x 2^(2 + han) from the package's han and fu."""
    paid = (int(result.ron_agari), int(result.tsumo_agari_oya), int(result.tsumo_agari_ko))
    players = len(score.seats)
    tiers = [(name, han, LIMIT_BASE[name]) for name, han in LIMIT_HAN.items()]
    tiers += [("yakuman", YAKUMAN_HAN * k, LIMIT_BASE["yakuman"] * k) for k in range(1, 7)]
    for name, han, base in tiers:
        tier = calculate_score(han, 30, score.is_dealer, score.tsumo, score.honba, players)
        if (tier.pay_ron, tier.pay_tsumo_oya, tier.pay_tsumo_ko) == paid:
            return name, base
    return None, int(result.fu) * 2 ** (2 + int(result.han))


def _outcome(score: ScoreRequest, result: Any) -> dict[str, Any]:
    patterns, yakuman = _patterns(score, result)
    limit, base = _paid_limit(score, result)
    ko = int(result.tsumo_agari_ko)
    payments = payments_from_shares(
        score,
        dealer_share=ko if score.is_dealer else int(result.tsumo_agari_oya),
        other_share=ko,
        ron=int(result.ron_agari),
    )
    return {
        "patterns": patterns,
        "han": 0 if yakuman else int(result.han),
        "fu": 0 if yakuman else int(result.fu),
        "yakuman": yakuman,
        "limit": limit,
        "base": base,
        "payments": payments,
        "deposits": 1000 * score.sticks,
    }
