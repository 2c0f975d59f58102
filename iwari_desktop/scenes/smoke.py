"""`iwari --smoke`: the whole application, headless, from the menu to a loaded save.

Menu → setup → a complete bot game played through the same controller a person's clicks use
(including handoff screens and the half-journey scoring) → final scoring → save into a slot
through the save screen → load that save through the load screen. Prints one line and returns 0,
or names the step that failed and returns 1. It writes into a temporary data folder unless
IWARI_DATA_DIR is set, so it never touches a player's saves.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback

SMOKE_MAP = "new-horizons"


class SmokeFailure(Exception):
    pass


def _expect(condition: bool, what: str) -> None:
    if not condition:
        raise SmokeFailure(what)




def headless_with_temporary_folders() -> None:
    """No window, no sound device, and data folders the caller did not set go to a fresh temp folder,
    so a smoke run never touches a player's saves or settings."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    tmp = None
    for env in ("IWARI_DATA_DIR", "IWARI_CONFIG_DIR", "IWARI_CACHE_DIR"):
        if not os.environ.get(env):
            tmp = tmp or tempfile.mkdtemp(prefix="iwari-smoke-")
            os.environ[env] = os.path.join(tmp, env.split("_")[1].lower())


def report_failure(label: str, step: str, error: Exception) -> int:
    """One line naming the step that failed (the traceback only with IWARI_SMOKE_TRACE); exit code 1."""
    detail = str(error) if isinstance(error, SmokeFailure) else f"{type(error).__name__}: {error}"
    print(f"{label} FAILED at step '{step}': {detail}", file=sys.stderr)
    if os.environ.get("IWARI_SMOKE_TRACE"):
        traceback.print_exc()
    return 1

def save_and_reload(app, board):
    """Save the game on `board` to slot 1 through the pause menu, load it through the menu's load
    screen, and check the loaded game's log is the saved one. Returns the loaded board and the path."""
    from .. import storage
    from .board import BoardScene
    from .load import LoadScene
    from .overlays import PauseOverlay, SaveOverlay

    board.open_pause()
    pause = app.stack.top
    _expect(isinstance(pause, PauseOverlay), "the pause menu did not open")
    pause.save()
    saver = app.stack.top
    _expect(isinstance(saver, SaveOverlay), "the save screen did not open")
    app.step(0)
    _expect(saver.save(), "saving failed")
    path = storage.slot_path(1)
    _expect(path.is_file(), f"{path} was not written")
    log = [str(a) for a in board.controller.game.log]
    app.stack.top.quit_to_menu() if isinstance(app.stack.top, PauseOverlay) else None  # type: ignore[union-attr]
    app.stack.top.choose("load")  # type: ignore[union-attr]
    loader = app.stack.top
    _expect(isinstance(loader, LoadScene), "Load game did not open the load screen")
    app.step(0)
    loader.select(path)
    if not loader.load():
        dialog = app.stack.top
        raise SmokeFailure(f"the save could not be loaded: {getattr(dialog, 'message', 'no reason given')}")
    loaded = app.stack.find(BoardScene)
    _expect(loaded is not None and [str(a) for a in loaded.controller.game.log] == log,
            "the loaded game differs from the saved one")
    return loaded, path


def run_smoke(size: tuple[int, int] = (1280, 720), players: int = 3, seed: int = 7, quiet: bool = False) -> int:
    headless_with_temporary_folders()
    step = "start"
    started = time.perf_counter()
    try:
        from ..app import App
        from iwari_desktop.engine.bots.players import GreedyBot
        from .board import BoardScene
        from .overlays import AnnouncementOverlay, HandoffOverlay
        from .scoring import ScoringScene
        from .setup import SetupScene
        from .smoke_driver import bot_step

        app = App(size=size, fullscreen=False, headless=True)
        app.step(0)
        _expect(app.frames == 1, "the menu did not draw")

        step = "menu"
        app.stack.top.choose("new")  # type: ignore[union-attr]
        app.step(0)
        setup = app.stack.top
        _expect(isinstance(setup, SetupScene), "New game did not open the setup screen")

        step = "setup"
        _expect(SMOKE_MAP in setup.maps, f"map {SMOKE_MAP} is not installed (offered: {', '.join(setup.maps) or 'none'})")
        setup._pick_map(SMOKE_MAP)
        while len(setup.model.names) < players:
            setup._add()
        setup.set_names(["Ada", "Bo", "Cy", "Di", "Ed"][:players])
        app.step(0)
        _expect(setup.start(seed=seed), f"the setup was refused: {setup.error}")
        board = app.stack.find(BoardScene)
        _expect(board is not None, "Start did not open the board")
        controller = board.controller
        app.step(0)

        step = "play"
        bot = GreedyBot(seed)
        handoffs = scorings = gestures = announcements = 0
        limit = 20_000
        while gestures < limit:
            top = app.stack.top
            if isinstance(top, HandoffOverlay):
                top.confirm()
                handoffs += 1
            elif isinstance(top, AnnouncementOverlay):
                top.acknowledge()
                announcements += 1
            elif isinstance(top, ScoringScene):
                scorings += 1
                if top.final:
                    break
                top.skip()
                app.step(0)
                top.close()
            elif top is board:
                if controller.over and not controller.turn_done and not controller.new_reports():
                    break
                bot_step(controller, bot)
            else:
                raise SmokeFailure(f"unexpected screen {type(top).__name__}")
            gestures += 1
            app.step(0)
        _expect(controller.over, f"the game did not finish within {limit} gestures")
        _expect(handoffs >= 2, "no handoff screens were shown")
        _expect(announcements >= 2, "the deck running out and the end of the journey were not announced")

        step = "scoring"
        scoring = app.stack.top
        _expect(isinstance(scoring, ScoringScene) and scoring.final, "the final scoring did not open")
        while not scoring.at_table:
            scoring.go(scoring.step + 1)
            app.step(0)
        result = controller.state.result
        _expect(result is not None, "the game has no result")
        scoring.close()
        app.step(0)

        step = "save and load"
        _expect(app.stack.top is board, "closing the scoring did not return to the board")
        loaded, path = save_and_reload(app, board)
        app.step(0)

        names = [controller.tribe_name(t) for t in result.winners]
        winner = "players lose to the Third tribe" if result.players_lose else (
            f"winner {' & '.join(names)} ({result.totals[result.winners[0]]} pts)")
        summary = (f"smoke ok: {controller.state.board.name}, seed {seed}, {players} players, {controller.state.turn} turns, "
                   f"{len(controller.game.log)} actions, {handoffs} handoffs, {len(controller.state.reports)} scorings, "
                   f"{winner}; saved and loaded {path.name}; {app.frames} frames in "
                   f"{time.perf_counter() - started:.1f} s; language {app.language}")

        if not quiet:
            print(summary)
        app.pg.quit()
        return 0
    except Exception as error:  # report the step, never a bare traceback
        return report_failure("smoke", step, error)
