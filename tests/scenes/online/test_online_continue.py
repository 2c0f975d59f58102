"""Continue with both an unfinished game at this computer and an online table still open: the menu asks which,
newest first, and each opens what it says; Play online lists the open tables with their state and Rejoin. A table
nobody can still be at (a week unseen, or hosted here with its save gone) is not offered."""

from __future__ import annotations

import time

import pytest

from online_ui_helpers import remember_table
from scene_helpers import play_a_few_turns, press

from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.menu.continue_choice import ContinueChoiceScene
from iwari_desktop.scenes.menu.menu import MenuScene
from iwari_desktop.scenes.online import online_menu, online_net
from iwari_desktop.scenes.online.online_menu import OnlineMenuScene
from iwari_desktop.scenes.ui.intents import Intent, Kind


@pytest.fixture(autouse=True)
def real_connector_after():
    yield
    online_net.use_connector(None)


def to_menu(app) -> MenuScene:
    app.nav.reset("menu")
    app.step(0)
    return app.stack.top


def test_continue_asks_which_when_a_game_here_and_a_table_are_both_open(app, monkeypatch):
    play_a_few_turns(app, turns=1)                 # an unfinished game here, autosaved
    remember_table()                               # and a table joined since (newer)
    menu = to_menu(app)
    assert menu.buttons["continue"].is_enabled
    opened = []
    monkeypatch.setattr(online_menu, "continue_online", lambda app, table=None: opened.append(table) or True)
    press(app, menu.buttons["continue"])
    ask = app.stack.top
    assert isinstance(ask, ContinueChoiceScene)
    titles = [c.title for c in ask.choices]
    assert titles == ["Rejoin table K7Q M4P", "The game at this computer"], "newest first"
    assert "as Ben" in ask.choices[0].detail and "last played" in ask.choices[0].detail
    assert "round" in ask.choices[1].detail
    ask.handle(Intent(Kind.CONFIRM))                # Enter takes the first: the table
    assert [t.code for t in opened] == ["K7QM4P"]
    menu = to_menu(app)
    press(app, menu.buttons["continue"])
    ask = app.stack.top
    press(app, ask.buttons[1])                      # the game here opens as Continue always did
    assert isinstance(app.stack.top, BoardScene) or app.stack.find(BoardScene) is not None


def test_without_a_game_here_continue_rejoins_the_table_at_once(app, monkeypatch):
    remember_table()
    menu = to_menu(app)
    opened = []
    monkeypatch.setattr(online_menu, "continue_online", lambda app, table=None: opened.append(table) or True)
    menu.choose("continue")
    assert not isinstance(app.stack.top, ContinueChoiceScene) and opened == [None]


def test_a_table_unseen_for_a_week_or_hosted_here_without_its_save_is_not_offered(app, tmp_path):
    online_net.use_connector(online_net.NetConnector(bind="127.0.0.1", port=0, store_dir=tmp_path / "tables"))
    remember_table("OLD123", seen=time.time() - 8 * 24 * 3600)
    remember_table("GONE12", hosted=True, seen=time.time() - 8 * 24 * 3600)
    assert online_net.open_tables() == []
    menu = to_menu(app)
    assert not menu.buttons["continue"].is_enabled
    remember_table("NEW123")
    assert [t.code for t in online_net.open_tables()] == ["NEW123"]


def test_play_online_lists_the_open_tables_with_their_state_and_rejoin(app, monkeypatch):
    remember_table("K7QM4P", name="Ben")
    menu = to_menu(app)
    press(app, menu.buttons["online"])
    screen = app.stack.top
    assert isinstance(screen, OnlineMenuScene)
    assert [t.code for t in screen.tables] == ["K7QM4P"] and len(screen.rejoin_buttons) == 1
    assert screen.tables_rect.top >= screen.buttons["back"].rect.bottom
    assert screen.tables_rect.bottom <= app.screen.get_height()
    opened = []
    monkeypatch.setattr(online_menu, "continue_online", lambda app, table=None: opened.append(table) or True)
    screen.rebuild()     # (the buttons' commands read the patched function when built)
    press(app, screen.rejoin_buttons[0])
    assert [t.code for t in opened] == ["K7QM4P"]


def test_leaving_the_table_makes_it_the_last_played(app):
    from online_ui_helpers import at_table, entry

    from iwari_desktop import storage
    from iwari_desktop.net import credentials as store

    connector, board, guests = at_table(app, [None, "easy"])
    path = store.known_tables_path(storage.data_dir())
    store.write_known(path, [store.KnownTable(t.address, t.port, t.code, t.seats, t.name, 1000.0, t.host_credential)
                             for t in store.read_known(path)])
    board.open_pause()
    press(app, entry(app.stack.top, "Leave the table"))
    app.stack.top.agree()
    (table,) = online_net.remembered_tables()
    assert table.code == board.session.code and table.last_seen > time.time() - 60


def test_a_table_hosted_here_is_offered_with_its_round_while_its_saved_game_goes_on(app, tmp_path):
    from iwari_desktop.net.table_store import TableStore

    online_net.use_connector(online_net.NetConnector(bind="127.0.0.1", port=0, store_dir=tmp_path / "tables"))
    week_ago = time.time() - 8 * 24 * 3600
    store = TableStore(tmp_path / "tables")
    store.save("PLAY12", {"game": {"summary": {"round": 4, "over": False}}})
    store.save("DONE12", {"game": {"summary": {"round": 9, "over": True}}})
    store.save("LOBBY1", {"game": None})
    for code in ("PLAY12", "DONE12", "LOBBY1"):
        remember_table(code, name="Ann", hosted=True, seen=week_ago)
    assert sorted(t.code for t in online_net.open_tables()) == ["LOBBY1", "PLAY12"], "a finished one is not"
    words = {t.code: online_menu.table_words(t) for t in online_net.remembered_tables()}
    assert words["PLAY12"] == ("Rejoin table PLA Y12", words["PLAY12"][1])
    assert words["PLAY12"][1].startswith("your table, round 4 · last played ")
    assert words["LOBBY1"][1].startswith("your table, in the lobby")
    assert words["DONE12"][1].startswith("your table, the game is over")
