"""A profile's progress as versioned JSON, and back, refusing anything it cannot fully trust.

Progress is small and written only by the game, so reading is strict: a field of the wrong type, a
count out of range or records that contradict each other (more wins than tries) make the whole file
*damaged*, and a version above ours makes it *newer*. Neither is ever "repaired" by dropping what
does not fit: the store keeps such a file aside and starts fresh only when the player agrees, so a
newer game's progress or a hand-edited file is never lost without a word.
"""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from typing import Any

from iwari_desktop.engine.files.jsonfile import JsonFileError, read_json_file
from iwari_desktop.engine.files.reader import FileKind, file_label, is_plain_id, one_line, short
from iwari_desktop.engine.files.typed import FieldError, Fields, is_int, kind_of
from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.engine.campaign.format import GOALS_PER_CHAPTER
from iwari_desktop.engine.campaign.progress import (
    MAX_PROFILE_NAME, CampaignProgress, ChapterRecord, DifficultyRecord, Progress, ProfileNameError,
    clean_profile_name,
)
from iwari_desktop.engine.core.text import Text, message_of
from iwari_desktop.i18n import N_

PROGRESS_FORMAT = "iwari-progress"
PROGRESS_VERSION = 1
MAX_CAMPAIGNS = 100
MAX_CHAPTER_RECORDS = 500
MAX_TRIES = 10 ** 9
MAX_TURNS_RECORD = 100_000
_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


class ProgressError(ValueError):
    """A progress file this game cannot use; one line naming the file and why (English, as every engine
    message). `text` keeps the sentence for players as a `Text` (core/text.py), shown in their language."""

    def __init__(self, message: str, text: Text | None = None) -> None:
        super().__init__(one_line(message))
        self.text: Text | None = text if text is not None else message if isinstance(message, Text) else None


class ProgressDamaged(ProgressError):
    """Unreadable, not a progress file, or inconsistent inside."""


class ProgressNewer(ProgressError):
    """Written by a newer Iwari Desktop: not damaged, but not ours to read or overwrite."""

    def __init__(self, message: str, version: int) -> None:
        super().__init__(message)
        self.version = version


# ---- writing ----------------------------------------------------------------------------------------

def progress_to_json(progress: Progress) -> dict[str, Any]:
    campaigns: dict[str, Any] = {}
    for campaign_id, campaign in sorted(progress.campaigns.items()):
        chapters: dict[str, Any] = {}
        for chapter_id, record in sorted(campaign.chapters.items()):
            chapters[chapter_id] = {d.value: _difficulty_json(record.by_difficulty[d])
                                    for d in Difficulty if d in record.by_difficulty}
        campaigns[campaign_id] = {"difficulty": campaign.difficulty.value, "chapters": chapters}
    return {"format": PROGRESS_FORMAT, "version": PROGRESS_VERSION, "profile": progress.profile,
            "created": progress.created.isoformat(), "campaigns": campaigns}


def _difficulty_json(record: DifficultyRecord) -> dict[str, Any]:
    return {"goals_met": sorted(record.goals_met), "tries": record.tries, "wins": record.wins,
            "fewest_turns": record.fewest_turns,
            "last_played": record.last_played.isoformat() if record.last_played else None}


def progress_text(progress: Progress) -> str:
    """The file's text: indented, keys in a fixed order, so files diff well and read by hand."""
    return json.dumps(progress_to_json(progress), indent=1, ensure_ascii=False) + "\n"


# ---- reading ----------------------------------------------------------------------------------------

def read_progress_file(path: str | Path) -> Progress:
    """The progress in the file at `path`; ProgressDamaged or ProgressNewer (one line) otherwise. Only reads."""
    name = file_label(path)
    try:
        data = read_json_file(path, kind=FileKind.CAMPAIGN)
    except JsonFileError as error:
        raise ProgressDamaged(error.text or str(error)) from None
    return progress_from_json(data, name)


def progress_from_json(data: Any, name: str) -> Progress:
    if not isinstance(data, dict):
        raise ProgressDamaged(Text(N_("{file}: not a progress file (a JSON {kind}, not an object)"), file=name,
                                   kind=kind_of(data).split()[-1]))
    if data.get("format") != PROGRESS_FORMAT:
        raise ProgressDamaged(Text(N_("{file}: not a progress file (format {found}, not '{format}')"), file=name,
                                   found=short(data.get("format")), format=PROGRESS_FORMAT))
    version = data.get("version")
    if not is_int(version) or version < 1:
        raise ProgressDamaged(Text(N_("{file}: damaged ('version' must be a whole number from 1, not {value})"),
                                   file=name, value=short(version)))
    if version > PROGRESS_VERSION:
        raise ProgressNewer(Text(N_("{file}: made by a newer Iwari Desktop (progress version {version}; this version "
                                    "reads up to {supported})"), file=name, version=version,
                                 supported=PROGRESS_VERSION), version)
    try:
        return _progress(Fields(data, ""))
    except ProfileNameError as error:
        raise ProgressDamaged(_damaged(name, message_of(error))) from None
    except FieldError as error:
        # the field's path and value are for a log (English); a player reads a sentence of the catalogue
        raise ProgressDamaged(_damaged(name, message_of(error)), _damaged(name, Text(
            N_("its progress is not as Iwari Desktop writes it")))) from None


def _damaged(name: str, reason: str) -> Text:
    return Text(N_("{file}: damaged ({reason})"), file=name, reason=reason)


def _progress(top: Fields) -> Progress:
    profile = clean_profile_name(top.str("profile", MAX_PROFILE_NAME * 4))
    created = _date(top.str("created", 10), "'created'")
    campaigns_raw = top.obj("campaigns", "campaigns")
    if len(campaigns_raw.data) > MAX_CAMPAIGNS:
        raise FieldError(f"'campaigns' has {len(campaigns_raw.data):,} entries (at most {MAX_CAMPAIGNS})")
    campaigns: dict[str, CampaignProgress] = {}
    for campaign_id, value in campaigns_raw.data.items():
        where = f"campaign {_id(campaign_id)}"
        campaigns[campaign_id] = _campaign(Fields(value, where))
    return Progress(profile=profile, created=created, campaigns=campaigns)


def _campaign(fields: Fields) -> CampaignProgress:
    difficulty = Difficulty(fields.str("difficulty", 8, choices=[d.value for d in Difficulty]))
    chapters_raw = fields.obj("chapters", f"{fields.where} chapters")
    if len(chapters_raw.data) > MAX_CHAPTER_RECORDS:
        raise FieldError(f"{fields.where}: {len(chapters_raw.data):,} chapter records (at most {MAX_CHAPTER_RECORDS})")
    chapters: dict[str, ChapterRecord] = {}
    for chapter_id, value in chapters_raw.data.items():
        where = f"{fields.where} chapter {_id(chapter_id)}"
        by_difficulty = Fields(value, where)
        record = ChapterRecord()
        for word, entry in by_difficulty.data.items():
            if word not in {d.value for d in Difficulty}:
                raise FieldError(f"{where}: {short(word)} is not a difficulty (easy, normal, hard)")
            record.by_difficulty[Difficulty(word)] = _difficulty_record(Fields(entry, f"{where} {word}"))
        chapters[chapter_id] = record
    return CampaignProgress(difficulty=difficulty, chapters=chapters)


def _difficulty_record(fields: Fields) -> DifficultyRecord:
    goals = fields.list("goals_met", GOALS_PER_CHAPTER)
    if any(not is_int(g) or not 0 <= g < GOALS_PER_CHAPTER for g in goals) or len(set(goals)) != len(goals):
        raise FieldError(f"{fields.where}: 'goals_met' must list distinct goal numbers 0 to {GOALS_PER_CHAPTER - 1}")
    tries = fields.int("tries", 0, MAX_TRIES)
    wins = fields.int("wins", 0, MAX_TRIES)
    fewest = fields.optional_int("fewest_turns", 0, MAX_TURNS_RECORD)
    played = fields.raw("last_played", None)
    last_played = None if played is None else _date(fields.str("last_played", 10), f"{fields.where}: 'last_played'")
    if wins > tries:
        raise FieldError(f"{fields.where}: {wins} wins in {tries} tries")
    if (fewest is None) != (wins == 0):
        raise FieldError(f"{fields.where}: 'fewest_turns' must be set exactly when there is a win")
    if goals and not tries:
        raise FieldError(f"{fields.where}: goals met without a try")
    if (0 in goals) != (wins > 0):
        raise FieldError(f"{fields.where}: the 'win' goal and the wins disagree")
    if tries and last_played is None:
        raise FieldError(f"{fields.where}: 'last_played' is missing")
    return DifficultyRecord(goals_met=set(goals), tries=tries, wins=wins, fewest_turns=fewest, last_played=last_played)


def _date(text: str, what: str) -> date:
    if not _DATE.match(text):
        raise FieldError(f"{what} must be a date like 2026-11-21, not {short(text)}")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise FieldError(f"{what} is not a calendar date ({short(text)})") from None


def _id(key: str) -> str:
    if not is_plain_id(key):
        raise FieldError(f"{short(key)} is not a campaign or chapter id")
    return key
