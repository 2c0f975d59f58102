"""Where the desktop game keeps its files: settings (config dir) and saves (data dir).

Both folders come from platformdirs so the game behaves like a good citizen on every OS, and both
can be overridden by environment variables so tests and the smoke run never touch a player's
real saves. Every write goes through the engine's atomic writer: a crash mid-write leaves the
previous file intact.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

if TYPE_CHECKING:
    from iwari_desktop.engine.core.game import Game

# The engine is imported inside the functions that need it: the menu's first frame only needs paths
# and settings, and the start-up time budget is half a second.

APP_NAME = "iwari-desktop"
DATA_ENV = "IWARI_DATA_DIR"
CONFIG_ENV = "IWARI_CONFIG_DIR"
AUTOSAVE_NAME = "autosave.json"
SLOT_COUNT = 6
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
ANIMATION_SPEEDS: tuple[str, ...] = ("off", "slow", "normal", "fast")


def data_dir() -> Path:
    override = os.environ.get(DATA_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


def config_dir() -> Path:
    override = os.environ.get(CONFIG_ENV)
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


CACHE_ENV = "IWARI_CACHE_DIR"


def cache_dir() -> Path:
    """Where redrawable things go (map art redrawn after a Tiled edit); safe to delete."""
    override = os.environ.get(CACHE_ENV)
    return Path(override) if override else Path(platformdirs.user_cache_dir(APP_NAME))


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE_NAME


def slot_path(slot: int) -> Path:
    return saves_dir() / f"slot-{slot}.json"


def settings_path() -> Path:
    return config_dir() / "settings.json"


# ---- settings -----------------------------------------------------------------------------------

@dataclass
class Settings:
    """What the Settings screen edits. Unknown or broken values fall back to defaults, never crash."""

    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    animation_speed: str = "normal"
    sound: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def animation_factor(self) -> float:
        """Multiplier on animation speed; 0 means animations are switched off."""
        return {"off": 0.0, "slow": 0.5, "normal": 1.0, "fast": 2.0}.get(self.animation_speed, 1.0)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Settings":
        settings = cls()
        if not isinstance(data, dict):
            return settings
        size = data.get("window_size")
        if (isinstance(size, (list, tuple)) and len(size) == 2 and all(isinstance(v, int) for v in size)
                and 640 <= size[0] <= 8192 and 360 <= size[1] <= 8192):
            settings.window_size = (size[0], size[1])
        if isinstance(data.get("fullscreen"), bool):
            settings.fullscreen = data["fullscreen"]
        if data.get("animation_speed") in ANIMATION_SPEEDS:
            settings.animation_speed = data["animation_speed"]
        if isinstance(data.get("sound"), bool):
            settings.sound = data["sound"]
        return settings


def load_settings() -> Settings:
    try:
        return Settings.from_json(json.loads(settings_path().read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return Settings()


def save_settings(settings: Settings) -> None:
    from iwari_desktop.engine.files.saves import atomic_write_text

    atomic_write_text(settings_path(), json.dumps(settings.to_json(), indent=1))


# ---- saves ---------------------------------------------------------------------------------------

@dataclass
class SaveEntry:
    """One file in the saves folder, described without replaying it (listing must stay fast)."""

    path: Path
    title: str
    map_name: str = ""
    players: tuple[str, ...] = ()
    turn: int = 0
    saved_at: str = ""
    over: bool = False
    error: str | None = None
    sort_key: float = 0.0
    label: str = ""               # the name the player gave a slot save ("" if none)
    newer: bool = False           # written by a newer Iwari Desktop: cannot be read here, but not damaged

    @property
    def damaged(self) -> bool:
        return self.error is not None

    @property
    def is_autosave(self) -> bool:
        return self.path.name == AUTOSAVE_NAME

    @property
    def slot_name(self) -> str:
        """"Autosave", "Slot 3" or the file's name: what the file is, independent of its label."""
        if self.is_autosave:
            return "Autosave"
        if self.path.stem.startswith("slot-"):
            return f"Slot {self.path.stem[5:]}"
        return self.path.name

    @property
    def problem(self) -> str:
        """A short reason this save cannot be loaded ("" if it can)."""
        if not self.error:
            return ""
        reason = self.error.split(": ", 1)[1] if ": " in self.error else self.error
        return reason

    @property
    def when(self) -> str:
        """The save time in the player's local time, short."""
        try:
            return datetime.fromisoformat(self.saved_at).astimezone().strftime("%Y-%m-%d %H:%M")
        except ValueError:
            return datetime.fromtimestamp(self.sort_key).strftime("%Y-%m-%d %H:%M") if self.sort_key else "?"


def _title_for(path: Path, meta: dict[str, Any]) -> str:
    if path.name == AUTOSAVE_NAME:
        return "Autosave"
    label = meta.get("label") if isinstance(meta, dict) else None
    if isinstance(label, str) and label.strip():
        return label.strip()
    if path.stem.startswith("slot-"):
        return f"Slot {path.stem[5:]}"
    return path.stem


def describe_save(path: Path) -> SaveEntry:
    from iwari_desktop.engine.files.saves import SaveError, read_save_data

    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    try:
        data = read_save_data(path)
    except SaveError as error:
        return SaveEntry(path, path.stem, error=str(error), sort_key=mtime)
    from iwari_desktop.engine.files.saves import SAVE_VERSION

    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
        return SaveEntry(path, _title_for(path, data.get("meta", {})), sort_key=mtime, newer=True,
                         error=f"{path.name}: made by a newer Iwari Desktop (save version {version}; "
                               f"this version reads up to {SAVE_VERSION})")
    summary = data.get("summary") if isinstance(data.get("summary"), dict) else {}
    saved_at = str(data.get("saved_at", ""))
    try:
        key = datetime.fromisoformat(saved_at).timestamp()
    except ValueError:
        key = mtime
    players = summary.get("players", [])
    return SaveEntry(
        path=path, title=_title_for(path, data.get("meta", {})), map_name=str(summary.get("map_name", "?")),
        players=tuple(str(p) for p in players) if isinstance(players, list) else (),
        turn=summary.get("turn", 0) if isinstance(summary.get("turn"), int) else 0, saved_at=saved_at,
        over=bool(summary.get("over", False)), sort_key=key, label=_label(data.get("meta", {})),
    )


def _label(meta: Any) -> str:
    label = meta.get("label") if isinstance(meta, dict) else None
    return label.strip() if isinstance(label, str) else ""


_CHECKED: dict[tuple[str, float, int], str | None] = {}


def check_save(entry: SaveEntry) -> SaveEntry:
    """Replay a listed save once (cached per file version) so a damaged log shows in the list.

    Replaying is fast at engine speed (a whole game in milliseconds); the file is only read.
    """
    if entry.damaged:
        return entry
    try:
        stat = entry.path.stat()
        key = (str(entry.path), stat.st_mtime, stat.st_size)
    except OSError as error:
        entry.error = f"{entry.path.name}: unreadable ({error.strerror or error})"
        return entry
    if key not in _CHECKED:
        from iwari_desktop.engine.files.saves import SaveError

        try:
            load_save(entry.path)
            _CHECKED[key] = None
        except SaveError as error:
            _CHECKED[key] = str(error)
    entry.error = _CHECKED[key]
    return entry


def list_saves() -> list[SaveEntry]:
    """Every `*.json` in the saves folder, newest first; unreadable files are listed as damaged."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    entries = [describe_save(p) for p in folder.glob("*.json") if p.is_file()]
    entries.sort(key=lambda e: e.sort_key, reverse=True)
    return entries


def write_autosave(game: "Game") -> Path:
    from iwari_desktop.engine.files.saves import write_save

    path = autosave_path()
    write_save(path, game, {"label": "Autosave"})
    return path


def write_slot(game: "Game", slot: int, label: str = "") -> Path:
    from iwari_desktop.engine.files.saves import write_save

    path = slot_path(slot)
    write_save(path, game, {"label": label or f"Slot {slot}"})
    return path


def load_save(path: Path) -> "Game":
    """Replay a save; raises SaveError (one line, naming the file) and never modifies the file."""
    from iwari_desktop.engine.files.saves import read_save

    return read_save(path)
