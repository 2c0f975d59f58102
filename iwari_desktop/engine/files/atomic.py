"""Writing a game file so that no crash, kill or power cut can lose it, and tidying what a kill leaves.

A file is written to a temporary file in the same folder, flushed to disk, renamed over the old one
and then the folder itself is synced, so after a power cut the folder holds either the old file or
the new one under its name, never neither. A process killed mid-write leaves its temporary file
behind (`.<name>.<random>.tmp`); `clean_stale_temporaries` removes those at start-up. They never
look like saves (they do not end in `.json`), so no listing shows them.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Callable

TEMP_SUFFIX = ".tmp"
STALE_AFTER_S = 60.0   # a write takes milliseconds; a temp file this old belongs to no running write
_TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")   # what `tempfile.mkstemp` makes from our prefix


def is_temporary(name: str) -> bool:
    """True for the name of a temporary file `atomic_write_text` makes."""
    return bool(_TEMP_NAME.match(name))


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write via a temp file in the same folder, rename, sync the folder: readers see the old or the new file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries (the new name after a rename) to disk; a no-op where folders cannot be opened."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:  # Windows cannot open a folder; its rename is already durable enough
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse to sync a folder; the rename itself has happened
    finally:
        os.close(fd)


def clean_stale_temporaries(folder: Path, older_than_s: float = STALE_AFTER_S, now: float | None = None,
                            matches: Callable[[str], object] = is_temporary) -> int:
    """Delete temporary files of interrupted writes in `folder`; returns how many were removed.

    Only regular files whose name `matches` (our temporary name pattern unless told otherwise) and
    that are older than `older_than_s` go (a second copy of the game may be saving right now);
    anything else, and any error, is left alone.
    """
    now = time.time() if now is None else now
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    for name in names:
        if not matches(name):
            continue
        path = Path(folder) / name
        try:
            info = os.lstat(path)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than_s:
                os.unlink(path)
                removed += 1
        except OSError:
            continue
    return removed
