"""The Hint's worst case stays within the Expert's app budget (issue #34 item 1).

On a quiet machine the Hint once took 2.08 s of CPU at a Void action against the Expert's `APP_BUDGET` of 1.5 s:
its search was timed only between worlds, so a world begun just under the search budget ran to its end (every
world of a step plays to the game's end). The search now counts from the start of the decision and stops at
`HINT_SEARCH_CAP`: no world is begun that the longest so far says would end past it, and a world under way is
stopped there. Here the play-outs cost a set time of a fake thread clock, so the test is the same on any machine.
"""

from __future__ import annotations

import pytest

from hint_claims import positions

from iwari_desktop.engine.bots import expert
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.scenes.board.hints import EXPERT_HINT_BUDGET, HINT_CAP, HINT_SEARCH_CAP, Adviser


@pytest.fixture(scope="module")
def turn_start():
    """A solo turn's start on new-horizons: every candidate turn is searched to the game's end."""
    return positions("new-horizons", GameMode.SOLO, 3, every=1, limit=1)[0]


def _timed_hint(state, monkeypatch, per_line: float) -> tuple[float, int]:
    """(fake CPU the hint took, worlds searched) when each line's play-out costs `per_line` seconds."""
    now = [0.0]

    def play_turns(trial, turns, line, view=None):
        now[0] += per_line

    monkeypatch.setattr(expert, "play_turns", play_turns)
    adviser = Adviser(True, 5)
    adviser.bot.clock = lambda: now[0]
    adviser.choose(state.clone(), legal_actions(state))
    return now[0], adviser.bot.searched


def test_a_hint_whose_worlds_are_slow_stops_within_the_experts_app_budget(turn_start, monkeypatch):
    """Six candidate turns at 0.3 s each make one world 1.8 s: the search stops inside the first world at the cap,
    keeping the lines it reached (the plan value's best first), so the whole hint stays within APP_BUDGET."""
    spent, worlds = _timed_hint(turn_start, monkeypatch, 0.3)
    assert worlds == 1
    assert spent <= HINT_CAP == expert.APP_BUDGET, spent


def test_a_second_world_is_not_begun_when_it_would_end_past_the_cap(turn_start, monkeypatch):
    """A world of 0.6 s ends under the 0.8 s search budget; another would end at 1.2 s, past the cap."""
    lines = len(expert.ExpertBot(0)._turn_lines(turn_start, 0, legal_actions(turn_start))[0])
    per_line = 0.6 / lines
    spent, worlds = _timed_hint(turn_start, monkeypatch, per_line)
    assert 0.6 < EXPERT_HINT_BUDGET and 1.2 > HINT_SEARCH_CAP
    assert worlds == 1 and spent <= HINT_SEARCH_CAP


def test_quick_worlds_are_still_dealt_while_the_budget_lasts(turn_start, monkeypatch):
    spent, worlds = _timed_hint(turn_start, monkeypatch, 0.01)
    assert worlds >= 5 and spent <= HINT_SEARCH_CAP
