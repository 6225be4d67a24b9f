"""Claims on a riichi discard: ron (with furiten and the yaku requirement), pon, kan, chi, and
their priority (rules ``sanma.claims.*`` and ``sanma.furiten.*`` and their four-player kin).

A claimant is described by its hand and what it has seen: its own discards, the winning
tiles it let pass since its last discard, and, after riichi, every tile it let pass. The
request becomes the hand in play it describes, and the game's own claim legality judges it
(:func:`~reference_engine.play.claims.claim_options` with the family's hooks), so a claim
request and a played hand never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from reference_engine.hand import WinningHand
from reference_engine.play.hands import sorted_tiles, waits_of
from reference_engine.play.scenario import check_claim_copies, claim_answer
from reference_engine.play.state import GameState, Phase
from reference_engine.variants.riichi.play import RiichiPlay
from reference_engine.variants.riichi.shapes import riichi_readings
from reference_engine.variants.riichi.state import RiichiState
from spec.actions import parse_action, parse_discard
from spec.errors import RuleError
from spec.melds import Meld, parse_meld
from spec.seats import Seat
from spec.tiles import Tile, tiles_at


@dataclass(frozen=True)
class Claimant:
    seat: Seat
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    discards: tuple[Tile, ...]
    passed: tuple[Tile, ...]
    passed_after_riichi: tuple[Tile, ...]
    riichi: bool


def claimant_from(seat: Seat, data: object, path: tuple[str, ...]) -> Claimant:
    """A hand and what its owner has seen, from ``data`` found at ``path``."""
    if not isinstance(data, Mapping):
        raise RuleError("invalid-request", "a claimant is a mapping", path=path)
    melds = tuple(parse_meld(m, (*path, "melds", i)) for i, m in enumerate(data.get("melds", [])))
    return Claimant(
        seat=seat,
        concealed=tiles_at(data.get("concealed", ""), *path, "concealed"),
        melds=melds,
        discards=tiles_at(data.get("discards", ""), *path, "discards"),
        passed=tiles_at(data.get("passed", ""), *path, "passed"),
        passed_after_riichi=tiles_at(
            data.get("passed_after_riichi", ""), *path, "passed_after_riichi"
        ),
        riichi=bool(data.get("riichi", False)),
    )


def waits(claimant: Claimant, candidates: frozenset[Tile]) -> set[Tile]:
    """Tiles that complete the hand's shape (yaku aside): what furiten looks at (the
    ``analyse`` kind's waits)."""
    found = set()
    for tile in candidates:
        hand = WinningHand(claimant.seat, (*claimant.concealed, tile), claimant.melds)
        if next(riichi_readings(hand, on_anothers_tile=True), None) is not None:
            found.add(tile)
    return found


def is_furiten(claimant: Claimant, waiting: AbstractSet[Tile]) -> bool:
    """sanma.furiten.discard, sanma.furiten.temporary and sanma.furiten.riichi."""
    plain = {t.normal for t in waiting}
    own = any(t.normal in plain for t in claimant.discards)
    temporary = any(t.normal in plain for t in claimant.passed)
    riichi = claimant.riichi and any(t.normal in plain for t in claimant.passed_after_riichi)
    return own or temporary or riichi


def claim_outcome(given: Mapping[str, Any], rules: RiichiPlay, round_wind: Seat) -> dict[str, Any]:
    """Which wanted claims are legal and which are granted (ron > pon/kan > chi; double ron):
    the game's own claim legality (:func:`~reference_engine.play.scenario.claim_answer`) on
    the table the request describes (:func:`claim_state`)."""
    tile, source = parse_discard(given)
    seats = rules.scorer.seats
    if source not in seats:
        message = f"{source.value} does not play here"
        raise RuleError("invalid-request", message, path=("discard", "from"))
    extracted = bool(given["discard"].get("extracted", False))
    claimants = {
        Seat(name): claimant_from(Seat(name), data, ("hands", name))
        for name, data in (given.get("hands") or {}).items()
    }
    wanted = {
        Seat(name): parse_action(str(text), Seat(name))
        for name, text in (given.get("claims") or {}).items()
    }
    state = claim_state(rules, claimants, Offer(tile, source, extracted, round_wind))
    check_claim_copies(rules, state, given.get("options"))
    return claim_answer(rules, state, wanted)


@dataclass(frozen=True)
class Offer:
    """The tile a claim request offers: ``tile`` discarded by ``source`` (or set aside as a
    North, ``extracted``), in the round of ``round_wind``."""

    tile: Tile
    source: Seat
    extracted: bool
    round_wind: Seat


def claim_state(rules: RiichiPlay, claimants: Mapping[Seat, Claimant], offer: Offer) -> GameState:
    """The hand in play as a claim request describes it, the offered tile awaiting its claims:
    each claimant's hand, melds, riichi and discards, in furiten as its passed tiles say
    (:func:`is_furiten`), the seats not described holding nothing. Only what the request
    states decides: every seat has discarded, no indicator is turned, no stick is on the
    table, and a tile is left to draw (the request is no last discard)."""
    seats = rules.scorer.seats
    nobody = Claimant(offer.source, (), (), (), (), (), riichi=False)
    table = [claimants.get(seat, nobody) for seat in seats]
    hands = [sorted_tiles(c.concealed) for c in table]
    melds = [c.melds for c in table]
    waits = [waits_of(rules, hand, m) for hand, m in zip(hands, melds, strict=True)]
    furiten = tuple(is_furiten(c, w) for c, w in zip(table, waits, strict=True))
    extra = RiichiState.start(len(seats), 0, 0).evolve(indicators=0, furiten=furiten)
    return GameState(
        wall=(offer.tile,),
        front=0,
        back=0,
        hands=hands,
        melds=melds,
        flowers=[()] * len(seats),
        rivers=[()] * len(seats),
        dealer=Seat.EAST,
        dealer_streak=0,
        turn=offer.source,
        phase=Phase.CLAIM,
        reserve=0,
        pending=offer.tile,
        pending_from=offer.source,
        ready=[c.riichi for c in table],
        has_discarded=[True] * len(seats),
        discards=[c.discards for c in table],
        restricted=[frozenset()] * len(seats),
        round_wind=offer.round_wind,
        win_only=offer.extracted,
        waits=waits,
        extra=extra,
    )
