"""Every online screen at 1280×720 in German (and English): no text cut, overlapping another, under a widget or
outside its box, no widget's words wider than the widget (tests/support/layout_check.py)."""

from __future__ import annotations

import pytest

from layout_check import cramped_buttons, cut_short, faults
from online_helpers import step_until
from online_ui_helpers import at_table, entry, hit_areas, remember_table
from scene_helpers import press, resize

from iwari_desktop.scenes.board.overlays import HandoffOverlay
from iwari_desktop.scenes.online import online_net

LANGS = ["de", "en"]


@pytest.fixture(autouse=True)
def real_connector_after():
    yield
    online_net.use_connector(None)


def check(app, what: str) -> list[str]:
    """Every fault of the screen as it is now: text over text or widgets, out of its box, cut short with "…",
    a button's words squeezed against its edges."""
    app.step(0)
    found = faults(app) + [f"cut short: {line}" for line in cut_short(app, app.screen.get_rect())]
    found += cramped_buttons(app, app.ui.px(4))
    return [f"{what}: {fault}" for fault in found]


@pytest.mark.parametrize("app", LANGS, indirect=True)
def test_play_online_join_and_continue_screens_fit(app):
    resize(app, (1280, 720))
    remember_table("K7QM4P", name="Bernadette")
    remember_table("ZX81QQ", name="Cleopatra")
    found = []
    app.nav.reset("menu")
    app.step(0)
    press(app, app.stack.top.buttons["online"])
    found += check(app, "play online")
    press(app, app.stack.top.buttons["join"])
    join = app.stack.top
    found += check(app, "join")
    join.entries["name"].set_text("")
    join.join()
    found += check(app, "join, an error")
    app.stack.pop()
    press(app, app.stack.top.buttons["host"])
    found += check(app, "host")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("app", LANGS, indirect=True)
def test_the_board_its_menu_leave_question_chat_and_away_band_fit(app):
    resize(app, (1280, 720))
    connector, board, guests = at_table(app, [None, "remote", "easy"], first=1)
    found = check(app, "lobby→board")
    if isinstance(app.stack.top, HandoffOverlay):
        board.online.accept_handoff()
        app.stack.pop()
    guests[1].say("Schöner Zug! Spielen wir danach noch eine Runde?")
    assert step_until(app, lambda: board.chat_news)
    found += check(app, "board with a chat line")
    board.open_pause()
    found += check(app, "the table's menu")
    press(app, entry(app.stack.top, app.stack.top.items()[-1][0]))
    found += check(app, "leave question")
    app.stack.pop()
    app.stack.pop()
    board.open_chat()
    found += check(app, "chat")
    app.stack.pop()
    guests[1].close()
    connector.hub.tick(30)
    assert step_until(app, lambda: "computer1" in board._online_buttons)
    found += check(app, "away band")
    press(app, board._online_buttons["computer1"])
    assert step_until(app, lambda: any(s.standin for s in board.session.seats))
    board.review_away([1])
    assert step_until(app, lambda: "computer1" in board._online_buttons)
    found += check(app, "away band, a computer playing")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("app", LANGS, indirect=True)
def test_the_lobby_fits(app):
    from online_helpers import host_table

    resize(app, (1280, 720))
    connector, lobby = host_table(app, [None, "remote", "normal", "remote"],
                                  names=["Annemarie", "Bernadette", "Cleopatra", "Dorothea"])
    guest = connector.join("127.0.0.1", 7878, connector.hub.table.code, "Bernadette")
    guest.take_seat(1, "Bernadette")
    guest.say("Hallo zusammen, ich bin bereit, wenn ihr es seid.")
    assert step_until(app, lambda: len(lobby.session.chat) >= 1)
    assert check(app, "lobby") == []


@pytest.mark.parametrize("app", LANGS, indirect=True)
def test_five_seats_with_long_names_fit_the_tables_strip(app):
    resize(app, (1280, 720))
    names = ["Annemarie", "Bernadette", "Cleopatra", "Dorothea", "Friederike"]
    connector, board, guests = at_table(app, [None, "remote", "easy", "hard", "remote"], names=names)
    assert len(board.session.seats) == 5
    if isinstance(app.stack.top, HandoffOverlay):
        board.online.accept_handoff()
        app.stack.pop()
    guests[1].say("Wer fängt an? Ich hoffe, ihr habt alle genug Zeit für eine lange Partie heute Abend!")
    assert step_until(app, lambda: board.chat_news)
    found = check(app, "five seats")
    board.draw(app.screen)
    assert board.chat_rect is not None
    found += [f"the chat lines cover the {name}" for name, area in hit_areas(board) if board.chat_rect.colliderect(area)]
    board.unread = 12
    board._show_unread()
    assert board._online_buttons["chat"].text == "Chat (9+)"
    found += check(app, "twelve unread lines")
    guests[4].close()
    connector.hub.tick(75)
    assert step_until(app, lambda: "computer4" in board._online_buttons)
    found += check(app, "five seats, one away")
    assert found == [], "\n".join(found)
