"""Playtest D18: a goal's reason in the chapter debrief never has brackets inside brackets, in English or German
("Only a won chapter earns this star (the 3rd Corruption came before the end (3 Corruptions in all))").

Every goal kind is checked on won and lost results (a lost one wraps the goal's own reason), with results whose
reasons hold brackets of their own, as a real game's do ("… (3 of the 3 it needs)").
"""

from __future__ import annotations

import gettext

import pytest

from campaign_helpers import P, V, result, territories
from iwari_desktop.engine.campaign.goals import GOAL_SPECS, Goal, GoalKind, check_goal
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.text import render
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
# what a real chapter result gives as its reason (from_game.reason_words): brackets of its own
REAL_REASON = "the Void controls enough territories to win (3 of the 3 it needs)"


def _de(text: object) -> str:
    return render(text, GERMAN.gettext, GERMAN.ngettext)


def bracket_depth(text: str) -> int:
    """How deep brackets go in `text` (0: none, 1: "(a) (b)", 2: "(a (b))")."""
    depth = deepest = 0
    for ch in text:
        if ch == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == ")":
            depth -= 1
    return deepest


def _goal(kind: GoalKind) -> Goal:
    spec = GOAL_SPECS[kind]
    if spec.biome:
        return Goal(kind, biome=Biome.GLACIERS)
    return Goal(kind, number=2) if spec.parameter is not None else Goal(kind)


ICE = territories(("Rime", Biome.GLACIERS, P), ("Floe", Biome.GLACIERS, V), ("Berg", Biome.GLACIERS, None))


@pytest.mark.parametrize("kind", list(GoalKind))
@pytest.mark.parametrize("won", [True, False])
def test_s6_no_goal_reason_nests_brackets_in_english_or_german(kind, won):
    outcome = result(won, void=3, player=1, turns=40, corruptions=3, ruins=9, road=2, extra=ICE, reason=REAL_REASON)
    check = check_goal(_goal(kind), outcome)
    assert check.reason and _de(check.reason) != str(check.reason)      # a real sentence, translated
    assert bracket_depth(str(check.reason)) <= 1, check.reason
    assert bracket_depth(_de(check.reason)) <= 1, _de(check.reason)


def test_s6_a_lost_chapters_corruption_goal_reads_in_plain_words():
    check = check_goal(Goal(GoalKind.WIN_BEFORE_CORRUPTION, number=3), result(False, corruptions=3))
    assert not check.met
    assert check.reason == "only a won chapter earns this star: the 3rd Corruption came before the end, " \
                           "3 Corruptions in all"
    assert "(" not in _de(check.reason) and _de(check.reason).startswith("nur ein gewonnenes Kapitel bringt diesen "
                                                                         "Stern: ")


def test_s7_a_lost_chapters_biome_goal_names_the_territories_without_nested_brackets():
    check = check_goal(Goal(GoalKind.CONTROL_BIOME, biome=Biome.GLACIERS), result(False, extra=ICE))
    assert check.reason == "only a won chapter earns this star: you did not hold Floe and Berg; 1 of 3 Glaciers " \
                           "were yours"
    assert "(" not in _de(check.reason)
