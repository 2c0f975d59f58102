"""The banner while the connection is down, as the play-test of 2026-11-29 saw it (issue #33,
docs/playtest-2026-11-29-online.md): the strip said "Connecting again…" while the banner still asked for the turn's
move ("Draw 1 card…"), two prompts that disagreed. While the connection is down the banner says the moves wait."""

from __future__ import annotations

import pytest

from online_ui_helpers import at_table

from iwari_desktop.scenes.online import online_net


@pytest.fixture(autouse=True)
def real_connector_after():
    yield
    online_net.use_connector(None)


def test_the_banner_says_the_moves_wait_while_the_connection_is_down_and_asks_again_once_it_is_back(app):
    connector, board, _guests = at_table(app, [None, "remote"], names=["Ann", "Ben"])
    turn_prompt = board.online.prompt()
    assert board.online.my_turn and "Not connected" not in turn_prompt
    client = board.session.client
    connector.hub.drop(client)
    board.poll()
    assert board.session.connection == "reconnecting"
    assert board.online.prompt() == "Not connected to the table: your moves wait until the connection is back."
    client.connected = True
    connector.hub.connect(client)
    board.poll()
    assert board.online.prompt() == turn_prompt
