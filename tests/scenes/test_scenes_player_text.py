"""Words a player reads that came out wrong, squeezed or cut short (mostly in German, a third longer):
the tutorial's hand title filled with the learner's tribe name ("Hand von Dein Stamm"), the journey's
Briefing button only just holding its German words, the board's side panel cutting its lines with "…",
and a standing hint whose banner still counted every territory the cards could pay for while only the
hinted one was lit."""

from __future__ import annotations

import random

import pygame
import pytest

from iwari_desktop import storage
from iwari_desktop.engine.core.actions import Place
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.i18n import _, current_language
from iwari_desktop.scenes.board.hints import Hint, hint_cards, show_hint
from layout_check import all_text, cramped_buttons, cut_short, faults, record
from scene_helpers import advance_void_game, frames_at_checkpoints, resize

SIZES = [(1280, 720), (1920, 1080)]


# ---- 1: the tutorial's hand is "Your hand", not "Your tribe's hand" -------------------------------------
@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_the_tutorials_hand_title_speaks_to_the_learner(app):
    from iwari_desktop.scenes.tutorial.tutorial import start_tutorial

    start_tutorial(app)
    c = app.stack.top.controller
    assert c.hand_visible and c.viewer_seat == c.you == 0
    texts = all_text(app)
    assert {"en": "Your hand", "de": "Deine Hand"}[current_language()] in texts
    learner = c.tribe_name(c.you)                                   # "Your tribe" / "Dein Stamm"
    assert learner == {"en": "Your tribe", "de": "Dein Stamm"}[current_language()]
    assert not [t for t in texts if _("{player}'s hand").format(player=learner) in t]
    assert faults(app) == []


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_an_ordinary_game_still_names_whose_hand_it_is(app):
    from hint_helpers import game_of, open_board, take_the_laptop

    board = open_board(app, game_of([None, None, None], seed=8))
    take_the_laptop(app, board)
    c = board.controller
    assert c.you is None and c.hand_visible
    name = c.tribe_name(c.viewer_seat)
    assert {"en": f"{name}'s hand", "de": f"Hand von {name}"}[current_language()] in all_text(app)


# ---- 2: the journey's buttons have room around their words ----------------------------------------------
@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("size", SIZES)
def test_the_journey_buttons_leave_room_around_their_words(app, size):
    from campaign_scene_helpers import new_journey

    resize(app, size)
    _profiles, journey = new_journey(app)
    assert journey.buttons["briefing"].text == {"en": "Briefing (Enter)",
                                                "de": "Zum Kapitel (Eingabe)"}[current_language()]
    assert cramped_buttons(app, app.ui.px(12)) == []
    assert faults(app) == []


# ---- 3: no side-panel line of a solo or co-op board is cut short ---------------------------------------
def _side_panel_cuts(app, mode: GameMode, seed: int, **options) -> tuple[list[str], int]:
    """Plays a game against the Void by gestures; at every few of its steps, the lines of the board's side
    panel that were cut with "…" (and the layout faults). Returns (faults, boards checked)."""
    from iwari_desktop.engine import Game, GameConfig, PlayerSpec
    from iwari_desktop.engine.core.config import PLAYER_COLOURS
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game

    seats = 1 if mode is GameMode.SOLO else 2
    specs = tuple(PlayerSpec(n, PLAYER_COLOURS[i]) for i, n in enumerate(["Ann", "Ben"][:seats]))
    start_game(app, Game.new(GameConfig("new-horizons", specs, seed, mode=mode, options=options)))
    board = app.stack.find(BoardScene)
    c = board.controller
    rng = random.Random(seed)
    found: list[str] = []
    checked = moves = 0
    with frames_at_checkpoints(app):    # cut_short draws the board it reads; the frames between are not read
        for _turn in range(200):
            top = app.stack.top
            if c.over:
                break
            if top is board:
                if moves % 4 == 0:
                    found += cut_short(app, board.side_rect)
                    checked += 1
                moves += 1
            advance_void_game(app, board, rng)
    if app.stack.top is board:
        found += faults(app)
    return found, checked


@pytest.mark.slow
@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("size", sorted({(1280, 720), storage.Settings().window_size}))
@pytest.mark.parametrize("mode, options", [(GameMode.SOLO, {}), (GameMode.COOP, {}),
                                           (GameMode.COOP, {"open_hands": True})])
def test_no_side_panel_line_of_a_game_against_the_void_is_cut_short(app, size, mode, options):
    resize(app, size)
    found, checked = _side_panel_cuts(app, mode, 5, **options)
    assert checked >= 10 and found == []


def test_recent_moves_wrap_a_long_move_and_keep_the_newest_whole(app):
    """A long move wraps instead of being cut; in a short log panel the heading gives way before the newest
    move would be cut short."""
    from iwari_desktop.scenes.board.narration import EVENT
    from iwari_desktop.scenes.ui.look import TextRecorder
    from hint_helpers import game_of, open_board, take_the_laptop

    board = open_board(app, game_of([None, None], seed=3))
    take_the_laptop(app, board)
    c = board.controller
    long_move = "Redscar Plateau: a sentence long enough to wrap onto a second line"
    c.history.append((EVENT, long_move))
    surface = pygame.Surface(app.screen.get_size())
    for height, heading in ((44, False), (58, False), (140, True)):  # 44: only in the smaller type
        area = pygame.Rect(board.side_rect.x, app.ui.px(100), board.side_rect.w, app.ui.px(height))
        app.ui.recorder = recorder = TextRecorder(app.screen.get_size())
        try:
            board.hud.draw_log(surface, c, area)
        finally:
            app.ui.recorder = None
        lines = [t.text for t in recorder.texts]
        assert not [t for t in lines if t.endswith("…")] and all(area.contains(t.ink) for t in recorder.texts)
        moves = [t for t in lines if t != "Recent moves"]
        assert len(moves) >= 2 and " ".join(moves).endswith(long_move)  # wrapped, whole, in order
        assert ("Recent moves" in lines) == heading


# ---- 4: a standing hint's banner names what is lit -----------------------------------------------------
def _banner(app, board) -> str:
    return " ".join(t.text for t in record(app).texts if board.banner_rect.contains(t.ink))


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_the_banner_agrees_with_the_one_territory_a_hint_lights_and_goes_back_after(app):
    from hint_helpers import game_of, open_board, take_the_laptop

    from iwari_desktop.scenes.board.hints import hint_targets

    board = open_board(app, game_of([None, None, None], seed=8))
    take_the_laptop(app, board)
    c = board.controller
    wide = None
    for action in c.game.legal_actions():  # a move whose cards alone would light several territories
        if isinstance(action, Place):
            c.selected[:] = hint_cards(c, action)
            c.pieces_choice = action.pieces
            if len(c.place_choices()) > 1:
                wide = action
                break
    assert wide is not None
    ordinary = c.prompt()
    lit = len(c.place_choices())
    assert str(lit) in ordinary  # "12 territories lit: …"
    c.selected.clear()
    c.pieces_choice = None
    hint = Hint(wide, c.describe(wide))  # the move in words, as a hint line starts
    board.computers.hint, board.computers.hint_key = hint, board.computers._key()  # as if Hard had answered now
    show_hint(c, hint)
    board._after()
    app.step(0)
    assert hint_targets(c, hint) == ({wide.territory}, None)
    banner = _banner(app, board)
    name = c.state.board.territories[wide.territory].name
    assert name in banner and str(lit) not in banner, banner
    assert {"en": "The hint lights", "de": "Der Tipp lässt"}[current_language()] in banner
    assert faults(app) == []
    board.computers.hint = None     # the hint cleared: the ordinary line is back, counting every lit territory
    app.step(0)
    banner = _banner(app, board)
    assert name not in banner or str(lit) in banner
    assert {"en": "The hint lights", "de": "Der Tipp lässt"}[current_language()] not in banner


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_a_hinted_void_play_names_its_territory_and_the_void_in_the_banner(app):
    from iwari_desktop.engine.rulesets.solo.actions import VoidPlay
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game
    from solo_scene_helpers import solo_game, until

    start_game(app, solo_game(seed=5))
    board = app.stack.find(BoardScene)
    c = board.controller
    until(c, random.Random(5), lambda: c.void_action_open() and any(
        isinstance(a, VoidPlay) and a.territory is not None for a in c.legal()))
    while app.stack.top is not board:
        app.stack.pop()
    play = next(a for a in c.legal() if isinstance(a, VoidPlay) and a.territory is not None)
    hint = Hint(play, c.describe(play))
    board.computers.hint, board.computers.hint_key = hint, board.computers._key()
    show_hint(c, hint)
    board._after()
    app.step(0)
    banner = _banner(app, board)
    assert c.state.board.territories[play.territory].name in banner, banner
    assert {"en": "for the Void", "de": "für die Leere"}[current_language()] in banner
    board.computers.hint = None
    app.step(0)
    assert {"en": "The hint lights", "de": "Der Tipp lässt"}[current_language()] not in _banner(app, board)
