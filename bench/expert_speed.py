"""The Expert's own workload: CPU time of its first player turns in one solo game, and where it goes.

    nice -n 15 .venv/bin/python bench/expert_speed.py --turns 2                 # CPU seconds + a digest of the moves
    nice -n 15 .venv/bin/python bench/expert_speed.py --turns 3 --profile 30    # cProfile, top 30 by own time

Why: the Expert's strength is bought with rollouts (issue #20), so the engine's speed work is measured on
exactly what the Expert does — `selfplay --mode solo --bot expert --map long-road --seed 91000 --k 3
--to-end`, stopped after `--turns` player turns — rather than on random games. The move digest must not
change with a speed change (bench/trace.py checks whole games); the CPU time is the process's, the fair
figure on a shared machine. Run the old and the new tree alternately and compare (docs/performance.md).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import logging
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iwari_desktop.engine.cli.selfplay import bot_seeds  # noqa: E402
from iwari_desktop.engine.cli.selfplay_to_end import GAME_K, PlayingFor  # noqa: E402
from iwari_desktop.engine.cli.vs_void import VS_VOID_BOTS  # noqa: E402
from iwari_desktop.engine.core.config import GameConfig, GameMode  # noqa: E402
from iwari_desktop.engine.core.rules import apply, legal_actions  # noqa: E402
from iwari_desktop.engine.core.setup import new_game  # noqa: E402
from iwari_desktop.engine.maps.registry import get_board  # noqa: E402


def play_turns(map_id: str, seed: int, turns: int, k: int) -> str:
    """Play the Expert's solo game (for `k`, to the end) until `turns` player turns are over; the moves' digest."""
    board = get_board(map_id)
    state = new_game(GameConfig.quick(board.map_id, 1, seed, mode=GameMode.SOLO, options={"k": GAME_K}), board)
    bots = [PlayingFor(VS_VOID_BOTS["expert"](s), k) for s in bot_seeds(seed, 1)]
    digest = hashlib.sha256()
    while not state.is_terminal() and sum(state.turns_taken) < turns:
        action = bots[state.active_seat].choose(state, legal_actions(state))
        digest.update(str(action).encode() + b"\n")
        apply(state, action)
    return digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", default="long-road")
    parser.add_argument("--seed", type=int, default=91000)
    parser.add_argument("--k", type=int, default=3)
    parser.add_argument("--turns", type=int, default=2, help="player turns to play (default 2)")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="profile and print the top N functions")
    args = parser.parse_args(argv)
    logging.getLogger("pytmx.util_pygame").disabled = True
    get_board(args.map)   # map loading is not part of the figure
    profiler = cProfile.Profile() if args.profile else None
    start = time.process_time()
    if profiler:
        profiler.enable()
    digest = play_turns(args.map, args.seed, args.turns, args.k)
    if profiler:
        profiler.disable()
    seconds = time.process_time() - start
    print(f"{args.map} seed {args.seed}: {args.turns} Expert turns in {seconds:.2f} s CPU; moves {digest}")
    if profiler:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
