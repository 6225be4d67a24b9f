"""Is this a possible hand? Every problem of a hand's tiles, listed at once.

Rules ``tw.structure.tile-set``, ``tw.structure.flowers-aside`` and
``riichi.tiles.set``: every tile exists in the variant's set, no tile has more
copies than the set holds (red fives included, with what is shown on the table:
extracted Norths, dora indicators), flowers are set aside; and a hand counts the
tiles its state needs (each meld counting three, ``tw.structure.kong-extra-tile``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from operator import eq
from typing import Any

from spec.errors import RuleError
from spec.melds import Meld
from spec.objects import OBJECT
from spec.tiles import RED_FIVES, Tile, tiles_at
from spec.tileset import TileSet

Path = tuple[str | int, ...]


def tile_problems(
    tiles: TileSet, concealed: Sequence[Tile], melds: Sequence[Meld], path: Path = ()
) -> list[RuleError]:
    """Tiles of the hand and its melds that the set does not have."""
    playing = tiles.playing
    if playing.issuperset(concealed) and all(playing.issuperset(m.tiles) for m in melds):
        return []  # the common case, answered at once
    located: list[tuple[Path, Sequence[Tile]]] = [((*path, "concealed"), concealed)]
    located += [((*path, "melds", i), meld.tiles) for i, meld in enumerate(melds)]
    problems = []
    for where, group in located:
        for tile in group:
            if tile in playing:
                continue
            if tile.is_flower and tiles.flowers:
                message = f"{tile.mpsz} is a flower: flowers are set aside"
                problems.append(RuleError("flower-in-hand", message, path=where))
            elif tile.is_red and tile.normal in tiles.kinds:
                message = f"{tile.mpsz}: this variant has no red fives"
                problems.append(RuleError("invalid-tile", message, path=where))
            else:
                message = f"{tile.mpsz} is not in this variant's tile set"
                problems.append(RuleError("invalid-tile", message, path=where))
    return problems


def flower_problems(tiles: TileSet, flowers: Sequence[Tile], path: Path = ()) -> list[RuleError]:
    """Flowers that the set does not have, or has only once."""
    where = (*path, "flowers")
    problems = [
        RuleError("invalid-tile", f"{tile.mpsz} is not a flower of this variant", path=where)
        for tile in flowers
        if tile not in tiles.flowers
    ]
    problems += [
        RuleError(
            "too-many-copies",
            f"{count} copies of flower {tile.mpsz}; each flower is unique",
            path=where,
        )
        for tile, count in Counter(flowers).items()
        if count > 1
    ]
    return problems


def copy_problems(
    tiles: TileSet,
    concealed: Sequence[Tile],
    melds: Sequence[Meld],
    shown: Sequence[Tile] = (),
    path: Path = (),
) -> list[RuleError]:
    """Tiles seen more often than the set holds them: the hand, its melds and ``shown``."""
    seen = [*concealed, *shown]
    for meld in melds:
        seen += meld.tiles
    seen.sort()
    if _within_copies(tiles, seen):
        return []
    return located_copy_problems(tiles, Counter(seen), path or ("concealed",))


def located_copy_problems(tiles: TileSet, seen: Counter[Tile], where: Path) -> list[RuleError]:
    """Each way the tiles ``seen`` (by identity, red fives apart) exceed the set's copies,
    located at ``where``: a kind's copies, a red five's red copies, a five's plain copies."""
    plain: Counter[Tile] = Counter()
    for tile, count in seen.items():
        plain[tile.normal] += count
    problems = [
        RuleError(
            "too-many-copies",
            f"{count} copies of {tile.mpsz}; the set has {tiles.copies}",
            path=where,
        )
        for tile, count in plain.items()
        if count > tiles.copies
    ]
    for tile, count in seen.items():
        if tile.is_red and count > max(tiles.red_copies(tile), 1):
            reds = tiles.red_copies(tile)
            message = f"{count} copies of {tile.mpsz}; the set has {reds} red"
            problems.append(RuleError("too-many-copies", message, path=where))
    for red in sorted(set(tiles.red_fives)):
        held, reds = seen[red.normal], tiles.red_copies(red)
        if held > tiles.copies - reds:
            message = f"{held} plain {red.normal.mpsz}: {reds} of the {tiles.copies} are red"
            problems.append(RuleError("too-many-copies", message, path=where))
    return problems


def _within_copies(tiles: TileSet, seen: list[Tile]) -> bool:
    """Whether every check of :func:`copy_problems` passes, read from the tiles ``seen`` in
    order (the located problems are listed only otherwise): no tile more often than the
    copies (in order, a tile ``copies`` places on would be the same tile); a five seen
    within the copies its red ones leave, a red five within its red copies (one at least,
    as that check says) and, with its plain fives, within the copies."""
    copies, most = tiles.copies, tiles.most_seen
    if any(map(eq, seen, seen[copies:])):
        return False
    for five in _FIVES.intersection(seen):  # most hands hold none or few
        count = seen.count(five)
        if count > most[five]:
            return False
        if five.is_red and count + seen.count(five.normal) > copies:
            return False
    return True


_FIVES = frozenset(t for red in RED_FIVES.values() for t in (red, red.normal))  # most_seen's


def shown_tiles(given: Mapping[str, Any]) -> tuple[Tile, ...]:
    """The tiles a score request shows besides the winner's hand and melds, each one of the
    set's copies (riichi.tiles.set, cc.tiles.set): a North per ``north`` set aside, the dora
    and ura indicators, and ``table.seen`` (the public tiles in no meld of the request)."""
    table = given.get("table")
    seen = table.get("seen", "") if isinstance(table, OBJECT) else ""
    north = given.get("north", 0)
    return (
        (Tile.NORTH,) * (north if isinstance(north, int) else 0)
        + tiles_at(given.get("dora_indicators", ""), "dora_indicators")
        + tiles_at(given.get("ura_indicators", ""), "ura_indicators")
        + tiles_at(seen, "table", "seen")
    )


def structural_count(concealed: Sequence[Tile], melds: Sequence[Meld]) -> int:
    """Tiles in hand, each meld counting three (rule ``tw.structure.kong-extra-tile``)."""
    return len(concealed) + 3 * len(melds)


def count_problems(
    concealed: Sequence[Tile], melds: Sequence[Meld], needed: int, path: Path = ()
) -> list[RuleError]:
    """Rule ``tw.structure.sixteen-tiles``: a winning hand counts the hand size plus one."""
    count = structural_count(concealed, melds)
    if count == needed:
        return []
    message = f"{count} tiles (melds counted as three); a win needs {needed}"
    return [RuleError("tile-count", message, path=(*path, "concealed"))]
