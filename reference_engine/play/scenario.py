"""Answering ``play``, ``claim`` and ``match`` requests with the game state machine.

A play request gives a wall and a script; the answer is the trace (state and
legal actions after every action), the refused action if any, and the end of
the hand. Tiles in state views are MPSZ strings.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from reference_engine.play.claims import claim_options, granted
from reference_engine.play.deal import deal
from reference_engine.play.game import apply
from reference_engine.play.hands import waits_of
from reference_engine.play.legality import PASSES, is_legal, legal_actions
from reference_engine.play.rules import PlayRules
from reference_engine.play.selfplay import random_choice
from reference_engine.play.state import GameState, Phase
from reference_engine.play.wall import WallLayout, explicit_wall, shuffled
from spec.actions import Action, ActionKind, parse_action, parse_discard
from spec.errors import RuleError, raise_first
from spec.melds import Meld, parse_meld
from spec.possible import copy_problems
from spec.seats import SEATS, Seat, next_seat
from spec.tiles import Tile, format_tiles, run_notation, tiles_at
from spec.tileset import table_tile_set


def _seat(value: object, *path: str | int) -> Seat:
    try:
        return Seat(value)
    except ValueError:
        raise RuleError("invalid-request", f"unknown seat {value!r}", path=path) from None


def build_wall(rules: PlayRules, given: Mapping[str, Any], dealer: Seat) -> tuple[Tile, ...]:
    """The wall of a play request: ``{seed}`` or ``{hands, draws, replacements, dead_wall}``."""
    data = given.get("wall")
    if not isinstance(data, Mapping):
        raise RuleError("invalid-request", "'wall' must be a mapping", path=("wall",))
    if "seed" in data:
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise RuleError(
                "invalid-request", "the seed must be a whole number", path=("wall", "seed")
            )
        return shuffled(rules.tile_set(), seed)
    hands_data = data.get("hands")
    if not isinstance(hands_data, Mapping):
        raise RuleError(
            "invalid-request", "'wall.hands' must map seats to tiles", path=("wall", "hands")
        )
    hands = {
        _seat(name, "wall", "hands", str(name)): tiles_at(tiles, "wall", "hands", str(name))
        for name, tiles in hands_data.items()
    }
    order = [next_seat(dealer, i, rules.players) for i in range(rules.players)]
    for seat in hands:
        if seat not in order:
            raise RuleError(
                "invalid-request",
                f"{seat.value} does not play in this variant",
                path=("wall", "hands", seat.value),
            )
    draws = tiles_at(data.get("draws", ""), "wall", "draws")
    replacements = tiles_at(data.get("replacements", ""), "wall", "replacements")
    dead = data.get("dead_wall") or {}
    if dead and not rules.tail:
        raise RuleError("invalid-request", "this variant has no dead wall", path=("wall",))
    indicators = tiles_at(dead.get("indicators", ""), "wall", "dead_wall", "indicators")
    ura = tiles_at(dead.get("ura", ""), "wall", "dead_wall", "ura")
    layout = WallLayout(hands, draws, replacements, (indicators, ura) if rules.tail else ())
    return explicit_wall(rules.tile_set(), layout, order, rules.hand_size, slot=rules.tail // 2)


def state_view(rules: PlayRules, state: GameState) -> dict[str, Any]:
    """The state fields a play fixture may check (tiles as MPSZ strings)."""
    view: dict[str, Any] = {
        "turn": state.turn.value,
        "phase": state.phase.value,
        "live_tiles": state.live_tiles,
        "discard_count": state.discard_count,
    }
    view.update(rules.state_view(state))
    for index, seat in enumerate(state.seats):
        name = seat.value
        view[f"hand.{name}"] = format_tiles(state.hands[index])
        view[f"melds.{name}"] = [
            _meld_text(m.kind.value, m.tiles, m.concealed) for m in state.melds[index]
        ]
        view[f"discards.{name}"] = format_tiles(state.rivers[index])
        view[f"flowers.{name}"] = format_tiles(state.flowers[index])
        view[f"restricted.{name}"] = format_tiles(sorted(state.restricted[index]))
        view[f"ready.{name}"] = state.ready[index]
    return view


def _meld_text(kind: str, tiles: tuple[Tile, ...], concealed: bool) -> str:
    """A meld as the state shows it; a chow or pung names the red five it holds
    (riichi.claims.red-five-choice: ``chow 406p``, ``pung 0p``)."""
    red = any(t.is_red for t in tiles)
    if kind == "chow":
        return f"chow {run_notation(tiles, red=red)}"
    shown = next((t for t in tiles if t.is_red), tiles[0]) if kind == "pung" else tiles[0]
    return f"{'concealed-kong' if concealed else kind} {shown.mpsz}"


def _legal_view(rules: PlayRules, state: GameState) -> dict[str, list[str]]:
    return {
        seat.value: [a.notation for a in legal_actions(rules, state, seat)] for seat in state.seats
    }


def result_view(rules: PlayRules, state: GameState) -> dict[str, Any] | None:
    """The end of the hand, or None while it goes on (with the family's fields)."""
    end = state.end
    if end is None:
        return None
    view: dict[str, Any]
    if end.settlement is None:
        view = {
            "end": "draw",
            "reason": end.reason.value,
            "payments": {seat.value: end.payments.get(seat, 0) for seat in state.seats},
        }
        if state.tail:
            view["tenpai"] = [seat.value for seat in end.tenpai]
    else:
        view = {
            "end": "win",
            "reason": end.reason.value,
            "winners": [winner.as_json() for winner in end.settlement.winners],
            "payments": end.settlement.payments_json(),
        }
        if end.settlement.scores:
            view["scores"] = end.settlement.scores_json()
    if state.tail:
        view["deposits"] = {seat.value: end.deposits.get(seat, 0) for seat in state.seats}
        view["sticks_left"] = end.sticks_left
    view.update(rules.end_view(state))
    return view


def _choice(given: Mapping[str, Any], name: str, allowed: tuple[str, ...]) -> str:
    """The value of an enumerated request field (the first of ``allowed`` when absent)."""
    value = given.get(name, allowed[0])
    if value not in allowed:
        raise RuleError(
            "invalid-request",
            f"{name!r} must be one of {', '.join(allowed)}, not {value!r}",
            path=(name,),
        )
    return str(value)


# Python 3.11 reads an enum member from its class by EnumType.__getattr__'s slow path: the
# phases each scripted action compares with are read once here.
_CLAIM, _ROB = Phase.CLAIM, Phase.ROB


def pass_unscripted(rules: PlayRules, state: GameState) -> GameState | None:
    """Every seat still asked in the open claim window (a discard, an added kong, a North)
    passes, in turn order from the seat that offered the tile; None when nobody is asked."""
    assert state.pending_from is not None
    asked = [seat for seat in state.order_after(state.pending_from) if seat in state.awaiting]
    if not asked:
        return None
    for seat in asked:
        state = apply(rules, state, PASSES[seat], checked=False)
    return state


def _scripted(rules: PlayRules, state: GameState, action: Action, *, passing: bool) -> GameState:
    """The state after a scripted action. When ``passing`` (a request's ``unscripted_claims:
    pass``), while a claim window is open and ``action`` is not a legal answer in it, the
    seats still asked pass first (:func:`pass_unscripted`). A refused action raises an
    ``illegal-action`` RuleError; the passes made before it stay made (:func:`play` plays the
    script again to undo them)."""
    while passing and (state.phase is _CLAIM or state.phase is _ROB):
        if is_legal(rules, state, action):
            return apply(rules, state, action, checked=False)
        passed = pass_unscripted(rules, state)
        if passed is None:
            break
        state = passed
    return apply(rules, state, action)


def _replayed(rules: PlayRules, state: GameState, actions: Sequence[Action]) -> GameState:
    """``state`` after ``actions`` played again, each with the passes before it (all were
    accepted on this deal before: same wall, same actions, same state)."""
    for action in actions:
        state = _scripted(rules, state, action, passing=True)
    return state


def _situation(
    rules: PlayRules, state: GameState, after: int, action: Action | None
) -> dict[str, Any]:
    """One entry of the trace: the state and the legal actions after ``after`` actions."""
    return {
        "after": after,
        "action": None if action is None else str(action),
        "legal": _legal_view(rules, state),
        "state": state_view(rules, state),
    }


MAX_ACTIONS = 1000  # a script has at most 1,000 actions (the scenario schema)


def _script(given: Mapping[str, Any]) -> list[Action]:
    """The actions of a play request's script, each read (an error names the one that
    is not an action)."""
    script = given.get("actions", [])
    if not isinstance(script, Sequence) or isinstance(script, str):
        raise RuleError("invalid-request", "'actions' must be a list", path=("actions",))
    actions = []
    for index, text in enumerate(script):
        try:
            actions.append(parse_action(str(text)))
        except RuleError as error:
            raise error.at("actions", index) from None
    return actions


def play(rules: PlayRules, given: Mapping[str, Any]) -> dict[str, Any]:
    """Deal, apply the script, and report the trace (every situation, or with ``trace:
    last`` the last one only), a refused action, and the result."""
    dealer = _seat(given.get("dealer", "east"), "dealer")
    streak = given.get("dealer_streak", 0)
    if not isinstance(streak, int) or isinstance(streak, bool) or streak < 0:
        raise RuleError(
            "invalid-request", "'dealer_streak' must be a count", path=("dealer_streak",)
        )
    actions = _script(given)
    passing = _choice(given, "unscripted_claims", ("wait", "pass")) == "pass"
    every_action = _choice(given, "trace", ("every-action", "last")) == "every-action"
    table = rules.table_of(given)
    wall = build_wall(rules, given, dealer)
    state = deal(rules, wall, dealer, streak, table)
    trace = [_situation(rules, state, 0, None)] if every_action else []
    outcome: dict[str, Any] = {"trace": trace}
    applied: Action | None = None
    for index, action in enumerate(actions):
        try:
            state = _scripted(rules, state, action, passing=passing)
        except RuleError as error:
            outcome["illegal"] = _refusal(index, error)
            if passing:  # passes may have been made before it: the state as they found it
                state = _replayed(rules, deal(rules, wall, dealer, streak, table), actions[:index])
            break
        applied = action
        if every_action:
            trace.append(_situation(rules, state, index + 1, action))
    steps = len(actions)  # the actions played: the script's, and the agents' after them
    agents = given.get("agents")
    if agents is not None and "illegal" not in outcome:
        played = [str(action) for action in actions]
        rng = random.Random(int(agents["seed"]))  # the policy is random, the only one
        while state.end is None and len(played) < MAX_ACTIONS:
            applied = random_choice(rules, state, rng)
            state = apply(rules, state, applied, checked=False)
            played.append(str(applied))
            if every_action:
                trace.append(_situation(rules, state, len(played), applied))
        outcome["script"] = played
        steps = len(played)
    if not every_action:
        trace.append(
            _situation(rules, state, outcome.get("illegal", {}).get("after", steps), applied)
        )
    result = result_view(rules, state)
    if result is not None:
        outcome["result"] = result
    return outcome


def _refusal(index: int, error: RuleError) -> dict[str, Any]:
    """The ``illegal`` entry of a play answer: the script's action ``index`` refused."""
    refused: dict[str, Any] = {"after": index, "code": error.code, "message": error.message}
    if error.rule is not None:
        refused["rule"] = error.rule
    return refused


def claim(rules: PlayRules, given: Mapping[str, Any], extra: object = None) -> dict[str, Any]:
    """Which wanted claims on a discard are legal and which are granted (tw.claims.priority);
    ``extra`` is the family's state the claims depend on (Sichuan's void suits)."""
    tile, source = parse_discard(given)
    hands: list[tuple[Tile, ...]] = [(), (), (), ()]
    melds: list[tuple[Meld, ...]] = [(), (), (), ()]
    for name, hand in (given.get("hands") or {}).items():
        seat = _seat(name, "hands", str(name))
        index = SEATS.index(seat)
        hands[index] = tuple(
            sorted(tiles_at(hand.get("concealed", ""), "hands", name, "concealed"))
        )
        melds[index] = tuple(
            parse_meld(m, ("hands", name, "melds", i)) for i, m in enumerate(hand.get("melds", []))
        )
    state = GameState(
        wall=(),
        front=0,
        back=0,
        hands=hands,
        melds=melds,
        flowers=[()] * 4,
        rivers=[()] * 4,
        dealer=Seat.EAST,
        dealer_streak=0,
        turn=source,
        phase=Phase.CLAIM,
        reserve=0,
        pending=tile,
        pending_from=source,
        waits=[waits_of(rules, h, m) for h, m in zip(hands, melds, strict=True)],
        extra=extra,
    )
    check_claim_copies(rules, state, given.get("options"))
    wanted: dict[Seat, Action] = {}
    for name, text in (given.get("claims") or {}).items():
        seat = _seat(name, "claims", str(name))
        try:
            wanted[seat] = parse_action(str(text), seat)
        except RuleError as error:
            raise error.at("claims", name) from None
    return claim_answer(rules, state, wanted)


def check_claim_copies(rules: PlayRules, state: GameState, options: object) -> None:
    """riichi.tiles.set, cc.tiles.set: the claimants' tiles, their melds and the tile offered
    hold no more copies of a tile than the table's set (``too-many-copies`` at ``hands``)."""
    tiles = table_tile_set(rules.profile.tiles, options)
    held = [tile for hand in state.hands for tile in hand]
    melds = [meld for seat_melds in state.melds for meld in seat_melds]
    offered = () if state.pending is None else (state.pending,)
    raise_first(copy_problems(tiles, held, melds, offered, path=("hands",)))


def claim_answer(
    rules: PlayRules, state: GameState, wanted: Mapping[Seat, Action]
) -> dict[str, Any]:
    """Which ``wanted`` claims on the tile offered in ``state`` are legal, as in play
    (:func:`~reference_engine.play.claims.claim_options`; a pass always is, a tile shown for
    a win only takes nothing else), and which of them are granted (tw.claims.priority)."""
    source = state.pending_from
    assert source is not None
    legal = {seat: _may_claim(rules, state, action) for seat, action in wanted.items()}
    claims = {s: a for s, a in wanted.items() if legal[s] and a.kind is not ActionKind.PASS}
    return {
        "legal": {s.value: ok for s, ok in legal.items()},
        "granted": [s.value for s in granted(rules.profile, state.order_after(source), claims)],
    }


def _may_claim(rules: PlayRules, state: GameState, action: Action) -> bool:
    tile, source = state.pending, state.pending_from
    assert tile is not None
    assert source is not None
    if action.kind is ActionKind.PASS:
        return True
    if action.seat not in state.seats:
        return False
    options = claim_options(rules, state, action.seat, tile, source)
    return action in options and (action.kind is ActionKind.WIN or not state.win_only)
