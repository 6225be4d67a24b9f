"""Tiles and the MPSZ notation.

One canonical id per tile: :class:`Tile`. MPSZ strings such as
``123m456p789s1234567z`` are parsed by :func:`parse_tiles` and written by
:func:`format_tiles`. ``0m/0p/0s`` are red fives; ``1z``-``4z`` are the East,
South, West and North winds, ``5z``-``7z`` the white, green and red dragons;
``1f``-``4f`` are the flowers of seats 1-4 and ``5f``-``8f`` the seasons of
seats 1-4. Spaced forms (``4m 5m 6m``, ``456m 55z``) are accepted.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from enum import IntEnum
from functools import lru_cache

from spec.enums import IdentityEnum
from spec.errors import RuleError


class Suit(IdentityEnum):
    """The suit letter of the MPSZ notation."""

    CHARACTERS = "m"
    DOTS = "p"
    BAMBOO = "s"
    HONOURS = "z"
    FLOWERS = "f"


_SUIT_ORDER = (Suit.CHARACTERS, Suit.DOTS, Suit.BAMBOO)


class Tile(IntEnum):
    """One tile identity. Numbered suits 0-26, honours 27-33, flowers 34-41, red fives 42-44."""

    M1, M2, M3, M4, M5, M6, M7, M8, M9 = range(0, 9)
    P1, P2, P3, P4, P5, P6, P7, P8, P9 = range(9, 18)
    S1, S2, S3, S4, S5, S6, S7, S8, S9 = range(18, 27)
    EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
    F1, F2, F3, F4, F5, F6, F7, F8 = range(34, 42)
    M0, P0, S0 = range(42, 45)

    # The facts of each tile, set once on every member below (plain attributes, read in the
    # engine's hot loops, where a property call would cost more than the look-up).
    suit: Suit  # the suit of this tile (red fives belong to their suit)
    normal: Tile  # the same tile with a red five made plain (itself for every other tile)
    is_red: bool
    is_numbered: bool
    is_honour: bool
    is_flower: bool
    is_terminal: bool
    mpsz: str  # the tile in MPSZ notation, for example ``5m``, ``0p`` or ``7z``

    @property
    def number(self) -> int:
        """The MPSZ digit: 1-9 in a suit, 1-7 for honours, 1-8 for flowers; 5 for red fives."""
        return _NUMBERS[self]

    @property
    def is_wind(self) -> bool:
        return Tile.EAST <= self <= Tile.NORTH

    @property
    def is_dragon(self) -> bool:
        return Tile.WHITE <= self <= Tile.RED

    def shifted(self, steps: int) -> Tile | None:
        """The tile ``steps`` ranks away in the same numbered suit, or None off the end."""
        base = self.normal
        number = base.number + steps
        if not base.is_numbered or not 1 <= number <= 9:
            return None
        return Tile(base - base.number + number)

    @classmethod
    def from_mpsz(cls, digit: int, suit: Suit) -> Tile | None:
        """The tile for a digit and suit letter, or None when they name no tile."""
        return _BY_NOTATION.get((digit, suit))


def _build_tables() -> tuple[
    dict[Tile, Suit], dict[Tile, int], dict[Tile, Tile], dict[tuple[int, Suit], Tile]
]:
    suits: dict[Tile, Suit] = {}
    numbers: dict[Tile, int] = {}
    normal: dict[Tile, Tile] = {}
    by_notation: dict[tuple[int, Suit], Tile] = {}
    for tile in Tile:
        if tile <= Tile.S9:
            suit, number = _SUIT_ORDER[tile // 9], tile % 9 + 1
        elif tile <= Tile.RED:
            suit, number = Suit.HONOURS, tile - Tile.EAST + 1
        elif tile <= Tile.F8:
            suit, number = Suit.FLOWERS, tile - Tile.F1 + 1
        else:
            suit, number = _SUIT_ORDER[tile - Tile.M0], 5
        suits[tile], numbers[tile] = suit, number
        if tile >= Tile.M0:
            normal[tile] = Tile(_SUIT_ORDER.index(suit) * 9 + 4)
            by_notation[(0, suit)] = tile
        else:
            normal[tile] = tile
            by_notation[(number, suit)] = tile
    return suits, numbers, normal, by_notation


_SUITS, _NUMBERS, _NORMAL, _BY_NOTATION = _build_tables()
for _tile in Tile:
    _tile.suit = _SUITS[_tile]
    _tile.normal = _NORMAL[_tile]
    _tile.is_red = _tile >= Tile.M0
    _tile.is_numbered = _tile.suit in _SUIT_ORDER
    _tile.is_honour = _tile.suit is Suit.HONOURS
    _tile.is_flower = _tile.suit is Suit.FLOWERS
    _tile.is_terminal = _tile.is_numbered and _tile.number in (1, 9)
    _tile.mpsz = f"{0 if _tile.is_red else _tile.number}{_tile.suit.value}"
_BY_DIGIT: dict[str, dict[str, Tile]] = {
    suit.value: {str(digit): tile for (digit, of), tile in _BY_NOTATION.items() if of is suit}
    for suit in Suit
}  # each suit letter's tiles by their digit

TILES: tuple[Tile, ...] = tuple(Tile)  # each tile by its value: TILES[n] is Tile(n), at C speed
HONOURS: tuple[Tile, ...] = tuple(Tile(t) for t in range(Tile.EAST, Tile.RED + 1))
WINDS: tuple[Tile, ...] = HONOURS[:4]
DRAGONS: tuple[Tile, ...] = HONOURS[4:]
FLOWERS: tuple[Tile, ...] = tuple(Tile(t) for t in range(Tile.F1, Tile.F8 + 1))
TERMINALS_AND_HONOURS: tuple[Tile, ...] = (
    Tile.M1,
    Tile.M9,
    Tile.P1,
    Tile.P9,
    Tile.S1,
    Tile.S9,
    *HONOURS,
)


# The tiles of a suit whose letter takes fewer digits than 0-9 (every digit is a tile of
# m, p and s, 0 the red five): said when a digit names none of them ('8z').
_SUIT_RANGES = {
    Suit.HONOURS: "honours are 1z-7z",
    Suit.FLOWERS: "flowers and seasons are 1f-8f",
}
_WELL_FORMED = re.compile(r"(?:[0-9]+[mpszf][ \t,]*)*")
_GROUP = re.compile(r"([0-9]+)([mpszf])")


@lru_cache(maxsize=4096)
def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Parse an MPSZ string into tiles, in the order written (a string read before is
    answered from a cache: the tiles are an immutable tuple; a refusal is not cached).

    Raises :class:`RuleError` with code ``invalid-tile`` and the 1-based column
    of the offending digit or character (``invalid-tile at column 7: '8z'``).
    Text is read a space-separated word at a time, each word's tiles looked up in a table
    of the words met before (``1m``, ``456p``: a hand of random tiles is new text made of
    old words); a word read without a problem is one no other word changes, so the text's
    tiles are its words' (tests/test_tiles.py compares both on random strings). Text with
    a problem goes through the character-by-character reader, which finds its exact column.
    """
    tiles: list[Tile] = []
    for word in text.split(" "):
        found = _WORDS.get(word)
        if found is None:
            try:
                found = _read_word(word)
            except RuleError:
                return _parse_slowly(text)  # raises, with the column in the whole text
        tiles += found
    return tuple(tiles)


_WORDS: dict[str, tuple[Tile, ...]] = {}  # the tiles of each word met (see parse_tiles)
_MOST_WORDS = 100_000  # words beyond these are read, not kept: the table stays bounded


def _read_word(word: str) -> tuple[Tile, ...]:
    """The tiles of one word (no space in it): table look-ups when it is well-formed,
    the character-by-character reader otherwise; kept in :data:`_WORDS` when read."""
    tiles: list[Tile] = []
    if _WELL_FORMED.fullmatch(word.lstrip("\t,")):
        try:
            for digits, suit in _GROUP.findall(word):
                tiles += map(_BY_DIGIT[suit].__getitem__, digits)
        except KeyError:
            tiles = list(_parse_slowly(word))
    else:
        tiles = list(_parse_slowly(word))
    found = tuple(tiles)
    if len(_WORDS) < _MOST_WORDS:
        _WORDS[word] = found
    return found


def _parse_slowly(text: str) -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    pending: list[tuple[int, int]] = []  # (digit, column)
    for index, char in enumerate(text):
        column = index + 1
        if char.isdigit() and char.isascii():
            pending.append((int(char), column))
        elif char in " \t,":
            continue
        elif char in "MPSZF":
            message = f"suit letters are lower case: {char.lower()!r}, not {char!r}"
            raise RuleError("invalid-tile", message, column=column)
        elif char in "mpszf":
            suit = Suit(char)
            if not pending:
                raise RuleError(
                    "invalid-tile", f"suit letter {char!r} with no digits before it", column=column
                )
            for digit, digit_column in pending:
                tile = Tile.from_mpsz(digit, suit)
                if tile is None:
                    raise RuleError(
                        "invalid-tile",
                        f"'{digit}{suit.value}' is not a tile: {_SUIT_RANGES[suit]}",
                        column=digit_column,
                    )
                tiles.append(tile)
            pending.clear()
        else:
            raise RuleError("invalid-tile", f"unexpected character {char!r}", column=column)
    if pending:
        digits = "".join(str(d) for d, _ in pending)
        raise RuleError(
            "invalid-tile", f"digits {digits!r} have no suit letter", column=pending[0][1]
        )
    return tuple(tiles)


RED_FIVES = {Tile.M5: Tile.M0, Tile.P5: Tile.P0, Tile.S5: Tile.S0}  # plain five -> red


def run_notation(run: Iterable[Tile], *, red: bool = False) -> str:
    """Three tiles of a suit in rank order (``456p``), the five written ``0`` when ``red``
    (``406p``): how a chow names the red five it melds (riichi.claims.red-five-choice)."""
    tiles = sorted((t.normal for t in run), key=lambda t: t.number)
    digits = "".join("0" if red and t.number == 5 else str(t.number) for t in tiles)
    return digits + tiles[0].suit.value


def format_tiles(tiles: Iterable[Tile], *, spaced: bool = False) -> str:
    """Write tiles in MPSZ notation, grouping runs of the same suit (``123m55z``).

    With ``spaced=True`` every tile is written whole (``1m 2m 3m``). The order
    of the tiles is kept.
    """
    items = list(tiles)
    if spaced:
        return " ".join(tile.mpsz for tile in items)
    out: list[str] = []
    for position, tile in enumerate(items):
        out.append(tile.mpsz[0])
        following = items[position + 1] if position + 1 < len(items) else None
        if following is None or following.suit is not tile.suit:
            out.append(tile.suit.value)
    return "".join(out)


def tile_counts(tiles: Iterable[Tile]) -> Counter[Tile]:
    """How many of each tile identity, red fives counted as plain fives."""
    return Counter(tile.normal for tile in tiles)


def tiles_at(text: object, *path: str | int) -> tuple[Tile, ...]:
    """Parse a tile string found at ``path`` of a request (errors located there)."""
    if not isinstance(text, str):
        raise RuleError("invalid-request", "expected a tile string", path=path)
    try:
        return parse_tiles(text)
    except RuleError as error:
        raise error.at(*path) from None
