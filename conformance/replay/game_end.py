"""How and when a logged game ends, compared with the engine's match model.

A log that holds a whole game (an mjlog whose last hand carries ``owari``, a Tenhou JSON
document with its final scores ``sc``, an MJAI game closed by ``end_game``) and names its
length (the lobby: mjlog's ``GO type``, Tenhou JSON's ``rule.disp``; ``--option length=``
for any log) is also compared as a game: its hands' outcomes, read from the
log (winners and payments, the riichi declared, the draws and who was tenpai), are sent to
the engine as one ``match`` request, and after each hand the engine's ``ended`` is compared
with the log's: the log goes on after every hand but its last. A hand the log plays after
the engine's end, or a last hand the engine plays on from, differs on the ``game end``, under
the rule that decided it: a player below zero (riichi.house.busting), a dealer who deals again
(tenhou.match.dealer-stop, or riichi.match.no-agari-yame where the platform has no stop), or
the match's length (tenhou.match.extension, or riichi.match.length).

Who was tenpai at an exhaustive draw is read from the noten payments; where none moved
(everyone or no one tenpai) or a nagashi mangan replaced them, from the engine's play result
of that hand (the log writes no more).

A game the log does not hold whole or whose length it does not name is compared on busting
alone: the table before each hand (its dealer, the log's points and the sticks) is sent as
a ``match`` request of unknown length with no hand played, and a hand the engine says comes
after the match's end differs on the ``game end`` (riichi.house.busting: the engine's rule,
the table's ``busting`` option or its profile's, decides; the replay states none of its own).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeGuard

from conformance.engine import Engine
from conformance.replay.convert import SEATS
from conformance.replay.replay import HandReplay, Verdict
from conformance.replay.rules import RuleFinder
from spec.profile import load_profile

GAME_END = "game end"  # the item a difference of the game's end is reported under
UNKNOWN = "unknown"  # a match request's length where the log names none
POINTS_BOUND = 1_000_000_000  # a match request's points, either side of 0
MAX_STICKS = 105  # a match request's sticks on the table
LENGTH = "length"  # the game's length on a hand's start_kyoku (a match request's length)


def compare_games(
    engine: Engine, variant: str, replays: Sequence[HandReplay], finder: RuleFinder
) -> list[HandReplay]:
    """The replays with each whole game's end compared (:func:`_game_end`); the hands of
    a game are consecutive, in order."""
    out = list(replays)
    games: dict[tuple[str, int], list[int]] = {}
    for index, replay in enumerate(replays):
        games.setdefault((replay.hand.file, replay.hand.game), []).append(index)
    for indexes in games.values():
        game = [out[i] for i in indexes]
        for number, changed in _game_end(engine, variant, game, finder).items():
            out[indexes[number]] = changed
    return out


def _match_request(variant: str, game: Sequence[HandReplay]) -> dict[str, Any] | None:
    """The match request of a whole logged game; None when the log does not hold the whole
    game (its first hand is not East 1 from the start points, a hand is missing, its last
    hand does not end the game), names no length, or a hand's outcome is not known."""
    starts = [replay.hand.start.data for replay in game]
    first = starts[0]
    length = first.get(LENGTH)
    numbers = [replay.hand.number for replay in game]
    outcomes = [replay.outcome for replay in game]
    start_points = load_profile(variant).sections.get("match", {}).get("start_points")
    whole = (
        numbers == list(range(len(game)))
        and isinstance(length, str)
        and first.get("bakaze") == "E"
        and first.get("oya") == 0
        and first.get("honba") == 0
        and first.get("kyotaku") == 0
        and all(points == start_points for points in first.get("scores", ()))
        and all(start.get("last_hand") is not True for start in starts[:-1])
        and starts[-1].get("last_hand") is True
        and all(outcome is not None for outcome in outcomes)
    )
    if not whole:
        return None
    given: dict[str, Any] = {"length": length, "hands": outcomes}
    options = first.get("options")
    if isinstance(options, Mapping) and options:
        given["options"] = dict(options)
    return {"variant": variant, "kind": "match", "given": given}


def _after(engine: Engine, request: Mapping[str, Any]) -> tuple[list[Any], str | None]:
    """The engine's state after each hand of the match up to the hand it ends the match
    with (a hand after the end is refused), and, when it refuses a hand of the log for
    another reason, its words (the states before that hand come with them)."""
    answer = engine.evaluate(request)
    error = answer.get("error")
    if error is None:
        return list(answer.get("after", [])), None
    path = list(error.get("path") or [])
    words = f"{error.get('code')}: {error.get('message')} (at {'.'.join(map(str, path))})"
    index = path[1] if len(path) > 1 and path[0] == "hands" else None
    if not isinstance(index, int) or index < 1:
        return [], words
    given = {**request["given"], "hands": request["given"]["hands"][:index]}
    shorter = engine.evaluate({**request, "given": given})
    after = list(shorter.get("after", [])) if "error" not in shorter else []
    if len(after) == index and after[-1].get("ended"):
        return after, None
    return after, words


def _game_end(
    engine: Engine, variant: str, game: Sequence[HandReplay], finder: RuleFinder
) -> dict[int, HandReplay]:
    """The hands of ``game`` whose replay changes (:func:`_compared`); a game the log does
    not hold whole or whose length it does not name, on the busting rule alone
    (:func:`_bust_only`)."""
    request = _match_request(variant, game)
    if request is None:
        return _bust_only(engine, variant, game, finder)
    return _compared(engine, game, request, finder)


def _bust_only(
    engine: Engine, variant: str, game: Sequence[HandReplay], finder: RuleFinder
) -> dict[int, HandReplay]:
    """The hands of ``game`` whose replay changes, the game compared on the busting rule
    alone: the table before each agreeing hand (:func:`_taken_up`) is sent as a match of
    unknown length with no hand played, and when the engine says that match is over (its
    riichi.house.busting decides: the table's option or the profile's), the log played the
    hand after the game's end. Each hand is taken up at the log's own points, not carried
    over from the hands before: a payment the engine makes otherwise (a difference of that
    hand, reported there) does not move the game's end."""
    changed: dict[int, HandReplay] = {}
    for number, replay in enumerate(game):
        request = _taken_up(variant, replay) if replay.verdict is Verdict.AGREES else None
        answer = engine.evaluate(request) if request is not None else {}
        final = answer.get("final")
        if isinstance(final, Mapping) and final.get("ended") is True:
            rule = _deciding_rule(finder, replay, final)
            logged = "the game goes on: this hand is played"
            ended = "the game ended before this hand"
            changed.update(_differs(game, number, logged, ended, rule, request))
    return changed


def _taken_up(variant: str, replay: HandReplay) -> dict[str, Any] | None:
    """The match request of the table before ``replay``'s hand, with no hand played and of
    unknown length: the hand's dealer, each player's points and the sticks on the table,
    seats counted from the log's player 0; None when the log does not give them (points as
    whole numbers, one per player)."""
    start = replay.hand.start.data
    players = len(start.get("tehais", ()))
    scores = start.get("scores")
    sticks = start.get("kyotaku", 0)
    oya = start.get("oya")
    if not (isinstance(scores, list) and len(scores) == players):
        return None
    if not all(_whole(points, -POINTS_BOUND, POINTS_BOUND) for points in scores):
        return None
    if not (_whole(sticks, 0, MAX_STICKS) and _whole(oya, 0, players - 1)):
        return None
    given: dict[str, Any] = {
        "length": UNKNOWN,
        "dealer": SEATS[oya],
        "points": {SEATS[index]: points for index, points in enumerate(scores)},
        "sticks": sticks,
        "hands": [],
    }
    options = start.get("options")
    if isinstance(options, Mapping) and options:
        given["options"] = dict(options)
    return {"variant": variant, "kind": "match", "given": given}


def _whole(value: object, low: int, high: int) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (not a bool) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _compared(
    engine: Engine, game: Sequence[HandReplay], request: Mapping[str, Any], finder: RuleFinder
) -> dict[int, HandReplay]:
    """The hands of the whole ``game`` whose replay changes, its match ``request``
    answered: the first hand where the engine's end of the game and the log's differ, when
    it agreed until then; the last hand, when the engine ends the game there too, exercised
    the rule that ended it."""
    after, refused = _after(engine, request)
    last = len(game) - 1
    if refused is not None:
        logged = f"hand {len(after) + 1} of the game is played"
        engine_says = f"the match refuses it: {refused}"
        return _differs(game, len(after), logged, engine_says, None, None)
    for number, state in enumerate(after):
        ended = bool(state.get("ended"))
        if ended and number < last:
            logged = f"the game goes on after hand {number + 1}"
            engine_says = f"the game ends after hand {number + 1}"
            rule = _deciding_rule(finder, game[number], state)
            shown = _up_to(request, number + 1)
            return _differs(game, number + 1, logged, engine_says, rule, shown)
        if not ended and number == last:
            rule = _deciding_rule(finder, game[number], state)
            engine_says = f"the game goes on ({_next_hand(state)})"
            logged = "the game ends after this hand"
            return _differs(game, number, logged, engine_says, rule, request)
    if len(after) <= last:
        return {}
    rule = _deciding_rule(finder, game[last], after[last])
    final = game[last]
    if rule is None or final.verdict is not Verdict.AGREES or rule in final.rules:
        return {}
    return {last: replace(final, rules=(*final.rules, rule))}


def _up_to(request: Mapping[str, Any], hands: int) -> dict[str, Any]:
    """The match ``request`` of the game's first ``hands`` hands."""
    return {**request, "given": {**request["given"], "hands": request["given"]["hands"][:hands]}}


def _differs(
    game: Sequence[HandReplay],
    number: int,
    logged: str,
    engine: str,
    rule: str | None,
    request: Mapping[str, Any] | None,
) -> dict[int, HandReplay]:
    """Hand ``number`` differs on the game's end, unless it already diverged (its first
    divergence stays the one reported); ``request`` is the match of the hands up to the
    end the log and the engine disagree on: through hand ``number`` when the log ends the
    game there, through the hand before when the log goes on (its proposal,
    :mod:`conformance.replay.propose`)."""
    number = min(number, len(game) - 1)
    replay = game[number]
    if replay.verdict is not Verdict.AGREES:
        return {}
    changed = replace(
        replay,
        verdict=Verdict.DIFFERS,
        logged=f"{GAME_END}: {logged}",
        engine=f"{GAME_END}: {engine}",
        item=GAME_END,
        rule=rule,
        request=request,
    )
    return {number: changed}


def _deciding_rule(finder: RuleFinder, replay: HandReplay, state: Mapping[str, Any]) -> str | None:
    """The rule that decides whether the game ends after ``replay``'s hand, the engine's
    ``state`` after it: a player below zero, else a dealer who deals again, else the length."""
    points = state.get("points", {})
    if any(isinstance(p, int) and p < 0 for p in points.values()):
        return finder.of_game_end("below-zero")
    outcome = replay.outcome or {}
    dealer = SEATS[int(replay.hand.start.data["oya"])]
    repeated = dealer in outcome.get("winners", ()) or dealer in outcome.get("tenpai", ())
    if repeated and outcome.get("draw") != "abortive":
        return finder.of_game_end("dealer")
    return finder.of_game_end("length")


def _next_hand(state: Mapping[str, Any]) -> str:
    """``South 1, 4 honba``: the hand the engine deals next."""
    round_wind = str(state.get("round", "")).capitalize()
    return f"{round_wind} {state.get('hand')}, {state.get('honba')} honba"
