"""Playtest D23: what a player reads when a key asks for a move while the game waits for something else.

Pressing D during the Void's action answered in German "… wartet auf eine Entscheidung (die Leere)", the rule's
name in brackets like a stray note. The rule now stands in the sentence, in both languages, for every rule
that can hold the game; and the other "waits for" refusals read as sentences, without jargon.
"""

from __future__ import annotations

import random

import pytest

from iwari_desktop.engine.core.actions import Draw, PlaceTent
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.errors import IllegalAction
from iwari_desktop.engine.core.game import Game
from iwari_desktop.engine.core.modules import REGISTRY
from iwari_desktop.engine.core.rules import _WAITING_FOR, apply, legal_actions
from iwari_desktop.engine.core.state import Phase
from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import set_language
from iwari_desktop.scenes.ui.words import has_ruling_id, refusal_text

@pytest.fixture
def german():
    set_language("de")
    yield
    set_language("en")


def _draw_during_the_voids_action() -> IllegalAction:
    """Draw from the deck (the D key) while the Void's action waits for the player's decision."""
    game = Game.new(GameConfig.quick("new-horizons", 1, 5, mode=GameMode.SOLO))
    rng = random.Random(1)
    while game.state.phase is not Phase.MODULE:
        assert not game.is_over()
        game.play(rng.choice(legal_actions(game.state)))
    with pytest.raises(IllegalAction) as refused:
        apply(game.state.clone(), Draw(None))
    return refused.value


def _tent_before_any_action() -> IllegalAction:
    """A tent with no Place to put it in: the game waits for an action."""
    game = Game.new(GameConfig.quick("new-horizons", 3, 5))
    assert game.state.phase is Phase.MAIN
    with pytest.raises(IllegalAction) as refused:
        apply(game.state.clone(), PlaceTent(0))
    return refused.value


def test_s4_drawing_during_the_voids_action_says_the_void_decides_first_in_english():
    error = _draw_during_the_voids_action()
    assert refusal_text(error.rule, error.reason) == "That move cannot be played now: a decision for the Void comes first."


def test_s4_drawing_during_the_voids_action_reads_as_german_without_brackets(german):
    error = _draw_during_the_voids_action()
    shown = refusal_text(error.rule, error.reason)
    assert shown == "Dieser Zug geht gerade nicht: Zuerst ist eine Entscheidung für die Leere zu treffen."
    assert not has_ruling_id(shown)


OPENING = {"en": "That move cannot be played now: ", "de": "Dieser Zug geht gerade nicht: "}


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_rule_that_can_hold_the_game_stands_in_the_sentence_not_in_brackets(language):
    set_language(language)
    try:
        holding = _draw_during_the_voids_action().reason.template    # the engine's own sentence
        titles = {module.title for module in REGISTRY.values()}
        assert len(titles) >= 10                              # the expansion's rules and the Void are all there
        for title in titles:
            reason = Text(holding, action="draw deck", title=Text(title))
            shown = refusal_text("S4", reason)
            assert shown.startswith(OPENING[language]) and "(" not in shown and ")" not in shown, shown
            assert not has_ruling_id(shown) and "{" not in shown, shown
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_other_waiting_refusals_read_as_sentences_without_jargon(language):
    set_language(language)
    try:
        waiting = _tent_before_any_action()
        assert "waiting for" in waiting.reason.template
        for phase, wanted in _WAITING_FOR.items():
            shown = refusal_text("B5", Text(waiting.reason.template, action="draw deck", wanted=Text(wanted)))
            assert shown.startswith(OPENING[language]), shown
            assert "(" not in shown and "module" not in shown.lower(), (phase, shown)
            assert shown.endswith(".") and "{" not in shown, shown
    finally:
        set_language("en")
