"""What a scripted new player (real clicks and keys under Xvfb) tripped over; each test fails without its fix.

The playtest itself is described in the report of wt-playtest; these tests pin each finding down
headless, through the same scenes.
"""

from __future__ import annotations

import pygame

from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.board.narration import Announcement
from iwari_desktop.scenes.board.overlays import AnnouncementOverlay
from iwari_desktop.scenes.setup.setup import start_game
from layout_check import all_text
from scene_helpers import key, make_game, send


def _board(app, **kwargs) -> BoardScene:
    start_game(app, make_game(**kwargs))
    app.step(0)
    key(app, pygame.K_RETURN)
    return app.stack.find(BoardScene)


def _hover(app, pos) -> list[str]:
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return all_text(app)


def test_a_tooltip_does_not_linger_under_a_screen_opened_on_top(app):
    """Seen at 1280×800: a display card's tooltip stayed drawn under "The deck ran out", cut by its panel."""
    board = _board(app, players=3, seed=5)
    tooltip = f"{board.controller.display_slots()[0].label} card (display)"
    assert tooltip in " | ".join(_hover(app, board.hud.display_rects[0].center))
    app.stack.push(AnnouncementOverlay(app, Announcement("The deck ran out", "A new deck.")))
    app.step(0)
    assert tooltip not in " | ".join(all_text(app))
    assert board.hover_territory is None


def test_picking_three_cards_one_by_one_says_what_completes_them_not_that_they_cannot_pay(app):
    """Seen while paying Forest + Forest + Desert: after the second card the banner said the cards can't pay."""
    from iwari_desktop.engine import Biome
    from iwari_desktop.engine.core.state import EMPTY
    from iwari_desktop.scenes.board.controller_words import NO_PAYMENT
    from engine_helpers import put_tent

    board = _board(app, players=3, seed=5)
    c = board.controller
    s = c.state
    desert = next(t for t in s.board.territories if t.biome is Biome.DESERT)
    put_tent(s, (s.active_seat + 1) % 3, next(i for i in desert.tent_spaces if s.space_owner[i] == EMPTY))
    s.hands[s.active_seat] = [Biome.FOREST, Biome.DESERT, Biome.FOREST]
    c._changed()
    c.clear_selection()
    c.toggle_card(0)
    c.toggle_card(1)  # Forest + Desert: nowhere on their own
    assert c.message is not None and not c.message.text.startswith(NO_PAYMENT)
    assert "Forest card" in c.message.text
    c.toggle_card(2)
    assert c.message is None and desert.index in c.lit_territories()


def test_what_lies_under_a_still_mouse_is_looked_up_again_after_a_move(app):
    """Seen in the expansion play-test: after a feat went down under the mouse, the tooltip kept
    describing the connection until the mouse moved. Replay a seeded game to the step that places the
    first feat, rest the mouse where that feat will appear, take the step: the hover is the feat."""
    from iwari_desktop.engine.bots.players import GreedyBot
    from iwari_desktop.scenes.selftest.smoke_driver import bot_step

    def fresh_board() -> BoardScene:
        board = _board(app, players=3, seed=5)
        while app.stack.top is not board:
            app.stack.pop()
        return board

    board, bot = fresh_board(), GreedyBot(2)
    steps = 0
    while not board.controller.state.feats and steps < 5000:
        bot_step(board.controller, bot)
        steps += 1
    assert board.controller.state.feats, "the seeded game placed no feat"
    spot = board.view.feat_spots(board.controller.state)[0][1].center

    board, bot = fresh_board(), GreedyBot(2)
    for _ in range(steps - 1):
        bot_step(board.controller, bot)
    board._hover(spot)
    assert board.hover_feat is None and not board.controller.state.feats
    bot_step(board.controller, bot)
    app.step(0)
    assert board.controller.state.feats and board.hover_feat == 0
