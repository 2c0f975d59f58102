"""The menu at an online table (Esc): Resume, Settings, Rules, the host's away seats and Leave with what leaving
does in words; the chat lines from others at the top of Recent moves, clear of every place the player clicks."""

from __future__ import annotations

import pytest

from online_helpers import step_until
from online_ui_helpers import at_table, entries, entry, hit_areas
from scene_helpers import press, resize

from iwari_desktop.scenes.board.overlays import HandoffOverlay
from iwari_desktop.scenes.online import online_net
from iwari_desktop.scenes.online.online_board import CHAT_SHOWN
from iwari_desktop.scenes.online.online_chat import ChatOverlay
from iwari_desktop.scenes.online.online_pause import OnlinePauseOverlay, leave_words
from iwari_desktop.scenes.ui.dialogs import ConfirmScene
from iwari_desktop.scenes.ui.intents import Intent, Kind


@pytest.fixture(autouse=True)
def real_connector_after():
    yield
    online_net.use_connector(None)


def test_esc_opens_the_tables_menu_with_settings_rules_and_leave_and_the_game_goes_on(app):
    connector, board, guests = at_table(app, [None, "easy"])
    board.handle(Intent(Kind.CANCEL))
    menu = app.stack.top
    assert isinstance(menu, OnlinePauseOverlay)
    assert entries(menu) == ["Resume", "Settings", "Rules", "Leave the table"]   # no away seat: no Away seats…
    assert menu.title() != "Paused" and "goes on" in menu.note()
    # Settings and Rules open over the menu and come back to it, the board still under both
    for text, name in (("Settings", "settings"), ("Rules", "rules")):
        press(app, entry(menu, text))
        assert app.stack.top.name == name
        app.stack.pop()
        assert app.stack.top is menu and app.stack.scenes[-2] is board
    press(app, entry(menu, "Resume"))
    assert app.stack.top is board and board.session.connection != "closed"


def test_leaving_says_what_happens_and_closes_only_after_the_yes(app):
    connector, board, guests = at_table(app, [None, "remote"])
    board.open_pause()
    press(app, entry(app.stack.top, "Leave the table"))
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    assert confirm.detail == leave_words(board.session) and "stops for everybody" in confirm.detail
    assert all(line in confirm._detail_lines() for line in confirm._detail_lines())
    confirm.cancel()
    assert isinstance(app.stack.top, OnlinePauseOverlay) and board.session.connection != "closed"


def test_the_leave_words_tell_the_truth_for_host_server_host_and_joiner():
    session = online_net.OnlineSession(client=None, name="Ann", address="127.0.0.1", port=1, code="ABCDEF")
    session.hosting, session.is_host = True, True
    hosted = leave_words(session)
    assert "stops for everybody" in hosted and "kept on this computer" in hosted and "Continue" in hosted
    session.hosting = False                        # a table on an `iwari serve`: it runs on without this computer
    on_server = leave_words(session)
    assert "stays open on its server" in on_server and "stays yours" in on_server
    session.is_host = False
    joiner = leave_words(session)
    assert "seat stays yours" in joiner and "Rejoin" in joiner and "stops" not in joiner


def test_the_host_reaches_an_away_seat_again_from_the_menu_after_a_computer_took_it(app):
    connector, board, guests = at_table(app, [None, "remote"], first=1)
    guests[1].close()
    connector.hub.tick(30)
    assert step_until(app, lambda: "computer1" in board._online_buttons)
    press(app, board._online_buttons["computer1"])
    assert step_until(app, lambda: any(s.standin for s in board.session.seats))
    assert step_until(app, lambda: "computer1" not in board._online_buttons), "decided: the band gives way"
    board.open_pause()
    menu = app.stack.top
    assert "Away seats…" in entries(menu)
    press(app, entry(menu, "Away seats…"))
    assert app.stack.top is board
    assert step_until(app, lambda: "wait1" in board._online_buttons), "the question again, for the stand-in seat"
    press(app, board._online_buttons["wait1"])          # the host takes the computer away: the game waits
    assert step_until(app, lambda: not any(s.standin for s in board.session.seats))
    assert step_until(app, lambda: "wait1" not in board._online_buttons)


# ---- chat lines ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_chat_line_shows_in_the_side_panel_over_nothing_one_clicks(app, size):
    resize(app, size)
    connector, board, guests = at_table(app, [None, "remote", "easy"])
    if isinstance(app.stack.top, HandoffOverlay):
        board.online.accept_handoff()
        app.stack.pop()
    guests[1].say("Nice move! " + "Shall we play another one after this? " * 3)
    assert step_until(app, lambda: board.chat_news)
    app.step(0)
    board.draw(app.screen)
    chat = board.chat_rect
    assert chat is not None and board.side_rect.contains(chat)
    for name, area in hit_areas(board):
        assert not chat.colliderect(area), f"the chat lines cover the {name} {area}"
    # announced: the Chat button counts it; a click on the lines opens the chat, which reads it
    assert board._online_buttons["chat"].text.endswith("(1)")
    board.handle(Intent(Kind.CLICK, pos=chat.center))
    assert isinstance(app.stack.top, ChatOverlay)
    assert board.unread == 0 and not board.chat_news
    app.stack.pop()
    assert board._online_buttons["chat"].text in ("Chat",)


def test_chat_lines_fade_and_go_and_ones_own_line_is_not_news(app, monkeypatch):
    from iwari_desktop.scenes.online import online_board

    connector, board, guests = at_table(app, [None, "remote"])
    board.session.say("my own words")
    assert step_until(app, lambda: any(e.text == "my own words" for e in board.session.chat))
    assert not board.chat_news and board.unread == 0
    guests[1].say("hello")
    assert step_until(app, lambda: board.chat_news)
    now = online_board.time.monotonic()
    assert [shown for _line, shown in board.chat_lines(400)] == [1.0]
    monkeypatch.setattr(online_board.time, "monotonic", lambda: now + CHAT_SHOWN - 0.5)
    (only,) = board.chat_lines(400)
    assert 0 < only[1] < 1, "fading in its last seconds"
    monkeypatch.setattr(online_board.time, "monotonic", lambda: now + CHAT_SHOWN + 0.1)
    assert board.chat_lines(400) == [] and not board.animating
    board.draw(app.screen)
    assert board.chat_rect is None, "gone: Recent moves has its whole room again"
