"""Engine speed: complete random-bot games per second on one core.

    .venv/bin/python bench/engine.py --games 200

Plays `--games` complete games between random bots (3 players by default) on `--map` (default
`new-horizons`; if that map is not there yet, the hand-built board of tests/support/engine_fixtures.py,
with a note), game i seeded with `--seed`+i exactly as `python -m iwari_desktop.engine selfplay`
does. Only setup and play are timed, not map loading. The process pins itself to one CPU where the
OS allows it, so the figure is a one-core figure on any machine.

Setup options as in `selfplay`: `--feats`, `--draft`, `--expeditions`, `--courage`, `--worship N`
(a map's own rules are always on). Goals (docs/performance.md, issue #8): base map 3 players
>= 300 games/s; every expansion map with all its options, 4 players, >= 150; The Void, 6 players,
>= 100 (`--goal` sets the games/s goal `--check` compares with).

Original goal (docs/performance.md): at least 100 games/s and 20,000 decisions/s. `--check` makes the exit
code 1 when the goal is missed; `--profile N` prints the cProfile top N functions instead of timing;
`--repeat R` times the games R times and adds the best run by CPU time (steadier on a shared machine).
It also prints games/s by the process's CPU time, the fairer figure while other processes share the CPU.

Side by side (issue #32): `--against REV` unpacks commit REV's engine (`git archive` of iwari_desktop, bench,
tests/support and assets/maps into a temporary folder: no worktree, no change to the repository) and runs
this tree's benchmark and REV's in turn, `--rounds` times each (which goes first alternates), every run a
fresh process of `--games` games; it prints each run's games/s by CPU time, the best of each side and the
ratio of the bests (other processes only ever slow a run down), and the median ratio of the rounds.

    .venv/bin/python bench/engine.py --against d43e2bf --games 300 --rounds 5
"""

from __future__ import annotations

import argparse
import cProfile
import logging
import os
import platform
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pinning import pin_to_one_core  # noqa: E402
sys.path.insert(0, str(ROOT / "tests" / "support"))

from iwari_desktop.engine.maps.board import Board, MapError  # noqa: E402
from iwari_desktop.engine.cli.selfplay import play_game, setup_options  # noqa: E402
from iwari_desktop.engine.core.config import ConfigError  # noqa: E402
from iwari_desktop.engine.maps.registry import get_board, map_path  # noqa: E402

GOAL_GAMES_PER_SECOND = 100.0
GOAL_DECISIONS_PER_SECOND = 20_000.0
DEFAULT_MAP = "new-horizons"


def choose_board(map_arg: str | None) -> tuple[Board, str]:
    logging.getLogger("pytmx.util_pygame").disabled = True  # pytmx's "cannot import pygame" is noise here
    if map_arg is None and not map_path(DEFAULT_MAP).is_file():
        from engine_fixtures import small_board
        return small_board(), (f"note: {DEFAULT_MAP} is not in assets/maps yet; using the fixture board of "
                               "tests/support/engine_fixtures.py (27 tent spaces, smaller than a real map)")
    return get_board(map_arg or DEFAULT_MAP), ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", default=None, help=f"map id or .tmx path (default {DEFAULT_MAP}, else the fixture)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bot", default="random", choices=("random", "greedy"))
    parser.add_argument("--feats", action="store_true", help="the four base feats (B19)")
    parser.add_argument("--draft", action="store_true", help="the draft start (B4)")
    parser.add_argument("--expeditions", action="store_true", help="three expedition cards (E8)")
    parser.add_argument("--courage", action="store_true", help="the Courage feat (E9)")
    parser.add_argument("--worship", type=int, default=0, choices=(0, 1, 2, 3), help="Worship variant (E10)")
    parser.add_argument("--goal", type=float, default=GOAL_GAMES_PER_SECOND, help="games/s goal for --check")
    parser.add_argument("--check", action="store_true", help="exit 1 when the goal is missed")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="profile and print the top N functions")
    parser.add_argument("--repeat", type=int, default=1, metavar="R",
                        help="time the games R times and also print the best run by CPU time (steadier on a busy machine)")
    parser.add_argument("--against", metavar="REV", help="run REV's engine side by side with this tree's (see above)")
    parser.add_argument("--rounds", type=int, default=5, help="with --against: runs of each side")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.against:
        return side_by_side(args)
    try:
        board, note = choose_board(args.map)
    except MapError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    options = setup_options(args)
    try:
        play_game(board, args.players, args.seed, args.bot, args.feats, args.draft, options)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    pinned = pin_to_one_core()
    if note:
        print(note)

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for i in range(args.games):
            play_game(board, args.players, args.seed + i, args.bot, args.feats, args.draft, options)
        profiler.disable()
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime").print_stats(args.profile)
        return 0

    play_game(board, args.players, args.seed, args.bot, args.feats, args.draft, options)  # warm caches (payments_for, board properties)
    seconds = 0.0
    decisions: list[int] = []
    turns: list[int] = []
    cpu_start = time.process_time()  # CPU time too: on a shared machine wall time counts other processes' turns
    for i in range(args.games):
        played = play_game(board, args.players, args.seed + i, args.bot, args.feats, args.draft, options)
        seconds += played.seconds
        decisions.append(played.decisions)
        turns.append(sum(played.state.turns_taken))
    cpu_seconds = time.process_time() - cpu_start
    games_per_second = args.games / seconds
    decisions_per_second = sum(decisions) / seconds
    cpu_games_per_second = args.games / cpu_seconds
    ok = cpu_games_per_second >= args.goal and sum(decisions) / cpu_seconds >= GOAL_DECISIONS_PER_SECOND
    print(f"map: {board.map_id} ({board.name}), {args.players} players, {args.bot} bots, {args.games} games, "
          f"seeds {args.seed}..{args.seed + args.games - 1}")
    print(f"options: feats {args.feats}, draft {args.draft}, {options or 'no setup options'}; modules: "
          f"{', '.join(m.key for m in played.state.modules)}")
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPU(s), {pinned}")
    print(f"per game: {statistics.mean(decisions):.1f} decisions, {statistics.mean(turns):.1f} turns "
          f"(mean), {1000 * seconds / args.games:.2f} ms")
    print(f"games/s: {games_per_second:.1f}")
    print(f"decisions/s: {decisions_per_second:.0f}")
    print(f"by CPU time (load average {os.getloadavg()[0]:.1f}): {args.games / cpu_seconds:.1f} games/s, "
          f"{sum(decisions) / cpu_seconds:.0f} decisions/s")
    print(f"goal by CPU time (>= {args.goal:.0f} games/s and >= {GOAL_DECISIONS_PER_SECOND:,.0f} decisions/s): "
          f"{'met' if ok else 'NOT met'}")
    if args.repeat > 1:   # other processes only ever slow a run down: the best run is the engine's own speed
        best = cpu_seconds
        for _ in range(args.repeat - 1):
            start = time.process_time()
            for i in range(args.games):
                play_game(board, args.players, args.seed + i, args.bot, args.feats, args.draft, options)
            best = min(best, time.process_time() - start)
        print(f"best of {args.repeat} runs by CPU time: {args.games / best:.1f} games/s")
    return 1 if args.check and not ok else 0


_CPU_FIGURE = re.compile(r"by CPU time \(load average [0-9.]+\): ([0-9.]+) games/s")


def side_by_side(args: argparse.Namespace) -> int:
    """This tree's engine against commit `args.against`'s, in alternating fresh processes (module docstring)."""
    other = Path(tempfile.mkdtemp(prefix="iwari-bench-"))
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.against, "iwari_desktop", "bench",
                                  "tests/support", "assets/maps"], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(other)], input=archive, check=True)
        passed = ["--games", str(args.games), "--seed", str(args.seed), "--players", str(args.players),
                  "--bot", args.bot] + (["--map", args.map] if args.map else [])
        sides = {"this tree": ROOT, args.against: other}
        figures: dict[str, list[float]] = {label: [] for label in sides}
        for round_ in range(args.rounds):
            order = list(sides) if round_ % 2 == 0 else list(sides)[::-1]
            for label in order:
                run = subprocess.run([sys.executable, str(sides[label] / "bench" / "engine.py"), *passed],
                                     cwd=sides[label], capture_output=True, text=True, check=True)
                found = _CPU_FIGURE.search(run.stdout)
                if found is None:
                    print(f"error: no games/s figure in the output of {label}:\n{run.stdout}", file=sys.stderr)
                    return 2
                figures[label].append(float(found.group(1)))
                print(f"round {round_ + 1} {label}: {figures[label][-1]:.1f} games/s by CPU time", flush=True)
    finally:
        shutil.rmtree(other, ignore_errors=True)
    mine, theirs = figures["this tree"], figures[args.against]
    print(f"best: this tree {max(mine):.1f} games/s, {args.against} {max(theirs):.1f} games/s, "
          f"ratio {max(mine) / max(theirs):.2f}x")
    print(f"median ratio of the rounds: {statistics.median(a / b for a, b in zip(mine, theirs)):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
