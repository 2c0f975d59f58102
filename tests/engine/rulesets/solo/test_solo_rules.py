"""Solo against the Void, ruling by ruling (S1-S10), with the rulebook's worked examples built on the
fixture board through the engine API (tests/support/solo_helpers.py describes the board)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine_helpers import give_hand, put_tent, put_tents, put_totem, set_display
from solo_helpers import VOID_CARD, solo_state, steps_until, total_cards, vd, void, vs_board

from iwari_desktop.engine import Biome, Exchange, GameConfig, IllegalAction, Phase, Place, PlaceTent, PlaceTotem, apply
from iwari_desktop.engine import legal_actions, new_game
from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.config import ConfigError, GameMode
from iwari_desktop.engine.rulesets.solo.actions import (
    MovePiece, MovePieces, VoidChoice, VoidHand, VoidPlay, VoidSkip,
)
from iwari_desktop.engine.rulesets.solo.counting import count
from iwari_desktop.engine.rulesets.solo.data import Claim

TUNDRA, FOREST, GLACIERS, COAST, DESERT = Biome.TUNDRA, Biome.FOREST, Biome.GLACIERS, Biome.COAST, Biome.DESERT
T_DESERT, T_TUNDRA, T_FOREST, T_GLACIERS, T_COAST, T_TUNDRA2 = range(6)


def claim_all_but(state, keep):
    """Mark every territory but `keep` as counted for the players (closes them, S7)."""
    for t in range(6):
        if t not in keep:
            vd(state).claims[t] = Claim("players", 1, 0, 0, 0, "players", "filled", 1)


def to_void_action(state, player_action):
    apply(state, player_action)
    assert state.phase is Phase.MODULE and vd(state).decision[0] == "action"


# ---- S1 / S2 -----------------------------------------------------------------------------------

def test_s1_solo_has_no_mountains_no_feats_and_no_points():
    state = solo_state()
    assert [m.key for m in state.modules] == ["solo"] and state.mountains == ()
    assert [t.role.value for t in state.tribes] == ["seat", "void"]
    with pytest.raises(ConfigError, match="without feats"):
        new_game(GameConfig.quick("small-test", 1, 1, mode=GameMode.SOLO, feats=frozenset({FeatKind.UNION})),
                 vs_board())
    with pytest.raises(ConfigError, match="cannot be played in solo"):
        new_game(GameConfig.quick("the-void", 1, 1, mode=GameMode.SOLO))
    put_tents(state, 0, range(12, 16))   # Forest full: counted for the player when the game ends
    from iwari_desktop.engine.rulesets.solo.end import finish
    finish(state, "all-counted")
    lines = state.reports[-1].lines
    assert state.scores == [0, 0] and lines and all(line.category == "claim" for line in lines)
    assert len(lines) == 6 and "territory:2" in {line.subject for line in lines}   # every territory counted


def test_s2_setup_pawn_on_1_and_four_piles_with_three_void_cards_each():
    state = solo_state(seed=5)
    assert vd(state).pawn == 1 and len(state.hands[0]) == 3 and len(state.display) == 4
    assert VOID_CARD not in state.hands[0] + state.display
    deck = state.deck
    assert len(deck) == 57 - 7 + 12
    sizes = [13 + 3, 13 + 3, 12 + 3, 12 + 3]   # 50 cards in four piles differing by at most one
    start = 0
    for size in sizes:
        assert deck[start:start + size].count(VOID_CARD) == 3
        start += size
    assert total_cards(state) == Counter({TUNDRA: 13, FOREST: 12, GLACIERS: 11, COAST: 11, DESERT: 10, VOID_CARD: 12})


def test_p19_supplies_21_tents_8_totems_each_side():
    state = solo_state()
    assert state.tents_left == [21, 21] and state.totems_left == [8, 8]


# ---- S3 / S4 / P20 / P21 -------------------------------------------------------------------------

def test_s3_void_cards_never_pay_are_never_wild_and_cannot_be_exchanged():
    state = solo_state()
    give_hand(state, 0, [VOID_CARD, VOID_CARD, DESERT])
    options = legal_actions(state)
    assert all(VOID_CARD not in a.cards for a in options if isinstance(a, Place))
    assert Exchange(VOID_CARD) not in options and Exchange(DESERT) in options
    with pytest.raises(IllegalAction, match="S3"):
        apply(state, Place(T_FOREST, (VOID_CARD, VOID_CARD), 1))
    with pytest.raises(IllegalAction, match="S3"):
        apply(state, Exchange(VOID_CARD))


def test_p20_a_hand_of_only_void_cards_skips_the_player_action():
    state = solo_state()
    give_hand(state, 0, [VOID_CARD, VOID_CARD])
    assert legal_actions(state) == [VoidHand()]
    apply(state, VoidHand())
    assert state.phase is Phase.MODULE
    assert VoidPlay(None, (), 0, 0) not in legal_actions(state)  # must play at least one Void card
    assert {a.void_cards for a in legal_actions(state)} == {1, 2}


def test_s4_void_action_places_ruins_with_biome_cards_and_then_draws():
    state = solo_state()
    give_hand(state, 0, [DESERT, FOREST, FOREST])
    apply(state, Place(T_DESERT, (DESERT,), 1))
    apply(state, PlaceTent(0))
    assert state.phase is Phase.MODULE
    play = VoidPlay(T_FOREST, (FOREST,), 1, 0)
    assert play in legal_actions(state)
    apply(state, play)
    apply(state, PlaceTent(13))
    assert state.space_owner[13] == void(state) and state.phase is Phase.DRAW
    assert vd(state).pawn == 1  # biome cards alone set off no Infection


def test_s4_skip_with_a_card_of_a_completely_explored_biome():
    state = solo_state()
    claim_all_but(state, keep={T_DESERT, T_TUNDRA, T_TUNDRA2, T_COAST, T_GLACIERS})  # Forest counted
    give_hand(state, 0, [DESERT, FOREST, COAST])
    apply(state, Place(T_DESERT, (DESERT,), 1))
    apply(state, PlaceTent(0))
    options = legal_actions(state)
    assert VoidSkip(FOREST) in options and VoidSkip(COAST) not in options
    discard = len(state.discard)
    apply(state, VoidSkip(FOREST))
    assert len(state.discard) == discard + 1 and state.phase is Phase.DRAW


def test_p21_biome_placements_come_before_the_infection_and_the_order_is_chosen():
    state = solo_state()
    vd(state).pawn = 7   # Desert-Forest
    give_hand(state, 0, [VOID_CARD, FOREST, DESERT])
    apply(state, Place(T_DESERT, (DESERT,), 1))
    apply(state, PlaceTent(0))
    apply(state, VoidPlay(T_FOREST, (FOREST,), 1, 1))
    assert vd(state).decision[0] == "pieces"          # the Void's ruin first (P21)
    apply(state, PlaceTent(12))
    assert legal_actions(state) == [VoidChoice(T_DESERT, False), VoidChoice(T_FOREST, False)]
    apply(state, VoidChoice(T_FOREST, False))
    # Forest: cap 1 (one ruin), no totem yet: a Void totem; Desert: cap 1, a Void totem too
    assert state.totem_counts[T_FOREST][void(state)] == 1 and state.totem_counts[T_DESERT][void(state)] == 1
    assert vd(state).pawn == 8


# ---- S5 Infection ------------------------------------------------------------------------------

def test_s5_infection_example_coast_gets_a_ruin_because_the_cap_is_2_glaciers_a_totem():
    state = solo_state()
    put_tents(state, 0, [20, 21])                       # Coast: 2 player tents -> cap 2
    put_totem(state, 0, T_COAST, 2)                     # already 2 totems
    put_tents(state, 0, [16, 17])                       # Glaciers: majority 2
    put_totem(state, 0, T_GLACIERS)                     # 1 totem
    put_tent(state, void(state), 18)                    # a ruin in Glaciers
    vd(state).pawn = 4                                  # Glaciers-Coast
    give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(None, (), 0, 1))
    apply(state, VoidChoice(T_COAST, False))
    # Coast: the ruin goes on the empty space closest to a ruin: 22 is 2 steps from 18? no road: all free
    assert state.phase is Phase.MODULE and vd(state).decision[0] == "space"
    apply(state, VoidChoice(22, True))
    assert state.space_owner[22] == void(state)
    assert state.totem_counts[T_GLACIERS][void(state)] == 1
    assert vd(state).pawn == 5


def test_s5_the_ruin_goes_on_the_space_closest_by_road_steps_to_any_ruin():
    state = solo_state()
    put_tents(state, 0, [0, 1])
    put_totem(state, 0, T_DESERT, 2)                    # Desert cap full -> a ruin
    put_tent(state, void(state), 7)                     # a ruin in Tundra, road 4-7
    vd(state).pawn = 6                                  # Desert-Tundra2 (Tundra2 unexplored: a ruin too)
    give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(None, (), 0, 1))
    apply(state, VoidChoice(T_DESERT, False))
    assert state.space_owner[4] == void(state)          # s4 is one step from the ruin on s7


def test_s5_s7_s8_an_infection_step_for_a_territory_counted_after_it_was_queued_places_nothing_there():
    """The Infection at connection 1 queues Desert then Tundra (S5). Desert's ruin on s4 completes a Void
    settlement 4-7-8-9 whose bonus (S8) fills Tundra's last space, so Tundra is counted (S7) before its own
    Infection step runs: that step places nothing, though the Void's 4 ruins there would allow a 4th totem."""
    state = solo_state(auto_void_ties=True)
    v = void(state)
    put_tents(state, 0, [0, 1])
    put_totem(state, 0, T_DESERT, 2)                    # Desert cap full -> a ruin
    put_tents(state, v, [7, 8, 9])                      # Tundra: 3 ruins, road 4-7-8-9
    put_tent(state, 0, 11)                              # ... s10 its last empty space
    put_totem(state, v, T_TUNDRA, 3)                    # cap 3 used: the bonus must be a ruin
    vd(state).pawn = 1                                  # Desert-Tundra
    give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
    ruins, totems = state.tents_left[v], state.totems_left[v]
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(None, (), 0, 1))
    assert state.space_owner[4] == v and state.space_owner[10] == v     # the Infection's ruin, the bonus ruin
    claim = vd(state).claims[T_TUNDRA]
    assert claim.when == "filled" and claim.void_tents == 4 and claim.void_totems == 3
    assert state.totem_stacks[T_TUNDRA] == [v, v, v]                    # nothing more in counted Tundra
    assert state.tents_left[v] == ruins - 2 and state.totems_left[v] == totems
    assert vd(state).pawn == 2


def test_s5_pawn_wraps_to_1_and_skips_connections_of_two_counted_territories():
    state = solo_state()
    from iwari_desktop.engine.rulesets.solo.infection import advance_pawn
    vd(state).pawn = 9
    for t in (T_DESERT, T_TUNDRA):                      # connection 1 settled
        vd(state).claims[t] = Claim("void", 0, 0, 0, 0, None, "end", 1)
    advance_pawn(state)
    assert vd(state).pawn == 2


def test_s5_auto_ties_option_decides_order_and_space_by_the_fixed_rule():
    state = solo_state(auto_void_ties=True)
    vd(state).pawn = 7
    give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(None, (), 0, 1))
    assert state.phase is Phase.DRAW                     # no decision was asked
    assert state.space_owner[0] == void(state) and state.space_owner[12] == void(state)  # lowest spaces (P56)


# ---- S6 Corruption -----------------------------------------------------------------------------

def test_s6_corruption_example_infects_counts_both_moves_the_pawn_and_sets_a_card_aside():
    state = solo_state(auto_void_ties=True)
    put_tents(state, 0, [20, 21]); put_totem(state, 0, T_COAST, 2)     # Coast: the player holds it
    put_tents(state, 0, [16]); put_tent(state, void(state), 17); put_totem(state, 0, T_GLACIERS)
    vd(state).pawn = 4
    set_display(state, [VOID_CARD, VOID_CARD, VOID_CARD, DESERT])
    give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
    deck = len(state.deck)
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(None, (), 0, 1))
    claims = vd(state).claims
    assert claims[T_COAST].side == "players"
    # Glaciers: 1 tent each (no virtual), the Void's totem from the Infection makes totems 1-1: a tie, the Void
    assert claims[T_GLACIERS].side == "void" and claims[T_GLACIERS].when == "corruption"
    assert vd(state).beside == 1 and vd(state).above == 0 and VOID_CARD not in state.display
    assert len(state.deck) >= deck + 3 - 4  # three shuffled in (refill may have taken some)
    assert vd(state).pawn == 5 and vd(state).corruptions == 1


def test_s6_a_fourth_void_card_revealed_in_the_display_corrupts():
    state = solo_state(auto_void_ties=True)
    set_display(state, [VOID_CARD, VOID_CARD, VOID_CARD])
    from engine_helpers import set_deck_top
    give_hand(state, 0, [DESERT, DESERT, COAST])
    set_deck_top(state, [FOREST, COAST, VOID_CARD])
    apply(state, Exchange(COAST))
    apply(state, VoidPlay(T_DESERT, (DESERT,), 1, 0))
    apply(state, PlaceTent(0))
    steps_until(state, Phase.MAIN, chooser=lambda o: o[-1])
    assert vd(state).corruptions == 1 and vd(state).beside == 1


def test_s10_a_third_card_beside_the_board_ends_the_game_after_the_corruption():
    state = solo_state(auto_void_ties=True)
    vd(state).beside = 2
    vd(state).above = 3
    give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(None, (), 0, 1))
    assert state.phase is Phase.GAME_OVER and state.end_reason == "corruptions"
    assert all(t in vd(state).claims for t in range(6))  # every territory counted at the end


# ---- S7 Counting -------------------------------------------------------------------------------

def test_s7_counting_example_virtual_totem_for_the_player():
    state = solo_state()
    put_tents(state, 0, [16, 17]); put_tent(state, void(state), 18)
    put_totem(state, 0, T_GLACIERS); put_totem(state, void(state), T_GLACIERS)
    claim = count(state, T_GLACIERS, "end")
    assert claim.virtual == "players" and claim.side == "players"


def test_s7_counting_example_the_void_wins_the_tie_on_glaciers():
    state = solo_state()
    put_tents(state, 0, [16]); put_tents(state, void(state), [17, 18])
    put_totem(state, 0, T_GLACIERS)
    claim = count(state, T_GLACIERS, "end")
    assert claim.virtual == "void" and claim.side == "void"


def test_s7_empty_territories_go_to_the_void_and_counted_ones_are_closed():
    state = solo_state()
    assert count(state, T_FOREST, "end").side == "void"
    give_hand(state, 0, [FOREST, DESERT, DESERT])
    assert all(a.territory != T_FOREST for a in legal_actions(state) if isinstance(a, Place))
    with pytest.raises(IllegalAction, match="S7"):
        apply(state, Place(T_FOREST, (FOREST,), 1))


def test_s7_filling_the_last_space_counts_and_the_rest_of_the_place_is_given_up():
    state = solo_state()
    put_tents(state, 0, [12, 13, 14])
    give_hand(state, 0, [FOREST, FOREST, DESERT])
    apply(state, Place(T_FOREST, (FOREST, FOREST), 2))
    apply(state, PlaceTent(15))                       # the last space: counted now
    assert vd(state).claims[T_FOREST].side == "players" and vd(state).claims[T_FOREST].when == "filled"
    assert state.phase is Phase.MODULE                # no deadlock: the second piece is given up (P52)
    assert state.totems_left[0] == 8


# ---- S8 Settlements ----------------------------------------------------------------------------

def test_s8_a_new_void_settlement_gives_a_free_placement_and_the_pawn_stays():
    state = solo_state(auto_void_ties=True)
    put_tents(state, void(state), [0, 1, 2])
    vd(state).pawn = 2
    give_hand(state, 0, [DESERT, DESERT, FOREST])
    apply(state, Exchange(FOREST))
    apply(state, VoidPlay(T_DESERT, (DESERT,), 1, 0))
    apply(state, PlaceTent(3))                        # 0-1-2-3: a Void settlement
    # the bonus: a Void totem in Desert (cap 4), pawn unmoved
    assert state.totem_counts[T_DESERT][void(state)] == 1 and vd(state).pawn == 2
    apply(state, legal_actions(state)[0]) if state.phase is Phase.MODULE else None


def test_s8_a_new_player_settlement_gives_one_free_place_once():
    state = solo_state()
    put_tents(state, 0, [0, 1, 2])
    give_hand(state, 0, [DESERT, FOREST, COAST])
    apply(state, Place(T_DESERT, (DESERT,), 1))
    apply(state, PlaceTent(3))
    from iwari_desktop.engine.rulesets.solo.actions import Decline, FreePlace
    options = legal_actions(state)
    assert Decline() in options and FreePlace(T_DESERT, 2) in options
    apply(state, FreePlace(T_DESERT, 1))
    apply(state, PlaceTent(4))                        # the settlement grows: no new bonus (S8)
    assert vd(state).decision[0] == "action"


# ---- S9 Moving ---------------------------------------------------------------------------------

def test_s9_move_example_one_desert_and_two_tundra_move_two_tents_not_the_covered_totem():
    state = solo_state()
    put_tents(state, 0, [0, 1, 2, 3]); put_tents(state, void(state), [4, 5, 6])   # Desert full
    vd(state).claims[T_DESERT] = Claim("players", 4, 3, 1, 1, "players", "filled", 1)
    put_totem(state, 0, T_DESERT); put_totem(state, void(state), T_DESERT)          # yellow under a Void totem
    put_tents(state, 0, [12])                                                      # Forest explored
    give_hand(state, 0, [DESERT, TUNDRA, TUNDRA])
    move = MovePieces(T_DESERT, T_FOREST, (TUNDRA, TUNDRA, DESERT), 2)
    assert move in legal_actions(state)
    apply(state, move)
    options = legal_actions(state)
    assert MovePiece(None, None) not in options         # the totem under the Void totem cannot move
    apply(state, MovePiece(0, 13))
    apply(state, MovePiece(1, 14))
    assert state.territory_tents[T_FOREST][0] == 3 and state.territory_tents[T_DESERT][0] == 2
    assert vd(state).claims[T_DESERT].side == "players"  # never countable again
    assert state.hands[0] == [] and state.phase in (Phase.DRAW, Phase.MODULE)


# ---- S10 End -----------------------------------------------------------------------------------

def test_s10_all_territories_counted_ends_and_fewer_than_k_void_territories_win():
    state = solo_state()
    for t in range(5):
        vd(state).claims[t] = Claim("players", 1, 0, 0, 0, "players", "filled", 1)
    put_tents(state, 0, [24, 25])
    give_hand(state, 0, [TUNDRA, DESERT, DESERT])
    apply(state, Place(T_TUNDRA2, (TUNDRA,), 1))
    apply(state, PlaceTent(26))
    assert state.phase is Phase.GAME_OVER and state.end_reason == "all-counted"
    assert state.result.won and state.result.reason == "held" and state.result.player_territories == 6


def test_p27_the_player_loses_the_moment_the_void_controls_k_territories():
    state = solo_state(k=2)
    vd(state).claims[T_DESERT] = Claim("void", 0, 0, 0, 0, None, "end", 1)
    put_tents(state, void(state), [12, 13, 14])
    give_hand(state, 0, [FOREST, DESERT, DESERT])
    apply(state, Place(T_FOREST, (FOREST,), 1))
    apply(state, PlaceTent(15))                          # Forest: 1 tent vs 3 ruins -> Void: 2 territories
    assert state.phase is Phase.GAME_OVER and state.end_reason == "void-control" and state.result.won is False
    assert state.result.void_territories == 2


def test_s10_a_void_settlement_of_ten_ruins_wins_at_once():
    import dataclasses
    from iwari_desktop.engine.maps.board import RoadSegment
    board = vs_board()
    board = dataclasses.replace(board, roads=board.roads + (RoadSegment(object_id=9999, a=10, b=12),))
    state = new_game(GameConfig.quick("small-test", 1, 1, mode=GameMode.SOLO, first_player=0), board)
    put_tents(state, void(state), [0, 1, 2, 3, 4, 7, 8, 9])   # 8 ruins joined along the roads
    give_hand(state, 0, [TUNDRA, FOREST, DESERT])
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(T_TUNDRA, (TUNDRA,), 1, 0))
    apply(state, PlaceTent(10))
    assert state.phase is not Phase.GAME_OVER          # 9 ruins: not yet
    steps_until(state, Phase.MAIN, chooser=lambda o: o[-1])
    give_hand(state, 0, [FOREST, COAST, COAST])
    apply(state, Exchange(COAST))
    apply(state, VoidPlay(T_FOREST, (FOREST,), 1, 0))
    apply(state, PlaceTent(12))                        # the tenth joined ruin
    assert state.phase is Phase.GAME_OVER and state.end_reason == "void-settlement"
    assert state.result.won is False and state.result.reason == "void-settlement"


def test_s10_when_the_deck_runs_out_the_discard_is_shuffled_in_without_scoring():
    from engine_helpers import set_deck_top, shrink_deck
    state = solo_state()
    give_hand(state, 0, [DESERT, DESERT, FOREST])
    shrink_deck(state, 0)
    set_deck_top(state, [COAST])                       # one card left in the deck
    apply(state, Exchange(FOREST))
    apply(state, VoidSkip(DESERT)) if VoidSkip(DESERT) in legal_actions(state) else apply(
        state, VoidPlay(T_DESERT, (DESERT,), 1, 0))
    if state.phase is Phase.MODULE:
        apply(state, PlaceTent(0))
    apply(state, legal_actions(state)[-1])             # draw the last deck card: a new deck from the discard
    assert state.reports == [] and state.deck and state.phase is not Phase.GAME_OVER
    assert state.discard == [] or len(state.discard) < 5


def test_p28_the_void_lacking_a_needed_piece_ends_the_game():
    state = solo_state(auto_void_ties=True)
    state.tents_left[void(state)] = 0
    vd(state).pawn = 7
    give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(None, (), 0, 1))              # unexplored: a ruin is needed, none left
    assert state.phase is Phase.GAME_OVER and state.end_reason == "void-out-of-pieces"


def test_p28_a_player_with_no_pieces_left_ends_the_game_at_the_start_of_the_turn():
    state = solo_state()
    state.tents_left[0] = 0
    state.totems_left[0] = 0
    give_hand(state, 0, [DESERT, DESERT, FOREST])
    apply(state, Exchange(FOREST))
    apply(state, VoidSkip(DESERT)) if VoidSkip(DESERT) in legal_actions(state) else apply(
        state, VoidPlay(T_DESERT, (DESERT,), 1, 0))
    steps_until(state, Phase.GAME_OVER)
    assert state.end_reason == "players-out-of-pieces"


def test_p61_a_void_totem_the_void_no_longer_has_becomes_a_ruin_and_the_game_goes_on():
    state = solo_state(auto_void_ties=True)
    put_tents(state, 0, [16, 17])                       # Glaciers: 2 player tents, no totem -> the cap allows one
    state.totems_left[void(state)] = 0                  # ... but the Void has no totem left
    vd(state).pawn = 8                                  # Tundra-Glaciers
    claim_all_but(state, {T_GLACIERS, T_DESERT})        # only Glaciers is infected
    give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
    ruins_before = state.tents_left[void(state)]
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(None, (), 0, 1))
    assert state.phase is not Phase.GAME_OVER
    assert state.territory_tents[T_GLACIERS][void(state)] == 1          # a ruin instead of the totem
    assert state.totem_counts[T_GLACIERS][void(state)] == 0
    assert state.tents_left[void(state)] == ruins_before - 1
