"""E7 Determination token (B8's exception, P17, P43): its holder may once put a second piece in an
unexplored territory, then the token passes to the previous player in turn order."""

from __future__ import annotations

import pytest
from void_helpers import T_GREYWOOD, T_GULLWING, T_HUSHPINE, T_SCORCHGLASS, check_void_invariants, quiet_turn, void_game

from engine_helpers import draw_until_turn_ends, give_hand
from iwari_desktop.engine import (
    Biome, Exchange, Game, IllegalAction, Place, PlaceTent, PlaceTotem, apply, legal_actions, observe,
)
from iwari_desktop.engine.core.state import Phase
from iwari_desktop.engine.files.saves import load_game, save_game
from iwari_desktop.engine.rulesets.contested import PlaceContested
from iwari_desktop.engine.rulesets.determination import PERMIT, holder

FOREST, DESERT, COAST, VOID, TUNDRA = Biome.FOREST, Biome.DESERT, Biome.COAST, Biome.VOID, Biome.TUNDRA


def holder_to_move(n_players: int = 3, **kwargs):
    """A game at the holder's first turn: first player 0, so the holder (the last player) moves after the rest."""
    state = void_game(n_players, first_player=0, **kwargs)
    while state.active_seat != holder(state):
        quiet_turn(state)
    return state


@pytest.mark.parametrize("n_players, first, last", [(3, 0, 2), (4, 2, 1), (6, 0, 5), (2, 1, 0)])
def test_e7_the_token_starts_with_the_last_player(n_players, first, last):
    state = void_game(n_players, first_player=first)
    assert holder(state) == last
    assert observe(state, first).module_view("determination") == {"holder": last}


def test_e7_the_holder_places_two_pieces_in_an_unexplored_territory_then_passes_the_token():
    state = holder_to_move(3)
    assert holder(state) == 2 and not state.is_explored(T_GREYWOOD)
    give_hand(state, 2, [FOREST, FOREST, DESERT])
    assert Place(T_GREYWOOD, (FOREST, FOREST), 2) in legal_actions(state)
    apply(state, Place(T_GREYWOOD, (FOREST, FOREST), 2))
    assert state.pending.permit == PERMIT
    first_space = state.board.territories[T_GREYWOOD].tent_spaces[0]
    assert PlaceTotem() not in legal_actions(state)             # the first piece must explore: a tent
    apply(state, PlaceTent(first_space))
    options = legal_actions(state)
    assert PlaceTotem() in options and any(isinstance(a, PlaceTent) for a in options)   # P43
    apply(state, PlaceTotem())
    assert state.territory_tents[T_GREYWOOD][2] == 1 and state.totem_stacks[T_GREYWOOD] == [2]
    assert holder(state) == 1                                     # passed to the previous player
    assert state.phase is Phase.DRAW
    check_void_invariants(state)


def test_p43_the_second_piece_may_be_a_tent_and_x_plus_pair_pays():
    state = holder_to_move(4)
    give_hand(state, 3, [FOREST, VOID, VOID])
    apply(state, Place(T_HUSHPINE, (FOREST, VOID, VOID), 2))
    spaces = state.board.territories[T_HUSHPINE].tent_spaces
    apply(state, PlaceTent(spaces[0]))
    apply(state, PlaceTent(spaces[1]))
    assert state.territory_tents[T_HUSHPINE][3] == 2 and holder(state) == 2


def test_b8_without_the_token_an_unexplored_territory_takes_exactly_one_tent():
    state = void_game(3, first_player=0)      # seat 0 acts, seat 2 holds the token
    give_hand(state, 0, [FOREST, FOREST, DESERT])
    assert Place(T_GREYWOOD, (FOREST, FOREST), 2) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="B8"):
        apply(state, Place(T_GREYWOOD, (FOREST, FOREST), 2))
    assert holder(state) == 2


def test_p17_using_the_token_is_optional_and_it_stays_until_used():
    state = holder_to_move(3)
    give_hand(state, 2, [FOREST, FOREST, DESERT])
    apply(state, Place(T_GREYWOOD, (FOREST,), 1))
    apply(state, PlaceTent(state.board.territories[T_GREYWOOD].tent_spaces[0]))
    assert holder(state) == 2
    draw_until_turn_ends(state)
    quiet_turn(state)
    quiet_turn(state)
    give_hand(state, 2, [DESERT, DESERT, COAST])
    assert Place(T_SCORCHGLASS, (DESERT, DESERT), 2) in legal_actions(state)   # still usable later


def test_e7_once_used_the_former_holder_cannot_do_it_again():
    state = holder_to_move(3)
    give_hand(state, 2, [FOREST, FOREST, DESERT])
    apply(state, Place(T_GREYWOOD, (FOREST, FOREST), 2))
    apply(state, PlaceTent(state.board.territories[T_GREYWOOD].tent_spaces[0]))
    apply(state, PlaceTent(state.board.territories[T_GREYWOOD].tent_spaces[1]))
    draw_until_turn_ends(state)
    quiet_turn(state)
    quiet_turn(state)
    assert state.active_seat == 2 and holder(state) == 1
    give_hand(state, 2, [DESERT, DESERT, COAST])
    with pytest.raises(IllegalAction, match="B8"):
        apply(state, Place(T_SCORCHGLASS, (DESERT, DESERT), 2))


def test_e7_the_token_goes_round_to_the_previous_player_each_time():
    state = void_game(3, first_player=0)
    seen = [holder(state)]
    territories = [t.index for t in state.board.territories]
    for _ in range(12):
        if state.active_seat == holder(state):
            target = next(t for t in territories if not state.is_explored(t))
            biome = state.board.territories[target].biome
            give_hand(state, state.active_seat, [biome, biome, biome])
            apply(state, Place(target, (biome, biome), 2))
            spaces = state.board.territories[target].tent_spaces
            apply(state, PlaceTent(spaces[0]))
            apply(state, PlaceTent(spaces[1]))
            draw_until_turn_ends(state)
            seen.append(holder(state))
        else:
            quiet_turn(state)
    assert seen[:4] == [2, 1, 0, 2]


def test_p17_the_third_tribe_never_uses_the_token():
    state = void_game(2, first_player=0)       # seat 1 holds it
    while state.active_seat != 1:
        apply(state, Exchange(state.hands[state.active_seat][0]))
        if state.phase is Phase.THIRD_TRIBE:
            apply(state, next(a for a in legal_actions(state) if isinstance(a, Place) and a.pieces == 1))
            while state.phase is Phase.PIECES:
                apply(state, legal_actions(state)[0])
        draw_until_turn_ends(state)
    give_hand(state, 1, [FOREST, FOREST, FOREST])
    apply(state, Exchange(FOREST))
    assert state.phase is Phase.THIRD_TRIBE and not state.is_explored(T_GREYWOOD)
    third_options = legal_actions(state)
    assert Place(T_GREYWOOD, (FOREST,), 1) in third_options
    assert Place(T_GREYWOOD, (FOREST, FOREST), 2) not in third_options
    with pytest.raises(IllegalAction, match="B8"):
        apply(state, Place(T_GREYWOOD, (FOREST, FOREST), 2))
    assert holder(state) == 1


def test_p17_the_token_does_not_combine_with_a_contested_token():
    state = holder_to_move(3)
    give_hand(state, 2, [COAST, COAST, COAST])
    apply(state, PlaceContested(2, T_GULLWING))
    assert state.territory_tents[T_GULLWING][2] == 1 and state.pending is None
    assert state.phase is Phase.DRAW and holder(state) == 2      # one piece only; the token is kept


def test_e7_a_game_that_used_the_token_survives_a_save_and_replays_identically():
    game = Game.new(void_game(3, first_player=0, seed=4).config)
    for _ in range(200):
        options = game.legal_actions()
        used = [a for a in options if isinstance(a, Place) and a.pieces == 2 and not game.state.is_explored(a.territory)]
        game.play(used[0] if used else options[-1] if game.state.phase is not Phase.MAIN else options[0])
        if holder(game.state) != 2:
            break
    assert holder(game.state) == 1
    loaded = load_game(save_game(game))
    assert loaded.state == game.state and holder(loaded.state) == 1
