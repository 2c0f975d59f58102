"""Open a table from the menu by the screens a host uses, with an in-process table (tests/support/fake_table.py)."""

from __future__ import annotations

import time

from fake_table import FakeConnector
from scene_helpers import press

from iwari_desktop.scenes.online import online_net


def host_table(app, kinds: list[str | None], names: list[str] | None = None, first: int | None = 0, connector=None):
    """From the menu: Play online → Host a table, seats of `kinds` ("remote", None: here, or a level), Open
    the table; returns (connector, lobby scene)."""
    from iwari_desktop.scenes.menu.menu import MenuScene
    from iwari_desktop.scenes.online.online_host import HostScene

    connector = connector or FakeConnector()
    online_net.use_connector(connector)
    app.stack.reset(MenuScene(app))
    app.step(0)
    press(app, app.stack.top.buttons["online"])
    app.step(0)
    press(app, app.stack.top.buttons["host"])
    app.step(0)
    host = app.stack.top
    assert isinstance(host, HostScene)
    host.set_player_count(len(kinds))
    host.model.computers = list(kinds)
    host.model.first = first
    names = names or ["Ann", "Ben", "Cat", "Dan", "Eve"][:len(kinds)]
    # no rebuild for the kinds set above: `start` reads them from the model, the name entries are there (from
    # entering or `set_player_count`), and the form is left at once (a build of it is a third of this route)
    host.set_names(names)
    assert host.start(seed=11), host.error
    app.step(0)
    return connector, app.stack.top


def step_until(app, condition, steps: int = 40) -> bool:
    for _ in range(steps):
        app.step(0)
        if condition():
            return True
    return False


WAIT = 20.0   # seconds any one step over real sockets may take at most


def wait_for(app, condition, seconds: float = WAIT, also=()) -> bool:
    """Step the app (and poll the other sessions in `also`) until `condition()` holds; False after `seconds`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(0)
        for session in also:
            session.poll()
        if condition():
            return True
        time.sleep(0.02)
    return False
