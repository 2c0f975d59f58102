"""Finished games for the history and replay tests: played to their end by seeded bots, seat by seat."""

from __future__ import annotations

from functools import cache

from iwari_desktop.engine.bots.registry import make_bot, make_vs_void_bot
from iwari_desktop.engine.core.config import BASE_FEATS, PLAYER_COLOURS, GameConfig, GameMode, PlayerSpec
from iwari_desktop.engine.core.game import Game


def finished_game(map_id: str = "new-horizons", names: tuple[tuple[str, str | None], ...] = (("Ann", None),
                  ("Ben", None), ("Cat", "easy")), seed: int = 5, mode: GameMode = GameMode.MULTIPLAYER,
                  bot: str = "easy", **options) -> Game:
    """A game played to its end; `names` are (name, computer level or None) per seat.

    Each caller gets its own Game, rebuilt from the log of the one game the bots played for these arguments
    in this worker (`_played`): the bots' thinking (up to ~6 s of CPU for a solo game) is paid once, not by
    every test and language that watches the same game."""
    config, log = _played(map_id, names, seed, mode, bot, tuple(sorted(options.items())))
    return Game.replay(config, list(log))


@cache
def _played(map_id: str, names: tuple[tuple[str, str | None], ...], seed: int, mode: GameMode, bot: str,
            options: tuple) -> tuple[GameConfig, tuple]:
    players = tuple(PlayerSpec(n, PLAYER_COLOURS[i], level) for i, (n, level) in enumerate(names))
    config = GameConfig(map_id, players, seed, BASE_FEATS if mode is GameMode.MULTIPLAYER else frozenset(),
                        mode=mode, options=dict(options))
    game = Game.new(config)
    player = make_bot(bot, seed) if mode is GameMode.MULTIPLAYER else make_vs_void_bot("solo", seed)
    for _ in range(5_000):
        if game.is_over():
            return config, tuple(game.log)
        game.play(player.choose(game.state))
    raise AssertionError("the bots did not finish the game")
