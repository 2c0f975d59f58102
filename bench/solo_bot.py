"""Time per decision of the solo/co-op players'-side bot (bots/solo.py), by process CPU time.

    .venv/bin/python bench/solo_bot.py --games 5 --bot solo new-horizons glacial-mass

Plays `--games` solo games per map (seeds 1000..) with the named bot (`solo`, `greedy`, `random`)
exactly as `selfplay --mode solo` does, and prints per map the CPU milliseconds per decision (mean
over every decision, the bot's thinking plus the engine's apply), the decisions per game and the
wall figure beside it. CPU time is the fair figure on the shared machine (docs/performance.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from iwari_desktop.engine.cli.vs_void import play_vs_void  # noqa: E402
from iwari_desktop.engine.core.config import GameMode  # noqa: E402
from iwari_desktop.engine.maps.registry import get_board  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--bot", default="solo")
    parser.add_argument("--mode", default="solo", choices=["solo", "coop"])
    parser.add_argument("maps", nargs="*", default=["new-horizons"])
    args = parser.parse_args()
    mode = GameMode(args.mode)
    for map_id in args.maps:
        board = get_board(map_id)
        cpu0, wall0 = time.process_time(), time.perf_counter()
        decisions = 0
        for i in range(args.games):
            decisions += play_vs_void(board, mode, 1000 + i, args.bot).decisions
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        print(json.dumps({"map": map_id, "bot": args.bot, "mode": args.mode, "games": args.games,
                          "cpu_ms_per_decision": round(1000 * cpu / decisions, 2),
                          "wall_ms_per_decision": round(1000 * wall / decisions, 2),
                          "decisions_per_game": round(decisions / args.games, 1)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
