"""The history of finished games as versioned JSON: one record per game, its save kept for replays.

A record says what the History screen lists (date, map, mode, players with their scores, winners,
length) and holds the game's save (setup, seed, action log, digest: the same dict a save file holds)
so the game can be watched again or exported. Records are written by the game only, so reading is
strict: any field of the wrong type or out of range makes the whole file *damaged*, a version above
ours makes it *newer*; the store then keeps the file aside rather than "repairing" it.

The file stays bounded: at most `MAX_RECORDS` games, and only the newest `KEEP_LOGS` keep their save
(older records keep their line in the statistics but can no longer be watched).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from iwari_desktop.engine.core.config import COMPUTER_LEVELS, GameMode
from iwari_desktop.engine.core.game import Game
from iwari_desktop.engine.core.text import Text, message_of
from iwari_desktop.engine.files.jsonfile import JsonFileError, read_json_file
from iwari_desktop.engine.files.reader import FileKind, file_label, is_map_reference, one_line, short
from iwari_desktop.engine.files.typed import FieldError, Fields, is_int
from iwari_desktop.i18n import N_

HISTORY_FORMAT = "iwari-desktop-history"
HISTORY_VERSION = 1
MAX_RECORDS = 1_000       # games listed and counted; the oldest go first
KEEP_LOGS = 60            # the newest games that keep their save (a save is ~30 KB: the file stays under 2 MB)
MAX_NAME = 64
MAX_SCORE = 100_000
MAX_TURNS = 100_000
MAX_SEATS = 6
MAX_CHAPTER = 60          # a campaign chapter's title (campaign.format.MAX_TITLE)


class HistoryError(ValueError):
    """A history file this game cannot use; one line naming the file and why (English, as every engine
    message). `text` keeps the sentence as a `Text`, so the History screen shows it in the player's language."""

    def __init__(self, message: str, text: Text | None = None) -> None:
        super().__init__(one_line(message))
        self.text: Text | None = text if text is not None else message if isinstance(message, Text) else None


class HistoryDamaged(HistoryError):
    """Unreadable, not a history file, or a record of the wrong shape."""


class HistoryNewer(HistoryError):
    """Written by a newer Iwari Desktop: not damaged, but not ours to read or overwrite."""


@dataclass(frozen=True)
class Seat:
    """One seat of a finished game: who played it (a person, or a computer level), its score, whether it won."""

    name: str
    colour: str
    computer: str | None
    score: int
    winner: bool


@dataclass(frozen=True)
class GameRecord:
    """A finished game as the history keeps it.

    `won` is the side's result in solo/co-op (True/False) and None in a multiplayer game, where
    `Seat.winner` says who won (several seats share a win; none when the third tribe came first).
    `save` is the game's save dict (None once the record is older than the `KEEP_LOGS` newest).
    `chapter` is the title of the campaign chapter the game was, as its campaign file writes it ("" for any
    other game): a chapter is a solo or co-op game like any other, and History says which one it was.
    """

    id: str
    finished_at: str
    map_id: str
    map_name: str
    mode: GameMode
    seats: tuple[Seat, ...]
    turns: int
    moves: int
    won: bool | None = None
    save: dict[str, Any] | None = field(default=None, compare=False)
    chapter: str = ""

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats if s.winner)

    @property
    def watchable(self) -> bool:
        return self.save is not None

    @property
    def when(self) -> str:
        """The finishing time in the player's local time, short ("?" when the calendar cannot show it)."""
        try:
            return datetime.fromisoformat(self.finished_at).astimezone().strftime("%Y-%m-%d %H:%M")
        except (ValueError, OverflowError, OSError):
            return "?"


def game_id(save: dict[str, Any]) -> str:
    """A finished game's identity: its setup and its log. The same game finished twice (a loaded save
    reaching its scoring again) is the same record."""
    text = json.dumps([save.get("setup"), save.get("actions")], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def record_of(game: Game, save: dict[str, Any], now: datetime | None = None, chapter: str = "") -> GameRecord:
    """The record of a finished game (`save` is `saves.save_game(game)`), `chapter` the title of the campaign
    chapter it was ("" for none); ValueError if it is not over."""
    state = game.state
    result = state.result
    if not state.is_terminal() or result is None:
        raise ValueError("only a finished game goes into the history")
    mode = game.config.mode
    seats = []
    for tribe in state.tribes:
        if tribe.seat is None:
            continue
        player = game.config.players[tribe.seat]
        winner = (mode is GameMode.MULTIPLAYER and not result.players_lose and tribe.index in result.winners) or \
            (mode is not GameMode.MULTIPLAYER and getattr(result, "won", None) is True)
        seats.append(Seat(player.name[:MAX_NAME], player.colour.value, player.computer,
                          int(result.totals[tribe.index]) if tribe.index < len(result.totals) else 0, bool(winner)))
    won = None if mode is GameMode.MULTIPLAYER else getattr(result, "won", None) is True
    when = (now or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    return GameRecord(game_id(save), when, game.config.map_id, state.board.name[:MAX_NAME], mode, tuple(seats),
                      state.turn, len(game.log), won, save, chapter[:MAX_CHAPTER])


def add_record(records: list[GameRecord], record: GameRecord) -> tuple[list[GameRecord], bool]:
    """`records` (newest first) with `record` in front, bounded; False (unchanged) if the game is already in."""
    if any(r.id == record.id for r in records):
        return records, False
    kept = [record] + records[:MAX_RECORDS - 1]
    return [r if i < KEEP_LOGS or r.save is None else replace(r, save=None) for i, r in enumerate(kept)], True


# ---- writing ----------------------------------------------------------------------------------------

def _seat_json(seat: Seat) -> dict[str, Any]:
    return {"name": seat.name, "colour": seat.colour, "computer": seat.computer, "score": seat.score,
            "winner": seat.winner}


def record_json(record: GameRecord) -> dict[str, Any]:
    """The record as the file keeps it; `chapter` only for a campaign chapter (older readers ignore the key)."""
    data = {"id": record.id, "finished_at": record.finished_at, "map": record.map_id, "map_name": record.map_name,
            "mode": record.mode.value, "seats": [_seat_json(s) for s in record.seats], "turns": record.turns,
            "moves": record.moves, "won": record.won, "save": record.save}
    if record.chapter:
        data["chapter"] = record.chapter
    return data


def history_text(records: list[GameRecord]) -> str:
    data = {"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "games": [record_json(r) for r in records]}
    return json.dumps(data, separators=(",", ":"))


# ---- reading ----------------------------------------------------------------------------------------

def _seat(data: Any, where: str) -> Seat:
    f = Fields(data, where)
    computer = f.raw("computer", None)
    if computer is not None and computer not in COMPUTER_LEVELS:
        raise FieldError(f"{where}: 'computer' must be a computer level or null, not {short(computer)}")
    return Seat(f.str("name", MAX_NAME), f.str("colour", 16), computer, f.int("score", -MAX_SCORE, MAX_SCORE),
                f.bool("winner"))


def _record(data: Any, where: str) -> GameRecord:
    f = Fields(data, where)
    map_id = f.str("map", 1_024)
    if not is_map_reference(map_id):
        raise FieldError(f"{where}: 'map' must be a map id, not {short(map_id)}")
    mode_text = f.str("mode", 16, choices=[m.value for m in GameMode])
    seats_data = f.list("seats", MAX_SEATS)
    if not seats_data:
        raise FieldError(f"{where}: 'seats' is empty")
    seats = tuple(_seat(s, f"{where} seat {i + 1}") for i, s in enumerate(seats_data))
    won = f.raw("won", None)
    if won is not None and not isinstance(won, bool):
        raise FieldError(f"{where}: 'won' must be true, false or null, not {short(won)}")
    save = f.raw("save", None)
    if save is not None and not isinstance(save, dict):
        raise FieldError(f"{where}: 'save' must be an object or null, not {short(save)}")
    record_id = f.str("id", 64)
    if not record_id or not all(ch in "0123456789abcdef" for ch in record_id):
        raise FieldError(f"{where}: 'id' must be hexadecimal, not {short(record_id)}")
    return GameRecord(record_id, f.str("finished_at", 64), map_id, f.str("map_name", MAX_NAME), GameMode(mode_text),
                      seats, f.int("turns", 0, MAX_TURNS), f.int("moves", 0, MAX_TURNS), won, save,
                      f.str("chapter", MAX_CHAPTER, default=""))


def parse_history(data: Any, name: str) -> list[GameRecord]:
    """The records of a parsed history file (newest first); HistoryDamaged / HistoryNewer in one line."""
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
        raise HistoryDamaged(Text(N_("{file}: not an Iwari Desktop game history"), file=name))
    version = data.get("version")
    if not is_int(version) or version < 1:
        raise HistoryDamaged(Text(N_("{file}: the history has no valid version number"), file=name))
    if version > HISTORY_VERSION:
        raise HistoryNewer(Text(N_("{file}: made by a newer Iwari Desktop (history version {version}; this version "
                                   "reads up to {supported})"), file=name, version=version, supported=HISTORY_VERSION))
    try:
        games = Fields(data, "").list("games", MAX_RECORDS)
        records = [_record(g, f"game {i + 1}") for i, g in enumerate(games)]
    except FieldError as error:
        # the field's path and value are for a log (English); a player reads a sentence of the catalogue
        raise HistoryDamaged(_damaged(name, message_of(error)), _damaged(name, Text(
            N_("a game in it is not as Iwari Desktop writes it")))) from None
    if len({r.id for r in records}) != len(records):
        raise HistoryDamaged(_damaged(name, Text(N_("the same game is listed twice"))))
    return records


def read_history_file(path: str | Path) -> list[GameRecord]:
    """Read through the one bounded reader; a missing file is the caller's business (FileNotFound → damaged)."""
    try:
        data = read_json_file(path, kind=FileKind.HISTORY)
    except JsonFileError as error:
        raise HistoryDamaged(message_of(error)) from None
    return parse_history(data, file_label(path))


def _damaged(name: str, reason: str) -> Text:
    return Text(N_("{file}: the history is damaged ({reason})"), file=name, reason=reason)
