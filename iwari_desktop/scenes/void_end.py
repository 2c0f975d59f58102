"""The end of a solo or co-op game: won or lost, why the game ended, and who controls each territory and why.

Every word comes from the engine's `VoidOutcome` (state.result): its `end` and `reason` codes
worded by `REASON_TEXT`, and one `TerritoryControl` sentence per territory. Nothing is recounted here.
"""

from __future__ import annotations

import pygame

from iwari_desktop.engine.rulesets.solo.outcome import REASON_TEXT, VoidOutcome
from .controller import GameController
from .intents import Intent, Kind
from .stack import Scene
from .ui import GOLD, INK, INK_SOFT, dim, panel
from .widgets import button
from .words import localized

VOID_INK = (92, 52, 140)
PLAYER_INK = (40, 110, 60)


def end_lines(outcome: VoidOutcome) -> tuple[str, str, str]:
    """(headline, why the game ended, why it was won or lost), in words."""
    head = "You won against the Void" if outcome.won else "The Void won"
    ended = f"The game ended because {REASON_TEXT.get(outcome.end or '', outcome.end or 'it was over')}."
    verdict = (f"{'Won' if outcome.won else 'Lost'}: {REASON_TEXT.get(outcome.reason or '', outcome.reason or '')} "
               f"(the Void controls {outcome.void_territories}; you lose at {outcome.k}).")
    return head, ended, verdict


class VoidEndScene(Scene):
    """Drawn over the board; Back returns to the board, Menu leaves the game (it is already saved)."""

    opaque = False
    name = "void-end"

    def __init__(self, app, controller: GameController) -> None:
        super().__init__(app)
        self.controller = controller

    @property
    def outcome(self) -> VoidOutcome:
        result = self.controller.state.result
        assert isinstance(result, VoidOutcome)
        return result

    def card_rect(self) -> pygame.Rect:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        card = pygame.Rect(0, 0, min(ui.px(900), w - ui.px(40)), h - ui.px(60))
        card.center = (w // 2, h // 2)
        return card

    def build(self) -> None:
        ui = self.app.ui
        card = self.card_rect()
        bw, bh = ui.px(240), ui.px(48)
        back = pygame.Rect(0, 0, bw, bh)
        back.bottomright = (card.centerx - ui.px(10), card.bottom - ui.px(18))
        menu = pygame.Rect(0, 0, bw, bh)
        menu.bottomleft = (card.centerx + ui.px(10), card.bottom - ui.px(18))
        self.back_button = button(self, back, "Back to the board", self.back)
        self.menu_button = button(self, menu, "Main menu (Enter)", self.to_menu, "#primary")

    def back(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def to_menu(self) -> None:
        from .menu import MenuScene

        self.app.stack.reset(MenuScene(self.app))

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CONFIRM:
            self.to_menu()
        elif intent.kind is Kind.CANCEL:
            self.back()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        dim(surface, 170)
        card = self.card_rect()
        panel(surface, card, ui, border=GOLD)
        outcome = self.outcome
        head, ended, verdict = end_lines(outcome)
        inner = card.w - ui.px(60)
        y = card.y + ui.px(18)
        ui.blit_text(surface, ui.fit(head, "title", 34, inner), (card.centerx, y), "title", 34,
                     PLAYER_INK if outcome.won else VOID_INK, "midtop")
        y += ui.line_height("title", 34) + ui.px(4)
        for text in (ended, verdict):
            for line in ui.wrap(text, "body", 17, inner):
                ui.blit_text(surface, line, (card.centerx, y), "body", 17, INK, "midtop")
                y += ui.line_height("body", 17)
        y += ui.px(8)
        counted = [t for t in outcome.territories if t.side is not None]
        never = [t.name for t in outcome.territories if t.side is None]
        bottom = card.bottom - ui.px(96)
        name_w = ui.px(200)
        x = card.x + ui.px(30)
        you = "you" if len(self.controller.state.config.players) == 1 else "you two"
        size = 15
        while True:  # shrink the table until every counted territory and its reason fit
            line_h = ui.line_height("body", size)
            blocks = [ui.wrap(f"{you if t.side == 'players' else 'the Void'}: {localized(t.why)}", "body", size, inner - name_w)
                      for t in counted]
            extra = ui.wrap("Never counted: " + ", ".join(never) + ".", "body", size, inner) if never else []
            if size <= 11 or y + (sum(len(b) for b in blocks) + len(extra)) * line_h <= bottom:
                break
            size -= 1
        for row, lines in zip(counted, blocks):
            colour = PLAYER_INK if row.side == "players" else VOID_INK
            ui.blit_text(surface, ui.fit(row.name, "bold", size, name_w - ui.px(8)), (x, y), "bold", size, colour)
            for line in lines:
                if y + line_h > bottom:
                    break
                ui.blit_text(surface, line, (x + name_w, y), "body", size, INK)
                y += line_h
        for line in extra:
            if y + line_h > bottom:
                break
            ui.blit_text(surface, line, (x, y), "body", size, INK_SOFT)
            y += line_h
        foot = f"Corruptions: {outcome.corruptions} · Void cards beside the board: {outcome.beside} of 3 · turns: {outcome.turns}"
        ui.blit_text(surface, ui.fit(foot, "body", 14, inner), (card.centerx, card.bottom - ui.px(92)), "body", 14,
                     INK_SOFT, "midtop")

