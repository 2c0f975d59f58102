"""The end of an online co-op game against the Void, as the play-test of 2026-11-29 saw it (issue #33,
docs/playtest-2026-11-29-online.md): the solo end screen's Enter went straight to the main menu and closed the table
for the partner without asking (and Continue then reopened the finished table, so a second Enter left it again); it
put this computer's masked view of the game into History and offered to watch it; there was no Play again."""

from __future__ import annotations

import pytest

from online_helpers import step_until
from scene_helpers import press

from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.scenes.online import online_net
from iwari_desktop.scenes.online.online_board import OnlineBoardScene
from iwari_desktop.scenes.online.online_void_end import OnlineVoidEndScene
from iwari_desktop.scenes.ui.dialogs import ConfirmScene
from iwari_desktop.scenes.ui.intents import Intent, Kind
from fake_table import FakeConnector


@pytest.fixture(autouse=True)
def real_connector_after():
    yield
    online_net.use_connector(None)


def finished_coop(app):
    connector = FakeConnector()
    online_net.use_connector(connector)
    app.nav.push("online-host-coop")
    host = app.stack.top
    assert host.start(seed=5), host.error
    lobby = app.stack.top
    guest = connector.join("127.0.0.1", 7878, connector.hub.table.code, "Bodhi")
    guest.take_seat(1, "Bodhi")
    guest.poll()
    assert step_until(app, lambda: lobby.start_button is not None and lobby.start_button.is_enabled)
    press(app, lobby.start_button)
    assert step_until(app, lambda: app.stack.find(OnlineBoardScene) is not None)
    board = app.stack.find(OnlineBoardScene)
    c = board.online
    for _ in range(600):
        if c.over:
            break
        while app.stack.top is not board and not isinstance(app.stack.top, OnlineVoidEndScene):
            app.stack.pop()
        if c.my_turn and c.legal():
            c._submit(c.legal()[0])
        guest.poll()
        view = guest.views.get(1)
        if view is not None and view.state.active_seat == 1 and not view.state.is_terminal():
            guest.intent(1, str(legal_actions(view.state)[0]))
        step_until(app, lambda: c.waiting is None, 5)
    assert c.over, "the co-op game reached its end"
    for _ in range(100):                     # the Void's last steps, then its end screen
        if isinstance(app.stack.top, OnlineVoidEndScene):
            break
        if app.stack.top is not board:
            app.stack.pop()
        app.step(0)
    return connector, board, guest


def test_the_online_coop_end_asks_before_leaving_and_offers_play_again(app, monkeypatch):
    kept = []
    monkeypatch.setattr("iwari_desktop.scenes.history.history_words.remember_game",
                        lambda app_, game: kept.append(game))
    connector, board, guest = finished_coop(app)
    end = app.stack.top
    assert isinstance(end, OnlineVoidEndScene)
    assert not kept, "this computer's masked view never goes into History"
    texts = [getattr(w, "text", "") for w in end.widgets if w.alive()]
    assert "Watch the game" not in texts and "Play again" in texts
    end.handle(Intent(Kind.CONFIRM))                     # Enter: asks first, the table stays open
    assert isinstance(app.stack.top, ConfirmScene)
    assert board.session.connection != "closed" and not board.session.client.closed
    app.stack.pop()
    press(app, end.again_button)                          # the host plays again with the same seats
    assert step_until(app, lambda: not board.online.over)
    guest.poll()
    assert not guest.views[1].state.is_terminal()
