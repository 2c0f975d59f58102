"""The history of finished games on disk: recorded once per game, read safely, exported as a save.

One file, `history.json` in the platformdirs data folder, written atomically by the engine's writer.
A damaged file is never overwritten and never deleted: the next game to be recorded first renames
it aside (`history.json.damaged-<time>`), then starts a fresh history, and the History screen says
so. A file written by a newer Iwari Desktop is left exactly as it is: games finished here are not
added to it (the screen explains), since this version cannot write that format.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from iwari_desktop import storage
from iwari_desktop.engine.core.text import Text, message_of
from iwari_desktop.engine.files.reader import one_line
from iwari_desktop.i18n import N_

if TYPE_CHECKING:
    from iwari_desktop.engine.core.game import Game
    from iwari_desktop.engine.history.record import GameRecord

HISTORY_NAME = "history.json"


class HistoryStoreError(Exception):
    """A history operation that failed (a disk error, a record without its log); one line. `text` keeps the
    sentence as a `Text` (the History screen shows it in the player's language)."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))
        self.text: Text | None = message if isinstance(message, Text) else None


def _not_written(path: Path, error: OSError) -> HistoryStoreError:
    return HistoryStoreError(Text(N_("{file}: cannot be written ({reason})"), file=path.name,
                                  reason=storage.disk_reason(error)))


@dataclass
class HistoryRead:
    """What reading the history gave: the records (newest first), and a line if the file could not be used."""

    records: list["GameRecord"]
    problem: str | None = None        # why the file cannot be used: a `Text` (shown in the player's language)
    newer: bool = False
    set_aside: Path | None = None     # where a damaged file was moved (when a game was recorded over it)


def history_path() -> Path:
    return storage.data_dir() / HISTORY_NAME


def read_history() -> HistoryRead:
    """The stored records; a missing file is an empty history, a bad one an empty list and its reason."""
    from iwari_desktop.engine.history.record import HistoryError, HistoryNewer, read_history_file

    path = history_path()
    if not os.path.lexists(path):
        return HistoryRead([])
    try:
        return HistoryRead(read_history_file(path))
    except HistoryNewer as error:
        return HistoryRead([], message_of(error), newer=True)
    except HistoryError as error:
        return HistoryRead([], message_of(error))


def _set_aside(path: Path, now: datetime) -> Path:
    target = path.with_name(f"{path.name}.damaged-{now.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}.damaged-{now.strftime('%Y%m%d-%H%M%S')}-{n}")
    os.replace(path, target)
    return target


def record_game(game: "Game", now: datetime | None = None, chapter: str = "") -> HistoryRead:
    """Add a finished game (once: the same setup and log is recorded only the first time); `chapter` is the
    title of the campaign chapter it was, if it was one.

    Returns what the history holds afterwards. Raises HistoryStoreError for a disk that refuses the
    write; a newer history file is left untouched (the result says so), a damaged one is set aside.
    """
    from iwari_desktop.engine.files.atomic import atomic_write_text
    from iwari_desktop.engine.files.saves import save_game
    from iwari_desktop.engine.history.record import add_record, history_text, record_of

    now = now or datetime.now().astimezone()
    current = read_history()
    if current.newer:
        return current
    path = history_path()
    moved = None
    try:
        if current.problem is not None and os.path.lexists(path):
            moved = _set_aside(path, now)
        record = record_of(game, save_game(game, {"label": "History"}), now, chapter)
        records, added = add_record(current.records, record)
        if added or moved is not None:
            atomic_write_text(path, history_text(records))
    except OSError as error:
        raise _not_written(path, error) from None
    return HistoryRead(records, current.problem, set_aside=moved)


def load_record(record: "GameRecord") -> "Game":
    """The record's game, replayed and checked like a save (SaveError in one line for a damaged log)."""
    from iwari_desktop.engine.files.saves import SaveError, load_game

    if record.save is None:
        raise SaveError(Text(N_("{map}: this game is too old to keep its moves (only the newest games keep them)"),
                             map=record.map_name))
    return load_game(record.save, Text(N_("history ({map}, {when})"), map=record.map_name, when=record.when))


def export_record(record: "GameRecord", slot: int | None = None) -> Path:
    """Write the record's game as a normal save: into `slot`, or a new `history-<date>.json` file.

    The save is rewritten from the replayed game (so it is checked and carries a fresh digest);
    atomic like every save. Raises SaveError for a damaged log, HistoryStoreError for a disk error.
    """
    from iwari_desktop.engine.files.saves import write_save

    game = load_record(record)
    if slot is not None:
        path = storage.slot_path(slot)
    else:
        stamp = record.finished_at[:19].replace(":", "").replace("-", "").replace("T", "-") or "game"
        stamp = "".join(ch for ch in stamp if ch.isalnum() or ch == "-")[:20] or "game"
        path = storage.saves_dir() / f"history-{stamp}-{record.id[:6]}.json"
    label = f"{record.map_name}, {record.when}"
    try:
        write_save(path, game, {"label": label})
    except OSError as error:
        raise _not_written(path, error) from None
    return path


def remember_finished(game: "Game", chapter: str = "") -> str | None:
    """Record a game that just reached its end screen (`chapter`: the campaign chapter's title, if it was one);
    a line for the player if it could not be recorded.

    Never raises: the end of a game must show its results whatever the disk does.
    """
    if not game.is_over():
        return None
    try:
        result = record_game(game, chapter=chapter)
    except (HistoryStoreError, ValueError) as error:
        return message_of(error)
    return result.problem if result.newer else None

