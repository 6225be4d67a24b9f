"""Who pays whom in a Sichuan hand: kong money at once, each win, and the reckoning when
the hand ends (one definition, for a played hand and for a settle request).

Rules ``sc.kongs.concealed``, ``sc.kongs.added`` and ``sc.kongs.claimed`` (the profile's
kong payments), ``sc.win.discard-pays`` and ``sc.win.self-draw-pays`` (with the point
reading of ``sc.fan.self-draw``), ``sc.bloody.void-penalty``, ``sc.bloody.not-ready`` and
``sc.bloody.void-holder-not-ready``, and ``sc.kongs.no-refund`` (the reckoning gives no
kong money back).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from reference_engine.variants.sichuan.request import Readings, RemainingHand
from reference_engine.variants.sichuan.scoring import Completion, best_completion, cap, value_of
from reference_engine.variants.sichuan.shapes import holds_suit
from spec.melds import Meld
from spec.profile import Profile
from spec.seats import Seat

Changes = dict[Seat, int]


def _pay(changes: Changes, payer: Seat, payee: Seat, amount: int) -> None:
    changes[payer] = changes.get(payer, 0) - amount
    changes[payee] = changes.get(payee, 0) + amount


def kong_money(kong: Meld, maker: Seat, in_hand: Sequence[Seat], profile: Profile) -> Changes:
    """What one kong is paid at once: 2 from each other player still in for a concealed
    kong, 1 each for an added one, 2 from the discarder for a kong on a discard."""
    numbers = profile.sections["sichuan"]["kong_payments"]
    changes: Changes = {}
    if kong.claimed_from is not None and not kong.added:
        _pay(changes, kong.claimed_from, maker, int(numbers["claimed"]))
        return changes
    amount = int(numbers["concealed" if kong.concealed else "added"])
    for seat in in_hand:
        if seat is not maker:
            _pay(changes, seat, maker, amount)
    return changes


def win_money(
    value: int,
    winner: Seat,
    payer: Seat | None,
    in_hand: Sequence[Seat],
    self_draw_point: bool,
) -> Changes:
    """A win paid: by the discarder (``payer``), or on a self-draw by every other player
    still in the hand, each 1 more under the point reading of a self-draw."""
    changes: Changes = {}
    if payer is not None:
        _pay(changes, payer, winner, value)
        return changes
    for seat in in_hand:
        if seat is not winner:
            _pay(changes, seat, winner, value + int(self_draw_point))
    return changes


@dataclass(frozen=True)
class Standing:
    """A player still in the hand at its end: whether it holds its void suit, and, when it
    is ready, the most it could have won (``best``; None: not ready)."""

    void_held: bool
    best: Completion | None

    @property
    def ready(self) -> bool:
        return self.best is not None

    def as_json(self) -> dict[str, object]:
        found: dict[str, object] = {"void_held": self.void_held, "ready": self.ready}
        if self.best is not None:
            found |= {"fan": self.best.fan, "value": self.best.value}
        return found


def standing(seat: Seat, hand: RemainingHand, readings: Readings, profile: Profile) -> Standing:
    """Where a player stands when the hand ends: a void-suit holder (sc.bloody.void-penalty)
    or not, ready with its most (sc.bloody.not-ready) or not."""
    best = best_completion(seat, hand, readings, profile)
    return Standing(holds_suit(hand.concealed, hand.void), best)


def void_penalty(standings: Mapping[Seat, Standing], penalty: int) -> Changes:
    """sc.bloody.void-penalty: each void-suit holder pays ``penalty`` (the cap's value) to
    each other player still in the hand, another holder included."""
    changes: Changes = {}
    for holder, held in standings.items():
        if held.void_held:
            for other in standings:
                if other is not holder:
                    _pay(changes, holder, other, penalty)
    return changes


def not_ready_payments(
    standings: Mapping[Seat, Standing], void_holder_pays_not_ready: bool
) -> Changes:
    """sc.bloody.not-ready: each player not ready pays each ready player the most that one
    could have won; a void-suit holder too, unless the table says otherwise
    (sc.bloody.void-holder-not-ready)."""
    changes: Changes = {}
    for seat, payer in standings.items():
        if payer.ready or (payer.void_held and not void_holder_pays_not_ready):
            continue
        for payee, found in standings.items():
            if found.best is not None:
                _pay(changes, seat, payee, found.best.value)
    return changes


def reckoning(standings: Mapping[Seat, Standing], readings: Readings, profile: Profile) -> Changes:
    """The end of the hand among the players still in it (``standings``): the void penalty
    and the not-ready payments, every such player listed (0 when it pays nothing). No kong
    money is given back (sc.kongs.no-refund)."""
    penalty = value_of(cap(profile), profile)
    changes: Changes = dict.fromkeys(standings, 0)
    for paid in (
        void_penalty(standings, penalty),
        not_ready_payments(standings, readings.void_holder_pays_not_ready),
    ):
        changes = added(changes, paid)
    return changes


def added(total: Mapping[Seat, int], changes: Mapping[Seat, int]) -> dict[Seat, int]:
    """``total`` with ``changes`` added, seat by seat."""
    return {seat: total.get(seat, 0) + changes.get(seat, 0) for seat in {*total, *changes}}
