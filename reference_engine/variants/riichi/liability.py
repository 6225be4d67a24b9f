"""Who is made liable for a yakuman by the call that made it certain (riichi.house.pao)."""

from __future__ import annotations

from collections.abc import Collection

from spec.melds import Meld, MeldKind
from spec.tiles import DRAGONS, WINDS


def made_certain(liable: Collection[str], melds: tuple[Meld, ...], meld: Meld) -> str | None:
    """riichi.house.pao: the yakuman among the table's ``liable`` ones that the claimed
    ``meld`` (now among ``melds``) makes certain: the third dragon or the fourth wind among
    pons and kans, or (where the table says so) the fourth kan by an open kan; None
    otherwise."""
    if meld.kind is MeldKind.CHOW:
        return None
    tile = meld.base
    sets = {m.base for m in melds if m.kind is not MeldKind.CHOW}
    if "daisangen" in liable and tile in DRAGONS and sets.issuperset(DRAGONS):
        return "daisangen"
    if "daisuushii" in liable and tile in WINDS and sets.issuperset(WINDS):
        return "daisuushii"
    kongs = sum(1 for m in melds if m.kind is MeldKind.KONG)
    if "suukantsu" in liable and meld.kind is MeldKind.KONG and kongs == 4:
        return "suukantsu"
    return None
