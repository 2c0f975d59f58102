"""The hand's number keys and the main button say what a press does (issue #19 item 10).

Found playing against five computers: after a card was played the hand's cards moved up a place while
their key badges stayed on the cards during the computers' turns, when the keys did nothing; and the
main button read a "Continue" at the start of the player's turn where it otherwise reads "End turn".
"""

from __future__ import annotations

import pygame
import pytest

from iwari_desktop.engine import Phase, Place
from catch_up_helpers import one_step, open_six, play_until, your_turn_after_rounds
from scene_helpers import key


def _hand_keys(app, board) -> dict[str, pygame.Rect]:
    """The number badges drawn on the hand: key text -> where it was drawn."""
    from layout_check import record

    hand = board.hud.hand_rect
    return {t.text: t.ink for t in record(app).texts if t.text in ("1", "2", "3") and hand.contains(t.ink)}


def test_key_n_picks_the_nth_card_shown_after_a_card_was_played(app):
    board = open_six(app)
    play_until(app, board, your_turn_after_rounds(1))
    c = board.controller
    # play one card for one piece: the hand closes up, two cards in the first two places
    one_card = next(a for a in c.legal() if isinstance(a, Place) and len(a.cards) == 1)
    assert c._submit(one_card)
    bots: dict = {}
    while c.state.phase is not Phase.DRAW:
        one_step(app, board, bots)
    assert len(c.hand()) == 2
    assert _hand_keys(app, board) == {}  # the draw step: the keys pick nothing, so none is drawn
    key(app, pygame.K_1)
    assert c.selected == [] and c.message is not None and c.message.error  # and a key press says why
    play_until(app, board, your_turn_after_rounds(2))
    app.step(0)
    hand = c.hand()
    keys = _hand_keys(app, board)
    assert sorted(keys) == [str(n + 1) for n in range(len(hand))]
    for n in range(len(hand)):
        assert board.hud.hand_rects[n].inflate(app.ui.px(16), app.ui.px(16)).contains(keys[str(n + 1)])
        key(app, pygame.K_1 + n)
        assert c.selected_cards() == (hand[n],)  # key n + 1 picks the card drawn in place n + 1
        key(app, pygame.K_1 + n)
        assert c.selected == []


def test_no_key_badge_while_the_computers_play_and_the_keys_say_why(app):
    board = open_six(app)
    play_until(app, board, your_turn_after_rounds(1))
    c = board.controller
    play_until(app, board, lambda c: c.turn_done and c.last_seat == 0)
    assert c.hand_visible and _hand_keys(app, board) == {}  # your finished turn: the hand shows, no keys
    key(app, pygame.K_2)
    assert c.selected == [] and c.message is not None and c.message.error
    c.confirm()
    assert c.computer_to_move and c.hand_visible and _hand_keys(app, board) == {}
    key(app, pygame.K_2)
    assert c.selected == [] and "computer" in c.message.text


def _primary(app, board):
    board._seen_version = -1
    board._refresh_buttons()
    button = board._buttons["primary"]
    return button.text, button.is_enabled, button.tool_tip_text


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_the_main_button_names_what_it_does_and_says_why_it_is_greyed(app):
    from iwari_desktop.i18n import _

    board = open_six(app)
    c = board.controller
    play_until(app, board, your_turn_after_rounds(1))
    # the start of your turn: "End turn", greyed, and why
    text, enabled, why = _primary(app, board)
    assert (text, enabled) == (_("End turn"), False) and why and c.prompt() in why
    # pygame-gui shows no tooltip on a greyed button: the board draws the reason under the mouse
    shown = board.greyed_reason(board._buttons["primary"].rect.center)
    assert shown[0] == _("End turn") and " ".join(shown[1:]).split() == why.split()
    # your turn played: a press passes play on to the next tribe
    play_until(app, board, lambda c: c.turn_done and c.last_seat == 0)
    text, enabled, why = _primary(app, board)
    assert text == _("End turn » {player}").format(player="Kiona") and enabled and "Kiona" in why
    # a computer at work: greyed, and it says who is playing
    c.confirm()
    text, enabled, why = _primary(app, board)
    assert (text, enabled) == (_("End turn"), False) and "Kiona" in why
    # the last computer done, play comes back to you: never a "Continue", the same words as for every turn
    play_until(app, board, lambda c: c.turn_done and c.last_seat == 5)
    text, enabled, why = _primary(app, board)
    assert text == _("End turn » {player}").format(player="Tester") and enabled and why
    assert text != _("Continue")
    # play passes on to you: the greyed button shows its new words at once, with no look of it left to
    # redraw in later frames (an idle window draws none: the old words stayed on the greyed button)
    c.confirm()
    board._refresh_buttons()
    primary = board._buttons["primary"]
    assert (primary.text, primary.is_enabled) == (_("End turn"), False)
    shape = primary.drawable_shape
    assert not shape.states_to_redraw_queue and shape.active_state.state_id == "disabled"
