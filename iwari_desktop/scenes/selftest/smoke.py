"""`iwari --smoke`: the whole application, headless, from the menu to a loaded save.

Menu → setup → a complete bot game played through the same controller a person's clicks use
(including handoff screens and the half-journey scoring) → final scoring → save into a slot
through the save screen → load that save through the load screen. Prints one line and returns 0,
or names the step that failed and returns 1. It writes into a temporary data folder unless
IWARI_DATA_DIR is set, so it never touches a player's saves.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
import traceback
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from .smoke_driver import SmokeFailure  # noqa: F401  (raised by the drivers too; reported here)

SMOKE_MAP = "new-horizons"
SMOKE_NAMES = ("Ada", "Bo", "Cy", "Di", "Ed")


def _expect(condition: bool, what: str) -> None:
    if not condition:
        raise SmokeFailure(what)


FOLDER_ENVS = ("IWARI_DATA_DIR", "IWARI_CONFIG_DIR", "IWARI_CACHE_DIR")


@contextmanager
def headless_with_temporary_folders() -> Iterator[None]:
    """No window, no sound device, and data folders the caller did not set go to a fresh temp folder,
    so a smoke run never touches a player's saves or settings. On the way out the temp folder is
    removed and the variables set for it are unset: a smoke run leaves nothing in the temp directory."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    unset = [env for env in FOLDER_ENVS if not os.environ.get(env)]
    tmp = tempfile.mkdtemp(prefix="iwari-smoke-") if unset else None
    try:
        for env in unset:
            os.environ[env] = os.path.join(str(tmp), env.split("_")[1].lower())
        yield
    finally:
        for env in unset:
            os.environ.pop(env, None)
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


def report_failure(label: str, step: str, error: Exception) -> int:
    """One line naming the step that failed (the traceback only with IWARI_SMOKE_TRACE); exit code 1."""
    detail = str(error) if isinstance(error, SmokeFailure) else f"{type(error).__name__}: {error}"
    print(f"{label} FAILED at step '{step}': {detail}", file=sys.stderr)
    if os.environ.get("IWARI_SMOKE_TRACE"):
        traceback.print_exc()
    return 1


@dataclass
class SmokeRun:
    """One headless smoke run: the step it is at (named if it fails), its clock and its app.

    A runner's body moves `step` on as it goes; `run_headless` owns the rest, so every smoke run
    reports the same way."""

    size: tuple[int, int]
    make_app: Callable[..., Any]          # the App class, handed in by app.py (a scene never imports the app)
    step: str = "start"
    started: float = field(default_factory=time.perf_counter)
    app: Any = None

    def open_app(self) -> Any:
        """A fresh headless App that has drawn its first frame. An app already open is closed first:
        opening again on the same data folders is a restart (the campaign smoke checks what survives one)."""
        if self.app is not None:
            self.app.close()
        self.app = self.make_app(size=self.size, fullscreen=False, headless=True)
        self.app.step(0)
        return self.app

    def seconds(self) -> float:
        return time.perf_counter() - self.started


def run_headless(label: str, body: Callable[[SmokeRun, Any], str], make_app: Callable[..., Any],
                 size: tuple[int, int] = (1280, 720), quiet: bool = False) -> int:
    """What every `--smoke` run shares: headless with temporary folders, an app opened at the menu,
    `body(run, app)` returning the one-line summary, printed unless `quiet`; 0. Any exception is
    reported in one line naming `run.step` (`report_failure`); 1."""
    with headless_with_temporary_folders():
        run = SmokeRun(size, make_app)
        try:
            app = run.open_app()
            summary = body(run, app)
            if not quiet:
                print(summary)
            return 0
        except Exception as error:  # report the step, never a bare traceback
            return report_failure(label, run.step, error)
        finally:
            if run.app is not None:
                run.app.close()  # its pictures go with it: the next app in this process starts clean


def open_from_menu(app, entry: str, kind: type, failure: str) -> Any:
    """Choose `entry` on the main menu (the top scene) and return the scene it opened, which must be
    a `kind`; otherwise SmokeFailure(`failure`)."""
    app.stack.top.choose(entry)
    app.step(0)
    scene = app.stack.top
    _expect(isinstance(scene, kind), failure)
    return scene


def start_bot_game(app, run: SmokeRun, players: int, seed: int) -> Any:
    """Menu → New game → SMOKE_MAP with `players` named seats → Start; returns the board scene.
    `run.step` is "setup" once the setup screen is open."""
    from ..board.board import BoardScene
    from ..setup.setup import SetupScene

    setup = open_from_menu(app, "new", SetupScene, "New game did not open the setup screen")
    run.step = "setup"
    _expect(SMOKE_MAP in setup.maps, f"map {SMOKE_MAP} is not installed (offered: {', '.join(setup.maps) or 'none'})")
    setup._pick_map(SMOKE_MAP)
    while len(setup.model.names) < players:
        setup._add()
    setup.set_names(list(SMOKE_NAMES[:players]))
    app.step(0)
    _expect(setup.start(seed=seed), f"the setup was refused: {setup.error}")
    board = app.stack.find(BoardScene)
    _expect(board is not None, "Start did not open the board")
    app.step(0)
    return board


def save_and_reload(app, board):
    """Save the game on `board` to slot 1 through the pause menu, load it through the menu's load
    screen, and check the loaded game's log is the saved one. Returns the loaded board and the path."""
    from ... import storage
    from ..board.board import BoardScene
    from ..load.load import LoadScene
    from ..board.overlays import PauseOverlay, SaveOverlay

    board.open_pause()
    pause = app.stack.top
    _expect(isinstance(pause, PauseOverlay), "the pause menu did not open")
    pause.save()
    saver = app.stack.top
    _expect(isinstance(saver, SaveOverlay), "the save screen did not open")
    app.step(0)
    path = storage.slot_path(saver.slot)   # the slot the save screen chose: the first free one, or this game's
    _expect(saver.save(), "saving failed")
    _expect(path.is_file(), f"{path} was not written")
    log = [str(a) for a in board.controller.game.log]
    app.stack.top.quit_to_menu() if isinstance(app.stack.top, PauseOverlay) else None  # type: ignore[union-attr]
    loader = open_from_menu(app, "load", LoadScene, "Load game did not open the load screen")
    loader.select(path)
    if not loader.load():
        dialog = app.stack.top
        raise SmokeFailure(f"the save could not be loaded: {getattr(dialog, 'message', 'no reason given')}")
    loaded = app.stack.find(BoardScene)
    _expect(loaded is not None and [str(a) for a in loaded.controller.game.log] == log,
            "the loaded game differs from the saved one")
    return loaded, path


def run_smoke(make_app: Callable[..., Any], size: tuple[int, int] = (1280, 720), players: int = 3, seed: int = 7, quiet: bool = False) -> int:
    def body(run: SmokeRun, app) -> str:
        from iwari_desktop.engine.bots.players import GreedyBot
        from ..scoring.scoring import ScoringScene
        from .smoke_driver import play_to_final_scoring
        from .smoke_sound import MIN_CUE_KINDS, refuse_then_exchange, sound_line

        _expect(app.frames == 1, "the menu did not draw")
        run.step = "menu"
        board = start_bot_game(app, run, players, seed)
        controller = board.controller
        run.step = "refusal and exchange"
        refuse_then_exchange(app, board)

        run.step = "play"
        counts = play_to_final_scoring(app, board, GreedyBot(seed))
        _expect(controller.over, f"the game did not finish within {counts.limit} gestures")
        _expect(counts.handoffs >= 2, "no handoff screens were shown")
        _expect(counts.announcements >= 2, "the deck running out and the end of the journey were not announced")

        run.step = "scoring"
        scoring = app.stack.top
        _expect(isinstance(scoring, ScoringScene) and scoring.final, "the final scoring did not open")
        while not scoring.at_table:
            scoring.go(scoring.step + 1)
            app.step(0)
        result = controller.state.result
        _expect(result is not None, "the game has no result")
        scoring.close()
        app.step(0)

        run.step = "save and load"
        _expect(app.stack.top is board, "closing the scoring did not return to the board")
        loaded, path = save_and_reload(app, board)
        app.step(0)
        run.step = "sound"
        sound = sound_line(app, MIN_CUE_KINDS)

        names = [controller.tribe_name(t) for t in result.winners]
        winner = "players lose to the Third tribe" if result.players_lose else (
            f"winner {' & '.join(names)} ({result.totals[result.winners[0]]} pts)")
        return (f"smoke ok: {controller.state.board.name}, seed {seed}, {players} players, {controller.state.turn} turns, "
                f"{len(controller.game.log)} actions, {counts.handoffs} handoffs, {len(controller.state.reports)} "
                f"scorings, {winner}; saved and loaded {path.name}; {app.frames} frames in "
                f"{run.seconds():.1f} s; sound: {sound}; language {app.language}")

    return run_headless("smoke", body, make_app, size, quiet)
