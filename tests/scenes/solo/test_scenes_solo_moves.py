"""S9 moving pieces on the board: the click flow through the controller, the way a person's clicks go.

The position is the rulebook's move example on the fixture board (tests/support/solo_helpers.py): Desert is
full and counted, the player's totem there lies under a Void totem, Forest is explored; the hand is
1 Desert + 2 Tundra, a wild pair, so two tents can move from Desert to Forest.
"""

from __future__ import annotations

import random

from engine_helpers import give_hand, put_tents, put_totem
from solo_helpers import solo_state, vd, void

from iwari_desktop.engine import Biome, Game, Phase
from iwari_desktop.engine.rulesets.solo.actions import MovePiece, MovePieces
from iwari_desktop.engine.rulesets.solo.data import Claim
from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.selftest.smoke_driver import select_cards
from iwari_desktop.scenes.selftest.solo_driver import clickable, void_step

T_DESERT, T_TUNDRA, T_FOREST = 0, 1, 2
DESERT, TUNDRA = Biome.DESERT, Biome.TUNDRA


def move_position(totem_free: bool = False) -> GameController:
    state = solo_state()
    put_tents(state, 0, [0, 1, 2, 3])
    put_tents(state, void(state), [4, 5, 6])                     # Desert full
    vd(state).claims[T_DESERT] = Claim("players", 4, 3, 1, 1, "players", "filled", 1)
    if totem_free:
        put_totem(state, void(state), T_DESERT)
        put_totem(state, 0, T_DESERT)                            # the player's totem on top: it may move
    else:
        put_totem(state, 0, T_DESERT)
        put_totem(state, void(state), T_DESERT)                  # under the Void totem: it stays (S9)
    put_tents(state, 0, [12])                                    # Forest explored
    give_hand(state, 0, [DESERT, TUNDRA, TUNDRA])
    c = GameController(Game(state.config, state))
    c.accept_handoff()
    return c


def test_s9_the_selection_lights_the_full_territory_to_leave_then_its_destinations():
    c = move_position()
    select_cards(c, (DESERT, TUNDRA, TUNDRA))
    assert c.selection_problem() is None
    assert T_DESERT in c.lit_territories()
    assert "move your pieces out of" in c.prompt()
    assert c.click_territory(T_DESERT)                          # the source: nothing is played yet
    assert c.game.log == [] and c.chosen_move_source() == T_DESERT
    destinations = c.lit_territories()
    legal = {a.territory for a in c.legal() if isinstance(a, MovePieces) and a.source == T_DESERT
             and a.cards == (TUNDRA, TUNDRA, DESERT)}
    assert destinations == legal and T_FOREST in destinations and T_DESERT not in destinations
    assert c.prompt().startswith("Click a lit territory to move your pieces from")


def test_s9_clicking_the_source_again_puts_it_back_and_a_new_selection_forgets_it():
    c = move_position()
    select_cards(c, (DESERT, TUNDRA, TUNDRA))
    c.click_territory(T_DESERT)
    assert c.click_territory(T_DESERT) and c.chosen_move_source() is None
    c.click_territory(T_DESERT)
    c.clear_selection()
    select_cards(c, (DESERT, TUNDRA, TUNDRA))
    assert c.chosen_move_source() is None and T_DESERT in c.lit_territories()


def test_s9_move_example_by_clicks_two_tents_leave_desert_and_the_covered_totem_stays():
    c = move_position()
    select_cards(c, (DESERT, TUNDRA, TUNDRA))
    c.click_territory(T_DESERT)
    assert c.click_territory(T_FOREST)
    assert c.game.log == [MovePieces(T_DESERT, T_FOREST, (TUNDRA, TUNDRA, DESERT), 2)]
    assert c.state.phase is Phase.PIECES and c.moving()
    assert not c.totem_allowed()                                # the totem under the Void totem cannot move
    assert c.lit_spaces() == {0, 1, 2, 3}                       # the player's tents in Desert
    assert "Move piece 1 of 2" in c.prompt()
    assert not c.click_space(13)                                # a destination before a tent: refused in words
    assert c.message.error and "lit tents" in c.message.text
    assert c.click_space(0)                                     # the tent to move
    assert c.lit_spaces() == {0, 13, 14, 15} and len(c.game.log) == 1   # the chosen tent stays lit
    assert c.click_space(0) and c.chosen_move_from() is None            # ... and a click puts it back
    assert c.lit_spaces() == {0, 1, 2, 3}
    assert c.click_space(0)
    assert c.click_space(13)
    assert c.game.log[-1] == MovePiece(0, 13)
    c.click_space(1)
    c.click_space(14)
    assert c.game.log[-1] == MovePiece(1, 14)
    s = c.state
    assert s.territory_tents[T_FOREST][0] == 3 and s.territory_tents[T_DESERT][0] == 2
    assert vd(s).claims[T_DESERT].side == "players"            # a counted territory stays counted
    assert any("moves a tent from" in text for _, text in c.history)


def test_s9_one_piece_only_is_offered_when_the_cards_buy_one_or_two():
    c = move_position()
    give_hand(c.state, 0, [DESERT, DESERT])
    c._changed()
    select_cards(c, (DESERT, DESERT))
    c.click_territory(T_DESERT)
    assert c.piece_counts() == [1, 2]                           # the "1 piece only" switch is offered
    c.set_pieces(1)
    assert c.click_territory(T_FOREST)
    assert c.game.log[-1] == MovePieces(T_DESERT, T_FOREST, (DESERT, DESERT), 1)


def test_s9_a_free_totem_moves_with_the_totem_button_then_a_tent_follows():
    c = move_position(totem_free=True)
    select_cards(c, (DESERT, TUNDRA, TUNDRA))
    c.click_territory(T_DESERT)
    assert c.click_territory(T_FOREST)
    assert c.move_totem_allowed() and c.totem_allowed() and T_DESERT in c.lit_territories()
    assert "or move your totem (T)" in c.prompt()
    assert c.place_totem()
    assert c.game.log[-1] == MovePiece(None, None)
    assert c.state.totem_counts[T_FOREST][0] == 1 and c.state.totem_counts[T_DESERT][0] == 0
    assert c.click_space(2) and c.click_space(15)
    assert c.game.log[-1] == MovePiece(2, 15) and not c.moving()


def test_s9_a_destination_the_cards_cannot_reach_is_refused_in_words_and_plays_nothing():
    c = move_position()
    select_cards(c, (DESERT, TUNDRA, TUNDRA))
    c.click_territory(T_DESERT)
    unreachable = next(t.index for t in c.state.board.territories
                       if t.index not in c.lit_territories() and t.index != T_DESERT)
    assert not c.click_territory(unreachable)
    assert c.game.log == [] and c.message.error


def test_s9_the_driver_makes_every_legal_move_by_clicks():
    c = move_position(totem_free=True)
    moves = [a for a in clickable(c.legal()) if isinstance(a, MovePieces)]
    assert moves
    rng = random.Random(3)
    for move in moves:
        again = move_position(totem_free=True)
        select_cards(again, move.cards)
        again.set_pieces(move.pieces)
        assert again.click_territory(move.source) and again.click_territory(move.territory)
        assert again.game.log == [move]
        while again.moving():
            before = len(again.game.log)
            void_step(again, rng)
            assert len(again.game.log) == before + 1 and isinstance(again.game.log[-1], MovePiece)
