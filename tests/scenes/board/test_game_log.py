"""Keeping track in a six-tribe game (issue #19 item 6): the whole game's log, scrollable on the board, and the
pieces placed since the player's last turn ringed on the map until the player acts.

Found playing The Void against five computers: after their fifteen placements Recent moves showed one
line, and none at all once the player picked a card (the optional button row took its room).
"""

from __future__ import annotations

import pygame
import pytest

from iwari_desktop.engine import Place
from iwari_desktop.engine.files.saves import load_game, save_game
from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.board.controller_trail import TENT
from iwari_desktop.scenes.board.log_overlay import GameLogOverlay
from iwari_desktop.scenes.board.marks import draw_marks
from iwari_desktop.scenes.board.log_panel import OLDER
from iwari_desktop.scenes.ui.look import CREAM
from catch_up_helpers import one_step, open_six, play_until, your_turn_after_rounds
from scene_helpers import click, key, send


def _overlay(app) -> GameLogOverlay:
    top = app.stack.top
    assert isinstance(top, GameLogOverlay), top
    return top


def test_the_log_keeps_every_move_of_the_game_from_the_first(app):
    board = open_six(app)
    play_until(app, board, your_turn_after_rounds(3))
    c = board.controller
    assert len(c.history) > 40  # the old panel kept its last 40 lines only
    first = c.history[0]
    assert first[0] == 0  # the very first move of the game, the player's own
    assert c.recent.marks[0] == 0 and len(c.recent.marks) == len(c.history)
    # a loaded game (and a language switch) rebuild the whole of it too
    loaded = GameController(load_game(save_game(c.game)))
    assert loaded.history == c.history
    c.retell_history()
    assert len(c.history) == len(loaded.history)


def test_pieces_since_your_last_turn_are_ringed_until_you_act(app):
    board = open_six(app)
    play_until(app, board, your_turn_after_rounds(2))
    c = board.controller
    since = c.catch_up.since()
    assert c.trail.seats[since] == 0 and all(seat != 0 for seat in c.trail.seats[since + 1:])
    rings = c.catch_up.new_pieces()
    # exactly the pieces the five computers put down since then, each in its owner's colour
    placed_by_others = {(TENT, sp) for sp, owner in enumerate(c.state.space_owner) if owner > 0}
    assert rings and {(p.kind, p.where) for p in rings if p.kind == TENT} <= placed_by_others
    assert {p.tribe for p in rings} == {1, 2, 3, 4, 5}
    assert all(c.state.space_owner[p.where] == p.tribe for p in rings if p.kind == TENT)
    drawn = draw_marks(app.screen, board.view, c.state, rings)
    assert len(drawn) == len(rings) and all(board.view.rect.contains(r) for r in drawn)
    # they survive save and load
    assert GameController(load_game(save_game(c.game))).catch_up.new_pieces() == rings
    # the player acts: the rings go
    place = next(a for a in c.legal() if isinstance(a, Place))
    assert c._submit(place)
    assert c.catch_up.new_pieces() == []
    # an undo brings the player back to before acting: the rings are back
    assert c.undo() and c.catch_up.new_pieces() == rings


def test_in_hot_seat_the_rings_are_since_this_players_last_turn(app):
    board = open_six(app, [None, None, None, "easy", "easy", "easy"])
    c = board.controller
    play_until(app, board, lambda c: c.state.turns_taken[2] == 1 and c.state.active_seat == 0 and not c.turn_done
               and c.state.phase.value == "main")
    # Ann (seat 0) takes the laptop: everything of seats 1–5 since her turn is ringed, nothing of hers
    assert c.catch_up.seat() == 0
    tribes = {p.tribe for p in c.catch_up.new_pieces()}
    assert 0 not in tribes and {1, 2} <= tribes
    # while she has just finished, before the laptop goes on, her own pieces are not news to her
    bots: dict = {}
    while not c.turn_done:
        one_step(app, board, bots)
    assert c.catch_up.seat() == 0 and c.catch_up.new_pieces() == []
    c.confirm()  # the laptop goes to seat 1, whose last turn was before Ann's
    assert c.catch_up.seat() == 1 and 0 in {p.tribe for p in c.catch_up.new_pieces()}


def test_the_recent_moves_panel_keeps_a_line_when_the_option_row_shows(app):
    """Six tribes at 1280×720: with an optional button ("Place 1 piece only") shown, the panel still says how
    to open the whole log, and (since the compact side panel of playtest D20) shows the newest moves under
    its heading rather than only a line counting the new ones."""
    from iwari_desktop.scenes.ui.look import TextRecorder

    board = open_six(app)
    play_until(app, board, your_turn_after_rounds(2))
    c = board.controller
    top = board.hud.buttons_top + app.ui.px(86)  # the optional row's bottom (side_buttons_bottom)
    area = pygame.Rect(board.side_rect.x, top, board.side_rect.w, board.side_rect.bottom - app.ui.px(60) - top)
    assert area.h >= app.ui.px(20)
    app.ui.recorder = recorder = TextRecorder(app.screen.get_size())
    try:
        board.hud.draw_log(app.screen, c, area)
    finally:
        app.ui.recorder = None
    texts = [t.text for t in recorder.texts]
    assert board.hud.log_rect is not None and area.contains(board.hud.log_rect)
    assert "Show all (L)" in texts and "Recent moves" in texts
    assert len(texts) >= 2 + 3, "three lines of moves under the heading"
    assert all(area.contains(t.ink) for t in recorder.texts)


def test_the_whole_log_opens_scrolls_and_closes_without_covering_the_map(app):
    board = open_six(app)
    play_until(app, board, your_turn_after_rounds(3))
    c = board.controller
    app.step(0)
    # L opens it, over the side panel only: every tent space on the map stays in sight
    key(app, pygame.K_l)
    log = _overlay(app)
    assert not log.area.colliderect(board.view.rect)
    lines = [row for row in log.rows if row.kind == "line"]
    assert lines[0].text.startswith("Tester ")  # from the game's very first move
    assert sum(1 for row in lines if row.tribe is not None) == len(c.shown_history())
    since_at = next(i for i, row in enumerate(log.rows) if row.kind == "since")  # where the last turn ended
    moves = [(i, row) for i, row in enumerate(log.rows) if row.kind == "line" and row.tribe not in (None, -1)]
    assert all(row.ink == (OLDER if i < since_at else CREAM) for i, row in moves if row.role == "body")
    assert log.max_top > 0 and log.top == min(log.max_top, log.divider_top())  # it opens where the news start
    assert 0 < log.divider_top() < log.content_h
    # keys: Home, End, arrows, pages
    key(app, pygame.K_HOME)
    assert log.top == 0
    key(app, pygame.K_PAGEDOWN)
    assert log.top > 0
    key(app, pygame.K_END)
    assert log.top == log.max_top
    key(app, pygame.K_UP)
    assert log.top < log.max_top
    # the wheel
    bottom = log.max_top
    send(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    assert log.top < bottom
    # a drag of the list: down shows older moves, like a touch screen
    key(app, pygame.K_END)
    start = (log.list_rect.centerx - 40, log.list_rect.centery)
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] + 120), rel=(0, 120), buttons=(1, 0, 0)))
    assert log.top == log.max_top - 120
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] + 120), button=1),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] + 200), rel=(0, 80), buttons=(0, 0, 0)))
    assert log.top == log.max_top - 120  # the drag ended with the button
    # Esc closes it; so do L and a click beside it (which does nothing else on the board)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is board
    click(app, board.hud.log_rect.center)  # a click on Recent moves opens it
    _overlay(app)
    key(app, pygame.K_l)
    assert app.stack.top is board
    board._hover(board.hud.log_rect.center)
    send(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    _overlay(app)  # the wheel turned back over Recent moves opens it too
    log_before = len(c.game.log)
    click(app, board.view.rect.center)
    assert app.stack.top is board and len(c.game.log) == log_before


@pytest.mark.parametrize("app", ["de"], indirect=True)
def test_the_log_and_its_divider_speak_german(app):
    from layout_check import faults

    board = open_six(app)
    play_until(app, board, your_turn_after_rounds(2))
    board.open_log()
    app.step(0)
    log = _overlay(app)
    assert any(row.text == "Seit deinem letzten Zug" for row in log.rows)
    assert faults(app) == []
