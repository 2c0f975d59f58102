"""Scoring, explained: step through every ScoreLine on the map, then the table, chart and winner.

Territories first, then connections in ascending number, then settlements (the order the engine
scores them). Each step lights its subject on the map and shows who scores what and why: the
ranks, base points and feat multipliers come straight from the engine's ScoreLine.
"""

from __future__ import annotations

import pygame

from ..engine.scoring import ScoreLine, ScoreReport
from ..engine.settlements import settlements
from .board_view import BoardView, tribe_colour
from .controller import GameController
from .intents import Intent, Kind
from .pieces import PieceArt
from .stack import Scene
from .ui import CREAM, GOLD, GOLD_LIGHT, INK, INK_SOFT, TERRACOTTA, panel
from .widgets import button

CATEGORY_NAMES = {"tents": "Tents", "totems": "Totems", "settlement": "Settlements", "half": "Half journey"}
CATEGORY_COLOURS = {"half": (150, 120, 90), "tents": (181, 82, 59), "totems": (62, 120, 150),
                    "settlement": (96, 140, 70)}
ORDER = {"tents": 0, "totems": 1, "settlement": 2}


def outcome_text(controller: GameController) -> tuple[str, str]:
    """The headline and the explanation of the result (B18 tie-breaks, B12 third tribe)."""
    state = controller.state
    result = state.result
    if result is None:
        return "", ""
    names = [controller.tribe_name(t) for t in result.winners]
    if result.players_lose:
        return ("The Third tribe wins", "It scored the most points alone, so both players lose (rule B12).")
    headline = f"{names[0]} wins!" if len(names) == 1 else f"{' and '.join(names)} share the win"
    if result.decided_by == "supply":
        left = state.supply_left(result.winners[0])
        why = f"Tied on points; {names[0]} has the most pieces left in supply ({left}) (rule B18)."
    elif result.decided_by == "shared":
        why = "Tied on points and on pieces left in supply: the victory is shared (rule B18)."
    else:
        why = f"Most points: {result.totals[result.winners[0]]}."
    if state.third_tribe is not None and state.third_tribe in result.winners and len(names) > 1:
        why += " A player tied with the Third tribe shares the win (rule B12)."
    return headline, why


class ScoringScene(Scene):
    name = "scoring"

    def __init__(self, app, controller: GameController, report: ScoreReport) -> None:
        super().__init__(app)
        self.controller = controller
        self.report = report
        self.lines: list[ScoreLine] = sorted(report.lines, key=lambda l: ORDER.get(l.category, 9))
        self.step = 0  # 0..len(lines)-1 are lines; len(lines) is the table
        state = controller.state
        index = next((i for i, r in enumerate(state.reports) if r is report), len(state.reports) - 1)
        self.before = [0] * len(state.tribes)
        for r in state.reports[:index]:
            for t, p in enumerate(r.totals()):
                self.before[t] += p
        self.previous = list(state.reports[:index])
        self.art = PieceArt()
        self.view = BoardView(state.board, self.art)
        self.auto = False
        self._clock = 0.0
        if not self.lines:
            self.step = 0

    @property
    def final(self) -> bool:
        return self.report.kind == "final"

    @property
    def at_table(self) -> bool:
        return self.step >= len(self.lines)

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        self.side = pygame.Rect(w - ui.px(448), ui.px(70), ui.px(440), h - ui.px(140))
        self.map_area = pygame.Rect(ui.px(8), ui.px(70), self.side.x - ui.px(16), h - ui.px(78))
        self.view.set_area(self.map_area)
        y = h - ui.px(60)
        x = self.side.x
        if self.at_table:
            if self.final:
                button(self, pygame.Rect(x, y, ui.px(140), ui.px(50)), "See board", self.close)
                button(self, pygame.Rect(x + ui.px(150), y, ui.px(140), ui.px(50)), "Main menu", self.to_menu)
                button(self, pygame.Rect(x + ui.px(300), y, ui.px(140), ui.px(50)), "New game", self.new_game, "#primary")
            else:
                button(self, pygame.Rect(x, y, ui.px(140), ui.px(50)), "Replay", lambda: self.go(0))
                button(self, pygame.Rect(x + ui.px(150), y, ui.px(290), ui.px(50)), "Continue the journey",
                       self.close, "#primary")
        else:
            button(self, pygame.Rect(x, y, ui.px(100), ui.px(50)), "Back", lambda: self.go(self.step - 1),
                   enabled=self.step > 0)
            button(self, pygame.Rect(x + ui.px(108), y, ui.px(100), ui.px(50)), "Auto: on" if self.auto else "Auto",
                   self.toggle_auto, "#small", enabled=self.app.settings.animation_factor > 0)
            button(self, pygame.Rect(x + ui.px(216), y, ui.px(100), ui.px(50)), "Skip", self.skip, "#small")
            button(self, pygame.Rect(x + ui.px(324), y, ui.px(116), ui.px(50)), "Next", lambda: self.go(self.step + 1),
                   "#primary")

    # ---- navigation ---------------------------------------------------------------------------
    def go(self, step: int) -> None:
        step = max(0, min(len(self.lines), step))
        if step != self.step:
            self.step = step
            self._clock = 0.0
            if self.at_table:
                self.auto = False
            self.rebuild()
            self.app.request_redraw()

    def skip(self) -> None:
        self.go(len(self.lines))

    def toggle_auto(self) -> None:
        self.auto = not self.auto
        self._clock = 0.0
        self.rebuild()

    def close(self) -> None:
        self.controller.mark_reports_shown()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def to_menu(self) -> None:
        from .menu import MenuScene

        self.controller.mark_reports_shown()
        self.app.stack.reset(MenuScene(self.app))

    def new_game(self) -> None:
        from .menu import MenuScene
        from .setup import SetupScene

        self.controller.mark_reports_shown()
        self.app.stack.reset(MenuScene(self.app))
        self.app.stack.push(SetupScene(self.app))

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

    @property
    def animating(self) -> bool:
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
        title = "Final scoring" if self.final else "Half-journey scoring"
        title_rect = ui.blit_text(surface, title, (ui.px(16), ui.px(12)), "title", 34, CREAM)
        sub = "Tents, totems and settlements, with feats" if self.final else "Tents only, no feat multipliers (rule B13)"
        ui.blit_text(surface, sub, (title_rect.right + ui.px(18), title_rect.bottom - ui.px(8)), "body", 15, GOLD_LIGHT,
                     "bottomleft")
        n = max(1, len(self.lines))
        bar = pygame.Rect(self.side.x, ui.px(24), self.side.w, ui.px(12))
        pygame.draw.rect(surface, (92, 58, 32), bar, border_radius=ui.px(6))
        pygame.draw.rect(surface, GOLD, (bar.x, bar.y, bar.w * min(self.step, n) // n, bar.h), border_radius=ui.px(6))
        ui.blit_text(surface, "table" if self.at_table else f"{self.step + 1} / {n}", (bar.right, bar.bottom + ui.px(4)),
                     "body", 13, CREAM, "topright")
        if self.at_table:
            self._draw_table(surface)
        else:
            self._draw_line(surface, self.lines[self.step])

    def _tribe_row(self, surface: pygame.Surface, tribe: int, x: int, y: int) -> int:
        state = self.controller.state
        tent = self.art.tent(state.tribes[tribe].colour.value, self.app.ui.px(24))
        surface.blit(tent, (x, y))
        self.app.ui.blit_text(surface, state.tribes[tribe].name, (x + self.app.ui.px(30), y + self.app.ui.px(2)),
                              "bold", 15, INK)
        return x + self.app.ui.px(30)

    def _draw_line(self, surface: pygame.Surface, line: ScoreLine) -> None:
        ui = self.app.ui
        r = self.side
        panel(surface, r, ui)
        x, y = r.x + ui.px(18), r.y + ui.px(14)
        chip = CATEGORY_NAMES.get(line.category, line.category.capitalize())
        chip_s = ui.text(chip.upper(), "bold", 12, CREAM)
        chip_r = chip_s.get_rect(topleft=(x, y)).inflate(ui.px(14), ui.px(6))
        pygame.draw.rect(surface, CATEGORY_COLOURS.get(line.category, TERRACOTTA), chip_r, border_radius=ui.px(8))
        surface.blit(chip_s, chip_s.get_rect(center=chip_r.center))
        y = chip_r.bottom + ui.px(8)
        for text_line in ui.wrap(line.label, "title", 24, r.w - ui.px(36)):
            ui.blit_text(surface, text_line, (x, y), "title", 24, INK)
            y += ui.px(30)
        if line.multiplier > 1:
            ui.blit_text(surface, f"Feats multiply this by ×{line.multiplier}", (x, y), "bold", 15, TERRACOTTA)
            y += ui.px(24)
        for text_line in ui.wrap(line.detail, "body", 14, r.w - ui.px(36))[:5]:
            ui.blit_text(surface, text_line, (x, y), "body", 14, INK_SOFT)
            y += ui.px(20)
        y += ui.px(10)
        pygame.draw.line(surface, (200, 180, 140), (x, y), (r.right - ui.px(18), y), max(1, ui.px(1)))
        y += ui.px(10)
        ui.blit_text(surface, "scores", (r.right - ui.px(18), y), "body", 12, INK_SOFT, "topright")
        y += ui.px(18)
        for tribe in sorted(line.points, key=lambda t: (line.ranks.get(t, 0), -line.points[t], t)):
            self._tribe_row(surface, tribe, x, y)
            rank = line.ranks.get(tribe)
            mid = f"rank {rank} · " if rank else ""
            calc = f"{mid}{line.base[tribe]} × {line.multiplier}" if line.multiplier > 1 else mid.rstrip(" ·")
            ui.blit_text(surface, calc, (x + ui.px(190), y + ui.px(4)), "body", 14, INK_SOFT)
            ui.blit_text(surface, f"+{line.points[tribe]}", (r.right - ui.px(18), y), "bold", 20,
                         tribe_colour(self.controller.state, tribe) if sum(tribe_colour(self.controller.state, tribe)) < 560
                         else INK, "topright")
            y += ui.px(32)
        if not line.points:
            ui.blit_text(surface, "Nobody scores here.", (x, y), "italic", 15, INK_SOFT)
        totals = self.running_totals()
        y = r.bottom - ui.px(40 + 26 * len(totals))
        ui.blit_text(surface, "Running totals", (x, y), "heading", 18, INK)
        y += ui.px(26)
        for tribe, total in enumerate(totals):
            self._tribe_row(surface, tribe, x, y)
            ui.blit_text(surface, str(total), (r.right - ui.px(18), y), "bold", 16, INK, "topright")
            y += ui.px(26)

    def _draw_table(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        state = self.controller.state
        full = pygame.Rect(ui.px(40), ui.px(70), surface.get_width() - ui.px(80), surface.get_height() - ui.px(150))
        panel(surface, full, ui)
        categories: list[tuple[str, list[int]]] = []
        if self.previous:
            half = [0] * len(state.tribes)
            for r in self.previous:
                for t, p in enumerate(r.totals()):
                    half[t] += p
            categories.append(("half", half))
        by_cat = self.report.by_category()
        shown = ["tents", "totems", "settlement"] if self.final else ["tents"]
        for key in shown + sorted(set(by_cat) - set(shown), key=lambda k: ORDER.get(k, 9)):
            categories.append((key, by_cat.get(key, [0] * len(state.tribes))))
        totals = [sum(row[t] for _, row in categories) for t in range(len(state.tribes))]
        x0, y = full.x + ui.px(24), full.y + ui.px(18)
        headline, why = outcome_text(self.controller) if self.final else ("Half journey: points so far", "")
        ui.blit_text(surface, headline, (x0, y), "title", 32, TERRACOTTA if state.result and state.result.players_lose else INK)
        y += ui.px(44)
        if why:
            ui.blit_text(surface, why, (x0, y), "body", 16, INK_SOFT)
            y += ui.px(30)
        col0, colw = x0 + ui.px(150), ui.px(110)
        for t, tribe in enumerate(state.tribes):
            cx = col0 + t * colw + colw // 2
            tent = self.art.tent(tribe.colour.value, ui.px(26))
            surface.blit(tent, tent.get_rect(midbottom=(cx, y + ui.px(28))))
            ui.blit_text(surface, tribe.name, (cx, y + ui.px(30)), "bold", 14, INK, "midtop")
        y += ui.px(56)
        winners = set(state.result.winners) if (self.final and state.result) else set()
        for key, row in categories + [("total", totals)]:
            is_total = key == "total"
            if is_total:
                pygame.draw.line(surface, INK, (x0, y - ui.px(4)), (col0 + len(state.tribes) * colw, y - ui.px(4)), 2)
            ui.blit_text(surface, "Total" if is_total else CATEGORY_NAMES.get(key, key.capitalize()), (x0, y),
                         "bold" if is_total else "body", 16, INK)
            for t, value in enumerate(row):
                cx = col0 + t * colw + colw // 2
                ui.blit_text(surface, str(value), (cx, y), "bold" if is_total else "body", 19 if is_total else 16,
                             TERRACOTTA if is_total and t in winners else INK, "midtop")
            y += ui.px(34 if is_total else 28)
        if self.final:
            ui.blit_text(surface, "Pieces left (tie-break)", (x0, y + ui.px(6)), "italic", 14, INK_SOFT)
            for t in range(len(state.tribes)):
                ui.blit_text(surface, str(state.supply_left(t)), (col0 + t * colw + colw // 2, y + ui.px(6)), "italic",
                             14, INK_SOFT, "midtop")
        if self.final and state.feats:
            y += ui.px(40)
            ui.blit_text(surface, "Feats on the board", (x0, y), "heading", 18, INK)
            y += ui.px(28)
            for f in state.feats[:8]:
                where = (f"connection {f.target}" if f.on_connection
                         else state.board.territories[f.target].name)
                image = self.art.feat(f.feat.value, ui.px(22))
                surface.blit(image, (x0, y))
                ui.blit_text(surface, f"{f.feat.value.capitalize()} — {state.tribes[f.tribe].name}, on {where}",
                             (x0 + ui.px(30), y + ui.px(2)), "body", 14, INK_SOFT)
                y += ui.px(26)
        # bar chart: one stacked bar per tribe
        chart = pygame.Rect(col0 + len(state.tribes) * colw + ui.px(40), full.y + ui.px(110), 0, 0)
        chart.w = full.right - ui.px(24) - chart.x
        chart.h = full.bottom - ui.px(30) - chart.y
        if chart.w > ui.px(120):
            self._draw_chart(surface, chart, categories, totals)

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect, categories: list[tuple[str, list[int]]],
                    totals: list[int]) -> None:
        ui = self.app.ui
        state = self.controller.state
        top = max(1, max(totals))
        n = len(totals)
        bar_h = min(ui.px(40), area.h // max(1, n) - ui.px(10))
        for t in range(n):
            y = area.y + t * (bar_h + ui.px(12))
            x = area.x
            for key, row in categories:
                w = int((area.w - ui.px(60)) * row[t] / top)
                if w > 0:
                    pygame.draw.rect(surface, CATEGORY_COLOURS.get(key, TERRACOTTA), (x, y, w, bar_h))
                    x += w
            pygame.draw.rect(surface, tribe_colour(state, t), (area.x - ui.px(8), y, ui.px(6), bar_h))
            ui.blit_text(surface, str(totals[t]), (x + ui.px(8), y + bar_h // 2), "bold", 15, INK, "midleft")
        y = area.y + n * (bar_h + ui.px(12)) + ui.px(6)
        x = area.x
        for key, _ in categories:
            pygame.draw.rect(surface, CATEGORY_COLOURS.get(key, TERRACOTTA), (x, y + ui.px(3), ui.px(14), ui.px(14)))
            r = ui.blit_text(surface, CATEGORY_NAMES.get(key, key), (x + ui.px(20), y), "body", 14, INK)
            x = r.right + ui.px(16)
