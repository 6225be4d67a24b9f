"""MPSZ notation: parsing, formatting and coded errors."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spec.errors import RuleError
from spec.tiles import Suit, Tile, _parse_slowly, format_tiles, parse_tiles, tile_counts


def test_compact_notation_parses_suits_and_honours() -> None:
    tiles = parse_tiles("123m456p789s1234567z")
    assert tiles[:3] == (Tile.M1, Tile.M2, Tile.M3)
    assert tiles[-7:] == (
        Tile.EAST,
        Tile.SOUTH,
        Tile.WEST,
        Tile.NORTH,
        Tile.WHITE,
        Tile.GREEN,
        Tile.RED,
    )


def test_spaced_notation_equals_compact_notation() -> None:
    assert parse_tiles("4m 5m 6m") == parse_tiles("456m")


def test_red_fives_are_fives_of_their_suit() -> None:
    red = parse_tiles("0m0p0s")
    assert [t.normal for t in red] == [Tile.M5, Tile.P5, Tile.S5]
    assert all(t.is_red for t in red)
    assert tile_counts(parse_tiles("50m"))[Tile.M5] == 2


def test_flowers_and_seasons_are_one_to_eight_f() -> None:
    flowers = parse_tiles("12345678f")
    assert flowers[0] is Tile.F1
    assert flowers[-1] is Tile.F8
    assert all(t.suit is Suit.FLOWERS for t in flowers)


@pytest.mark.parametrize(
    ("text", "column"),
    [("123m458z", 7), ("9f", 1), ("0z", 1), ("123", 1), ("m", 1), ("12x", 3), ("1m 2q", 5)],
)
def test_malformed_tile_strings_report_code_and_column(text: str, column: int) -> None:
    with pytest.raises(RuleError) as raised:
        parse_tiles(text)
    assert raised.value.code == "invalid-tile"
    assert raised.value.column == column


def test_error_message_names_the_tile_and_column() -> None:
    with pytest.raises(RuleError, match=r"invalid-tile at column 7: '8z' is not a tile"):
        raise_from("123m458z")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("123m8z", "'8z' is not a tile: honours are 1z-7z"),
        ("0z", "'0z' is not a tile: honours are 1z-7z"),
        ("19f", "'9f' is not a tile: flowers and seasons are 1f-8f"),
    ],
)
def test_a_digit_its_suit_lacks_is_refused_with_the_tiles_of_that_suit(
    text: str, message: str
) -> None:
    with pytest.raises(RuleError) as raised:
        parse_tiles(text)
    assert raised.value.message == message


def raise_from(text: str) -> None:
    try:
        parse_tiles(text)
    except RuleError as error:
        raise RuleError(error.code, str(error)) from None


def test_format_groups_runs_of_one_suit() -> None:
    assert format_tiles(parse_tiles("1m 2m 3m 5z 5z 0p")) == "123m55z0p"
    assert format_tiles(parse_tiles("123m"), spaced=True) == "1m 2m 3m"


@given(st.lists(st.sampled_from(list(Tile)), max_size=20))
def test_formatting_then_parsing_gives_the_same_tiles(tiles: list[Tile]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tuple(tiles)
    assert parse_tiles(format_tiles(tiles, spaced=True)) == tuple(tiles)


def test_shifted_stays_inside_its_suit() -> None:
    assert Tile.M8.shifted(1) is Tile.M9
    assert Tile.M9.shifted(1) is None
    assert Tile.EAST.shifted(1) is None
    assert Tile.P0.shifted(1) is Tile.P6


def _outcome(read: Callable[[str], tuple[Tile, ...]], text: str) -> object:
    """The tiles read, or the refusal's code, message and column."""
    try:
        return read(text)
    except RuleError as error:
        return (error.code, error.message, error.column)


def test_reading_a_word_at_a_time_gives_the_character_readers_tiles_and_refusals() -> None:
    rng = random.Random(29)
    alphabet = "0123456789" * 3 + "mpszf" * 3 + "   ,\t" + "MZx\n"
    texts = ["", " ", "1m", "12 3m", "1,2m", " 1m  2p ", "1m 8z", "m 1m", "5z5z 5z", "1m\n2m"]
    texts += ["".join(rng.choices(alphabet, k=rng.randrange(1, 16))) for _ in range(30_000)]
    texts += [
        " ".join(f"{rng.randrange(10)}{rng.choice('mpszf')}" for _ in range(rng.randrange(1, 15)))
        for _ in range(10_000)
    ]
    for text in texts:
        assert _outcome(parse_tiles.__wrapped__, text) == _outcome(_parse_slowly, text), text
