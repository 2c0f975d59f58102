"""Turn rulings B5–B11: one action then drawing, paying, territory choice, unexplored territories,
the totem cap, spaces and running out of pieces."""

from __future__ import annotations

import pytest

from engine_helpers import (
    COAST, DESERT, FOREST, FULL_DECK, GLACIERS, T_COAST, T_DESERT, T_FOREST, T_GLACIERS, T_TUNDRA, T_TUNDRA2, TUNDRA,
    all_cards, draw_until_turn_ends, give_hand, last_seat, make_state, place, put_tent, put_tents,
    put_totem, set_display,
)

from iwari_desktop.engine import (
    Draw, Exchange, IllegalAction, Pass, Phase, Place, PlaceTent, PlaceTotem, apply, legal_actions,
)


def refused(state, action, rule):
    """Apply `action`, expect a refusal naming `rule`, and check the state did not change."""
    before = state.clone()
    with pytest.raises(IllegalAction) as error:
        apply(state, action)
    assert str(error.value).startswith(f"{rule}: "), str(error.value)
    assert error.value.rule == rule
    assert state == before, "a refused action changed the state"
    return str(error.value)


def places_in(state, territory):
    return {(a.cards, a.pieces) for a in legal_actions(state) if isinstance(a, Place) and a.territory == territory}


# ---- B5 turn -----------------------------------------------------------------------------------

def test_b5_one_action_then_draw_one_card_at_a_time_display_refilled_only_after():
    state = make_state(3, seed=4)
    give_hand(state, 0, [DESERT, DESERT, FOREST])
    set_display(state, [TUNDRA, GLACIERS, COAST, COAST])
    place(state, T_DESERT, [DESERT, DESERT], 1, 0)  # P1: a Desert pair pays for the one tent
    assert state.phase is Phase.DRAW and state.active_seat == 0
    assert state.hands[0] == [FOREST]
    # One action only: no second Place, no Exchange while drawing.
    refused(state, Place(T_FOREST, (FOREST,), 1), "B5")
    refused(state, Exchange(FOREST), "B5")
    options = legal_actions(state)
    assert set(options) == {Draw(None), Draw(TUNDRA), Draw(GLACIERS), Draw(COAST)}
    deck_before = len(state.deck)
    apply(state, Draw(COAST))
    assert sorted(state.hands[0]) == sorted([FOREST, COAST])
    assert state.display == [TUNDRA, GLACIERS, COAST], "display refilled between draws"
    assert len(state.deck) == deck_before
    assert state.phase is Phase.DRAW and state.active_seat == 0
    apply(state, Draw(GLACIERS))
    assert len(state.hands[0]) == 3
    assert len(state.display) == 4 and state.display[:2] == [TUNDRA, COAST]
    assert len(state.deck) == deck_before - 2  # refilled once the hand was full
    assert state.phase is Phase.MAIN and state.active_seat == 1 and state.turn == 2
    assert all_cards(state) == FULL_DECK


def test_b5_three_draws_after_passing_leave_the_display_short_until_the_hand_is_full():
    state = make_state(4, seed=8)
    give_hand(state, 0, [])
    set_display(state, [TUNDRA, FOREST, GLACIERS, COAST])
    assert legal_actions(state) == [Pass()]
    apply(state, Pass())
    assert state.phase is Phase.DRAW
    for expected_left, card in ((3, TUNDRA), (2, FOREST), (1, GLACIERS)):
        apply(state, Draw(card))
        if expected_left > 1:
            assert len(state.display) == expected_left
    assert sorted(state.hands[0]) == sorted([TUNDRA, FOREST, GLACIERS])
    assert len(state.display) == 4 and state.display[0] == COAST
    assert state.active_seat == 1


def test_b5_pass_only_with_an_empty_hand():
    state = make_state(3, seed=1)
    give_hand(state, 0, [DESERT])
    assert Pass() not in legal_actions(state)
    message = refused(state, Pass(), "B5")
    assert "empty hand" in message
    give_hand(state, 0, [])
    assert legal_actions(state) == [Pass()]
    apply(state, Pass())
    assert state.phase is Phase.DRAW


def test_b5_exchange_discards_exactly_one_card_and_draws_one():
    state = make_state(3, seed=6)
    give_hand(state, 0, [COAST, DESERT, DESERT])
    discard_before = list(state.discard)
    apply(state, Exchange(DESERT))
    assert state.discard == discard_before + [DESERT]
    assert sorted(state.hands[0]) == sorted([COAST, DESERT])
    assert state.phase is Phase.DRAW
    apply(state, Draw(None))
    assert len(state.hands[0]) == 3 and state.active_seat == 1
    refused(state, Exchange(next(b for b in (TUNDRA, FOREST, GLACIERS, COAST, DESERT) if b not in state.hands[1])),
            "B5")


def test_b5_turns_go_round_in_seat_order_from_the_first_player():
    state = make_state(4, seed=2, first_player=2)
    seats = []
    for _ in range(6):
        seats.append(state.active_seat)
        apply(state, Exchange(state.hands[state.active_seat][0]))
        draw_until_turn_ends(state)
    assert seats == [2, 3, 0, 1, 2, 3]


# ---- B6 paying ---------------------------------------------------------------------------------

@pytest.fixture
def explored():
    """3 players, red to play; Desert t0, Forest t2 and Tundra t1 explored by one green tent each."""
    state = make_state(3, seed=12)
    put_tent(state, 1, 6)    # t0, off-road
    put_tent(state, 1, 15)   # t2
    put_tent(state, 1, 11)   # t1
    return state


def test_b6_payment_options_x_yy_xx_and_x_plus_yy(explored):
    state = explored
    give_hand(state, 0, [DESERT, FOREST, FOREST])
    assert places_in(state, T_DESERT) == {((DESERT,), 1), ((FOREST, FOREST), 1), ((FOREST, FOREST, DESERT), 2)}
    # Forest: one card, the own pair as a wild (P1) or for two pieces; D is not wild alone.
    assert places_in(state, T_FOREST) == {((FOREST,), 1), ((FOREST, FOREST), 1), ((FOREST, FOREST), 2)}
    # Tundra: only the Forest pair as a wild for one piece.
    assert places_in(state, T_TUNDRA) == {((FOREST, FOREST), 1)}
    assert places_in(state, T_COAST) == {((FOREST, FOREST), 1)}


def test_b6_three_own_cards_pay_for_two_pieces_but_not_one(explored):
    state = explored
    give_hand(state, 0, [DESERT, DESERT, DESERT])
    options = places_in(state, T_DESERT)
    assert ((DESERT, DESERT, DESERT), 2) in options
    assert ((DESERT, DESERT, DESERT), 1) not in options
    refused(state, Place(T_DESERT, (DESERT, DESERT, DESERT), 1), "B6")
    place(state, T_DESERT, [DESERT, DESERT, DESERT], 2, 0, 1)
    assert state.territory_tents[T_DESERT][0] == 2
    assert state.hands[0] == [] and state.discard[-3:] == [DESERT, DESERT, DESERT]


def test_b6_x_plus_y_is_refused(explored):
    state = explored
    give_hand(state, 0, [DESERT, FOREST, COAST])
    assert places_in(state, T_DESERT) == {((DESERT,), 1)}
    refused(state, Place(T_DESERT, (DESERT, FOREST), 1), "B6")
    refused(state, Place(T_DESERT, (DESERT, FOREST), 2), "B6")
    refused(state, Place(T_DESERT, (FOREST, COAST), 1), "B6")


def test_b6_unused_cards_are_refused(explored):
    state = explored
    give_hand(state, 0, [DESERT, FOREST, FOREST])
    refused(state, Place(T_DESERT, (DESERT, FOREST, FOREST), 1), "B6")  # one card would pay for nothing
    give_hand(state, 0, [DESERT, DESERT, FOREST])
    refused(state, Place(T_DESERT, (DESERT, DESERT, FOREST), 2), "B6")  # the Forest card pays for nothing
    refused(state, Place(T_DESERT, (DESERT, DESERT, FOREST), 1), "B6")


def test_b6_at_most_three_cards_and_two_pieces(explored):
    state = explored
    give_hand(state, 0, [DESERT, DESERT, DESERT])
    refused(state, Place(T_DESERT, (DESERT, DESERT, DESERT, DESERT), 2), "B6")
    refused(state, Place(T_DESERT, (DESERT, DESERT, DESERT), 3), "B6")
    refused(state, Place(T_DESERT, (DESERT,), 0), "B6")
    assert all(len(a.cards) <= 3 and 1 <= a.pieces <= 2 for a in legal_actions(state) if isinstance(a, Place))


def test_b6_only_cards_in_hand_can_pay(explored):
    state = explored
    give_hand(state, 0, [DESERT, COAST, COAST])
    refused(state, Place(T_DESERT, (DESERT, DESERT), 2), "B6")
    refused(state, Place(T_FOREST, (FOREST,), 1), "B6")


def test_b6_x_plus_wild_pair_places_two_pieces_and_discards_all_three(explored):
    state = explored
    give_hand(state, 0, [DESERT, TUNDRA, TUNDRA])
    place(state, T_DESERT, [DESERT, TUNDRA, TUNDRA], 2, 0, 1)
    assert state.territory_tents[T_DESERT] == [2, 1, 0]
    assert state.hands[0] == []
    assert sorted(state.discard[-3:]) == sorted([DESERT, TUNDRA, TUNDRA])
    assert state.phase is Phase.DRAW


def test_b6_two_own_cards_pay_for_two_pieces(explored):
    state = explored
    give_hand(state, 0, [FOREST, FOREST, COAST])
    place(state, T_FOREST, [FOREST, FOREST], 2, 12, 13)
    assert state.territory_tents[T_FOREST] == [2, 1, 0]
    assert state.hands[0] == [COAST]


# ---- B7 territory choice -----------------------------------------------------------------------

def test_b7_a_card_may_go_to_any_territory_of_its_biome():
    state = make_state(3, seed=3)
    give_hand(state, 0, [TUNDRA, COAST, COAST])
    territories = {a.territory for a in legal_actions(state) if isinstance(a, Place) and a.cards == (TUNDRA,)}
    assert territories == {T_TUNDRA, T_TUNDRA2}
    place(state, T_TUNDRA2, [TUNDRA], 1, 25)
    assert state.territory_tents[T_TUNDRA2][0] == 1 and state.territory_tents[T_TUNDRA][0] == 0


def test_b7_refuses_a_territory_that_does_not_exist():
    state = make_state(3, seed=3)
    give_hand(state, 0, [TUNDRA])
    refused(state, Place(99, (TUNDRA,), 1), "B7")


# ---- B8 unexplored -----------------------------------------------------------------------------

def test_b8_unexplored_territory_takes_exactly_one_tent():
    state = make_state(3, seed=5)
    give_hand(state, 0, [DESERT, DESERT, DESERT])
    assert not state.is_explored(T_DESERT)
    options = places_in(state, T_DESERT)
    assert options and all(pieces == 1 for _, pieces in options)
    message = refused(state, Place(T_DESERT, (DESERT, DESERT), 2), "B8")
    assert "unexplored" in message
    refused(state, Place(T_DESERT, (DESERT, DESERT, DESERT), 2), "B8")
    apply(state, Place(T_DESERT, (DESERT,), 1))
    assert PlaceTotem() not in legal_actions(state)
    assert set(legal_actions(state)) == {PlaceTent(s) for s in range(0, 7)}
    refused(state, PlaceTotem(), "B8")
    apply(state, PlaceTent(3))
    assert state.phase is Phase.DRAW  # the action is over after the single tent
    assert state.territory_tents[T_DESERT][0] == 1 and state.totems_in(T_DESERT) == 0


def test_b8_not_a_second_piece_even_after_the_first_tent_explores_it():
    """The check is on the territory at the start of the action, not after its first tent."""
    state = make_state(3, seed=5)
    give_hand(state, 0, [FOREST, FOREST, FOREST])
    assert ((FOREST, FOREST), 2) not in places_in(state, T_FOREST)
    assert ((FOREST, FOREST, FOREST), 2) not in places_in(state, T_FOREST)
    refused(state, Place(T_FOREST, (FOREST, FOREST), 2), "B8")
    # Explored by anyone (here green) at the start, two pieces are fine.
    put_tent(state, 1, 15)
    assert ((FOREST, FOREST), 2) in places_in(state, T_FOREST)


def test_b8_exploring_opens_the_territory_for_the_next_action():
    state = make_state(3, seed=5)
    give_hand(state, 0, [FOREST, COAST, COAST])
    place(state, T_FOREST, [FOREST], 1, 12)
    draw_until_turn_ends(state)
    give_hand(state, 1, [FOREST, FOREST, DESERT])
    assert ((FOREST, FOREST), 2) in places_in(state, T_FOREST)
    place(state, T_FOREST, [FOREST, FOREST], 2, 13, "totem")
    assert state.territory_tents[T_FOREST][:2] == [1, 1] and state.totem_stacks[T_FOREST] == [1]


# ---- B9 totem cap ------------------------------------------------------------------------------

def test_b9_totem_cap_counts_tents_placed_earlier_in_the_action():
    state = make_state(3, seed=9)
    put_tent(state, 0, 12)
    put_tent(state, 1, 13)
    put_totem(state, 1, T_FOREST)       # cap 1, already 1 totem
    give_hand(state, 0, [FOREST, FOREST, COAST])
    assert ((FOREST, FOREST), 2) in places_in(state, T_FOREST)
    apply(state, Place(T_FOREST, (FOREST, FOREST), 2))
    assert PlaceTotem() not in legal_actions(state)  # a totem first would break the cap
    message = refused(state, PlaceTotem(), "B9")
    assert "at most 1 totem" in message
    apply(state, PlaceTent(14))                      # red now has 2 tents: cap 2
    assert PlaceTotem() in legal_actions(state)
    apply(state, PlaceTotem())
    assert state.totem_stacks[T_FOREST] == [1, 0]
    assert state.phase is Phase.DRAW


def test_b9_cap_is_the_most_tents_of_any_one_tribe_not_only_the_placer():
    state = make_state(3, seed=9)
    put_tents(state, 1, [0, 1, 2])   # green 3 tents in Desert
    put_tent(state, 0, 5)            # red 1 tent
    put_totem(state, 2, T_DESERT)    # blue 1 totem there already (cap 3)
    give_hand(state, 0, [DESERT, DESERT, COAST])
    apply(state, Place(T_DESERT, (DESERT, DESERT), 2))
    apply(state, PlaceTotem())       # 2 totems <= 3
    assert PlaceTotem() in legal_actions(state)
    apply(state, PlaceTotem())       # 3 totems <= 3
    assert state.totem_stacks[T_DESERT] == [2, 0, 0]


def test_b9_cap_checked_after_each_placement_so_totem_then_totem_can_be_refused():
    state = make_state(3, seed=9)
    put_tents(state, 1, [0, 1])      # green 2, cap 2
    put_tent(state, 0, 5)
    put_totem(state, 1, T_DESERT)    # 1 totem
    give_hand(state, 0, [DESERT, DESERT, COAST])
    apply(state, Place(T_DESERT, (DESERT, DESERT), 2))
    apply(state, PlaceTotem())       # 2 totems = cap
    assert PlaceTotem() not in legal_actions(state)
    refused(state, PlaceTotem(), "B9")
    apply(state, PlaceTent(2))       # a tent is still fine as the second piece
    assert len(state.totem_stacks[T_DESERT]) == 2


def test_b9_place_refused_when_no_order_of_pieces_fits():
    state = make_state(3, seed=9)
    put_tents(state, 0, [16, 17])
    put_tents(state, 1, [18, 19])    # Glaciers full, cap 2
    put_totem(state, 1, T_GLACIERS)
    give_hand(state, 0, [GLACIERS, GLACIERS, COAST])
    assert places_in(state, T_GLACIERS) == {((GLACIERS,), 1), ((GLACIERS, GLACIERS), 1)}
    refused(state, Place(T_GLACIERS, (GLACIERS, GLACIERS), 2), "B9")


def test_b9_no_totem_where_no_tribe_has_a_tent():
    """The cap of a territory without tents is 0, and exploring it takes the whole action (B8)."""
    state = make_state(3, seed=9)
    give_hand(state, 0, [COAST, COAST, COAST])
    apply(state, Place(T_COAST, (COAST,), 1))
    assert PlaceTotem() not in legal_actions(state)


# ---- B10 spaces --------------------------------------------------------------------------------

def test_b10_occupied_space_refused():
    state = make_state(3, seed=10)
    put_tent(state, 1, 0)
    give_hand(state, 0, [DESERT, COAST, COAST])
    apply(state, Place(T_DESERT, (DESERT,), 1))
    assert PlaceTent(0) not in legal_actions(state)
    message = refused(state, PlaceTent(0), "B10")
    assert "already holds a tent" in message
    refused(state, PlaceTent(12), "B10")   # a space of another territory
    refused(state, PlaceTent(500), "B10")  # no such space
    apply(state, PlaceTent(1))
    assert state.space_owner[0] == 1 and state.space_owner[1] == 0


def test_b10_full_territory_still_takes_totems_under_the_cap():
    state = make_state(3, seed=10)
    put_tents(state, 0, [12, 13, 14])
    put_tent(state, 1, 15)           # Forest full, cap 3
    give_hand(state, 1, [FOREST, FOREST, DESERT])
    state.active_seat = 1
    assert ((FOREST, FOREST), 2) in places_in(state, T_FOREST)
    apply(state, Place(T_FOREST, (FOREST, FOREST), 2))
    assert legal_actions(state) == [PlaceTotem()]
    refused(state, PlaceTent(12), "B10")
    apply(state, PlaceTotem())
    apply(state, PlaceTotem())
    assert state.totem_stacks[T_FOREST] == [1, 1]
    assert state.territory_empty[T_FOREST] == 0


def test_b10_full_territory_at_its_totem_cap_takes_nothing():
    state = make_state(3, seed=10)
    put_tents(state, 0, [24, 25, 26])  # Tundra t5 full, cap 3
    put_totem(state, 1, T_TUNDRA2, 3)  # cap reached
    give_hand(state, 0, [TUNDRA, COAST, COAST])
    assert places_in(state, T_TUNDRA2) == set()
    refused(state, Place(T_TUNDRA2, (TUNDRA,), 1), "B9")


def test_b10_b11_two_tents_need_two_empty_spaces_and_two_tents_in_supply():
    """Without totems, two pieces are two tents: offered where exactly two tent spaces are empty (B10), while
    the tribe has two tents; with one tent left, a 2-piece Place is the tent and then a totem (B11)."""
    state = make_state(3, seed=10)
    put_tents(state, 0, [0, 1, 2, 3, 4])            # Desert: 2 empty spaces (5, 6)
    put_tents(state, 0, [7, 8, 9, 10, 11])
    put_totem(state, 0, T_DESERT, 5)
    put_totem(state, 0, T_TUNDRA, 3)                # red: no totem left
    give_hand(state, 0, [DESERT, DESERT, COAST])
    assert ((DESERT, DESERT), 2) in places_in(state, T_DESERT)
    apply(state, Place(T_DESERT, (DESERT, DESERT), 2))
    assert legal_actions(state) == [PlaceTent(5), PlaceTent(6)]
    apply(state, PlaceTent(5))
    assert legal_actions(state) == [PlaceTent(6)]
    state = make_state(3, seed=10)
    put_tents(state, 0, [0, 1, 2, 3, 4] + list(range(7, 20)) + [20])   # 19 placed: 1 tent left
    give_hand(state, 0, [COAST, COAST, DESERT])
    assert ((COAST, COAST), 2) in places_in(state, T_COAST)
    apply(state, Place(T_COAST, (COAST, COAST), 2))
    apply(state, PlaceTent(21))
    assert legal_actions(state) == [PlaceTotem()]   # no second tent: the supply is empty (B11)


def test_b10_totems_stack_in_placement_order():
    state = make_state(3, seed=10)
    put_tents(state, 0, [0, 1, 2])
    put_totem(state, 2, T_DESERT)
    give_hand(state, 0, [DESERT, DESERT, COAST])
    place(state, T_DESERT, [DESERT, DESERT], 2, "totem", 3)
    assert state.totem_stacks[T_DESERT] == [2, 0]


# ---- B11 out of pieces -------------------------------------------------------------------------

def test_b11_out_of_tents_cannot_place_tents():
    state = make_state(3, seed=11)
    put_tents(state, 0, list(range(0, 20)))  # red: all 20 tents in t0-t3
    assert state.tents_left[0] == 0
    give_hand(state, 0, [COAST, DESERT, DESERT])
    assert places_in(state, T_COAST) == set()      # unexplored: would need a tent
    message = refused(state, Place(T_COAST, (COAST,), 1), "B11")
    assert "no pieces left" in message
    assert ((DESERT, DESERT), 2) in places_in(state, T_DESERT)   # totems still fine in t0 (cap 7)
    put_tent(state, 1, 21)                                       # Coast explored by green
    apply(state, Place(T_COAST, (COAST,), 1))                    # red: only a totem fits (cap 1)
    assert legal_actions(state) == [PlaceTotem()]
    refused(state, PlaceTent(20), "B11")


def test_b11_b9_no_tents_left_and_the_cap_reached_offer_no_place_where_only_a_tent_could_go():
    """Red has totems but no tents; Coast has empty spaces and its cap (1) is already used: only a tent could
    go there, so no Place is offered in Coast and one is refused; a third tribe's Place likewise (B11, B9)."""
    state = make_state(3, seed=11)
    put_tents(state, 0, list(range(0, 20)))   # red: all 20 tents in t0-t3
    put_tent(state, 1, 21)                    # Coast explored by green: cap 1
    put_totem(state, 1, T_COAST)              # ... and that one totem is there
    assert state.tents_left[0] == 0 and state.totems_left[0] == 8 and state.territory_empty[T_COAST] == 3
    give_hand(state, 0, [COAST, COAST, COAST])
    assert places_in(state, T_COAST) == set()
    refused(state, Place(T_COAST, (COAST,), 1), "B9")
    refused(state, Place(T_COAST, (COAST, COAST), 2), "B11")
    put_tent(state, 2, 22)                    # blue 1 tent too: the cap stays 1, still used
    assert places_in(state, T_COAST) == set()


def _red_without_totems():
    state = make_state(3, seed=11)
    put_tents(state, 0, [0, 1, 2, 3, 4])
    put_tents(state, 0, [7, 8, 9, 10])
    put_totem(state, 0, T_DESERT, 4)     # cap 5: room for one more totem, but red has none
    put_totem(state, 0, T_TUNDRA, 4)
    put_tents(state, 1, [5, 6])          # Desert is now full
    assert state.totems_left[0] == 0
    give_hand(state, 0, [DESERT, DESERT, TUNDRA])
    return state


def test_b11_out_of_totems_cannot_place_totems():
    state = _red_without_totems()
    assert places_in(state, T_DESERT) == set()
    assert places_in(state, T_TUNDRA) == {((TUNDRA,), 1), ((DESERT, DESERT), 1)}
    apply(state, Place(T_TUNDRA, (TUNDRA,), 1))
    assert legal_actions(state) == [PlaceTent(11)]
    refused(state, PlaceTotem(), "B11")
    apply(state, PlaceTent(11))
    assert state.totems_left[0] == 0 and state.territory_tents[T_TUNDRA][0] == 5


def test_b11_refusal_in_a_full_territory_names_the_missing_totems_not_the_cap():
    """Desert is full with 4 totems under a cap of 5: the only reason is that red has no totem left."""
    state = _red_without_totems()
    message = refused(state, Place(T_DESERT, (DESERT,), 1), "B11")
    assert "left" in message


def test_b11_end_triggered_at_end_of_turn_when_a_tribe_has_no_tents():
    state = make_state(3, seed=13, first_player=0)
    put_tents(state, 0, list(range(0, 19)))   # red has one tent left
    give_hand(state, 0, [COAST, FOREST, FOREST])
    place(state, T_COAST, [COAST], 1, 20)
    assert state.tents_left[0] == 0
    assert not state.end_triggered            # checked at the end of the turn, not at once
    draw_until_turn_ends(state)
    assert state.end_triggered
    assert state.active_seat == 1 and not state.is_terminal()
    assert not state.reports                  # no final scoring before the round is complete
    for seat in (1, 2):
        assert state.active_seat == seat
        apply(state, Exchange(state.hands[seat][0]))
        draw_until_turn_ends(state)
    assert state.is_terminal()
    assert state.turns_taken == [1, 1, 1]
    assert [r.kind for r in state.reports] == ["final"]


def test_b11_the_third_tribe_running_out_of_tents_also_ends_the_journey():
    state = make_state(2, seed=14, first_player=1)
    put_tents(state, 2, list(range(0, 20)))   # the third tribe has no tents left
    assert state.tents_left[2] == 0
    give_hand(state, 1, [COAST])
    apply(state, Exchange(COAST))             # empty hand: no third-tribe turn
    draw_until_turn_ends(state)
    assert state.end_triggered
    assert state.active_seat == 0 == last_seat(state)
    apply(state, Exchange(state.hands[0][0]))
    while not state.is_terminal():
        apply(state, legal_actions(state)[0])
    assert state.turns_taken == [1, 1]
    assert state.reports[-1].kind == "final"


# ---- refusals name their ruling ----------------------------------------------------------------

def test_illegal_action_messages_start_with_the_ruling_id(explored):
    state = explored
    give_hand(state, 0, [DESERT, FOREST, COAST])
    assert refused(state, Place(T_DESERT, (DESERT, FOREST), 1), "B6").startswith("B6: ")
    assert refused(state, Place(T_GLACIERS, (GLACIERS,), 1), "B6").startswith("B6: ")
    assert refused(state, Place(T_COAST, (COAST, COAST), 2), "B6").startswith("B6: ")
    assert refused(state, Pass(), "B5").startswith("B5: ")
    assert refused(state, Draw(None), "B5").startswith("B5: ")
    assert refused(state, PlaceTent(0), "B5").startswith("B5: ")
    give_hand(state, 0, [COAST, COAST, DESERT])
    assert refused(state, Place(T_COAST, (COAST, COAST), 2), "B8").startswith("B8: ")
    apply(state, Place(T_DESERT, (DESERT,), 1))
    assert refused(state, PlaceTent(6), "B10").startswith("B10: ")
    refused(state, Place(T_DESERT, (DESERT,), 1), "B5")
