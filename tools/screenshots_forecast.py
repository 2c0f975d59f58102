"""Screenshots of the Void's forecast on the solo board, for docs/screenshots (issue 20 part 2).

    xvfb-run -s "-screen 0 1280x720x24" .venv/bin/python tools/screenshots_forecast.py [--lang de] [--size 1280x720]

Runs the real application, plays a seeded solo game on Forgotten Island through the controller (random
legal choices from a seeded RNG, submitted by the same controller methods a click uses) until the Void
action with a Void card in hand, and saves: the board with the forecast and a lit territory's verdict
under the mouse (`solo-forecast`), and the live preview with that Void card picked (`solo-forecast-preview`:
here it makes 4 of 4, so a Corruption's counts are shown).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from screenshots import screenshot_run, shooter  # noqa: E402  (beside this file)


def main(argv: list[str] | None = None) -> int:
    def own(parser) -> None:
        parser.add_argument("--map", default="forgotten-island")
        parser.add_argument("--seed", type=int, default=5)
        parser.add_argument("--turns", type=int, default=8)

    args, (w, h), suffix, out = screenshot_run(__doc__.splitlines()[0], argv, own)

    import pygame

    from iwari_desktop.app import App
    from iwari_desktop.engine import Biome, Game, GameConfig, PlayerSpec
    from iwari_desktop.engine.core.config import PLAYER_COLOURS, GameMode
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.presenters.registry import presenter
    from iwari_desktop.scenes.selftest.smoke_driver import dismiss_screen
    from iwari_desktop.scenes.selftest.solo_driver import void_step
    from iwari_desktop.scenes.setup.setup import start_game
    from iwari_desktop.scenes.solo.void_steps import VoidStepsScene

    app = App(size=(w, h), fullscreen=False)
    shot = shooter(app, out, suffix)
    start_game(app, Game.new(GameConfig(args.map, (PlayerSpec("Aiyana", PLAYER_COLOURS[0]),), args.seed,
                                        mode=GameMode.SOLO)))
    board = app.stack.find(BoardScene)
    c = board.controller
    rng = random.Random(args.seed)
    for _ in range(8000):
        top = app.stack.top
        if dismiss_screen(top) is not None:
            pass
        elif isinstance(top, VoidStepsScene):
            top.advance()
        elif top is board and sum(c.state.turns_taken) >= args.turns and c.void_action_open() \
                and Biome.VOID in c.hand():
            break
        else:
            void_step(c, rng)
            board._after()
        app.step(0)
    assert app.stack.top is board, "the game ended before the wanted Void action"
    board.anims.clear()
    picture = presenter("solo").forecasts.get(c.state)
    territory = board.view.board.territories[picture.lit[0]]
    xs, ys = zip(*territory.polygon)
    board._hover(board.view.to_screen((sum(xs) / len(xs), sum(ys) / len(ys))))
    shot("solo-forecast")
    board._hover((5, 5))
    c.toggle_card(c.hand().index(Biome.VOID))
    board._after()
    board.anims.clear()
    shot("solo-forecast-preview")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
