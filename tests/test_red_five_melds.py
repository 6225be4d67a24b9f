"""A red five in a meld is read as its five (riichi.dora.red-fives): a meld keeps its tiles in
rank order, whoever builds it (a request, the play engine, a replayed log), and keeps the red
tile itself for the dora count."""

from __future__ import annotations

import pytest

from reference_engine.analysis.reading import meld_set
from spec.melds import Meld, MeldKind, parse_meld
from spec.tiles import Tile, parse_tiles


@pytest.mark.parametrize("written", ["067m", "670m", "760m", "607m"])
def test_a_chow_holding_the_red_five_starts_at_the_five(written: str) -> None:
    meld = Meld(MeldKind.CHOW, parse_tiles(written))
    assert meld.tiles == (Tile.M0, Tile.M6, Tile.M7)
    assert meld.base is Tile.M5
    assert meld_set(meld).tile is Tile.M5


@pytest.mark.parametrize(
    ("kind", "written"),
    [(MeldKind.PUNG, "0p55p"), (MeldKind.PUNG, "550p"), (MeldKind.KONG, "5055p")],
)
def test_a_pung_or_kong_holding_the_red_five_is_a_set_of_fives_that_keeps_it(
    kind: MeldKind, written: str
) -> None:
    meld = Meld(kind, parse_tiles(written))
    assert meld.tiles[0] is Tile.P5
    assert meld.tiles[-1] is Tile.P0
    assert meld.base is Tile.P5


def test_a_requested_meld_is_the_same_whatever_order_its_tiles_are_written_in() -> None:
    first = parse_meld({"type": "chow", "tiles": "6m7m0m", "from": "east"}, ("melds", 0))
    second = parse_meld({"type": "chow", "tiles": "0m6m7m", "from": "east"}, ("melds", 0))
    assert first == second
    assert first.base is Tile.M5
