"""The turn the player plays for the Void, as a newcomer meets it (issue #19 items 1-4, S4-S6 on screen).

One prompt at a time: the player's own choice for the Void opens no step screen (its pieces are lit and
asked for at once), the banner speaks of the Void's steps while they are shown and of nothing else, and a
click meanwhile says why it does nothing. Recent moves and tooltips name the Void's pieces as the Void's
ruins and totems, the main button's Void-card label fits, and a Void action skipped for want of cards is
said. The games are the engine's own, played through the controller with the gesture driver.
"""

from __future__ import annotations

import random

import pygame
import pytest

from iwari_desktop.engine import Phase, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.text import Text
from iwari_desktop.engine.rulesets.solo import events as ev
from iwari_desktop.engine.rulesets.solo.actions import VoidPlay
from iwari_desktop.engine.rulesets.solo.events import VoidEvent
from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.board.narration import EVENT
from iwari_desktop.scenes.selftest.solo_driver import void_step

from layout_check import faults
from scene_helpers import click, key
from solo_scene_helpers import open_board, open_steps_scene, solo_game


def played_until(test, seeds=range(5, 30), limit: int = 600) -> GameController:
    """A controller of a seeded solo game played by gestures until `test(controller)` holds."""
    for seed in seeds:
        c = GameController(solo_game(seed=seed))
        rng = random.Random(seed)
        for _ in range(limit):
            if c.over:
                break
            void_step(c, rng)
            if test(c):
                return c
            c.void_steps.clear()   # shown (and so emptied) by the steps screen in the real game
    raise AssertionError("no game reached the wanted moment")


def last_played(c: GameController):
    return c.game.log[-1] if c.game.log else None


def void_place_chosen(c: GameController) -> bool:
    action = last_played(c)
    return isinstance(action, VoidPlay) and action.territory is not None


# ---- 1. one prompt at a time ---------------------------------------------------------------------------

def test_s4_the_players_choice_for_the_void_opens_no_step_screen_and_lights_its_spaces():
    """Before: a one-step screen "The Void places 1 piece in …" covered the map, nothing was lit and the
    banner already asked for a click."""
    c = played_until(void_place_chosen)
    assert c.void_steps == []                       # nothing to narrate: the player just chose it
    territory = c.state.board.territories[last_played(c).territory].name
    assert c.prompt().startswith("Place the Void's") and territory in c.prompt()
    assert c.lit_spaces() or any(isinstance(a, PlaceTotem) for a in c.legal())


def open_steps(app, c: GameController):
    board, top = open_steps_scene(app, c)
    assert top.name == "void-steps"
    return board, top


def infection_queued(c: GameController) -> bool:
    return any(e.kind in (ev.INFECTION, ev.CORRUPTION) for e in c.void_steps)


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_s5_while_the_void_steps_show_the_banner_speaks_of_them_only(app):
    """Before: the banner ran ahead ("Draw 2 cards…", "Choose which lit territory…") while the step panel
    was still narrating the Infection."""
    c = played_until(infection_queued)
    board, steps = open_steps(app, c)
    watching = board.controller.prompt()
    assert watching == board.controller.void.steps_prompt() and "Esc" in watching
    assert faults(app) == []
    steps.finish()
    app.step(0)
    assert board.controller.prompt() != watching     # the next decision or the draw, asked only now


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_s5_a_click_on_the_map_during_the_steps_says_why_it_does_nothing(app):
    c = played_until(infection_queued)
    board, steps = open_steps(app, c)
    version, log = board.controller.version, len(board.controller.game.log)
    click(app, board.view.rect.center)
    assert steps.refusal and "Esc" in steps.refusal
    assert board.controller.game.log.__len__() == log and app.stack.top is steps
    assert faults(app) == []                          # the note fits beside the panel, in both languages
    key(app, pygame.K_1)                              # a hand key too
    assert steps.refusal
    steps.advance()
    assert steps.refusal is None or app.stack.top is not steps
    assert board.controller.version >= version


@pytest.mark.parametrize("low", [True, False])
def test_s5_the_step_panel_moves_off_the_steps_it_narrates(app, low):
    """The panel goes to the head of the map when the steps happen at its foot, and stays at the foot
    otherwise: whichever place hides fewer of the lit spaces, pieces and connections. The steps are an
    Infection at a connection of the map's two lowest (or highest) territories."""
    c = GameController(solo_game(seed=5))
    board = c.state.board
    height = {t.index: sum(board.spaces[s].position[1] for s in t.tent_spaces) / len(t.tent_spaces)
              for t in board.territories}
    number = max(board.connections_by_number, key=lambda n: sum(
        height[t] * (1 if low else -1) for t in board.connections_by_number[n].territories))
    c.void_steps[:] = [VoidEvent(ev.INFECTION, Text("Infection at connection {number}.", number=number),
                                 connection=number)]
    scene_board, steps = open_steps(app, c)
    points = steps._step_points()
    foot = steps.panel_box.copy()
    foot.bottom = scene_board.view.rect.bottom - app.ui.px(14)
    hidden = sum(steps.panel_box.collidepoint(p) for p in points)
    if low:
        assert steps.panel_box.top < scene_board.view.rect.centery
        assert hidden < sum(foot.collidepoint(p) for p in points)
    else:
        assert steps.panel_box == foot and hidden == 0
    assert faults(app) == []


# ---- 2. the right owner and piece ------------------------------------------------------------------------

def test_s4_recent_moves_tell_the_voids_place_once_and_its_piece_as_the_voids():
    """Before: "Ann places 1 piece for the Void in X" and "The Void places 1 piece in X" before any piece
    stood there, then "Ann puts a tent in X" for the Void's ruin."""
    c = played_until(void_place_chosen)
    start = len(c.recent.lines) - 1
    territory = c.state.board.territories[last_played(c).territory].name
    void = c.state.void_tribe
    assert c.recent.lines[start][0] == 0 and "for the Void" in c.recent.lines[start][1]
    rng = random.Random(1)
    while c.void.void_placing_prompt():      # the Void's pieces, clicked one at a time
        void_step(c, rng)
        assert isinstance(last_played(c), (PlaceTent, PlaceTotem))
    lines = c.recent.lines[start + 1:]
    pieces = [line for line in lines if territory in line[1] and line[0] != EVENT]
    assert pieces and all(tribe == void for tribe, _text in pieces)
    assert all(text.startswith(("places a ruin in", "places a Void totem in")) for _tribe, text in pieces)
    assert not any("tent" in text for _tribe, text in pieces)
    assert not any(text.startswith("The Void places") for _tribe, text in c.recent.lines)


def lines_of_last_action(c: GameController) -> list[tuple[int, str]]:
    last = len(c.game.log) - 1
    return [line for line, mark in zip(c.recent.lines, c.recent.marks) if mark == last and line[0] != EVENT]


def test_s4_a_void_totem_of_the_void_action_is_told_as_the_voids_totem():
    """Before: "Ann makes a move of this map's rules"."""
    def void_totem_placed(c: GameController) -> bool:   # the Void's Place is at most two pieces
        log = c.game.log
        return isinstance(last_played(c), PlaceTotem) and any(
            isinstance(a, VoidPlay) and a.territory is not None for a in log[-3:-1])

    c = played_until(void_totem_placed)
    [(tribe, text)] = lines_of_last_action(c)
    assert tribe == c.state.void_tribe and text.startswith("places a Void totem in"), text


def test_s5_a_territorys_tooltip_counts_the_voids_ruins_as_ruins_not_tents():
    """Before: "Tents: The Void 2"."""
    c = played_until(lambda c: any(counts[c.state.void_tribe] for counts in c.state.territory_tents))
    void = c.state.void_tribe
    territory = next(t for t, counts in enumerate(c.state.territory_tents) if counts[void])
    lines = c.territory_info(territory)
    assert f"Ruins of the Void: {c.state.territory_tents[territory][void]}" in lines
    assert not any(line.startswith("Tents:") and c.tribe_name(void) in line for line in lines)


# ---- 3. the main button's Void-card label fits ------------------------------------------------------------

@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_s4_the_lay_void_cards_button_fits_and_the_banner_says_the_rest(app):
    """Before: "Lay 1 Void card above the c…" (German "1 Leere-Karte über die Ausl…")."""
    from iwari_desktop.engine import Biome

    c = played_until(lambda c: c.void_action_open() and Biome.VOID in c.hand()
                     and VoidPlay(None, (), 0, 1) in c.legal())
    board = open_board(app, c)
    c = board.controller
    c.toggle_card(c.hand().index(Biome.VOID))
    board._after()
    app.step(0)
    label = c.void_primary()[0]
    assert label == ("Lay 1 Void card" if app.settings.language == "en" else "1 Leere-Karte auslegen")
    assert board._buttons["primary"].text == label
    assert faults(app) == []
    assert "1" in c.prompt() and ("display" in c.prompt() or "Auslage" in c.prompt())


# ---- 4. a Void action skipped for want of cards -----------------------------------------------------------

def test_s4_a_void_action_skipped_because_the_hand_is_empty_is_said():
    """Before: the turn went on to the draw without a word."""
    c = played_until(lambda c: any(line == (EVENT, "No card is left in the hand for the Void action, so it is "
                                            "skipped this turn.") for line in c.recent.lines[-3:]))
    assert c.state.hands[c.state.active_seat] == [] and c.state.phase is Phase.DRAW
    assert c.message is not None and "No card is left in the hand for the Void action" in c.message.text
    assert c.void_steps == []


def test_a_loaded_game_lists_the_voids_steps_as_live_play_did():
    """Recent moves rebuilt from the log (a loaded game, a language switch) tell the Void's steps and a
    skipped Void action as they were told live; before, a loaded game had none of the Void's lines."""
    from iwari_desktop.scenes.board.narration import replay_history

    c = played_until(lambda c: sum(1 for tribe, _text in c.recent.lines if tribe == EVENT) >= 4)
    live = list(c.recent.lines)
    rebuilt = [entry for _mark, entry in replay_history(c.game, keep=len(live))]
    assert rebuilt == live


def test_a_click_in_the_sea_while_placing_the_voids_piece_says_what_to_click(app):
    """Before: a click on the map outside every territory did nothing, without a word."""
    board = open_board(app, played_until(void_place_chosen))
    sea = (board.view.rect.right - 4, board.view.rect.bottom - 4)
    assert board.view.territory_at(sea) is None and board.view.space_at(sea) is None
    board.controller.message = None
    click(app, sea)
    message = board.controller.message
    assert message is not None and message.text.startswith("Nothing to play there.")
    assert "Place the Void's" in message.text


def test_s3_a_void_cards_tooltip_never_says_it_pays():
    """Before: "Pays for one piece in a Void territory, or, paired with another Void card, one piece anywhere"."""
    from iwari_desktop.engine import Biome

    c = GameController(solo_game(seed=5))
    for where in ("your hand", "display"):
        lines = c.card_info(Biome.VOID, where)
        assert lines[0] == f"Void card ({where})"
        assert not any("Pays for one piece" in line or "anywhere" in line for line in lines)
    assert "above the display" in " ".join(c.card_info(Biome.VOID, "your hand"))
    assert "Corruption" in " ".join(c.card_info(Biome.VOID, "display"))


def test_s4_a_skipped_void_action_is_a_notice_alone_and_the_last_step_among_the_voids_steps():
    """Said once, where it can be read: alone as the banner's notice; after the Void's own steps (a Floating
    Lands ruin, a settlement bonus) as the last step, since the step panel hides the notice."""
    from iwari_desktop.engine.rulesets.solo.data import data
    from iwari_desktop.scenes.board.narration import has_line, void_news

    state = solo_game(seed=5).state
    skipped = VoidEvent(ev.NO_CARD_LEFT, Text("No card is left in the hand for the Void action, so it is skipped "
                                              "this turn."), logged=False)
    ruin = VoidEvent(ev.RUIN, Text("A ruin."), territory=0, piece=ev.RUIN, space=0)
    records = data(state).events
    records.add(skipped)
    alone = void_news(state, records.total - 1)
    assert alone.steps == [] and alone.notices == [str(skipped.text)] and alone.entries == [(EVENT, skipped.text)]
    records.add(ruin)
    records.add(skipped)
    both = void_news(state, records.total - 2)
    assert both.steps == [ruin, skipped] and both.notices == []
    assert [text for _tribe, text in both.entries] == ["A ruin.", str(skipped.text)]
    assert all(has_line(e) for e in both.steps)   # held back in Recent moves until the panel shows each


def test_s4_a_click_on_the_totem_circle_places_the_voids_totem_as_t_does():
    """Play-test 2026-11-29: the Hint rang the Void's totem circle, but a click there only repeated "click a lit
    space or a Void totem (T)" — in the Void's placing step the circle fell through to the territory click."""
    from iwari_desktop.engine.core.actions import PlaceTotem
    from iwari_desktop.engine.rulesets.solo.data import data

    def void_totem_open(c: GameController) -> bool:
        return (void_place_chosen(c) and c.state.phase is Phase.MODULE and data(c.state).placing is not None
                and PlaceTotem() in c.legal())

    c = played_until(void_totem_open, seeds=range(5, 60))
    territory = data(c.state).placing.territory
    void = c.state.void_tribe
    before = list(c.state.totem_stacks[territory])
    other = next(t for t in range(len(c.state.board.territories)) if t != territory)
    assert not c.void.void_placing_totem_at(other)             # only the placing territory's circle
    assert c.click_totem_stack(territory)
    assert c.state.totem_stacks[territory] == before + [void]
    assert isinstance(c.game.log[-1], PlaceTotem)
