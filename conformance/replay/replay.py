"""One logged hand replayed on an engine's play kind, and how it compares with the log.

The log leaves out what no one did: a player who could claim a discard and did not. The
request asks the engine to pass such claims itself (``unscripted_claims: pass``); an engine
that does not, and refuses the log's next action because claims are pending, gets a
``pass`` added for each player it offered one, and the hand is played again from the start
(a request is a whole hand). Any other refusal is the
first divergence of the hand: the step, the log's action and line, and the engine's words.
At the end the engine's result is compared with the log's (:mod:`conformance.replay.ending`:
a win or a draw, the draw's reason, the winners, the score changes); a hand the log stops before
its end, or the engine does not end after the log's last action, says so in words. Each
hand names the rules it exercised and, when it diverges, the rule the divergence is about
(:mod:`conformance.replay.rules`).

The replay never makes up a tile: a log that leaves out the dora indicator a kan turns
(Tenhou JSON lists the indicators, not when each is turned) is a located problem of the
hand (``log-indicator``) where the engine turned more indicators than the log holds, not
a hand replayed with an indicator the engine took from the tiles nobody saw; so is a
riichi winner's ura-dora when the log shows fewer ura indicators than were turned.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from conformance.engine import Engine
from conformance.problems import ProblemsError
from conformance.replay.convert import SEATS, Replayable, replayable
from conformance.replay.ending import first_difference, logged_end, match_hand
from conformance.replay.mjai import LoggedHand
from conformance.replay.rules import RuleFinder

MAX_PASSES = 400
CLAIMS = frozenset({"chow", "pung", "kong", "win"})
KANS = frozenset({"ankan", "kakan", "daiminkan"})  # the melds that turn a dora indicator
GOES_ON = "the hand goes on after the log's last action (the engine has not ended it)"
LOG_STOPS = "the log stops before the hand ends (no win or draw after its last action)"


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
    item: str = ""  # at the end: what differs (end, reason, winners, score changes)
    rule: str | None = None  # the rule the first divergence is about
    rules: tuple[str, ...] = ()  # the rules the hand exercised
    request: Mapping[str, Any] | None = None  # the play request last sent
    outcome: Mapping[str, Any] | None = None  # the log's end as a match hand (game_end)

    @property
    def where(self) -> str:
        return f"{self.hand.file}:{self.line or self.hand.start.line}"


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


def _refusing_rule(illegal: Mapping[str, Any], finder: RuleFinder, action: str) -> str | None:
    """The rule that refuses ``action``: the one the engine names, when it is a rule of the
    variant, else the rule that allows such an action."""
    named = illegal.get("rule")
    if isinstance(named, str) and named in finder.rules:
        return named
    return finder.of_action(action)


def _tiles(text: str) -> int:
    """How many tiles an MPSZ string names (``2z4s`` -> 2, ``123m`` -> 3)."""
    return sum(c.isdigit() for c in text)


def check_indicators(hand: LoggedHand, replay: Replayable, outcome: Mapping[str, Any]) -> None:
    """Raise a ``log-indicator`` problem, at the kan whose indicator is missing, when the
    engine turned more dora indicators than the log holds (riichi.play.kongs: each kan turns
    one): the indicator the engine showed is a tile the log never wrote. Then the ura
    indicators a riichi winner scores (:func:`check_ura`)."""
    trace = outcome.get("trace")
    state = trace[-1].get("state", {}) if isinstance(trace, list) and trace else {}
    shown = state.get("indicators") if isinstance(state, Mapping) else None
    logged = replay.request["given"]["wall"]["dead_wall"]["indicators"].split()
    turned = _tiles(shown) if isinstance(shown, str) else len(logged)
    if turned <= len(logged):
        check_ura(hand, replay, turned)
        return
    kans = [event for event in hand.events if event.type in KANS]
    kan = kans[min(len(logged), len(kans)) - 1] if kans else hand.start
    message = (
        f"hand {hand.number + 1}: the log holds {len(logged)} dora indicator(s), but its "
        f"kans turn {turned}: the indicator of the {kan.type} here is not in the log "
        "(the replay does not make one up)"
    )
    raise ProblemsError([hand.problem(kan, "log-indicator", message)])


def check_ura(hand: LoggedHand, replay: Replayable, turned: int) -> None:
    """Raise a ``log-indicator`` problem, at the win, when a winner who declared riichi
    scores the ura-dora (riichi.dora.ura-riichi-only) of ``turned`` indicators and the log
    shows fewer ura indicators: the others would be tiles the log never wrote."""
    ura = replay.request["given"]["wall"]["dead_wall"].get("ura", "").split()
    if len(ura) >= turned:
        return  # enough for any winner
    declared = {event.data.get("actor") for event in hand.events if event.type == "reach"}
    for win in (event for event in hand.events if event.type == "hora"):
        if win.data.get("actor") in declared:
            message = (
                f"hand {hand.number + 1}: a riichi winner's ura-dora needs {turned} ura "
                f"indicator(s), the log shows {len(ura)} (the replay does not make one up)"
            )
            raise ProblemsError([hand.problem(win, "log-indicator", message)])


def replay_hand(engine: Engine, hand: LoggedHand, variant: str, finder: RuleFinder) -> HandReplay:
    """Replay ``hand`` (raises ProblemsError on a malformed event, or a kan indicator the log
    does not hold)."""
    replay = replayable(hand, variant)
    lines = list(replay.lines)
    passes = 0
    ending = logged_end(hand, replay.players)
    logged = match_hand(hand, ending, None) if ending is not None else None
    while True:
        outcome = engine.evaluate(replay.request)
        actions = replay.request["given"]["actions"]
        if "error" in outcome:
            error = outcome["error"]
            return HandReplay(
                hand,
                Verdict.ERROR,
                engine=f"{error.get('code')}: {error.get('message')}",
                rules=finder.of_hand(actions, None, ending),
                request=replay.request,
                outcome=logged,
            )
        illegal = outcome.get("illegal")
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
                rule=_refusing_rule(illegal, finder, actions[step]),
                rules=finder.of_hand(actions[: step + 1], None, ending),
                request=replay.request,
                outcome=logged,
            )
        added = len(widened) - len(replay.request["given"]["actions"])
        passes += added
        line = lines[min(step, len(lines) - 1)] if lines else hand.start.line
        lines[step:step] = [line] * added
        given = {**replay.request["given"], "actions": widened}
        replay = Replayable({**replay.request, "given": given}, tuple(lines), replay.players)
    check_indicators(hand, replay, outcome)
    result = outcome.get("result", {})
    actions = replay.request["given"]["actions"]
    rules = finder.of_hand(actions, result, ending)
    tenpai = result.get("tenpai") if result.get("reason") == "exhaustive" else None
    as_match = match_hand(hand, ending, tenpai) if ending is not None else logged
    if ending is None or "end" not in result:
        ended = f"end: {result['end']}" if "end" in result else f"end: {GOES_ON}"
        return HandReplay(
            hand,
            Verdict.DIFFERS,
            logged=f"end: {LOG_STOPS}" if ending is None else f"end: {ending.end}",
            engine=ended,
            passes=passes,
            item="end",
            rules=rules,
            request=replay.request,
            outcome=logged,
        )
    difference = first_difference(ending, result, replay.players)
    if difference is not None:
        end_line = next(e.line for e in hand.events if e.type in ("hora", "ryukyoku"))
        return HandReplay(
            hand,
            Verdict.DIFFERS,
            line=end_line,
            logged=f"{difference.item}: {difference.logged}",
            engine=f"{difference.item}: {difference.engine}",
            passes=passes,
            item=difference.item,
            rule=finder.of_difference(difference.item, ending, difference.pattern),
            rules=rules,
            request=replay.request,
            outcome=as_match,
        )
    return HandReplay(hand, Verdict.AGREES, passes=passes, rules=rules, outcome=as_match)
