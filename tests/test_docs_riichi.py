"""The riichi pages: the yaku, limit and payment tables come from the merged profiles, and a
riichi score fixture is drawn with its yaku, points, payments per seat and deposits; a riichi
match fixture with its length in words, its hands, the state after each hand and the end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from docsite import build_site
from docutils import nodes

from conformance.corpus import load_corpus
from spec.profile import load_profile

pytest.importorskip("sphinx")
DOCS = Path(__file__).resolve().parent.parent / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

from mjspec_docs import games_match, riichi  # noqa: E402
from mjspec_docs.live import extended_variants  # noqa: E402


def text_of(node: nodes.Node) -> str:
    return " ".join(node.astext().split())


def cells(node: nodes.table) -> list[list[str]]:
    rows = node.findall(nodes.row)
    return [[text_of(entry) for entry in row.findall(nodes.entry)] for row in rows]


def test_only_riichi_profiles_score_in_han() -> None:
    assert riichi.scores_han(load_profile("riichi"))
    assert riichi.scores_han(load_profile("riichi-sanma"))
    assert not riichi.scores_han(load_profile("taiwanese"))
    assert not riichi.scores_han(None)


def test_the_yaku_table_is_the_merged_profile() -> None:
    profile = load_profile("riichi-sanma")
    table = riichi.yaku_table(profile, nodes.Text)
    rows = {row[1]: row for row in cells(table)[1:]}
    assert len(rows) == len(profile.patterns)
    assert rows["pinfu"][2:4] == ["1", riichi.NOT_OPEN]  # closed only
    assert rows["chinitsu"][2:4] == ["6", "5"]
    assert rows["kokushi"][2:5] == ["", "", "1"]
    assert rows["nuki-dora"][-1] == "yes"
    assert rows["riichi"][-1] == ""
    compared = text_of(riichi.compared_patterns(profile, load_profile("riichi")))
    assert compared == "Compared with Riichi (four players): added: North extracted."


def test_limits_and_payments_are_read_from_the_profile() -> None:
    sanma, four = load_profile("riichi-sanma"), load_profile("riichi")
    limits = cells(next(iter(riichi.limits_table(sanma, four)[0].findall(nodes.table))))
    section = riichi.riichi_section(sanma)
    assert limits[1:] == [[x["name"], str(x["han"]), str(x["base"])] for x in section["limits"]]
    table, sentence = riichi.payments_table(sanma, four)
    by_key = {row[1]: row[2] for row in cells(table)[1:]}
    assert by_key["honba_ron"] == (
        f"{section['payments']['honba_ron']} points (Riichi (four players): "
        f"{riichi.riichi_section(four)['payments']['honba_ron']} points)"
    )
    assert by_key["ron_dealer"] == f"base {riichi.TIMES} {section['payments']['ron_dealer']}"
    assert "3 seats play (East, South, West)" in text_of(sentence)
    assert extended_variants("riichi-sanma") == ["riichi"]
    assert extended_variants("riichi") == []


def test_dora_indicators_point_along_the_profile_order() -> None:
    order = riichi.riichi_section(load_profile("riichi-sanma"))["dora_order"]
    assert riichi.dora_pointed("1m", order) == "9m"
    assert riichi.dora_pointed("9m 9p 4z 7z", order) == "1m 1p 1z 5z"
    assert riichi.dora_pointed("0p", order) == "6p"


def test_a_yakuman_result_shows_no_han_or_fu() -> None:
    outcome = {"patterns": {"kokushi": 1}, "han": 0, "fu": 0, "yakuman": 1, "limit": "yakuman"}
    profile = load_profile("riichi")
    breakdown = cells(riichi.yaku_breakdown(outcome, profile, nodes.Text))
    assert breakdown[1][2] == "yakuman"
    assert breakdown[-1] == ["Yakuman", "", "yakuman"]
    points = riichi.points_table(outcome)
    assert points is not None
    assert cells(points)[1] == [riichi.NOT_OPEN, riichi.NOT_OPEN, "1", "yakuman"]


def test_the_table_context_is_spelled_out() -> None:
    words = riichi.table_context({"riichi": True, "ippatsu": True, "honba": 2, "riichi_sticks": 1})
    assert words == [
        "the winner declared riichi",
        "won within the uninterrupted turn after riichi",
        "2 honba",
        "1 riichi stick on the table",
    ]


FIXTURE = """\
id: riichi-sanma/points/docs-check
variant: riichi-sanma
kind: score
title: Docs check
rules: [RULE]
given:
  concealed: 234p 567p 22s 678s 99s 9s
  win: {by: self-draw}
  seat: south
  dora_indicators: 1p
  north: 1
  table: {riichi: true, honba: 1, riichi_sticks: 1}
expect:
  patterns: {riichi: 1, menzen-tsumo: 1, dora: 1, nuki-dora: 1}
  han: HAN
  fu: 30
  payments: {east: -4000, south: 6100, west: -2100}
  deposits: 1000
"""


def nuki_rule() -> str:
    """A rule of the sanma catalogue about the extracted Norths (the fixture cites it)."""
    catalogue = load_corpus([]).catalogues.get("riichi-sanma")
    rules = catalogue.rules if catalogue else ()
    rule = next((r for r in rules if r.pattern == "nuki-dora" or r.id.endswith(".nuki")), None)
    if rule is None:
        pytest.skip("the riichi-sanma catalogue has no rule about the extracted Norths yet")
    return rule.id


def build(tmp_path: Path, han: int) -> tuple[subprocess.CompletedProcess[str], Path]:
    text = FIXTURE.replace("RULE", nuki_rule()).replace("HAN", str(han))
    pages = {
        "example": ".. mjspec-example:: riichi-sanma/points/docs-check\n",
        "tables": ".. mjspec-pattern-table:: riichi-sanma\n\n"
        ".. mjspec-limit-table:: riichi-sanma\n\n"
        ".. mjspec-payment-table:: riichi-sanma\n",
        "rules": ".. mjspec-rules:: riichi-sanma\n",
    }
    return build_site(tmp_path, text, "riichi-sanma/points", pages)


@pytest.mark.slow
def test_a_sanma_score_is_drawn_with_three_seats(tmp_path: Path) -> None:
    result, out = build(tmp_path, 4)
    assert result.returncode == 0, result.stderr
    page = (out / "example.html").read_text(encoding="utf-8")
    for shown in ("Yaku and dora", "North extracted", "Total han", "Base points", "1920"):
        assert shown in page
    for amount in ("-4000", "+6100", "-2100"):
        assert f">{amount}<" in page
    assert ">North<" not in page.split("Payments", 1)[1]  # three seats pay
    assert "besides the payments: 1000 points" in page
    assert "the winner declared riichi; 1 honba; 1 riichi stick on the table" in page
    assert "(the dora: 2p, by the profile" in page


@pytest.mark.slow
def test_a_sanma_disagreement_fails_the_build(tmp_path: Path) -> None:
    result, _ = build(tmp_path, 5)
    assert result.returncode != 0
    assert "han: expected 5, got 4" in result.stderr


def test_riichi_hand_outcomes_are_words() -> None:
    outcome = games_match.riichi_outcome
    assert outcome({"winners": ["south"], "from": "west"}) == "South wins on West's discard"
    assert outcome({"winners": ["east"]}) == "East wins by self-draw"
    assert outcome({"winners": ["east", "north"], "from": "south"}) == (
        "East and North win on South's discard"
    )
    drawn = {"draw": "exhaustive", "tenpai": ["east", "south"], "nagashi": ["west"]}
    assert outcome(drawn) == "exhaustive draw — tenpai: east, south; nagashi mangan: west"
    assert outcome({"draw": "exhaustive"}) == "exhaustive draw — tenpai: nobody"
    abortive = {"draw": "abortive", "reason": "nine-terminals"}
    assert outcome(abortive) == "abortive draw (nine terminals)"


def test_a_sanma_match_is_drawn_with_three_seats() -> None:
    seats = load_profile("riichi-sanma").seats
    given = {
        "length": "one-hand",
        "hands": [
            {
                "winners": ["east"],
                "from": "south",
                "payments": {"east": 2900, "south": -2900, "west": 0},
                "riichi": ["west"],
            }
        ],
    }
    fields, hands, _ = games_match.riichi_match_situation(given, seats)
    assert "a single hand" in text_of(fields)
    assert cells(hands) == [
        ["Hand", "Outcome", "Riichi", "East", "South", "West"],
        ["1", "East wins on South's discard", "West", "+2900", "-2900", "0"],
    ]
    points = {"east": 38900, "south": 32100, "west": 34000}
    after = {"round": "east", "hand": 1, "dealer": "east", "honba": 1, "sticks": 0}
    answer = {
        "after": [{**after, "points": points, "ended": True}],
        "final": {
            "ended": True,
            "hands_played": 1,
            "points": points,
            "standings": ["east", "west", "south"],
            "uma": {},
        },
    }
    differing = {"after[0].points": {**points, "south": 32000}, "final.hands_played": 2}
    drawn = games_match.riichi_match_answer(answer, seats, given, differing)
    states, sentence, standings, no_uma = drawn
    assert cells(states)[1] == [
        "1",
        "East 1",
        "East",
        "1",
        "0",
        "38,900",
        "32,100 (differs)",
        "34,000",
        "yes",
    ]
    assert text_of(sentence) == "The match is over. Hands played: 1. (differs)"
    ranked = [["1", "East", "38,900"], ["2", "West", "34,000"], ["3", "South", "32,100"]]
    assert cells(standings)[1:] == ranked
    assert text_of(no_uma) == "No uma in a single-hand game."


def test_the_uma_is_shown_by_standing() -> None:
    seats = load_profile("riichi").seats
    final = {
        "ended": True,
        "hands_played": 8,
        "points": {"east": 31000, "south": 29000, "west": 22000, "north": 18000},
        "standings": ["east", "south", "west", "north"],
        "uma": {"east": 15, "south": 5, "west": -5, "north": -15},
    }
    given = {"length": "east-south", "hands": []}
    sentence, standings = games_match.riichi_match_answer({"final": final}, seats, given)
    assert text_of(sentence) == "The match is over. Hands played: 8."
    assert cells(standings)[0] == ["Place", "Seat", "Points", "Uma"]
    assert cells(standings)[4] == ["4", "North", "18,000", "-15"]
    assert games_match.is_riichi_match(given)
    assert not games_match.is_riichi_match({"length": 8, "hands": []})
