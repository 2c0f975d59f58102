"""Solo and co-op speed: complete random-bot games against the Void per CPU second, on one core.

    .venv/bin/python bench/solo.py --games 300 new-horizons glacial-mass

For each map and mode (solo, co-op) plays `--games` games with the random bot taking every decision
(the player's and the Void's ties), seeds 1000.., exactly as `selfplay --mode solo|coop --bot random`
does. Pins itself to one CPU; prints games/s by process CPU time (the fair figure on a shared machine)
and by wall clock, decisions/s and decisions per game. Only setup and play are timed. Goal
(docs/performance.md): >= 150 random solo games/s on one core.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from iwari_desktop.engine.cli.vs_void import play_vs_void  # noqa: E402
from iwari_desktop.engine.core.config import GameMode  # noqa: E402
from iwari_desktop.engine.maps.registry import get_board  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("maps", nargs="*", default=["new-horizons"])
    args = parser.parse_args()
    logging.getLogger("pytmx.util_pygame").disabled = True
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    for map_id in args.maps:
        board = get_board(map_id)
        for mode in (GameMode.SOLO, GameMode.COOP):
            decisions = 0
            cpu, wall = time.process_time(), time.perf_counter()
            for i in range(args.games):
                decisions += play_vs_void(board, mode, 1000 + i, "random").decisions
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            print(f"{map_id} {mode.value}: {args.games} games, {args.games / cpu:.0f} games/s CPU "
                  f"({args.games / wall:.0f} wall), {decisions / cpu:.0f} decisions/s CPU, "
                  f"{decisions / args.games:.0f} decisions/game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
