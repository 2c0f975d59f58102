"""Win rates from the per-game lines of one or more (possibly unfinished) tournament runs.

    .venv/bin/python bench/tournament_summary.py bench-out/hard-nh.jsonl [more.jsonl ...]

A 200-game Hard run takes hours of CPU, so it is often stopped part-way, or finished in pieces
(`--seed S+N --games 200-N` for the rest). The tournament prints one JSON line per game as it
goes; this reads those lines (the final summary line, if present, is skipped; so is a last line
cut off mid-write) and prints the tournament's own summary shape for the games found:

    {"games": K, "levels": {"hard": {"win_rate": 0.61, "ci95": [0.54, 0.68], "seats": 67, "wins": 41}, ...}}

A level's rate counts the seats it held (a shared win counts for each sharer, a third-tribe win
for no one), with the same Wilson interval as the tournament. The per-game lines carry no thinking
times, so `seconds_per_decision` is left out. Lines from several files must not repeat a seed.
Bad input (no such file, no game line) is one "error: ..." line and exit code 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iwari_desktop.engine.cli.tournament import wilson_interval  # noqa: E402


def games_in(paths: list[str]) -> list[dict]:
    """Every complete per-game line of the files, refusing repeated seeds."""
    games: list[dict] = []
    seeds: set[int] = set()
    for name in paths:
        for line in Path(name).read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut off by a stopped run
            if not isinstance(entry, dict) or "seats" not in entry:
                continue  # the final summary line
            if entry["seed"] in seeds:
                raise ValueError(f"seed {entry['seed']} appears twice")
            seeds.add(entry["seed"])
            games.append(entry)
    return games


def summary(games: list[dict]) -> dict:
    """The tournament's final-line shape over `games` (levels in order of first appearance)."""
    seats: dict[str, int] = {}
    wins: dict[str, int] = {}
    for game in games:
        for level in game["seats"]:
            seats[level] = seats.get(level, 0) + 1
            wins.setdefault(level, 0)
        for level in game["winner_levels"]:
            wins[level] += 1
    levels = {}
    for level, held in seats.items():
        low, high = wilson_interval(wins[level], held)
        levels[level] = {"win_rate": round(wins[level] / held, 3), "ci95": [round(low, 3), round(high, 3)],
                         "seats": held, "wins": wins[level]}
    return {"games": len(games), "levels": levels}


def main(argv: list[str]) -> int:
    if not argv:
        print("error: name at least one file of tournament lines", file=sys.stderr)
        return 2
    try:
        games = games_in(argv)
    except (OSError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not games:
        print("error: no game lines in " + ", ".join(argv), file=sys.stderr)
        return 2
    print(json.dumps(summary(games)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
