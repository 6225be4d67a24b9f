"""Original Call with a meld claimed before the first discard (cc.play.original-call):
a score request reads it as play does, and as the table's option says."""

from __future__ import annotations

from typing import Any

from reference_engine.plugin import ReferenceEngine

ENGINE = ReferenceEngine()
AFTER_A_PUNG: dict[str, Any] = {
    "concealed": "234m 678m 345s 9m 9m",
    "melds": [{"type": "pung", "tiles": "5p5p5p", "from": "east"}],
    "win": {"by": "discard", "from": "south"},
    "seat": "west",
    "table": {"original_call": True},
}


def score(given: dict[str, Any]) -> dict[str, Any]:
    return ENGINE.evaluate({"variant": "classical-chinese", "kind": "score", "given": given})


def test_original_call_after_a_pung_claimed_before_the_first_discard_earns_its_double() -> None:
    assert score(AFTER_A_PUNG)["patterns"]["original-call"] == 1


def test_a_table_forbidding_original_call_with_melds_refuses_it_naming_the_flag() -> None:
    error = score({**AFTER_A_PUNG, "options": {"original_call_with_melds": False}})["error"]
    assert error["code"] == "inconsistent-flags"
    assert error["path"] == ["table", "original_call"]
    assert "cc.play.original-call" in error["message"]


def test_a_second_claimed_meld_refuses_original_call() -> None:
    chow = {"type": "chow", "tiles": "6m7m8m", "from": "south"}
    given = {
        **AFTER_A_PUNG,
        "concealed": "234m 345s 9m 9m",
        "melds": [*AFTER_A_PUNG["melds"], chow],
    }
    assert score(given)["error"]["code"] == "inconsistent-flags"


def test_classic_european_reads_no_original_call() -> None:
    given = {**AFTER_A_PUNG, "melds": [], "concealed": "234m 678m 345s 555p 9m 9m"}
    request = {"variant": "european-classic", "kind": "score", "given": given}
    error = ENGINE.evaluate(request)["error"]
    assert error["code"] == "unsupported-field"
    assert error["path"] == ["table", "original_call"]
