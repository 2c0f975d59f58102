"""B5 / B13 / B14 / P2 / P4 / P12 / E9 pinned in the turn flow (issue #32): turns counted per seat, the half
journey scored once, the deck running out with nothing to reshuffle, the end reason, queued feats placed in
order (a Courage with nowhere to go lost, one earned with a feat going where that feat just went), and the
flow's refusals of a rule module that asks for something impossible, in words that say what it got wrong.
Small positions on the fixture board (tests/support/engine_helpers.py); the chained hooks of rule modules are
pinned with toy modules in test_flow_modules_pinned.py."""

from __future__ import annotations

import pytest

from engine_helpers import T_COAST, T_FOREST, draw_until_turn_ends, make_state

from iwari_desktop.engine import Exchange, FeatKind, Phase, apply, legal_actions
from iwari_desktop.engine.core import flow
from iwari_desktop.engine.core.flow import ModuleFlowError
from iwari_desktop.engine.core.state import Continuation, FeatClaim, FeatOnBoard

RED = 0
COURAGE, UNION = FeatKind.COURAGE, FeatKind.UNION


def exchange(state) -> None:
    apply(state, Exchange(state.hands[state.active_seat][0]))
    draw_until_turn_ends(state)


def test_b5_each_seat_counts_its_own_turns():
    state = make_state(3)
    for _ in range(6):
        exchange(state)
    assert state.turns_taken == [2, 2, 2] and state.turn == 7   # turns are numbered from 1


def test_b13_the_half_journey_is_scored_once_at_the_end_of_the_turn():
    state = make_state(3)
    state.half_journey_due = True
    exchange(state)
    exchange(state)
    assert [r.kind for r in state.reports].count("half") == 1 and state.half_journey_due is False


def test_p2_a_deck_running_out_with_no_discard_to_reshuffle_ends_the_journey_too():
    state = make_state(3)
    state.discard = []
    state.deck = state.deck[:1]
    flow.take_from_deck(state)
    assert state.deck_exhaustions == 2 and state.end_triggered and state.deck == []


def test_b14_a_journey_ended_by_the_last_seat_says_so():
    state = make_state(3)
    state.end_triggered = True
    for _ in range(3):
        exchange(state)
    assert state.phase is Phase.GAME_OVER and state.end_reason == flow.JOURNEY_END == "journey"


def test_resume_is_refused_when_no_rule_module_holds_the_game():
    state = make_state(3)
    state.continuation = Continuation("before_draw", 1)
    with pytest.raises(ModuleFlowError, match=r"^resume\(\) called while no rule module holds the game$"):
        flow.resume(state)
    state.continuation = None
    with pytest.raises(ModuleFlowError, match="no rule module holds the game"):
        flow.resume(state)


def test_e9_p4_a_courage_with_nowhere_to_go_is_lost_and_the_feats_queued_after_it_are_still_placed():
    state = make_state(3, feats=[COURAGE])
    state.pending_feats = [FeatClaim(COURAGE, RED, deferred=True), FeatClaim(UNION, RED, territories=(T_FOREST,))]
    flow.continue_action(state)
    assert state.feats == [FeatOnBoard(UNION, RED, T_FOREST, False)] and state.pending_feats == []


def test_p12_e9_a_courage_earned_with_a_feat_may_go_where_that_feat_just_went():
    state = make_state(3, feats=[COURAGE])
    state.pending_feats = [FeatClaim(UNION, RED, territories=(T_FOREST,)), FeatClaim(COURAGE, RED, deferred=True)]
    flow.continue_action(state)
    assert state.feats == [FeatOnBoard(UNION, RED, T_FOREST, False), FeatOnBoard(COURAGE, RED, T_FOREST, False)]


def test_p4_e9_a_courage_with_two_feats_to_cancel_waits_for_its_earners_choice():
    state = make_state(3, feats=[COURAGE])
    state.feats = [FeatOnBoard(UNION, RED, T_FOREST, False), FeatOnBoard(UNION, 1, T_COAST, False)]
    state.pending_feats = [FeatClaim(COURAGE, RED, deferred=True)]
    flow.continue_action(state)
    assert state.phase is Phase.FEAT and state.pending_feats[0].options() == [(T_FOREST, False), (T_COAST, False)]


def test_the_flow_refuses_a_rule_module_that_asks_for_something_impossible_saying_what_it_got_wrong():
    state = make_state(3)                     # no Courage module in this game
    state.pending_feats = [FeatClaim(COURAGE, RED, deferred=True)]
    with pytest.raises(ModuleFlowError, match=r"^no active rule module places the courage feat$"):
        flow.continue_action(state)
    state = make_state(3)
    state.phase, state.module_turn = Phase.MODULE, "toy-gone"
    with pytest.raises(ModuleFlowError, match=r"^no active rule module has the key 'toy-gone'$"):
        legal_actions(state)
    state.continuation = Continuation("toy-hook", 1)
    with pytest.raises(ModuleFlowError, match=r"^unknown continuation 'toy-hook'$"):
        flow.resume(state)
