"""One logged hand replayed on an engine's play kind, and how it compares with the log.

The log leaves out what no one did: a player who could claim a discard and did not. The
request asks the engine to pass such claims itself (``unscripted_claims: pass``); an engine
that does not, and refuses the log's next action because claims are pending, gets a
``pass`` added for each player it offered one, and the hand is played again from the start
(a request is a whole hand). Any other refusal is the
first divergence of the hand: the step, the log's action and line, and the engine's words.
At the end the engine's score changes are compared with the log's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from conformance.engine import Engine
from conformance.replay.convert import SEATS, Replayable, logged_deltas, replayable
from conformance.replay.mjai import LoggedHand

MAX_PASSES = 400
CLAIMS = frozenset({"chow", "pung", "kong", "win"})


class Verdict(Enum):
    AGREES = "agrees"
    REFUSED = "refused"  # the engine refused an action of the log
    DIFFERS = "differs"  # the hand ended otherwise (score changes or the kind of end)
    ERROR = "error"  # the engine answered the request with an error


@dataclass(frozen=True)
class HandReplay:
    """The verdict on one hand, with the first divergence when there is one."""

    hand: LoggedHand
    verdict: Verdict
    step: int | None = None
    line: int | None = None
    logged: str = ""
    engine: str = ""
    passes: int = 0

    @property
    def where(self) -> str:
        return f"{self.hand.file}:{self.line or self.hand.start.line}"


def _deltas(result: Mapping[str, Any], players: int) -> dict[str, int]:
    """The engine's score change per seat: the hand's payments and the deposits."""
    payments = result.get("payments", {})
    deposits = result.get("deposits", {})
    return {
        seat: int(payments.get(seat, 0)) + int(deposits.get(seat, 0)) for seat in SEATS[:players]
    }


def _with_passes(replay: Replayable, outcome: Mapping[str, Any], step: int) -> list[str] | None:
    """The script with a ``pass`` before ``step`` for each player the engine offered one
    there, other than the one claiming at ``step``; None when there is none to add."""
    actions = list(replay.request["given"]["actions"])
    actor, verb = actions[step].split()[:2] if step < len(actions) else ("", "")
    if verb not in CLAIMS:  # the next player draws: it passes its own claim too
        actor = ""
    declared = {a.split()[0] for a in actions[step - 1 : step] if a.endswith(" win")}
    entry = next((e for e in outcome.get("trace", []) if e.get("after") == step), None)
    if entry is None:
        return None
    passing = [
        seat
        for seat in SEATS[: replay.players]
        if seat != actor and seat not in declared and "pass" in entry.get("legal", {}).get(seat, [])
    ]
    if not passing:
        return None
    return actions[:step] + [f"{seat} pass" for seat in passing] + actions[step:]


def replay_hand(engine: Engine, hand: LoggedHand, variant: str) -> HandReplay:
    """Replay ``hand`` (raises ProblemsError on a malformed event)."""
    replay = replayable(hand, variant)
    lines = list(replay.lines)
    passes = 0
    while True:
        outcome = engine.evaluate(replay.request)
        if "error" in outcome:
            error = outcome["error"]
            return HandReplay(
                hand, Verdict.ERROR, engine=f"{error.get('code')}: {error.get('message')}"
            )
        illegal = outcome.get("illegal")
        actions = replay.request["given"]["actions"]
        if illegal is None and "result" in outcome:
            break
        # refused, or the script ended with claims still pending (others may claim too)
        step = int(illegal["after"]) if illegal is not None else len(actions)
        widened = _with_passes(replay, outcome, step) if passes < MAX_PASSES else None
        if widened is None:
            if illegal is None:
                break  # the hand did not end: compared below
            return HandReplay(
                hand,
                Verdict.REFUSED,
                step,
                lines[step] if step < len(lines) else None,
                actions[step],
                f"{illegal.get('code')}: {illegal.get('message')}",
                passes,
            )
        added = len(widened) - len(replay.request["given"]["actions"])
        passes += added
        line = lines[min(step, len(lines) - 1)] if lines else hand.start.line
        lines[step:step] = [line] * added
        given = {**replay.request["given"], "actions": widened}
        replay = Replayable({**replay.request, "given": given}, tuple(lines), replay.players)
    logged = logged_deltas(hand, replay.players)
    result = outcome.get("result", {})
    computed = _deltas(result, replay.players)
    if logged is None:
        return HandReplay(
            hand,
            Verdict.DIFFERS,
            logged="(the log does not end the hand)",
            engine=str(result.get("end")),
            passes=passes,
        )
    kind, deltas = logged
    end_line = next(e.line for e in hand.events if e.type in ("hora", "ryukyoku"))
    if deltas != computed:
        return HandReplay(
            hand,
            Verdict.DIFFERS,
            line=end_line,
            logged=f"{kind} {deltas}",
            engine=f"{result.get('end')} {computed}",
            passes=passes,
        )
    return HandReplay(hand, Verdict.AGREES, passes=passes)
