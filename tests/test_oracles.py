"""Oracle test: the reference engine's riichi scores against the third-party ``mahjong`` package.

Seeded random complete hands (closed and open; chi, pon, open, added and concealed kans; seven
pairs, thirteen orphans and nine gates; red fives, dora and ura-dora indicators, honba, riichi
sticks, North extraction in three-player) are scored by both and compared on the error code,
the yaku (mapped to our pattern ids), the dora rows, han, fu, yakuman count, limit, every
seat's payment and the deposits.

The package is asked through its adapter (``conformance.adapters.mahjong_package``), whose
``OptionalRules`` align the two conventions: open tanyao, red fives, no double yakuman, kazoe
capped at one yakuman, no kiriage, 30 fu for an open pinfu shape, no tsumo fu for pinfu.
What the two define differently otherwise (renhou, the package's optional yaku, flags that
cannot happen together, which mjspec refuses as ``inconsistent-flags``) is never dealt:
``test_the_dealer_avoids_the_situations_the_conventions_define_differently`` checks it.
Nothing is skipped after dealing, so every disagreement reported is unexplained.

Fast mode (the default, in CI) deals 1,500 four-player and 500 three-player hands;
``MJSPEC_LONG=1`` deals 20,000 and 5,000.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

pytest.importorskip("mahjong")

from conformance.adapters.mahjong_package import MahjongPackageEngine
from conformance.fuzz.riichi_deals import (
    SUITS,
    Deal,
    DealtMeld,
    deal,
    engine_request,
)
from reference_engine.plugin import ReferenceEngine

LONG = bool(os.environ.get("MJSPEC_LONG"))
FOUR_PLAYER_HANDS = 20_000 if LONG else 1_500
THREE_PLAYER_HANDS = 5_000 if LONG else 500


ENGINE = ReferenceEngine()
PACKAGE = MahjongPackageEngine()


# --- the two answers -------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """A score, normalised so the two scorers can be compared field by field."""

    error: str | None = None
    yaku: Mapping[str, int] = field(default_factory=dict)
    dora: int = 0  # dora plus extracted Norths (the package merges them)
    ura_dora: int = 0
    aka_dora: int = 0
    han: int = 0
    fu: int = 0
    yakuman: int = 0
    limit: str | None = None
    payments: Mapping[str, int] = field(default_factory=dict)
    deposits: int = 0


DORA_ROWS = ("dora", "ura-dora", "aka-dora", "nuki-dora")


def engine_answer(dealt: Deal) -> Answer:
    try:
        outcome = ENGINE.evaluate(engine_request(dealt))
    except Exception as crash:  # an engine crash is a disagreement to report, not a test error
        return Answer(error=f"crash {type(crash).__name__}: {crash}")
    return answer_of(outcome)


def answer_of(outcome: Mapping[str, Any]) -> Answer:
    """An engine's score outcome, with the dora rows apart and Norths counted as dora (the
    package merges them)."""
    if "error" in outcome:
        return Answer(error=str(outcome["error"]["code"]))
    patterns: dict[str, int] = dict(outcome["patterns"])
    return Answer(
        yaku={k: v for k, v in patterns.items() if k not in DORA_ROWS},
        dora=patterns.get("dora", 0) + patterns.get("nuki-dora", 0),
        ura_dora=patterns.get("ura-dora", 0),
        aka_dora=patterns.get("aka-dora", 0),
        han=int(outcome["han"]),
        fu=int(outcome["fu"]),
        yakuman=int(outcome["yakuman"]),
        limit=outcome["limit"],
        payments=dict(outcome["payments"]),
        deposits=int(outcome["deposits"]),
    )


def package_answer(dealt: Deal) -> Answer:
    """The ``mahjong`` package's answer, through its adapter (the same translation the
    conformance runner uses; no second copy of it here)."""
    return answer_of(PACKAGE.evaluate(engine_request(dealt)))


# --- comparison ------------------------------------------------------------------------------


def differences(ours: Answer, theirs: Answer) -> list[str]:
    """The fields where the two answers differ, as short labels (ours first).

    When only one side scores a yakuman, the yaku, dora, han and fu differ as a consequence,
    so the label names the yakuman counts and whether the money differs.
    """
    if ours.error or theirs.error:
        return [] if ours.error == theirs.error else [f"error {ours.error} vs {theirs.error}"]
    labels: list[str] = []
    if bool(ours.yakuman) != bool(theirs.yakuman):
        labels.append(f"yakuman {ours.yakuman} vs {theirs.yakuman}")
        fields: tuple[str, ...] = ("limit", "deposits")
    else:
        if ours.yaku != theirs.yaku:
            labels.append("yaku")
        fields = ("dora", "ura_dora", "aka_dora", "han", "fu", "yakuman", "limit", "deposits")
    for name in fields:
        if getattr(ours, name) != getattr(theirs, name):
            labels.append(name)
    if ours.payments != theirs.payments:
        labels.append("payments")
    return labels


def describe(dealt: Deal, ours: Answer, theirs: Answer) -> str:
    given = engine_request(dealt)["given"]
    return f"  given: {given}\n  ours:   {ours}\n  theirs: {theirs}"


@dataclass
class Tally:
    hands: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    yaku: Counter[str] = field(default_factory=Counter)
    disagreements: dict[str, list[str]] = field(default_factory=dict)


def run_oracle(variant: str, hands: int, seed: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    for _ in range(hands):
        dealt = deal(rng, variant)
        tally.hands += 1
        ours, theirs = engine_answer(dealt), package_answer(dealt)
        if ours.error:
            tally.errors[ours.error] += 1
        tally.yaku.update(ours.yaku)
        labels = differences(ours, theirs)
        if labels:
            key = "; ".join(labels)
            tally.disagreements.setdefault(key, []).append(describe(dealt, ours, theirs))
    return tally


def report(tally: Tally) -> str:
    count = sum(len(v) for v in tally.disagreements.values())
    lines = [
        f"{count} disagreements in {tally.hands} hands (engine errors: {dict(tally.errors)}; "
        f"yaku kinds scored: {len(tally.yaku)})"
    ]
    for key, examples in sorted(tally.disagreements.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"[{len(examples)}x] {key}\n{examples[0]}")
    return "\n".join(lines)


# --- tests -----------------------------------------------------------------------------------


INVALID_HAND_CODES = frozenset(
    {
        "invalid-request",
        "invalid-tile",
        "invalid-meld",
        "too-many-copies",
        "tile-count",
        "not-winning",
        "inconsistent-flags",
    }
)


def test_the_dealer_deals_valid_winning_hands() -> None:
    rng = random.Random(7)
    for variant in ("riichi", "riichi-sanma"):
        for _ in range(300):
            dealt = deal(rng, variant)
            ids = dealt.all_ids + dealt.dora + dealt.ura
            assert len(set(ids)) == len(ids), "every physical tile is used once"
            assert all(0 <= i < 136 for i in ids), "136-format ids: at most four copies"
            assert len(dealt.concealed) + 3 * len(dealt.melds) == 14
            if dealt.three:
                assert not any(1 <= i // 4 <= 7 for i in ids), "no 2m-8m in sanma"
                assert not any(m.kind == "chow" for m in dealt.melds), "no chi in sanma"
                in_hand = sum(1 for i in ids if i // 4 == 30)
                assert in_hand + dealt.north <= 4, "extracted Norths are physical tiles"
            refused = engine_answer(dealt).error
            assert refused not in INVALID_HAND_CODES, (refused, engine_request(dealt))


def test_the_dealer_avoids_the_situations_the_conventions_define_differently() -> None:
    rng = random.Random(8)
    for variant in ("riichi", "riichi-sanma"):
        for _ in range(2_000):
            d = deal(rng, variant)
            assert not (d.first_turn and not d.tsumo), "renhou"
            assert not (d.first_turn and d.melds), "tenhou/chiihou after a call"
            assert not ((d.riichi or d.double_riichi) and not d.closed), "riichi on an open hand"
            assert not (d.ippatsu and not d.riichi), "ippatsu without riichi"
            assert not (d.after_kong and not d.tsumo), "rinshan on a ron"
            assert not (d.after_kong and d.last_tile), "haitei with rinshan"
            assert not (d.chankan and (d.tsumo or d.last_tile)), "chankan with tsumo or houtei"


def deal_from_text(
    variant: str,
    concealed: str,
    melds: Sequence[tuple[str, str, bool]] = (),
    **situation: Any,
) -> Deal:
    """A deal written in MPSZ tokens (one per tile, winning tile last); melds are
    ``(kind, tiles, concealed)``; ``situation`` overrides the :class:`Deal` fields."""
    used: set[int] = set()

    def ids(text: str) -> tuple[int, ...]:
        out = []
        for tile in text.split():
            digit, suit = tile[0], tile[1]
            if suit == "z":
                kind, red = 26 + int(digit), False
            else:
                red = digit == "0"
                kind = SUITS.index(suit) * 9 + (4 if red else int(digit) - 1)
            first_plain = 1 if kind < 27 and kind % 9 == 4 else 0
            copies = [kind * 4] if red else [kind * 4 + c for c in range(first_plain, 4)]
            tile_id = next(c for c in copies if c not in used)
            used.add(tile_id)
            out.append(tile_id)
        return tuple(out)

    fields: dict[str, Any] = {
        "variant": variant,
        "concealed": ids(concealed),
        "melds": tuple(
            DealtMeld(kind, ids(tiles), concealed=hidden, source=None if hidden else "north")
            for kind, tiles, hidden in melds
        ),
        "seat": "south",
        "round_wind": "east",
        "tsumo": False,
        "chankan": False,
        "source": "west",
        "riichi": False,
        "double_riichi": False,
        "ippatsu": False,
        "after_kong": False,
        "last_tile": False,
        "first_turn": False,
        "dora": (),
        "ura": (),
        "north": 0,
        "honba": 0,
        "sticks": 0,
        "flavour": "by hand",
    }
    for key in ("dora", "ura"):
        if key in situation:
            situation[key] = ids(situation[key])
    fields.update(situation)
    if fields["tsumo"]:
        fields["source"] = None
    return Deal(**fields)


#: The smallest hand of each disagreement category the random runs found; each must agree
#: once the engine is right (they pin the engine bugs the oracle reported).
MINIMAL_HANDS: dict[str, Deal] = {
    "a called chow 0p6p7p (red five lowest)": deal_from_text(
        "riichi",
        "2m 3m 4m 6p 7p 8p 2s 2s 2p 3p 4p",
        [("chow", "0p 6p 7p", False)],
        seat="east",
        source="north",
    ),
    "a called chow 0s6s7s (red five lowest)": deal_from_text(
        "riichi",
        "2m 3m 4m 6p 7p 8p 2s 2s 2p 3p 4p",
        [("chow", "0s 6s 7s", False)],
        seat="east",
        source="north",
    ),
    "suuankou that also reads as a 13-han kazoe": deal_from_text(
        "riichi",
        "2s 2s 2s 3s 3s 3s 4s 4s 4s 7s 7s 7s 5s 5s",
        tsumo=True,
        riichi=True,
        dora="1s",
    ),
    "sanma: an extracted North under a West ura indicator": deal_from_text(
        "riichi-sanma",
        "2p 3p 4p 5p 6p 7p 2s 3s 4s 6s 7s 8s 9s 9s",
        riichi=True,
        north=1,
        ura="3z",
    ),
}


@pytest.mark.parametrize("name", list(MINIMAL_HANDS))
def test_each_minimal_hand_scores_as_the_mahjong_package_scores_it(name: str) -> None:
    dealt = MINIMAL_HANDS[name]
    ours, theirs = engine_answer(dealt), package_answer(dealt)
    assert not differences(ours, theirs), describe(dealt, ours, theirs)


def test_four_player_scores_agree_with_the_mahjong_package() -> None:
    tally = run_oracle("riichi", FOUR_PLAYER_HANDS, seed=20240601)
    if tally.disagreements:
        pytest.fail(report(tally), pytrace=False)


def test_three_player_scores_agree_with_the_mahjong_package() -> None:
    tally = run_oracle("riichi-sanma", THREE_PLAYER_HANDS, seed=20240602)
    if tally.disagreements:
        pytest.fail(report(tally), pytrace=False)
