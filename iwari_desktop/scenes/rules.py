"""The rules screen: `assets/text/rules.md` rendered on a scrollable parchment page."""

from __future__ import annotations

import pygame

from ..resources import assets_dir
from .intents import Intent, Kind
from .markdown import MarkdownPage
from .stack import Scene
from .ui import CREAM, GOLD, panel
from .widgets import button

MISSING = """# Rules

The illustrated rules are not installed yet (`assets/text/rules.md`).

In short: on your turn **place** (play 1–3 cards to put 1–2 pieces in one territory) or **exchange** one card, then
refill your hand to 3 from the display or the deck. When the deck runs out the first time, tents are scored (half
journey); the second time, the round is finished and everything is scored.
"""


def rules_text() -> str:
    try:
        return (assets_dir() / "text" / "rules.md").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return MISSING


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.page = MarkdownPage(app.ui, rules_text())
        self.offset = 0

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        self.page.ui = ui
        self.page._surface = None
        self.card = pygame.Rect(ui.px(60), ui.px(70), w - ui.px(120), h - ui.px(90))
        self.view = self.card.inflate(-ui.px(60), -ui.px(40))
        button(self, pygame.Rect(w - ui.px(200), ui.px(14), ui.px(140), ui.px(44)), "Back", self.app.stack.pop)

    def scroll(self, amount: int) -> None:
        """Scroll by `amount` lines (positive: towards the top)."""
        content = self.page.surface(self.view.w).get_height()
        limit = max(0, content - self.view.h)
        step = self.app.ui.px(24)
        self.offset = max(0, min(limit, self.offset - amount * step))
        self.app.request_redraw()

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.CONFIRM):
            self.app.stack.pop()
        elif intent.kind is Kind.SCROLL:
            self.scroll(intent.amount)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, "Rules of Iwari", (ui.px(60), ui.px(14)), "title", 40, CREAM)
        panel(surface, self.card, ui)
        page = self.page.surface(self.view.w)
        surface.blit(page, self.view.topleft, pygame.Rect(0, self.offset, self.view.w, self.view.h))
        if page.get_height() > self.view.h:
            track = pygame.Rect(self.card.right - ui.px(14), self.view.y, ui.px(6), self.view.h)
            pygame.draw.rect(surface, (214, 196, 160), track, border_radius=ui.px(3))
            frac = self.view.h / page.get_height()
            thumb = pygame.Rect(track.x, track.y + int(track.h * self.offset / page.get_height()), track.w,
                                max(ui.px(20), int(track.h * frac)))
            pygame.draw.rect(surface, GOLD, thumb, border_radius=ui.px(3))
