"""Helpers of the online-table UI tests (tests/scenes/online/test_online_table_menu.py and beside it): a table
hosted from the menu and started, the menu's entries by their words, a table remembered as if joined, the
board's hit areas (what the chat lines must not cover)."""

from __future__ import annotations

import pygame

from online_helpers import host_table, step_until
from scene_helpers import press

from iwari_desktop.scenes.board.overlays import HandoffOverlay
from iwari_desktop.scenes.online import online_net
from iwari_desktop.scenes.online.online_board import OnlineBoardScene


def at_table(app, kinds, first=0, names=None):
    """A table hosted from the menu with `kinds` seats, the game started; (connector, board, guests by seat)."""
    connector, lobby = host_table(app, kinds, first=first, names=names)
    guests = {}
    for seat, kind in enumerate(kinds):
        if kind == "remote":
            name = names[seat] if names else f"G{seat}"
            guest = connector.join("127.0.0.1", 7878, connector.hub.table.code, name)
            guest.take_seat(seat, name)
            guest.poll()
            guests[seat] = guest
    assert step_until(app, lambda: lobby.start_button is not None and lobby.start_button.is_enabled)
    press(app, lobby.start_button)
    assert step_until(app, lambda: isinstance(app.stack.find(OnlineBoardScene), OnlineBoardScene))
    board = app.stack.find(OnlineBoardScene)
    while app.stack.top is not board and not isinstance(app.stack.top, HandoffOverlay):
        app.stack.pop()
    return connector, board, guests


def entries(menu) -> list[str]:
    return [w.text for w in menu.widgets if hasattr(w, "text")]


def entry(menu, text: str):
    return next(w for w in menu.widgets if getattr(w, "text", None) == text)


def remember_table(code: str = "K7QM4P", name: str = "Ben", seen: float | None = None, hosted: bool = False) -> None:
    session = online_net.OnlineSession(client=None, name=name, address="192.0.2.20", port=7878, code=code,
                                       host_credential="h" * 32 if hosted else None)
    session.held = {1: "c" * 32}
    online_net.remember(session)
    if seen is not None:      # as if last seen then
        from iwari_desktop import storage
        from iwari_desktop.net import credentials as store

        path = store.known_tables_path(storage.data_dir())
        tables = [store.KnownTable(t.address, t.port, t.code, t.seats, t.name, seen, t.host_credential)
                  for t in store.read_known(path)]
        store.write_known(path, tables)


def hit_areas(board) -> list[tuple[str, pygame.Rect]]:
    """Every place a click or the mouse does something on the online board."""
    hud = board.hud
    areas = [("map", board.board_area), ("view", board.view.rect), ("strip", board.strip_rect),
             ("tribes", hud.tribes_rect), ("journey", hud.journey_rect), ("cards", hud.cards_rect),
             ("hand", hud.hand_rect), ("deck", hud.deck_rect)]
    areas += [(f"display{i}", r) for i, r in enumerate(hud.display_rects)]
    areas += [("recent moves", hud.log_rect)] if hud.log_rect is not None else []
    areas += [("away band", board.table_rect)] if board.table_rect is not None else []
    for scene in board.app.stack.visible():
        areas += [(f"widget {getattr(w, 'text', '?')!r}", w.rect) for w in scene.widgets if w.visible]
    return areas
