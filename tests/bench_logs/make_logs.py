"""Writes the replay benchmark's fixed logs (run once; the files are kept in the repository).

riichienv's games are not reproducible from their seed (the same seed gives other games on
another run), so the benchmark replays these files instead of playing new games: every run
then times the same deals. Each file is one MJAI log (JSON Lines, gzip) of ``GAMES`` whole
games played by riichienv under its Tenhou rule with the tests' greedy agents
(``tests/replay_agents.py``: they win, declare riichi, call and make kans, so the logs hold
wins as well as draws). Run from the repository's root::

    python tests/bench_logs/make_logs.py
"""

from __future__ import annotations

import gzip
import json
import sys
from importlib.metadata import version
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests"))
from replay_agents import greedy_game  # noqa: E402

GAMES = 30
FILES = {  # riichienv's game mode -> the file (a half game: East and South rounds, red fives)
    "4p-red-half": "riichienv-4p-tenhou.jsonl.gz",
    "3p-red-half": "riichienv-3p-tenhou.jsonl.gz",
}


def write_games(mode: str, path: Path) -> int:
    """``GAMES`` games of ``mode`` into ``path``; the number of deals."""
    deals = 0
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=9) as log:
        for seed in range(GAMES):
            for event in greedy_game(mode, seed, "tenhou"):
                deals += event["type"] == "start_kyoku"
                log.write(json.dumps(event, separators=(",", ":")) + "\n")
    return deals


def main() -> None:
    print(f"riichienv {version('riichienv')}, Python {sys.version.split()[0]}")
    for mode, name in FILES.items():
        deals = write_games(mode, HERE / name)
        print(f"{name}: {GAMES} games, {deals} deals, {(HERE / name).stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
