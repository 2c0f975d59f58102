"""Hosting and joining through the screens, against a real Table in-process: lobby, start, moves both ways."""

from __future__ import annotations

import pytest

from online_helpers import host_table, step_until
from scene_helpers import press

from iwari_desktop.scenes.online import online_net
from iwari_desktop.scenes.online.online_board import OnlineBoardScene
from iwari_desktop.scenes.online.online_lobby import LobbyScene


@pytest.fixture(autouse=True)
def real_connector_after():
    yield
    online_net.use_connector(None)


def joined(connector, name: str = "Ben", seat: int = 1):
    guest = connector.join("127.0.0.1", 7878, connector.hub.table.code, name)
    guest.poll()
    assert guest.take_seat(seat, name)
    guest.poll()
    assert seat in guest.held
    return guest


def test_menu_offers_play_online_and_the_lobby_shows_the_join_code(app):
    connector, lobby = host_table(app, [None, "remote", "easy"])
    assert isinstance(lobby, LobbyScene)
    step_until(app, lambda: lobby.session.lobby is not None)
    assert lobby.session.is_host and lobby.session.code == connector.hub.table.code
    assert connector.hub.table.code in lobby.where_text()
    assert "7878" in lobby.where_text()
    assert not lobby.start_button.is_enabled          # the online seat is still free


def test_start_when_every_online_seat_is_taken_then_moves_go_both_ways(app):
    connector, lobby = host_table(app, [None, "remote", "easy"])
    guest = joined(connector)
    assert step_until(app, lambda: lobby.start_button is not None and lobby.start_button.is_enabled)
    press(app, lobby.start_button)
    assert step_until(app, lambda: isinstance(app.stack.top, OnlineBoardScene))
    board = app.stack.top
    c = board.online
    assert c.held == [0] and c.my_turn
    # the host's own move goes to the table, never to game.play here
    before = len(c.game.log)
    action = c.legal()[0]
    assert c._submit(action)
    assert c.waiting is not None and len(c.game.log) == before
    assert step_until(app, lambda: c.waiting is None and len(c.game.log) > before)
    assert c.recent.lines, "the move is told in Recent moves"
    # play on until the joiner is to move, then the joiner plays through its own session
    for _ in range(60):
        if not c.my_turn:
            break
        assert c._submit(c.legal()[0])
        step_until(app, lambda: c.waiting is None)
    guest.poll()
    assert c.state.active_seat == 1 and not c.my_turn
    assert c.waiting_for().startswith("Waiting for Ben")
    lines = len(c.recent.lines)
    view = guest.views[1]
    from iwari_desktop.engine.core.rules import legal_actions

    assert guest.intent(1, str(legal_actions(view.state)[0]))
    assert step_until(app, lambda: len(c.recent.lines) > lines)
    assert c.message is not None and "Ben" in c.message.text


def test_a_move_out_of_turn_is_refused_in_words(app):
    connector, lobby = host_table(app, [None, "remote"])
    guest = joined(connector)
    step_until(app, lambda: lobby.start_button.is_enabled)
    press(app, lobby.start_button)
    step_until(app, lambda: isinstance(app.stack.top, OnlineBoardScene))
    guest.poll()
    view = guest.views[1]
    assert view.state.active_seat == 0
    guest.intent(1, "pass")
    refusals = [u for u in guest.poll() if u.kind == "refused"]
    assert refusals and "Ann" in refusals[0].text and "turn" in refusals[0].text
