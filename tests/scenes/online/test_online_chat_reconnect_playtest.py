"""Chat after a reconnect, as the play-test of 2026-11-29 saw it (issue #33, docs/playtest-2026-11-29-online.md).

The host sends a connection the chat's tail when it says Hello, so a newcomer reads what was said. A joiner whose
connection came back (the host restarted from its save) got that tail again: the chat window listed every line
twice and the board showed the old lines as news. A line is the same line when its writer, text and the host's
time of it are (`ChatLine.at`, kept in the table's save); it is kept once and only a new line is news."""

from __future__ import annotations

import pytest

from online_helpers import host_table, step_until
from scene_helpers import press

from iwari_desktop.scenes.online import online_net
from iwari_desktop.scenes.online.online_board import OnlineBoardScene


@pytest.fixture(autouse=True)
def real_connector_after():
    yield
    online_net.use_connector(None)


def test_the_chat_tail_sent_again_on_a_reconnect_is_not_repeated(app):
    connector, lobby = host_table(app, [None, "remote"])
    guest = connector.join("127.0.0.1", 7878, connector.hub.table.code, "Ben")
    guest.take_seat(1, "Ben")
    guest.say("Hello from Ben's computer!")
    lobby.session.say("Welcome, Ben.")
    assert step_until(app, lambda: lobby.start_button is not None and lobby.start_button.is_enabled)
    press(app, lobby.start_button)
    assert step_until(app, lambda: app.stack.find(OnlineBoardScene) is not None)
    board = app.stack.find(OnlineBoardScene)
    while app.stack.top is not board:
        app.stack.pop()
    guest.poll()
    assert [e.text for e in guest.chat] == ["Hello from Ben's computer!", "Welcome, Ben."]
    client = guest.client
    connector.hub.drop(client)               # the connection breaks and comes back with the seat's key
    guest.poll()
    client.connected = True
    connector.hub.connect(client)
    updates = guest.poll()
    assert [e.text for e in guest.chat] == ["Hello from Ben's computer!", "Welcome, Ben."], "each line once"
    assert not [u for u in updates if u.kind == "chat"], "old lines are not news"
    host = board.session
    connector.hub.tick(2)
    host.say("Still there?")
    updates = guest.poll()
    assert [u.text for u in updates if u.kind == "chat"] == ["Ann: Still there?"]
    connector.hub.tick(2)                    # the same words said again later are a new line
    host.say("Still there?")
    updates = guest.poll()
    assert [u.text for u in updates if u.kind == "chat"] == ["Ann: Still there?"]
    assert [e.text for e in guest.chat][-2:] == ["Still there?", "Still there?"]
