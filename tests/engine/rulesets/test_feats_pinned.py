"""B19 / P5 pinned (issue #32): the order in which tribes are asked for Honour and Respect when a piece
leaves (P5), on hand-built positions of the fixture board and the bundled maps."""

from __future__ import annotations

from engine_helpers import make_state
from iwari_desktop.engine import GameConfig, new_game
from iwari_desktop.engine.rulesets.feat_rules import p5_order


def test_p5_the_acting_tribe_first_then_turn_order_from_the_active_player_each_tribe_once():
    state = make_state(4)
    state.active_seat = 2
    assert p5_order(state, 1) == [1, 2, 3, 0]
    assert p5_order(state, 2) == [2, 3, 0, 1]


def test_p5_the_third_tribe_and_the_neutral_void_come_after_the_seats():
    state = make_state(2)
    state.active_seat = 1
    assert state.third_tribe == 2
    assert p5_order(state, 0) == [0, 1, 2]
    assert p5_order(state, 2) == [2, 1, 0]
    state = new_game(GameConfig.quick("uncharted-paths", 3, 1, first_player=0))
    state.active_seat = 2
    assert state.void_tribe == 3
    assert p5_order(state, 1) == [1, 2, 0, 3]
    assert p5_order(state, 3) == [3, 2, 0, 1]
