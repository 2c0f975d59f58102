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

The games (`--set`): `pinned` (the 112 games of the committed trace that
tests/engine/core/test_trace_pinned.py compares byte for byte, issue #32: every map, player count, mode and
option), `quick` (seconds: random, normal, easy and the greedy measuring stick on several maps and
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
    """One traced game: `mode` multiplayer/solo/coop; `to_end` plays a solo/co-op game on past K for K=`k`;
    `draft` the draft start (B4)."""

    map_id: str
    mode: str
    bot: str
    seed: int
    players: int = 3
    feats: bool = False
    options: tuple[tuple[str, Any], ...] = ()
    k: int | None = None
    to_end: bool = False
    draft: bool = False


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


def pinned_games() -> list[Game]:
    """The 112 games of the committed trace (tests/engine/core/trace_pinned.jsonl, issue #32).

    Every map, every player count it takes (2 to its most), every multiplayer option (feats, the draft,
    expeditions, Courage, Worship 1-3 where the map allows), solo and co-op with their options (K, open
    hands, the Void's ties by rule) on every map that has them; random bots for breadth (they are cheap)
    and six games of the levels that read the state (normal, easy, the Void bots) for decisions that
    depend on more than the list's order. A few seconds, so it is a test.
    """
    from iwari_desktop.engine.maps.registry import MAP_IDS
    games: list[Game] = []
    seed = 32000
    for index, map_id in enumerate(MAP_IDS):
        most = get_board(map_id).max_players
        worship = (("worship", 2 if map_id == "the-void" else 1 + 2 * (index % 2)),)  # 2 needs contested tokens
        expeditions = () if map_id == "the-void" else (("expeditions", True),)   # the Void has no cards
        for n in range(2, most + 1):
            games.append(Game(map_id, "multiplayer", "random", seed, players=n))
            extras = [(), expeditions, (("courage", True),) + worship, expeditions + (("courage", True),) + worship,
                      worship][n - 2]
            games.append(Game(map_id, "multiplayer", "random", seed + 1, players=n, feats=n % 2 == 1,
                              options=extras, draft=n % 2 == 0))
            seed += 2
        games.append(Game(map_id, "multiplayer", "random", seed, players=3, feats=True, draft=True,
                          options=expeditions + (("courage", True),) + worship))
        if map_id == "the-void":   # multiplayer only: four more games in place of solo and co-op
            games += [Game(map_id, "multiplayer", "random", seed + 1, players=6, feats=True, draft=True,
                           options=(("courage", True),) + worship),
                      Game(map_id, "multiplayer", "random", seed + 2, players=4, draft=True, options=worship),
                      Game(map_id, "multiplayer", "random", seed + 3, players=6, options=(("worship", 3),)),
                      Game(map_id, "multiplayer", "random", seed + 4, players=5, feats=True, options=(("worship", 1),))]
        else:
            games += [Game(map_id, "solo", "random", seed + 1, k=1 + index % 4),
                      Game(map_id, "solo", "random", seed + 2, k=3, options=(("auto_void_ties", True),)),
                      Game(map_id, "coop", "random", seed + 3, k=2 + index % 3, options=(("open_hands", True),)),
                      Game(map_id, "coop", "random", seed + 4, options=(("auto_void_ties", True),))]
        seed += 5
    return games + [   # the levels that read the state
        Game("new-horizons", "multiplayer", "normal", 32900, feats=True),
        Game("glacial-mass", "multiplayer", "easy", 32901, players=2, draft=True, options=(("expeditions", True),)),
        Game("the-void", "multiplayer", "normal", 32902, players=2, options=(("worship", 2),)),
        Game("long-road", "solo", "greedy", 32903, k=3),
        Game("new-horizons", "solo", "random", 32904, k=3, to_end=True),
        Game("glacial-mass", "coop", "solo", 32905, options=(("open_hands", True),)),
    ]


SETS = {"quick": QUICK, "expert": EXPERT, "all": QUICK + EXPERT, "pinned": pinned_games()}


def config_of(game: Game) -> GameConfig:
    """The setup `selfplay` makes for `game` (a to-end game plays on past K, so its K is GAME_K)."""
    options = dict(game.options)
    if game.mode == "multiplayer":
        return GameConfig.quick(game.map_id, game.players, game.seed, draft=game.draft,
                                feats=BASE_FEATS if game.feats else frozenset(), options=options)
    mode = GameMode(game.mode)
    if game.k is not None:
        options["k"] = GAME_K if game.to_end else game.k
    return GameConfig.quick(game.map_id, 1 if mode is GameMode.SOLO else 2, game.seed, mode=mode, draft=game.draft,
                            options=options)


def trace(game: Game) -> dict[str, Any]:
    """Play `game` as `selfplay` would and return its trace line."""
    board = get_board(game.map_id)
    config = config_of(game)
    n = len(config.players)
    if game.mode == "multiplayer":
        bots = [BOTS[game.bot](s) for s in bot_seeds(game.seed, n)]
        wrapped = bots
    else:
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
