"""mjlog XML written by the tests from hands of MJAI-shaped events (read from Tenhou JSON or
MJAI), so that one game can be replayed in both formats: each tile gets one of its four
ids (a red five id 16, 52 or 88, a plain five another), and each meld is encoded into
``m``'s bit fields the way :mod:`conformance.replay.mjlog` reads them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from conformance.replay.mjai import LoggedHand
from conformance.replay.mjlog import YAKU_NAMES
from conformance.replay.tenhou_yaku import SCORE_FIELD

HONOURS = "ESWNPFC"
YAKU_IDS = {name: number for number, name in enumerate(YAKU_NAMES)}
DRAWS = {
    "exhaustive_draw": "",
    "nagashi_mangan": "nm",
    "kyushukyuhai": "yao9",
    "kyushu_kyuhai": "yao9",  # riichienv's spelling
    "four_winds": "kaze4",
    "four_riichi": "reach4",
    "four_kans": "kan4",
    "triple_ron": "ron3",
}
LIMITS = ("満貫", "跳満", "倍満", "三倍満", "役満")


def kind(tile: str) -> int:
    """An MJAI tile's kind, 0-33 (``5pr`` -> 13, ``N`` -> 30)."""
    if tile in HONOURS:
        return 27 + HONOURS.index(tile)
    return "mps".index(tile[1]) * 9 + int(tile[0]) - 1


class Ids:
    """Each tile's id: a red five the first copy of its kind, other tiles the next free."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def new(self, tile: str) -> int:
        first = kind(tile) * 4
        if tile.endswith("r"):
            choices: Iterable[int] = [first]
        else:
            choices = range(first + (1 if tile[0] == "5" and tile[1] in "mps" else 0), first + 4)
        free = next(i for i in choices if i not in self.used)
        self.used.add(free)
        return free


def _take(held: list[int], tile: str) -> int:
    """The id of a held ``tile`` (a red five's id, or a plain copy's)."""
    red = tile.endswith("r")
    for tile_id in held:
        if tile_id // 4 == kind(tile) and (tile_id in (16, 52, 88)) == red:
            held.remove(tile_id)
            return tile_id
    raise ValueError(f"{tile} is not held")


def _relative(actor: int, target: int) -> int:
    """The seats from the caller to the discarder round Tenhou's four seats (three
    players: the fourth seat empty)."""
    return (target - actor) % 4


def meld_code(
    kind_of: str, actor: int, target: int, ids: Sequence[int], claimed: int, players: int
) -> int:
    """The ``m`` of a chi or pon (``ids`` its three tiles in order), or a kan."""
    if kind_of == "chi":
        first = ids[0] // 4
        start = (first // 9) * 7 + first % 9
        copies = sum((tile_id % 4) << (3 + 2 * n) for n, tile_id in enumerate(ids))
        return ((start * 3 + claimed) << 10) | copies | 0x4 | _relative(actor, target)
    left_out = ({0, 1, 2, 3} - {tile_id % 4 for tile_id in ids}).pop()
    return ((ids[0] // 4 * 3 + claimed) << 9) | (left_out << 5) | 0x8 | _relative(actor, target)


def mjlog_of(hands: Sequence[LoggedHand], lobby: int = 0x89) -> str:
    """One game's mjlog: ``hands`` as elements, under ``GO type=lobby``."""
    players = len(hands[0].start.data["tehais"])
    parts = [f'<mjloggm ver="2.3"><GO type="{lobby}" lobby="0"/><TAIKYOKU oya="0"/>']
    for hand in hands:
        parts += _hand(hand, players)
    return "".join(parts) + "</mjloggm>"


def _hand(hand: LoggedHand, players: int) -> list[str]:
    ids = Ids()
    start = hand.start.data
    held = [[ids.new(t) for t in tehai] for tehai in start["tehais"]]
    winds = "ESWN"
    kyoku = winds.index(start["bakaze"]) * 4 + start["oya"]  # four to a round, as Tenhou
    seed = f"{kyoku},{start['honba']},{start['kyotaku']},0,0,{ids.new(start['dora_marker'])}"
    scores = [s // 100 for s in start["scores"]] + [0] * (4 - players)
    hai = [",".join(map(str, sorted(h))) for h in held] + [""] * (4 - players)
    out = [
        f'<INIT seed="{seed}" ten="{",".join(map(str, scores))}" oya="{start["oya"]}" '
        + " ".join(f'hai{n}="{hai[n]}"' for n in range(4))
        + "/>"
    ]
    pons: dict[tuple[int, int], list[int]] = {}
    last: int | None = None
    events = [e.data for e in hand.events[1:]]
    for event in events:
        out += _event(event, held, ids, pons, players, last)
        if event["type"] == "dahai":
            last = int(out[-1][2:-2])
    return out


def _event(
    event: Mapping[str, Any],
    held: list[list[int]],
    ids: Ids,
    pons: dict[tuple[int, int], list[int]],
    players: int,
    last: int | None,
) -> list[str]:
    kind_of = event["type"]
    actor = event.get("actor", 0)
    if kind_of == "tsumo":
        tile_id = ids.new(event["pai"])
        held[actor].append(tile_id)
        return [f"<{'TUVW'[actor]}{tile_id}/>"]
    if kind_of == "dahai":
        hand = held[actor]
        drawn = hand[-1] if event.get("tsumogiri") else None
        tile_id = hand.pop() if drawn is not None else _take(hand, event["pai"])
        return [f"<{'DEFG'[actor]}{tile_id}/>"]
    if kind_of == "reach":
        return [f'<REACH who="{actor}" step="1"/>']
    if kind_of == "reach_accepted":
        return [f'<REACH who="{actor}" step="2"/>']
    if kind_of == "dora":
        return [f'<DORA hai="{ids.new(event["dora_marker"])}"/>']
    if kind_of in ("chi", "pon"):
        assert last is not None
        tiles = [last] + [_take(held[actor], t) for t in event["consumed"]]
        tiles.sort(key=lambda i: (i // 4, i))
        claimed = tiles.index(last)
        if kind_of == "pon":
            pons[(actor, last // 4)] = tiles
        code = meld_code(kind_of, actor, event["target"], tiles, claimed, players)
        return [f'<N who="{actor}" m="{code}"/>']
    if kind_of == "kakan":
        added = _take(held[actor], event["pai"])
        pon = pons[(actor, added // 4)]
        code = ((pon[0] // 4 * 3) << 9) | ((added % 4) << 5) | 0x10
        return [f'<N who="{actor}" m="{code}"/>']
    if kind_of == "ankan":
        first = min(_take(held[actor], t) for t in event["consumed"])
        return [f'<N who="{actor}" m="{first << 8}"/>']
    if kind_of == "daiminkan":
        assert last is not None
        for tile in event["consumed"]:
            _take(held[actor], tile)
        code = (last << 8) | _relative(actor, event["target"])
        return [f'<N who="{actor}" m="{code}"/>']
    if kind_of in ("nukidora", "kita"):
        return [f'<N who="{actor}" m="{(_take(held[actor], "N") << 8) | 0x20}"/>']
    if kind_of == "hora":
        return [_agari(event, ids, players)]
    if kind_of == "ryukyoku":
        sc = ",".join(f"0,{d // 100}" for d in [*event["deltas"], *[0] * (4 - players)])
        reason = DRAWS[event["reason"]]
        kind_attribute = f' type="{reason}"' if reason else ""
        return [f'<RYUUKYOKU{kind_attribute} sc="{sc}"/>']
    raise ValueError(f"no mjlog element for {kind_of}")


def _agari(event: Mapping[str, Any], ids: Ids, players: int) -> str:
    sc = ",".join(f"0,{d // 100}" for d in [*event["deltas"], *[0] * (4 - players)])
    attributes: dict[str, object] = {"who": event["actor"], "fromWho": event["target"]}
    if SCORE_FIELD in event:
        attributes.update(_value(event[SCORE_FIELD]))
    ura = ",".join(str(ids.new(t)) for t in event.get("ura_markers") or [])
    attributes.update(doraHaiUra=ura, sc=sc)
    return "<AGARI " + " ".join(f'{k}="{v}"' for k, v in attributes.items() if v != "") + "/>"


def _value(texts: Sequence[str]) -> dict[str, str]:
    """``ten``, ``yaku`` and ``yakuman`` of Tenhou JSON's score and yaku strings."""
    score, *entries = texts
    yaku: list[int] = []
    yakuman: list[int] = []
    for entry in entries:
        name, _, value = entry[:-1].rpartition("(")
        if value == "役満":
            yakuman.append(YAKU_IDS[name])
        else:
            yaku += [YAKU_IDS[name], int(value[:-1])]
    limit = next((n + 1 for n, text in enumerate(LIMITS) if score.startswith(text)), 0)
    fu = score.split("符")[0] if "符" in score else "30"
    points = "".join(c for c in score.split("飜")[-1] if c.isdigit()) or "0"
    return {
        "ten": f"{fu},{points},{limit}",
        "yaku": ",".join(map(str, yaku)),
        "yakuman": ",".join(map(str, yakuman)),
    }


def by_kind(hands: Sequence[LoggedHand]) -> dict[str, int]:
    """How many events of each type the hands hold."""
    counts: dict[str, int] = defaultdict(int)
    for hand in hands:
        for event in hand.events:
            counts[event.type] += 1
    return dict(counts)
