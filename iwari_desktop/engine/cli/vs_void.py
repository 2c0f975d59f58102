"""Self-play against the Void (solo and co-op): the player-side bot and one game's JSON line.

`selfplay --mode solo|coop` comes here. The random bot (bots.players.RandomBot) takes every decision,
the Void's tie choices included. `VoidGreedyBot` (`bots/void_greedy.py`) is the measuring stick for
campaign difficulty: the players' side one decision ahead, by the plan value.

Each game's line: `{"seed", "map", "mode", "players", "k", "result": "win"|"loss", "void_territories",
"end", "reason", "turns", "corruptions", "decisions"}`; the last line adds `win_rate` to the speed line.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from iwari_desktop.engine.bots.registry import VS_VOID_LEVELS
from iwari_desktop.engine.bots.void_greedy import VoidGreedyBot
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.cli.selfplay import PlayedGame, bot_seeds, play_out
from iwari_desktop.engine.cli.selfplay_to_end import GAME_K, PlayingFor, to_end_fields
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.maps.board import Board

VS_VOID_BOTS = {**VS_VOID_LEVELS, "greedy": VoidGreedyBot}   # `solo`: bots/solo.py


@dataclass
class VoidGame(PlayedGame):
    """A finished game against the Void; its JSON line is the one in the module docstring (a game played
    to its end for a K, `play_for`, adds `to_end`, `tally` and `outright`: cli/selfplay_to_end.py)."""

    play_for: int | None = None

    def to_json(self, seed: int) -> dict[str, Any]:
        s = self.state
        outcome = s.result
        line = {"seed": seed, "map": s.board.map_id, "mode": s.config.mode.value, "players": s.n_players,
                "k": outcome.k, "result": "win" if outcome.won else "loss",
                "void_territories": outcome.void_territories, "end": outcome.end, "reason": outcome.reason,
                "turns": outcome.turns, "corruptions": outcome.corruptions, "decisions": self.decisions}
        if self.play_for is not None:
            line.update(to_end_fields(outcome, self.play_for))
        return line


def play_vs_void_on(map_arg: str, mode: GameMode, seed: int, **kwargs: Any) -> VoidGame:
    """`play_vs_void` on the map `map_arg` names (loaded once per process): what a worker process is sent."""
    from iwari_desktop.engine.cli.selfplay import load_board_for
    return play_vs_void(load_board_for(map_arg), mode, seed, **kwargs)


def play_vs_void(board: Board, mode: GameMode, seed: int, bot: str = "random", k: int | None = None,
                 auto_ties: bool = False, max_decisions: int = 200_000, to_end: bool = False) -> VoidGame:
    """Set up and play one game against the Void; times setup plus play. `to_end`: on past K to the
    natural end, the bots playing for K (cli/selfplay_to_end.py)."""
    n = 1 if mode is GameMode.SOLO else 2
    play_for = (k if k is not None else (3 if mode is GameMode.SOLO else 1)) if to_end else None
    options: dict[str, Any] = {}
    if k is not None:
        options["k"] = k
    if play_for is not None:
        options["k"] = GAME_K
    if auto_ties:
        options["auto_void_ties"] = True
    config = GameConfig.quick(board.map_id, n, seed, mode=mode, options=options)
    start = time.perf_counter()
    state = new_game(config, board)
    bots = [VS_VOID_BOTS[bot](s) for s in bot_seeds(seed, n)]
    if play_for is not None:
        bots = [PlayingFor(b, play_for) for b in bots]
    decisions = play_out(state, bots, seed, max_decisions)
    return VoidGame(state, decisions, time.perf_counter() - start, play_for)
