"""The coach's panel and the glow on the thing to click, shared by the tutorial's board and scoring screens.

The panel sits in a strip the screen gives up under its map, so it never covers anything clickable.
It shows the lesson, the step's text, the last refusal (in red) and the buttons to skip the step or
leave the tutorial; at the last step, Finish.
"""

from __future__ import annotations

import pygame

from iwari_desktop.engine.tutorial import StepKind
from iwari_desktop.i18n import _
from ..ui.look import GOLD, INK, INK_SOFT, PARCHMENT, TERRACOTTA, panel
from ..ui.widgets import button, set_enabled
from ..scoring.scoring import map_area as scoring_map_area

GLOW = (255, 170, 40)
REFUSAL_INK = (140, 40, 24)


def draw_glow(surface: pygame.Surface, ui, rects: list[pygame.Rect], points: list[tuple[int, int]]) -> None:
    """A bright frame around each rectangle and a ring around each map point: "click here"."""
    width = max(2, ui.px(4))
    for r in rects:
        frame = r.inflate(ui.px(10), ui.px(10)).clip(surface.get_rect())  # a button at the edge keeps its frame
        pygame.draw.rect(surface, GLOW, frame, width, border_radius=ui.px(10))
    for point in points:
        pygame.draw.circle(surface, GLOW, point, ui.px(19), width)
        pygame.draw.circle(surface, INK, point, ui.px(19) + width, max(1, ui.px(1)))


def coach_strip(ui, size: tuple[int, int], area: pygame.Rect, height: int) -> pygame.Rect:
    """The coach's strip under `area` (a map already shortened by `height`), never wider than the scoring
    screen's map: the board and the scoring screens then place the panel, and its Skip and Leave buttons,
    at the very same spot, so repeated Skip clicks keep hitting Skip when a scoring screen opens."""
    right = min(area.right, scoring_map_area(ui, size).right)
    return pygame.Rect(area.x, area.bottom + ui.px(8), right - area.x, height)


class CoachPanel:
    """The panel of one tutorial screen (`scene` has `coach`, `skip_step` and `ask_leave`)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, object] = {}

    @property
    def coach(self):
        return self.scene.coach

    def build(self, rect: pygame.Rect) -> None:
        ui = self.scene.app.ui
        self.rect = rect
        bw, bh = ui.px(176), ui.px(40)
        x = rect.right - bw - ui.px(12)
        top = rect.y + ui.px(36)
        self.buttons = {
            "skip": button(self.scene, pygame.Rect(x, top, bw, bh), _("Skip this step"), self.scene.skip_step,
                           "#small", _("The coach makes this move for you")),
            "finish": button(self.scene, pygame.Rect(x, top, bw, bh), _("Finish"), self.scene.skip_step, "#primary"),
            "leave": button(self.scene, pygame.Rect(x, top + bh + ui.px(8), bw, bh), _("Leave tutorial"),
                            self.scene.ask_leave, "#small", _("Back to the main menu")),
        }
        self.refresh()

    def refresh(self) -> None:
        if not self.buttons:
            return
        finishing = self.coach.is_kind(StepKind.FINISH)
        covered = self.scene.app.stack.top is not self.scene and self.scene._hidden_by(self.scene.app.stack.top)
        for name, widget in self.buttons.items():
            show = not covered and ((name == "finish") == finishing or name == "leave")
            if show and not widget.visible:
                widget.show()
            elif not show and widget.visible:
                widget.hide()
        set_enabled(self.buttons["skip"], self.scene.can_skip())

    def text_width(self) -> int:
        ui = self.scene.app.ui
        return self.rect.w - ui.px(176) - ui.px(40)

    def draw(self, surface: pygame.Surface, text: str) -> None:
        ui = self.scene.app.ui
        r = self.rect
        panel(surface, r, ui, fill=PARCHMENT, border=GOLD)
        coach = self.coach
        x, y = r.x + ui.px(14), r.y + ui.px(8)
        width = self.text_width()
        step = coach.step
        lesson = _(step.lesson) if step is not None else ""
        lessons = coach.script.lessons()
        number = lessons.index(step.lesson) + 1 if step is not None else len(lessons)
        head = _("Learn to play · lesson {number} of {total}: {lesson}").format(
            number=number, total=len(lessons), lesson=lesson)
        if coach.is_kind(StepKind.FINISH):
            head = _("Learn to play · complete: you played a whole journey")
        ui.blit_text(surface, ui.fit(head, "bold", 15, width), (x, y), "bold", 15, TERRACOTTA, box=r)
        count = _("step {number} of {total}").format(number=coach.number, total=coach.total)
        ui.blit_text(surface, count, (r.right - ui.px(12), y), "body", 13, INK_SOFT, "topright", box=r)
        y += ui.line_height("bold", 15) + ui.px(4)
        refusal = _(coach.refusal) if coach.refusal else ""
        bottom = r.bottom - ui.px(8)
        size = 16
        while True:
            lines = ui.wrap(text, "body", size, width)
            wrong = ui.wrap(refusal, "bold", size - 1, width) if refusal else []
            height = len(lines) * ui.line_height("body", size) + len(wrong) * ui.line_height("bold", size - 1)
            if y + height <= bottom or size <= 11:
                break
            size -= 1
        for line in lines:
            ui.blit_text(surface, line, (x, y), "body", size, INK, box=r)
            y += ui.line_height("body", size)
        for line in wrong:
            ui.blit_text(surface, line, (x, y), "bold", size - 1, REFUSAL_INK, box=r)
            y += ui.line_height("bold", size - 1)
