"""Continue, when there is both an unfinished game at this computer and an online table still open: which one?

Why a question rather than a second menu entry: the menu is one list in two even columns, and most players have
only one thing to continue (then Continue opens it at once, as before). With both, each is a big button with what
it is under it ("New Horizons · Ann, Ben · round 4 · 2026-11-29 09:12" / "your table, round 3 · last played …"),
newest first; Enter takes the first, Esc goes back to the menu. The menu hands the entries in as plain words and
callables, so this screen knows nothing of saves or tables.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...i18n import _, pgettext
from ..ui.intents import Intent, Kind
from ..ui.look import GOLD_LIGHT, CREAM, dim, panel
from ..ui.stack import Scene
from ..ui.widgets import button

ROW = 84        # design pixels of one choice: its button and the line under it


@dataclass(frozen=True)
class Choice:
    title: str
    detail: str
    open: Callable[[], object]


class ContinueChoiceScene(Scene):
    opaque = False
    name = "continue-choice"

    def __init__(self, app, choices: list[Choice]) -> None:
        super().__init__(app)
        self.choices = choices
        self.buttons: list = []
        self.box = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        bw = ui.px(560)
        self.box = pygame.Rect(0, 0, bw + ui.px(60), ui.px(90) + len(self.choices) * ui.px(ROW) + ui.px(70))
        self.box.center = (w // 2, h // 2)
        y = self.box.y + ui.px(78)
        self.buttons = []
        for i, choice in enumerate(self.choices):
            self.buttons.append(button(self, pygame.Rect(self.box.centerx - bw // 2, y, bw, ui.px(48)), choice.title,
                                       lambda c=choice: self.take(c), "#primary" if i == 0 else "#menu_button"))
            y += ui.px(ROW)
        button(self, pygame.Rect(self.box.centerx - ui.px(90), self.box.bottom - ui.px(62), ui.px(180), ui.px(46)),
               _("Back"), self.back)

    def take(self, choice: Choice) -> None:
        self.back()
        choice.open()

    def back(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.back()
        elif intent.kind is Kind.CONFIRM and self.choices:
            self.take(self.choices[0])

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        dim(surface, 170)
        panel(surface, self.box, ui, fill=(72, 50, 34), border=GOLD_LIGHT)
        ui.blit_text(surface, pgettext("menu", "Continue"), (self.box.centerx, self.box.y + ui.px(14)), "title", 34,
                     CREAM, "midtop")
        width = self.box.w - ui.px(40)
        for choice, widget in zip(self.choices, self.buttons):
            ui.blit_text(surface, ui.fit(choice.detail, "body", 14, width), (self.box.centerx, widget.rect.bottom + ui.px(4)),
                         "body", 14, CREAM, "midtop")
