"""The online screens over real sockets on 127.0.0.1: a table served by this process, the host's screen and a
joiner's session, both real TableClients (bounded waits)."""

from __future__ import annotations

import pytest

from online_helpers import host_table, wait_for
from scene_helpers import press

from iwari_desktop.scenes.online import online_net
from iwari_desktop.scenes.online.online_board import OnlineBoardScene



@pytest.fixture
def loopback():
    connector = online_net.NetConnector(bind="127.0.0.1", port=0)
    yield connector
    online_net.use_connector(None)


def test_host_and_joiner_play_over_loopback(app, loopback):
    _connector, lobby = host_table(app, [None, "remote"], connector=loopback)
    session = lobby.session
    try:
        assert session.addresses == ("127.0.0.1",) and session.port > 0
        assert wait_for(app, lambda: session.lobby is not None and session.is_host)
        guest = loopback.join("127.0.0.1", session.port, session.code, "Ben")
        try:
            assert wait_for(app, lambda: guest.lobby is not None, also=[guest])
            guest.take_seat(1, "Ben")
            assert wait_for(app, lambda: lobby.start_button is not None and lobby.start_button.is_enabled, also=[guest])
            press(app, lobby.start_button)
            assert wait_for(app, lambda: isinstance(app.stack.top, OnlineBoardScene), also=[guest])
            board = app.stack.top
            c = board.online
            assert c.my_turn
            before = len(c.game.log)
            assert c._submit(c.legal()[0])
            assert wait_for(app, lambda: len(c.game.log) > before, also=[guest])
            assert wait_for(app, lambda: guest.views.get(1) is not None
                            and guest.views[1].state_number == c.seen_number, also=[guest])
            # both screens show the same public game
            assert guest.views[1].state.scores == c.state.scores and guest.views[1].state.display == c.state.display
            guest.say("hello there")
            assert wait_for(app, lambda: any(e.text == "hello there" for e in session.chat), also=[guest])
        finally:
            guest.close()
        assert wait_for(app, lambda: any(s.seat == 1 and not s.connected for s in session.seats))
    finally:
        session.close()


def test_host_a_table_on_a_dedicated_server_by_its_address(app):
    from online_helpers import host_table
    from iwari_desktop.net.server import TableServer

    server = TableServer("127.0.0.1", 0, None, lambda line: None, allow_create=True)
    _host, port = server.start_in_thread()
    connector = online_net.NetConnector(bind="127.0.0.1", port=0)
    try:
        from iwari_desktop.scenes.menu.menu import MenuScene

        online_net.use_connector(connector)
        app.stack.reset(MenuScene(app))
        app.nav.push("online-host")
        host = app.stack.top
        host.set_player_count(2)
        host.model.computers = [None, "easy"]
        host.rebuild()
        host.set_names(["Ann", "Ben"])
        host.server_entry.set_text(f"127.0.0.1:{port}")
        assert host.start(), host.error
        lobby = app.stack.top
        session = lobby.session
        assert not session.hosting and session.port == port and session.code in server.tables
        assert wait_for(app, lambda: lobby.start_button is not None and lobby.start_button.is_enabled)
        press(app, lobby.start_button)
        assert wait_for(app, lambda: isinstance(app.stack.top, OnlineBoardScene))
        assert app.stack.top.online.held == [0]
        session.close()
    finally:
        server.stop()
        online_net.use_connector(None)
