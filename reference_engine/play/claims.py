"""Which claims on a discard are granted, once for every rule family: the profile's claim
order (``claims: priority``), the first claimant in turn order after the discarder within a
class, and several winners where the profile allows them (tw.claims.priority,
tw.claims.multiple-winners, riichi.claims.ron-priority, riichi.claims.multiple-ron)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from spec.actions import Action, ActionKind
from spec.profile import Profile
from spec.seats import Seat


def granted(profile: Profile, order: Sequence[Seat], claims: Mapping[Seat, Action]) -> list[Seat]:
    """The seats whose claims are granted; ``order`` is turn order after the discarder and
    ``claims`` the legal claims (passes are not claims)."""
    for kinds in profile.claim_priority:
        seats = [seat for seat in order if seat in claims and claims[seat].kind in kinds]
        if seats:
            several = kinds == {ActionKind.WIN} and profile.multiple_winners
            return seats if several else seats[:1]
    return []
