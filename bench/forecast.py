"""The Void's forecast: time per call of `forecast`, `preview_void_cards` and `standing`, on one core.

    .venv/bin/python bench/forecast.py --games 6 new-horizons glacial-mass long-road

Why: the board asks for the forecast after every change and the preview follows the player's choice of
Void cards live, so each call must stay within a few milliseconds. Positions come from seeded
random-bot games (seeds 1000.., solo and co-op, K=10 so games run to the natural end, every decision
that is not a tie choice inside a strike); each position is timed `--repeat` times and its median
kept. Prints, per call kind, the median, the 90th percentile and the worst position by process CPU
time (the fair figure on a shared machine), and the number of positions. Pins itself to one CPU.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from iwari_desktop.engine.bots.random_bot import RandomBot  # noqa: E402
from iwari_desktop.engine.core.biomes import Biome  # noqa: E402
from iwari_desktop.engine.core.config import GameConfig, GameMode  # noqa: E402
from iwari_desktop.engine.core.rules import apply, legal_actions  # noqa: E402
from iwari_desktop.engine.core.setup import new_game  # noqa: E402
from iwari_desktop.engine.core.state import GameState  # noqa: E402
from iwari_desktop.engine.maps.registry import get_board  # noqa: E402
from iwari_desktop.engine.rulesets.solo.data import data  # noqa: E402
from iwari_desktop.engine.rulesets.solo.forecast import (  # noqa: E402
    TIE_DECISIONS, forecast, preview_void_cards,
)
from iwari_desktop.engine.rulesets.solo.standing import standing  # noqa: E402


def positions(map_id: str, mode: GameMode, seed: int) -> list[GameState]:
    """Every position of one random game where the board would ask for a forecast (copies)."""
    n = 1 if mode is GameMode.SOLO else 2
    state = new_game(GameConfig.quick(map_id, n, seed, mode=mode, options={"k": 10}), get_board(map_id))
    bot = RandomBot(seed)
    out = []
    while not state.is_terminal():
        decision = data(state).decision
        if decision is None or decision[0] not in TIE_DECISIONS:
            out.append(state.clone())
        apply(state, bot.choose(state, legal_actions(state)))
    return out


def timed(call: Callable[[], object], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.process_time()
        call()
        runs.append(time.process_time() - start)
    return statistics.median(runs)


def report(name: str, times: list[float]) -> None:
    if not times:
        print(f"{name}: no positions")
        return
    times = sorted(times)
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"{name}: median {statistics.median(times) * 1000:.2f} ms, p90 {p90 * 1000:.2f} ms, "
          f"worst {times[-1] * 1000:.2f} ms ({len(times)} positions)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per map and mode")
    parser.add_argument("--repeat", type=int, default=5, help="timings per position (the median is kept)")
    parser.add_argument("maps", nargs="*", default=["new-horizons", "glacial-mass", "long-road"])
    args = parser.parse_args()
    logging.getLogger("pytmx.util_pygame").disabled = True
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    kinds: dict[str, list[float]] = {"forecast": [], "preview (Void cards only)": [], "standing": []}
    for map_id in args.maps:
        for mode in (GameMode.SOLO, GameMode.COOP):
            for i in range(args.games):
                for state in positions(map_id, mode, 1000 + i):
                    forecast(state)   # warm: the board's caches (roads, neighbours) are built once per map
                    kinds["forecast"].append(timed(lambda: forecast(state), args.repeat))
                    kinds["standing"].append(timed(lambda: standing(state), args.repeat))
                    decision = data(state).decision
                    if decision is not None and decision[0] == "action":
                        n = min(2, state.hands[state.active_seat].count(Biome.VOID))
                        if n:
                            kinds["preview (Void cards only)"].append(
                                timed(lambda: preview_void_cards(state, n), args.repeat))
    print(f"maps {' '.join(args.maps)}; {args.games} games a map and mode (solo, co-op); process CPU time")
    for name, times in kinds.items():
        report(name, times)
    return 0


if __name__ == "__main__":
    sys.exit(main())
