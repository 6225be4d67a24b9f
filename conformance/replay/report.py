"""The report of a replay (``mjspec replay``): each hand in JSON, and the text report by
game, with the rules the hands exercised and how many agree or diverge on each."""

from __future__ import annotations

from collections import Counter

from conformance.replay.replay import HandReplay, Verdict


def shown(replay: HandReplay) -> dict[str, object]:
    hand = replay.hand
    return {
        "file": hand.file,
        "game": hand.game + 1,
        "hand": hand.number + 1,
        "start_line": hand.start.line,
        "line": replay.line or hand.start.line,
        "verdict": replay.verdict.value,
        "step": replay.step,
        "log": replay.logged,
        "engine": replay.engine,
        "passes_added": replay.passes,
        "rule": replay.rule,
        "rules": list(replay.rules),
    }


def rule_tally(replays: list[HandReplay]) -> dict[str, dict[str, int]]:
    """For each rule a hand exercised: how many such hands agree, and how many diverge on
    it (the rule their first divergence is about), by rule id."""
    tally: dict[str, dict[str, int]] = {}
    for replay in replays:
        agreed = replay.verdict is Verdict.AGREES
        for rule_id in replay.rules:
            counts = tally.setdefault(rule_id, {"agrees": 0, "diverges": 0})
            counts["agrees"] += agreed
        if replay.rule is not None:
            tally.setdefault(replay.rule, {"agrees": 0, "diverges": 0})["diverges"] += 1
    return dict(sorted(tally.items()))


def print_text(replays: list[HandReplay], problems: int) -> None:
    games: dict[tuple[str, int], list[HandReplay]] = {}
    for replay in replays:
        games.setdefault((replay.hand.file, replay.hand.game), []).append(replay)
    for (file, game), hands in games.items():
        print(f"{file} game {game + 1}: {len(hands)} hands: {_tally(hands)}")
        for r in hands:
            if r.verdict is Verdict.AGREES:
                continue
            step = f" step {r.step}" if r.step is not None else ""
            print(f"  {r.where}: hand {r.hand.number + 1}{step}: {r.verdict.value}")
            if r.logged:
                print(f"    log:    {r.logged}")
            print(f"    engine: {r.engine}")
            if r.rule:
                print(f"    rule:   {r.rule}")
    tally = rule_tally(replays)
    if tally:
        print("by rule (hands that exercised it: agree / diverge on it):")
        width = max(len(rule_id) for rule_id in tally)
        for rule_id, by_verdict in tally.items():
            agrees, diverges = by_verdict["agrees"], by_verdict["diverges"]
            print(f"  {rule_id:<{width}}  {agrees:>5} / {diverges}")
    counts = _tally(replays)
    print(
        f"{len(replays)} hands replayed"
        + (f": {counts}" if counts else "")
        + (f"; {problems} problems in the logs" if problems else "")
    )


def _tally(replays: list[HandReplay]) -> str:
    """``12 agrees, 1 refused``: how many hands had each verdict."""
    counts = Counter(r.verdict.value for r in replays)
    return ", ".join(f"{n} {verdict}" for verdict, n in sorted(counts.items()))
