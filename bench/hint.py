"""How long the solo/co-op Hint thinks (issue #20 part 3): the Expert's decision plus its reason, per hint.

    nice -n 15 .venv/bin/python bench/hint.py --maps glacial-mass,long-road --seed 91000 --games 2 --every 4

The positions are those of seeded games the solo bot plays (solo and co-op), every `--every`-th decision
where the seat has a choice; at each one a fresh `hints.Adviser` (as the Hint button builds it: the Expert,
timed, `EXPERT_HINT_BUDGET`) answers on a worker thread, like `computer_turns.Thinker`. Printed: the CPU
time of that thread (what the budget counts, `time.thread_time`) and the wall-clock time, median and worst,
by phase (VOID-ACTION: the Void action, the rest of MODULE: the tie choices), against `HINT_CAP`. With
`--fixed` the Expert searches its fixed `WORLDS` instead (selfplay's mode): the CPU a searched decision costs
whatever the machine's load. Not a timed test: the figures go to docs/ai.md with this command.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iwari_desktop.engine.bots.solo import SoloBot  # noqa: E402
from iwari_desktop.engine.core.config import GameConfig, GameMode  # noqa: E402
from iwari_desktop.engine.core.rules import apply, legal_actions  # noqa: E402
from iwari_desktop.engine.core.setup import new_game  # noqa: E402
from iwari_desktop.engine.core.state import GameState, Phase  # noqa: E402
from iwari_desktop.engine.maps.registry import get_board  # noqa: E402
from iwari_desktop.engine.rulesets.solo.data import data  # noqa: E402
from iwari_desktop.scenes.board.hints import EXPERT_HINT_BUDGET, HINT_CAP, Adviser  # noqa: E402


def positions(map_id: str, mode: GameMode, seed: int, every: int, k: int | None = None) -> list[GameState]:
    """Every `every`-th decision with a choice in the solo bot's seeded game (`k`: the chapter's K, else the
    rulebook's; from K = 5 on the Expert also asks greedy's turn, bots/expert.py's K gate)."""
    players = 1 if mode is GameMode.SOLO else 2
    options = {} if k is None else {"k": k}
    state = new_game(GameConfig.quick(map_id, players, seed, mode=mode, options=options), get_board(map_id))
    bot, found, step = SoloBot(seed), [], 0
    while not state.is_terminal():
        options = legal_actions(state)
        if len(options) > 1:
            if step % every == 0:
                found.append(state.clone())
            step += 1
        apply(state, bot.choose(state, options))
    return found


def phase_name(state: GameState) -> str:
    """The phase's name, the Void action told apart from the other Void decisions (MODULE)."""
    if state.phase is Phase.MODULE and (data(state).decision or [None])[0] == "action":
        return "VOID-ACTION"
    return state.phase.name


def timed_hint(state: GameState, seed: int, fixed: bool) -> tuple[float, float]:
    """(thread CPU, wall) seconds of one hint worked out on its own thread."""
    out: dict[str, float] = {}

    def run() -> None:
        cpu, wall = time.thread_time(), time.perf_counter()
        adviser = Adviser(True, seed)
        if fixed:
            adviser.bot.budget = None
        adviser.choose(state.clone())
        out["cpu"], out["wall"] = time.thread_time() - cpu, time.perf_counter() - wall

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return out["cpu"], out["wall"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--maps", default="glacial-mass,long-road")
    parser.add_argument("--seed", type=int, default=91000)
    parser.add_argument("--games", type=int, default=2, help="games per map and mode")
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--fixed", action="store_true", help="the Expert's fixed worlds instead of the app's budget")
    parser.add_argument("--k", type=int, default=None, help="the K the games are played for (default: the rulebook's)")
    args = parser.parse_args(argv)
    by_phase: dict[str, list[tuple[float, float]]] = {}
    for map_id in args.maps.split(","):
        for mode in (GameMode.SOLO, GameMode.COOP):
            for i in range(args.games):
                for state in positions(map_id, mode, args.seed + i, args.every, args.k):
                    by_phase.setdefault(phase_name(state), []).append(timed_hint(state, args.seed + i, args.fixed))
    everything = [t for times in by_phase.values() for t in times]
    budget = "fixed worlds" if args.fixed else f"search budget {EXPERT_HINT_BUDGET} s"
    print(f"hints: {len(everything)}; Expert {budget}, cap {HINT_CAP} s")
    for name, times in sorted(by_phase.items()) + [("all", everything)]:
        cpu, wall = [c for c, _ in times], [w for _, w in times]
        print(f"{name:8} n={len(times):3}  CPU median {statistics.median(cpu):.2f} s worst {max(cpu):.2f} s"
              f"  wall median {statistics.median(wall):.2f} s worst {max(wall):.2f} s"
              f"  over the cap (CPU): {sum(c > HINT_CAP for c in cpu)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
