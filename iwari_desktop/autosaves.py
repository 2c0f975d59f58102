"""One autosave per game, so starting a new game never throws an unfinished one away.

Every game the board autosaves gets its own file in the saves folder, `autosave-<when>-<random>.json`
(`new_autosave_path`); the board keeps writing the same file for the rest of that game, and a game
opened from its autosave goes on in that file. There is no separate index: the folder is the index,
and each file's summary (read through the bounded reader, `storage.describe_save`) says what it
holds, so an index can never disagree with the files or be the one file that got damaged.

At most `KEEP` autosaves are kept. When a new game's first autosave is written, older ones go in
this order (`eviction_order`): finished games, oldest first, then unfinished games, oldest first.
Never evicted: the game being written, a damaged file (the player sees it, with the reason, in
Load game) and a campaign chapter in progress (the newest unrecorded autosave of each profile's
campaign, the one its journey offers to resume). Removing one of those needs the player's
explicit Discard in Load game; if only they are left, the folder holds more than `KEEP`.

The single `autosave.json` of earlier versions is renamed into the new scheme at start-up
(`migrate_legacy`); until then, or if the folder is read-only, it is listed and resumed like any
other autosave.
"""

from __future__ import annotations

import os
import secrets
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import storage
from .storage import SaveEntry

if TYPE_CHECKING:
    from iwari_desktop.engine.core.game import Game

KEEP = 10   # autosaves kept: a player's unfinished games fit, the folder does not grow without end


class NotAnAutosave(ValueError):
    """Discard was asked for a file that is not an autosave (slot saves are overwritten, not discarded)."""


def new_autosave_path(now: datetime | None = None) -> Path:
    """A fresh, unused autosave name: the start time (readable in a file manager) and a random tail."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    folder = storage.saves_dir()
    while True:
        path = folder / f"{storage.AUTOSAVE_PREFIX}{stamp}-{secrets.token_hex(3)}.json"
        if not os.path.lexists(path):
            return path


def write_autosave(game: "Game", path: Path | None, meta: dict[str, Any] | None = None) -> Path:
    """Autosave `game` into `path` (its own file), or into a new file when it has none yet; returns the path.

    `meta` adds the application's own keys (a campaign chapter's tag, docs/save-format.md). A new file
    makes room: older autosaves beyond `KEEP` go (`evict`). Raises OSError when the folder refuses the
    write, before anything is evicted."""
    from iwari_desktop.engine.files.saves import write_save

    fresh = path is None
    target = path or new_autosave_path()
    write_save(target, game, {"label": "Autosave", **(meta or {})})
    if fresh:
        evict(keep=KEEP, current=target)
    return target


def list_autosaves() -> list[SaveEntry]:
    """Every autosave (damaged ones included, with their reason), newest first."""
    return storage.list_saves(named=storage.is_autosave_name)


def unfinished(entries: list[SaveEntry]) -> list[SaveEntry]:
    """The autosaves that can be played on, newest first: readable and not over — or a campaign chapter that
    ended without its result recorded (opening it records the result and shows its debrief)."""
    return [entry for entry in entries
            if not entry.damaged and (not entry.over or (entry.chapter is not None and not entry.recorded))]


def continue_targets(entries: list[SaveEntry]) -> list[SaveEntry]:
    """What the menu's Continue offers: every unfinished game, newest first (one opens at once, several are
    listed to choose from); with none, the newest finished one (its final table, or its campaign journey)."""
    games = unfinished(entries)
    return games or [entry for entry in entries if not entry.damaged][:1]


def chapters_in_progress(entries: list[SaveEntry]) -> dict[tuple[str, str], SaveEntry]:
    """For each (profile, campaign): its newest readable autosave whose result is not recorded yet, the one
    its journey resumes. An older try of the same journey was left for a newer one: it is no longer in progress."""
    found: dict[tuple[str, str], SaveEntry] = {}
    for entry in sorted(entries, key=lambda e: e.sort_key, reverse=True):
        if entry.chapter is None or entry.damaged or entry.chapter in found:
            continue
        if not entry.recorded:
            found[entry.chapter] = entry
        else:
            found.setdefault(entry.chapter, entry)   # a newer recorded try: nothing of this journey in progress
    return {key: entry for key, entry in found.items() if not entry.recorded}


def eviction_order(entries: list[SaveEntry], current: Path | None = None) -> list[SaveEntry]:
    """The autosaves that may go to make room, first to go first: finished games oldest first, then
    unfinished ones oldest first. Never listed: `current`, damaged files and chapters in progress."""
    protected = {entry.path for entry in chapters_in_progress(entries).values()}
    candidates = [entry for entry in entries
                  if not entry.damaged and entry.path != current and entry.path not in protected]
    return sorted(candidates, key=lambda e: (not e.over, e.sort_key))


def evict(keep: int = KEEP, current: Path | None = None) -> list[Path]:
    """Remove autosaves beyond `keep` readable ones in `eviction_order`; returns what was removed.
    A file that cannot be removed stays (it is tried again at the next new game)."""
    entries = [entry for entry in list_autosaves() if entry.is_file]
    excess = len([entry for entry in entries if not entry.damaged]) - keep
    removed: list[Path] = []
    for entry in eviction_order(entries, current):
        if len(removed) >= excess:
            break
        try:
            entry.path.unlink()
        except OSError:
            continue
        removed.append(entry.path)
    return removed


def discard(path: Path) -> None:
    """Delete one autosave because the player asked to (Load game's Discard, after a confirmation), damaged
    ones too, so a player can clear them from the game (issue #34): a file, a link in the autosave's place
    (only the link goes, never what it points to), an empty folder that took the name. NotAnAutosave for
    any other file and for a folder with something in it (the player's to look at, not ours to delete);
    OSError when the folder refuses."""
    if not storage.is_autosave_name(path.name) or path.parent != storage.saves_dir():
        raise NotAnAutosave(path.name)
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir() and not any(path.iterdir()):
        path.rmdir()
    else:
        raise NotAnAutosave(path.name)


def migrate_legacy() -> Path | None:
    """Rename the single `autosave.json` of earlier versions into the one-per-game scheme; the new path, or
    None when there is none to migrate (a folder of that name is left alone: Load game lists it as damaged;
    a read-only folder keeps it, and it is listed and resumed under its old name).
    Renaming keeps the contents and the time, so the game and its campaign tag resume as before."""
    legacy = storage.saves_dir() / storage.AUTOSAVE_NAME
    try:
        if legacy.is_symlink() or not legacy.is_file():
            return None
        try:
            when = datetime.fromtimestamp(legacy.stat().st_mtime)
        except (ValueError, OverflowError):   # a time the calendar cannot show: name it after now
            when = datetime.now()
        target = new_autosave_path(when)   # a name no file has: the rename overwrites nothing
        os.rename(legacy, target)
    except OSError:
        return None
    return target
