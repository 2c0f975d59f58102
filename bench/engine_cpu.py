"""Engine speed in CPU time: the games of bench/engine.py timed with the process's CPU clock.

    .venv/bin/python bench/engine_cpu.py the-void:4 the-void:6 new-horizons:3 --games 400

On a machine shared with other work, wall-clock games/s (bench/engine.py) falls with the load
average; the CPU time this process itself used does not, so these figures compare runs taken at
different loads. Each MAP:PLAYERS argument plays `--games` random-bot games, seeds 0.., exactly as
bench/engine.py and `selfplay` do, pinned to one CPU after one warm-up game.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from iwari_desktop.engine.cli.selfplay import play_game  # noqa: E402
from iwari_desktop.engine.maps.registry import get_board  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("setups", nargs="+", metavar="MAP:PLAYERS")
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args(argv)
    logging.getLogger("pytmx.util_pygame").disabled = True
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    for setup in args.setups:
        map_id, _, players = setup.partition(":")
        board, n = get_board(map_id), int(players or 3)
        play_game(board, n, 0)
        start, decisions = time.process_time(), 0
        for seed in range(args.games):
            decisions += play_game(board, n, seed).decisions
        cpu = time.process_time() - start
        print(f"{map_id} {n} players: {args.games / cpu:.1f} games/s, {decisions / cpu:,.0f} decisions/s, "
              f"{decisions / args.games:.1f} decisions/game (CPU time, load average {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
