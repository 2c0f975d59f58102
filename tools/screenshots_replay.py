"""Screenshots of Watch the game and History & statistics, for docs/screenshots and for looking at them.

    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python tools/screenshots_replay.py [--size 1280x720]

Plays a few seeded games with the engine's bots (two multiplayer games between people and
computers, a solo game), records them in a temporary history, then saves `replay.png` (a move
lit mid-game, hands shown), `replay-start.png`, `history.png` (the games), `history-players.png`,
`history-versus.png` and `history-levels.png`; at another size the names end in `-<size>`.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.screenshots import screenshot_run  # noqa: E402


def finished(map_id: str, names: list[tuple[str, str | None]], seed: int, mode: str = "multiplayer"):
    """A game played to its end by bots; `names` are (name, computer level or None) per seat."""
    from iwari_desktop.engine.bots.registry import make_bot, make_vs_void_bot
    from iwari_desktop.engine.core.config import BASE_FEATS, PLAYER_COLOURS, GameConfig, GameMode, PlayerSpec
    from iwari_desktop.engine.core.game import Game

    players = tuple(PlayerSpec(n, PLAYER_COLOURS[i], level) for i, (n, level) in enumerate(names))
    config = GameConfig(map_id, players, seed, BASE_FEATS if mode == "multiplayer" else frozenset(),
                        mode=GameMode(mode))
    game = Game.new(config)
    bot = make_bot("easy", seed) if mode == "multiplayer" else make_vs_void_bot("solo", seed)
    while not game.is_over():
        game.play(bot.choose(game.state))
    return game


def main(argv: list[str] | None = None) -> int:
    args, (w, h), suffix, out = screenshot_run(__doc__.splitlines()[0], argv)

    from datetime import datetime, timedelta, timezone

    from iwari_desktop import history_store
    from iwari_desktop.app import App
    from iwari_desktop.scenes.history.history_scene import HistoryScene
    from iwari_desktop.scenes.history.replay_scene import watch

    games = [
        finished("new-horizons", [("Ada", None), ("Bo", None), ("Cy", "normal")], 7),
        finished("vast-lands", [("Ada", None), ("Bo", None)], 11),
        finished("new-horizons", [("Bo", None), ("Ada", None), ("Dee", None), ("Robo", "hard")], 3),
        finished("new-horizons", [("Ada", None)], 5, "solo"),
    ]
    start = datetime(2026, 11, 20, 19, 30, tzinfo=timezone.utc)
    for i, game in enumerate(games):
        history_store.record_game(game, now=start + timedelta(hours=2 * i))

    app = App(size=(w, h), fullscreen=False, headless=False)
    app.settings.show_hands_in_replays = True
    app.step(0)
    scene = watch(app, games[0], "New Horizons · Ada, Bo, Cy")
    from iwari_desktop.engine.core.actions import Place

    middle = scene.replay.half or scene.replay.end // 2
    placed = [n for n in range(1, middle + 1) if isinstance(scene.replay.actions[n - 1], Place)]
    scene.go(placed[-1] if placed else middle)   # a move that lights its territory
    app.step(0)
    app.screenshot(out / f"replay{suffix}.png")
    scene.to_start()
    app.step(0)
    app.screenshot(out / f"replay-start{suffix}.png")
    scene.close()
    app.step(0)
    screen = HistoryScene(app)
    app.stack.push(screen)
    app.step(0)
    app.screenshot(out / f"history{suffix}.png")
    for tab in ("players", "versus", "levels"):
        screen.show(tab)
        app.step(0)
        app.screenshot(out / f"history-{tab}{suffix}.png")
    app.pg.quit()
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
