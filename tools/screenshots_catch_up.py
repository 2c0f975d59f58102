"""Screenshots of what playtest D6, D8 and D9 fixed, for docs/screenshots and for looking at them.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/screenshots_catch_up.py [--lang de] [--size 1920x1080]

- `handoff-meanwhile.png`: six tribes on The Void, people in the first and the last seat, four computers
  between them; the laptop comes back to the last seat and the handoff says what happened since its last turn;
- `replay-step.png`: Watch the game at the last step of a solo game the Void won, "This move" holding the
  whole count (it scrolls), and `replay-step-end.png` scrolled to its end;
- `history-reason.png`: History, a kept game whose moves no longer match its checksum, and the dialog saying why;
- `board-6p-void-start.png`: six tribes on The Void, one person (Aiyana) among five computers (Easy, Normal,
  Hard, Normal, Hard), at her first turn: the compact six-tribe panel with each computer's level, and the
  rings on the pieces the five put down before her.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.screenshots import screenshot_run, shooter  # noqa: E402
from tools.screenshots_replay import finished  # noqa: E402

PEOPLE_AND_COMPUTERS = [("Aiyana", None), ("Bodhi", "easy"), ("Chenoa", "normal"), ("Dakota", "hard"),
                        ("Elsu", "easy"), ("Kiona", None)]


ONE_PERSON_FIVE_COMPUTERS = [("Aiyana", None), ("Bodhi", "easy"), ("Chenoa", "normal"), ("Dakota", "hard"),
                             ("Elan", "normal"), ("Kiona", "hard")]


def six_tribes(seats, seed: int, first_player: int):
    """A new six-tribe game on The Void with `seats` (name, computer level or None)."""
    from iwari_desktop.engine import BASE_FEATS, Game, GameConfig, PlayerSpec
    from iwari_desktop.engine.core.config import PLAYER_COLOURS, SIXTH_COLOUR

    colours = PLAYER_COLOURS + (SIXTH_COLOUR,)
    specs = tuple(PlayerSpec(name, colours[i], level) for i, (name, level) in enumerate(seats))
    return Game.new(GameConfig("the-void", specs, seed, BASE_FEATS, first_player=first_player))


def aiyanas_first_turn():
    """Aiyana's first turn, the five computers before her played by a quick bot."""
    from iwari_desktop.engine.bots.registry import make_bot

    game = six_tribes(ONE_PERSON_FIVE_COMPUTERS, 11, first_player=1)
    bot = make_bot("easy", 11)
    while not (game.state.active_seat == 0 and game.state.phase.value == "main"):
        game.play(bot.choose(game.state))
    return game


def back_to_the_last_seat():
    """The six-tribe game just before the last seat's second turn (every seat played by a quick bot)."""
    from iwari_desktop.engine.bots.registry import make_bot

    game = six_tribes(PEOPLE_AND_COMPUTERS, 7, first_player=0)
    bot = make_bot("easy", 7)
    last = len(PEOPLE_AND_COMPUTERS) - 1
    while not (game.state.active_seat == last and game.state.turns_taken[last] >= 1
               and game.state.phase.value == "main"):
        game.play(bot.choose(game.state))
    return game


def main(argv: list[str] | None = None) -> int:
    args, (w, h), suffix, out = screenshot_run(__doc__.splitlines()[0], argv)

    from datetime import datetime, timezone

    from iwari_desktop import history_store
    from iwari_desktop.app import App
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.history.history_scene import HistoryScene
    from iwari_desktop.scenes.history.replay_scene import watch

    app = App(size=(w, h), fullscreen=False, headless=False)
    app.step(0)
    shot = shooter(app, out, suffix)

    board = BoardScene(app, back_to_the_last_seat(), autosave=False)
    app.stack.push(board)
    app.step(0)
    assert app.stack.top.name == "handoff", app.stack.top.name
    shot("handoff-meanwhile")
    app.stack.pop()
    app.stack.pop()

    start = BoardScene(app, aiyanas_first_turn(), autosave=False)
    app.stack.push(start)
    app.step(0)
    assert app.stack.top is start, app.stack.top.name   # one person among computers: no handoff
    shot("board-6p-void-start")
    app.stack.pop()

    solo = finished("new-horizons", [("Aiyana", None)], 3, "solo")
    scene = watch(app, solo, "New Horizons · Aiyana")
    scene.to_end()
    shot("replay-step")
    scene.scroll_move(-10_000)
    shot("replay-step-end")
    scene.close()

    history_store.record_game(solo, now=datetime(2026, 11, 26, 19, 30, tzinfo=timezone.utc))
    path = history_store.history_path()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["games"][0]["save"]["digest"] = "0" * 64
    path.write_text(json.dumps(data), encoding="utf-8")
    screen = HistoryScene(app)
    app.stack.push(screen)
    screen.watch_selected()
    shot("history-reason")
    app.pg.quit()
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
