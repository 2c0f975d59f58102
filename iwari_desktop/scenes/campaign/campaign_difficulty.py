"""Choosing a journey's difficulty: Easy, Normal or Hard, asked when a journey starts and changeable later.

The difficulty shifts every chapter's K by one (K + 1, K, K − 1, never below 1: `Difficulty.k`); each
choice shows what it means on the journey's first chapter, and stars keep the difficulty they were
earned at. Keyboard: Up/Down move the choice, Enter takes it, Esc keeps the current one.
"""

from __future__ import annotations

import pygame

from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.i18n import _, ngettext
from .campaign_words import difficulty_name
from ..ui.intents import Intent, Kind
from ..ui.stack import Scene
from ..ui.look import GOLD, INK, INK_SOFT, dim, panel
from ..ui.widgets import button

ORDER = (Difficulty.EASY, Difficulty.NORMAL, Difficulty.HARD)


class DifficultyScene(Scene):
    """A modal choice over the journey."""

    opaque = False
    name = "campaign-difficulty"

    def __init__(self, app, journey) -> None:
        super().__init__(app)
        self.journey = journey
        self.choice = journey.difficulty
        self.buttons: dict[Difficulty, object] = {}

    def card(self) -> pygame.Rect:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        rect = pygame.Rect(0, 0, ui.px(760), ui.px(448 if self.journey.started else 392))  # room for Keep
        rect.center = (w // 2, h // 2)
        return rect

    def rows(self) -> list[pygame.Rect]:
        ui = self.app.ui
        card = self.card()
        return [pygame.Rect(card.x + ui.px(30), card.y + ui.px(136) + i * ui.px(76), ui.px(180), ui.px(56))
                for i in range(len(ORDER))]

    def build(self) -> None:
        self.buttons = {}
        for difficulty, rect in zip(ORDER, self.rows()):
            widget = button(self, rect, difficulty_name(difficulty), lambda d=difficulty: self.take(d))
            if difficulty is self.choice:
                widget.select()
            self.buttons[difficulty] = widget
        card = self.card()
        ui = self.app.ui
        if self.journey.started:
            button(self, pygame.Rect(card.right - ui.px(200), card.bottom - ui.px(64), ui.px(170), ui.px(46)),
                   _("Keep"), self.close)

    def take(self, difficulty: Difficulty) -> None:
        """Store the difficulty in the profile and close; on a write error the journey says why."""
        self.choice = difficulty
        self.journey.set_difficulty(difficulty)
        self.close()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CONFIRM:
            self.take(self.choice)
        elif intent.kind is Kind.CANCEL:
            if self.journey.started:
                self.close()
            else:
                self.take(self.choice)   # a journey needs one: Esc takes the one shown (Normal)
        elif intent.kind is Kind.SCROLL:
            here = ORDER.index(self.choice)
            self.choice = ORDER[max(0, min(len(ORDER) - 1, here + (-1 if intent.amount > 0 else 1)))]
            self.rebuild()
            self.app.request_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        dim(surface, 170)
        card = self.card()
        panel(surface, card, ui, border=GOLD)
        width = card.w - ui.px(60)
        y = card.y + ui.px(18)
        ui.blit_text(surface, _("Choose the difficulty"), (card.x + ui.px(30), y), "title", 30, INK)
        y += ui.line_height("title", 30)
        intro = _("It holds for the whole journey and can be changed later. Stars remember the difficulty "
                  "they were earned at.")
        for line in ui.wrap(intro, "body", 15, width)[:2]:
            ui.blit_text(surface, line, (card.x + ui.px(30), y), "body", 15, INK_SOFT)
            y += ui.line_height("body", 15)
        first = self.journey.campaign.chapters[0]
        texts = {
            Difficulty.EASY: _("One more Void territory than Normal before you lose."),
            Difficulty.NORMAL: _("The journey as it was meant to be played."),
            Difficulty.HARD: _("One Void territory fewer (never below one)."),
        }
        text_x = card.x + ui.px(230)
        text_w = card.right - ui.px(30) - text_x
        for difficulty, rect in zip(ORDER, self.rows()):
            lines = ui.wrap(texts[difficulty], "body", 15, text_w)[:2]
            k = first.k_at(difficulty)
            lines.append(ngettext("In the first chapter the Void wins at {k} territory.",
                                  "In the first chapter the Void wins at {k} territories.", k).format(k=k))
            line_h = ui.line_height("body", 14)
            ty = rect.centery - len(lines) * line_h // 2
            for i, line in enumerate(lines):
                ink = INK if i < len(lines) - 1 else INK_SOFT
                ui.blit_text(surface, ui.fit(line, "body", 14, text_w), (text_x, ty), "body", 14, ink)
                ty += line_h
