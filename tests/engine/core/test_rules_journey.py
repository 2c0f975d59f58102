"""The journey: the 2-player third tribe (B12), the half journey (B13) and the end (B14)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine_helpers import (
    COAST, DESERT, FOREST, FULL_DECK, GLACIERS, T_COAST, T_DESERT, T_FOREST, T_GLACIERS, T_TUNDRA, TUNDRA, all_cards,
    draw_until_turn_ends, final_scoring_now, give_hand, last_seat, make_state, place, put_tent, put_tents, put_totem,
    shrink_deck,
)

from iwari_desktop.engine import (
    Draw, Exchange, FeatKind, IllegalAction, Pass, Phase, Place, apply, legal_actions, returns,
)
from iwari_desktop.engine.core.state import FeatOnBoard

THIRD = 2


# ---- B12 third tribe ---------------------------------------------------------------------------

def test_b12_third_tribe_turn_is_mandatory_after_the_action_and_before_drawing():
    state = make_state(2, seed=1, first_player=0)
    give_hand(state, 0, [DESERT, TUNDRA, TUNDRA])
    place(state, T_DESERT, [DESERT], 1, 0)
    assert state.phase is Phase.THIRD_TRIBE
    assert state.active_seat == 0 and state.current_player() == 0 and state.acting_tribe == THIRD
    options = legal_actions(state)
    assert options and all(isinstance(a, Place) for a in options)
    for not_now in (Draw(None), Exchange(TUNDRA), Pass()):
        with pytest.raises(IllegalAction) as error:
            apply(state, not_now)
        assert str(error.value).startswith("B5: ")
    hand_before = len(state.hands[0])
    place(state, T_TUNDRA, [TUNDRA], 1, 7)
    assert state.space_owner[7] == THIRD and state.tents_left[THIRD] == 19
    assert state.tents_left[0] == 19
    assert len(state.hands[0]) == hand_before - 1      # paid with the active player's cards
    assert state.phase is Phase.DRAW and state.active_seat == 0


def test_b12_third_tribe_also_plays_after_an_exchange():
    state = make_state(2, seed=2, first_player=0)
    give_hand(state, 0, [COAST, FOREST, DESERT])
    apply(state, Exchange(DESERT))
    assert state.phase is Phase.THIRD_TRIBE
    place(state, T_COAST, [COAST], 1, 20)
    assert state.space_owner[20] == THIRD


def test_b12_third_tribe_need_not_use_every_remaining_card():
    state = make_state(2, seed=2, first_player=0)
    give_hand(state, 0, [COAST, FOREST, DESERT])
    apply(state, Exchange(DESERT))
    assert Place(T_COAST, (COAST,), 1) in legal_actions(state)
    place(state, T_COAST, [COAST], 1, 21)
    assert state.hands[0] == [FOREST] and state.phase is Phase.DRAW


def test_b12_third_tribe_turn_skipped_without_cards():
    state = make_state(2, seed=3, first_player=0)
    put_tent(state, 1, 6)
    give_hand(state, 0, [DESERT, DESERT, DESERT])
    place(state, T_DESERT, [DESERT, DESERT, DESERT], 2, 0, 1)
    assert state.hands[0] == []
    assert state.phase is Phase.DRAW  # straight to drawing


def test_b12_third_tribe_turn_skipped_when_no_legal_place_exists():
    state = make_state(2, seed=4, first_player=0)
    put_tents(state, 0, [16, 17, 18, 19])   # Glaciers full, cap 4 ...
    put_totem(state, 0, T_GLACIERS, 4)      # ... and reached
    give_hand(state, 0, [DESERT, GLACIERS])
    place(state, T_DESERT, [DESERT], 1, 0)
    assert state.hands[0] == [GLACIERS]
    assert state.phase is Phase.DRAW


def test_b12_third_tribe_scores_like_a_player():
    state = make_state(2, seed=5, first_player=0)
    put_tents(state, THIRD, [0, 1, 2])      # 3 tents in Desert, road-connected
    put_tent(state, 0, 5)
    put_tents(state, THIRD, [12, 13, 14, 15])  # a settlement of 4 in Forest
    final_scoring_now(state)
    report = state.reports[-1]
    assert report.by_category()["tents"][THIRD] == 4 + 4   # Desert rank 1 (4 tents) + Forest (4)
    assert report.by_category()["tents"][0] == 3           # rank 2 scores the leader's 3
    assert report.by_category()["settlement"][THIRD] == 4
    assert state.scores[THIRD] == 12


def test_b12_third_tribe_alone_first_means_both_players_lose():
    state = make_state(2, seed=6, first_player=0)
    put_tents(state, THIRD, [0, 1])
    put_tent(state, 0, 5)
    final_scoring_now(state)
    assert state.scores == [2, 0, 3]
    assert state.result.winners == (THIRD,)
    assert state.result.players_lose
    assert returns(state) == [0.0, 0.0]


def test_b12_third_tribe_first_after_tie_break_means_both_players_lose():
    state = make_state(2, seed=6, first_player=0)
    put_tents(state, 0, [12, 13])           # red: 2 points in Forest
    put_totem(state, 0, T_FOREST)           # a totem that scores nothing but leaves red's supply smaller
    put_tents(state, THIRD, [0, 1])         # third tribe: 2 points in Desert
    final_scoring_now(state)
    assert state.scores == [2, 0, 2]
    assert state.supply_left(THIRD) == state.supply_left(0) + 1
    assert state.result.winners == (THIRD,) and state.result.decided_by == "supply"
    assert state.result.players_lose
    assert returns(state) == [0.0, 0.0]


def test_b12_player_tied_with_the_third_tribe_shares_the_win():
    state = make_state(2, seed=7, first_player=0)
    put_tents(state, 0, [0, 1])
    put_tents(state, THIRD, [2, 3])         # Desert 2-2: both rank 1, 4 points each
    final_scoring_now(state)
    assert state.scores == [4, 0, 4]
    assert state.result.decided_by == "shared"
    assert set(state.result.winners) == {0, THIRD}
    assert not state.result.players_lose
    assert returns(state) == [1.0, 0.0]


# ---- B13 half journey --------------------------------------------------------------------------

def _red_to_draw_two(state):
    """Red (seat 0, first) plays two cards and must draw two."""
    give_hand(state, 0, [DESERT, DESERT, FOREST])
    place(state, T_DESERT, [DESERT, DESERT], 1, 0)
    assert state.phase is Phase.DRAW and len(state.hands[0]) == 1


def test_b13_discard_becomes_the_new_deck_the_moment_the_last_card_is_taken():
    state = make_state(3, seed=8, first_player=0)
    _red_to_draw_two(state)
    shrink_deck(state, 1)
    discard = Counter(state.discard)
    last_card = state.deck[-1]
    apply(state, Draw(None))
    assert last_card in state.hands[0]
    assert state.deck_exhaustions == 1
    assert Counter(state.deck) == discard and state.discard == []   # reshuffled at once
    assert state.phase is Phase.DRAW and state.active_seat == 0   # the drawer carries on ...
    assert state.reports == []                                     # ... before the interruption
    size = len(state.deck)
    apply(state, Draw(None))                                       # ... from the new deck
    assert len(state.deck) == size - 1
    assert len(state.hands[0]) == 3
    assert [r.kind for r in state.reports] == ["half"]
    assert state.active_seat == 1 and state.phase is Phase.MAIN   # play continues with the next player
    assert not state.end_triggered
    assert all_cards(state) == FULL_DECK


def test_b13_b14_ending_while_the_half_journey_is_owed_scores_it_before_the_final_scoring():
    """Exhausted mid-draw, the half journey is owed until the drawer's hand is full (B13). Ending the game
    there (a position scored now, or a module's end) adds the half-journey report first, then the final one,
    and the points of both; the state it is asked about is untouched."""
    from iwari_desktop.engine.core.flow import end_game
    from iwari_desktop.engine.core.scoring import score_report
    from iwari_desktop.engine.files.ending import end_now

    state = make_state(3, seed=8, first_player=0)
    _red_to_draw_two(state)
    put_tents(state, 1, [1, 2])
    shrink_deck(state, 1)
    apply(state, Draw(None))
    assert state.half_journey_due and state.reports == []
    half, final = score_report(state, final=False), score_report(state, final=True)
    before = state.clone()
    ending = end_now(state)
    assert [r.kind for r in ending.reports] == ["half", "final"]
    assert ending.reports[0].totals() == half.totals() and ending.reports[1].totals() == final.totals()
    assert list(ending.result.totals) == [h + f for h, f in zip(half.totals(), final.totals())]
    assert state == before
    end_game(state, "position")
    assert [r.kind for r in state.reports] == ["half", "final"] and not state.half_journey_due
    assert state.scores == list(ending.result.totals) and state.scores[1] > 0


def test_b13_new_deck_is_shuffled():
    for seed in range(6):
        state = make_state(3, seed=seed, first_player=0)
        _red_to_draw_two(state)
        shrink_deck(state, 1)
        discard = list(state.discard)
        apply(state, Draw(None))
        assert Counter(state.deck) == Counter(discard)
        assert state.deck != discard and state.deck != discard[::-1], "the discard pile was not shuffled"


def test_b13_display_is_refilled_from_the_new_deck_before_the_half_journey_scoring():
    state = make_state(3, seed=9, first_player=0)
    _red_to_draw_two(state)
    shrink_deck(state, 1)
    apply(state, Draw(None))                   # last card: new deck
    apply(state, Draw(state.display[0]))       # hand full from the display: display 3
    assert len(state.display) == 4             # refilled from the new deck
    assert state.reports[-1].kind == "half"
    assert state.active_seat == 1


def test_b13_exhaustion_by_a_display_refill():
    state = make_state(3, seed=10, first_player=0)
    _red_to_draw_two(state)
    shrink_deck(state, 1)
    apply(state, Draw(state.display[0]))
    assert state.deck_exhaustions == 0 and len(state.display) == 3
    apply(state, Draw(state.display[0]))       # hand full: the refill takes the last card and goes on
    assert state.deck_exhaustions == 1
    assert len(state.display) == 4
    assert [r.kind for r in state.reports] == ["half"]
    assert state.active_seat == 1
    assert all_cards(state) == FULL_DECK


def test_b13_half_journey_scores_tents_only_without_feat_multipliers():
    state = make_state(3, seed=11, first_player=0, feats={FeatKind.UNION, FeatKind.HONOUR})
    put_tents(state, 1, [1, 2, 3])             # green 3 tents in Desert
    put_tents(state, 2, [12, 13, 14, 15])      # blue settlement of 4 in Forest
    put_tent(state, 1, 16)
    put_totem(state, 1, T_GLACIERS)
    put_totem(state, 1, T_DESERT)
    state.feats.append(FeatOnBoard(FeatKind.UNION, 1, T_DESERT, False))
    state.feats.append(FeatOnBoard(FeatKind.UNION, 2, T_DESERT, False))
    state.feats.append(FeatOnBoard(FeatKind.HONOUR, 1, 3, True))
    _red_to_draw_two(state)                    # red adds a tent in Desert: 3-1
    shrink_deck(state, 1)
    draw_until_turn_ends(state)
    report = state.reports[-1]
    assert report.kind == "half"
    assert {line.category for line in report.lines} == {"tents"}
    assert all(line.multiplier == 1 for line in report.lines)
    desert = next(line for line in report.lines if line.subject == f"territory:{T_DESERT}")
    assert desert.points == {1: 4, 0: 3}
    assert state.scores == [3, 4 + 1, 4]
    assert report.totals() == state.scores


def test_b13_no_new_deck_and_the_end_when_the_discard_pile_is_empty():
    """P2: nothing to reshuffle at the first exhaustion: the half journey is scored and the end begins."""
    state = make_state(3, seed=12, first_player=0)
    _red_to_draw_two(state)
    shrink_deck(state, 1)
    state.removed.extend(state.discard)       # keep the card total while emptying the discard pile
    state.discard.clear()
    apply(state, Draw(None))
    assert state.deck == [] and state.end_triggered
    apply(state, Draw(state.display[0]))
    assert state.reports[-1].kind == "half"


# ---- B14 end of the journey --------------------------------------------------------------------

def test_b14_second_exhaustion_completes_the_round_without_a_new_deck():
    state = make_state(3, seed=13, first_player=0)
    state.deck_exhaustions = 1                 # the half journey is behind us
    apply(state, Exchange(state.hands[0][0]))
    draw_until_turn_ends(state)
    assert state.active_seat == 1
    shrink_deck(state, 1)
    apply(state, Exchange(state.hands[1][0]))
    discard = list(state.discard)
    apply(state, Draw(None))                   # the last card: second exhaustion
    assert state.deck_exhaustions == 2 and state.end_triggered
    assert state.deck == [] and state.discard == discard  # no new deck is formed
    assert len(state.display) == 4
    assert state.active_seat == 2 and not state.is_terminal()  # seat 2 is before the first player: last turn
    apply(state, Exchange(state.hands[2][0]))
    assert Draw(None) not in legal_actions(state)             # only the display
    with pytest.raises(IllegalAction) as error:
        apply(state, Draw(None))
    assert str(error.value).startswith("B14: ")
    apply(state, Draw(state.display[0]))
    assert len(state.display) == 3                            # never refilled again
    assert state.is_terminal()
    assert state.turns_taken == [1, 1, 1]
    assert [r.kind for r in state.reports] == ["final"]
    assert state.deck == []


def test_b14_player_before_the_first_player_takes_the_last_turn():
    state = make_state(4, seed=14, first_player=2)
    assert last_seat(state) == 1
    state.end_triggered = True
    seats = []
    while not state.is_terminal():
        seats.append(state.active_seat)
        apply(state, Exchange(state.hands[state.active_seat][0]))
        draw_until_turn_ends(state)
    assert seats == [2, 3, 0, 1]
    assert state.turns_taken == [1, 1, 1, 1]


def test_b14_triggered_during_the_last_players_turn_ends_at_the_end_of_that_turn():
    state = make_state(3, seed=15, first_player=1)
    state.deck_exhaustions = 1
    for _ in range(2):                          # seats 1 and 2
        apply(state, Exchange(state.hands[state.active_seat][0]))
        draw_until_turn_ends(state)
    assert state.active_seat == 0 == last_seat(state)
    shrink_deck(state, 1)
    apply(state, Exchange(state.hands[0][0]))
    apply(state, Draw(None))
    assert state.is_terminal()
    assert state.turns_taken == [1, 1, 1]


def test_b14_final_scoring_counts_tents_totems_and_settlements_with_feats():
    state = make_state(3, seed=16, first_player=0, feats={FeatKind.UNION})
    put_tents(state, 0, [0, 1, 2, 3])          # red settlement of 4 in Desert
    put_tents(state, 1, [12, 13])              # green in Forest
    put_tent(state, 0, 14)
    put_totem(state, 1, T_FOREST)
    put_totem(state, 1, T_DESERT)
    state.feats.append(FeatOnBoard(FeatKind.UNION, 0, T_DESERT, False))
    assert 7 not in state.mountains
    final_scoring_now(state)
    report = state.reports[-1]
    assert report.kind == "final"
    categories = report.by_category()
    assert categories["tents"] == [4 * 2 + 2, 3, 0]          # Desert doubled by the Union feat
    assert categories["totems"] == [0, 2, 0]                 # connection 7 (Desert–Forest)
    assert categories["settlement"] == [4, 0, 0]
    assert state.scores == [14, 5, 0]
    assert state.result.winners == (0,) and not state.result.players_lose


def test_b14_after_the_end_no_action_is_accepted():
    state = make_state(3, seed=17)
    final_scoring_now(state)
    assert legal_actions(state) == []
    with pytest.raises(IllegalAction) as error:
        apply(state, Pass())
    assert str(error.value).startswith("B14: ")
