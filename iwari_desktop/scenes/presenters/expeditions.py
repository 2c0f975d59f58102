"""Expedition cards (E8): a setup option, the cards' tooltip, the moment a mission is met; their points close
the final scoring. The three cards are shown over the board by `ExpeditionOverlay` (route "expeditions",
opened from the side panel's chip)."""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from ...i18n import N_, _
from ..ui.intents import Intent, Kind
from ..ui.look import GOLD, INK, INK_SOFT, PARCHMENT, dim, panel, tribe_rgb
from ..ui.stack import Scene
from ..ui.widgets import button
from ..ui.words import localized
from .base import Category, Entry, Name, Note, Presenter, detail_sentence
from .registry import register
from .views import module_views


@register
class Expeditions(Presenter):
    key: ClassVar[str] = "expeditions"
    option_title: ClassVar[str] = N_("Expedition cards")
    categories: ClassVar[tuple[Category, ...]] = (
        Category("expedition", N_("Expeditions"), order=5, colour=(200, 150, 40), own_focus=True),)
    order: ClassVar[int] = 10  # its moments first

    def events(self, state: Any, was: Any) -> tuple[list[Entry], list[Note]]:
        """An expedition card claimed: a log line per tribe scoring it, an announcement of the card."""
        entries: list[Entry] = []
        notes: list[Note] = []
        for report in state.reports[was.reports:]:
            if report.kind != "award":
                continue
            for line in report.lines:
                for tribe, points in line.points.items():
                    entries.append((tribe, _("completes {card}: +{points}").format(
                        card=localized(line.label).split(':')[0], points=points)))
                detail = localized(line.detail)
                notes.append((_("{card} claimed").format(card=localized(line.label).split(':')[0]),
                              (detail[:1].upper() + detail[1:] + ".") if detail else localized(line.label)))
        return entries, notes

    def explain(self, state: Any, line: Any) -> list[str] | None:
        return detail_sentence(line) if line.category == "expedition" else None

    @staticmethod
    def card_lines(state: Any, cards: list[dict], name: Name) -> list[str]:
        """The expedition chip's tooltip: each mission, its two rewards and who took them."""
        lines = [_("Expedition cards (click to see them)")]
        for card in cards:
            first, second = card["rewards"]
            claimed = card["claimed_by"]
            mission = localized(card["mission"])
            lines.append(f"{card['number']}. {mission[:1].upper()}{mission[1:]}")
            taken = [_("first {points} pts: {who}").format(points=first, who=name(claimed[0]) if claimed else _("open")),
                     _("second {points} pts: {who}").format(points=second,
                                                            who=name(claimed[1]) if len(claimed) > 1 else _("open"))]
            lines.append("    " + " · ".join(taken))
        return lines


class ExpeditionOverlay(Scene):
    """The three expedition cards in a modal card over the board: mission, both rewards, who took them.

    It covers nothing while closed, so no space is ever hidden; Esc, Enter, the Close button or a click
    outside the cards closes it. Drawn from the expedition module's public view only."""

    opaque = False
    name = "expeditions"

    def __init__(self, app, controller) -> None:
        super().__init__(app)
        self.controller = controller

    def cards(self) -> list[dict]:
        return module_views(self.controller.state).get(Expeditions.key) or []

    def layout(self) -> tuple[pygame.Rect, list[pygame.Rect], pygame.Rect]:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        card_w, card_h, gap = ui.px(230), ui.px(250), ui.px(18)
        n = max(1, len(self.cards()))
        frame = pygame.Rect(0, 0, n * card_w + (n - 1) * gap + ui.px(48), card_h + ui.px(150))
        frame.center = (w // 2, h // 2)
        top = frame.y + ui.px(24) + ui.line_height("title", 28) + ui.px(12)
        cards = [pygame.Rect(frame.x + ui.px(24) + i * (card_w + gap), top, card_w, card_h) for i in range(n)]
        close = pygame.Rect(0, 0, ui.px(200), ui.px(44))
        close.midbottom = (frame.centerx, frame.bottom - ui.px(16))
        return frame, cards, close

    def build(self) -> None:
        button(self, self.layout()[2], _("Close (Esc)"), self.close, "#primary")

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CANCEL, Kind.CONFIRM, Kind.RIGHT_CLICK):
            self.close()
        elif intent.kind is Kind.CLICK and intent.pos is not None and not self.layout()[0].collidepoint(intent.pos):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        dim(surface, 170)
        frame, rects, _close = self.layout()
        panel(surface, frame, ui, border=GOLD)
        ui.blit_text(surface, _("Expedition cards"), (frame.centerx, frame.y + ui.px(20)), "title", 28, INK, "midtop")
        name = self.controller.tribe_name
        for card, r in zip(self.cards(), rects):
            panel(surface, r, ui, fill=(246, 230, 196), border=(150, 110, 60), shadow=False)
            ui.blit_text(surface, _("Expedition {n}").format(n=card['number']), (r.x + ui.px(12), r.y + ui.px(10)), "heading", 18,
                         INK, box=r)
            y = r.y + ui.px(10) + ui.line_height("heading", 18) + ui.px(6)
            mission = localized(card["mission"])
            mission = mission[:1].upper() + mission[1:]
            for line in ui.wrap(mission, "body", 15, r.w - ui.px(24))[:4]:
                ui.blit_text(surface, line, (r.x + ui.px(12), y), "body", 15, INK, box=r)
                y += ui.line_height("body", 15)
            claimed = card["claimed_by"]
            y = r.bottom - ui.px(12) - 2 * ui.px(44)
            for place, points in enumerate(card["rewards"]):
                row = pygame.Rect(r.x + ui.px(10), y + place * ui.px(44), r.w - ui.px(20), ui.px(38))
                pygame.draw.rect(surface, PARCHMENT, row, border_radius=ui.px(8))
                ui.blit_text(surface, (_("First: {points} points") if place == 0
                                       else _("Second: {points} points")).format(points=points),
                             (row.x + ui.px(8), row.y + ui.px(2)), "bold", 13, INK, box=row)
                who = claimed[place] if place < len(claimed) else None
                if who is None:
                    ui.blit_text(surface, _("not taken yet"), (row.x + ui.px(8), row.bottom - ui.px(2)), "body", 12,
                                 INK_SOFT, "bottomleft", box=row)
                else:
                    pygame.draw.circle(surface, tribe_rgb(self.controller.state.tribes[who].colour.value),
                                       (row.x + ui.px(14), row.bottom - ui.px(10)), ui.px(5))
                    taker = ui.fit(_("taken by {player}").format(player=name(who)), "body", 12, row.w - ui.px(34))

                    ui.blit_text(surface, taker, (row.x + ui.px(24), row.bottom - ui.px(2)), "body", 12, INK,
                                 "bottomleft", box=row)
