"""The debrief after a chapter: won or lost and why, each goal met or missed with the reason, new records,
what opened; Next chapter, Retry, Campaign (and a look back at the final board).

Everything shown comes from the recorded `Debrief` (`engine/campaign/progress.record_result`) and the
game's `ChapterResult`; the words of each goal's reason are the campaign's. A result that could not be
written to the profile says so here instead of pretending it was kept.

Keyboard: Enter takes the main button (Next chapter when one is open, else Retry), Esc shows the board.
"""

from __future__ import annotations

import pygame

from ... import campaign_store
from ...audio import Happening
from iwari_desktop.engine.campaign.format import Chapter
from iwari_desktop.engine.campaign.progress import is_unlocked
from iwari_desktop.i18n import _, ngettext
from .campaign_words import campaign_text, difficulty_name, stars_text
from ..ui.intents import Intent, Kind
from ..ui.stack import Scene
from ..ui.look import GOLD, INK, INK_SOFT, TERRACOTTA, dim, draw_star, panel
from ..ui.widgets import button
from ..ui.words import localized

WON_INK = (40, 110, 60)
LOST_INK = (92, 52, 140)
EMPTY_STAR = (214, 198, 166)


class DebriefScene(Scene):
    """Over the finished board (dimmed)."""

    opaque = False
    name = "campaign-debrief"

    def __init__(self, app, run) -> None:
        super().__init__(app)
        self.run = run
        self.next_chapter = self._next_chapter()

    def _next_chapter(self) -> Chapter | None:
        """The chapter after this one on the path, if it is open now."""
        chapters = self.run.campaign.all_chapters
        index = chapters.index(self.run.chapter)
        if index + 1 >= len(chapters):
            return None
        following = chapters[index + 1]
        try:
            progress = campaign_store.load_progress(self.run.profile_id)
        except campaign_store.StoreError:
            return None
        journey = progress.campaigns.get(self.run.campaign.id)
        if journey is None or not is_unlocked(self.run.campaign, journey, following.id):
            return None
        return following

    def enter(self) -> None:
        super().enter()
        self._remember()
        if self.run.debrief is not None:   # each star earned for the first time at this difficulty chimes
            self.app.audio.hear([Happening.CAMPAIGN_STAR] * len(self.run.debrief.new_stars))

    def _remember(self) -> None:
        """Put the chapter's game into History like any finished game (playtest D17: History said "0 finished
        games" after a chapter), titled with its chapter. Once: the debrief shown again, or the end screen of
        the same game resumed later, finds it already there (`history_store.record_game`)."""
        from ..history.history_words import remember_game

        board = self._board()
        if board is not None:
            remember_game(self.app, board.controller.game, self.run.chapter.title)

    def card(self) -> pygame.Rect:
        ui = self.app.ui
        w, h = self.app.screen.get_size()
        rect = pygame.Rect(0, 0, min(ui.px(1000), w - ui.px(40)), min(ui.px(590), h - ui.px(40)))
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> None:
        ui = self.app.ui
        card = self.card()
        y = card.bottom - ui.px(66)
        bw, gap = ui.px(220), ui.px(14)
        x = card.centerx - (4 * bw + 3 * gap) // 2
        button(self, pygame.Rect(x, y, bw, ui.px(48)), _("See the board"), self.see_board)
        button(self, pygame.Rect(x + bw + gap, y, bw, ui.px(48)), _("Campaign"), self.to_campaign)
        retry_primary = self.next_chapter is None
        button(self, pygame.Rect(x + 2 * (bw + gap), y, bw, ui.px(48)), _("Retry"), self.retry,
               "#primary" if retry_primary else None)
        button(self, pygame.Rect(x + 3 * (bw + gap), y, bw, ui.px(48)), _("Next chapter"), self.next,
               None if retry_primary else "#primary", enabled=self.next_chapter is not None,
               tooltip=None if self.next_chapter else _("Win this chapter to open the next one"))

    # ---- the three ways on ---------------------------------------------------------------------------
    def _back_to_journey(self):
        """Leave the board: the stack becomes menu, (profiles,) journey; returns the journey."""
        from .campaign_run import back_to_journey

        return back_to_journey(self.app, self.run)

    def to_campaign(self) -> None:
        self._back_to_journey()

    def retry(self) -> bool:
        """A new try of the same chapter at the same difficulty, straight onto the board."""
        from .campaign_run import ChapterRun

        names = [p.name for p in self.run_players()]
        journey = self._back_to_journey()
        if journey is None:
            return False
        again = ChapterRun(self.run.profile_id, self.run.campaign, self.run.chapter, journey.difficulty)
        return not again.start(self.app, names, below=journey.scenes_below())

    def run_players(self):
        board = self._board()
        return board.controller.game.config.players if board is not None else ()

    def _board(self):
        return self.app.nav.find("board")

    def next(self) -> bool:
        if self.next_chapter is None:
            return False
        from .campaign_briefing import BriefingScene

        chapter = self.next_chapter
        journey = self._back_to_journey()
        if journey is None:
            return False
        journey.select(journey.campaign.all_chapters.index(chapter))
        self.app.stack.push(BriefingScene(self.app, journey, chapter))
        return True

    def see_board(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CONFIRM:
            if self.next_chapter is not None:
                self.next()
            else:
                self.retry()
        elif intent.kind is Kind.CANCEL:
            self.see_board()

    # ---- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        dim(surface, 190)
        card = self.card()
        panel(surface, card, ui, border=GOLD)
        run = self.run
        result, debrief = run.result, run.debrief
        x, width = card.x + ui.px(34), card.w - ui.px(68)
        y = card.y + ui.px(16)
        won = result is not None and result.won
        head = _("Chapter won!") if won else _("Chapter lost")
        ui.blit_text(surface, head, (card.centerx, y), "title", 36, WON_INK if won else LOST_INK, "midtop")
        y += ui.line_height("title", 36)
        sub = _("{title} · {difficulty}").format(title=campaign_text(run.chapter.title), difficulty=difficulty_name(run.difficulty))
        ui.blit_text(surface, ui.fit(sub, "bold", 16, width), (card.centerx, y), "bold", 16, INK_SOFT, "midtop")
        y += ui.line_height("bold", 16) + ui.px(6)
        if result is not None:
            why = " · ".join((
                ngettext("{n} turn", "{n} turns", result.turns).format(n=result.turns),
                ngettext("{n} Corruption", "{n} Corruptions", result.corruptions).format(n=result.corruptions),
                ngettext("the Void controlled {n} of {count} territory",
                         "the Void controlled {n} of {count} territories", len(result.territories)).format(
                    n=result.void_territories, count=len(result.territories))))
            for line in ui.wrap(why, "body", 16, width)[:2]:
                ui.blit_text(surface, line, (card.centerx, y), "body", 16, INK, "midtop")
                y += ui.line_height("body", 16)
        y += ui.px(16)
        if debrief is None:
            text = _("This result could not be recorded: {reason}").format(reason=localized(run.problem) if run.problem else "?")
            for line in ui.wrap(text, "bold", 16, width)[:4]:
                ui.blit_text(surface, line, (x, y), "bold", 16, TERRACOTTA)
                y += ui.line_height("bold", 16)
            return
        y = self._draw_goals(surface, x, y, width, debrief)
        self._draw_news(surface, x, y + ui.px(8), width, card.bottom - ui.px(80), debrief)

    def _draw_goals(self, surface: pygame.Surface, x: int, y: int, width: int, debrief) -> int:
        ui = self.app.ui
        radius = max(6, ui.px(12))
        title_h, reason_h = ui.line_height("bold", 17), ui.line_height("body", 15)
        for i, check in enumerate(debrief.checks):
            draw_star(surface, (x + radius, y + title_h // 2), radius, GOLD if check.met else EMPTY_STAR,
                      INK if check.met else INK_SOFT)
            tag = ""
            if i in debrief.new_stars:
                tag = _("new star")
            elif check.met:
                tag = _("met")
            else:
                tag = _("missed")
            text_x = x + ui.px(40)
            tag_w = ui.text_width(tag, "bold", 15)
            ui.blit_text(surface, ui.fit(localized(check.goal.text), "bold", 17, width - ui.px(56) - tag_w),
                         (text_x, y), "bold", 17, INK)
            ui.blit_text(surface, tag, (x + width, y + ui.px(2)), "bold", 15,
                         WON_INK if check.met else TERRACOTTA, "topright")
            y += title_h
            reason = localized(check.reason)
            reason = reason[:1].upper() + reason[1:] + "."
            for line in ui.wrap(reason, "body", 15, width - ui.px(40))[:2]:
                ui.blit_text(surface, line, (text_x, y), "body", 15, INK_SOFT)
                y += reason_h
            y += ui.px(12)
        return y

    def _draw_news(self, surface: pygame.Surface, x: int, y: int, width: int, bottom: int, debrief) -> None:
        ui = self.app.ui
        run = self.run
        news: list[str] = []
        if debrief.first_win:
            news.append(_("First win of this chapter!"))
        if debrief.new_stars:
            news.append(ngettext("{n} new star at {difficulty}.", "{n} new stars at {difficulty}.",
                                 len(debrief.new_stars)).format(n=len(debrief.new_stars),
                                                                difficulty=difficulty_name(run.difficulty)))
        if debrief.new_fewest_turns and run.result is not None:
            if run.before_fewest is None:
                news.append(ngettext("Fewest turns to a win: {n} (a first record).",
                                     "Fewest turns to a win: {n} (a first record).", run.result.turns).format(
                    n=run.result.turns))
            else:
                news.append(_("New record: won in {n} turns (before: {old}).").format(n=run.result.turns,
                                                                                     old=run.before_fewest))
        titles = [campaign_text(run.campaign.chapter(c).title) for c in debrief.unlocked]
        if titles:
            news.append(ngettext("Opened: {chapters}.", "Opened: {chapters}.", len(titles)).format(
                chapters=", ".join(titles)))
        if not news:
            news.append(_("No new record this time."))
        ui.blit_text(surface, _("Records"), (x, y), "heading", 20, INK)
        total = stars_text(debrief.total_stars, run.campaign.max_stars)
        total_rect = ui.blit_text(surface, _("Journey: {total}").format(total=total), (x + width, y + ui.px(2)),
                                  "bold", 16, INK, "topright")
        draw_star(surface, (total_rect.x - ui.px(14), total_rect.centery), max(5, ui.px(9)))
        y += ui.line_height("heading", 20) + ui.px(2)
        line_h = ui.line_height("body", 16)
        for item in news:
            for line in ui.wrap(item, "body", 16, width):
                if y + line_h > bottom:
                    return
                ui.blit_text(surface, line, (x, y), "body", 16, INK)
                y += line_h
