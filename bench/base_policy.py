"""Strength of the Expert's play-out base policy alone (`expert_rollout.greedy_step`), a cheap proxy (issue #20).

    nice -n 15 .venv/bin/python bench/base_policy.py --maps long-road,glacial-mass --games 60 --seed 93000

Why: the Expert judges its candidate turns by play-outs to the game's end with this policy, and a whole
Expert game costs 30-60 s of CPU, so six games a setting (all a session can afford) leave ±1.5
territories of noise. The base policy plays a game in about 0.2 s, so a change to it can first be read on
a hundred games here — the Void's mean tally at the natural end, outright Void wins counted as 12, as in
bench/expert.py — before the expensive check. A stronger base policy does not always make a stronger
Expert (docs/ai.md), so this is a filter, not the verdict.

Every decision of the players' side is `greedy_step` on the real state (it is only the play-outs' policy:
it is not fair, and needs not be); the game runs with K out of the way (`selfplay --to-end`'s rule), and
the policy judges its options with that K unless `--judge-k` names another (`played` for the K played
for, 3, or one more than the Void holds once it holds 3; `held` for one more than the Void holds).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iwari_desktop.engine.bots.expert_rollout import greedy_step  # noqa: E402
from iwari_desktop.engine.cli.selfplay_to_end import GAME_K, OUTRIGHT, tally, void_held  # noqa: E402
from iwari_desktop.engine.core.config import GameConfig, GameMode  # noqa: E402
from iwari_desktop.engine.core.rules import apply, legal_actions  # noqa: E402
from iwari_desktop.engine.core.setup import new_game  # noqa: E402
from iwari_desktop.engine.maps.registry import get_board  # noqa: E402

Z = 1.96


def judged_config(state, judge_k: str):
    """The config the policy judges with: None (the world's own) or one whose K follows `judge_k`."""
    if judge_k == "world":
        return None
    held = void_held(state)
    k = max(3, held + 1) if judge_k == "played" else held + 1
    options = dict(state.config.options)
    options["k"] = min(k, GAME_K)
    return dataclasses.replace(state.config, options=options)


def play(map_id: str, seed: int, judge_k: str) -> int:
    board = get_board(map_id)
    state = new_game(GameConfig.quick(board.map_id, 1, seed, mode=GameMode.SOLO, options={"k": GAME_K}), board)
    while not state.is_terminal():
        apply(state, greedy_step(state, legal_actions(state), judged_config(state, judge_k)))
    return tally(state.result)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--maps", default="long-road,glacial-mass")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=93000)
    parser.add_argument("--judge-k", choices=("world", "played", "held"), default="world")
    args = parser.parse_args(argv)
    logging.getLogger("pytmx.util_pygame").disabled = True
    pooled: list[int] = []
    for map_id in args.maps.split(","):
        start = time.process_time()
        tallies = [play(map_id, args.seed + i, args.judge_k) for i in range(args.games)]
        pooled += tallies
        mean = statistics.fmean(tallies)
        half = Z * statistics.stdev(tallies) / math.sqrt(len(tallies)) if len(tallies) > 1 else 0.0
        print(json.dumps({"map": map_id, "games": len(tallies), "judge_k": args.judge_k, "mean_tally": round(mean, 2),
                          "tally_ci95": [round(mean - half, 2), round(mean + half, 2)],
                          "outright": tallies.count(OUTRIGHT), "cpu_seconds": round(time.process_time() - start, 1)}),
              flush=True)
    print(json.dumps({"map": "all", "games": len(pooled), "mean_tally": round(statistics.fmean(pooled), 2)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
