"""``mjspec replay``: other engines' game logs replayed on the reference play engine.

Each hand of each log is replayed (:mod:`conformance.replay.replay`); the report gives, per
game, how many hands agree, and for each hand that does not, its first divergence: the log's
line, the step, the log's action and the engine's answer. A malformed log is a located,
coded problem (exit 1), never a traceback. Reads MJAI event logs (JSON Lines), Tenhou
JSON (:mod:`conformance.replay.tenhou`) and Tenhou's mjlog XML, plain or gzip
(:mod:`conformance.replay.mjlog`), told apart by their first bytes. A log that holds a
whole game and names its length is compared as a game too: when it ends
(:mod:`conformance.replay.game_end`). The hands
are replayed in shards (:mod:`conformance.campaign`): here, in ``--workers`` processes or on
a Dask cluster (``--dask``), with the same report. With logs enough to keep every local
worker busy (:data:`~conformance.campaign.SHARDS_PER_WORKER` each), the campaign is cut by
log: each worker reads its own logs, and the command reads none. With fewer logs on local
workers, an MJAI log is cut into its games, each a run of its lines that the command finds
without reading the events (:func:`~conformance.replay.mjai.game_starts`) and that a worker
reads and replays; the command reads any other log, cut by hand. On a Dask cluster, or in
one process, the command reads the logs and the campaign is cut by hand. Either way a replay
comes back with only the first event of an agreeing hand (a diverging one keeps its events,
for ``--propose``). On a terminal, a progress line on standard error counts the hands
replayed, the logs when the campaign is cut by log, or the games when by game
(:mod:`conformance.progress`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Any

from conformance.campaign import (
    SHARDS_PER_WORKER,
    SMALL_SHARDS_PER_WORKER,
    CampaignError,
    Start,
    add_campaign_arguments,
    forked,
    run_campaign,
    shard_count,
)
from conformance.engine import reference_plugin, warm_play
from conformance.files import decode_utf8, read_bounded
from conformance.problems import Problem, ProblemsError
from conformance.progress import add_progress_argument, progress_for
from conformance.proposals import UnwritableError
from conformance.replay.game_end import LENGTH, UNKNOWN, compare_games
from conformance.replay.mjai import MAX_LOG_BYTES, LoggedHand, game_starts, read_lines, read_mjai
from conformance.replay.mjlog import is_mjlog, parse_mjlog
from conformance.replay.propose import write_proposal
from conformance.replay.replay import HandReplay, Verdict, replay_hand
from conformance.replay.report import print_text, rule_tally, shown
from conformance.replay.rules import finder_for
from conformance.replay.tenhou import is_tenhou, parse_tenhou
from conformance.usage import UsageError, variant_id
from spec.families import families
from spec.schemas import definition_validator, schema


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "logs",
        nargs="+",
        metavar="LOG",
        help="game logs: MJAI (JSON Lines), Tenhou JSON or Tenhou mjlog XML (plain or gzip)",
    )
    parser.add_argument(
        "--log-format",
        choices=("auto", "mjai", "tenhou", "mjlog"),
        default="auto",
        help="the logs' format (default: told from each file's first bytes)",
    )
    parser.add_argument(
        "--variant",
        required=True,
        help="the rule set the games were played by: a profile of the riichi family "
        f"({', '.join(families()['riichi'].variants)})",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table rule option of every hand's request (repeat for several; a key once), "
        "over the log's own header: red_fives=false, open_tanyao=false, "
        "open_kan_dora=after-discard (VALUE read as JSON where it is JSON, else as text); "
        "length=east or length=east-south: the game's length, which its end is compared "
        "with (a Tenhou log's lobby names it)",
    )
    parser.add_argument(
        "--propose",
        metavar="DIR",
        help="write each diverging hand, up to its divergence, as a proposed play fixture "
        "under DIR/<variant>/<area>/",
    )
    add_campaign_arguments(parser, "replay")
    add_progress_argument(parser)


@dataclass(frozen=True)
class Replayed:
    """A hand's replay, or the problems that kept it from being replayed."""

    replay: HandReplay | None
    problems: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class LogReplayed:
    """One log's hands replayed, and the problems of the hands that could not be read."""

    unread: tuple[Problem, ...]
    hands: tuple[Replayed, ...]


def replay_hands(variant: str, hands: Sequence[LoggedHand]) -> list[Replayed]:
    """Replay consecutive hands on the reference engine (run in a worker). An agreeing
    hand's replay keeps only the first event of its hand (the events are most of a replay's
    size, and nothing but a divergence's proposal reads them)."""
    engine = reference_plugin()
    out = []
    for hand in hands:
        try:
            replay = replay_hand(engine, hand, variant, finder_for(variant))
        except ProblemsError as error:
            out.append(Replayed(None, tuple(error.problems)))
            continue
        if replay.verdict is Verdict.AGREES:
            replay = replace(replay, hand=replace(hand, events=hand.events[:1]))
        out.append(Replayed(replay))
    return out


def games_compared(variant: str, results: Sequence[Replayed]) -> list[Replayed]:
    """``results`` with each whole game's end compared (:func:`compare_games`), the hands
    that could not be replayed as they are: where the games were replayed, so that a
    worker holding whole games (a log, a part of an MJAI log) compares them."""
    replays = [result.replay for result in results if result.replay is not None]
    compared = iter(compare_games(reference_plugin(), variant, replays, finder_for(variant)))
    return [
        result if result.replay is None else replace(result, replay=next(compared))
        for result in results
    ]


def replay_logs(
    variant: str, log_format: str, options: Mapping[str, Any], names: Sequence[str]
) -> list[LogReplayed]:
    """Read and replay whole logs, one result each (run in a worker)."""
    out = []
    for name in names:
        hands, unread = read_with_options(name, log_format, options)
        replayed = games_compared(variant, replay_hands(variant, hands))
        out.append(LogReplayed(tuple(unread), tuple(replayed)))
    return out


def by_log(logs: Sequence[str], workers: int, dask: str | None) -> bool:
    """Whether a campaign over ``logs`` is cut by log, each worker reading its own: on this
    machine, with at least :data:`SHARDS_PER_WORKER` logs per worker (fewer would leave
    workers idle while others replay a long log). A Dask worker may not see the files."""
    return dask is None and len(logs) >= SHARDS_PER_WORKER * workers


@dataclass(frozen=True)
class Part:
    """A part of a campaign on forked workers: the games of an MJAI log's ``lines`` (read
    by the command, held by the workers) from ``start`` to ``stop``, which its worker reads
    (from one clean game start, :func:`~conformance.replay.mjai.game_starts`, to the next);
    or a hand of another log, which the command read (``unread``: the problems of that
    log's unreadable hands, with its first part)."""

    file: str
    lines: Sequence[str] = ()
    start: int = 0
    stop: int = 0
    hands: tuple[LoggedHand, ...] = ()
    unread: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class PartReplayed:
    """A part's hands replayed and the problems of those that could not be read, its games
    numbered from 0 when the worker read its lines, and the game its last line is in."""

    log: LogReplayed
    last_game: int = -1


def parts_of(name: str, log_format: str, options: Mapping[str, Any]) -> list[Part]:
    """The parts of one log: an MJAI log's games (read as text here, not as events), each
    run of lines from a clean game start to the next; any other log read here, a part for
    each of its hands (with its problems, the first)."""
    try:
        content = opened(Path(name), name, log_format)
    except ProblemsError as error:
        return [Part(name, unread=tuple(error.problems))]
    if isinstance(content, str):
        lines = content.splitlines()
        cuts = [0, *game_starts(lines, name), len(lines)]
        return [Part(name, lines, start, stop) for start, stop in pairwise(cuts)]
    hands, unread = parsed(content, name)
    parts = [Part(name, hands=(hand,)) for hand in with_options(hands, options)] or [Part(name)]
    return [replace(parts[0], unread=tuple(unread)), *parts[1:]]


def replay_parts(
    variant: str, options: Mapping[str, Any], parts: Sequence[Part]
) -> list[PartReplayed]:
    """Read (an MJAI log's lines) and replay parts of logs, one result each, the games of
    an MJAI log's part compared there (run in a forked worker)."""
    out = []
    for part in parts:
        if not part.lines:
            replayed = replay_hands(variant, part.hands)
            out.append(PartReplayed(LogReplayed(part.unread, tuple(replayed))))
            continue
        lines = part.lines[part.start : part.stop]
        hands, unread, last_game = read_lines(lines, part.file, part.start + 1)
        replayed = games_compared(variant, replay_hands(variant, with_options(hands, options)))
        out.append(PartReplayed(LogReplayed(tuple(unread), tuple(replayed)), last_game))
    return out


def _numbered(
    variant: str, parts: Sequence[Part], done: Sequence[PartReplayed]
) -> tuple[list[Problem], list[Replayed]]:
    """The parts' problems and replays, in order, each game numbered as in its log (a part
    of an MJAI log that starts past its first line starts after the last game of the part
    before it), and the games of the hands the command read compared here."""
    unread: list[Problem] = []
    results: list[Replayed] = []
    read_here: list[int] = []  # the results of the hands of the logs the command read
    first = 0  # the log's number of the part's game 0
    for part, replayed in zip(parts, done, strict=True):
        first = first if part.start else 0
        unread += replayed.log.unread
        if not part.lines:
            read_here += range(len(results), len(results) + len(replayed.log.hands))
        results += [_moved(result, first) for result in replayed.log.hands]
        first += replayed.last_game + 1
    compared = games_compared(variant, [results[index] for index in read_here])
    for index, result in zip(read_here, compared, strict=True):
        results[index] = result
    return unread, results


def _moved(result: Replayed, games: int) -> Replayed:
    """``result`` with its hand's game ``games`` further on in its log."""
    if result.replay is None or not games:
        return result
    hand = result.replay.hand
    moved = replace(result.replay, hand=replace(hand, game=hand.game + games))
    return replace(result, replay=moved)


def _warm(variant: str) -> None:
    """Load what every worker needs before they are forked: the engine's tables for the
    variant, its catalogue, and the check of the match requests that compare the games'
    ends (read once, for a match of no hands: each worker compiled it, 0.025 s)."""
    warm_play(variant)
    finder_for(variant)
    match = {"length": UNKNOWN, "hands": []}
    reference_plugin().evaluate({"variant": variant, "kind": "match", "given": match})


def read_log(path: Path, name: str, log_format: str) -> tuple[list[LoggedHand], list[Problem]]:
    """The hands of one log file, MJAI, Tenhou JSON or mjlog (``auto``: as its first bytes
    look), and the problems of the hands that could not be read (the others are
    replayed); :class:`ProblemsError` when the file cannot be read."""
    return parsed(opened(path, name, log_format), name)


def parsed(content: bytes | TenhouText | str, name: str) -> tuple[list[LoggedHand], list[Problem]]:
    """The hands of a log's content (:func:`opened`) and the problems of those that could
    not be read."""
    if isinstance(content, bytes):
        read = parse_mjlog(content, name)
        return list(read.hands), list(read.problems)
    if isinstance(content, TenhouText):
        return parse_tenhou(content.text, name)
    return read_mjai(content, name)


@dataclass(frozen=True)
class TenhouText:
    """A Tenhou JSON log's text (an MJAI log's is a plain ``str``)."""

    text: str


def opened(path: Path, name: str, log_format: str) -> bytes | TenhouText | str:
    """A log file's content, as its format (``auto``: as its first bytes look) is read: an
    mjlog's bytes, a Tenhou JSON log's text, or an MJAI log's text; :class:`ProblemsError`
    when the file cannot be read."""
    raw = read_bounded(path, name, MAX_LOG_BYTES)
    if log_format == "mjlog" or (log_format == "auto" and is_mjlog(raw)):
        return raw
    text = decode_utf8(raw, name)
    if log_format == "tenhou" or (log_format == "auto" and is_tenhou(text)):
        return TenhouText(text)
    return text


def read_with_options(
    name: str, log_format: str, options: Mapping[str, Any]
) -> tuple[list[LoggedHand], list[Problem]]:
    """:func:`read_log` of the file ``name`` with ``options`` set on its hands; a file
    that cannot be read gives no hands and its problems."""
    try:
        hands, unread = read_log(Path(name), name, log_format)
    except ProblemsError as error:
        return [], list(error.problems)
    return with_options(hands, options), unread


def given_options(pairs: Sequence[str]) -> dict[str, Any]:
    """The request options of ``--option KEY=VALUE`` (each VALUE as JSON where it parses,
    else as text); a usage error for a pair without ``=``, a key given twice, or options
    the request's schema refuses (``$defs/options``). ``length`` is the game's length
    (:data:`LENGTH`), a match request's (``$defs/match_given``), not a hand's option."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, equals, text = pair.partition("=")
        if not equals or not key:
            raise UsageError(f"--option {pair!r}: write it KEY=VALUE (red_fives=false)")
        if key in options:
            raise UsageError(f"--option {key} given more than once (a repeat would hide one)")
        known = [*schema("scenario")["$defs"]["options"]["properties"], LENGTH]
        if key not in known:
            raise UsageError(f"--option {key}: not a table option (options: {', '.join(known)})")
        try:
            options[key] = json.loads(text)
        except json.JSONDecodeError:
            options[key] = text
    lengths = _game_lengths()
    if LENGTH in options and options[LENGTH] not in lengths:
        raise UsageError(f"--option {LENGTH}: one of {', '.join(lengths)}")
    table = {key: value for key, value in options.items() if key != LENGTH}
    errors = list(definition_validator("scenario", "options").iter_errors(table))
    if table and errors:
        error = min(errors, key=lambda e: str(list(e.absolute_path)))
        where = ".".join(str(p) for p in error.absolute_path)
        raise UsageError(f"--option {where}: {error.message}")
    return options


def _game_lengths() -> list[str]:
    """The lengths a match request names in rounds of wind (``one-hand``, ``east`` ...)."""
    length = schema("scenario")["$defs"]["match_given"]["properties"][LENGTH]
    return [name for choice in length["oneOf"] for name in choice.get("enum", ())]


def with_options(hands: Sequence[LoggedHand], options: Mapping[str, Any]) -> list[LoggedHand]:
    """The hands with ``options`` set on their ``start_kyoku`` over the log's own (the
    game's ``length`` beside them, over the lobby's)."""
    if not options:
        return list(hands)
    table = {key: value for key, value in options.items() if key != LENGTH}
    out = []
    for hand in hands:
        start = dict(hand.start.data)
        if table:
            start["options"] = {**start.get("options", {}), **table}
        if LENGTH in options:
            start[LENGTH] = options[LENGTH]
        first = replace(hand.start, data=start)
        out.append(replace(hand, events=(first, *hand.events[1:])))
    return out


def replay_command(args: argparse.Namespace) -> int:
    """Replay every hand; exit 0 when all agree, 1 on a divergence or a malformed log."""
    variant = variant_id(args.variant)
    shard_count(args.workers)  # a usage error before the logs are read
    options = given_options(args.option)
    try:
        unread, results = _campaign(args, variant, options)
    except CampaignError as error:
        print(f"campaign: {error}", file=sys.stderr)
        return 2
    problems = len(unread)
    for problem in unread:
        print(problem, file=sys.stderr)
    replays = [result.replay for result in results if result.replay is not None]
    for result in results:
        for problem in result.problems:
            print(problem, file=sys.stderr)
        problems += len(result.problems)
    try:
        proposed = _propose(replays, variant, Path(args.propose)) if args.propose else []
    except UnwritableError as error:
        print(f"{error.code}: {error}", file=sys.stderr)
        return 2
    if args.format == "json":
        report = {
            "hands": [shown(r) for r in replays],
            "rules": rule_tally(replays),
            "problems": problems,
            "proposed": [str(path) for path in proposed],
        }
        print(json.dumps(report, indent=1))
    else:
        print_text(replays, problems)
        for path in proposed:
            print(f"proposed: {path}")
    agreed = all(r.verdict is Verdict.AGREES for r in replays)
    return 0 if agreed and not problems else 1


def _campaign(
    args: argparse.Namespace, variant: str, options: Mapping[str, Any]
) -> tuple[list[Problem], list[Replayed]]:
    """Every log's unreadable hands' problems, and every hand's replay with its game's end
    compared, in the logs' order (the same however the campaign is cut: in small shards,
    since a worker's shard starts at no cost, the reference engine and the catalogue warmed
    before the fork; each game compared by the worker that replayed it whole)."""
    start = Start(partial(_warm, variant), SMALL_SHARDS_PER_WORKER)
    workers, dask = args.workers, args.dask
    if by_log(args.logs, workers, dask):
        progress = progress_for(len(args.logs), "logs", wanted=args.progress)
        logs = run_campaign(
            partial(replay_logs, variant, args.log_format, options),
            args.logs,
            workers=workers,
            start=start,
            done=progress.advance if progress else None,
        )
        unread = [problem for log in logs for problem in log.unread]
        return unread, [result for log in logs for result in log.hands]
    if forked(workers, dask):
        parts = [part for name in args.logs for part in parts_of(name, args.log_format, options)]
        progress = progress_for(len(parts), _noun(parts), wanted=args.progress)
        done = run_campaign(
            partial(replay_parts, variant, options),
            parts,
            workers=workers,
            start=start,
            done=progress.advance if progress else None,
        )
        return _numbered(variant, parts, done)
    read = [read_with_options(name, args.log_format, options) for name in args.logs]
    hands = [hand for log, _ in read for hand in log]
    progress = progress_for(len(hands), "hands", wanted=args.progress)
    results = run_campaign(
        partial(replay_hands, variant),
        hands,
        workers=workers,
        dask=dask,
        start=start,
        done=progress.advance if progress else None,
    )
    return [problem for _, unread in read for problem in unread], games_compared(variant, results)


def _noun(parts: Sequence[Part]) -> str:
    """What a progress line counts: games (of MJAI logs), hands (of other logs) or parts."""
    games = sum(bool(part.lines) for part in parts)
    return "games" if games == len(parts) else "hands" if not games else "parts"


def _propose(replays: list[HandReplay], variant: str, out: Path) -> list[Path]:
    """Each divergence as a proposed fixture under ``out``."""
    finder = finder_for(variant)
    written = (write_proposal(replay, variant, finder, out) for replay in replays)
    return [path for path in written if path is not None]
