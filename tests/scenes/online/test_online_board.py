"""The board at an online table: handoff between people at one computer, the your-turn sound, undo only for the
acting seat, refusals in words, an away seat the host hands to a computer, chat, Play again."""

from __future__ import annotations

import pytest

from online_helpers import host_table, step_until
from online_ui_helpers import at_table
from scene_helpers import press

from iwari_desktop.audio import Happening
from iwari_desktop.engine.core.actions import PlaceTent
from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.scenes.board.overlays import HandoffOverlay
from iwari_desktop.scenes.online import online_net
from iwari_desktop.scenes.online.online_board import OnlineBoardScene
from iwari_desktop.scenes.online.online_chat import ChatOverlay


@pytest.fixture(autouse=True)
def real_connector_after():
    yield
    online_net.use_connector(None)


def play_until(app, board, condition, limit: int = 80) -> None:
    """The acting seat at this computer plays its first legal action until `condition` holds."""
    c = board.online
    for _ in range(limit):
        if condition():
            return
        if isinstance(app.stack.top, HandoffOverlay):
            c.accept_handoff()
            app.stack.pop()
        while app.stack.top is not board and not isinstance(app.stack.top, HandoffOverlay):
            app.stack.pop()
        if c.my_turn and c.legal():
            c._submit(c.legal()[0])
        step_until(app, lambda: c.waiting is None, 5)
    assert condition()


def test_two_people_at_the_host_computer_hand_over_as_in_pass_and_play(app):
    connector, board, guests = at_table(app, [None, None, "remote"])
    c = board.online
    assert c.held == [0, 1]
    assert isinstance(app.stack.top, HandoffOverlay), "the first seat takes the computer first"
    c.accept_handoff()
    app.stack.pop()
    assert c.hand_visible and c.viewer_seat == 0
    play_until(app, board, lambda: c.state.active_seat == 1 and c.needs_handoff)
    assert not c.hand_visible, "no hand shows between the two people at this computer"
    app.step(0)
    assert isinstance(app.stack.top, HandoffOverlay)


def test_the_turn_coming_back_to_this_computer_sounds(app, monkeypatch):
    connector, board, guests = at_table(app, [None, "remote"])
    heard = []
    monkeypatch.setattr(app.audio, "hear", lambda what: heard.append(what))
    c = board.online
    play_until(app, board, lambda: not c.my_turn)
    guest = guests[1]
    heard.clear()
    for _ in range(40):
        guest.poll()
        view = guest.views[1]
        if view.state.active_seat != 1:
            break
        guest.intent(1, str(legal_actions(view.state)[0]))
    step_until(app, lambda: c.my_turn)
    app.step(0)
    assert Happening.YOUR_TURN in heard


def test_undo_only_for_the_acting_seat_within_its_turn(app):
    connector, board, guests = at_table(app, [None, "remote"])
    c = board.online
    # a tent placed is undoable (no card revealed)
    play_until(app, board, lambda: any(isinstance(a, PlaceTent) for a in c.legal()))
    tent = next(a for a in c.legal() if isinstance(a, PlaceTent))
    c._submit(tent)
    step_until(app, lambda: c.waiting is None)
    assert c.can_undo()
    log = len(c.game.log)
    assert c.undo()
    assert step_until(app, lambda: c.waiting is None and len(c.game.log) == log - 1)
    assert c.message is not None and "Undone" in c.message.text
    guest = guests[1]
    guest.poll()
    assert not guest.views[1].can_undo, "the other seat may never undo this turn"


def test_a_refused_move_is_said_in_words_on_the_board(app):
    connector, board, guests = at_table(app, [None, "remote"])
    c = board.online
    c.session.intent(0, "place 99 forest 1")      # what a stale or tampered client might send
    app.step(0)
    assert c.message is not None and c.message.error
    assert "B5" not in c.message.text and "place 99" not in c.message.text


def test_the_host_lets_a_computer_play_for_an_away_seat_until_it_returns(app):
    connector, board, guests = at_table(app, [None, "remote"], first=1)
    c = board.online
    guest = guests[1]
    assert not c.my_turn
    guest.close()
    connector.hub.tick(30)
    assert step_until(app, lambda: "computer1" in board._online_buttons)
    seat = next(s for s in board.session.seats if s.seat == 1)
    assert seat.away_seconds is not None and not seat.connected
    press(app, board._online_buttons["wait1"])           # first the host waits: the question goes, nobody plays
    assert step_until(app, lambda: "wait1" not in board._online_buttons)
    assert not c.my_turn and board.table_rect is None
    board.waited.clear()                                  # (the host changes its mind: the question again)
    assert step_until(app, lambda: "computer1" in board._online_buttons)
    press(app, board._online_buttons["computer1"])
    assert step_until(app, lambda: c.my_turn), "the stand-in plays the away seat's turn"
    assert any(s.standin for s in board.session.seats)


def test_chat_over_the_board_is_plain_and_bounded(app):
    connector, board, guests = at_table(app, [None, "remote"])
    press(app, board._online_buttons["chat"])
    overlay = app.stack.top
    assert isinstance(overlay, ChatOverlay)
    overlay.entry.set_text("hello table")
    overlay.send()
    guest = guests[1]
    guest.poll()
    assert (guest.chat[-1].name, guest.chat[-1].text) == ("Ann", "hello table")
    assert overlay.entry.get_text() == ""
    board.session.say("bell\x07 and " + "x" * 400)      # past the entry's limit: cut, and control characters go
    guest.poll()
    line = guest.chat[-1]
    assert "\x07" not in line.text and len(line.text) <= online_net.CHAT_LIMIT
    guest.say("hi Ann")
    step_until(app, lambda: any(e.text == "hi Ann" for e in board.session.chat))
    app.step(0)


def test_play_again_with_the_same_seats_after_the_end(app):
    connector, board, guests = at_table(app, [None, "easy"])
    c = board.online
    table = connector.hub.table
    # finish the game on the table (the host's own seat played by a bot too), then let the screen catch up
    from iwari_desktop.net.computer import ComputerTurn, choose_move

    for _ in range(2000):
        if table.game.is_over():
            break
        seat = table.game.state.current_player()
        if seat == 0:
            turn = ComputerTurn(0, "easy", table.state_number, table.game.state.clone(), table.state_number)
            connector.hub.receive(c.session.client, online_net.p.Intent(
                seat=0, credential=c.session.held[0], state_number=table.state_number, action=str(choose_move(turn))))
        else:
            connector.hub.computers()
    assert table.game.is_over()
    assert step_until(app, lambda: c.over, 400)
    # the end brought the whole game: it is in this player's History with its replay, once
    from iwari_desktop import history_store

    records = history_store.read_history().records
    assert len(records) == 1 and c.session.history_note is None
    replayed = history_store.load_record(records[0])
    assert replayed.is_over() and replayed.state.scores == table.game.state.scores
    from iwari_desktop.scenes.online.online_scoring import OnlineScoringScene

    for _ in range(20):      # what the end brought up (announcements, the half-journey scoring) closes first
        app.step(0)
        top = app.stack.top
        if isinstance(top, OnlineScoringScene) and top.final:
            break
        if top is not board:
            top.close() if hasattr(top, "close") else app.stack.pop()
    scoring = app.stack.top
    assert isinstance(scoring, OnlineScoringScene) and scoring.final
    scoring.skip()
    app.step(0)
    texts = [getattr(w, "text", "") for w in scoring.widgets]
    assert "New game…" not in texts and "Watch the game" not in texts and "Play again" in texts
    old = c.game.log[:]
    scoring.play_again()
    assert step_until(app, lambda: not c.over)
    assert len(c.game.log) < len(old) and c.held == [0]
    assert app.stack.top is board or isinstance(app.stack.top, HandoffOverlay)


def test_coop_against_the_void_on_two_computers_plays_through_the_voids_steps(app):
    from fake_table import FakeConnector
    from iwari_desktop.scenes.online.online_host import HostCoopScene

    connector = FakeConnector()
    online_net.use_connector(connector)
    app.nav.reset("menu")
    app.nav.push("online")
    press(app, app.stack.top.buttons["coop"])
    host = app.stack.top
    assert isinstance(host, HostCoopScene)
    host.entries[0].set_text("Ann")
    host.entries[1].set_text("Ben")
    assert host.start(seed=4), host.error
    lobby = app.stack.top
    guest = connector.join("127.0.0.1", 7878, connector.hub.table.code, "Ben")
    guest.take_seat(1, "Ben")
    assert step_until(app, lambda: lobby.start_button is not None and lobby.start_button.is_enabled)
    press(app, lobby.start_button)
    assert step_until(app, lambda: app.stack.find(OnlineBoardScene) is not None)
    board = app.stack.find(OnlineBoardScene)
    c = board.online
    assert c.void_view() is not None and c.held == [0]
    moves = 0
    for _ in range(300):
        if moves >= 40 or c.over:
            break
        while app.stack.top is not board:
            top = app.stack.top
            top.close() if hasattr(top, "close") else app.stack.pop()
        guest.poll()
        view = guest.views.get(1)
        if view is not None and view.state.current_player() == 1 and view.state_number == connector.hub.table.state_number:
            guest.intent(1, str(legal_actions(view.state)[0]))
            moves += 1
        elif c.my_turn and c.legal():
            c._submit(c.legal()[0])
            moves += 1
        step_until(app, lambda: c.waiting is None, 5)
    assert moves >= 40 or c.over
    assert c.seen_number == connector.hub.table.state_number
    # the partner's closed hand (S12) is never on this screen: the masked state's hand 1 is the sorted fill
    assert c.observation() is None or c.observation().hand == tuple(c.state.hands[0])


def test_two_people_at_one_joined_computer_sit_under_their_names_and_hand_over(app):
    from fake_table import FakeConnector
    from iwari_desktop.engine import BASE_FEATS, GameConfig, PlayerSpec
    from iwari_desktop.engine.core.config import PLAYER_COLOURS

    connector = FakeConnector()
    online_net.use_connector(connector)
    config = GameConfig("new-horizons", tuple(PlayerSpec(n, PLAYER_COLOURS[i]) for i, n in enumerate(("Ann", "B", "C"))),
                        5, BASE_FEATS, first_player=1)
    host = connector.host(config, [online_net.PlannedSeat("local", None, "Ann"), online_net.PlannedSeat("remote", None, "B"),
                                   online_net.PlannedSeat("remote", None, "C")], "Ann")
    app.nav.reset("menu")
    app.nav.push("online-lobby", connector.join("127.0.0.1", 7878, host.code, "Ben"))
    lobby = app.stack.top
    step_until(app, lambda: 1 in lobby.seat_buttons)
    lobby.name_entry.set_text("Ben")
    press(app, lobby.seat_buttons[1])
    step_until(app, lambda: 2 in lobby.seat_buttons and lobby.name_entry is not None)
    lobby.name_entry.set_text("Cleo")
    press(app, lobby.seat_buttons[2])
    host.poll()
    assert step_until(app, lambda: sorted(lobby.session.held) == [1, 2])
    assert [s.name for s in lobby.session.seats] == ["Ann", "Ben", "Cleo"]
    host.poll()
    assert host.start_game()
    assert step_until(app, lambda: app.stack.find(OnlineBoardScene) is not None)
    board = app.stack.find(OnlineBoardScene)
    c = board.online
    step_until(app, lambda: isinstance(app.stack.top, HandoffOverlay))
    assert isinstance(app.stack.top, HandoffOverlay) and c.state.active_seat == 1 and not c.hand_visible
    c.accept_handoff()
    app.stack.pop()
    play_until(app, board, lambda: c.state.active_seat == 2 and c.needs_handoff)
    assert not c.hand_visible


def test_esc_asks_before_leaving_the_table_and_leaving_closes_the_connection(app):
    from iwari_desktop.scenes.menu.menu import MenuScene
    from iwari_desktop.scenes.online.online_pause import OnlinePauseOverlay
    from iwari_desktop.scenes.ui.dialogs import ConfirmScene
    from iwari_desktop.scenes.ui.intents import Intent, Kind

    connector, board, guests = at_table(app, [None, "remote"])
    board.handle(Intent(Kind.CANCEL))
    menu = app.stack.top
    assert isinstance(menu, OnlinePauseOverlay)
    press(app, next(w for w in menu.widgets if w.text == "Leave the table"))
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    confirm.on_yes()
    assert isinstance(app.stack.top, MenuScene)
    assert board.session.connection == "closed" and board.session.client.closed
    assert not any(getattr(s, "session", None) is board.session for s in app.wake_sources)
    guests[1].poll()
    assert any(s.seat == 0 and not s.connected for s in guests[1].seats)


def test_a_dropped_connection_coming_back_keeps_the_log_and_says_no_undo(app):
    connector, board, guests = at_table(app, [None, "remote"])
    c = board.online
    play_until(app, board, lambda: len(c.game.log) >= 2)
    lines, log = list(c.recent.lines), len(c.game.log)
    client = board.session.client
    connector.hub.drop(client)               # the connection breaks and comes back with the seat's key
    client.connected = True
    connector.hub.connect(client)
    assert step_until(app, lambda: board.session.connection == "connected")
    app.step(0)
    assert c.recent.lines == lines and len(c.game.log) == log
    assert c.message is None or "Undone" not in c.message.text


def test_back_after_moves_were_played_meanwhile_keeps_the_lines_and_counts_the_missed(app):
    connector, board, guests = at_table(app, [None, "remote"], first=1)
    c = board.online
    guest = guests[1]
    guest.poll()
    guest.intent(1, str(legal_actions(guest.views[1].state)[0]))
    assert step_until(app, lambda: len(c.game.log) == 1)
    lines = list(c.recent.lines)
    client = board.session.client
    connector.hub.drop(client)
    for _ in range(3):                       # the joiner plays on while the host's screen is gone
        guest.poll()
        view = guest.views[1]
        if view.state.active_seat != 1:
            break
        guest.intent(1, str(legal_actions(view.state)[0]))
    client.events.clear()
    client.connected = True
    connector.hub.connect(client)
    assert step_until(app, lambda: c.seen_number == connector.hub.table.state_number)
    assert c.recent.lines[:len(lines)] == lines
    assert "while this computer was away" in c.recent.lines[-1][1]
