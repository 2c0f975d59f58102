"""During a Corruption's steps the display shows the cards of the step on screen (issue #34 item 2's leftover):
before, the Void cards it takes out of the display (S6: one beside the board, the rest into the deck) were
already gone from the display while its first steps showed, though the deck and the counters still held them."""

from __future__ import annotations

from iwari_desktop.engine import Biome
from iwari_desktop.engine.rulesets.solo import events as ev
from iwari_desktop.engine.rulesets.solo.data import data
from iwari_desktop.scenes.solo.void_steps_plan import frame_state


def _corruption_from_the_display():
    from tests.scenes.solo.test_scenes_void_steps import queued_sequence

    return queued_sequence(lambda plan: any(step.kind == ev.CORRUPT_CARDS and step.displayed for step in plan),
                           range(3, 80))


def test_s6_the_display_holds_a_corruptions_void_cards_until_its_step_takes_them():
    c, plan = _corruption_from_the_display()
    cards = next(i for i, step in enumerate(plan) if step.kind == ev.CORRUPT_CARDS and step.displayed)
    final = c.state
    before, at = frame_state(final, plan, cards - 1), frame_state(final, plan, cards)
    assert before.display.count(Biome.VOID) == final.display.count(Biome.VOID) + plan[cards].displayed
    assert at.display.count(Biome.VOID) == final.display.count(Biome.VOID)
    assert data(before).above >= 0 and data(at).above == 0   # the counters follow the display they are read with


def test_s6_the_boards_display_slots_show_the_step_on_screen(app):
    from solo_scene_helpers import open_steps_scene

    c, plan = _corruption_from_the_display()
    cards = next(i for i, step in enumerate(plan) if step.kind == ev.CORRUPT_CARDS and step.displayed)
    board, scene = open_steps_scene(app, c)
    scene.index = cards - 1
    scene._hold()
    shown = board.controller.display_slots()
    assert shown.count(Biome.VOID) == scene.frame().display.count(Biome.VOID) > c.state.display.count(Biome.VOID)
