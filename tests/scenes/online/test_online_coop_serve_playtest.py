"""Co-op against the Void hosted on an `iwari serve`, as the play-test of 2026-11-29 needed (issue #33,
docs/playtest-2026-11-29-online.md): Host a table could make its table on a server ("Table on"), Host co-op against
the Void could not, so two partners could only play co-op with one of their computers as the table. Real sockets on
127.0.0.1, a real TableServer in this process, bounded waits."""

from __future__ import annotations

import pytest

from online_helpers import wait_for
from scene_helpers import press

from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.scenes.online import online_net
from iwari_desktop.scenes.online.online_board import OnlineBoardScene
from iwari_desktop.scenes.online.online_host import HostCoopScene


@pytest.fixture
def served():
    from iwari_desktop.net.server import TableServer

    server = TableServer("127.0.0.1", 0, None, lambda line: None, allow_create=True)
    _host, port = server.start_in_thread()
    online_net.use_connector(online_net.NetConnector(bind="127.0.0.1", port=0))
    yield server, port
    online_net.use_connector(None)
    server.stop()


def test_host_coop_makes_its_table_on_a_server_by_its_address(app, served):
    from iwari_desktop.scenes.menu.menu import MenuScene

    server, port = served
    app.stack.reset(MenuScene(app))
    app.nav.push("online-host-coop")
    host = app.stack.top
    assert isinstance(host, HostCoopScene)
    assert host.server_entry is not None, "co-op offers the same 'Table on' field as Host a table"
    host.server_entry.set_text(f"127.0.0.1:{port}")
    host.rebuild()                       # (a click on an option rebuilds the form: the address typed stays)
    assert host.server_entry.get_text() == f"127.0.0.1:{port}"
    assert host.start(), host.error
    lobby = app.stack.top
    session = lobby.session
    guest = None
    try:
        assert not session.hosting and session.port == port and session.code in server.tables
        assert server.tables[session.code].config.mode is GameMode.COOP
        guest = online_net.connector().join("127.0.0.1", port, session.code, "Bodhi")
        assert wait_for(app, lambda: guest.lobby is not None, also=[guest])
        guest.take_seat(1, "Bodhi")
        assert wait_for(app, lambda: lobby.start_button is not None and lobby.start_button.is_enabled, also=[guest])
        press(app, lobby.start_button)
        assert wait_for(app, lambda: isinstance(app.stack.top, OnlineBoardScene) or app.stack.find(OnlineBoardScene),
                        also=[guest])
        board = app.stack.find(OnlineBoardScene)
        assert board.online.held == [0] and board.online.void_view() is not None
    finally:
        if guest is not None:
            guest.close()
        session.close()


def test_host_a_table_says_friends_join_at_the_server_typed(app):
    from iwari_desktop.scenes.menu.menu import MenuScene

    app.stack.reset(MenuScene(app))
    app.nav.push("online-host")
    host = app.stack.top
    host.addresses = ["192.0.2.2"]
    host.server_entry.set_text("203.0.113.7:7979")
    assert "203.0.113.7:7979" in host.table_note() and "192.0.2.2" not in host.table_note()
    host.server_entry.set_text("")
    assert "192.0.2.2" in host.table_note()
