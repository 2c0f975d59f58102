"""One campaign chapter being played: how its game starts, what its autosave remembers, where its result goes.

A chapter's game is an ordinary solo or co-op game: it is built by the solo/co-op setup's model
(`setup_mode.ModeSetup`) with the chapter's map, the K of the chosen difficulty and the chapter's
seed policy, and started through the same `setup.start_configured` as the Solo and Co-op screens.
The board gets a `ChapterRun`, which

- tags every autosave with a `ChapterTag` (`meta.campaign`, docs/save-format.md), so leaving mid-chapter
  or a crash resumes the same chapter game from the campaign screen (or Continue);
- when the game ends, turns it into a `ChapterResult` (`chapter_result`), records it in the profile's
  progress once, marks the autosave as recorded and opens the debrief.

No rule logic lives here: the result and the goals are the engine's, the records the campaign's.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from ... import autosaves, campaign_store, storage
from iwari_desktop.engine.campaign.campaign_file import bundled_campaign_path, read_campaign
from iwari_desktop.engine.campaign.difficulty import CampaignMode, Difficulty
from iwari_desktop.engine.campaign.format import Campaign, CampaignError, Chapter
from iwari_desktop.engine.campaign.from_game import NotAFinishedVoidGame, chapter_result
from iwari_desktop.engine.campaign.progress import ChapterLocked, Debrief, record_result
from iwari_desktop.engine.campaign.result import ChapterResult
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.text import message_of
from iwari_desktop.engine.files.reader import is_plain_id
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.i18n import _

META_KEY = "campaign"
_PROFILE_ID = re.compile(r"^profile-[1-9][0-9]{0,5}$")
_CAMPAIGN_KEYS = {"profile", "campaign", "chapter", "difficulty", "recorded"}
PLAYER_NAME_LIMIT = 16        # what the board's side panel shows (setup_model.NAME_LIMIT)


@dataclass(frozen=True)
class ChapterTag:
    """What a save remembers of the campaign chapter it belongs to (`meta.campaign`)."""

    profile: str          # "profile-3": the profile id, stable across renames
    campaign: str
    chapter: str
    difficulty: Difficulty
    recorded: bool = False  # the finished game's result is already in the profile's progress

    def to_meta(self) -> dict[str, Any]:
        return {META_KEY: {"profile": self.profile, "campaign": self.campaign, "chapter": self.chapter,
                           "difficulty": self.difficulty.value, "recorded": self.recorded}}

    @classmethod
    def from_meta(cls, meta: Any) -> "ChapterTag | None":
        """The tag in a save's `meta`, or None when there is none or it is not exactly ours (a hand edit):
        a save with a broken tag still loads, as an ordinary game."""
        data = meta.get(META_KEY) if isinstance(meta, dict) else None
        if not isinstance(data, dict) or set(data) - _CAMPAIGN_KEYS:
            return None
        profile, campaign, chapter = data.get("profile"), data.get("campaign"), data.get("chapter")
        recorded = data.get("recorded", False)
        if not (isinstance(profile, str) and _PROFILE_ID.match(profile) and is_plain_id(campaign)
                and is_plain_id(chapter) and isinstance(recorded, bool)):
            return None
        try:
            difficulty = Difficulty(data.get("difficulty"))
        except ValueError:
            return None
        return cls(profile, campaign, chapter, difficulty, recorded)


def read_tag(path: Path) -> ChapterTag | None:
    """The campaign tag of the save at `path` (read through the bounded reader); None for any other save."""
    from iwari_desktop.engine.files.saves import SaveError, read_save_data

    try:
        return ChapterTag.from_meta(read_save_data(path).get("meta"))
    except SaveError:
        return None


def load_campaign(campaign_id: str) -> Campaign:
    """A bundled campaign, checked against its maps; CampaignError in one line otherwise."""
    return read_campaign(bundled_campaign_path(campaign_id), get_board)


def campaign_game_mode(campaign: Campaign) -> GameMode:
    return GameMode.SOLO if campaign.mode is CampaignMode.SOLO else GameMode.COOP


def player_names(profile_name: str, mode: CampaignMode, partner: str = "") -> list[str]:
    """The seats' names: the profile's name (cut to what the board shows), and in co-op the partner's."""
    first = profile_name.strip()[:PLAYER_NAME_LIMIT].strip() or _("Player")
    if mode is CampaignMode.SOLO:
        return [first]
    second = partner.strip()[:PLAYER_NAME_LIMIT].strip() or _("Partner")
    if second.casefold() == first.casefold():
        second = _("Partner") if first.casefold() != _("Partner").casefold() else _("Companion")
    return [first, second]


@dataclass
class _ChapterSetup:
    """What `setup.start_configured` needs of a setup screen: the app, a model and a place for its refusal."""

    app: Any
    model: Any
    error: str = ""


@dataclass
class ChapterRun:
    """One try of one chapter by one profile, from its start (or resume) to its debrief."""

    profile_id: str
    campaign: Campaign
    chapter: Chapter
    difficulty: Difficulty
    recorded: bool = False
    debrief: Debrief | None = None
    result: ChapterResult | None = None
    problem: str = ""               # why the result could not be recorded, in one line (a `Text`: the debrief
    #                                 shows it in the player's language)
    before_fewest: int | None = None   # the record to beat, as it was before this try

    @property
    def tag(self) -> ChapterTag:
        return ChapterTag(self.profile_id, self.campaign.id, self.chapter.id, self.difficulty, self.recorded)

    @property
    def k(self) -> int:
        return self.chapter.k_at(self.difficulty)

    def save_meta(self) -> dict[str, Any]:
        return self.tag.to_meta()

    def setup_model(self, names: list[str]):
        from ..setup.setup_mode import ModeSetup

        return ModeSetup(campaign_game_mode(self.campaign), self.chapter.map, names=list(names), k=self.k)

    def start(self, app, names: list[str], below: tuple = (), seed: int | None = None) -> str:
        """Start a fresh try (the chapter's fixed deal or a new one); "" when it started, else why not."""
        fresh = seed if seed is not None else random.SystemRandom().randrange(1, 2 ** 31)
        setup = _ChapterSetup(app, self.setup_model(names))
        self.recorded, self.debrief, self.result, self.problem = False, None, None, ""
        if not _start_configured(setup, self.chapter.deal_seed(fresh), below=below, campaign=self):
            return setup.error or _("The chapter could not start.")
        self._autosave_now(app)
        return ""

    def _autosave_now(self, app) -> None:
        """Write the new try's own autosave at once, before its first turn ends: from now on it is the
        journey's chapter in progress, so Continue and Resume mean this try rather than an earlier one
        (a failure shows on the board like any autosave failure)."""
        board = app.nav.find("board")
        if board is not None and board.campaign is self and board.controller.autosave is not None:
            board.controller.autosave(board.controller.game)

    # ---- the end of the game -------------------------------------------------------------------
    def record(self, state, today: date | None = None) -> None:
        """Put the finished game into the profile's progress, once; a problem is kept in `problem`."""
        if self.recorded:
            return
        try:
            self.result = chapter_result(state)
            progress = campaign_store.load_progress(self.profile_id)
            record = progress.campaign(self.campaign.id).record(self.chapter.id).at(self.difficulty)
            self.before_fewest = record.fewest_turns
            self.debrief = record_result(self.campaign, progress.campaign(self.campaign.id), self.chapter.id,
                                         self.difficulty, self.result, today or date.today())
            campaign_store.save_progress(self.profile_id, progress)
        except (campaign_store.StoreError, ChapterLocked, NotAFinishedVoidGame) as error:
            self.problem = message_of(error)
            self.debrief = None
            return
        self.recorded = True

    def end_scene(self, app, controller):
        """The debrief of the finished game (recording it first); a game recorded in an earlier
        session (resumed after its debrief) shows the ordinary end screen instead."""
        if self.recorded and self.debrief is None:
            return app.nav.make("void-end", controller)
        if not self.recorded:
            self.record(controller.state)
            if self.recorded and controller.autosave is not None:
                controller.autosave(controller.game)   # the autosave now says: recorded, nothing to resume
        return app.nav.make("debrief", self)


def back_to_journey(app, run: ChapterRun):
    """Leave the chapter's board for its journey: the stack becomes menu, (profiles,) journey.

    The journey the board was started from is kept (with the profiles screen under it); a chapter
    resumed through Continue gets a new one. Returns the journey, or None (and the menu) when the
    profile cannot be read any more."""
    journey = app.nav.find("journey")
    if journey is None:
        try:
            progress = campaign_store.load_progress(run.profile_id)
        except campaign_store.StoreError:
            app.nav.reset("menu")
            return None
        journey = app.nav.make("journey", run.profile_id, run.campaign, progress)
        journey.selected = run.campaign.all_chapters.index(run.chapter)   # not entered yet: no rebuild
    below = journey.scenes_below()
    app.nav.reset("menu")
    for scene in below:
        app.stack.push(scene)
    return journey


def _start_configured(setup, seed: int, **options) -> bool:
    from ..setup.setup import start_configured

    return start_configured(setup, seed, **options)


def run_from_tag(tag: ChapterTag, game=None) -> ChapterRun | None:
    """The run a tagged save belongs to, or None if its campaign or chapter is gone or does not fit the game."""
    try:
        campaign = load_campaign(tag.campaign)
        chapter = campaign.chapter(tag.chapter)
    except (CampaignError, KeyError):
        return None
    if game is not None:
        config = game.config
        if config.map_id != chapter.map or config.mode is not campaign_game_mode(campaign):
            return None
    return ChapterRun(tag.profile, campaign, chapter, tag.difficulty, recorded=tag.recorded)


def resume_options(path: Path, game) -> dict[str, Any]:
    """Board options for a loaded save: a campaign chapter's run when it is the autosave of one, else none.

    Only an autosave resumes a chapter (a slot save of a chapter loads as an ordinary game)."""
    if not storage.is_autosave_name(path.name):
        return {}
    tag = read_tag(path)
    run = run_from_tag(tag, game) if tag is not None else None
    return {"campaign": run} if run is not None else {}


def continue_recorded(app, path: Path) -> bool:
    """Continue on the menu when the autosave is a chapter game already finished and recorded: there is no
    game to go on with, and reopening its end screen would show a try the records already hold, so the
    chapter's journey opens instead (that chapter chosen: Briefing for a new try, or the next one).
    False, with nothing done, for any other autosave (an unfinished chapter resumes as usual)."""
    tag = read_tag(path)
    if tag is None or not tag.recorded or not storage.describe_save(path).over:
        return False
    run = run_from_tag(tag)
    if run is None:
        return False
    return back_to_journey(app, run) is not None


def resumable_chapter(profile_id: str, campaign_id: str) -> tuple[Path, ChapterTag] | None:
    """The autosave of this profile's campaign chapter in progress (unfinished, or finished but not recorded)
    and its tag, read once: the newest such try, whatever other games were played since
    (autosaves.chapters_in_progress)."""
    entry = autosaves.chapters_in_progress(autosaves.list_autosaves()).get((profile_id, campaign_id))
    if entry is None:
        return None
    tag = read_tag(entry.path)
    if tag is None or tag.profile != profile_id or tag.campaign != campaign_id or tag.recorded:
        return None
    return entry.path, tag


def resumable_save(profile_id: str, campaign_id: str) -> Path | None:
    """The path of `resumable_chapter`'s autosave, or None."""
    found = resumable_chapter(profile_id, campaign_id)
    return found[0] if found is not None else None


def resumable(profile_id: str, campaign_id: str) -> ChapterTag | None:
    """The chapter this profile's campaign has in progress (see `resumable_chapter`), or None."""
    found = resumable_chapter(profile_id, campaign_id)
    return found[1] if found is not None else None
