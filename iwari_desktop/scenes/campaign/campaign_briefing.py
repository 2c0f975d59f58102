"""The briefing before a chapter: the map, the story, its special rules in plain words, the three goals,
the record to beat and the difficulty; Start plays the chapter.

The chapter's game is started by `campaign_run.ChapterRun.start`, i.e. through the solo/co-op setup's
model and `setup.start_configured`, with the chapter's map, the K of the journey's difficulty and the
chapter's seed policy. In co-op the partner's name is asked here (the profile's name is the first seat).

Keyboard: Enter starts, Esc goes back to the journey.
"""

from __future__ import annotations

import pygame
import pygame_gui

from iwari_desktop.engine.campaign.difficulty import CampaignMode
from iwari_desktop.engine.campaign.format import Chapter
from iwari_desktop.i18n import _
from .campaign_words import (campaign_text, chapter_number, difficulty_line, difficulty_meaning, draw_stars, goal_note,
                             lose_at, map_name, record_lines)
from ..ui.intents import Intent, Kind
from ..ui.stack import Scene
from ..ui.look import CREAM, GOLD, GOLD_LIGHT, INK, INK_SOFT, draw_star, panel
from ..ui.widgets import button, text_entry
from ..ui.words import localized

MAP_PANEL, TEXT_PANEL = (40, 84, 500, 552), (556, 84, 684, 552)
MESSAGE_INK = (255, 205, 120)
EMPTY_STAR = (214, 198, 166)


class BriefingScene(Scene):
    """What the chapter asks, before it starts."""

    name = "campaign-briefing"

    def __init__(self, app, journey, chapter: Chapter) -> None:
        super().__init__(app)
        self.journey = journey
        self.chapter = chapter
        self.error = ""
        self.partner_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.partner = ""

    @property
    def campaign(self):
        return self.journey.campaign

    @property
    def difficulty(self):
        return self.journey.difficulty

    @property
    def coop(self) -> bool:
        return self.campaign.mode is CampaignMode.COOP

    def build(self) -> None:
        r = self.app.ui.rect
        self.partner_entry = None
        if self.coop:
            self.partner_entry = text_entry(self, r(72, 584, 240, 40), self.partner, 16, _("Partner's name"))
        button(self, r(880, 652, 170, 48), _("Back"), self.app.stack.pop)
        button(self, r(1062, 652, 178, 48), _("Start chapter"), self.start, "#primary")

    def names(self) -> list[str]:
        from .campaign_run import player_names

        if self.partner_entry is not None:
            self.partner = self.partner_entry.get_text()
        return player_names(self.journey.progress.profile, self.campaign.mode, self.partner)

    def start(self, seed: int | None = None) -> bool:
        """Start the chapter's game (the board replaces this screen); False and the reason on a refusal."""
        from .campaign_run import ChapterRun

        run = ChapterRun(self.journey.profile_id, self.campaign, self.chapter, self.difficulty)
        problem = run.start(self.app, self.names(), below=self.journey.scenes_below(), seed=seed)
        if problem:
            self.error = problem
            self.app.request_redraw()
            return False
        return True

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.partner_entry:
            self.start()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.app.stack.pop()
        elif intent.kind is Kind.CONFIRM:
            self.start()

    # ---- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        r = ui.rect
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, ui.fit(chapter_number(self.campaign, self.chapter), "bold", 15, ui.px(600)),
                     (ui.px(40), ui.px(12)), "bold", 15, GOLD_LIGHT)
        ui.blit_text(surface, ui.fit(campaign_text(self.chapter.title), "title", 34, ui.px(1200)), (ui.px(40), ui.px(30)), "title",
                     34, CREAM)
        left, right = r(*MAP_PANEL), r(*TEXT_PANEL)
        panel(surface, left, ui)
        panel(surface, right, ui)
        self._draw_map(surface, left)
        self._draw_text(surface, right)
        if self.error:
            ui.blit_text(surface, ui.fit(self.error, "bold", 16, ui.px(820)), (ui.px(40), ui.px(664)), "bold", 16,
                         MESSAGE_INK)

    def _draw_map(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        ui = self.app.ui
        inner = box.inflate(-ui.px(32), 0)
        preview = pygame.Rect(inner.x, box.y + ui.px(16), inner.w, ui.px(320))
        at = self.journey.thumbs.draw(surface, self.chapter.map, preview)
        pygame.draw.rect(surface, INK_SOFT, at, max(1, ui.px(1)))
        y = preview.bottom + ui.px(10)
        ui.blit_text(surface, ui.fit(map_name(self.chapter.map), "heading", 22, inner.w), (inner.x, y), "heading", 22,
                     INK, box=box)
        y += ui.line_height("heading", 22)
        deal = (_("A fresh deal on every try.") if self.chapter.seed is None
                else _("The same deal on every try: learn it and beat it."))
        ui.blit_text(surface, ui.fit(deal, "italic", 14, inner.w), (inner.x, y), "italic", 14, INK_SOFT, box=box)
        y += ui.line_height("italic", 14) + ui.px(6)
        ui.blit_text(surface, _("This land's special rules"), (inner.x, y), "bold", 15, INK, box=box)
        y += ui.line_height("bold", 15)
        bottom = box.bottom - ui.px(12) - (ui.px(90) if self.coop else 0)
        line_h = ui.line_height("body", 15)
        for line in ui.wrap(campaign_text(self.chapter.map_rules), "body", 15, inner.w):
            if y + line_h > bottom:
                break
            ui.blit_text(surface, line, (inner.x, y), "body", 15, INK, box=box)
            y += line_h
        if self.coop:
            ui.blit_text(surface, _("Your partner at the table:"), (inner.x, box.bottom - ui.px(88)), "bold", 14, INK,
                         box=box)

    def _draw_text(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        ui = self.app.ui
        x, width = box.x + ui.px(22), box.w - ui.px(44)
        y = box.y + ui.px(14)
        line_h = ui.line_height("italic", 17)
        for line in ui.wrap(campaign_text(self.chapter.story), "italic", 17, width):
            ui.blit_text(surface, line, (x, y), "italic", 17, INK, box=box)
            y += line_h
        y += ui.px(16)
        k = self.chapter.k_at(self.difficulty)
        ui.blit_text(surface, ui.fit(difficulty_line(self.difficulty, k), "bold", 16, width), (x, y), "bold", 16, INK,
                     box=box)
        y += ui.line_height("bold", 16)
        ui.blit_text(surface, ui.fit(lose_at(k, self.campaign.mode), "body", 15, width), (x, y), "body", 15,
                     INK_SOFT, box=box)
        y += ui.line_height("body", 15)
        for line in ui.wrap(difficulty_meaning(self.difficulty, self.chapter), "italic", 14, width)[:2]:
            ui.blit_text(surface, line, (x, y), "italic", 14, INK_SOFT, box=box)   # what the difficulty means here
            y += ui.line_height("italic", 14)
        y += ui.px(18)
        ui.blit_text(surface, _("Goals — one star each"), (x, y), "heading", 22, INK, box=box)
        y += ui.line_height("heading", 22) + ui.px(4)
        record = self.journey.journey.record(self.chapter.id)
        here = record.at(self.difficulty)
        radius = max(5, ui.px(10))
        goal_h = ui.line_height("body", 17)
        for i, goal in enumerate(self.chapter.goals):
            met = i in here.goals_met
            draw_star(surface, (x + radius, y + goal_h // 2), radius, GOLD if met else EMPTY_STAR,
                      INK if met else INK_SOFT)
            for part in ui.wrap(localized(goal.text), "body", 17, width - ui.px(34))[:2]:
                ui.blit_text(surface, part, (x + ui.px(34), y), "body", 17, INK, box=box)
                y += goal_h
            note = goal_note(goal)
            for part in ui.wrap(note, "italic", 13, width - ui.px(34))[:2] if note else []:   # its words, plainly
                ui.blit_text(surface, part, (x + ui.px(34), y), "italic", 13, INK_SOFT, box=box)
                y += ui.line_height("italic", 13)
            y += ui.px(6)
        y += ui.px(14)
        heading = ui.blit_text(surface, _("The record to beat"), (x, y), "heading", 22, INK, box=box)
        draw_stars(surface, ui, (heading.right + ui.px(60), heading.centery), here.stars, max(6, ui.px(11)))
        y += ui.line_height("heading", 22) + ui.px(4)
        for line in record_lines(here, self.difficulty):
            if y + ui.line_height("body", 16) > box.bottom - ui.px(10):
                break
            ui.blit_text(surface, ui.fit(line, "body", 16, width), (x, y), "body", 16, INK_SOFT, box=box)
            y += ui.line_height("body", 16)
