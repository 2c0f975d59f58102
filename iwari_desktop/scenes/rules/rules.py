"""The rules screen: `assets/text/rules.<lang>.md` (else `rules.md`, the English text) on a scrollable parchment
page with a table of contents.

The rules run to several hundred lines, so the screen offers a clickable contents list of the
`##` sections, PageUp/PageDown by a screenful, Home/End, and a wheel that glides rather than jumps.
The text covers only what ships (the base game, the expansion maps and their options, solo and co-op
against the Void), with a few diagrams
drawn by `rules_diagrams`.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from ...i18n import N_, _, current_language
from ...resources import assets_dir
from ..ui.intents import Intent, Kind
from ..ui.markdown import MarkdownPage
from ..ui.stack import Scene
from ..ui.look import CREAM, GOLD, INK, INK_SOFT, TERRACOTTA, panel
from ..ui.widgets import button

MISSING = N_("""# Rules

The illustrated rules are not installed yet (`assets/text/rules.md`).

In short: on your turn **place** (play 1–3 cards to put 1–2 pieces in one territory) or **exchange** one card, then
refill your hand to 3 from the display or the deck. When the deck runs out the first time, tents are scored (half
journey); the second time, the round is finished and everything is scored.
""")


def rules_path(language: str | None = None) -> Path:
    """The rules in `language` (default: the active one) when that translation ships, else the English text."""
    text = assets_dir() / "text"
    own = text / f"rules.{language or current_language()}.md"
    return own if own.is_file() else text / "rules.md"


def rules_text(language: str | None = None) -> str:
    try:
        return rules_path(language).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return _(MISSING)


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.language = current_language()
        self.page = MarkdownPage(app.ui, rules_text(self.language))
        self.offset = 0.0   # what is drawn (glides towards `target`)
        self.target = 0.0
        self.toc_rects: list[tuple[pygame.Rect, int]] = []
        self.hover: tuple[int, int] | None = None

    def build(self) -> None:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        if self.language != current_language():  # switched in Settings while the rules were open
            self.language = current_language()
            self.page = MarkdownPage(ui, rules_text(self.language))
            self.offset = self.target = 0.0
        self.page.ui = ui
        self.page._surface = None
        self.card = pygame.Rect(ui.px(60), ui.px(70), w - ui.px(120), h - ui.px(90))
        toc_w = ui.px(250)
        self.toc = pygame.Rect(self.card.x + ui.px(16), self.card.y + ui.px(16), toc_w, self.card.h - ui.px(32))
        left = self.toc.right + ui.px(28)
        top = self.card.y + ui.px(14)
        self.view = pygame.Rect(left, top, self.card.right - ui.px(40) - left, self.card.bottom - ui.px(16) - top)
        self.page.surface(self.view.w)  # lays out the page and its anchors
        self._layout_toc()
        button(self, pygame.Rect(w - ui.px(200), ui.px(14), ui.px(140), ui.px(44)), _("Back"), self.app.stack.pop)
        self.target = self.offset = min(self.offset, self.limit)

    def _layout_toc(self) -> None:
        ui = self.app.ui
        self.toc_rects = []
        y = self.toc.y + ui.line_height("heading", 20) + ui.px(6)
        bottom = self.toc.bottom - ui.line_height("body", 12) - ui.px(4)   # the key hint stays clear
        least = ui.line_height("body", 15) + ui.px(1)   # the expansion's sections make a long list
        row = max(least, min(ui.px(30), (bottom - y) // max(1, len(self.page.anchors))))
        for _title, anchor_y in self.page.anchors:
            self.toc_rects.append((pygame.Rect(self.toc.x, y, self.toc.w, row), anchor_y))
            y += row

    @property
    def limit(self) -> int:
        return max(0, self.page.surface(self.view.w).get_height() - self.view.h)

    def scroll(self, amount: int, smooth: bool = False) -> None:
        """Scroll by `amount` lines (positive: towards the top); the wheel glides, keys jump."""
        step = self.app.ui.px(24)
        self.target = max(0.0, min(float(self.limit), self.target - amount * step))
        if not smooth:
            self.offset = self.target
        self.app.request_redraw()

    def page_by(self, pages: int) -> None:
        """One screenful (less a line, so the reader keeps their place) per page; positive: up."""
        screen = max(self.app.ui.px(24), self.view.h - self.app.ui.px(40))
        self.target = self.offset = max(0.0, min(float(self.limit), self.target - pages * screen))
        self.app.request_redraw()

    def jump_to(self, y: int) -> None:
        self.target = self.offset = float(max(0, min(self.limit, y)))
        self.app.request_redraw()

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.CONFIRM):
            self.app.stack.pop()
        elif intent.kind is Kind.PAGE:
            self.page_by(intent.amount)
        elif intent.kind is Kind.SCROLL:
            self.scroll(intent.amount, smooth=intent.smooth)
        elif intent.kind is Kind.HOVER and intent.pos is not None:
            self.hover = intent.pos
            self.app.request_redraw()
        elif intent.kind is Kind.CLICK and intent.pos is not None:
            for rect, anchor_y in self.toc_rects:
                if rect.collidepoint(intent.pos):
                    self.jump_to(anchor_y)

    def update(self, dt: float) -> bool:
        if abs(self.target - self.offset) < 0.5:
            if self.offset != self.target:
                self.offset = self.target
                return True
            return False
        self.offset += (self.target - self.offset) * min(1.0, dt * 14)
        return True

    @property
    def animating(self) -> bool:
        return abs(self.target - self.offset) >= 0.5

    def current_section(self) -> int:
        """The index of the section at the top of the view (highlighted in the contents)."""
        current = 0
        for i, (_title, y) in enumerate(self.page.anchors):
            if y <= self.offset + self.app.ui.px(8):
                current = i
        return current

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, _("Rules of Iwari"), (ui.px(60), ui.px(14)), "title", 40, CREAM)
        panel(surface, self.card, ui)
        # contents
        ui.blit_text(surface, _("Contents"), (self.toc.x + ui.px(8), self.toc.y), "heading", 20, INK)
        current = self.current_section()
        for i, ((title, _y), (rect, _index)) in enumerate(zip(self.page.anchors, self.toc_rects)):
            hovered = self.hover is not None and rect.collidepoint(self.hover)
            if i == current or hovered:
                pygame.draw.rect(surface, (236, 214, 170) if hovered else (230, 206, 150), rect,
                                 border_radius=ui.px(6))
            ui.blit_text(surface, ui.fit(title, "body", 15, rect.w - ui.px(16)), (rect.x + ui.px(8), rect.centery),
                         "bold" if i == current else "body", 15, TERRACOTTA if hovered else INK, "midleft")
        x = self.toc.right + ui.px(12)
        pygame.draw.line(surface, (200, 180, 140), (x, self.card.y + ui.px(16)), (x, self.card.bottom - ui.px(16)),
                         max(1, ui.px(1)))
        ui.blit_text(surface, _("PageUp/PageDown · Home/End · wheel"), (
self.toc.x + ui.px(8), self.toc.bottom),
                     "body", 12, INK_SOFT, "bottomleft")
        # the page
        page = self.page.surface(self.view.w)
        offset = int(round(self.offset))
        surface.blit(page, self.view.topleft, pygame.Rect(0, offset, self.view.w, self.view.h))
        if page.get_height() > self.view.h:
            track = pygame.Rect(self.card.right - ui.px(20), self.view.y, ui.px(6), self.view.h)
            pygame.draw.rect(surface, (214, 196, 160), track, border_radius=ui.px(3))
            frac = self.view.h / page.get_height()
            thumb = pygame.Rect(track.x, track.y + int(track.h * offset / page.get_height()), track.w,
                                max(ui.px(20), int(track.h * frac)))
            pygame.draw.rect(surface, GOLD, thumb, border_radius=ui.px(3))
