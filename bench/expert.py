"""Strength of a players'-side bot against the Void (issue #20): games to the natural end, verdicts and tally.

    nice -n 15 .venv/bin/python bench/expert.py --bot expert --solo-games 60 --coop-games 30 --workers 2

Every game is played to its natural end for one K (`selfplay --to-end`, cli/selfplay_to_end.py): a
territory once counted never changes hands, so the verdicts at several K and the Void's final tally come
from the same games. Solo games are played for K = 3 and read at K = 3, 4, 5; co-op games for K = 1
and read at K = 1, 3, 4. An outright Void win (a big Void settlement, the fifth totem on the purple
centre, the ruin spaces, the purple road) is a tally of 12, lost at every K. `--check-k4 N` also plays
N solo games a map *for* K = 4, to compare their verdict with the K = 4 verdict read off the K = 3 games.

Game i of a map is seed S + i, exactly the game `selfplay --mode solo --map M --seed S+i --k 3 --to-end
--bot B` plays. Each figure is printed with its sample size and a 95 % interval (Wilson for rates, a
normal interval for the mean tally), plus the CPU time of the games and the bot's time per player turn
(CPU of the process, median and worst). Not a timed test: strength figures go to docs/ai.md.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import statistics
import sys
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iwari_desktop.engine.cli.selfplay import bot_seeds  # noqa: E402
from iwari_desktop.engine.cli.selfplay_to_end import GAME_K, PlayingFor, tally  # noqa: E402
from iwari_desktop.engine.cli.vs_void import VS_VOID_BOTS  # noqa: E402
from iwari_desktop.engine.cli.workers import Progress, ordered_map  # noqa: E402
from iwari_desktop.engine.core.config import GameConfig, GameMode  # noqa: E402
from iwari_desktop.engine.core.rules import apply, legal_actions  # noqa: E402
from iwari_desktop.engine.core.setup import new_game  # noqa: E402
from iwari_desktop.engine.maps.registry import get_board  # noqa: E402
from iwari_desktop.engine.rulesets.solo.data import VOID, data  # noqa: E402

LOSS_KINDS = ("corruption", "filled", "end")
MAPS = ("new-horizons", "glacial-mass", "long-road")
SOLO_KS = (3, 4, 5)
COOP_KS = (1, 3, 4)
Z = 1.96


@dataclass(frozen=True)
class Played:
    """One game's figures, small enough to come back from a worker."""

    map_id: str
    mode: str
    seed: int
    play_for: int
    tally: int
    turns: int
    cpu: float
    turn_cpu: tuple[float, ...]    # the bot's CPU time per player turn
    lost_by: tuple[int, int, int]  # Void territories counted by a Corruption, by a filled territory, at the end


def play(bot: str, map_id: str, mode: str, play_for: int, seed: int) -> Played:
    """One game to its natural end for `play_for`, timing each player turn's decisions (process CPU time)."""
    logging.getLogger("pytmx.util_pygame").disabled = True
    board = get_board(map_id)
    game_mode = GameMode(mode)
    n = 1 if game_mode is GameMode.SOLO else 2
    start = time.process_time()
    config = GameConfig.quick(board.map_id, n, seed, mode=game_mode, options={"k": GAME_K})
    state = new_game(config, board)
    bots = [PlayingFor(VS_VOID_BOTS[bot](s), play_for) for s in bot_seeds(seed, n)]
    per_turn: dict[int, float] = {}
    while not state.is_terminal():
        turn = sum(state.turns_taken)
        before = time.process_time()
        action = bots[state.active_seat].choose(state, legal_actions(state))
        per_turn[turn] = per_turn.get(turn, 0.0) + time.process_time() - before
        apply(state, action)
    return Played(map_id, mode, seed, play_for, tally(state.result), state.result.turns,
                  time.process_time() - start, tuple(per_turn.values()), loss_anatomy(state))


def loss_anatomy(state) -> tuple[int, int, int]:
    """Where the Void's territories came from (issue #20's loss anatomy): a Corruption's count, a territory
    filled to its last space, the final count."""
    whens = [c.when for c in data(state).claims.values() if c.side == VOID]
    return tuple(whens.count(when) for when in LOSS_KINDS)


def wilson(wins: int, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)


def summary(games: list[Played], ks: tuple[int, ...]) -> dict:
    tallies = [g.tally for g in games]
    n = len(tallies)
    mean = statistics.fmean(tallies)
    half = Z * statistics.stdev(tallies) / math.sqrt(n) if n > 1 else 0.0
    turn_cpu = sorted(t for g in games for t in g.turn_cpu)
    line = {"games": n, "mean_tally": round(mean, 2), "tally_ci95": [round(mean - half, 2), round(mean + half, 2)],
            "outright": sum(t == 12 for t in tallies), "cpu_seconds": round(sum(g.cpu for g in games), 1),
            "turn_cpu_median": round(statistics.median(turn_cpu), 3) if turn_cpu else None,
            "turn_cpu_worst": round(turn_cpu[-1], 3) if turn_cpu else None,
            "void_by": {kind: round(statistics.fmean(g.lost_by[i] for g in games), 2)
                        for i, kind in enumerate(LOSS_KINDS)}}
    for k in ks:
        wins = sum(t < k for t in tallies)
        line[f"wins_k{k}"] = wins
        line[f"rate_k{k}"] = round(wins / n, 3)
        line[f"rate_k{k}_ci95"] = list(wilson(wins, n))
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="expert", choices=sorted(VS_VOID_BOTS))
    parser.add_argument("--maps", default=",".join(MAPS))
    parser.add_argument("--solo-games", type=int, default=60)
    parser.add_argument("--coop-games", type=int, default=30)
    parser.add_argument("--check-k4", type=int, default=0, metavar="N", help="N solo games a map played for K = 4")
    parser.add_argument("--seed", type=int, default=91000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--per-game", action="store_true",
                        help="also print each game's line (for paired comparisons of two settings on the same seeds)")
    args = parser.parse_args(argv)
    jobs = []
    for map_id in args.maps.split(","):
        jobs += [(map_id, "solo", 3, args.seed + i) for i in range(args.solo_games)]
        jobs += [(map_id, "coop", 1, args.seed + i) for i in range(args.coop_games)]
        jobs += [(map_id, "solo", 4, args.seed + i) for i in range(args.check_k4)]
    start = time.perf_counter()
    results: list[Played] = []
    with Progress(len(jobs)) as progress:
        for played in ordered_map(_job, [(args.bot, *job) for job in jobs], args.workers):
            results.append(played)
            progress.step()
    groups: dict[tuple[str, str, int], list[Played]] = {}
    for played in results:
        groups.setdefault((played.map_id, played.mode, played.play_for), []).append(played)
    if args.per_game:
        for g in results:
            print(json.dumps({"map": g.map_id, "mode": g.mode, "played_for": g.play_for, "seed": g.seed, "tally": g.tally,
                              "void_by": dict(zip(LOSS_KINDS, g.lost_by)), "turns": g.turns,
                              "turn_cpu_worst": round(max(g.turn_cpu, default=0.0), 3)}), flush=True)
    for (map_id, mode, play_for), games in groups.items():
        ks = (play_for,) if play_for == 4 and mode == "solo" else (SOLO_KS if mode == "solo" else COOP_KS)
        print(json.dumps({"bot": args.bot, "map": map_id, "mode": mode, "played_for": play_for,
                          "seeds": [games[0].seed, games[-1].seed], **summary(games, ks)}), flush=True)
    for mode, ks in (("solo", SOLO_KS), ("coop", COOP_KS)):
        pooled = [g for g in results if g.mode == mode and not (mode == "solo" and g.play_for == 4)]
        if pooled:
            print(json.dumps({"bot": args.bot, "map": "all", "mode": mode, **summary(pooled, ks)}), flush=True)
    print(json.dumps({"wall_seconds": round(time.perf_counter() - start, 1), "workers": args.workers}))
    return 0


def _job(job: tuple[str, str, str, int, int]) -> Played:
    return play(*job)


if __name__ == "__main__":
    sys.exit(main())
