"""A joiner's screens over real sockets on 127.0.0.1: Join a table by address and code, sit, play; the table is
remembered, and after the connection is gone Continue on the menu brings the player back to the same seat."""

from __future__ import annotations

import pytest

from online_helpers import wait_for
from scene_helpers import press

from iwari_desktop.engine import BASE_FEATS, GameConfig, PlayerSpec
from iwari_desktop.engine.core.config import PLAYER_COLOURS
from iwari_desktop.scenes.online import online_net
from iwari_desktop.scenes.online.online_board import OnlineBoardScene
from iwari_desktop.scenes.online.online_join import JoinScene, split_address
from iwari_desktop.scenes.online.online_lobby import LobbyScene



@pytest.fixture
def table():
    """A table served on 127.0.0.1 with its host's session (seat 0 at the host, seat 1 online)."""
    connector = online_net.NetConnector(bind="127.0.0.1", port=0)
    config = GameConfig("new-horizons", (PlayerSpec("Ann", PLAYER_COLOURS[0]), PlayerSpec("Ben", PLAYER_COLOURS[1])),
                        5, BASE_FEATS, first_player=1)
    host = connector.host(config, [online_net.PlannedSeat("local", None, "Ann"),
                                   online_net.PlannedSeat("remote", None, "Ben")], "Ann")
    online_net.use_connector(connector)
    yield host
    host.close()
    online_net.use_connector(None)


def test_split_address_takes_a_port_typed_with_the_address():
    assert split_address(" 192.168.1.5:7000 ") == ("192.168.1.5", 7000)
    assert split_address("10.0.0.2") == ("10.0.0.2", None)


def test_join_by_code_sit_play_and_come_back_from_continue(app, table):
    from iwari_desktop.scenes.menu.menu import MenuScene

    host = table
    app.stack.reset(MenuScene(app))
    app.step(0)
    assert not app.stack.top.buttons["continue"].is_enabled
    press(app, app.stack.top.buttons["online"])
    press(app, app.stack.top.buttons["join"])
    join = app.stack.top
    assert isinstance(join, JoinScene)
    join.entries["name"].set_text("Ben")
    join.entries["address"].set_text("127.0.0.1")
    join.entries["port"].set_text(str(host.port))
    join.entries["code"].set_text(host.code.lower())       # typed as read aloud: case does not matter
    assert join.join()
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    assert wait_for(app, lambda: 1 in lobby.seat_buttons, also=[host])
    press(app, lobby.seat_buttons[1])
    assert wait_for(app, lambda: 1 in lobby.session.held, also=[host])
    assert wait_for(app, lambda: host.lobby is not None and host.lobby.can_start, also=[host])
    host.start_game()
    assert wait_for(app, lambda: isinstance(app.stack.top, OnlineBoardScene), also=[host])
    board = app.stack.top
    c = board.online
    assert c.held == [1] and c.my_turn
    before = len(c.game.log)
    assert c._submit(c.legal()[0])
    assert wait_for(app, lambda: len(c.game.log) > before, also=[host])
    number = c.seen_number
    # the laptop closes: the connection is gone, the player starts the game again and presses Continue
    board.session.client.close()
    assert wait_for(app, lambda: any(s.seat == 1 and s.away_seconds is not None for s in host.seats), also=[host])
    app.nav.reset("menu")
    app.step(0)
    menu = app.stack.top
    assert menu.buttons["continue"].is_enabled
    menu.choose("continue")
    assert wait_for(app, lambda: isinstance(app.stack.top, OnlineBoardScene), also=[host])
    back = app.stack.top
    assert back is not board and back.online.held == [1]
    assert back.online.seen_number == number
    assert "after move" in back.online.recent.lines[0][1], "the log says where it starts again"
    assert wait_for(app, lambda: all(s.away_seconds is None for s in host.seats), also=[host])
    back.session.close()


def test_the_host_reopens_its_table_from_continue_after_closing(app, tmp_path):
    from online_helpers import host_table

    connector = online_net.NetConnector(bind="127.0.0.1", port=0, store_dir=tmp_path / "tables")
    _connector, lobby = host_table(app, [None, "easy"], connector=connector)
    session = lobby.session
    try:
        assert wait_for(app, lambda: lobby.start_button is not None and lobby.start_button.is_enabled)
        press(app, lobby.start_button)
        assert wait_for(app, lambda: isinstance(app.stack.top, OnlineBoardScene))
        c = app.stack.top.online
        assert wait_for(app, lambda: c.my_turn)
        before = len(c.game.log)
        c._submit(c.legal()[0])
        assert wait_for(app, lambda: len(c.game.log) > before)
        number = c.seen_number
    finally:
        session.close()          # the host's game is gone (its table server with it)
    app.nav.reset("menu")
    app.nav.push("online-join")
    listed = app.stack.top.remembered
    assert len(listed) == 1 and listed[0].hosted and listed[0].code == session.code
    app.nav.reset("menu")
    app.step(0)
    menu = app.stack.top
    assert menu.buttons["continue"].is_enabled
    menu.choose("continue")
    assert wait_for(app, lambda: isinstance(app.stack.top, OnlineBoardScene))
    again = app.stack.top
    try:
        assert again.session.hosting and again.online.held == [0]
        assert again.online.seen_number == number and len(again.online.game.log) == before + 1
    finally:
        again.session.close()
