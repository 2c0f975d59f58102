"""The rules of a campaign's progress: unlocks, stars, records, and what one finished chapter changes.

Stars belong to goals: a goal met once at a difficulty keeps its star there, so replaying a chapter
can only add stars ("replay for more stars"). A chapter's stars in the total are the goals met at
any difficulty; the record still says which difficulty earned which. A chapter opens when the one
before it has been won (at any difficulty) or once it has been played itself, so editing a campaign
file never takes away a chapter a player has reached; the bonus chapter opens at a star total.

Everything here is pure: the caller passes today's date, and files are `progress_file`'s business.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.engine.campaign.format import Campaign, Chapter
from iwari_desktop.engine.campaign.goals import GoalCheck, check_goals
from iwari_desktop.engine.campaign.result import ChapterResult
from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_


class ChapterLocked(ValueError):
    """A result was recorded for a chapter the player has not opened yet; the message says what opens it."""


@dataclass
class DifficultyRecord:
    """A chapter's record at one difficulty."""

    goals_met: set[int] = field(default_factory=set)   # indices of the chapter's goals ever met here
    tries: int = 0
    wins: int = 0
    fewest_turns: int | None = None                      # fewest turns of a won game
    last_played: date | None = None

    @property
    def stars(self) -> int:
        return len(self.goals_met)


@dataclass
class ChapterRecord:
    """A chapter's records at every difficulty it was played at."""

    by_difficulty: dict[Difficulty, DifficultyRecord] = field(default_factory=dict)

    def at(self, difficulty: Difficulty) -> DifficultyRecord:
        return self.by_difficulty.get(difficulty) or DifficultyRecord()

    @property
    def goals_met(self) -> set[int]:
        return set().union(*(r.goals_met for r in self.by_difficulty.values()))

    @property
    def stars(self) -> int:
        """The chapter's stars in the campaign total: its goals met at any difficulty."""
        return len(self.goals_met)

    @property
    def won(self) -> bool:
        return self.wins > 0

    @property
    def tries(self) -> int:
        return sum(r.tries for r in self.by_difficulty.values())

    @property
    def wins(self) -> int:
        return sum(r.wins for r in self.by_difficulty.values())

    @property
    def fewest_turns(self) -> int | None:
        turns = [r.fewest_turns for r in self.by_difficulty.values() if r.fewest_turns is not None]
        return min(turns) if turns else None

    @property
    def last_played(self) -> date | None:
        days = [r.last_played for r in self.by_difficulty.values() if r.last_played is not None]
        return max(days) if days else None

    def best_stars(self) -> dict[Difficulty, int]:
        """Stars per difficulty played, Easy first."""
        return {d: self.by_difficulty[d].stars for d in Difficulty if d in self.by_difficulty}


@dataclass
class CampaignProgress:
    """One profile's progress through one campaign: the difficulty chosen and a record per chapter id."""

    difficulty: Difficulty = Difficulty.NORMAL
    chapters: dict[str, ChapterRecord] = field(default_factory=dict)

    def record(self, chapter_id: str) -> ChapterRecord:
        return self.chapters.get(chapter_id) or ChapterRecord()


@dataclass
class Progress:
    """Everything a profile has done: its name and its progress in each campaign, by campaign id."""

    profile: str
    created: date
    campaigns: dict[str, CampaignProgress] = field(default_factory=dict)

    def campaign(self, campaign_id: str) -> CampaignProgress:
        """The progress in `campaign_id`, started (at Normal) if this profile never played it."""
        return self.campaigns.setdefault(campaign_id, CampaignProgress())


# ---- unlocks and stars ----------------------------------------------------------------------------

def total_stars(campaign: Campaign, progress: CampaignProgress) -> int:
    """Stars over the campaign's chapters (records of chapters no longer in the file do not count)."""
    return sum(progress.record(c.id).stars for c in campaign.all_chapters)


def lock_reason(campaign: Campaign, progress: CampaignProgress, chapter_id: str) -> str | None:
    """Why a chapter is still closed, in plain words; None when it is open."""
    chapter = campaign.chapter(chapter_id)
    if progress.record(chapter_id).tries:
        return None
    if chapter.is_bonus:
        assert chapter.opens_at_stars is not None
        stars = total_stars(campaign, progress)
        if stars >= chapter.opens_at_stars:
            return None
        return Text(N_("earn {needed} stars to open this chapter (you have {stars})"), needed=chapter.opens_at_stars,
                    stars=stars)
    index = campaign.chapters.index(chapter)
    if index == 0:
        return None
    previous = campaign.chapters[index - 1]
    if progress.record(previous.id).won:
        return None
    return Text(N_("win {chapter} to open this chapter"), chapter=Text(previous.title))  # a bundled title is in the catalogue


def is_unlocked(campaign: Campaign, progress: CampaignProgress, chapter_id: str) -> bool:
    return lock_reason(campaign, progress, chapter_id) is None


def open_chapters(campaign: Campaign, progress: CampaignProgress) -> tuple[str, ...]:
    return tuple(c.id for c in campaign.all_chapters if is_unlocked(campaign, progress, c.id))


@dataclass(frozen=True)
class ChapterStatus:
    """What the campaign screen shows of one chapter."""

    chapter: Chapter
    unlocked: bool
    lock_reason: str | None
    stars: int
    record: ChapterRecord


def chapter_statuses(campaign: Campaign, progress: CampaignProgress) -> tuple[ChapterStatus, ...]:
    statuses = []
    for chapter in campaign.all_chapters:
        reason = lock_reason(campaign, progress, chapter.id)
        record = progress.record(chapter.id)
        statuses.append(ChapterStatus(chapter, reason is None, reason, record.stars, record))
    return tuple(statuses)


@dataclass(frozen=True)
class CampaignSummary:
    total_stars: int
    max_stars: int
    chapters_won: int
    chapters: int
    bonus_open: bool


def summary(campaign: Campaign, progress: CampaignProgress) -> CampaignSummary:
    bonus_open = campaign.bonus is not None and is_unlocked(campaign, progress, campaign.bonus.id)
    return CampaignSummary(
        total_stars=total_stars(campaign, progress), max_stars=campaign.max_stars,
        chapters_won=sum(1 for c in campaign.all_chapters if progress.record(c.id).won),
        chapters=len(campaign.all_chapters), bonus_open=bonus_open)


# ---- recording a finished chapter -----------------------------------------------------------------

@dataclass(frozen=True)
class Debrief:
    """What one finished chapter changed, for the debrief screen."""

    chapter_id: str
    difficulty: Difficulty
    checks: tuple[GoalCheck, ...]
    new_stars: tuple[int, ...]           # goal indices starred for the first time at this difficulty
    first_win: bool                      # the first win of this chapter at any difficulty
    new_fewest_turns: bool               # a win in fewer turns than ever at this difficulty
    unlocked: tuple[str, ...]            # chapter ids this result opened
    total_stars: int

    @property
    def stars(self) -> int:
        """Stars this game earned (whether or not they were new)."""
        return sum(1 for c in self.checks if c.met)


def record_result(campaign: Campaign, progress: CampaignProgress, chapter_id: str, difficulty: Difficulty,
                  result: ChapterResult, today: date) -> Debrief:
    """Add a finished try of `chapter_id` to `progress` (changed in place) and say what it changed.

    Raises ChapterLocked for a chapter that is not open, and KeyError for one the campaign lacks.
    """
    chapter = campaign.chapter(chapter_id)
    reason = lock_reason(campaign, progress, chapter_id)
    if reason is not None:
        raise ChapterLocked(Text(N_("{chapter} is not open yet: {reason}"), chapter=Text(chapter.title), reason=reason))
    before = set(open_chapters(campaign, progress))
    checks = check_goals(chapter.goals, result)
    chapter_record = progress.chapters.setdefault(chapter_id, ChapterRecord())
    first_win = result.won and not chapter_record.won
    record = chapter_record.by_difficulty.setdefault(difficulty, DifficultyRecord())
    met = {i for i, check in enumerate(checks) if check.met}
    new_stars = tuple(sorted(met - record.goals_met))
    record.goals_met |= met
    record.tries += 1
    record.last_played = today if record.last_played is None else max(record.last_played, today)
    new_fewest = False
    if result.won:
        record.wins += 1
        if record.fewest_turns is None or result.turns < record.fewest_turns:
            record.fewest_turns = result.turns
            new_fewest = True
    unlocked = tuple(c for c in open_chapters(campaign, progress) if c not in before)
    return Debrief(chapter_id=chapter_id, difficulty=difficulty, checks=checks, new_stars=new_stars,
                   first_win=first_win, new_fewest_turns=new_fewest, unlocked=unlocked,
                   total_stars=total_stars(campaign, progress))


# ---- profile names ----------------------------------------------------------------------------------

MAX_PROFILE_NAME = 32


class ProfileNameError(ValueError):
    """A profile name that cannot be used; the message says why in one line."""


def clean_profile_name(text: str) -> str:
    """A profile name as stored: spaces trimmed and runs of spaces made one; 1 to 32 printable characters."""
    name = " ".join(text.split())
    if not name:
        raise ProfileNameError(Text(N_("a profile needs a name")))
    if len(name) > MAX_PROFILE_NAME:
        raise ProfileNameError(Text(N_("a profile name has at most {limit} characters, not {length}"),
                                    limit=MAX_PROFILE_NAME, length=len(name)))
    if not name.isprintable() or any("\ud800" <= ch <= "\udfff" for ch in name):
        raise ProfileNameError(Text(N_("a profile name cannot hold control characters")))
    return name
