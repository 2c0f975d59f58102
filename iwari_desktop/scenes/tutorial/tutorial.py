"""Learn to play: the scripted first game on the ordinary board, with the coach's panel under the map.

The board, its controller and its scoring screens are the normal game's; this module adds the coach
on top: a panel that says what to do (it takes the bottom of the map area, so it covers nothing
clickable), a glow on the one thing to click, the refusal when something else was clicked, and the
buttons "Skip this step" (the coach makes the move) and "Leave tutorial". The opponents are the
board's computer seats, played by the script's bot.
"""

from __future__ import annotations

import pygame

from iwari_desktop.engine.tutorial import TUTORIAL, Script, StepKind, new_tutorial_game, opponent_action
from iwari_desktop.i18n import N_, _
from ..board.board import BoardScene
from ..board.computer_turns import ComputerTurns
from ..scoring.scoring import ScoringScene
from .tutorial_coach import WATCH_TEXT, Coach
from .tutorial_controller import TutorialController
from .tutorial_panel import CoachPanel, coach_strip, draw_glow

OVER_TEXT = N_("The journey is over. Click the lit button to see the final scoring.")
SEE_SCORING = N_("Click the lit button to see the final scoring.")
LEAVE_QUESTION = N_("Leave the tutorial?")
LEAVE_DETAIL = N_("You can start it again from the main menu: Learn to play.")
END_TITLE = N_("Tutorial complete!")
END_DETAIL = N_("You have played a whole journey, both scorings included. Start a real game from New game; "
                "Rules are always at hand.")


class ScriptBot:
    """The opponents' 'computer': the script's bot (engine/tutorial/opponents.py)."""

    def __init__(self, script: Script) -> None:
        self.script = script

    def choose(self, state, options=None):
        return opponent_action(self.script, state)


def tutorial_game(script: Script = TUTORIAL):
    """The scripted game, the player names in the current language."""
    return new_tutorial_game(script.config(tuple(_(name) for name in script.names)), script.deal)


class TutorialScene(BoardScene):
    name = "tutorial"

    def __init__(self, app, script: Script = TUTORIAL) -> None:
        super().__init__(app, tutorial_game(script), autosave=False)
        self.coach = Coach(script)
        self.controller = TutorialController(self.controller.game, self.coach)
        self.computers = ComputerTurns(self.controller, getattr(app.settings, "computer_pace", "normal"),
                                       factory=lambda level, seed: ScriptBot(script))
        self.panel = CoachPanel(self)
        self.end_announced = False   # the end is said once, in a window of its own

    # ---- layout ------------------------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        ui = self.app.ui
        height = ui.px(150)
        self.board_area.h -= height + ui.px(8)
        self.view.set_area(self.board_area)
        self._static = None
        if "hint" in self._buttons:
            self._buttons["hint"].hide()  # the coach says what to play
        self._buttons["menu"].set_tooltip(_("Leave the tutorial (Esc); a scripted game is never saved"))
        self.panel.build(coach_strip(ui, self.app.screen.get_size(), self.board_area, height))

    def _refresh_buttons(self) -> None:
        super()._refresh_buttons()
        if "hint" in self._buttons:
            self._buttons["hint"].hide()
        self.panel.refresh()

    # ---- the coach's words ---------------------------------------------------------------------------
    def coach_text(self) -> str:
        c, step = self.controller, self.coach.step
        if c.over and c.turn_done:
            return _(OVER_TEXT)
        if c.computer_to_move or (c.turn_done and c.computer_level(c.last_seat) is not None):
            seat = c.state.active_seat if c.computer_to_move else c.last_seat
            return _(WATCH_TEXT).format(name=c.tribe_name(seat))
        if step is None:
            return ""
        if step.kind is StepKind.SCORING:
            return _(SEE_SCORING)
        return _(step.text)

    def lit_rects(self) -> list[pygame.Rect]:
        """Screen rectangles of the things to click now (hand and display cards, the deck, buttons)."""
        c = self.controller
        lit = self.coach.lit(c)
        rects = [self.hud.hand_rects[i] for i in lit.hand if i < len(self.hud.hand_rects)]
        rects += [self.hud.display_rects[i] for i in lit.display if i < len(self.hud.display_rects)]
        if lit.deck:
            rects.append(self.hud.deck_rect)
        if c.over and c.turn_done:
            lit.buttons.add("primary")
        for name in sorted(lit.buttons):
            widget = self._buttons.get(name) or self.panel.buttons.get(name)
            if widget is not None and widget.visible:
                rects.append(pygame.Rect(widget.rect))
        return rects

    def coach_points(self) -> list[tuple[int, int]]:
        """Map points to ring: the tent space, or the totem circle when a totem is asked for."""
        c = self.controller
        lit = self.coach.lit(c)
        board = c.state.board
        points = [self.view.to_screen(board.spaces[s].position) for s in lit.spaces]
        if "totem" in lit.buttons and c.state.pending is not None:
            totem = board.territories[c.state.pending.territory].totem_space
            if totem is not None:
                points.append(self.view.to_screen(totem))
        return points

    # ---- flow -----------------------------------------------------------------------------------------
    def _sync(self) -> None:
        if self.app.stack.top is not self:
            return
        if self.coach.is_kind(StepKind.FINISH) and not self.end_announced:
            self.announce_end()
            return
        c = self.controller
        reports = c.new_reports()
        if not c.announcements and not c.turn_done and not c.void_steps and reports:
            self.app.stack.push(TutorialScoringScene(self.app, c, reports[0], self))
            return
        super()._sync()

    def primary(self) -> None:
        c = self.controller
        if c.over and not c.turn_done:
            self.coach.refuse()  # the results were shown; the coach's Finish ends the tutorial
            c._changed()
            return
        super().primary()

    def announce_end(self) -> None:
        """The last step: say in a window of its own that the tutorial is complete (the panel's Finish stays lit
        under it for a player who stays to look at the board)."""
        from ..ui.dialogs import ConfirmScene

        self.end_announced = True
        self.app.stack.push(ConfirmScene(self.app, _(END_TITLE), _(END_DETAIL), _("Main menu"), self.leave,
                                         no=_("Stay here")))

    def open_pause(self) -> None:
        self.ask_leave()

    def ask_leave(self) -> None:
        from ..ui.dialogs import ConfirmScene

        self.app.stack.push(ConfirmScene(self.app, _(LEAVE_QUESTION), _(LEAVE_DETAIL), _("Leave"), self.leave))

    def leave(self) -> None:
        self.computers.cancel()
        self.app.nav.reset("menu")

    def can_skip(self) -> bool:
        """False while the opponents play: there is no step of the learner's to skip then."""
        c = self.controller
        if c.over and c.turn_done:
            return True
        return not (c.computer_to_move or (c.turn_done and not self.coach.is_kind(StepKind.END_TURN)))

    def skip_step(self) -> None:
        """"Skip this step": the coach makes the step's move for the learner, through the same clicks."""
        c = self.controller
        if self.coach.is_kind(StepKind.FINISH):
            self.leave()
            return
        if not self.can_skip():
            return
        if c.over and c.turn_done:
            self.primary()  # "See the scores"
            return
        self.coach.skipped += 1
        self.coach.perform(c)
        self._after()

    # ---- drawing --------------------------------------------------------------------------------------
    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        """The board draws its tooltip last: the coach's panel and glow go just before it, under it."""
        self.panel.draw(surface, self.coach_text())
        draw_glow(surface, self.app.ui, self.lit_rects(), self.coach_points())
        super()._draw_tooltip(surface)


class TutorialScoringScene(ScoringScene):
    """The ordinary scoring screen with the coach's panel under the map and its Next button lit."""

    name = "tutorial-scoring"
    keeps_widgets = True      # each line stepped rebuilds the buttons: those it left as they were stay (ui/widget_reuse.py)
    kept_in_history = False   # a scripted lesson is not a game anyone played against friends

    def __init__(self, app, controller, report, tutorial: TutorialScene) -> None:
        super().__init__(app, controller, report)
        self.tutorial = tutorial
        self.coach = tutorial.coach
        self.panel = CoachPanel(self)

    def build(self) -> None:
        super().build()
        ui = self.app.ui
        height = ui.px(150)
        self.map_area.h -= height + ui.px(8)
        self.view.set_area(self.map_area)
        self.panel.build(coach_strip(ui, self.app.screen.get_size(), self.map_area, height))

    def resume(self) -> None:
        super().resume()
        self.panel.refresh()

    def close(self) -> None:
        super().close()
        if self.coach.is_kind(StepKind.SCORING):
            self.coach.advance()
            self.tutorial.controller._changed()

    def can_skip(self) -> bool:
        return True

    def skip_step(self) -> None:
        self.coach.skipped += 1
        self.skip()
        self.close()

    def ask_leave(self) -> None:
        self.tutorial.ask_leave()

    def coach_text(self) -> str:
        step = self.coach.step
        if step is None or step.kind is not StepKind.SCORING:
            return ""
        notes = dict(step.notes)
        if self.at_table:
            key = "table"
        else:
            category = self.lines[self.step].category
            key = "settlement" if category.startswith("settlement") else category
        return _(notes.get(key, step.text))

    def primary_button(self):
        for widget in self.widgets:
            if "#primary" in (widget.get_object_ids() or []):
                return widget
        return None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        target = self.primary_button()
        rects = [pygame.Rect(target.rect)] if target is not None and target.visible else []
        self.panel.draw(surface, self.coach_text())
        draw_glow(surface, self.app.ui, rects, [])


def start_tutorial(app) -> TutorialScene:
    """Open the tutorial over the main menu."""
    scene = TutorialScene(app)
    app.stack.push(scene)
    return scene
