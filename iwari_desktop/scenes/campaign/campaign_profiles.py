"""The campaign's first screen: whose journey is it? Pick, create, rename or delete a named profile.

Progress belongs to a profile (`campaign_store`: one file each in the data folder). A profile whose
file is damaged or was written by a newer Iwari Desktop is listed with what is wrong; the game never
overwrites it: opening it asks in a dialog, and only if the player agrees is the file kept aside
(renamed, never deleted) and the profile started afresh (`campaign_store.start_fresh`).

Keyboard: Up/Down choose a profile, Enter opens its solo journey, Esc goes back; typing goes to the
name field, where Enter creates the profile.
"""

from __future__ import annotations

import re
from datetime import date

import pygame
import pygame_gui

from ... import campaign_store
from iwari_desktop.engine.campaign.campaign_file import COOP_CAMPAIGN, SOLO_CAMPAIGN
from iwari_desktop.engine.campaign.format import Campaign, CampaignError
from iwari_desktop.engine.campaign.progress import MAX_PROFILE_NAME, Progress, summary
from iwari_desktop.i18n import _
from .campaign_words import stars_text
from ..ui.intents import Intent, Kind
from ..ui.dialogs import ConfirmScene
from ..ui.stack import Scene
from ..ui.look import CREAM, GOLD, INK, INK_SOFT, PARCHMENT_DARK, TERRACOTTA, panel
from ..ui.widgets import button, text_entry
from ..ui.words import localized

LIST_PANEL, SIDE_PANEL = (40, 80, 520, 556), (576, 80, 664, 556)
ROW_H, ROWS_TOP, VISIBLE_ROWS = 44, 128, 8
MESSAGE_INK = (255, 205, 120)
_NUMBER = re.compile(r"(\d+)$")


class ProfilesScene(Scene):
    """Pick a profile, make one, rename or delete it, and open its solo or co-op journey."""

    name = "campaign-profiles"
    keeps_widgets = True  # a profile selected rebuilds the buttons: those it left as they were stay
    rebuilds_on_resume = True  # see `resume`: the profiles are read again and the screen built afresh

    def __init__(self, app) -> None:
        super().__init__(app)
        self.entries: list[campaign_store.ProfileEntry] = []
        self.selected: str | None = None
        self.first_row = 0
        self.message = ""
        self.name_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.progress: Progress | None = None
        self._campaigns: dict[str, Campaign | None] = {}
        self.reload()

    # ---- data ------------------------------------------------------------------------------------
    def reload(self, select: str | None = None) -> None:
        self.entries = campaign_store.list_profiles()
        ids = [e.id for e in self.entries]
        wanted = select or self.selected
        self.selected = wanted if wanted in ids else (ids[0] if ids else None)
        self._load_selected()

    def _load_selected(self) -> None:
        self.progress = None
        entry = self.entry
        if entry is not None and entry.usable:
            try:
                self.progress = campaign_store.load_progress(entry.id)
            except campaign_store.StoreError as error:   # changed on disk since it was listed
                self.message = localized(error)

    @property
    def entry(self) -> campaign_store.ProfileEntry | None:
        return next((e for e in self.entries if e.id == self.selected), None)

    # ---- layout ----------------------------------------------------------------------------------
    def row_rects(self) -> list[pygame.Rect]:
        r = self.app.ui.rect
        shown = self.entries[self.first_row:self.first_row + VISIBLE_ROWS]
        return [r(56, ROWS_TOP + i * ROW_H, 488, ROW_H - 6) for i in range(len(shown))]

    def build(self) -> None:
        r = self.app.ui.rect
        entry = self.entry
        usable = entry is not None and entry.usable
        self.name_entry = text_entry(self, r(56, 520, 300, 40), "", MAX_PROFILE_NAME, _("Name of a new profile"))
        self.buttons = {
            "create": button(self, r(366, 520, 178, 40), _("Create profile"), self.create_from_entry, "#small"),
            "rename": button(self, r(56, 574, 236, 44), _("Rename to the name above"), self.rename_from_entry,
                             "#small", enabled=usable),
            "delete": button(self, r(308, 574, 236, 44), _("Delete profile…"), self.ask_delete, "#small",
                             enabled=entry is not None),
            "solo": button(self, r(600, 560, 300, 52), _("Solo journey"), lambda: self.open_journey(SOLO_CAMPAIGN),
                           "#primary", enabled=entry is not None),
            "coop": button(self, r(916, 560, 300, 52), _("Co-op journey"), lambda: self.open_journey(COOP_CAMPAIGN),
                           enabled=entry is not None),
            "back": button(self, r(1082, 652, 158, 48), _("Back"), self.app.stack.pop),
        }

    def _changed(self) -> None:
        self.rebuild()
        self.app.request_redraw()

    # ---- actions ---------------------------------------------------------------------------------
    def select(self, profile_id: str) -> None:
        if any(e.id == profile_id for e in self.entries):
            self.selected = profile_id
            self.message = ""
            self._load_selected()
            index = [e.id for e in self.entries].index(profile_id)
            if index < self.first_row:
                self.first_row = index
            elif index >= self.first_row + VISIBLE_ROWS:
                self.first_row = index - VISIBLE_ROWS + 1
            self._changed()

    def _typed(self) -> str:
        return self.name_entry.get_text() if self.name_entry is not None else ""

    def create(self, name: str) -> bool:
        try:
            made = campaign_store.create_profile(name, date.today())
        except campaign_store.StoreError as error:
            self.message = _("Cannot create the profile: {reason}.").format(reason=localized(error))
            self._changed()
            return False
        self.message = _("Profile {name} created.").format(name=made.name)
        self.reload(made.id)
        self._changed()
        return True

    def create_from_entry(self) -> None:
        self.create(self._typed())

    def rename(self, name: str) -> bool:
        entry = self.entry
        if entry is None:
            return False
        try:
            campaign_store.rename_profile(entry.id, name)
        except campaign_store.StoreError as error:
            self.message = _("Cannot rename the profile: {reason}.").format(reason=localized(error))
            self._changed()
            return False
        self.message = _("Renamed.")
        self.reload(entry.id)
        self._changed()
        return True

    def rename_from_entry(self) -> None:
        self.rename(self._typed())

    def ask_delete(self) -> None:
        entry = self.entry
        if entry is None:
            return
        self.app.stack.push(ConfirmScene(
            self.app, _("Delete {name}?").format(name=entry.name),
            _("All of this profile's stars and records are lost for good."), _("Delete"), self.delete))

    def delete(self) -> None:
        entry = self.entry
        if entry is None:
            return
        try:
            campaign_store.delete_profile(entry.id)
            self.message = _("Profile {name} deleted.").format(name=entry.name)
        except campaign_store.StoreError as error:
            self.message = _("Cannot delete the profile: {reason}.").format(reason=localized(error))
        self.selected = None
        self.reload()
        self._changed()

    def ask_fresh_start(self) -> None:
        """The file cannot be read: say so and offer to keep it aside and begin again (nothing happens otherwise)."""
        entry = self.entry
        if entry is None or entry.usable:
            return
        why = (_("It was saved by a newer Iwari Desktop.") if entry.newer
               else _("The file is damaged."))
        self.app.stack.push(ConfirmScene(
            self.app, _("This profile cannot be read"),
            why + " " + _("Start it afresh? The old file is kept aside, never deleted."),
            _("Start afresh"), self.start_fresh))

    def fresh_name(self) -> str:
        typed = " ".join(self._typed().split())
        if typed:
            return typed
        number = _NUMBER.search(self.selected or "")
        return _("Player {n}").format(n=number.group(1) if number else 1)

    def start_fresh(self) -> None:
        entry = self.entry
        if entry is None:
            return
        try:
            aside = campaign_store.start_fresh(entry.id, self.fresh_name(), date.today(), confirmed=True)
            self.message = _("Started afresh; the old file was kept as {file}.").format(file=aside.name)
        except campaign_store.StoreError as error:
            self.message = _("Cannot start the profile afresh: {reason}.").format(reason=localized(error))
        self.reload(entry.id)
        self._changed()

    def open_journey(self, campaign_id: str) -> bool:
        entry = self.entry
        if entry is None:
            self.message = _("Create a profile first.")
            self._changed()
            return False
        if not entry.usable:
            self.ask_fresh_start()
            return False
        from .campaign_journey import JourneyScene
        from .campaign_run import load_campaign

        try:
            campaign = load_campaign(campaign_id)
            progress = campaign_store.load_progress(entry.id)
        except campaign_store.ProfileUnreadable:
            self.reload(entry.id)
            self.ask_fresh_start()
            return False
        except (CampaignError, campaign_store.StoreError) as error:
            self.message = _("The journey cannot open: {reason}.").format(reason=localized(error))
            self._changed()
            return False
        self.app.stack.push(JourneyScene(self.app, entry.id, campaign, progress))
        return True

    def resume(self) -> None:
        self.reload()
        self.rebuild()
        super().resume()

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry:
            self.create_from_entry()

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CANCEL:
            self.app.stack.pop()
        elif intent.kind is Kind.CONFIRM:
            self.open_journey(SOLO_CAMPAIGN)
        elif intent.kind is Kind.SCROLL and self.entries:
            ids = [e.id for e in self.entries]
            here = ids.index(self.selected) if self.selected in ids else 0
            step = -1 if intent.amount > 0 else 1
            self.select(ids[max(0, min(len(ids) - 1, here + step))])
        elif intent.kind is Kind.CLICK and intent.pos is not None:
            for entry, rect in zip(self.entries[self.first_row:], self.row_rects()):
                if rect.collidepoint(intent.pos):
                    self.select(entry.id)
                    if not entry.usable:
                        self.ask_fresh_start()
                    return

    # ---- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        r = ui.rect
        surface.blit(self.app.background(), (0, 0))
        ui.blit_text(surface, _("Campaign"), (ui.px(40), ui.px(18)), "title", 40, CREAM)
        left, side = r(*LIST_PANEL), r(*SIDE_PANEL)
        for rect, title in ((left, _("Profiles")), (side, _("Journeys"))):
            panel(surface, rect, ui)
            ui.blit_text(surface, title, (rect.x + ui.px(16), rect.y + ui.px(8)), "heading", 24, INK)
        self._draw_rows(surface)
        self._draw_side(surface, side)
        if self.message:
            ui.blit_text(surface, ui.fit(self.message, "bold", 16, ui.px(1020)), (ui.px(40), ui.px(664)), "bold", 16,
                         MESSAGE_INK)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        if not self.entries:
            for i, line in enumerate(ui.wrap(_("No profile yet. Type a name below and create one: your stars and "
                                               "records are kept under it."), "body", 16, ui.px(480))[:4]):
                ui.blit_text(surface, line, (ui.px(60), ui.px(ROWS_TOP + 8) + i * ui.line_height("body", 16)), "body",
                             16, INK_SOFT)
            return
        for entry, rect in zip(self.entries[self.first_row:], self.row_rects()):
            chosen = entry.id == self.selected
            pygame.draw.rect(surface, GOLD if chosen else PARCHMENT_DARK, rect, border_radius=ui.px(6))
            if chosen:
                pygame.draw.rect(surface, INK, rect, max(1, ui.px(2)), border_radius=ui.px(6))
            text = entry.name if entry.usable else _("{file} — cannot be read").format(file=entry.name)
            ui.blit_text(surface, ui.fit(text, "bold", 17, rect.w - ui.px(24)), (rect.x + ui.px(12), rect.centery),
                         "bold", 17, INK if entry.usable else TERRACOTTA, "midleft", box=rect)
        hidden = len(self.entries) - VISIBLE_ROWS
        if hidden > 0:
            ui.blit_text(surface, _("Up/Down scroll the list"), (ui.px(56), ui.px(ROWS_TOP + VISIBLE_ROWS * ROW_H)),
                         "italic", 13, INK_SOFT)

    def _draw_side(self, surface: pygame.Surface, side: pygame.Rect) -> None:
        ui = self.app.ui
        x, y, width = side.x + ui.px(24), side.y + ui.px(52), side.w - ui.px(48)
        entry = self.entry
        if entry is None:
            return
        if not entry.usable:
            ui.blit_text(surface, _("This profile's file cannot be read."), (x, y), "bold", 17, TERRACOTTA)
            y += ui.line_height("bold", 17) + ui.px(4)
            for line in ui.wrap(localized(entry.problem or ""), "body", 15, width)[:6]:
                ui.blit_text(surface, line, (x, y), "body", 15, INK)
                y += ui.line_height("body", 15)
            y += ui.px(8)
            hint = _("Click it or open a journey to decide: the file can be kept aside and the profile started afresh.")
            for line in ui.wrap(hint, "body", 15, width)[:3]:
                ui.blit_text(surface, line, (x, y), "body", 15, INK_SOFT)
                y += ui.line_height("body", 15)
            return
        ui.blit_text(surface, ui.fit(entry.name, "title", 30, width), (x, y), "title", 30, INK)
        y += ui.line_height("title", 30)
        if self.progress is not None:
            ui.blit_text(surface, _("Profile since {day}").format(day=self.progress.created.isoformat()), (x, y),
                         "body", 14, INK_SOFT)
        y += ui.line_height("body", 14) + ui.px(16)
        for campaign_id, label in ((SOLO_CAMPAIGN, _("Solo journey: one player against the Void")),
                                   (COOP_CAMPAIGN, _("Co-op journey: two players on one side"))):
            ui.blit_text(surface, ui.fit(label, "bold", 17, width), (x, y), "bold", 17, INK)
            y += ui.line_height("bold", 17)
            ui.blit_text(surface, ui.fit(self._journey_state(campaign_id), "body", 15, width), (x, y), "body", 15,
                         INK_SOFT)
            y += ui.line_height("body", 15) + ui.px(14)
        note = _("Each journey keeps its own progress and difficulty. In co-op the Void wins as soon as it "
                 "controls a single territory.")
        for line in ui.wrap(note, "body", 14, width)[:4]:
            ui.blit_text(surface, line, (x, y), "body", 14, INK_SOFT)
            y += ui.line_height("body", 14)

    def campaign(self, campaign_id: str) -> Campaign | None:
        """A bundled campaign, read once per visit of this screen (None when it cannot be read)."""
        from .campaign_run import load_campaign

        if campaign_id not in self._campaigns:
            try:
                self._campaigns[campaign_id] = load_campaign(campaign_id)
            except CampaignError:
                self._campaigns[campaign_id] = None
        return self._campaigns[campaign_id]

    def _journey_state(self, campaign_id: str) -> str:
        from .campaign_words import difficulty_name, journey_progress

        if self.progress is None or campaign_id not in self.progress.campaigns:
            return _("Not started yet.")
        campaign = self.campaign(campaign_id)
        if campaign is None:
            return _("This journey cannot be read.")
        progress = self.progress.campaigns[campaign_id]
        done = summary(campaign, progress)
        return _("{stars} · {chapters} · {difficulty}").format(
            stars=stars_text(done.total_stars, done.max_stars), chapters=journey_progress(campaign, progress),
            difficulty=difficulty_name(progress.difficulty))
