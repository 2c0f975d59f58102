"""Choosing a journey's difficulty: Easy, Normal, Hard or Rulebook, asked when a journey starts and changeable
later.

Easy, Normal and Hard shift every chapter's K by one (K + 1, K, K − 1, never below 1: `Difficulty.k`);
Rulebook, above them, plays every chapter at the rulebook's own K (3 solo, 1 co-op). Each choice says
what it means in words and on the journey's first chapter, and stars keep the difficulty they were
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

ORDER = (Difficulty.EASY, Difficulty.NORMAL, Difficulty.HARD, Difficulty.RULEBOOK)
ROW_STEP = 76   # design pixels from one choice's row to the next


def k_words(difficulty: Difficulty, k: int) -> str:
    """The Void's territories a difficulty asks, in a sentence: on the first chapter, or on every chapter at
    Rulebook (its K is the same everywhere)."""
    if difficulty is Difficulty.RULEBOOK:
        return ngettext("The Void wins with {k} territory in every chapter — the rulebook's game.",
                        "The Void wins with {k} territories in every chapter — the rulebook's game.", k).format(k=k)
    return ngettext("In the first chapter the Void wins at {k} territory.",
                    "In the first chapter the Void wins at {k} territories.", k).format(k=k)


class DifficultyScene(Scene):
    """A modal choice over the journey."""

    opaque = False
    name = "campaign-difficulty"
    keeps_widgets = True  # a scroll rebuilds the choices: those it left as they were stay

    def __init__(self, app, journey) -> None:
        super().__init__(app)
        self.journey = journey
        self.choice = journey.difficulty
        self.buttons: dict[Difficulty, object] = {}

    def card(self) -> pygame.Rect:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        rows_h = len(ORDER) * ROW_STEP
        rect = pygame.Rect(0, 0, ui.px(760), ui.px(rows_h + (220 if self.journey.started else 164)))  # room for Keep
        rect.center = (w // 2, h // 2)
        return rect

    def rows(self) -> list[pygame.Rect]:
        ui = self.app.ui
        card = self.card()
        return [pygame.Rect(card.x + ui.px(30), card.y + ui.px(136) + i * ui.px(ROW_STEP), ui.px(180), ui.px(56))
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
            Difficulty.RULEBOOK: _("The designer's own game, the hardest: no chapter makes it easier."),
        }
        text_x = card.x + ui.px(230)
        text_w = card.right - ui.px(30) - text_x
        line_h = ui.line_height("body", 14)
        for difficulty, rect in zip(ORDER, self.rows()):
            lines = ui.wrap(texts[difficulty], "body", 14, text_w)[:2]
            lines += ui.wrap(k_words(difficulty, first.k_at(difficulty)), "body", 14, text_w)
            soft = len(ui.wrap(texts[difficulty], "body", 14, text_w)[:2])
            ty = rect.centery - len(lines) * line_h // 2
            for i, line in enumerate(lines):
                ui.blit_text(surface, line, (text_x, ty), "body", 14, INK if i < soft else INK_SOFT)
                ty += line_h
