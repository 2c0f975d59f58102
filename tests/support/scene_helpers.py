"""Shared helpers for the scene tests: synthetic input, a quick game, a board after its handoff.

The headless App itself is the `app` fixture of tests/conftest.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from iwari_desktop.engine import BASE_FEATS, Game, GameConfig, PlayerSpec
from iwari_desktop.engine.core.config import PLAYER_COLOURS
from iwari_desktop.engine.maps.registry import bundled_map_ids

MAP_ID = "new-horizons"


def map_id() -> str:
    ids = bundled_map_ids()
    assert MAP_ID in ids, f"the scene tests play on {MAP_ID}, which is not installed (maps: {ids})"
    return MAP_ID


def make_game(players: int = 3, seed: int = 5, **kwargs) -> Game:
    specs = tuple(PlayerSpec(name, PLAYER_COLOURS[i]) for i, name in enumerate(["Ann", "Ben", "Cat", "Dan", "Eve"][:players]))
    return Game.new(GameConfig(map_id(), specs, seed, kwargs.pop("feats", BASE_FEATS), **kwargs))


def board_after_handoff(app, game: Game):
    """`game` started on a board with its first handoff taken and anything shown over the board closed."""
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, game)
    board = app.stack.find(BoardScene)
    board.controller.accept_handoff()
    while app.stack.top is not board:
        app.stack.pop()
    return board


def load_bad_save(app, name: str, text: str):
    """From the menu, Load a save file `name` written with `text` (a broken one); returns the dialog shown and
    the file's bytes before loading (a bad file must be left as it was)."""
    from iwari_desktop import storage
    from iwari_desktop.scenes.ui.dialogs import DialogScene

    path = storage.saves_dir() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    before = path.read_bytes()
    press(app, app.stack.top.buttons["load"])
    loader = app.stack.top
    loader.select(path)
    press(app, loader.load_button)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    return dialog, before


def close_window() -> None:
    """`pygame.quit()` for a test that closes its own window: the queued events are taken and pygame-gui's
    default manager forgotten first, or they keep their App in memory for good (tests/support/window_closer.py)."""
    from window_closer import let_go_of_apps

    let_go_of_apps()
    pygame.quit()


@contextmanager
def frames_at_checkpoints(app) -> Iterator:
    """Inside: the app runs every event, update and scene change as usual but draws no frame, except when
    the test calls the function yielded (one frame now, for a check that reads what is drawn); on the way
    out one frame is drawn. For play-throughs whose frames in between are not what the test checks: a
    frame costs ~20 ms (nine tenths of a gesture), and the smoke runs still draw every one."""
    real = app.draw
    app.draw = lambda: None          # shadows App.draw for this app only; `app.dirty` stays set meanwhile
    try:
        yield real
    finally:
        del app.draw
    app.draw()


def send(app, *events: pygame.event.Event) -> None:
    """Feed synthetic events through the app exactly like real ones, then run one loop step."""
    for event in events:
        app.process_event(event)
        app.manager.update(0.01)
    app.step(0)


def key(app, k: int, mod: int = 0) -> None:
    send(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def click(app, pos: tuple[int, int]) -> None:
    pos = (int(pos[0]), int(pos[1]))
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def press(app, widget) -> None:
    """Click a pygame-gui widget in the middle."""
    click(app, widget.rect.center)


def find_button(scene, text: str):
    for widget in scene.widgets:
        if getattr(widget, "text", None) == text:
            return widget
    raise AssertionError(f"no button {text!r} in {scene.name}: {[getattr(w, 'text', '?') for w in scene.widgets]}")


def inside(board_view, territory: int) -> tuple[int, int]:
    """A screen point inside a territory that is not on a connection badge."""
    t = board_view.board.territories[territory]
    point = t.totem_space or board_view.board.spaces[t.tent_spaces[0]].position
    return board_view.to_screen(point)


def advance_void_game(app, board, rng) -> None:
    """One frame of a game against the Void played through its screens: a random clickable step on the
    board, the scoring walked through, the Void's steps skipped (Esc) and any other screen confirmed."""
    from iwari_desktop.scenes.selftest.solo_driver import void_step

    top = app.stack.top
    if top is board:
        void_step(board.controller, rng)
        board._after()
    elif top.name == "scoring":
        top.skip()
        top.close()
    else:
        key(app, pygame.K_ESCAPE if top.name == "void-steps" else pygame.K_RETURN)
    app.step(0)


# Five names as long as a name may be: the widest letters, a space, a digit (layout and replay tests).
LONG = ["Wwwwwwwwwwwwwwww", "Mmmmmmmmmmmmmmmm", "Greenmantle Pass", "WWWWWWWWWWWWWWW0", "Aiyana Bodhiwalk"]


def resize(app, size) -> None:
    """The window resized to `size` the way a person drags it, then one frame drawn."""
    app.screen = pygame.display.set_mode(size)
    app.on_resize(size)
    app.step(0)


def play_a_few_turns(app, turns: int = 3, seed: int = 9) -> "BoardScene":
    """A new game on the board, played by a bot through the screens until `turns` turns ended (and were autosaved).
    The frames on the way are not drawn, the board reached is (`frames_at_checkpoints`)."""
    from iwari_desktop.engine.bots.players import GreedyBot
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.board.overlays import AnnouncementOverlay, HandoffOverlay
    from iwari_desktop.scenes.selftest.smoke_driver import bot_step
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, make_game(seed=seed))
    board = app.stack.find(BoardScene)
    bot = GreedyBot(1)
    with frames_at_checkpoints(app):
        while board.controller.state.turn <= turns:
            if isinstance(app.stack.top, (HandoffOverlay, AnnouncementOverlay)):
                key(app, pygame.K_RETURN)
            else:
                bot_step(board.controller, bot)
                app.step(0)
        if isinstance(app.stack.top, HandoffOverlay):
            key(app, pygame.K_RETURN)
    return board
