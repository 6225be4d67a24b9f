"""Who pays whom in a Sichuan hand: kong money at once, each win, and the reckoning when
the hand ends.

Rules ``sc.kongs.concealed``, ``sc.kongs.added`` and ``sc.kongs.claimed`` (the profile's
kong payments), ``sc.win.discard-pays`` and ``sc.win.self-draw-pays`` (with the point
reading of ``sc.fan.self-draw``), ``sc.bloody.void-penalty``, ``sc.bloody.not-ready`` and
``sc.bloody.void-holder-not-ready``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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


def reckoning(
    in_hand: Sequence[Seat],
    void_holders: frozenset[Seat],
    ready: Mapping[Seat, int],
    penalty: int,
    void_holder_pays_not_ready: bool,
) -> Changes:
    """The end of the hand among the players still in it: each void-suit holder pays
    ``penalty`` to each other; each player not ready (a void-suit holder too, unless the
    table says otherwise) pays each ready player the most that one could have won
    (``ready``: seat -> that value)."""
    changes: Changes = dict.fromkeys(in_hand, 0)
    for holder in void_holders:
        for other in in_hand:
            if other is not holder:
                _pay(changes, holder, other, penalty)
    for seat in in_hand:
        if seat in ready or (seat in void_holders and not void_holder_pays_not_ready):
            continue
        for winner, amount in ready.items():
            _pay(changes, seat, winner, amount)
    return changes


def added(total: Mapping[Seat, int], changes: Mapping[Seat, int]) -> dict[Seat, int]:
    """``total`` with ``changes`` added, seat by seat."""
    return {seat: total.get(seat, 0) + changes.get(seat, 0) for seat in {*total, *changes}}
