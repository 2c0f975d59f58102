"""E7 contested tokens (P6, P7, P13, P42): a Place of two cards of one biome moves a token into that
biome's territory as an extra tent space off the roads, with the acting tribe's tent on it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from void_helpers import (
    T_CINDER, T_DUNESWORN, T_FLINTMOOR, T_GULLWING, T_SCORCHGLASS, check_void_invariants, quiet_turn, random_game,
    void_game,
)

from engine_helpers import draw_until_turn_ends, give_hand
from iwari_desktop.engine import (
    Biome, Exchange, FeatKind, Game, IllegalAction, Place, PlaceTotem, apply, legal_actions, observe, parse_action,
)
from iwari_desktop.engine.core import primitives
from iwari_desktop.engine.core.scoring import tent_lines
from iwari_desktop.engine.core.settlements import settlements
from iwari_desktop.engine.core.state import Phase
from iwari_desktop.engine.files.saves import SaveError, load_game, save_game
from iwari_desktop.engine.rulesets.contested import PlaceContested, tents_on_contested_tokens, tokens

TUNDRA, FOREST, COAST, DESERT, VOID = Biome.TUNDRA, Biome.FOREST, Biome.COAST, Biome.DESERT, Biome.VOID
SCORCHGLASS_CHAIN = (17, 18, 23, 24)   # road-linked tent spaces of t11 (17-18-23-24)


def contested_options(state) -> set[PlaceContested]:
    return {a for a in legal_actions(state) if isinstance(a, PlaceContested)}


def test_e7_the_five_tokens_start_on_their_spots_and_everyone_sees_them():
    state = void_game(3)
    assert tokens(state) == [None] * 5
    view = observe(state, 1).module_view("contested")
    assert view[0] == {"token": 0, "between": [T_CINDER, T_SCORCHGLASS], "territory": None, "tribe": None}
    assert [v["between"] for v in view] == [[2, 11], [6, 7], [10, 11], [3, 4], [7, 8]]


def test_e7_two_cards_of_a_biome_move_a_token_into_that_biome_with_a_tent():
    state = void_game(3)
    give_hand(state, 0, [DESERT, DESERT, COAST])
    # every token touching a Desert territory, into that Desert territory
    assert contested_options(state) == {PlaceContested(0, T_SCORCHGLASS), PlaceContested(1, T_DUNESWORN),
                                        PlaceContested(2, T_SCORCHGLASS)}
    empty_before = state.territory_empty[T_SCORCHGLASS]
    apply(state, PlaceContested(0, T_SCORCHGLASS))
    assert tokens(state)[0] == (T_SCORCHGLASS, 0)
    assert state.territory_tents[T_SCORCHGLASS][0] == 1 and state.tents_left[0] == 19
    assert state.territory_empty[T_SCORCHGLASS] == empty_before          # P6: printed spaces unchanged
    assert state.is_explored(T_SCORCHGLASS)                             # P13
    assert state.hands[0] == [COAST] and state.discard[-2:] == [DESERT, DESERT]
    assert state.phase is Phase.DRAW                                     # one piece, nothing else
    assert tents_on_contested_tokens(state) == [1, 0, 0]
    check_void_invariants(state)


def test_p42_a_wild_pair_or_one_card_does_not_move_a_token():
    state = void_game(3)
    give_hand(state, 0, [VOID, VOID, DESERT])
    assert contested_options(state) == set()
    with pytest.raises(IllegalAction, match="E7"):
        apply(state, PlaceContested(0, T_SCORCHGLASS))
    assert tokens(state) == [None] * 5 and state.hands[0] == [DESERT, VOID, VOID]


def test_p42_a_token_goes_only_into_one_of_its_two_territories_and_moves_once():
    state = void_game(3)
    give_hand(state, 0, [DESERT, DESERT, TUNDRA])
    with pytest.raises(IllegalAction, match="E7"):
        apply(state, PlaceContested(0, T_DUNESWORN))      # Desert, but not touching token 0
    apply(state, PlaceContested(2, T_SCORCHGLASS))
    draw_until_turn_ends(state)
    give_hand(state, 1, [DESERT, DESERT, COAST])
    assert PlaceContested(2, T_SCORCHGLASS) not in contested_options(state)
    with pytest.raises(IllegalAction, match="E7"):
        apply(state, PlaceContested(2, T_SCORCHGLASS))
    with pytest.raises(IllegalAction, match="E7"):
        apply(state, PlaceContested(9, T_SCORCHGLASS))    # no such token


def test_p42_a_token_may_go_into_a_full_territory_it_brings_its_own_space():
    state = void_game(3)
    for space in state.board.territories[T_GULLWING].tent_spaces:
        primitives.put_tent(state, 1, space)
    assert state.territory_empty[T_GULLWING] == 0
    give_hand(state, 0, [COAST, COAST, TUNDRA])
    assert PlaceContested(2, T_GULLWING) in contested_options(state)
    apply(state, PlaceContested(2, T_GULLWING))
    assert state.territory_tents[T_GULLWING] == [1, 6, 0]


def test_b11_no_tents_left_no_token_move():
    state = void_game(3)
    state.tents_left[0] = 0
    give_hand(state, 0, [COAST, COAST, TUNDRA])
    assert contested_options(state) == set()
    with pytest.raises(IllegalAction, match="B11"):
        primitives.put_tent_off_space(state, 0, T_GULLWING)


def test_p6_a_contested_tent_never_earns_discovery_nor_keeps_a_territory_from_being_full():
    state = void_game(3, feats={FeatKind.DISCOVERY})
    give_hand(state, 0, [COAST, COAST, TUNDRA])
    apply(state, PlaceContested(2, T_GULLWING))
    assert FeatKind.DISCOVERY not in state.feats_earned
    for space in state.board.territories[T_GULLWING].tent_spaces:
        primitives.put_tent(state, 1, space)
    # the last printed space earns Discovery although the token tent is there too
    assert state.feats_earned[FeatKind.DISCOVERY] == [1]


def test_p13_a_contested_tent_counts_for_majority_and_cap():
    state = void_game(3)
    give_hand(state, 0, [DESERT, DESERT, TUNDRA])
    apply(state, PlaceContested(0, T_SCORCHGLASS))
    assert state.totem_cap(T_SCORCHGLASS) == 1
    primitives.put_tent(state, 0, 17)
    primitives.put_tent(state, 1, 25)
    line = next(l for l in tent_lines(state) if l.subject == f"territory:{T_SCORCHGLASS}")
    assert line.base == {0: 3, 1: 2}         # B15: red 2 tents (one on the token) ranks first
    assert state.totem_cap(T_SCORCHGLASS) == 2


def test_p13_a_contested_tent_explores_so_a_later_place_may_put_a_totem_beside_it():
    state = void_game(3)
    give_hand(state, 0, [DESERT, DESERT, TUNDRA])
    apply(state, PlaceContested(0, T_SCORCHGLASS))
    draw_until_turn_ends(state)
    quiet_turn(state)
    quiet_turn(state)
    give_hand(state, 0, [DESERT, DESERT, TUNDRA])
    assert Place(T_SCORCHGLASS, (DESERT, DESERT), 2) in legal_actions(state)   # explored: 2 pieces
    apply(state, Place(T_SCORCHGLASS, (DESERT,), 1))
    apply(state, PlaceTotem())
    assert state.totem_stacks[T_SCORCHGLASS] == [0]


def test_e7_a_contested_tent_is_off_the_roads_and_joins_no_settlement():
    state = void_game(3)
    give_hand(state, 0, [DESERT, DESERT, TUNDRA])
    apply(state, PlaceContested(0, T_SCORCHGLASS))
    for space in SCORCHGLASS_CHAIN[:3]:
        primitives.put_tent(state, 0, space)
    assert settlements(state, 0) == []      # 3 road-linked tents plus the token's: no settlement of 4
    primitives.put_tent(state, 0, SCORCHGLASS_CHAIN[3])
    assert settlements(state, 0) == [list(SCORCHGLASS_CHAIN)]


def test_p7_the_third_tribe_may_move_a_token():
    state = void_game(2)
    give_hand(state, 0, [TUNDRA, TUNDRA, FOREST])
    apply(state, Exchange(FOREST))
    assert state.phase is Phase.THIRD_TRIBE
    assert PlaceContested(1, T_FLINTMOOR) in legal_actions(state)
    apply(state, PlaceContested(1, T_FLINTMOOR))
    assert tokens(state)[1] == (T_FLINTMOOR, 2)
    assert state.territory_tents[T_FLINTMOOR] == [0, 0, 1] and state.tents_left[2] == 19
    assert tents_on_contested_tokens(state) == [0, 0, 1]
    assert state.phase is Phase.DRAW


def test_e7_contested_action_text_round_trips_also_in_a_fresh_interpreter():
    action = PlaceContested(3, 4)
    assert str(action) == "contested 3 t4" and parse_action("contested 3 t4") == action
    code = ("from iwari_desktop.engine.core.actions import parse_action; "
            "print(type(parse_action('contested 3 t4')).__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "PlaceContested"


def test_e7_contested_moves_are_in_the_digest_and_survive_a_save():
    # the save replays from the setup, so play a token move the dealt game really allows
    for seed in range(1, 200):
        game = Game.new(void_game(3, seed=seed).config)
        moves = [a for a in game.legal_actions() if isinstance(a, PlaceContested)]
        if moves:
            break
    game.play(moves[0])
    data = save_game(game)
    loaded = load_game(data)
    assert tokens(loaded.state) == tokens(game.state) != [None] * 5
    assert loaded.state == game.state
    data["actions"] = data["actions"][:-1]
    with pytest.raises(SaveError, match="checksum"):
        load_game(data)


def test_e7_random_games_move_tokens_and_keep_every_count():
    moved = 0
    for n_players in (2, 3, 4, 5, 6):
        for seed in range(3):
            state, _ = random_game(n_players, seed, check_every=False)
            check_void_invariants(state)
            moved += sum(p is not None for p in tokens(state))
    assert moved > 0
