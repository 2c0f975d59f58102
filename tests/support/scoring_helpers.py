"""Helpers shared by the scoring tests (test_scoring_points.py and test_scoring_feats.py)."""

from __future__ import annotations

from engine_helpers import draw_until_turn_ends, shrink_deck

from iwari_desktop.engine import Exchange, apply


def line_for(lines, subject):
    """The one report line about `subject`; fails unless there is exactly one."""
    matches = [line for line in lines if line.subject == subject]
    assert len(matches) == 1, (subject, [l.subject for l in lines])
    return matches[0]


def half_journey_now(state):
    """The active player exchanges and draws the deck's last card: the half journey is scored."""
    apply(state, Exchange(state.hands[state.active_seat][0]))
    shrink_deck(state, 1)
    draw_until_turn_ends(state)
    assert state.reports and state.reports[-1].kind == "half"
    return state.reports[-1]
