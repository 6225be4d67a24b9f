"""Declared sets and their request grammar (``{type: pung, tiles: 5m5m5m, from: west}``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from spec.enums import IdentityEnum
from spec.errors import RuleError
from spec.objects import OBJECT
from spec.seats import Seat, parse_seat
from spec.tiles import Tile, tiles_at


class MeldKind(IdentityEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


MELD_SIZE = {MeldKind.CHOW: 3, MeldKind.PUNG: 3, MeldKind.KONG: 4}
_KINDS = {kind.value: kind for kind in MeldKind}


def meld_order(tile: Tile) -> tuple[Tile, bool]:
    """A meld's tiles in rank order, a red five read as its five and placed after the plain
    fives (riichi.dora.red-fives: a red five is still a five; ordered by identity, where
    red fives come after every other tile, 0m 6m 7m would read as a run from 6m)."""
    return tile.normal, tile.is_red


@dataclass(frozen=True)
class Meld:
    """A declared set: exposed, or a concealed kong. ``tiles`` are kept in rank order
    (:func:`meld_order`) whatever order they are given in, so the first tile is the lowest
    of a chow and a plain tile of a pung or kong wherever it holds one."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    concealed: bool = False
    added: bool = False
    claimed_from: Seat | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", tuple(sorted(self.tiles, key=meld_order)))

    @property
    def base(self) -> Tile:
        """The meld's lowest rank as a plain tile: the tile a chow starts at, the tile of a
        pung or kong (a red five read as its five)."""
        return self.tiles[0].normal

    @property
    def is_open(self) -> bool:
        """Exposed to the table: every meld but a concealed kong."""
        return not self.concealed


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise RuleError("invalid-request", f"{name!r} must be bool", path=(name,))
    return value


_PLAIN = (str, bool, type(None))  # values a meld read before is looked up by


def parse_meld(data: object, path: tuple[str | int, ...]) -> Meld:
    """A declared meld; rule ``tw.structure.chow-one-suit`` for chows. A meld of plain
    values read before is answered from a cache (melds are immutable; a refusal is not
    cached)."""
    if not isinstance(data, OBJECT):
        raise RuleError("invalid-request", "a meld must be a mapping", path=path)
    values = (
        data.get("type"),
        data.get("tiles"),
        data.get("concealed", False),
        data.get("added", False),
        data.get("from"),
    )
    read = _read_cached if all(type(value) in _PLAIN for value in values) else _read_meld
    try:
        return read(*values)
    except RuleError as error:
        raise error.at(*path) from None


def _read_meld(
    named: object, text: object, concealed: object, added: object, claimed: object
) -> Meld:
    """The meld a mapping's ``type``, ``tiles``, ``concealed``, ``added`` and ``from`` say,
    refusals located within the mapping."""
    kind = _KINDS.get(named) if isinstance(named, str) else None
    if kind is None:
        raise RuleError("invalid-meld", f"unknown meld type {named!r}", path=("type",))
    tiles = tuple(sorted(tiles_at(text, "tiles"), key=meld_order))
    plain = [t.normal for t in tiles]
    expected = MELD_SIZE[kind]
    if len(tiles) != expected:
        raise RuleError(
            "invalid-meld",
            f"a {kind.value} has {expected} tiles, not {len(tiles)}",
            path=("tiles",),
        )
    if kind is MeldKind.CHOW:
        first = plain[0]
        run = first.is_numbered and first.number <= 7 and plain[1] == first + 1 == plain[2] - 1
        if not run:
            raise RuleError(
                "invalid-meld",
                "a chow is three consecutive tiles of one numbered suit",
                path=("tiles",),
            )
    elif len(set(plain)) != 1:
        raise RuleError(
            "invalid-meld", f"a {kind.value} is {expected} identical tiles", path=("tiles",)
        )
    is_concealed = _flag(concealed, "concealed")
    is_added = _flag(added, "added")
    if (is_concealed or is_added) and kind is not MeldKind.KONG:
        raise RuleError("invalid-meld", "only a kong can be concealed or added")
    if is_concealed and is_added:
        raise RuleError("invalid-meld", "a kong cannot be both concealed and added")
    source = parse_seat(claimed, ("from",)) if claimed is not None else None
    return Meld(kind, tiles, is_concealed, is_added, source)


_read_cached = lru_cache(maxsize=4096)(_read_meld)
