"""Issue 13, a player's view: big events announced, turn wording, held scores, Enter, stale controls, hover facts.

Each test drives the real scenes headless (SDL dummy drivers) through the same gestures a person
makes, and fails on the behaviour the issue reported.
"""

from __future__ import annotations

import pygame
import pytest

from iwari_desktop.engine import Phase, PlaceTotem
from iwari_desktop.engine.bots.players import GreedyBot
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.board.narration import EVENT
from iwari_desktop.scenes.board.overlays import AnnouncementOverlay, HandoffOverlay, SaveOverlay
from iwari_desktop.scenes.scoring.scoring import ScoringScene
from iwari_desktop.scenes.setup.setup import start_game
from iwari_desktop.scenes.selftest.smoke_driver import bot_step
from layout_check import all_text
from scene_helpers import click, find_button, frames_at_checkpoints, key, make_game, press, send


def _board(app, **kwargs) -> BoardScene:
    start_game(app, make_game(**kwargs))
    app.step(0)
    key(app, pygame.K_RETURN)
    return app.stack.find(BoardScene)


def _play(app, board: BoardScene, until, seed: int = 2, announcements: list | None = None) -> None:
    """Play by bot gestures with the screens in the loop; announcements are acknowledged with Enter. The
    loop's frames on the way are not drawn; the moment reached is (scene_helpers.frames_at_checkpoints)."""
    with frames_at_checkpoints(app):
        _play_through(app, board, until, seed, announcements)


def _play_through(app, board: BoardScene, until, seed: int, announcements: list | None) -> None:
    c, bot = board.controller, GreedyBot(seed)
    for _ in range(30_000):
        if until():
            return
        top = app.stack.top
        if isinstance(top, AnnouncementOverlay):
            if announcements is not None:
                announcements.append(top.note)
            key(app, pygame.K_RETURN)
        elif isinstance(top, HandoffOverlay):
            key(app, pygame.K_RETURN)
        elif isinstance(top, ScoringScene):
            top.skip()
            top.close()
            app.step(0)
        else:
            bot_step(c, bot)
            app.step(0)
    raise AssertionError("the wanted moment never came")


# ---- item 1: big events ------------------------------------------------------------------------------

def test_the_deck_running_out_is_announced_until_acknowledged_and_logged(app):
    board = _board(app, players=3, seed=4)
    c = board.controller
    _play(app, board, lambda: isinstance(app.stack.top, AnnouncementOverlay))
    overlay = app.stack.top
    assert c.state.deck_exhaustions == 1 and c.state.deck  # reshuffled
    assert overlay.note.title == "The deck ran out"
    assert "half journey" in overlay.note.body
    assert any(t == EVENT and "Half-journey scoring" in text for t, text in c.history)
    key(app, pygame.K_ESCAPE)                # Esc does not wave it away
    click(app, (5, 5))                       # nor does a click beside it
    assert app.stack.top is overlay
    key(app, pygame.K_RETURN)
    assert app.stack.top is not overlay
    assert "The deck ran out" in " ".join(all_text(app)) or any(t == EVENT for t, _ in c.history[-12:])


@pytest.mark.parametrize("seed", [7, 6])  # 7: three players still to play; 6: triggered by the round's last seat
def test_the_end_of_the_journey_is_announced_with_who_still_plays(app, seed):
    board = _board(app, players=4, seed=seed)
    c = board.controller
    seen: list = []
    _play(app, board, lambda: c.state.end_triggered and isinstance(app.stack.top, AnnouncementOverlay)
          and app.stack.top.note.title == "The journey is ending", announcements=seen)
    note = app.stack.top.note
    assert [n.title for n in seen] == ["The deck ran out"]
    state = c.state
    if state.is_terminal():
        assert "ends now" in note.body
        return
    seats, seat = [], state.active_seat
    while True:
        seats.append(seat)
        if seat == (state.first_seat - 1) % 4:
            break
        seat = (seat + 1) % 4
    for s in seats:
        assert state.tribes[s].name in note.body
    for s in set(range(4)) - set(seats):
        assert state.tribes[s].name not in note.body
    assert any(t == EVENT and "ends this round" in text for t, text in c.history)


def test_a_loaded_game_still_shows_the_events_in_recent_moves(app):
    from iwari_desktop.scenes.board.controller import GameController

    board = _board(app, players=3, seed=4)
    c = board.controller
    _play(app, board, lambda: c.state.deck_exhaustions == 1 and app.stack.top is board)
    again = GameController(c.game)
    assert [e for e in again.history if e[0] == EVENT] == [e for e in c.history if e[0] == EVENT]
    assert any(e[0] == EVENT for e in again.history)


# ---- item 4: Enter never places a piece --------------------------------------------------------------

def _until_totem_choice(app, board):
    c = board.controller
    _play(app, board, lambda: c.state.phase is Phase.PIECES and c.totem_allowed() and c.hand_visible
          and app.stack.top is board)


def test_enter_while_placing_pieces_places_nothing_and_t_places_the_totem(app):
    board = _board(app, players=3, seed=5)
    c = board.controller
    _until_totem_choice(app, board)
    log = list(c.game.log)
    key(app, pygame.K_RETURN)
    assert c.game.log == log, "Enter placed a piece"
    assert board._buttons["primary"].text != "Place a totem (T)"
    assert board._buttons["totem"].visible
    key(app, pygame.K_t)
    assert c.game.log[-1] == PlaceTotem()


# ---- item 6: scores held until the reveal --------------------------------------------------------------

def test_the_tribe_panel_holds_the_half_journey_points_until_they_are_shown(app):
    board = _board(app, players=3, seed=4)
    c = board.controller
    _play(app, board, lambda: isinstance(app.stack.top, ScoringScene))
    report = c.state.reports[0]
    assert any(report.totals())
    shown = c.shown_scores()
    assert shown == [s - p for s, p in zip(c.state.scores, report.totals())]
    scoring = app.stack.top
    from iwari_desktop.scenes.ui.look import TextRecorder

    recorder = TextRecorder(app.screen.get_size())  # the board underneath, before the scoring is stepped through
    app.ui.recorder = recorder
    board.draw(app.screen)
    app.ui.recorder = None
    drawn = [t.text for t in recorder.texts if t.text.isdigit() and board.hud.tribes_rect.contains(t.ink)]
    assert drawn == [str(v) for v in shown] != [str(v) for v in c.state.scores]
    scoring.skip()
    scoring.close()
    assert c.shown_scores() == c.state.scores


# ---- item 8: turn wording -------------------------------------------------------------------------------

def test_the_handoff_counts_each_players_own_turns(app):
    start_game(app, make_game(players=3, seed=5))
    app.step(0)
    handoff = app.stack.top
    assert isinstance(handoff, HandoffOverlay)
    assert "your turn 1." in handoff._texts()[0]
    board = app.stack.find(BoardScene)
    c = board.controller
    key(app, pygame.K_RETURN)
    bot = GreedyBot(1)
    seen = []
    while len(seen) < 4:
        top = app.stack.top
        if isinstance(top, HandoffOverlay):
            seen.append(top._texts()[0])
            key(app, pygame.K_RETURN)
        elif isinstance(top, AnnouncementOverlay):
            key(app, pygame.K_RETURN)
        else:
            if c.turn_done:
                assert c.round_number() == c.state.turns_taken[c.viewer_seat]  # not moved before End turn
            bot_step(c, bot)
            app.step(0)
    assert all("your turn 1." in text for text in seen[:2]), seen  # the other two players' first turns
    assert "your turn 2." in seen[2], seen                           # the first player again


# ---- item 9: stale controls -----------------------------------------------------------------------------

def test_closing_the_save_dialog_brings_back_no_phantom_button(app):
    board = _board(app, players=3, seed=5)
    c = board.controller
    assert len(c.piece_counts()) <= 1
    assert not board._buttons["pieces"].visible
    key(app, pygame.K_ESCAPE)
    press(app, find_button(app.stack.top, "Save game"))
    assert isinstance(app.stack.top, SaveOverlay)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is board
    assert not board._buttons["pieces"].visible
    assert not board._buttons["totem"].visible


def test_no_totem_button_outside_the_pieces_step(app):
    board = _board(app, players=3, seed=5)
    c = board.controller
    _until_totem_choice(app, board)
    key(app, pygame.K_t)
    _play(app, board, lambda: c.state.phase is Phase.DRAW and app.stack.top is board)
    assert not board._buttons["totem"].visible
    assert "totem" not in board._buttons["primary"].text.lower()


# ---- item 11: hover facts --------------------------------------------------------------------------------

def _hover(app, pos) -> list[str]:
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return all_text(app)


def test_hovering_the_deck_display_hand_and_a_mountain_explains_them(app):
    board = _board(app, players=3, seed=5)
    c = board.controller
    text = " | ".join(_hover(app, board.hud.deck_rect.center))
    assert f"Deck: {len(c.state.deck)} cards left" in text and "First journey" in text
    slots = c.display_slots()
    text = " | ".join(_hover(app, board.hud.display_rects[0].center))
    assert f"{slots[0].label} card (display)" in text
    text = " | ".join(_hover(app, board.hud.hand_rects[1].center))
    assert f"{c.hand()[1].label} card (your hand)" in text
    assert c.state.mountains, "the scene tests' map has mountains"
    n = c.state.mountains[0]
    spot = board.view.to_screen(board.view.mountain_spot(n))
    text = " | ".join(_hover(app, spot))
    a, b = (c.state.board.territories[t].name for t in c.state.board.connections_by_number[n].territories)
    assert f"Mountain on connection {n}" in text  # icebergs only where a map's rules say so (E4) and a in text and b in text
