"""B5 / B13 / B14 / P2 pinned in the turn flow (issue #32): turns counted per seat, the half journey scored
once, the deck running out with nothing to reshuffle, the end reason, and `resume` refused when no module
holds the game. Small positions on the fixture board (tests/support/engine_helpers.py)."""

from __future__ import annotations

import pytest

from engine_helpers import draw_until_turn_ends, make_state

from iwari_desktop.engine import Exchange, Phase, apply
from iwari_desktop.engine.core import flow
from iwari_desktop.engine.core.flow import ModuleFlowError
from iwari_desktop.engine.core.state import Continuation


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
