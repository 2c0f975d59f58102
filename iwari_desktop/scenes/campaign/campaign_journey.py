"""The campaign screen: the journey as a path of chapter nodes, the profile, the difficulty and the stars.

Each node is a thumbnail of the chapter's map (drawn from the map's art, `campaign_words.Thumbnails`),
its name, its stars and a lock while it is closed; the panel below tells the selected chapter's
goals, record and what opens it. What is open and what each star means is the campaign's business
(`engine/campaign/progress.py`); this screen only shows it and refuses to brief a closed chapter.

Keyboard: Up/Down (or the wheel) move along the path, 1–9 jump to a chapter, Enter opens the
briefing, Esc goes back to the profiles. A chapter left unfinished (or interrupted by a crash) is
offered as "Resume" from the autosave.
"""

from __future__ import annotations

import math

import pygame

from ... import campaign_store, storage
from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.engine.campaign.format import Campaign, Chapter
from iwari_desktop.engine.campaign.progress import CampaignProgress, Progress, chapter_statuses, summary
from iwari_desktop.engine.files.saves import SaveError
from iwari_desktop.i18n import _
from .campaign_words import (Thumbnails, chapter_number, difficulty_line, difficulty_name, draw_lock, draw_stars,
                             campaign_text, map_name, mode_name, record_lines, stars_text)
from ..ui.words import localized, shown_error
from ..ui.intents import Intent, Kind
from ..ui.stack import Scene
from ..ui.look import CREAM, GOLD, GOLD_LIGHT, INK, INK_SOFT, TERRACOTTA, draw_star, panel
from ..ui.widgets import button

PATH_LEFT, PATH_WIDTH, PATH_TOP, PATH_BOTTOM = 40, 1200, 94, 450
DETAIL_PANEL = (40, 460, 1200, 160)
THUMB_W, THUMB_H = 132, 96
PER_ROW = 8
TITLE_SIZE, TITLE_LINES = 13, 2
MESSAGE_INK = (255, 205, 120)
PATH_INK = (236, 200, 130)


class JourneyScene(Scene):
    """One profile's journey through one campaign (solo or co-op)."""

    name = "campaign-journey"
    keeps_widgets = True  # a chapter selected rebuilds the buttons: those it left as they were stay
    rebuilds_on_resume = True  # see `resume`: the progress is read again and the screen built afresh

    def __init__(self, app, profile_id: str, campaign: Campaign, progress: Progress) -> None:
        super().__init__(app)
        self.profile_id = profile_id
        self.campaign = campaign
        self.progress = progress
        self.thumbs = Thumbnails(app.caches.files)
        self.message = ""
        self.buttons: dict[str, object] = {}
        self.resume_tag = None
        self.resume_path = None
        self.selected = self._first_pick()

    # ---- data --------------------------------------------------------------------------------------
    @property
    def journey(self) -> CampaignProgress:
        return self.progress.campaigns.get(self.campaign.id) or CampaignProgress()

    @property
    def started(self) -> bool:
        return self.campaign.id in self.progress.campaigns

    @property
    def difficulty(self) -> Difficulty:
        return self.journey.difficulty

    def statuses(self):
        return chapter_statuses(self.campaign, self.journey)

    def _first_pick(self) -> int:
        """The first open chapter not won yet (where the player is on the path), else the last open one."""
        statuses = self.statuses()
        open_ = [i for i, s in enumerate(statuses) if s.unlocked]
        fresh = [i for i in open_ if not statuses[i].record.won]
        if fresh:
            return fresh[0]
        return open_[-1] if open_ else 0

    @property
    def chapter(self) -> Chapter:
        return self.campaign.all_chapters[self.selected]

    def reload(self) -> None:
        """Progress as it is on disk now (a chapter just recorded, a difficulty just chosen)."""
        try:
            self.progress = campaign_store.load_progress(self.profile_id)
        except campaign_store.StoreError as error:
            self.message = _("Progress could not be read again: {reason}.").format(reason=localized(error))
        from .campaign_run import resumable_chapter

        found = resumable_chapter(self.profile_id, self.campaign.id)   # this journey's own autosave, read once
        self.resume_path, self.resume_tag = found if found is not None else (None, None)

    # ---- life cycle --------------------------------------------------------------------------------
    def enter(self) -> None:
        self.reload()
        super().enter()
        if not self.started and self.app.stack.top is self:
            self.choose_difficulty()

    def resume(self) -> None:
        self.reload()
        self.rebuild()
        super().resume()

    def build(self) -> None:
        r = self.app.ui.rect
        tag = self.resume_tag
        self.buttons = {
            "profiles": button(self, r(40, 652, 170, 48), _("Profiles"), self.app.stack.pop),
            "difficulty": button(self, r(222, 652, 250, 48),
                                 _("Difficulty: {name}").format(name=difficulty_name(self.difficulty)),
                                 self.choose_difficulty, tooltip=_("Easy, Normal or Hard for the whole journey")),
            # wide enough for the German "Zum Kapitel (Eingabe)" with room to spare (a third longer than English)
            "briefing": button(self, r(980, 652, 260, 48), _("Briefing (Enter)"), self.open_briefing, "#primary",
                               enabled=self.statuses()[self.selected].unlocked),
        }
        if tag is not None:
            title = self._title_of(tag.chapter)
            self.buttons["resume"] = button(self, r(484, 652, 484, 48),
                                            _("Resume {chapter}").format(chapter=title), self.resume_chapter,
                                            tooltip=_("Go on with the chapter game you left"))

    def _title_of(self, chapter_id: str) -> str:
        try:
            title = campaign_text(self.campaign.chapter(chapter_id).title)
        except KeyError:
            title = chapter_id
        return self.app.ui.fit(title, "body", 16, self.app.ui.px(360))

    # ---- actions -----------------------------------------------------------------------------------
    def select(self, index: int) -> None:
        if 0 <= index < len(self.campaign.all_chapters) and index != self.selected:
            self.selected = index
            self.message = ""
            self.rebuild()
            self.app.request_redraw()

    def open_briefing(self) -> bool:
        """The selected chapter's briefing; a closed chapter is refused with what opens it."""
        status = self.statuses()[self.selected]
        if not status.unlocked:
            self.message = _("{title} is closed: {reason}.").format(title=campaign_text(status.chapter.title),
                                                                    reason=localized(status.lock_reason))
            self.app.request_redraw()
            return False
        from .campaign_briefing import BriefingScene

        self.app.stack.push(BriefingScene(self.app, self, status.chapter))
        return True

    def choose_difficulty(self) -> None:
        from .campaign_difficulty import DifficultyScene

        self.app.stack.push(DifficultyScene(self.app, self))

    def set_difficulty(self, difficulty: Difficulty) -> bool:
        """Store the journey's difficulty in the profile; False (and a message) when it cannot be written."""
        self.progress.campaign(self.campaign.id).difficulty = difficulty
        try:
            campaign_store.save_progress(self.profile_id, self.progress)
        except campaign_store.StoreError as error:
            self.message = _("The difficulty could not be saved: {reason}.").format(reason=localized(error))
            return False
        self.message = ""
        return True

    def resume_chapter(self) -> bool:
        """Reopen the chapter game the autosave holds; a dialog if it cannot be loaded."""
        from .campaign_run import run_from_tag
        from ..ui.dialogs import DialogScene

        tag, path = self.resume_tag, self.resume_path
        if tag is None or path is None:
            return False
        try:
            game = storage.load_save(path)
        except SaveError as error:
            self.app.stack.push(DialogScene(self.app, _("This chapter cannot be resumed"), shown_error(error)))
            return False
        run = run_from_tag(tag, game)
        if run is None:
            self.app.stack.push(DialogScene(self.app, _("This chapter cannot be resumed"),
                                            _("The autosave does not fit this journey's chapter any more.")))
            return False
        self.app.nav.run("start-game", game, below=self.scenes_below(), campaign=run, autosave_file=path)
        return True

    def scenes_below(self) -> tuple:
        """The scenes kept under a chapter's board: from above the menu up to this journey."""
        scenes = self.app.stack.scenes
        if self in scenes:
            return tuple(scenes[1:scenes.index(self) + 1])
        return (self,)

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.app.stack.pop()
        elif intent.kind is Kind.CONFIRM:
            self.open_briefing()
        elif intent.kind is Kind.SCROLL:
            step = -1 if intent.amount > 0 else 1
            self.select(max(0, min(len(self.campaign.all_chapters) - 1, self.selected + step)))
        elif intent.kind is Kind.PICK_CARD:
            self.select(intent.index)
        elif intent.kind is Kind.CLICK and intent.pos is not None:
            for i, (thumb, node) in enumerate(self.node_rects()):
                if node.collidepoint(intent.pos):
                    if i == self.selected:
                        self.open_briefing()   # a second click on the chosen chapter opens it
                    else:
                        self.select(i)
                    return

    # ---- layout ------------------------------------------------------------------------------------
    def node_rects(self) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """(thumbnail, whole node) per chapter: one row rising and falling like a path, or a snake of rows."""
        ui = self.app.ui
        n = len(self.campaign.all_chapters)
        rows = max(1, math.ceil(n / PER_ROW))
        columns = min(n, PER_ROW)
        pitch = PATH_WIDTH / max(1, columns)
        scale = min(1.0, (pitch - 16) / THUMB_W, 1.0 if rows == 1 else 0.9 / rows * 2)
        tw, th = THUMB_W * scale, THUMB_H * scale
        text_h = TITLE_LINES * ui.line_height("bold", TITLE_SIZE) / ui.scale + 30
        node_h = th + 6 + text_h
        out = []
        for i in range(n):
            row, col = divmod(i, columns)
            if row % 2:
                col = columns - 1 - col
            cx = PATH_LEFT + pitch * (col + 0.5)
            if rows == 1:
                top = PATH_TOP + (0 if i % 2 == 0 else (PATH_BOTTOM - PATH_TOP - node_h))
            else:
                top = PATH_TOP + row * (PATH_BOTTOM - PATH_TOP) / rows
            thumb = ui.rect(cx - tw / 2, top, tw, th)
            node = ui.rect(cx - (pitch - 8) / 2, top, pitch - 8, node_h)
            out.append((thumb, node))
        return out

    # ---- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        surface.blit(self.app.background(), (0, 0))
        self._draw_header(surface)
        statuses = self.statuses()
        rects = self.node_rects()
        self._draw_path(surface, [thumb for thumb, _node in rects])
        for i, (status, (thumb, node)) in enumerate(zip(statuses, rects)):
            self._draw_node(surface, i, status, thumb, node)
        self._draw_detail(surface, statuses[self.selected])
        if self.message:
            ui.blit_text(surface, ui.fit(self.message, "bold", 14, ui.px(1200)), (ui.px(40), ui.px(626)), "bold", 14,
                         MESSAGE_INK)

    def _draw_path(self, surface: pygame.Surface, thumbs: list[pygame.Rect]) -> None:
        """Footprints from node to node, under the nodes; in the one-row wave they run from corner to corner
        of the pictures, so they never cross a chapter's name or stars."""
        ui = self.app.ui
        wave = len(thumbs) <= PER_ROW
        radius = max(2, ui.px(3))
        for a, b in zip(thumbs, thumbs[1:]):
            if wave:
                start, end = (a.bottomright, b.topleft) if a.y < b.y else (a.topright, b.bottomleft)
                start = (start[0] + ui.px(4), start[1] + (ui.px(4) if a.y < b.y else -ui.px(4)))
            else:
                start, end = a.center, b.center
            steps = max(2, int(math.dist(start, end) // ui.px(11)))
            for i in range(steps + 1):
                t = i / steps
                point = (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
                pygame.draw.circle(surface, (60, 40, 26), point, radius + max(1, ui.px(1)))
                pygame.draw.circle(surface, PATH_INK, point, radius)

    def _draw_header(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        done = summary(self.campaign, self.journey)
        ui.blit_text(surface, ui.fit(campaign_text(self.campaign.title), "title", 36, ui.px(620)), (ui.px(40), ui.px(14)), "title", 36,
                     CREAM)
        profile = self.progress.profile
        line = _("{profile} · {mode} · {difficulty}").format(profile=profile, mode=mode_name(self.campaign),
                                                             difficulty=difficulty_name(self.difficulty))
        right = ui.px(1240)
        total = stars_text(done.total_stars, done.max_stars)
        total_rect = ui.blit_text(surface, total, (right, ui.px(20)), "heading", 24, GOLD_LIGHT, "topright")
        draw_star(surface, (total_rect.x - ui.px(18), total_rect.centery), ui.px(12))
        ui.blit_text(surface, ui.fit(line, "body", 16, ui.px(560)), (right, ui.px(54)), "body", 16, CREAM, "topright")

    def _draw_node(self, surface: pygame.Surface, index: int, status, thumb: pygame.Rect, node: pygame.Rect) -> None:
        ui = self.app.ui
        chosen = index == self.selected
        frame = thumb.inflate(ui.px(8), ui.px(8))
        pygame.draw.rect(surface, GOLD if chosen else (70, 48, 32), frame, border_radius=ui.px(6))
        self.thumbs.draw(surface, status.chapter.map, thumb, greyed=not status.unlocked)
        if not status.unlocked:
            draw_lock(surface, thumb.center, ui.px(26))
        badge_r = ui.px(13)
        badge = (frame.x + badge_r - ui.px(2), frame.y + badge_r - ui.px(2))
        pygame.draw.circle(surface, TERRACOTTA if status.chapter.is_bonus else INK, badge, badge_r)
        mark = "B" if status.chapter.is_bonus else str(index + 1)
        ui.blit_text(surface, mark, badge, "bold", 13, CREAM, "center")
        y = frame.bottom + ui.px(4)
        line_h = ui.line_height("bold", TITLE_SIZE)
        ink = GOLD_LIGHT if chosen else CREAM
        for line in ui.wrap(campaign_text(status.chapter.title), "bold", TITLE_SIZE, frame.w)[:TITLE_LINES]:   # clear of the path
            ui.blit_text(surface, ui.fit(line, "bold", TITLE_SIZE, frame.w), (node.centerx, y), "bold", TITLE_SIZE,
                         ink, "midtop")
            y += line_h
        y = frame.bottom + ui.px(4) + TITLE_LINES * line_h + ui.px(14)
        draw_stars(surface, ui, (node.centerx, y), status.stars, max(5, ui.px(8)))

    def _draw_detail(self, surface: pygame.Surface, status) -> None:
        ui = self.app.ui
        box = ui.rect(*DETAIL_PANEL)
        panel(surface, box, ui)
        chapter = status.chapter
        left = pygame.Rect(box.x + ui.px(20), box.y + ui.px(12), ui.px(560), box.h - ui.px(24))
        right = pygame.Rect(box.x + ui.px(610), box.y + ui.px(12), box.w - ui.px(630), box.h - ui.px(24))
        y = left.y
        ui.blit_text(surface, ui.fit(chapter_number(self.campaign, chapter), "bold", 14, left.w), (left.x, y), "bold",
                     14, INK_SOFT, box=left)
        y += ui.line_height("bold", 14)
        ui.blit_text(surface, ui.fit(campaign_text(chapter.title), "heading", 24, left.w), (left.x, y), "heading", 24, INK, box=left)
        y += ui.line_height("heading", 24)
        place = _("{map} · {difficulty}").format(map=map_name(chapter.map),
                                                 difficulty=difficulty_line(self.difficulty,
                                                                            chapter.k_at(self.difficulty)))
        ui.blit_text(surface, ui.fit(place, "body", 15, left.w), (left.x, y), "body", 15, INK, box=left)
        y += ui.line_height("body", 15) + ui.px(4)
        if not status.unlocked:
            lines = [_("Closed: {reason}.").format(reason=localized(status.lock_reason))]
            ink = TERRACOTTA
        else:
            lines = record_lines(status.record.at(self.difficulty), self.difficulty)
            ink = INK_SOFT
        line_h = ui.line_height("body", 14)
        for line in lines:
            for part in ui.wrap(line, "body", 14, left.w):
                if y + line_h > left.bottom:
                    break
                ui.blit_text(surface, part, (left.x, y), "body", 14, ink, box=left)
                y += line_h
        self._draw_goals(surface, right, chapter, status)
        if status.unlocked and status.record.tries:
            self._draw_best(surface, pygame.Rect(right.x, right.bottom - ui.px(22), right.w, ui.px(22)), status)

    def _draw_best(self, surface: pygame.Surface, box: pygame.Rect, status) -> None:
        """The stars earned at each difficulty played (stars remember their difficulty)."""
        ui = self.app.ui
        x = box.x
        for difficulty, stars in status.record.best_stars().items():
            label = ui.blit_text(surface, difficulty_name(difficulty), (x, box.y), "bold", 13, INK_SOFT, box=box)
            area = draw_stars(surface, ui, (label.right + ui.px(34), label.centery), stars, max(4, ui.px(7)))
            x = area.right + ui.px(22)

    def _draw_goals(self, surface: pygame.Surface, box: pygame.Rect, chapter: Chapter, status) -> None:
        ui = self.app.ui
        y = box.y
        ui.blit_text(surface, _("Goals — one star each"), (box.x, y), "bold", 15, INK, box=box)
        y += ui.line_height("bold", 15) + ui.px(6)
        met = status.record.goals_met
        radius = max(5, ui.px(9))
        line_h = ui.line_height("body", 15)
        for i, goal in enumerate(chapter.goals):
            draw_star(surface, (box.x + radius, y + line_h // 2), radius, GOLD if i in met else (214, 198, 166),
                      INK if i in met else INK_SOFT)
            for part in ui.wrap(localized(goal.text), "body", 15, box.w - ui.px(30))[:2]:
                ui.blit_text(surface, part, (box.x + ui.px(30), y), "body", 15, INK, box=box)
                y += line_h
            y += ui.px(4)
