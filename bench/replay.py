"""Replay speed: how long Watch the game takes to open a game, and to step back or jump anywhere in it.

    .venv/bin/python bench/replay.py --games 20

Plays `--games` complete games between random bots (3 players, new-horizons, seeds `--seed`+i),
then for each: builds the replay (one pass over the log, checkpoints every 24 moves), steps back
from the end to the start one move at a time (each step a fresh state from the nearest checkpoint,
as the Back button does) and makes 200 random jumps. Pinned to one CPU. Goal (docs/performance.md):
opening a game under 50 ms and any step under 5 ms, so stepping and playing at 8 moves a second
never waits on the engine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pinning import pin_to_one_core  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--map", default="new-horizons")
    args = parser.parse_args(argv)
    pinned = pin_to_one_core()

    from iwari_desktop.engine.bots.players import RandomBot
    from iwari_desktop.engine.core.config import BASE_FEATS, GameConfig
    from iwari_desktop.engine.core.game import Game
    from iwari_desktop.engine.maps.registry import get_board
    from iwari_desktop.engine.replay import Replay

    board = get_board(args.map)
    builds, backs, jumps, moves = [], [], [], []
    for i in range(args.games):
        seed = args.seed + i
        game = Game.new(GameConfig.quick(args.map, 3, seed, feats=BASE_FEATS), board)
        bot = RandomBot(seed)
        while not game.is_over():
            game.play(bot.choose(game.state))
        moves.append(len(game.log))
        started = time.perf_counter()
        replay = Replay.of_game(game)
        builds.append(time.perf_counter() - started)
        started = time.perf_counter()
        for step in range(replay.end, -1, -1):
            replay.state_at(step)
        backs.append((time.perf_counter() - started) / (replay.end + 1))
        rng = random.Random(seed)
        started = time.perf_counter()
        for _ in range(200):
            replay.transition(rng.randrange(1, replay.end + 1))
        jumps.append((time.perf_counter() - started) / 200)
    print(f"{args.games} games on {args.map}, {statistics.mean(moves):.0f} moves each on average"
          f" ({pinned})")
    print(f"open a game (build the replay): mean {statistics.mean(builds) * 1000:.2f} ms, "
          f"max {max(builds) * 1000:.2f} ms")
    print(f"step back one move: mean {statistics.mean(backs) * 1000:.3f} ms, max {max(backs) * 1000:.3f} ms")
    print(f"jump to a random move (state before and after): mean {statistics.mean(jumps) * 1000:.3f} ms, "
          f"max {max(jumps) * 1000:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
