"""What the board says back: automatic feats, skipped third-tribe turns, refusals in plain words, the banner
after a turn, fixed display slots, tooltips that keep lit spaces visible, and the pause/save layering."""

from __future__ import annotations

import pygame

from iwari_desktop.engine import Biome, Phase
from iwari_desktop.engine.bots.players import GreedyBot
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.board.controller_words import NO_PAYMENT, UNEXPLORED_HINT
from iwari_desktop.scenes.ui.intents import Intent, Kind
from iwari_desktop.scenes.board.overlays import HandoffOverlay, SaveOverlay, covered
from iwari_desktop.scenes.setup.setup import start_game
from iwari_desktop.scenes.selftest.smoke_driver import bot_step, dismiss_screen
from scene_helpers import click, find_button, frames_at_checkpoints, key, make_game, press


def _board(app, **kwargs) -> BoardScene:
    start_game(app, make_game(**kwargs))
    board = app.stack.find(BoardScene)
    key(app, pygame.K_RETURN)  # take the first handoff
    return board


def _play_until(app, board: BoardScene, done, seed: int = 3, limit: int = 20_000) -> None:
    """Bot gestures with the screens in the loop until `done()`; the frames on the way are not drawn, the
    moment reached is (scene_helpers.frames_at_checkpoints): what the tests check is the game's and the
    controller's state, the log and the message."""
    bot = GreedyBot(seed)
    c = board.controller
    with frames_at_checkpoints(app):
        for _ in range(limit):
            if done():
                return
            if dismiss_screen(app.stack.top) is not None:
                pass
            elif c.over:
                break
            else:
                bot_step(c, bot)
            app.step(0)
    assert done(), "the condition never came up in a whole game"


def test_an_automatic_feat_is_announced_and_logged(app):
    board = _board(app, players=3, seed=7)  # this seed's game has feats with a single place to go
    c = board.controller
    _play_until(app, board, lambda: any(text.startswith("earns ") for _, text in c.history))
    tribe, text = next(e for e in c.history if e[1].startswith("earns "))
    feat = [f for f in c.state.feats if f.tribe == tribe][-1]  # the feat just placed, not an earlier one
    assert text.startswith(f"earns {feat.feat.value.capitalize()} on ")
    assert c.message is not None and not c.message.error and " earns " in c.message.text


def test_feat_icons_have_a_tooltip_with_feat_earner_and_multiplier(app):
    board = _board(app, players=3, seed=5)
    c = board.controller
    _play_until(app, board, lambda: bool(c.state.feats) and app.stack.top is board)
    index, rect = board.view.feat_spots(c.state)[0]
    board.handle(Intent(Kind.HOVER, pos=rect.center))
    assert board.hover_feat == index
    lines = c.feat_info(index)
    feat = c.state.feats[index]
    assert lines[0].startswith(f"{feat.feat.value.capitalize()} feat on ")
    assert lines[1] == f"Earned by {c.tribe_name(feat.tribe)}"
    assert "×" in lines[2] or "nothing" in lines[2]
    app.step(0)


def test_a_skipped_third_tribe_turn_is_said_out_loud(app):
    board = _board(app, players=2, seed=3)
    c = board.controller
    _play_until(app, board, lambda: any("is skipped" in text for _, text in c.history))
    tribe, _ = next(e for e in c.history if "is skipped" in e[1])
    assert tribe == c.state.third_tribe
    assert c.message is not None and "its turn is skipped." in c.message.text


def test_cards_that_cannot_pay_together_are_explained_with_the_unexplored_hint(app):
    board = _board(app, players=3, seed=5)
    c = board.controller
    seat = c.state.active_seat
    c.state.hands[seat] = sorted([Biome.DESERT, Biome.DESERT, Biome.FOREST])
    c.clear_selection()
    for i in range(3):
        c.toggle_card(i)
    assert not c.lit_territories()
    assert c.message is not None and c.message.text == NO_PAYMENT + " " + UNEXPLORED_HINT
    c.toggle_card(0)  # Desert + Forest: a pair of nothing, two pieces of two biomes nowhere
    c.toggle_card(0)
    assert c.message is None or c.message.text.startswith(NO_PAYMENT)


def test_two_different_biomes_get_the_plain_explanation_without_the_hint(app):
    board = _board(app, players=3, seed=5)
    c = board.controller
    c.state.hands[c.state.active_seat] = sorted([Biome.DESERT, Biome.FOREST])
    c.toggle_card(0)
    c.toggle_card(1)
    assert c.message is not None and c.message.text == NO_PAYMENT


def test_after_a_turn_the_banner_keeps_the_player_and_names_who_is_next(app):
    board = _board(app, players=3, seed=5)
    c = board.controller
    seat = c.viewer_seat
    _play_until(app, board, lambda: c.turn_done)
    assert c.shown_tribe == seat != c.state.active_seat
    assert c.prompt() == f"Turn over — pass the computer to {c.tribe_name(c.state.active_seat)} (Enter)."
    assert c.hand_visible and c.observation().seat == seat
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, HandoffOverlay)


def test_display_cards_keep_their_slots_after_a_take(app):
    board = _board(app, players=3, seed=5)
    c = board.controller
    _play_until(app, board, lambda: c.state.phase is Phase.DRAW and app.stack.top is board
                and len(c.state.hands[c.state.active_seat]) <= 1)
    before = c.display_slots()
    can_take, _ = c.drawable()
    index = next(i for i, card in enumerate(before) if card in can_take)
    click(app, board.hud.display_rects[index].center)
    after = c.display_slots()
    assert after[index] is None
    assert [card for i, card in enumerate(after) if i != index] == [card for i, card in enumerate(before) if i != index]
    log = len(c.game.log)
    click(app, board.hud.display_rects[index].center)  # a fast second click on the now empty slot
    assert len(c.game.log) == log


def test_the_pause_menu_draws_nothing_under_the_save_screen(app):
    board = _board(app)
    board.open_pause()
    pause = app.stack.top
    press(app, find_button(pause, "Save game"))
    assert isinstance(app.stack.top, SaveOverlay) and covered(pause)
    canvas = pygame.Surface(app.screen.get_size())
    canvas.fill((200, 180, 150))
    pause.draw(canvas)
    colours = {canvas.get_at((x, y))[:3] for x in range(0, canvas.get_width(), 37) for y in range(0, canvas.get_height(), 29)}
    assert len(colours) == 1  # only the dimming: no panel, no "autosaved" line
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is pause and not covered(pause)


def test_tooltips_keep_off_the_lit_tent_spaces(app):
    board = _board(app, players=3, seed=5)
    c = board.controller
    _play_until(app, board, lambda: c.state.phase is Phase.PIECES and len(c.lit_spaces()) >= 2)
    spaces = [board.view.to_screen(c.state.board.spaces[s].position) for s in sorted(c.lit_spaces())]
    pos = spaces[0]
    board.handle(Intent(Kind.HOVER, pos=pos))
    rect = board.tooltip_rect(pos, (app.ui.px(240), app.ui.px(90)))
    assert not rect.collidepoint(pos)
    assert not any(rect.collidepoint(p) for p in spaces)


def test_esc_on_the_menu_asks_before_quitting(app):
    from iwari_desktop.scenes.ui.dialogs import ConfirmScene

    key(app, pygame.K_ESCAPE)
    assert app.running and isinstance(app.stack.top, ConfirmScene)
    assert app.stack.top.question == "Quit Iwari Desktop?"
    key(app, pygame.K_ESCAPE)
    assert app.running and app.stack.top.name == "menu"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert not app.running
