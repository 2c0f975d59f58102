"""Computer players' thinking time: seconds per decision of Normal and Hard on one core.

    .venv/bin/python bench/ai.py --games 2

For each measured level it plays `--games` complete games on `--map` (default new-horizons) with
the level in one seat and Normal in the others (seat rotated from game to game, game i seeded
with `--seed`+i), and times every call of the measured level's `choose` that had a real choice
(at least two legal options). Single-option decisions are answered at once and left out, so they
cannot flatter the median. Hard runs with `--budget` seconds per decision of its thread's CPU time
(default: the level's own default) and its wall-clock cap, as in the game. The process pins itself to one CPU. Besides wall time
it reports the CPU time of the same decisions and the load average at the end: on a busy machine
wall time overstates what a decision costs, and the CPU columns show it.

Goals (issue #11, docs/ai.md): Normal <= 50 ms per decision (checked on the worst decision);
Hard <= 1.0 s median and <= 2.0 s worst. `--check` makes the exit code 1 when a goal is missed;
`--json` prints one JSON line per level instead of the table.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pinning import pin_to_one_core  # noqa: E402

from iwari_desktop.engine.bots.hard import DEFAULT_BUDGET, HardBot  # noqa: E402
from iwari_desktop.engine.bots.normal import NormalBot  # noqa: E402
from iwari_desktop.engine.cli.selfplay import bot_seeds  # noqa: E402
from iwari_desktop.engine.core.config import GameConfig  # noqa: E402
from iwari_desktop.engine.core.rules import apply, legal_actions  # noqa: E402
from iwari_desktop.engine.core.setup import new_game  # noqa: E402
from iwari_desktop.engine.maps.board import Board, MapError  # noqa: E402
from iwari_desktop.engine.maps.registry import get_board  # noqa: E402

GOALS = {"normal": {"worst": 0.050}, "hard": {"median": 1.0, "worst": 2.0}}


def time_level(board: Board, level: str, players: int, games: int, seed: int, budget: float) -> dict:
    """Seconds per real decision of `level` over `games` games against Normal seats."""
    times: list[float] = []
    cpu: list[float] = []
    searched = 0
    for i in range(games):
        game_seed = seed + i
        state = new_game(GameConfig.quick(board.map_id, players, game_seed), board)
        seeds = bot_seeds(game_seed, players)
        measured = i % players
        bots = [NormalBot(s) for s in seeds]
        if level == "hard":
            bots[measured] = HardBot(seeds[measured], budget=budget)
        while not state.is_terminal():
            options = legal_actions(state)
            seat = state.active_seat
            began, began_cpu = time.perf_counter(), time.process_time()
            action = bots[seat].choose(state, options)
            spent, spent_cpu = time.perf_counter() - began, time.process_time() - began_cpu
            if seat == measured and len(options) > 1:
                times.append(spent)
                cpu.append(spent_cpu)
                if level == "hard" and bots[seat].last.simulations:
                    searched += 1
            apply(state, action)
    times.sort()
    cpu.sort()
    return {
        "level": level, "map": board.map_id, "players": players, "games": games,
        "budget": budget if level == "hard" else None, "decisions": len(times), "searched": searched,
        "median": statistics.median(times), "p90": times[int(0.9 * (len(times) - 1))], "worst": times[-1],
        "cpu_median": statistics.median(cpu), "cpu_worst": cpu[-1], "load_average": os.getloadavg()[0],
    }


def meets(result: dict) -> bool:
    goal = GOALS[result["level"]]
    return all(result[key] <= limit for key, limit in goal.items())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", default="new-horizons", help="map id or .tmx path (default new-horizons)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=2, help="games per measured level (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET, help="Hard's seconds per decision")
    parser.add_argument("--levels", default="normal,hard", help="levels to measure (default normal,hard)")
    parser.add_argument("--json", action="store_true", help="one JSON line per level")
    parser.add_argument("--check", action="store_true", help="exit 1 when a goal is missed")
    args = parser.parse_args(argv)
    levels = [name.strip() for name in args.levels.split(",")]
    unknown = [name for name in levels if name not in GOALS]
    if unknown or args.games < 1 or args.budget <= 0:
        parser.error(f"levels must be among {', '.join(GOALS)}, --games >= 1 and --budget > 0")
    logging.getLogger("pytmx.util_pygame").disabled = True
    try:
        board = get_board(args.map)
    except MapError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    pinned = pin_to_one_core()
    results = [time_level(board, level, args.players, args.games, args.seed, args.budget) for level in levels]
    ok = all(meets(r) for r in results)
    if args.json:
        for result in results:
            print(json.dumps({**result, "goal_met": meets(result)}))
    else:
        print(f"map: {board.map_id}, {args.players} players, {args.games} game(s) per level, seeds "
              f"{args.seed}..{args.seed + args.games - 1}; python {platform.python_version()}, "
              f"{os.cpu_count()} CPU(s), {pinned}")
        print(f"{'level':<7} {'budget':>6} {'decisions':>9} {'searched':>8} {'median':>9} {'p90':>9} {'worst':>9} "
              f"{'cpu med':>9} {'cpu worst':>9}  goal (wall time)")
        for r in results:
            budget = f"{r['budget']:.2f}" if r["budget"] is not None else "-"
            goal = ", ".join(f"{k} <= {v * 1000:.0f} ms" for k, v in GOALS[r["level"]].items())
            print(f"{r['level']:<7} {budget:>6} {r['decisions']:>9} {r['searched']:>8} "
                  f"{r['median'] * 1000:>7.1f}ms {r['p90'] * 1000:>7.1f}ms {r['worst'] * 1000:>7.1f}ms "
                  f"{r['cpu_median'] * 1000:>7.1f}ms {r['cpu_worst'] * 1000:>7.1f}ms  "
                  f"{goal}: {'met' if meets(r) else 'NOT met'}")
        print(f"load average (1 min) at the end: {results[-1]['load_average']:.2f} on {os.cpu_count()} CPU(s)")
    return 1 if args.check and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
