"""`iwari --smoke replay`: a finished game saved, then watched from its log forward and back.

Menu → setup → a complete seeded bot game through the controller → final scoring (which records the
game in the history) → save into a slot and load it → Load game → Watch the game → the replay's
Forward button clicked to the end and its Back button clicked to the start, each click a real
pygame mouse event on the button → the replayed state is compared with the original game's at the
end and with the fresh deal at the start → History & statistics lists the game, watches it and
exports it as a save. Temporary data folders; one line and 0, or the failed step and 1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .smoke import SMOKE_NAMES, SmokeRun, _expect, open_from_menu, run_headless, save_and_reload, start_bot_game


def _click(app, widget) -> None:
    """A left click in the middle of a pygame-gui button, as the mouse would make it."""
    pg = app.pg
    pos = widget.rect.center
    for event in (pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=1)):
        app.process_event(event)
        app.manager.update(0.01)
    app.step(0)


def _digest(config, state) -> str:
    from iwari_desktop.engine.core.game import Game
    from iwari_desktop.engine.files.saves import state_digest

    return state_digest(Game(config, state))


def _record_of(records, game):
    """The history's record of `game` (the data folder may hold other games, or this one from an earlier run)."""
    log = [str(a) for a in game.log]
    setup = game.config.to_json()
    return next((r for r in records if isinstance(r.save, dict) and r.save.get("actions") == log
                 and r.save.get("setup") == setup), None)


def _watch_through(app, scene, config, end_digest: str, start_digest: str) -> int:
    """Click Forward to the end and Back to the start; returns the clicks made. SmokeFailure on a mismatch."""
    clicks = 0
    while scene.step < scene.replay.end:
        before = scene.step
        _click(app, scene.buttons["forward"])
        clicks += 1
        _expect(scene.step == before + 1, f"Forward did not advance the replay (step {before})")
    _expect(_digest(config, scene.state) == end_digest, "the replayed end differs from the finished game")
    while scene.step > 0:
        before = scene.step
        _click(app, scene.buttons["back"])
        clicks += 1
        _expect(scene.step == before - 1, f"Back did not step the replay back (step {before})")
    _expect(_digest(config, scene.state) == start_digest, "the replayed start differs from the deal")
    return clicks


def run_replay_smoke(make_app: Callable[..., Any], size: tuple[int, int] = (1280, 720), players: int = 3, seed: int = 7,
                     quiet: bool = False) -> int:
    def body(run: SmokeRun, app) -> str:
        from ... import history_store
        from iwari_desktop.engine.bots.players import GreedyBot
        from iwari_desktop.engine.core.game import Game
        from ..history.history_scene import HistoryScene
        from ..load.load import LoadScene
        from ..board.overlays import PauseOverlay
        from ..history.replay_scene import ReplayScene
        from ..scoring.scoring import ScoringScene
        from .smoke_driver import play_to_final_scoring

        run.step = "setup"
        games_before = len(history_store.read_history().records)
        board = start_bot_game(app, run, players, seed)

        run.step = "play"
        counts = play_to_final_scoring(app, board, GreedyBot(seed))
        final = app.stack.top
        _expect(counts.gestures < counts.limit, f"the game did not finish within {counts.limit} gestures")
        _expect(isinstance(final, ScoringScene) and final.final, "the final scoring did not open")
        game = board.controller.game
        _expect(game.is_over(), "the game did not reach its end")
        config = game.config
        end_digest = _digest(config, game.state)
        start_digest = _digest(config, Game.new(config, game.state.board).state)
        history = history_store.read_history()
        _expect(history.problem is None and _record_of(history.records, game) is not None,
                "the final scoring did not record the game")
        fresh = games_before == 0   # a data folder with no history yet: it must now hold exactly this game
        final.skip()
        app.step(0)
        final.close()
        app.step(0)

        run.step = "save"
        loaded, path = save_and_reload(app, board)
        loaded.open_pause()
        pause = app.stack.top
        _expect(isinstance(pause, PauseOverlay), "the pause menu did not open")
        pause.quit_to_menu()
        app.step(0)

        run.step = "watch from Load game"
        loader = open_from_menu(app, "load", LoadScene, "Load game did not open")
        loader.select(path)
        app.step(0)
        _click(app, loader.watch_button)
        scene = app.stack.top
        _expect(isinstance(scene, ReplayScene), "Watch the game did not open the replay")
        _expect(scene.replay.end == len(game.log), "the replay does not hold the whole game")
        clicks = _watch_through(app, scene, config, end_digest, start_digest)
        _click(app, scene.buttons["half"])
        _expect(scene.step == scene.replay.half, "Half journey did not jump to the half-journey scoring")
        _click(app, scene.buttons["close"])
        _expect(app.stack.top is loader, "Close did not return to Load game")
        app.stack.pop()
        app.step(0)

        run.step = "history"
        screen = open_from_menu(app, "history", HistoryScene, "History & statistics did not open")
        listed = _record_of(screen.read.records, game)
        _expect(listed is not None, "the history does not list the game")
        _expect(not fresh or len(screen.read.records) == 1, "the history lists games never played")
        screen.select(listed)
        names = sorted(p.name for p in screen.stats.players)
        expected = sorted(SMOKE_NAMES[:players])
        _expect(set(expected) <= set(names) and (not fresh or names == expected), f"the statistics list {names}")
        _click(app, screen.watch_button)
        watched = app.stack.top
        _expect(isinstance(watched, ReplayScene), "Watch the game from the history did not open the replay")
        _click(app, watched.buttons["end"])
        _expect(_digest(config, watched.state) == end_digest, "the history's replay ends differently")
        _click(app, watched.buttons["close"])
        exported = screen.export_selected()
        _expect(exported is not None and exported.is_file(), "Export as save wrote no file")
        from ... import storage

        again = storage.load_save(exported)
        _expect([str(a) for a in again.log] == [str(a) for a in game.log], "the exported save holds another game")

        return (f"smoke replay ok: {game.state.board.name}, seed {seed}, {players} players, {len(game.log)} moves "
                f"watched forward to the end and back to the start in {clicks} clicks (states match), "
                f"half journey at move {scene.replay.half}; history lists {len(screen.read.records)} game(s), exported {exported.name}; "
                f"{app.frames} frames in {run.seconds():.1f} s")

    return run_headless("smoke replay", body, make_app, size, quiet)
