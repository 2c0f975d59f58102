"""The lobby says what kind of game the table plays, as the play-test of 2026-11-29 needed (issue #33,
docs/playtest-2026-11-29-online.md): a joiner of a co-op table read only "Map: New Horizons · 2 players" and learnt
that the two of them play together against the Void when the board opened."""

from __future__ import annotations

import pytest

from iwari_desktop.scenes.online import online_net
from iwari_desktop.scenes.online.online_lobby import LobbyScene
from iwari_desktop.scenes.online.online_values import LobbyInfo


@pytest.fixture(autouse=True)
def real_connector_after():
    yield
    online_net.use_connector(None)


def lobby_with(app, mode: str) -> LobbyScene:
    session = online_net.OnlineSession(client=None, name="Ben", address="127.0.0.1", port=7878, code="AVMM8E")
    session.lobby = LobbyInfo("new-horizons", mode, False, False)
    session.seats = []
    scene = LobbyScene.__new__(LobbyScene)
    scene.session = session
    return scene


def test_a_coop_table_says_so_in_the_lobby(app):
    text = lobby_with(app, "coop").what_text()
    assert "New Horizons" in text and "co-op against the Void" in text


def test_a_table_of_rivals_says_the_map_and_players(app):
    text = lobby_with(app, "multiplayer").what_text()
    assert "New Horizons" in text and "Void" not in text
