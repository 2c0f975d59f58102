"""`iwari --smoke solo`: a solo game against the Void, headless, from the menu to a loaded save.

Menu → Solo → setup → a complete game played by seeded random gestures through the controller
(the Void action, the Void's ties, the Void's steps shown one by one) → the end screen → save into
a slot through the pause menu → load that save. Prints one line and returns 0, or names the step
that failed and returns 1. It writes into a temporary data folder unless IWARI_DATA_DIR is set.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .smoke import SMOKE_MAP, SmokeRun, _expect, open_from_menu, run_headless, save_and_reload


def run_solo_smoke(make_app: Callable[..., Any], size: tuple[int, int] = (1280, 720), seed: int = 7, quiet: bool = False) -> int:
    def body(run: SmokeRun, app) -> str:
        from iwari_desktop.engine.core.config import GameMode
        from ..board.board import BoardScene
        from ..setup.setup_mode import ModeSetupScene
        from .solo_driver import play_void_game
        from ..solo.void_end import VoidEndScene

        run.step = "menu"
        failure = "Solo did not open the solo setup screen"
        setup = open_from_menu(app, "solo", ModeSetupScene, failure)
        _expect(setup.model.mode is GameMode.SOLO, failure)

        run.step = "setup"
        _expect(SMOKE_MAP in setup.maps, f"map {SMOKE_MAP} is not offered for solo")
        setup.pick_map(SMOKE_MAP)
        _expect(setup.start(seed=seed), f"the setup was refused: {setup.error}")
        board = app.stack.find(BoardScene)
        _expect(board is not None, "Start did not open the board")
        controller = board.controller
        app.step(0)

        run.step = "play"
        counts = play_void_game(app, board, seed, VoidEndScene)
        _expect(controller.over, f"the game did not finish within {counts.limit} gestures")
        _expect(counts.sequences >= 1, "no Void steps were shown")

        run.step = "end"
        end = app.stack.top
        _expect(isinstance(end, VoidEndScene), "the end screen did not open")
        result = controller.state.result
        end.back()
        app.step(0)

        run.step = "save and load"
        _expect(app.stack.top is board, "Back did not return to the board")
        loaded, path = save_and_reload(app, board)
        _expect(loaded.controller.state.config.mode is GameMode.SOLO, "the loaded game is not a solo game")

        verdict = "won" if result.won else "lost"
        return (f"smoke solo ok: {controller.state.board.name}, seed {seed}, {controller.state.turn} turns, "
                f"{len(controller.game.log)} actions, {counts.sequences} Void sequences, {verdict} ({result.end}); "
                f"saved and loaded {path.name}; {app.frames} frames in {run.seconds():.1f} s; "
                f"language {app.language}")

    return run_headless("smoke solo", body, make_app, size, quiet)
