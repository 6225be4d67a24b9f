"""Random valid riichi wins (four and three players) as mjspec ``score`` requests.

Hands are dealt from a tile pool, so no tile appears more than four times and each red
five once: four sets and a pair (chows, pungs, open, added and concealed kans), seven
pairs, thirteen orphans and nine gates, in flavours that make the rarer yaku appear
(flushes, outside hands, honour sets, straights, triple sequences...). The winning
circumstances are drawn consistently (riichi only closed, ippatsu only with riichi, a
robbed kan only for a tile of which three copies are left, ...). Tiles are 136-format ids.
Used by the oracle test and by ``mjspec fuzz``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from spec.profile import load_profile

SEATS_4P = ("east", "south", "west", "north")
SEATS_3P = ("east", "south", "west")
ROUNDS_4P = SEATS_4P
ROUNDS_3P = ("east", "south")
RED_4P = frozenset({16, 52, 88})  # 136-format ids of the red 5m, 5p, 5s
RED_3P = frozenset({52, 88})
SUITS = "mps"


@dataclass(frozen=True)
class Group:
    """A set or pair of a dealt hand, as 136-format tile ids."""

    kind: str  # chow, pung, pair
    ids: tuple[int, ...]


@dataclass(frozen=True)
class DealtMeld:
    kind: str  # chow, pung, kong
    ids: tuple[int, ...]
    concealed: bool = False
    added: bool = False
    source: str | None = None


@dataclass(frozen=True)
class Deal:
    """One random winning situation, in terms both scorers can read."""

    variant: str
    concealed: tuple[int, ...]  # winning tile last
    melds: tuple[DealtMeld, ...]
    seat: str
    round_wind: str
    tsumo: bool
    chankan: bool
    source: str | None
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    after_kong: bool
    last_tile: bool
    first_turn: bool
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    north: int
    honba: int
    sticks: int
    flavour: str

    @property
    def three(self) -> bool:
        return is_three_player(self.variant)

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS_3P if self.three else SEATS_4P

    @property
    def red(self) -> frozenset[int]:
        return RED_3P if self.three else RED_4P

    @property
    def closed(self) -> bool:
        return not any(not m.concealed for m in self.melds)

    @property
    def all_ids(self) -> tuple[int, ...]:
        return self.concealed + tuple(i for m in self.melds for i in m.ids)


def token(tile_id: int, red: frozenset[int]) -> str:
    """The MPSZ token of a 136-format tile id (``0p`` for a red five)."""
    kind = tile_id // 4
    if kind >= 27:
        return f"{kind - 26}z"
    digit = "0" if tile_id in red else str(kind % 9 + 1)
    return digit + SUITS[kind // 9]


def tiles_text(ids: Sequence[int], red: frozenset[int]) -> str:
    return " ".join(token(i, red) for i in ids)


def is_terminal_or_honour(kind: int) -> bool:
    return kind >= 27 or kind % 9 in (0, 8)


class Dealer:
    """Deals valid winning hands: at most four copies of a tile, one red five per suit."""

    def __init__(self, rng: random.Random, three: bool) -> None:
        self.rng = rng
        self.three = three
        self.free: dict[int, list[int]] = {
            kind: [kind * 4 + c for c in range(4)]
            for kind in range(34)
            if not (three and 1 <= kind <= 7)
        }

    @property
    def kinds(self) -> list[int]:
        return sorted(self.free)

    def available(self, kind: int) -> int:
        return len(self.free.get(kind, []))

    def take(self, kind: int, n: int) -> list[int] | None:
        copies = self.free.get(kind, [])
        if len(copies) < n:
            return None
        chosen = self.rng.sample(copies, n)
        for tile_id in chosen:
            copies.remove(tile_id)
        return chosen

    def chow(self, start: int) -> Group | None:
        if any(self.available(start + k) < 1 for k in range(3)):
            return None
        ids = [self.take(start + k, 1) for k in range(3)]
        return Group("chow", tuple(i[0] for i in ids if i))

    def pung(self, kind: int) -> Group | None:
        ids = self.take(kind, 3)
        return Group("pung", tuple(ids)) if ids else None

    def pair(self, kind: int) -> Group | None:
        ids = self.take(kind, 2)
        return Group("pair", tuple(ids)) if ids else None

    def chow_starts(self, kinds: set[int]) -> list[int]:
        return [
            k
            for k in sorted(kinds)
            if k < 27 and k % 9 <= 6 and {k, k + 1, k + 2} <= kinds and k in self.free
        ]


@dataclass
class Plan:
    """What a flavour asks of the dealer."""

    forced: list[Group] = field(default_factory=list)
    chow_starts: list[int] = field(default_factory=list)
    pung_kinds: list[int] = field(default_factory=list)
    pair_kinds: list[int] = field(default_factory=list)
    chow_share: float = 0.5
    closed: bool = False
    special: tuple[int, ...] | None = None  # seven pairs, orphans, nine gates: the 14 tiles


def suit_kinds(suit: int) -> set[int]:
    return set(range(suit * 9, suit * 9 + 9))


HONOURS = set(range(27, 34))


# A flavour shapes the plan and answers the kinds the other sets are drawn from; a complete
# plan (outside hands, or the 14 tiles of a special shape) is final; None: not dealable here.
Shaper = Callable[["Dealer", Plan, int], "set[int] | Plan | None"]


def _half_flush(d: Dealer, plan: Plan, suit: int) -> set[int]:
    return (suit_kinds(suit) | HONOURS) & set(d.kinds)


def _full_flush(d: Dealer, plan: Plan, suit: int) -> set[int]:
    return suit_kinds(suit) & set(d.kinds)


def _simples(d: Dealer, plan: Plan, suit: int) -> set[int]:
    return {k for k in d.kinds if not is_terminal_or_honour(k)}


def _outside(pure: bool) -> Shaper:
    def shape(d: Dealer, plan: Plan, suit: int) -> Plan:
        edge = {k for k in d.kinds if is_terminal_or_honour(k)}
        if pure:
            edge -= HONOURS
        plan.chow_starts = [k for k in d.chow_starts(set(d.kinds)) if k % 9 in (0, 6)]
        plan.pung_kinds = sorted(edge)
        plan.pair_kinds = sorted(edge)
        plan.chow_share = d.rng.choice([0.5, 0.8, 1.0])
        return plan

    return shape


def _terminals_honours(d: Dealer, plan: Plan, suit: int) -> set[int]:
    kinds = {k for k in d.kinds if is_terminal_or_honour(k)}
    plan.chow_share = 0.0
    chosen: set[int] = d.rng.choice([kinds, kinds - HONOURS, HONOURS, kinds])
    return chosen


def _green(d: Dealer, plan: Plan, suit: int) -> set[int]:
    return {19, 20, 21, 23, 25, 32}


def _dragons(d: Dealer, plan: Plan, suit: int) -> set[int]:
    rng = d.rng
    plan.forced = [g for k in rng.sample([31, 32, 33], rng.choice([2, 3])) if (g := d.pung(k))]
    plan.pair_kinds = rng.choice([[31, 32, 33], sorted(d.kinds)])
    return set(d.kinds)


def _winds(d: Dealer, plan: Plan, suit: int) -> set[int]:
    rng = d.rng
    winds = [27, 28, 29, 30]
    plan.forced = [g for k in rng.sample(winds, rng.choice([3, 4])) if (g := d.pung(k))]
    plan.pair_kinds = rng.choice([winds, sorted(d.kinds)])
    return set(d.kinds)


def _sanshoku(d: Dealer, plan: Plan, suit: int) -> set[int] | None:
    if d.three:
        return None
    start = d.rng.randrange(7)
    plan.forced = [g for s in range(3) if (g := d.chow(s * 9 + start))]
    return set(d.kinds)


def _ittsu(d: Dealer, plan: Plan, suit: int) -> set[int]:
    plan.forced = [g for k in (0, 3, 6) if (g := d.chow(suit * 9 + k))]
    return set(d.kinds)


def _peikou(d: Dealer, plan: Plan, suit: int) -> set[int]:
    rng = d.rng
    starts = d.chow_starts(set(d.kinds))
    for _ in range(rng.choice([1, 2])):
        start = rng.choice(starts)
        plan.forced += [g for _ in range(2) if (g := d.chow(start))]
    plan.closed = rng.random() < 0.7
    return set(d.kinds)


def _doukou(d: Dealer, plan: Plan, suit: int) -> set[int]:
    number = d.rng.choice([0, 8] if d.three else range(9))
    plan.forced = [g for s in range(3) if (g := d.pung(s * 9 + number))]
    return set(d.kinds)


def _concealed_pungs(d: Dealer, plan: Plan, suit: int) -> set[int]:
    plan.chow_share = d.rng.choice([0.0, 0.0, 0.3])
    plan.closed = d.rng.random() < 0.6
    return set(d.kinds)


def _special(plan: Plan, tiles: tuple[int, ...]) -> Plan | None:
    plan.special = tiles
    plan.closed = True
    return plan if len(tiles) == 14 else None


def _seven_pairs(d: Dealer, plan: Plan, suit: int) -> Plan | None:
    every = set(d.kinds)
    pool = sorted(d.rng.choice([every, suit_kinds(suit) | HONOURS, suit_kinds(suit)]) & every)
    if len(pool) < 7:
        pool = sorted(every)
    chosen = d.rng.sample(pool, 7)
    return _special(plan, tuple(i for k in chosen for i in d.take(k, 2) or ()))


def _orphans(d: Dealer, plan: Plan, suit: int) -> Plan | None:
    orphans = [k for k in d.kinds if is_terminal_or_honour(k)]
    doubled = d.rng.choice(orphans)
    tiles = tuple(i for k in orphans for i in d.take(k, 2 if k == doubled else 1) or ())
    return _special(plan, tiles)


def _nine_gates(d: Dealer, plan: Plan, suit: int) -> Plan | None:
    base = suit * 9
    counts = {base + k: 1 for k in range(9)}
    counts[base] = counts[base + 8] = 3
    counts[base + d.rng.randrange(9)] += 1
    return _special(plan, tuple(i for k, n in counts.items() for i in d.take(k, n) or ()))


SHAPERS: dict[str, Shaper] = {
    "half-flush": _half_flush,
    "full-flush": _full_flush,
    "simples": _simples,
    "outside": _outside(pure=False),
    "pure-outside": _outside(pure=True),
    "terminals-honours": _terminals_honours,
    "green": _green,
    "dragons": _dragons,
    "winds": _winds,
    "sanshoku": _sanshoku,
    "ittsu": _ittsu,
    "peikou": _peikou,
    "doukou": _doukou,
    "concealed-pungs": _concealed_pungs,
    "seven-pairs": _seven_pairs,
    "orphans": _orphans,
    "nine-gates": _nine_gates,
}


def plan_for(flavour: str, d: Dealer) -> Plan | None:
    """The groups a flavour forces and the kinds it draws the rest from (:data:`SHAPERS`;
    a flavour not in the table draws from every kind)."""
    suit = d.rng.choice([1, 2] if d.three else [0, 1, 2])
    plan = Plan(chow_share=d.rng.choice([0.0, 0.3, 0.6, 0.9, 1.0]))
    shaper = SHAPERS.get(flavour)
    shaped = shaper(d, plan, suit) if shaper is not None else set(d.kinds)
    if shaped is None or isinstance(shaped, Plan):
        return shaped
    plan.chow_starts = plan.chow_starts or d.chow_starts(shaped)
    plan.pung_kinds = plan.pung_kinds or sorted(shaped)
    plan.pair_kinds = plan.pair_kinds or sorted(shaped)
    return plan


def fill_sets(d: Dealer, plan: Plan) -> list[Group] | None:
    """The forced groups plus random sets up to four, then a pair."""
    groups = list(plan.forced)
    while len(groups) < 4:
        for _ in range(30):
            use_chow = plan.chow_starts and (
                not plan.pung_kinds or d.rng.random() < plan.chow_share
            )
            if use_chow:
                group = d.chow(d.rng.choice(plan.chow_starts))
            else:
                group = d.pung(d.rng.choice(plan.pung_kinds))
            if group is not None:
                groups.append(group)
                break
        else:
            return None
    for _ in range(30):
        pair = d.pair(d.rng.choice(plan.pair_kinds))
        if pair is not None:
            return [*groups, pair]
    return None


FLAVOURS: tuple[tuple[str, int], ...] = (
    ("any", 20),
    ("half-flush", 8),
    ("full-flush", 6),
    ("simples", 8),
    ("outside", 6),
    ("pure-outside", 4),
    ("terminals-honours", 3),
    ("green", 2),
    ("dragons", 4),
    ("winds", 3),
    ("sanshoku", 4),
    ("ittsu", 4),
    ("peikou", 5),
    ("doukou", 2),
    ("concealed-pungs", 6),
    ("seven-pairs", 7),
    ("orphans", 1),
    ("nine-gates", 1),
)


def is_three_player(variant: str) -> bool:
    """Whether the variant's profile seats three players (sanma)."""
    return len(load_profile(variant).seats) == 3


def deal(rng: random.Random, variant: str) -> Deal:
    """A random valid winning situation of the variant (retrying impossible draws)."""
    while True:
        dealt = _try_deal(rng, variant)
        if dealt is not None:
            return dealt


def _try_deal(rng: random.Random, variant: str) -> Deal | None:
    three = is_three_player(variant)
    d = Dealer(rng, three)
    names, weights = zip(*FLAVOURS, strict=True)
    flavour = rng.choices(names, weights)[0]
    plan = plan_for(flavour, d)
    if plan is None:
        return None
    seats = SEATS_3P if three else SEATS_4P
    seat = rng.choice(seats)
    others = [s for s in seats if s != seat]
    melds: list[DealtMeld] = []
    concealed: list[int] = []
    if plan.special is not None:
        concealed = list(plan.special)
    else:
        groups = fill_sets(d, plan)
        if groups is None:
            return None
        open_share = 0.0 if plan.closed else rng.choice([0.0, 0.0, 0.3, 0.6, 1.0])
        kong_share = rng.choice([0.0, 0.0, 0.15, 0.5])
        left = seats[(seats.index(seat) - 1) % len(seats)]
        for group in groups:
            if group.kind == "pair":
                concealed += group.ids
            elif group.kind == "chow":
                if not three and rng.random() < open_share:
                    melds.append(DealtMeld("chow", group.ids, source=left))
                else:
                    concealed += group.ids
            else:
                kind = group.ids[0] // 4
                opened = rng.random() < open_share
                fourth = d.take(kind, 1) if rng.random() < kong_share else None
                if fourth:
                    added = opened and rng.random() < 0.5
                    melds.append(
                        DealtMeld(
                            "kong",
                            (*group.ids, *fourth),
                            concealed=not opened,
                            added=added,
                            source=rng.choice(others) if opened else None,
                        )
                    )
                elif opened:
                    melds.append(DealtMeld("pung", group.ids, source=rng.choice(others)))
                else:
                    concealed += group.ids
    rng.shuffle(concealed)
    # the winning tile goes last
    win_index = rng.randrange(len(concealed))
    concealed.append(concealed.pop(win_index))
    win_kind = concealed[-1] // 4
    closed = all(m.concealed for m in melds)
    has_kong = any(m.kind == "kong" for m in melds)

    tsumo = rng.random() < 0.5
    all_kinds = Counter(i // 4 for i in concealed) + Counter(i // 4 for m in melds for i in m.ids)
    chankan = (
        not tsumo
        and all_kinds[win_kind] == 1
        and d.available(win_kind) == 3
        and rng.random() < 0.15
    )
    if chankan:
        d.take(win_kind, 3)  # the robbed player's pung and added tile
    riichi = closed and rng.random() < 0.5
    double_riichi = riichi and rng.random() < 0.15
    north = 0
    if three and rng.random() < 0.5:
        north = rng.randint(0, d.available(30))
        d.take(30, north)
    after_kong = tsumo and (has_kong or north > 0) and rng.random() < 0.3
    ippatsu = riichi and not after_kong and rng.random() < 0.3
    last_tile = not chankan and not after_kong and rng.random() < 0.06
    first_turn = (
        tsumo and not melds and not riichi and not north and not last_tile and rng.random() < 0.02
    )
    dora = _indicators(d, concealed, melds, rng.choice([1, 1, 1, 2, 3, 5]))
    ura = _indicators(d, concealed, melds, len(dora))
    return Deal(
        variant=variant,
        concealed=tuple(concealed),
        melds=tuple(melds),
        seat=seat,
        round_wind=rng.choice(ROUNDS_3P if three else ROUNDS_4P),
        tsumo=tsumo,
        chankan=chankan,
        source=None if tsumo else rng.choice(others),
        riichi=riichi,
        double_riichi=double_riichi,
        ippatsu=ippatsu,
        after_kong=after_kong,
        last_tile=last_tile,
        first_turn=first_turn,
        dora=tuple(dora),
        ura=tuple(ura),
        north=north,
        honba=rng.choice([0, 0, 0, 1, 2, 5]),
        sticks=rng.choice([0, 0, 1, 3]),
        flavour=flavour,
    )


def _previous_kind(kind: int, three: bool) -> list[int]:
    """The indicator kinds that point at ``kind``."""
    if kind >= 27:
        cycle = list(range(27, 31)) if kind <= 30 else list(range(31, 34))
        return [cycle[(cycle.index(kind) - 1) % len(cycle)]]
    if three and kind // 9 == 0:
        return [8 if kind == 0 else 0]
    base = kind // 9 * 9
    return [base + (kind - base - 1) % 9]


def _indicators(d: Dealer, concealed: list[int], melds: list[DealtMeld], n: int) -> list[int]:
    """``n`` indicators from the unseen tiles, half of them aimed at a tile of the hand."""
    hand_kinds = [i // 4 for i in concealed] + [i // 4 for m in melds for i in m.ids]
    chosen: list[int] = []
    for _ in range(n):
        target = d.rng.choice(hand_kinds)
        candidates = [k for k in _previous_kind(target, d.three) if d.available(k)]
        if not candidates or d.rng.random() < 0.5:
            candidates = [k for k in d.kinds if d.available(k)]
        tile = d.take(d.rng.choice(candidates), 1)
        if tile:
            chosen += tile
    return chosen


def engine_request(dealt: Deal) -> dict[str, Any]:
    red = dealt.red
    melds: list[dict[str, Any]] = []
    for m in dealt.melds:
        meld: dict[str, Any] = {"type": m.kind, "tiles": tiles_text(m.ids, red)}
        if m.source is not None:
            meld["from"] = m.source
        if m.concealed:
            meld["concealed"] = True
        if m.added:
            meld["added"] = True
        melds.append(meld)
    if dealt.tsumo:
        win: dict[str, Any] = {"by": "self-draw"}
    else:
        win = {"by": "robbing-kong" if dealt.chankan else "discard", "from": dealt.source}
    given: dict[str, Any] = {
        "concealed": tiles_text(dealt.concealed, red),
        "melds": melds,
        "win": win,
        "seat": dealt.seat,
        "round": dealt.round_wind,
        "dora_indicators": tiles_text(dealt.dora, red),
        "ura_indicators": tiles_text(dealt.ura, red),
        "table": {
            "riichi": dealt.riichi,
            "double_riichi": dealt.double_riichi,
            "ippatsu": dealt.ippatsu,
            "after_kong": dealt.after_kong,
            "last_tile": dealt.last_tile,
            "first_turn": dealt.first_turn,
            "honba": dealt.honba,
            "riichi_sticks": dealt.sticks,
        },
    }
    if dealt.north:
        given["north"] = dealt.north
    return {"variant": dealt.variant, "kind": "score", "given": given}
