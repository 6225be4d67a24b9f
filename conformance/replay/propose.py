"""A replayed hand's first divergence written as a ``status: proposed`` play fixture.

The script is the hand up to the divergence, the shortest that still diverges: up to and
including the refused action (the proposal says it is legal: the situation after it
exists), or the whole hand when its end differs (the proposal's result is the log's: the
end, the draw's reason, the winners, and its score changes split into payments and the
deposits its riichi declarations and sticks make). A game whose end differs
(:mod:`conformance.replay.game_end`) is proposed as a match fixture: the game's hands up
to the end in question, and whether the log ends the game there. The expectation is the
log's claim, not a derivation from the rule text: the notes say so, for a rule expert to
review before accepting it (``mjspec check``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conformance.proposals import slug, write_fixture
from conformance.replay.ending import LoggedEnd, logged_end
from conformance.replay.replay import HandReplay, Verdict
from conformance.replay.rules import RuleFinder

FALLBACK_RULES = ("play.deal",)


def proposal(replay: HandReplay, variant: str, finder: RuleFinder) -> dict[str, Any] | None:
    """The fixture proposing the log's side of ``replay``'s divergence (None: the hand
    agrees, or the engine answered with an error)."""
    if replay.verdict not in (Verdict.REFUSED, Verdict.DIFFERS) or replay.request is None:
        return None
    hand = replay.hand
    rule_id = replay.rule or finder.first(FALLBACK_RULES)
    rule = finder.rules.get(rule_id) if rule_id else None
    area = rule.area if rule else "play"
    label = f"{slug(Path(hand.file).stem)} g{hand.game + 1} h{hand.number + 1}"
    stem = "replay-" + label.replace(" ", "-")
    given = {k: v for k, v in replay.request["given"].items() if k != "trace"}
    kind = str(replay.request.get("kind", "play"))
    if kind == "match":
        # the hands through the one differing when the log ends the game after it, through
        # the one before when the log goes on (conformance.replay.game_end._differs); none
        # for the table before the hand, taken up at the log's points (_bust_only)
        played = len(given["hands"])
        ended = played > hand.number
        expect: dict[str, Any] = {"final": {"ended": ended, "hands_played": played}}
        says = "ends" if ended else "goes on"
        title = f"Replay {label}: the game {says} after hand {played}, as the log says"
        if not played:
            title = f"Replay {label}: the game is not over before this hand, as the log says"
    elif replay.verdict is Verdict.REFUSED:
        assert replay.step is not None
        given["actions"] = list(given["actions"][: replay.step + 1])
        expect = {"checkpoints": [{"after": replay.step + 1}]}
        title = f"Replay {label}: the log's {replay.logged} at step {replay.step} is legal"
    else:
        ending = logged_end(hand, len(given["wall"]["hands"]))
        if ending is None:
            return None
        expect = {"result": _result(ending)}
        title = f"Replay {label}: the hand ends as the log says ({replay.item})"
    return {
        "id": f"{variant}/{area}/{stem}",
        "variant": variant,
        "kind": kind,
        "title": title[:72],
        "rules": [rule.id] if rule else [],
        "source": {"section": rule.section if rule else "Play"},
        "status": "proposed",
        "given": given,
        "expect": expect,
        "notes": _notes(replay),
    }


def _result(ending: LoggedEnd) -> dict[str, Any]:
    result: dict[str, Any] = {"end": ending.end}
    if ending.end == "draw" and ending.reason is not None:
        result["reason"] = ending.reason
    if ending.winners:
        result["winners"] = [{"seat": seat} for seat in ending.winners]
    result["payments"] = ending.payments
    result["deposits"] = dict(ending.deposits)
    result["sticks_left"] = ending.sticks_left
    return result


def _notes(replay: HandReplay) -> str:
    hand = replay.hand
    where = f"{replay.where} (game {hand.game + 1}, hand {hand.number + 1})"
    step = f" at step {replay.step}" if replay.step is not None else ""
    return (
        f"Proposed by mjspec replay from {where}: the log and the reference engine diverge"
        f"{step}.\n"
        f"  log:    {replay.logged}\n"
        f"  engine: {replay.engine}\n"
        "The expectation is what the log says, not yet derived from the rule text: check\n"
        "it against the rules cited (and cite the right ones), write the derivation here,\n"
        "then accept it or say why the log's engine is wrong.\n"
    )


def write_proposal(replay: HandReplay, variant: str, finder: RuleFinder, out: Path) -> Path | None:
    """Write the proposal for ``replay`` under ``out`` (None when there is none)."""
    document = proposal(replay, variant, finder)
    return write_fixture(document, out) if document is not None else None
