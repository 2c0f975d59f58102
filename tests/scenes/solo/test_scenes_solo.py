"""Solo and co-op against the Void on screen (S1-S12, P19-P28 in the game): the menu entries, the mode
setup, the Void action as the turn's second step, the Void's ties, the step-by-step Void sequence, the
end screen, saving and loading, and the layout of the new screens at 1280x720 and 1920x1080.

Every flow is driven by clicks, keys or controller gestures, the way a person plays.
"""

from __future__ import annotations

import random

import pygame
import pytest

from iwari_desktop.engine import Biome, Game, GameConfig, Phase, PlayerSpec
from iwari_desktop.engine.core.config import PLAYER_COLOURS, GameMode
from iwari_desktop.engine.files.saves import read_save, write_save
from iwari_desktop.engine.rulesets.solo.actions import VoidChoice, VoidPlay, VoidSkip
from iwari_desktop.engine.rulesets.solo.outcome import VoidOutcome
from iwari_desktop.engine.core.text import Text
from iwari_desktop import i18n
from iwari_desktop.scenes.ui.words import localized
from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.selftest.solo_driver import void_step

from layout_check import faults
from scene_helpers import advance_void_game, click, find_button, frames_at_checkpoints, key, press, resize
from solo_scene_helpers import solo_game, until

ALL_MAPS = ["new-horizons", "vast-lands", "floating-lands", "forgotten-island", "glacial-mass", "uncharted-paths",
            "long-road"]


# ---- menu and setup ---------------------------------------------------------------------------------
def test_s1_menu_offers_solo_and_coop_and_setup_lists_every_map_but_the_void(app):
    from iwari_desktop.scenes.setup.setup_mode import ModeSetupScene

    press(app, app.stack.top.buttons["solo"])
    setup = app.stack.top
    assert isinstance(setup, ModeSetupScene) and setup.model.mode is GameMode.SOLO
    assert "the-void" not in setup.maps and set(ALL_MAPS) <= set(setup.maps)
    assert setup.model.k == 3 and len(setup.entries) == 1 and "open" not in setup.buttons
    key(app, pygame.K_ESCAPE)
    press(app, app.stack.top.buttons["coop"])
    coop = app.stack.top
    assert coop.model.mode is GameMode.COOP and coop.model.k == 1 and len(coop.entries) == 2


def test_p19_setup_k_open_hands_ties_and_names_reach_the_game_config(app):
    from iwari_desktop.scenes.board.board import BoardScene

    press(app, app.stack.top.buttons["coop"])
    setup = app.stack.top
    press(app, setup.buttons["k+"])
    press(app, setup.buttons["k+"])
    press(app, setup.buttons["k-"])
    assert setup.model.k == 2
    press(app, setup.buttons["open"])
    press(app, setup.buttons["ties"])
    assert "on" in setup.buttons["open"].text and "on" in setup.buttons["ties"].text
    setup.entries[1].set_text("Wren")
    setup.pick_map("glacial-mass")
    assert setup.start(seed=3)
    board = app.stack.find(BoardScene)
    config = board.controller.state.config
    assert config.mode is GameMode.COOP and config.map_id == "glacial-mass"
    assert config.option("k") == 2 and config.option("open_hands") is True and config.option("auto_void_ties") is True
    assert [p.name for p in config.players] == ["Aiyana", "Wren"]


def test_setup_refuses_an_empty_or_repeated_name_in_words(app):
    press(app, app.stack.top.buttons["coop"])
    setup = app.stack.top
    setup.entries[1].set_text(setup.entries[0].get_text())
    assert not setup.start(seed=1)
    assert "different names" in setup.error
    setup.entries[1].set_text("  ")
    key(app, pygame.K_RETURN)
    assert "Player 2 needs a name" in setup.error


# ---- the Void action: the turn's second step --------------------------------------------------------
def test_s4_the_void_action_is_a_second_step_with_its_own_prompt_and_button():
    c = GameController(solo_game(seed=5))
    rng = random.Random(5)
    until(c, rng, lambda: c.void_action_open() and c.needs_handoff is False and not c.turn_done)
    assert c.state.phase is Phase.MODULE
    assert c.prompt().startswith("Now play at least one card for the Void")
    assert c.lit_territories() == set()  # nothing lit until cards are picked
    plays = [a for a in c.legal() if isinstance(a, VoidPlay) and a.territory is not None]
    play = plays[0]
    hand = list(c.hand())
    for card in play.cards:
        c.toggle_card(next(i for i, h in enumerate(hand) if h == card and i not in c.selected))
    assert play.territory in c.lit_territories()
    log = len(c.game.log)
    assert c.click_territory(play.territory)
    assert len(c.game.log) == log + 1 and isinstance(c.game.log[-1], VoidPlay)
    assert c.selected == []


def test_s4_a_click_without_cards_is_refused_in_words_and_plays_nothing():
    c = GameController(solo_game(seed=6))
    rng = random.Random(6)
    until(c, rng, lambda: c.void_action_open() and not c.turn_done)
    log = len(c.game.log)
    assert not c.click_territory(0)
    assert len(c.game.log) == log and c.message.error and "Pick the biome cards" in c.message.text


def test_s4_void_cards_alone_and_the_skip_are_the_main_button():
    rng = random.Random(1)
    for seed in range(40):
        c = GameController(solo_game(seed=seed))
        try:
            until(c, rng, lambda: c.void_action_open() and (
                VoidPlay(None, (), 0, 1) in c.legal() or any(isinstance(a, VoidSkip) for a in c.legal())), 400)
        except AssertionError:
            continue
        if c.over:
            continue
        hand = list(c.hand())
        if VoidPlay(None, (), 0, 1) in c.legal():
            c.toggle_card(hand.index(Biome.VOID))
            label, action = c.void_primary()
            assert label.startswith("Lay 1 Void card") and action == VoidPlay(None, (), 0, 1)
        else:
            skip = next(a for a in c.legal() if isinstance(a, VoidSkip))
            c.toggle_card(hand.index(skip.card))
            label, action = c.void_primary()
            assert label.startswith("Skip the Void action") and action == skip
        assert c.confirm() and c.game.log[-1] == action
        return
    pytest.fail("no seed reached a Void-cards-only play or a skip")


def test_s5_the_voids_ties_are_lit_choices_and_a_click_makes_them():
    for seed in range(60):
        c = GameController(solo_game(seed=seed))
        rng = random.Random(seed)
        try:
            until(c, rng, lambda: bool(c.void_choices()), 600)
        except AssertionError:
            continue
        choice = c.void_choices()[0]
        assert "Void" in c.prompt()
        if choice.space:
            assert choice.target in c.lit_spaces()
            assert c.click_space(choice.target)
        else:
            assert choice.target in c.lit_territories()
            assert c.click_territory(choice.target)
        assert c.game.log[-1] == choice
        return
    pytest.fail("no seed reached a Void tie")


def test_p56_with_the_game_deciding_ties_no_tie_is_ever_asked():
    for seed in range(6):
        c = GameController(solo_game(seed=seed, auto_void_ties=True))
        rng = random.Random(seed)
        while not c.over:
            assert not c.void_choices()
            void_step(c, rng)


@pytest.mark.parametrize("map_id", ALL_MAPS)
@pytest.mark.parametrize("mode", [GameMode.SOLO, GameMode.COOP])
def test_s10_every_map_plays_to_an_end_by_gestures_with_a_result(map_id, mode):
    c = GameController(solo_game(mode, map_id, seed=11))
    rng = random.Random(11)
    until(c, rng, lambda: c.over, 5000)
    result = c.state.result
    assert isinstance(result, VoidOutcome) and result.won in (True, False) and result.end
    assert "Void" in c.prompt()


# ---- the board: counters, pawn, claims, steps ------------------------------------------------------
def test_s6_counters_read_the_module_view():
    from iwari_desktop.scenes.presenters.solo_box import counter_lines
    from iwari_desktop.scenes.presenters.views import void_view

    c = GameController(solo_game(seed=5))
    until(c, random.Random(5), lambda: (void_view(c.state) or {}).get("claims"), 3000)
    view = void_view(c.state)
    lines = counter_lines(view, 1)
    assert lines[0] == f"Void cards: {view['toward_corruption']} of 4 toward a Corruption"
    assert lines[1] == f"Corruptions: {view['corruptions']} of 3 — the third ends the game"
    assert lines[2] == f"The Void controls {view['void_territories']} — you lose at 3"
    assert counter_lines(view, 2)[2].endswith("you two lose at 3")


def test_s5_void_steps_are_queued_in_order_and_shown_one_by_one_then_skipped(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game
    from iwari_desktop.scenes.solo.void_steps import VoidStepsScene

    start_game(app, solo_game(seed=5))
    board = app.stack.find(BoardScene)
    c = board.controller
    rng = random.Random(5)
    shown: list[str] = []
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, VoidStepsScene):
            assert top.steps and top.index == 0
            if len(top.steps) > 1:
                key(app, pygame.K_RETURN)  # Next
                assert top.index == 1 and app.stack.top is top
                press(app, find_button(top, "Skip to the end"))
                assert app.stack.top is not top
                shown = top.steps
                break
            key(app, pygame.K_RETURN)
        elif top is board:
            void_step(c, rng)
            board._after()
        else:
            key(app, pygame.K_RETURN)
        app.step(0)
    assert len(shown) > 1
    texts = [t for _, t in c.history]
    engine = [s for s in shown if not s.startswith("The Void pawn moves on")]  # the screen's own pawn steps
    assert all(s in texts for s in engine[-3:])


def test_void_steps_pace_buttons_change_the_time_a_step_stays(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game
    from iwari_desktop.scenes.solo.void_steps import PACES, STEP_SECONDS, VoidStepsScene

    start_game(app, solo_game(seed=5))
    board = app.stack.find(BoardScene)
    board.controller.void_steps[:] = ["Saltwind Bay: a Void totem goes on it.", "Corruption at connection 5."]
    board._sync()
    steps = app.stack.top
    assert isinstance(steps, VoidStepsScene)
    press(app, steps.faster)
    assert steps.pace == 0
    factor = app.settings.animation_factor
    if factor > 0:
        steps.update(STEP_SECONDS * PACES[0] * factor + 0.01)
        assert steps.index == 1
    press(app, steps.slower)
    press(app, steps.slower)
    assert steps.pace == 2
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is board


def test_void_step_lighting_comes_from_the_event_not_its_words():
    from iwari_desktop.engine.rulesets.solo import events as ev
    from iwari_desktop.scenes.solo.void_steps_plan import step_of

    board = solo_game().state.board
    words = Text("whatever the sentence says")
    a, b = board.connections_by_number[5].territories
    assert step_of(board, ev.VoidEvent(ev.RUIN, words, territory=3, piece=ev.RUIN, space=11)).territories == {3}
    corruption = step_of(board, ev.VoidEvent(ev.CORRUPTION, words, connection=5, toward=4))
    assert corruption.connection == 5 and corruption.territories == {a, b} and corruption.toward == 4
    beside = step_of(board, ev.VoidEvent(ev.CORRUPT_CARDS, words, beside=1, toward=0))
    assert beside.beside and beside.connection is None and not beside.territories


def test_the_event_record_rolls_and_finds_the_new_events_by_number():
    from iwari_desktop.engine.rulesets.solo.events import EVENT_LIMIT, EventLog, VoidEvent

    record = EventLog()
    first = [VoidEvent("end", Text(str(i))) for i in range(3)]
    for e in first:
        record.add(e)
    assert record.since(1) == first[1:] and record.since(3) == [] and record.since(0) == first
    for i in range(EVENT_LIMIT + 5):
        record.add(VoidEvent("end", Text("again")))
    assert len(record.items) == EVENT_LIMIT and record.total == EVENT_LIMIT + 8
    assert len(record.since(0)) == EVENT_LIMIT and record.since(record.total - 2) == record.items[-2:]


# ---- the end, co-op handoff, saving -----------------------------------------------------------------
def test_s10_end_screen_names_the_result_the_reason_and_each_counted_territory(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.menu.menu import MenuScene
    from iwari_desktop.scenes.setup.setup import start_game
    from iwari_desktop.scenes.solo.void_end import VoidEndScene, end_lines

    start_game(app, solo_game(seed=7))
    board = app.stack.find(BoardScene)
    c = board.controller
    rng = random.Random(7)
    with frames_at_checkpoints(app):   # played through: the frames on the way are not read (issue #32)
        for _ in range(5000):
            top = app.stack.top
            if isinstance(top, VoidEndScene):
                break
            if top is board:
                void_step(c, rng)
                board._after()
            else:
                key(app, pygame.K_ESCAPE if top.name == "void-steps" else pygame.K_RETURN)
                if top.name == "scoring" and app.stack.top is top:
                    top.skip()
                    top.close()
            app.step(0)
    end = app.stack.top
    assert isinstance(end, VoidEndScene)
    outcome = c.state.result
    head, ended, verdict = end_lines(outcome)
    assert head == ("You won against the Void" if outcome.won else "The Void won")
    assert ended.startswith("The game ended because") and f"the Void controls {outcome.void_territories}" in verdict
    n, k = outcome.void_territories, outcome.k
    assert (f"you lose at {k}" if outcome.won else f"{k} Void territor" if n >= k else f"of the {k} territories") \
        in verdict
    counted = [t for t in outcome.territories if t.side is not None]
    assert counted and all(t.why for t in counted)
    press(app, end.back_button)
    assert app.stack.top is board
    assert find_button(board, "See the result")
    board.primary()
    assert isinstance(app.stack.top, VoidEndScene)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, MenuScene)


def test_s12_coop_hands_off_between_partners_unless_hands_are_open():
    closed = GameController(solo_game(GameMode.COOP, seed=4))
    opened = GameController(solo_game(GameMode.COOP, seed=4, open_hands=True))
    assert closed.needs_handoff and not opened.needs_handoff
    rng = random.Random(4)
    seats_seen = set()
    handoffs = 0
    for _ in range(400):
        if opened.over:
            break
        assert not opened.needs_handoff
        assert opened.viewer_seat == opened.state.active_seat
        seats_seen.add(opened.state.active_seat)
        void_step(opened, rng)
    rng = random.Random(4)
    for _ in range(400):
        if closed.over:
            break
        if closed.needs_handoff:
            handoffs += 1
        void_step(closed, rng)
    assert seats_seen == {0, 1} and handoffs >= 2


def test_p19_save_and_load_keep_mode_options_and_position(tmp_path):
    c = GameController(solo_game(GameMode.COOP, "floating-lands", seed=9, k=2, open_hands=True))
    rng = random.Random(9)
    for _ in range(120):
        if c.over:
            break
        void_step(c, rng)
    path = tmp_path / "coop.iwari"
    write_save(path, c.game)
    loaded = read_save(path)
    assert loaded.state.config == c.game.state.config
    assert [str(a) for a in loaded.log] == [str(a) for a in c.game.log]
    again = GameController(loaded)
    assert again.void_view() == c.void_view()


def test_autosave_writes_a_solo_game_after_each_turn(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, solo_game(seed=5))
    board = app.stack.find(BoardScene)
    c = board.controller
    rng = random.Random(5)
    until(c, rng, lambda: c.turn_done)
    loaded = read_save(board.autosave_file)
    assert loaded.state.config.mode is GameMode.SOLO and len(loaded.log) == len(c.game.log)


# ---- layout -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_solo_screens_fit(app, size):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup_mode import ModeSetupScene
    from iwari_desktop.scenes.solo.void_end import VoidEndScene

    resize(app, size)
    assert faults(app) == []  # the menu with its eight entries
    for mode in (GameMode.SOLO, GameMode.COOP):
        setup = ModeSetupScene(app, mode)
        app.stack.push(setup)
        setup.error = i18n._("Cannot start yet: {reason}.").format(reason=localized(  # a long refusal, in the language
            Text("Worship variant 2 counts tents on contested tokens, and {map} has none", map="The Uncharted Paths")))
        assert faults(app) == [], mode
        app.stack.pop()
    setup = ModeSetupScene(app, GameMode.SOLO)
    app.stack.push(setup)
    setup.start(seed=7)
    board = app.stack.find(BoardScene)
    c = board.controller
    rng = random.Random(7)
    checked = set()
    with frames_at_checkpoints(app):    # faults() draws the screens it checks; the frames between are not read
        for _ in range(5000):
            top = app.stack.top
            if top.name in ("void-steps", "void-end") and top.name not in checked:
                checked.add(top.name)
                assert faults(app) == [], top.name
            if isinstance(top, VoidEndScene):
                break
            if top is board and c.void_action_open() and "action" not in checked:
                checked.add("action")
                assert faults(app) == []
            advance_void_game(app, board, rng)
    assert checked == {"void-steps", "void-end", "action"}


def test_an_unknown_smoke_variant_is_a_usage_error():
    """The solo smoke itself (menu to a loaded save) is played by tests/scenes/selftest/test_smoke_sound.py,
    which checks its summary line and slot too, and through the entry point by tests/storage/
    test_files_last_gaps.py; it was played a third time here."""
    from iwari_desktop.app import run

    assert run(["--smoke", "nonsense"]) == 2


def test_recent_moves_word_the_void_decisions():
    from iwari_desktop.scenes.board.narration import describe

    state = solo_game().state
    name = state.board.territories[2].name
    assert describe(state, VoidPlay(2, (Biome.FOREST,), 1, 1)) == (
        f"places 1 piece for the Void in {name} (Forest) and lays 1 Void card above the display")
    assert describe(state, VoidPlay(None, (), 0, 2)) == "lays 2 Void cards above the display"
    assert describe(state, VoidSkip(Biome.COAST)) == "skips the Void action, discarding a Coast card"
    assert describe(state, VoidChoice(2, False)) == f"chooses {name} for the Void first"
    space = state.board.territories[2].tent_spaces[0]
    assert describe(state, VoidChoice(space, True)) == f"chooses the space in {name} where the Void's ruin goes"
