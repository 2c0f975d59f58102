"""CPU per decision of the Hard and Expert levels with a fixed amount of search, on any tree's engine (issue #32).

    .venv/bin/python bench/decision_cpu.py                          # this tree's engine
    .venv/bin/python bench/decision_cpu.py --engine /tmp/parent     # another tree's (e.g. `git archive` of a commit)

Why fixed work: Hard thinks until its time budget is spent, so its seconds per decision say nothing of the
engine's speed; with `iterations` fixed (`--hard-iterations`, simulations per decision) its CPU per decision
does, and its choices stay the same from tree to tree (a digest is printed, which must match). The Expert
(solo, long-road seed 91000, K=3 to the end, as bench/expert_speed.py) has no budget: its first `--expert-turns`
player turns are timed as they are. Both: CPU time of the process, decisions with at least two options only,
and the move digest. Many of Hard's decisions are quick (a draw it need not search), so the
mean and the total are the figures, not the median.
"""

from __future__ import annotations

import argparse
import hashlib
import logging
import statistics
import sys
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default=str(Path(__file__).resolve().parent.parent),
                        help="root of the tree whose iwari_desktop is measured (default this one)")
    parser.add_argument("--hard-iterations", type=int, default=150)
    parser.add_argument("--hard-decisions", type=int, default=12)
    parser.add_argument("--expert-turns", type=int, default=1)
    args = parser.parse_args(argv)
    sys.path.insert(0, args.engine)
    logging.getLogger("pytmx.util_pygame").disabled = True
    from iwari_desktop.engine.bots.hard import HardBot
    from iwari_desktop.engine.bots.normal import NormalBot
    from iwari_desktop.engine.cli.selfplay import bot_seeds
    from iwari_desktop.engine.cli.selfplay_to_end import GAME_K, PlayingFor
    from iwari_desktop.engine.cli.vs_void import VS_VOID_BOTS
    from iwari_desktop.engine.core.config import GameConfig, GameMode
    from iwari_desktop.engine.core.rules import apply, legal_actions
    from iwari_desktop.engine.core.setup import new_game
    from iwari_desktop.engine.maps.registry import get_board

    def timed(state, bots, measured, limit):
        digest, cpu = hashlib.sha256(), []
        while not state.is_terminal() and limit(cpu, state):
            options = legal_actions(state)
            start = time.process_time()
            action = bots[state.active_seat].choose(state, options)
            if state.active_seat == measured and len(options) > 1:
                cpu.append(time.process_time() - start)
            digest.update(str(action).encode() + b"\n")
            apply(state, action)
        return cpu, digest.hexdigest()[:16]

    board = get_board("new-horizons")
    seeds = bot_seeds(0, 3)
    bots = [HardBot(seeds[0], iterations=args.hard_iterations), NormalBot(seeds[1]), NormalBot(seeds[2])]
    cpu, digest = timed(new_game(GameConfig.quick("new-horizons", 3, 0), board), bots, 0,
                        lambda cpu, state: len(cpu) < args.hard_decisions)
    print(f"engine {args.engine}")
    print(f"hard ({args.hard_iterations} simulations): {len(cpu)} decisions, CPU {sum(cpu):.2f} s, "
          f"mean {statistics.mean(cpu):.3f} s per decision; moves {digest}")
    board = get_board("long-road")
    state = new_game(GameConfig.quick("long-road", 1, 91000, mode=GameMode.SOLO, options={"k": GAME_K}), board)
    bots = [PlayingFor(VS_VOID_BOTS["expert"](s), 3) for s in bot_seeds(91000, 1)]
    cpu, digest = timed(state, bots, 0, lambda cpu, state: sum(state.turns_taken) < args.expert_turns)
    print(f"expert ({args.expert_turns} turns): {len(cpu)} decisions, CPU {sum(cpu):.2f} s, "
          f"mean {statistics.mean(cpu):.3f} s per decision; moves {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
