"""MJAI event logs (JSON Lines): read into hands of located events.

One JSON object per line, each with a ``type``. A hand runs from ``start_kyoku`` to
``end_kyoku``; ``start_game`` and ``end_game`` frame the game. Every malformed line (not
JSON, not an object, no known type, an event outside a hand, a hand never ended) is a
:class:`~conformance.problems.Problem` naming the file, line and field; reading never
raises anything else. :func:`read_mjai` leaves out only the hand a bad line is in, and
reads the others (a real archive never loses a whole file to one bad line).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from dataclasses import field as dataclass_field
from typing import Any

from conformance.problems import Problem, ProblemsError, excerpt

MAX_LOG_BYTES = 64 * 1024 * 1024
EVENT_TYPES = frozenset(
    {
        "start_game",
        "end_game",
        "start_kyoku",
        "end_kyoku",
        "tsumo",
        "dahai",
        "chi",
        "pon",
        "daiminkan",
        "kakan",
        "ankan",
        "nukidora",
        "kita",  # riichienv's name for nukidora
        "dora",
        "reach",
        "reach_accepted",
        "hora",
        "ryukyoku",
    }
)

# one JSON value at an index: (value, its end); JSONDecoder sets it in __init__ (no stub)
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class Event:
    """One event of the log and the line it was read from (its ``type`` read once: a
    replay asks every event's type many times)."""

    line: int
    data: Mapping[str, Any]
    type: str = dataclass_field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "type", str(self.data["type"]))


@dataclass(frozen=True)
class LoggedHand:
    """The events of one hand, ``start_kyoku`` first, ``end_kyoku`` excluded."""

    file: str
    game: int  # 0-based, in the order of start_game in the file
    number: int  # 0-based, within the game
    events: tuple[Event, ...]

    @property
    def start(self) -> Event:
        return self.events[0]

    def problem(self, event: Event, code: str, message: str, field: str = "") -> Problem:
        return Problem(self.file, event.line, 1, code, message, (field,) if field else ())


def json_line(file: str, number: int, text: str) -> tuple[Any, Problem | None]:
    """The JSON value of one line of a log, or the ``log-syntax`` problem that it is not
    (too deep a nesting included). A line that is one JSON value from its first character
    to its last is scanned without :func:`json.loads`'s wrapping (about half its cost per
    line); any other goes through :func:`json.loads`, which says what is wrong."""
    try:
        value, end = _SCAN(text, 0)
        if end == len(text):
            return value, None
    except (StopIteration, ValueError, RecursionError):
        pass  # json.loads below says why
    try:
        return json.loads(text), None
    except json.JSONDecodeError as error:
        return None, Problem(file, number, error.colno, "log-syntax", f"not JSON: {error.msg}")
    except RecursionError:
        return None, Problem(file, number, 1, "log-syntax", "JSON nested too deeply for an event")


def _parse_line(file: str, number: int, text: str) -> tuple[Event | None, Problem | None]:
    data, problem = json_line(file, number, text)
    if problem is not None:
        return None, problem
    if not isinstance(data, dict):
        return None, Problem(file, number, 1, "log-event", "an event is a JSON object")
    kind = data.get("type")
    if kind not in EVENT_TYPES:
        message = f"unknown event type {excerpt(kind)}"
        return None, Problem(file, number, 1, "log-event", message, ("type",))
    return Event(number, data), None


def read_mjai(text: str, file: str) -> tuple[list[LoggedHand], list[Problem]]:
    """The hands of an MJAI log's ``text``, and the problems of its bad lines: a hand
    holding one is left out (its problem says where), the other hands are read."""
    hands, problems, _ = read_lines(text.splitlines(), file)
    return hands, problems


def read_lines(
    lines: Sequence[str], file: str, first: int = 1
) -> tuple[list[LoggedHand], list[Problem], int]:
    """:func:`read_mjai` of a log's ``lines`` (``text.splitlines()``), numbered from
    ``first``, and the number of the game the last line is in (-1 before any). Lines from
    a clean game start (:func:`game_starts`) to the end of a log, or to its next clean game
    start, read alone, are read as a reading of the whole log reads them, their games
    numbered from 0."""
    hands: list[LoggedHand] = []
    current: list[Event] | None = None
    spoiled = False  # the current hand holds a bad line
    game, number = -1, 0
    problems: list[Problem] = []
    line = first - 1
    for line, raw in enumerate(lines, start=first):
        if not raw.strip():
            continue
        event, problem = _parse_line(file, line, raw)
        if event is None:
            problems += [problem] if problem else []
            spoiled = current is not None
            continue
        if event.type == "start_game":
            game, number = game + 1, 0
        elif event.type == "start_kyoku":
            if current is not None:
                problems.append(Problem(file, line, 1, "log-order", "a hand starts inside a hand"))
            current, spoiled = [event], False
            game = max(game, 0)
        elif event.type == "end_kyoku":
            if current is None:
                problems.append(Problem(file, line, 1, "log-order", "end_kyoku outside a hand"))
            else:
                if not spoiled:
                    hands.append(LoggedHand(file, game, number, tuple(current)))
                number += 1
            current = None
        elif event.type == "end_game":
            if (
                current is None
                and hands
                and (hands[-1].game, hands[-1].number) == (game, number - 1)
            ):
                hands[-1] = _game_ends(hands[-1])
        else:
            if current is None:
                message = f"{event.type} outside a hand (no start_kyoku before it)"
                problems.append(Problem(file, line, 1, "log-order", message))
            else:
                current.append(event)
    if current is not None:
        problems.append(Problem(file, line, 1, "log-order", "the last hand has no end_kyoku"))
    return hands, problems, game


LOOK_BACK = 16  # lines read back from a start_game to find that no hand is open there


def game_starts(lines: Sequence[str], file: str) -> list[int]:
    """The indices of the lines of ``lines`` where a game starts clean: a ``start_game``
    event with no hand open before it (the last ``start_kyoku`` or ``end_kyoku`` among the
    :data:`LOOK_BACK` lines before it is an ``end_kyoku``; other lines, blank or bad,
    change nothing). A reading (:func:`read_lines`) holds nothing there but the game's
    number, so the log can be read in parts cut there, each part by another worker. Found
    by reading only the lines that name ``start_game`` and a few before each: a
    ``start_game`` written otherwise (escaped) is no cut, only a longer part."""
    return [
        index
        for index, raw in enumerate(lines)
        if index
        and "start_game" in raw
        and _type(file, index, raw) == "start_game"
        and _last_framing(lines, file, index) == "end_kyoku"
    ]


def _last_framing(lines: Sequence[str], file: str, index: int) -> str | None:
    """The type of the last ``start_kyoku`` or ``end_kyoku`` event among the
    :data:`LOOK_BACK` lines before line ``index`` (None when there is none there)."""
    for before in range(index - 1, max(index - LOOK_BACK, 0) - 1, -1):
        kind = _type(file, before, lines[before])
        if kind in ("start_kyoku", "end_kyoku"):
            return kind
    return None


def _type(file: str, index: int, raw: str) -> str | None:
    """The type of the event on line ``index``; None for a blank or bad line."""
    event, _ = _parse_line(file, index + 1, raw) if raw.strip() else (None, None)
    return None if event is None else event.type


def _game_ends(hand: LoggedHand) -> LoggedHand:
    """``hand`` marked as its game's last (an ``end_game`` follows it), as the Tenhou
    readers mark the hand their record's final scores follow (``last_hand``)."""
    start = replace(hand.start, data={**hand.start.data, "last_hand": True})
    return replace(hand, events=(start, *hand.events[1:]))


def parse_mjai(text: str, file: str) -> list[LoggedHand]:
    """The hands of an MJAI log's ``text``; raises :class:`ProblemsError` on a bad line."""
    hands, problems = read_mjai(text, file)
    if problems:
        raise ProblemsError(problems[:20])
    return hands


def field(hand: LoggedHand, event: Event, name: str, kind: type | tuple[type, ...]) -> Any:
    """``event``'s field ``name``, checked to be of ``kind`` (a located problem if not)."""
    value = event.data.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        wanted = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        message = f"{event.type}.{name} should be a {wanted}, not {excerpt(value)}"
        raise ProblemsError([hand.problem(event, "log-field", message, name)])
    return value


def seats_field(hand: LoggedHand, event: Event, name: str, players: int) -> Sequence[Any]:
    """A per-player list field (``tehais``, ``deltas``) of the right length."""
    value: list[Any] = field(hand, event, name, list)
    if len(value) != players:
        message = f"{event.type}.{name} has {len(value)} entries for {players} players"
        raise ProblemsError([hand.problem(event, "log-field", message, name)])
    return value
