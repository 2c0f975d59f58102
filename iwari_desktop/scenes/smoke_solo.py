"""`iwari --smoke solo`: a solo game against the Void, headless, from the menu to a loaded save.

Menu → Solo → setup → a complete game played by seeded random gestures through the controller
(the Void action, the Void's ties, the Void's steps shown one by one) → the end screen → save into
a slot through the pause menu → load that save. Prints one line and returns 0, or names the step
that failed and returns 1. It writes into a temporary data folder unless IWARI_DATA_DIR is set.
"""

from __future__ import annotations

import os
import random
import time

from .smoke import (
    SMOKE_MAP, SmokeFailure, _expect, headless_with_temporary_folders, report_failure, save_and_reload,
)


def run_solo_smoke(size: tuple[int, int] = (1280, 720), seed: int = 7, quiet: bool = False) -> int:
    headless_with_temporary_folders()
    step = "start"
    started = time.perf_counter()
    try:
        from ..app import App
        from iwari_desktop.engine.core.config import GameMode
        from .board import BoardScene
        from .setup_mode import ModeSetupScene
        from .solo_driver import void_step
        from .void_end import VoidEndScene

        app = App(size=size, fullscreen=False, headless=True)
        app.step(0)

        step = "menu"
        app.stack.top.choose("solo")  # type: ignore[union-attr]
        app.step(0)
        setup = app.stack.top
        _expect(isinstance(setup, ModeSetupScene) and setup.model.mode is GameMode.SOLO,
                "Solo did not open the solo setup screen")

        step = "setup"
        _expect(SMOKE_MAP in setup.maps, f"map {SMOKE_MAP} is not offered for solo")
        setup.pick_map(SMOKE_MAP)
        _expect(setup.start(seed=seed), f"the setup was refused: {setup.error}")
        board = app.stack.find(BoardScene)
        _expect(board is not None, "Start did not open the board")
        controller = board.controller
        app.step(0)

        step = "play"
        rng = random.Random(seed)
        gestures = sequences = counts = 0
        limit = 20_000
        while gestures < limit:
            top = app.stack.top
            if isinstance(top, VoidEndScene):
                break
            if top is board:
                void_step(controller, rng)
                board._after()
            elif top.name == "void-steps":
                sequences += 1
                top.finish()
            elif top.name == "scoring":
                counts += 1
                top.skip()
                app.step(0)
                top.close()
            elif top.name == "announcement":
                top.acknowledge()
            else:
                raise SmokeFailure(f"unexpected screen {type(top).__name__}")
            gestures += 1
            app.step(0)
        _expect(controller.over, f"the game did not finish within {limit} gestures")
        _expect(sequences >= 1, "no Void steps were shown")

        step = "end"
        end = app.stack.top
        _expect(isinstance(end, VoidEndScene), "the end screen did not open")
        result = controller.state.result
        end.back()
        app.step(0)

        step = "save and load"
        _expect(app.stack.top is board, "Back did not return to the board")
        loaded, path = save_and_reload(app, board)
        _expect(loaded.controller.state.config.mode is GameMode.SOLO, "the loaded game is not a solo game")

        verdict = "won" if result.won else "lost"
        summary = (f"smoke solo ok: {controller.state.board.name}, seed {seed}, {controller.state.turn} turns, "
                   f"{len(controller.game.log)} actions, {sequences} Void sequences, {verdict} ({result.end}); "
                   f"saved and loaded {path.name}; {app.frames} frames in {time.perf_counter() - started:.1f} s; "
                   f"language {app.language}")
        if not quiet:
            print(summary)
        app.pg.quit()
        return 0
    except Exception as error:  # report the step, never a bare traceback
        return report_failure("smoke solo", step, error)
