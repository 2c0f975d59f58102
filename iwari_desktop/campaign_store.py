"""Named profiles and their campaign progress on disk, never losing a file the game cannot read.

Several players share one laptop, so progress belongs to a profile: one versioned JSON file per
profile (`profiles/profile-<n>.json` in the platformdirs data folder), written atomically by the
engine's writer. The profile's name lives inside the file, so renaming never moves a file and any
name (accents, spaces) is fine.

A damaged file or one written by a newer Iwari Desktop is never overwritten silently: loading and
saving raise `ProfileUnreadable` and change nothing; only `start_fresh(..., confirmed=True)`, which
the game calls after the player agrees, renames the file aside (`profile-3.json.damaged-<time>`,
never deleted) and writes a fresh progress under the same profile id.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from iwari_desktop.i18n import N_
from iwari_desktop.storage import disk_reason, profiles_dir
from iwari_desktop.engine.campaign.progress import Progress, ProfileNameError, clean_profile_name
from iwari_desktop.engine.campaign.progress_file import (
    ProgressDamaged, ProgressError, ProgressNewer, progress_text, read_progress_file,
)
from iwari_desktop.engine.files.atomic import atomic_write_text
from iwari_desktop.engine.files.reader import clip, one_line
from iwari_desktop.engine.core.text import Text, message_of

_PROFILE_FILE = re.compile(r"^profile-([1-9][0-9]{0,5})\.json$")
_PROFILE_ID = re.compile(r"^profile-([1-9][0-9]{0,5})$")
MAX_PROFILES = 200      # profile files looked at; a folder of junk stays fast


class StoreError(Exception):
    """A profile operation that cannot be done (a name taken, a missing profile, a disk error); one line.

    `text` keeps the sentence as a `Text`, so the campaign screens show it in the player's language
    (`ui.words.localized`); a disk error's English line keeps the system's own words for a log, its `text`
    says the same in ours (`storage.disk_reason`)."""

    def __init__(self, message: str, text: Text | None = None) -> None:
        super().__init__(one_line(message))
        self.text: Text | None = text if text is not None else message if isinstance(message, Text) else None


class ProfileUnreadable(StoreError):
    """The profile's file is damaged or newer: it was left untouched; `start_fresh` sets it aside if the player agrees."""

    def __init__(self, message: str, path: Path, newer: bool) -> None:
        super().__init__(message)
        self.path = path
        self.newer = newer


@dataclass(frozen=True)
class ProfileEntry:
    """One profile file as the profile picker lists it."""

    id: str                     # "profile-3": stable across renames
    path: Path
    name: str                   # the profile's name, or the file's name when it cannot be read
    problem: str | None = None  # one line when the file cannot be used
    newer: bool = False

    @property
    def usable(self) -> bool:
        return self.problem is None


def profile_path(profile_id: str) -> Path:
    """The file of a profile id; anything but "profile-<n>" is refused before it becomes a path."""
    if not isinstance(profile_id, str) or not _PROFILE_ID.match(profile_id):
        raise StoreError(Text(N_("{profile}: not a profile id"), profile=clip(str(profile_id))))
    return profiles_dir() / f"{profile_id}.json"


def _profile_files() -> list[Path]:
    try:
        names = os.listdir(profiles_dir())
    except OSError:   # no folder yet, or one we may not read
        return []
    matches = sorted((int(m.group(1)), n) for n in names if (m := _PROFILE_FILE.match(n)))
    return [profiles_dir() / n for _, n in matches[:MAX_PROFILES]]


def describe_profile(path: Path) -> ProfileEntry:
    profile_id = path.name[:-len(".json")]
    try:
        progress = read_progress_file(path)
    except ProgressNewer as error:
        return ProfileEntry(profile_id, path, clip(path.name), message_of(error), newer=True)
    except ProgressError as error:
        return ProfileEntry(profile_id, path, clip(path.name), message_of(error))
    return ProfileEntry(profile_id, path, progress.profile)


def list_profiles() -> list[ProfileEntry]:
    """Every profile file, readable ones by name first, then the ones that need the player's decision."""
    entries = [describe_profile(p) for p in _profile_files()]
    return sorted(entries, key=lambda e: (not e.usable, e.name.casefold(), e.id))


def _check_name_free(name: str, except_id: str | None = None) -> None:
    for entry in list_profiles():
        if entry.usable and entry.id != except_id and entry.name.casefold() == name.casefold():
            raise StoreError(Text(N_("there is already a profile called {name}"), name=name))


def _clean(name: str) -> str:
    try:
        return clean_profile_name(name)
    except ProfileNameError as error:
        raise StoreError(message_of(error)) from None


def _refused(template: str, path: Path, error: OSError) -> StoreError:
    """A disk's refusal: the English line with the system's words (for a log), the player's in ours."""
    english = template.format(file=path.name, reason=error.strerror or type(error).__name__)
    return StoreError(english, Text(template, file=path.name, reason=disk_reason(error)))


def _write(path: Path, progress: Progress) -> None:
    try:
        atomic_write_text(path, progress_text(progress))
    except OSError as error:
        raise _refused(N_("{file}: cannot be written ({reason})"), path, error) from None


def create_profile(name: str, today: date) -> ProfileEntry:
    """A new profile with no progress; StoreError for an empty, over-long or taken name."""
    name = _clean(name)
    _check_name_free(name)
    numbers = [int(_PROFILE_FILE.match(p.name).group(1)) for p in _profile_files()]  # type: ignore[union-attr]
    number = max(numbers, default=0) + 1
    while os.path.lexists(profiles_dir() / f"profile-{number}.json"):
        number += 1
    path = profiles_dir() / f"profile-{number}.json"
    _write(path, Progress(profile=name, created=today))
    return ProfileEntry(f"profile-{number}", path, name)


def load_progress(profile_id: str) -> Progress:
    """The profile's progress; ProfileUnreadable (file untouched) for a damaged or newer file."""
    path = profile_path(profile_id)
    if not os.path.lexists(path):
        raise StoreError(Text(N_("{profile}: no such profile"), profile=profile_id))
    try:
        return read_progress_file(path)
    except ProgressNewer as error:
        raise ProfileUnreadable(message_of(error), path, newer=True) from None
    except ProgressDamaged as error:
        raise ProfileUnreadable(message_of(error), path, newer=False) from None


def save_progress(profile_id: str, progress: Progress) -> None:
    """Write the profile's progress atomically, but only over a file this game can read.

    If the file on disk became damaged or newer since it was loaded (another copy of the game, a
    hand edit), it is not overwritten: ProfileUnreadable says so and the file stays as it is.
    """
    load_progress(profile_id)   # raises for a missing, damaged or newer file
    _write(profile_path(profile_id), progress)


def rename_profile(profile_id: str, new_name: str) -> None:
    progress = load_progress(profile_id)
    name = _clean(new_name)
    _check_name_free(name, except_id=profile_id)
    progress.profile = name
    save_progress(profile_id, progress)


def delete_profile(profile_id: str) -> None:
    """Remove a profile's file (the game asks the player to confirm first); StoreError if it cannot."""
    path = profile_path(profile_id)
    try:
        info = os.lstat(path)
        if stat.S_ISDIR(info.st_mode):
            raise StoreError(Text(N_("{file}: is a folder, not a profile file"), file=path.name))
        os.unlink(path)
    except FileNotFoundError:
        raise StoreError(Text(N_("{profile}: no such profile"), profile=profile_id)) from None
    except OSError as error:
        raise _refused(N_("{file}: cannot be deleted ({reason})"), path, error) from None


def set_aside(path: Path, why: str, now: datetime | None = None) -> Path:
    """Rename `path` to a name no listing reads (`<name>.<why>-<time>[-n]`), never over another file; returns it."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.{why}-{stamp}" + (f"-{n}" if n > 1 else ""))
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)
        except OSError as error:
            raise _refused(N_("{file}: cannot be set aside ({reason})"), path, error) from None
        return target
    raise StoreError(Text(N_("{file}: cannot be set aside (too many earlier copies)"), file=path.name))


def start_fresh(profile_id: str, name: str, today: date, *, confirmed: bool) -> Path:
    """Keep the profile's unreadable file aside and start its progress over; returns where the old file went.

    Only for a file that really is damaged or newer, and only with `confirmed=True` (the player said
    yes): a readable profile is never replaced, and without confirmation nothing changes.
    """
    if not confirmed:
        raise StoreError(Text(N_("starting a profile fresh needs the player's confirmation")))
    path = profile_path(profile_id)
    name = _clean(name)
    try:
        load_progress(profile_id)
    except ProfileUnreadable as problem:
        _check_name_free(name, except_id=profile_id)
        aside = set_aside(path, "newer" if problem.newer else "damaged")
        _write(path, Progress(profile=name, created=today))
        return aside
    raise StoreError(Text(N_("{file}: can be read, so it is not replaced"), file=path.name))
