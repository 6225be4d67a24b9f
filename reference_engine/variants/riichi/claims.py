"""Claims on a riichi discard: ron (with furiten and the yaku requirement), pon, kan, chi, and
their priority (rules ``sanma.claims.*`` and ``sanma.furiten.*`` and their four-player kin).

A claimant is described by its hand and what it has seen: its own discards, the winning
tiles it let pass since its last discard, and, after riichi, every tile it let pass.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from reference_engine.analysis.reading import Reading
from reference_engine.hand import WinningHand, red_choice
from reference_engine.play.claims import granted
from reference_engine.variants.riichi.context import RiichiWin
from reference_engine.variants.riichi.shapes import riichi_readings
from spec.actions import Action, ActionKind, parse_action, parse_discard
from spec.errors import RuleError
from spec.melds import Meld, parse_meld
from spec.profile import Profile
from spec.seats import Seat
from spec.tiles import Tile, tiles_at

ScoreReading = Callable[[Reading, RiichiWin], object | None]


@dataclass(frozen=True)
class ClaimTable:
    """What decides a claim besides the claimant: the profile (seats, tile set, chows, claim
    order), the circumstances of a ron, and the scoring that says whether it has a yaku."""

    profile: Profile
    seats: tuple[Seat, ...]
    win_context: Callable[[WinningHand, Seat], RiichiWin]
    score_reading: ScoreReading


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
    """Tiles that complete the hand's shape (yaku aside): what furiten looks at."""
    found = set()
    for tile in candidates:
        hand = WinningHand(claimant.seat, (*claimant.concealed, tile), claimant.melds)
        if next(riichi_readings(hand, on_anothers_tile=True), None) is not None:
            found.add(tile)
    return found


def is_furiten(claimant: Claimant, waiting: set[Tile]) -> bool:
    """sanma.furiten.discard, sanma.furiten.temporary and sanma.furiten.riichi."""
    plain = {t.normal for t in waiting}
    own = any(t.normal in plain for t in claimant.discards)
    temporary = any(t.normal in plain for t in claimant.passed)
    riichi = claimant.riichi and any(t.normal in plain for t in claimant.passed_after_riichi)
    return own or temporary or riichi


def claim_outcome(given: Mapping[str, Any], table: ClaimTable) -> dict[str, Any]:
    """Which wanted claims are legal and which are granted (ron > pon/kan > chi; double ron)."""
    tile, source = parse_discard(given)
    seats = table.seats
    if source not in seats:
        message = f"{source.value} does not play here"
        raise RuleError("invalid-request", message, path=("discard", "from"))
    extracted = bool(given["discard"].get("extracted", False))
    claimants = {
        Seat(name): claimant_from(Seat(name), data, ("hands", name))
        for name, data in (given.get("hands") or {}).items()
    }
    legal: dict[str, bool] = {}
    accepted: dict[Seat, Action] = {}
    for name, text in (given.get("claims") or {}).items():
        seat = Seat(name)
        action = parse_action(str(text), seat)
        claimant = claimants.get(seat)
        ok = action.kind is ActionKind.PASS or (
            claimant is not None
            and seat is not source
            and seat in seats
            and _legal(action, claimant, tile, source, extracted, table)
        )
        legal[seat.value] = ok
        if ok and action.kind is not ActionKind.PASS:
            accepted[seat] = action
    order = [seats[(seats.index(source) + step) % len(seats)] for step in range(1, len(seats))]
    chosen = granted(table.profile, order, accepted)
    return {"legal": legal, "granted": [s.value for s in chosen]}


def _legal(
    action: Action,
    claimant: Claimant,
    tile: Tile,
    source: Seat,
    extracted: bool,
    table: ClaimTable,
) -> bool:
    seats = table.seats
    if action.kind is ActionKind.WIN:
        waiting = waits(claimant, table.profile.tiles.kinds)
        if tile.normal not in {t.normal for t in waiting} or is_furiten(claimant, waiting):
            return False
        hand = WinningHand(claimant.seat, (*claimant.concealed, tile), claimant.melds)
        win = table.win_context(hand, source)
        return any(
            table.score_reading(reading, win) is not None
            for reading in riichi_readings(hand, on_anothers_tile=True)
        )
    if claimant.riichi or extracted:
        return False
    held = sum(1 for t in claimant.concealed if t.normal is tile.normal)
    concealed = tuple(claimant.concealed)
    if action.kind is ActionKind.PUNG:
        named = not action.red or red_choice(concealed, tile.normal, 2)
        return action.tile is not None and action.tile.normal is tile.normal and held >= 2 and named
    if action.kind is ActionKind.KONG:
        return action.tile is not None and action.tile.normal is tile.normal and held >= 3
    if action.kind is ActionKind.CHOW and action.tile is not None:
        following = seats[(seats.index(source) + 1) % len(seats)]
        run = [Tile(action.tile + k) for k in range(3)]
        others = [t for t in run if t is not tile.normal]
        named = not action.red or any(red_choice(concealed, t, 1) for t in others)
        return (
            table.profile.chow_allowed
            and claimant.seat is following
            and tile.normal in run
            and all(t in {c.normal for c in claimant.concealed} for t in others)
            and named
        )
    return False
