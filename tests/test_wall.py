"""The seeded wall: SplitMix64's outputs and the Fisher-Yates shuffle they drive, as the
contracts specify them (docs/contracts.rst, the seeded shuffle)."""

from __future__ import annotations

from itertools import islice

from reference_engine.play.wall import MASK64, shuffled, splitmix64
from reference_engine.variants import find_variant
from spec.tiles import Tile


def test_splitmix64_seeded_with_zero_gives_the_reference_outputs() -> None:
    # The first outputs of SplitMix64 from state 0, as its reference implementation prints.
    expected = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]
    assert list(islice(splitmix64(0), 4)) == expected


def _shuffled_as_written(tiles: list[Tile], seed: int) -> tuple[Tile, ...]:
    """The contracts' words, step by step: a generator object with its state, next() and
    rejection of values >= 2^64 - (2^64 mod (i + 1))."""
    state = seed & MASK64

    def next_output() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    items = list(tiles)
    for i in range(len(items) - 1, 0, -1):
        limit = (1 << 64) - ((1 << 64) % (i + 1))
        value = next_output()
        while value >= limit:
            value = next_output()
        j = value % (i + 1)
        items[i], items[j] = items[j], items[i]
    return tuple(items)


def test_the_shuffle_is_the_contracts_fisher_yates_for_every_tile_set() -> None:
    for variant in ("riichi", "riichi-sanma", "taiwanese", "sichuan"):
        tiles = list(find_variant(variant).play_rules().tile_set())
        for seed in [*range(200), 2**64 - 1, 2**64 + 7]:
            assert shuffled(tiles, seed) == _shuffled_as_written(tiles, seed)
