"""The Void's turn never shows what has not happened yet (issue #34 item 2).

A played-through solo game on New Horizons: mid-Infection the banner asked "Choose which lit territory the
Void treats first" while the forecast already lit and described the next Void card (so one offered
territory wore the forecast's purple outline) and the Tribes panel counted pieces still to come. Every panel
shows the state of the step on screen; a choice lights every territory it offers; Next on the last step
does not also click the board; a count set off by the player's own move is not "step 1 of 1"; the words
of the forecast say how many more Void cards a Corruption needs.
"""

from __future__ import annotations

import random

import pytest

from iwari_desktop.engine.rulesets.solo.data import data
from iwari_desktop.engine.rulesets.solo.forecast import TIE_DECISIONS, forecast
from iwari_desktop.engine.rulesets.solo.standing import standing
from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.presenters.solo_forecast import picture
from iwari_desktop.scenes.presenters.solo_words import tally_line
from iwari_desktop.scenes.selftest.solo_driver import void_step

from scene_helpers import click, press
from solo_scene_helpers import open_steps_scene, solo_game


def order_choice_pending(seeds=range(1, 12), limit: int = 800) -> GameController:
    """A controller of a seeded solo game (New Horizons) stopped where the player picks which territory the
    Void treats first (P21), as the player meets it (seed 3 in the play-test)."""
    for seed in seeds:
        c = GameController(solo_game(seed=seed))
        rng = random.Random(seed)
        for _ in range(limit):
            if c.over:
                break
            if any(not choice.space for choice in c.void_choices()):
                return c
            void_step(c, rng)
            c.void_steps.clear()
    raise AssertionError("no game reached an order choice")


def test_p21_a_pending_choice_lights_every_territory_it_offers_and_nothing_of_the_next_card():
    """Before: choices {0, 1}, the forecast's purple outline on {1, 2} (the next card's connection) and its
    sentence "Next Void card: an Infection at connection 2"."""
    c = order_choice_pending()
    offered = {choice.target for choice in c.void_choices() if not choice.space}
    assert len(offered) >= 2
    assert c.lit_territories() == offered
    shown = picture(c.state)
    assert shown.lit == () and shown.totems == () and shown.ruins == () and shown.counts == ()
    assert not any(line.startswith("Next Void card") for line in shown.lines)
    assert "waits for your choice" in shown.lines[0]
    # the tallies are the position's as it stands, not after the strike under way
    assert shown.tally == tally_line(standing(c.state), 1)
    assert shown.forecast.standing == standing(c.state)
    # the engine's forecast still looks past the strike (explain_solo reads it)
    assert data(c.state).decision[0] in TIE_DECISIONS and forecast(c.state).settled


def test_s6_the_forecast_says_how_many_more_void_cards_a_corruption_needs():
    """Before: "A Corruption (3 Void cards missing) would count …"."""
    c = GameController(solo_game(seed=3))
    shown = picture(c.state)
    missing = shown.forecast.missing
    assert missing >= 2
    assert shown.lines[1].startswith(f"A Corruption needs {missing} more Void cards; it would count ")
    assert "missing" not in " ".join(shown.lines)


# ---- the steps screen: every panel at the step on screen, Next's last click, the title -------------------

def _queued(test, seeds=range(3, 40)):
    from tests.scenes.solo.test_scenes_void_steps import queued_sequence

    return queued_sequence(test, seeds)


def _piece_steps(plan) -> list[int]:
    return [i for i, s in enumerate(plan) if s.ruin is not None or s.totem is not None]


@pytest.mark.parametrize("app", ["en"], indirect=True)
def test_s5_the_tribes_panel_counts_the_void_pieces_of_the_step_on_screen(app, monkeypatch):
    """Before: the Tribes panel already counted the ruins and totems of steps not shown yet."""
    from iwari_desktop.scenes.board.hud import Hud

    c, _plan = _queued(lambda plan: len(_piece_steps(plan)) >= 2)
    board, scene = open_steps_scene(app, c)
    real = Hud._void_pieces
    said: list[str] = []

    def pieces(state, tribe):
        said.append(real(state, tribe))
        return said[-1]

    monkeypatch.setattr(Hud, "_void_pieces", staticmethod(pieces))
    void = board.controller.state.void_tribe
    for index in (0, _piece_steps(scene.plan)[0]):
        scene.index = index
        scene._hold()
        said.clear()
        app.request_redraw()
        app.step(0)
        assert said and said[-1] == real(scene.frame(), void)
        assert board.controller.shown_state is scene.frame()
    assert real(scene.frame(0), void) != real(board.controller.state, void)
    press(app, scene.skip_button)
    assert board.controller.shown_state is board.controller.state   # the steps done: the game's own position


@pytest.mark.parametrize("app", ["en"], indirect=True)
def test_next_as_the_last_step_runs_out_does_not_click_the_board(app):
    """Before: the last step's time ran out as the player pressed Next; the click landed on the board
    ("Nothing to play there…"), and Enter would have pressed the board's main button."""
    c, _plan = _queued(lambda plan: len(plan) >= 2)
    board, scene = open_steps_scene(app, c)
    app.settings.animation_speed = "normal"
    at = scene.next_button.rect.center
    scene.index = len(scene.plan) - 1
    scene.update(60.0)   # the last step's time runs out: the screen closes by itself
    assert app.stack.top is board
    played, message = len(board.controller.game.log), board.controller.message
    click(app, at)
    assert board.controller.message == message and len(board.controller.game.log) == played
    click(app, at)   # the next click is the board's again
    assert board.controller.message != message or len(board.controller.game.log) != played


def test_s7_a_count_set_off_by_the_players_own_move_is_not_the_voids_step_1_of_1():
    from iwari_desktop.engine.rulesets.solo import events as ev
    from iwari_desktop.scenes.solo.void_steps import VoidStepsScene

    c, plan = _queued(lambda plan: all(step.kind == ev.COUNT for step in plan))
    shown = VoidStepsScene.title(_Titled(plan))
    assert "step" not in shown
    assert shown == ("After your move: a territory is counted" if len(plan) == 1
                     else f"After your move: count 1 of {len(plan)}")
    c, plan = _queued(lambda plan: len(plan) >= 2 and any(step.kind == ev.INFECTION for step in plan))
    assert VoidStepsScene.title(_Titled(plan)) == f"The Void · step 1 of {len(plan)}"


class _Titled:
    """Just what `VoidStepsScene.title` reads."""

    def __init__(self, plan) -> None:
        self.plan, self.steps, self.index = plan, [step.sentence for step in plan], 0


def test_s6_the_deck_holds_a_corruptions_void_cards_only_from_its_step_on():
    """Before: the deck's count already held the Void cards a Corruption shuffles in while its first steps
    showed. The Corruption's own event says how many set it off: one goes beside the board, the rest in."""
    from iwari_desktop.engine import Biome
    from iwari_desktop.engine.rulesets.solo import events as ev
    from iwari_desktop.scenes.solo.void_steps_plan import frame_state

    c, plan = _queued(lambda plan: {ev.CORRUPTION, ev.CORRUPT_CARDS} <= {step.kind for step in plan})
    struck = next(step for step in plan if step.kind == ev.CORRUPTION)
    cards = next(i for i, step in enumerate(plan) if step.kind == ev.CORRUPT_CARDS)
    assert plan[cards].shuffled == struck.toward - 1 >= 1
    final = c.state
    before = frame_state(final, plan, cards - 1)
    assert len(before.deck) == len(final.deck) - plan[cards].shuffled
    assert before.deck.count(Biome.VOID) == final.deck.count(Biome.VOID) - plan[cards].shuffled
    assert len(frame_state(final, plan, cards).deck) == len(final.deck)


@pytest.mark.parametrize("app", ["en"], indirect=True)
def test_enter_as_the_last_step_runs_out_is_next_not_the_boards_main_button(app):
    import pygame

    from scene_helpers import key

    c, _plan = _queued(lambda plan: len(plan) >= 2)
    board, scene = open_steps_scene(app, c)
    app.settings.animation_speed = "normal"
    scene.index = len(scene.plan) - 1
    scene.update(60.0)
    assert app.stack.top is board
    seen: list = []
    board.primary = lambda: seen.append("main button")
    key(app, pygame.K_RETURN)
    assert seen == []            # meant for Next
    key(app, pygame.K_RETURN)
    assert seen == ["main button"]   # the next Enter is the board's again
