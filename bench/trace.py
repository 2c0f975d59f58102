"""Decision traces: proof that a speed change leaves every decision and every result as it was (issue #20).

    nice -n 15 .venv/bin/python bench/trace.py > /tmp/before.jsonl     # on the old tree
    nice -n 15 .venv/bin/python bench/trace.py > /tmp/after.jsonl      # on the new tree
    diff /tmp/before.jsonl /tmp/after.jsonl                              # must print nothing

Why: the engine's speed work (faster clones, cached map constants, a cheaper plan value) must not move a
single decision of any bot, for the Expert's strength figures, the campaign's calibration and every saved
replay rest on them. A game's JSON line from `selfplay` says too little (a changed decision may leave the
same score), so each game here prints the sha256 of the text of every decision in order, the number of
decisions, the final scores or the Void's tally, the game's RNG state and every bot's RNG state at the end.
Nothing timed is printed, so two runs on the same tree give the same bytes.

The games (`--set`): `quick` (seconds: random, normal, easy and the greedy measuring stick on several maps and
options, the solo bot in solo and co-op), `expert` (minutes: the Expert on long-road seeds 91000-91001 solo
for K=3 to the end, one co-op game), `all` both. Game i of a group plays exactly the game `selfplay` plays with
the same map, mode, bot and seed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iwari_desktop.engine.bots.players import BOTS  # noqa: E402
from iwari_desktop.engine.cli.selfplay import MAX_DECISIONS, bot_seeds  # noqa: E402
from iwari_desktop.engine.cli.selfplay_to_end import GAME_K, PlayingFor, tally  # noqa: E402
from iwari_desktop.engine.cli.vs_void import VS_VOID_BOTS  # noqa: E402
from iwari_desktop.engine.core.config import BASE_FEATS, GameConfig, GameMode  # noqa: E402
from iwari_desktop.engine.core.rules import apply, legal_actions  # noqa: E402
from iwari_desktop.engine.core.setup import new_game  # noqa: E402
from iwari_desktop.engine.maps.registry import get_board  # noqa: E402


@dataclass(frozen=True)
class Game:
    """One traced game: `mode` multiplayer/solo/coop; `to_end` plays a solo/co-op game on past K for K=`k`."""

    map_id: str
    mode: str
    bot: str
    seed: int
    players: int = 3
    feats: bool = False
    options: tuple[tuple[str, Any], ...] = ()
    k: int | None = None
    to_end: bool = False


QUICK = [
    *(Game("new-horizons", "multiplayer", "random", s) for s in range(5)),
    Game("new-horizons", "multiplayer", "normal", 0),
    Game("glacial-mass", "multiplayer", "normal", 1, players=2),
    Game("long-road", "multiplayer", "normal", 2, players=4),
    Game("the-void", "multiplayer", "normal", 3, players=6),
    Game("vast-lands", "multiplayer", "easy", 4, feats=True, options=(("expeditions", True), ("courage", True))),
    Game("forgotten-island", "multiplayer", "random", 5, players=4, feats=True, options=(("worship", 3),)),
    Game("uncharted-paths", "multiplayer", "normal", 6, players=3, options=(("worship", 1),)),
    Game("floating-lands", "multiplayer", "random", 7, players=5, feats=True),
    Game("long-road", "solo", "greedy", 91000, k=3, to_end=True),
    Game("glacial-mass", "solo", "greedy", 8),
    Game("new-horizons", "solo", "solo", 9),
    Game("glacial-mass", "coop", "solo", 10, k=3, to_end=True),
    Game("long-road", "coop", "greedy", 11),
    Game("new-horizons", "solo", "random", 12),
]
EXPERT = [
    Game("long-road", "solo", "expert", 91000, k=3, to_end=True),
    Game("long-road", "solo", "expert", 91001, k=3, to_end=True),
    Game("glacial-mass", "coop", "expert", 91000, k=1, to_end=True),
]
SETS = {"quick": QUICK, "expert": EXPERT, "all": QUICK + EXPERT}


def trace(game: Game) -> dict[str, Any]:
    """Play `game` as `selfplay` would and return its trace line."""
    board = get_board(game.map_id)
    options = dict(game.options)
    if game.mode == "multiplayer":
        n = game.players
        config = GameConfig.quick(board.map_id, n, game.seed, feats=BASE_FEATS if game.feats else frozenset(),
                                  options=options)
        bots = [BOTS[game.bot](s) for s in bot_seeds(game.seed, n)]
        wrapped = bots
    else:
        mode = GameMode(game.mode)
        n = 1 if mode is GameMode.SOLO else 2
        if game.k is not None:
            options["k"] = GAME_K if game.to_end else game.k
        config = GameConfig.quick(board.map_id, n, game.seed, mode=mode, options=options)
        bots = [VS_VOID_BOTS[game.bot](s) for s in bot_seeds(game.seed, n)]
        wrapped = [PlayingFor(b, game.k) for b in bots] if game.to_end else bots
    state = new_game(config, board)
    digest = hashlib.sha256()
    decisions = 0
    while not state.is_terminal():
        action = wrapped[state.active_seat].choose(state, legal_actions(state))
        digest.update(str(action).encode() + b"\n")
        apply(state, action)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"{game} did not end")
    line: dict[str, Any] = {"game": [game.map_id, game.mode, game.bot, game.seed], "decisions": decisions,
                            "actions_sha256": digest.hexdigest(), "game_rng": state.rng.state,
                            "bot_rngs": [b.rng.state for b in bots]}
    if game.mode == "multiplayer":
        line["scores"] = list(state.scores)
        line["winners"] = list(state.result.winners)
    else:
        line["void_territories"] = state.result.void_territories
        line["reason"] = state.result.reason
        if game.to_end:
            line["tally"] = tally(state.result)
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="quick", choices=sorted(SETS), help="which games (module docstring)")
    args = parser.parse_args(argv)
    logging.getLogger("pytmx.util_pygame").disabled = True
    for game in SETS[args.set]:
        print(json.dumps(trace(game)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
