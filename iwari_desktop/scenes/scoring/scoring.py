"""Scoring, explained: step through every ScoreLine on the map, then the table, chart and winner.

The feats decided late (Worship) or cancelling (Courage) come first, since they explain the
multipliers that follow; then territories, the Long Road, connections in ascending number,
settlements (the order the engine scores them), kept ruins, and at the final scoring the expedition
points earned during the journey. Each step lights its subject on the map and shows who scores what
and why: the ranks, base points and feat multipliers come straight from the engine's ScoreLine.
"""

from __future__ import annotations

import pygame

from iwari_desktop.engine.core.scoring import ScoreLine, ScoreReport
from iwari_desktop.engine.core.settlements import settlements
from ..board.board_view import BoardView, tribe_colour
from ..board.computer_turns import WATCH_SCORING_STEP, WATCH_SCORING_TABLE, watching
from ..board.controller import GameController
from ..ui.intents import Intent, Kind
from ..ui.stack import Scene
from .scoring_table import CATEGORY_COLOURS, category_name, draw_table
from .scoring_words import (EXPANSION_SUBJECTS, explain, expansion_focus, multiplier_text, outcome_text, row_text, line_title,  # noqa: F401
                             scored_earlier)
from ..ui.look import CREAM, GOLD, GOLD_LIGHT, INK, INK_SOFT, TERRACOTTA, on_parchment, panel
from ..ui.widgets import button
from ...i18n import _
from ..ui.terms import tribe_label
from ..presenters.registry import scoring_order



def step_order(lines: list[ScoreLine]) -> list[ScoreLine]:
    """The lines in the order the walk-through steps through them: each rule's presenter places its
    categories (presenters/); a category none places comes last; ties keep the engine's order."""
    order = scoring_order()
    return sorted(lines, key=lambda line: order.get(line.category, 9))


def side_area(ui, size: tuple[int, int]) -> pygame.Rect:
    """The scoring screen's side panel (steps, table) in a window of `size`."""
    w, h = size
    return pygame.Rect(w - ui.px(448), ui.px(70), ui.px(440), h - ui.px(140))


def map_area(ui, size: tuple[int, int]) -> pygame.Rect:
    """The scoring screen's map, left of the side panel: the tutorial lines its coach strip up with it."""
    side = side_area(ui, size)
    return pygame.Rect(ui.px(8), ui.px(70), side.x - ui.px(16), size[1] - ui.px(78))


class ScoringScene(Scene):
    heavy = True  # many large pictures: memory given back when it closes (ui/memory_release.py)
    name = "scoring"

    def __init__(self, app, controller: GameController, report: ScoreReport) -> None:
        super().__init__(app)
        self.controller = controller
        self.report = report
        self.step = 0  # 0..len(lines)-1 are lines; len(lines) is the table
        state = controller.state
        index = next((i for i, r in enumerate(state.reports) if r is report), len(state.reports) - 1)
        earlier = state.reports[:index]
        # the final scoring steps through the expedition points too (scored when each mission was met)
        self.awards: list[ScoreLine] = ([line for r in earlier if r.kind == "award" for line in r.lines]
                                        if report.kind == "final" else [])
        self.previous = [r for r in earlier if not (self.awards and r.kind == "award")]
        self.lines: list[ScoreLine] = step_order(report.lines + self.awards)
        self.before = [0] * len(state.tribes)
        for r in self.previous:
            for t, p in enumerate(r.totals()):
                self.before[t] += p
        self.art = app.piece_art  # one set of piece pictures per app
        self.view = BoardView(state.board, self.art, app.caches)
        self.auto = False
        self._clock = 0.0
        self.unattended = watching(controller)  # nobody at the table: the walk-through plays and closes by itself
        if not self.lines:
            self.step = 0

    # the History screen keeps every finished game, but not a scripted one such as the tutorial's
    kept_in_history = True

    def enter(self) -> None:
        super().enter()
        self._sound_line()
        if self.final and self.kept_in_history:
            from ..history.history_words import remember_game

            remember_game(self.app, self.controller.game)  # the History screen keeps every finished game

    @property
    def final(self) -> bool:
        return self.report.kind == "final"

    @property
    def at_table(self) -> bool:
        return self.step >= len(self.lines)

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        self.side = side_area(ui, (w, h))
        self.map_area = map_area(ui, (w, h))
        self.view.set_area(self.map_area)
        y = h - ui.px(60)
        x = self.side.x
        if self.at_table:
            if self.final:
                # "See board" sits where "Next" was, so a click too many stays with the results; the two ways
                # out of the game are at the other end and ask first
                button(self, pygame.Rect(x, y, ui.px(140), ui.px(50)), _("New game…"), self.ask_new_game)
                button(self, pygame.Rect(x + ui.px(150), y, ui.px(140), ui.px(50)), _("Main menu…"), self.ask_menu)
                button(self, pygame.Rect(x + ui.px(300), y, ui.px(140), ui.px(50)), _("See board"), self.close, "#primary")
                button(self, pygame.Rect(ui.px(40), y, ui.px(220), ui.px(50)), _("Watch the game"), self.watch)
            else:
                button(self, pygame.Rect(x, y, ui.px(140), ui.px(50)), _("Replay"), lambda: self.go(0))
                button(self, pygame.Rect(x + ui.px(150), y, ui.px(290), ui.px(50)), _("Continue the journey"),
                       self.close, "#primary")
        else:
            button(self, pygame.Rect(x, y, ui.px(100), ui.px(50)), _("Back"), lambda: self.go(self.step - 1),
                   enabled=self.step > 0)
            button(self, pygame.Rect(x + ui.px(108), y, ui.px(100), ui.px(50)), _("Auto: on") if self.auto else _("Auto"),
                   self.toggle_auto, "#small", enabled=self.app.settings.animation_factor > 0)
            button(self, pygame.Rect(x + ui.px(216), y, ui.px(100), ui.px(50)), _("Skip"), self.skip, "#small")
            button(self, pygame.Rect(x + ui.px(324), y, ui.px(116), ui.px(50)), _("Next"), lambda: self.go(self.step + 1),
                   "#primary")

    # ---- navigation ---------------------------------------------------------------------------
    def go(self, step: int) -> None:
        step = max(0, min(len(self.lines), step))
        if step != self.step:
            forward, self.step = step > self.step, step
            if forward:
                self._sound_line()
            self._clock = 0.0
            if self.at_table:
                self.auto = False
            self.rebuild()
            self.app.request_redraw()

    def _sound_line(self) -> None:
        """The line just revealed, heard: a territory taken by the one at the laptop (with no one holding it,
        by a person at the table), by another tribe or by the Void."""
        if self.at_table:
            return
        c = self.controller
        seats = [c.viewer_seat] if c.viewer_seat is not None else c.human_seats()
        self.app.audio.on_score_line(self.lines[self.step], c.state, {c.state.tribe_of_seat(s) for s in seats})

    def skip(self) -> None:
        self.go(len(self.lines))

    def toggle_auto(self) -> None:
        self.auto = not self.auto
        self._clock = 0.0
        self.rebuild()

    def watch(self) -> None:
        self.app.nav.run("watch", self.controller.game)

    def close(self) -> None:
        self.controller.mark_reports_shown()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def ask_menu(self) -> None:
        from ..ui.dialogs import ConfirmScene

        self.app.stack.push(ConfirmScene(self.app, _("Leave the results?"), _("The finished game stays in the autosave "
                                         "and in Load game."), _("Main menu"), self.to_menu))

    def ask_new_game(self) -> None:
        from ..ui.dialogs import ConfirmScene

        self.app.stack.push(ConfirmScene(self.app, _("Start a new game?"), _("You leave these results; the finished "
                                         "game stays in the autosave and in Load game."), _("New game"), self.new_game))

    def to_menu(self) -> None:
        self.controller.mark_reports_shown()
        self.app.nav.reset("menu")

    def new_game(self) -> None:
        self.controller.mark_reports_shown()
        self.app.nav.reset("menu")
        self.app.nav.push("setup")

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind is Kind.CONFIRM or kind is Kind.CLICK and intent.pos and self.map_area.collidepoint(intent.pos):
            if self.at_table:
                self.close()
            else:
                self.go(self.step + 1)
        elif kind is Kind.UNDO or kind is Kind.RIGHT_CLICK:
            self.go(self.step - 1)
        elif kind is Kind.CANCEL:
            self.skip() if not self.at_table else self.close()

    def update(self, dt: float) -> bool:
        if self.unattended:
            return self._watch_step(dt)
        if not self.auto or self.at_table:
            return False
        factor = self.app.settings.animation_factor
        if factor <= 0:
            return False
        self._clock += dt
        if self._clock >= 1.6 / factor:
            self.go(self.step + 1)
            return True
        return False

    def _watch_step(self, dt: float) -> bool:
        """Watch mode: a line every WATCH_SCORING_STEP seconds; the half-journey table then closes, the
        final one (the results) stays."""
        if self.at_table and self.final or self.app.stack.top is not self:
            return False
        self._clock += dt
        if self._clock < (WATCH_SCORING_TABLE if self.at_table else WATCH_SCORING_STEP):
            return False
        if self.at_table:
            self.close()
        else:
            self.go(self.step + 1)
        return True

    @property
    def animating(self) -> bool:
        if self.unattended:
            return not (self.at_table and self.final)
        return self.auto and not self.at_table

    # ---- drawing ------------------------------------------------------------------------------------
    def running_totals(self) -> list[int]:
        totals = list(self.before)
        for line in self.lines[:self.step + 1]:
            for t, p in line.points.items():
                totals[t] += p
        return totals

    def _focus(self) -> tuple[set[int] | None, int | None, set[int]]:
        if self.at_table:
            return None, None, set()
        line = self.lines[self.step]
        kind, _, rest = line.subject.partition(":")
        state = self.controller.state
        if kind == "territory":
            return {int(rest)}, None, set()
        if kind == "connection":
            c = state.board.connections_by_number[int(rest)]
            return set(c.territories), c.number, set()
        if kind in EXPANSION_SUBJECTS:
            return expansion_focus(state, line)
        if kind == "settlement":
            tribe_text, _, number = rest.partition(":")
            try:
                groups = settlements(state, int(tribe_text))
                group = set(groups[int(number) - 1])
            except (ValueError, IndexError):
                group = set()
            territories = {state.board.spaces[s].territory for s in group} - {None}
            return territories, None, group  # type: ignore[return-value]
        return set(), None, set()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        surface.blit(self.app.background(), (0, 0))
        focus, connection, spaces = self._focus()
        self.view.draw(surface, self.controller.state, focus_territories=focus, focus_connection=connection,
                       lit_spaces=spaces, dim_all=self.at_table)
        title = _("Final scoring") if self.final else _("Half-journey scoring")
        sub = _("Tents, totems and settlements, with feats") if self.final else _("Tents only, no feat multipliers yet")
        if self.controller.void_view() is not None:  # solo/co-op: the count against the Void, no points
            title, sub = _("The count"), _("Who controls each territory, and why")
        title_rect = ui.blit_text(surface, title, (ui.px(16), ui.px(12)), "title", 34, CREAM)
        ui.blit_text(surface, sub, (title_rect.right + ui.px(18), title_rect.bottom - ui.px(8)), "body", 15, GOLD_LIGHT,
                     "bottomleft")
        n = max(1, len(self.lines))
        bar = pygame.Rect(self.side.x, ui.px(24), self.side.w, ui.px(12))
        pygame.draw.rect(surface, (92, 58, 32), bar, border_radius=ui.px(6))
        pygame.draw.rect(surface, GOLD, (bar.x, bar.y, bar.w * min(self.step, n) // n, bar.h), border_radius=ui.px(6))
        ui.blit_text(surface, _("table") if self.at_table else f"{self.step + 1} / {n}", (bar.right, bar.bottom + ui.px(4)),
                     "body", 13, CREAM, "topright")
        if self.at_table:
            self._draw_table(surface)
        else:
            self._draw_line(surface, self.lines[self.step])

    def _tribe_row(self, surface: pygame.Surface, tribe: int, x: int, y: int, width: int) -> int:
        """A tent and the tribe's name cut to `width` (names run up to 16 characters)."""
        ui = self.app.ui
        state = self.controller.state
        tent = self.art.tent(state.tribes[tribe].colour.value, ui.px(24))
        surface.blit(tent, (x, y))
        name = ui.fit(tribe_label(state.tribes[tribe]), "bold", 15, width - ui.px(30))
        ui.blit_text(surface, name, (x + ui.px(30), y + ui.px(2)), "bold", 15, INK)
        return x + ui.px(30)

    TITLE_LINES = 3  # an expedition's mission is the longest title: it must show whole (no unclosed bracket)

    def title_lines(self, label: str, inner: int) -> list[str]:
        """A step's title wrapped to `inner` pixels: at most TITLE_LINES, the last cut with an ellipsis if need be."""
        ui = self.app.ui
        lines = ui.wrap(label, "title", 24, inner)
        if len(lines) > self.TITLE_LINES:
            lines = lines[:self.TITLE_LINES - 1] + [ui.fit(" ".join(lines[self.TITLE_LINES - 1:]) + "…", "title", 24,
                                                           inner)]
        return lines

    def _draw_line(self, surface: pygame.Surface, line: ScoreLine) -> None:
        ui = self.app.ui
        r = self.side
        state = self.controller.state
        panel(surface, r, ui)
        x, y = r.x + ui.px(18), r.y + ui.px(14)
        inner = r.w - ui.px(36)
        chip = category_name(line.category)
        chip_s = ui.text(chip.upper(), "bold", 12, CREAM)
        chip_r = chip_s.get_rect(topleft=(x, y)).inflate(ui.px(14), ui.px(6))
        pygame.draw.rect(surface, CATEGORY_COLOURS.get(line.category, TERRACOTTA), chip_r, border_radius=ui.px(8))
        surface.blit(chip_s, chip_s.get_rect(center=chip_r.center))
        y = chip_r.bottom + ui.px(8)
        for text_line in self.title_lines(line_title(state, line), inner):
            ui.blit_text(surface, text_line, (x, y), "title", 24, INK)
            y += ui.line_height("title", 24)
        if line.multiplier > 1:
            for text_line in ui.wrap(multiplier_text(state, line), "bold", 15, inner)[:2]:
                ui.blit_text(surface, text_line, (x, y), "bold", 15, TERRACOTTA)
                y += ui.line_height("bold", 15)
        totals = self.running_totals()
        totals_top = r.bottom - ui.px(14) - ui.line_height("heading", 18) - len(totals) * ui.px(26)
        rows = sorted(line.points, key=lambda t: (line.ranks.get(t, 0), -line.points[t], t))
        room = totals_top - ui.px(30) - len(rows) * ui.px(32) - y
        why = [w for text in explain(state, line) for w in ui.wrap(text, "body", 14, inner)]
        line_h = ui.line_height("body", 14)
        for text_line in why[:max(1, room // line_h)]:
            ui.blit_text(surface, text_line, (x, y), "body", 14, INK_SOFT)
            y += line_h
        y += ui.px(8)
        pygame.draw.line(surface, (200, 180, 140), (x, y), (r.right - ui.px(18), y), max(1, ui.px(1)))
        y += ui.px(6)
        if self.controller.void_view() is None:
            ui.blit_text(surface, _("scores"), (r.right - ui.px(18), y), "body", 12, INK_SOFT, "topright")
        y += ui.px(16)
        name_w, calc_x = ui.px(178), x + ui.px(184)
        for tribe in rows:
            self._tribe_row(surface, tribe, x, y, name_w)
            calc = ui.fit(row_text(state, line, tribe), "body", 14, r.right - ui.px(78) - calc_x)
            ui.blit_text(surface, calc, (calc_x, y + ui.px(4)), "body", 14, INK_SOFT)
            ui.blit_text(surface, f"+{line.points[tribe]}", (r.right - ui.px(18), y), "bold", 20,
                         on_parchment(tribe_colour(state, tribe)), "topright")
            y += ui.px(32)
        if self.controller.void_view() is not None:
            return  # solo/co-op: nobody scores, so no points and no running totals
        if not line.points:
            empty = _("No points of its own: it changes a multiplier.") if line.category in ("courage", "worship") \
                else _("Nobody scores here.")
            ui.blit_text(surface, empty, (x, y), "italic", 15, INK_SOFT)
        elif any(line is award for award in self.awards):
            for text_line in ui.wrap(scored_earlier(), "italic", 14, inner)[:2]:
                ui.blit_text(surface, text_line, (x, y), "italic", 14, INK_SOFT)
                y += ui.line_height("italic", 14)
        y = totals_top
        ui.blit_text(surface, _("Running totals"), (
x, y), "heading", 18, INK)
        y += ui.line_height("heading", 18)
        for tribe, total in enumerate(totals):
            self._tribe_row(surface, tribe, x, y, inner - ui.px(50))
            ui.blit_text(surface, str(total), (r.right - ui.px(18), y), "bold", 16, INK, "topright")
            y += ui.px(26)

    def _draw_table(self, surface: pygame.Surface) -> None:
        draw_table(self, surface)
