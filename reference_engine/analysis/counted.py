"""A counted hand: concealed tiles kept as counts, changed one tile at a time.

:class:`CountedHand` holds the 34 counts (a red five counted as a five), the red fives
held per suit, one key per numbered suit (:mod:`reference_engine.analysis.suits`) and,
per honour count, the set of honour kinds held that many times. Adding or removing a
tile updates them in a few operations, so completeness, waits and claim masks are a few
table look-ups rather than a recount of the tiles.

The shape answered here is sets and one pair (``riichi.tiles.hand-shape``,
``tw.structure.five-sets-and-pair``), read block by block: a block is a numbered suit or
one honour kind, and a hand is complete when every block is complete and exactly one of
them holds the pair. The other shapes (seven pairs, thirteen orphans, pairs and a pung)
stay with their readable functions, which take :attr:`CountedHand.counts`.
Kind sets are 34-bit masks: bit ``k`` for the tile kind of value ``k``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from reference_engine.analysis.suits import HONOUR_FACTS, TABLE, WEIGHTS, SuitFacts
from spec.tiles import RED_FIVES, TILES, Tile, format_tiles

KINDS = 34
HONOUR_START = int(Tile.EAST)
SUIT_STARTS = (0, 9, 18)
_REDS = {red: suit for suit, red in enumerate(RED_FIVES.values())}
_FIVES = {five: suit for suit, five in enumerate(RED_FIVES)}


def kinds_of(mask: int) -> tuple[Tile, ...]:
    """The tile kinds of a mask, in order (its set bits, lowest first)."""
    found = []
    while mask:
        lowest = mask & -mask
        found.append(TILES[lowest.bit_length() - 1])
        mask ^= lowest
    return tuple(found)


@cache
def kind_set(mask: int) -> frozenset[Tile]:
    """The tile kinds of a mask, as a set (worked out once per mask)."""
    return frozenset(kinds_of(mask))


class CountedHand:
    """Concealed tiles as counts, suit keys and honour sets, changed by :meth:`add` and
    :meth:`remove`. ``counts``, ``reds`` and ``keys`` are read, never written, by callers."""

    __slots__ = ("_honours", "counts", "keys", "reds", "size")

    def __init__(self, tiles: Iterable[Tile] = ()) -> None:
        self.counts = [0] * KINDS
        self.reds = [0, 0, 0]  # red fives held per numbered suit
        self.keys = [0, 0, 0]  # one key per numbered suit
        self.size = 0
        # Bit k of _honours[c] is set when honour kind k is held c times.
        self._honours = [0] * 5
        self._honours[0] = sum(1 << kind for kind in range(HONOUR_START, KINDS))
        for tile in tiles:
            self.add(tile)

    def copy(self) -> CountedHand:
        """An independent hand holding the same tiles."""
        twin = CountedHand()
        twin.counts = list(self.counts)
        twin.reds = list(self.reds)
        twin.keys = list(self.keys)
        twin.size = self.size
        twin._honours = list(self._honours)
        return twin

    def __repr__(self) -> str:
        return f"CountedHand({format_tiles(self.tiles())!r})"

    # --- changing the hand ---------------------------------------------------------------

    def add(self, tile: Tile) -> None:
        """Add one tile (a red five is counted as a five and remembered as red)."""
        if tile.is_flower:
            raise ValueError(f"a flower ({tile.mpsz}) is not a concealed tile")
        kind = tile.normal
        if self.counts[kind] == 4:
            raise ValueError(f"a fifth {kind.mpsz} cannot be added: four are held")
        if tile.is_red:
            self.reds[_REDS[tile]] += 1
        self._shift(kind, 1)

    def remove(self, tile: Tile) -> None:
        """Remove one tile; a plain five and a red five are told apart."""
        if not self._held_exactly(tile):
            raise ValueError(f"no {tile.mpsz} is held to remove")
        if tile.is_red:
            self.reds[_REDS[tile]] -= 1
        self._shift(tile.normal, -1)

    def adjust(self, kind: int, step: int) -> None:
        """Change the count of one kind by ``step`` (+1 or -1), red fives aside: a look at
        the hand with a tile less (or more), undone at once by the opposite step."""
        self._shift(kind, step)

    def _held_exactly(self, tile: Tile) -> int:
        """Copies of this very tile held: red fives and plain fives counted apart."""
        if tile.is_flower:
            return 0
        if tile.is_red:
            return self.reds[_REDS[tile]]
        if tile in _FIVES:
            return self.counts[tile] - self.reds[_FIVES[tile]]
        return self.counts[tile]

    def _shift(self, kind: int, step: int) -> None:
        """Change the count of one kind by ``step`` (+1 or -1), its key or honour sets
        with it."""
        before = self.counts[kind]
        self.counts[kind] = before + step
        self.size += step
        if kind < HONOUR_START:
            self.keys[kind // 9] += step * WEIGHTS[kind % 9]
        else:
            bit = 1 << kind
            self._honours[before] ^= bit
            self._honours[before + step] ^= bit

    # --- views ---------------------------------------------------------------------------

    def count(self, tile: Tile) -> int:
        """Copies of ``tile`` held, a red five counting as a five."""
        return self.counts[tile.normal]

    def tiles(self) -> tuple[Tile, ...]:
        """The tiles, sorted as ``sorted()`` sorts them (red fives last)."""
        plain: list[Tile] = []
        for kind, held in enumerate(self.counts):
            if held:
                red = self.reds[_FIVES[Tile(kind)]] if kind in _FIVES else 0
                plain.extend([Tile(kind)] * (held - red))
        for suit, red_five in enumerate(RED_FIVES.values()):
            plain.extend([red_five] * self.reds[suit])
        return tuple(plain)

    # --- shape facts ---------------------------------------------------------------------

    def is_complete(self) -> bool:
        """riichi.tiles.hand-shape, tw.structure.five-sets-and-pair: the tiles read as sets
        and exactly one pair (declared melds set aside by the caller)."""
        honours = self._honours
        if honours[1] or honours[4]:
            return False
        pairs = honours[2].bit_count()
        for key in self.keys:
            block = TABLE[key]
            if block.with_pair:
                pairs += 1
            elif not block.complete:
                return False
        return pairs == 1

    def waits(self) -> tuple[Tile, ...]:
        """The kinds that complete the tiles as sets and one pair, in order."""
        return kinds_of(self.wait_mask())

    def wait_mask(self) -> int:
        """The kinds (a 34-bit mask) whose addition makes the tiles sets and one pair; none
        unless one tile short. One added tile changes one block: with every other block
        complete, a block short of completion must complete (holding the pair when no other
        block does), or, with every block complete and two holding pairs, one of those
        pairs must become a pung or a run; riichi.tiles.hand-shape,
        tw.structure.five-sets-and-pair."""
        honours = self._honours
        shorts = (honours[1] | honours[4]).bit_count()
        if shorts > 1:
            return 0
        pairs = honours[2].bit_count()
        pair_adds = honours[2]  # a pair of honours becomes a pung
        to_complete = 0
        to_pair = honours[1]  # a single honour becomes the pair (four complete nothing)
        start = 0
        for key in self.keys:
            block = TABLE[key]
            if block.with_pair:
                pairs += 1
                pair_adds |= block.to_complete << start
            elif not block.complete:
                if shorts:
                    return 0
                shorts = 1
                to_complete = block.to_complete << start
                to_pair = block.to_pair << start
            start += 9
        if shorts:
            return to_pair if pairs == 0 else to_complete if pairs == 1 else 0
        return pair_adds if pairs == 2 else 0

    def ready_discards(self) -> int:
        """The kinds (a 34-bit mask) whose discard leaves the tiles one short of sets and a
        pair with at least one wait (the ready test of riichi.play.riichi, for this shape).
        A discard changes one block: each is judged from that block's facts after it and
        what the other blocks are (short, or holding the pair)."""
        if self._shorts() > 2:  # a discard mends one block at most
            return 0
        blocks = self._blocks()
        shorts = [index for index, (block, _) in enumerate(blocks) if _is_short(block)]
        pairs = sum(block.with_pair for block, _ in blocks)
        found = 0
        for index, (block, start) in enumerate(blocks):
            others_short = [blocks[other][0] for other in shorts if other != index]
            if len(others_short) > 1:
                continue
            others_pairs = pairs - block.with_pair
            table = HONOUR_FACTS if start >= HONOUR_START else TABLE
            for rank, after in block.discards:
                if _leaves_a_wait(table[after], others_short, others_pairs):
                    found |= 1 << (start + rank)
        return found

    def _shorts(self) -> int:
        """How many blocks are short (neither complete nor complete with the pair): an
        honour held once or four times, a suit by its key's facts."""
        honours = self._honours
        shorts = (honours[1] | honours[4]).bit_count()
        for key in self.keys:
            block = TABLE[key]
            shorts += not block.complete and not block.with_pair
        return shorts

    def _blocks(self) -> list[tuple[SuitFacts, int]]:
        """Each block holding tiles: its facts and its first kind (a suit's one, or the
        honour kind itself; the facts' ``discards`` give the ranks from there and the keys
        left, an honour's key being its count)."""
        keys = zip(SUIT_STARTS, self.keys, strict=True)
        found = [(TABLE[key], start) for start, key in keys if key]
        counts = self.counts
        honours = range(HONOUR_START, KINDS)
        found += [(HONOUR_FACTS[counts[kind]], kind) for kind in honours if counts[kind]]
        return found

    # --- claim masks ---------------------------------------------------------------------

    def chow_mask(self) -> int:
        """The numbered kinds a discard of which makes a chow with two held tiles
        (riichi.claims.chi-previous-only decides from whom)."""
        man, pin, sou = self.keys
        return TABLE[man].chow_claims | TABLE[pin].chow_claims << 9 | TABLE[sou].chow_claims << 18


def _is_short(block: SuitFacts) -> bool:
    """Neither complete nor complete with the pair."""
    return not block.complete and not block.with_pair


def _leaves_a_wait(block: SuitFacts, others_short: list[SuitFacts], others_pairs: int) -> bool:
    """Whether a hand one tile short has a wait, from one block's facts and the others'
    summary: the rule of :meth:`CountedHand.wait_mask` asked of masks being empty. A block
    holding the pair is always made sets only by one more copy of its pair (a fifth copy
    read too, as the readable definition does), so two such blocks always wait."""
    if _is_short(block):
        if others_short:
            return False
        adds = block.to_pair if others_pairs == 0 else block.to_complete if others_pairs == 1 else 0
        return adds != 0
    pairs = others_pairs + block.with_pair
    if others_short:
        (short,) = others_short
        return (short.to_pair if pairs == 0 else short.to_complete if pairs == 1 else 0) != 0
    return pairs == 2
