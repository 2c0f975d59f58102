"""Where the desktop game keeps its files: settings (config dir) and saves (data dir).

Both folders come from platformdirs so the game behaves like a good citizen on every OS, and both
can be overridden by environment variables so tests and the smoke run never touch a player's
real saves. Every write goes through the engine's atomic writer: a crash mid-write leaves the
previous file intact.
"""

from __future__ import annotations

import errno
import json
import os
import re
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import platformdirs

from .i18n import LANGUAGES, N_, _, default_language
from .setup_memory import RememberedSetup, parse_setups
from iwari_desktop.engine.core.text import Text, message_of

if TYPE_CHECKING:
    from iwari_desktop.engine.core.game import Game

# the usual reasons a disk refuses a write, in our words: the system's own text (`strerror`) is English
# whatever the player's language (playtest D9)
DISK_REASONS = {errno.ENOSPC: N_("the disk is full"), errno.EDQUOT: N_("the disk is full"),
                errno.EACCES: N_("no permission to write there"), errno.EPERM: N_("no permission to write there"),
                errno.EROFS: N_("the disk is read-only")}


def disk_reason(error: OSError) -> Text:
    """Why the disk refused a write, as a `Text` a screen shows in the player's language (`ui.words.localized`);
    an unusual refusal is named by its system code (ENAMETOOLONG …), which reads the same in every language."""
    known = DISK_REASONS.get(error.errno or 0)
    if known:
        return Text(known)
    return Text(N_("the system refused it: {code}"), code=errno.errorcode.get(error.errno or 0, type(error).__name__))


# The engine is imported inside the functions that need it: the menu's first frame only needs paths
# and settings, and the start-up time budget is half a second.

APP_NAME = "iwari-desktop"
DATA_ENV = "IWARI_DATA_DIR"
CONFIG_ENV = "IWARI_CONFIG_DIR"
AUTOSAVE_NAME = "autosave.json"     # the one autosave of versions before one per game: still read, then migrated
AUTOSAVE_PREFIX = "autosave-"       # one autosave per game: autosave-<when>-<random>.json (see autosaves.py)
SLOT_COUNT = 6
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
ANIMATION_SPEEDS: tuple[str, ...] = ("off", "slow", "normal", "fast")
COMPUTER_PACES: tuple[str, ...] = ("slow", "normal", "instant")  # how long a computer's step stays on screen


def clip(text: str, limit: int) -> str:
    """The engine's clipping of shown text (imported lazily: the menu's first frame needs no engine)."""
    from iwari_desktop.engine.files.reader import clip as engine_clip

    return engine_clip(text, limit)


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


def profiles_dir() -> Path:
    """Campaign progress, one file per named profile (see campaign_store)."""
    return data_dir() / "profiles"


def is_autosave_name(name: str) -> bool:
    """True for a game's autosave (`autosave-….json`) and for the single autosave of older versions."""
    return name == AUTOSAVE_NAME or (name.startswith(AUTOSAVE_PREFIX) and name.endswith(".json"))


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
    master_volume: int = 80          # 0-100, scales effects and music (docs/sound.md)
    effects_volume: int = 80         # 0-100
    music_volume: int = 40           # 0-100: music on by default, quiet under the cues; 0 switches it off
    muted: bool = False              # the M key: silence everything, keep the levels
    computer_pace: str = "normal"
    tutorial_offered: bool = False   # the first start asked once whether to play Learn to play
    show_hands_in_replays: bool = False   # Watch the game shows every hand, only of finished games
    # the language of every screen; a settings file from before languages existed follows the system
    language: str = field(default_factory=default_language)
    # the last setup of each mode ("multiplayer", "solo", "coop"), so Setup opens as the player left it
    last_setups: dict[str, RememberedSetup] = field(default_factory=dict)
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
        for name in ("master_volume", "effects_volume", "music_volume"):
            value = data.get(name)
            if type(value) is int and 0 <= value <= 100:   # never a bool (True is an int to Python)
                setattr(settings, name, value)
        if isinstance(data.get("muted"), bool):
            settings.muted = data["muted"]
        if data.get("computer_pace") in COMPUTER_PACES:
            settings.computer_pace = data["computer_pace"]
        if isinstance(data.get("tutorial_offered"), bool):
            settings.tutorial_offered = data["tutorial_offered"]
        if isinstance(data.get("show_hands_in_replays"), bool):
            settings.show_hands_in_replays = data["show_hands_in_replays"]
        if isinstance(data.get("language"), str) and data["language"] in LANGUAGES:
            settings.language = data["language"]
        settings.last_setups = parse_setups(data.get("last_setups"))
        return settings


def read_settings() -> tuple[Settings, str | None]:
    """The stored settings and, if the file exists but cannot be used, one line saying why.

    Read through the bounded reader: a FIFO, a folder, a symlink to an endless device, deep
    nesting or absurd values give the defaults and a reason, never a hang or a traceback.
    """
    from iwari_desktop.engine.files.jsonfile import JsonFileError, read_json_file
    from iwari_desktop.engine.files.reader import FileKind

    path = settings_path()
    try:
        if not os.path.lexists(path):
            return Settings(), None
        data = read_json_file(path, kind=FileKind.SETTINGS)
    except JsonFileError as error:
        return Settings(), message_of(error)
    except (OSError, ValueError) as error:  # a config path the file system refuses outright
        return Settings(), _("settings.json: cannot be read ({reason})").format(
            reason=getattr(error, 'strerror', None) or error)
    if not isinstance(data, dict):
        return Settings(), _("settings.json: not a settings file (not a JSON object)")
    return Settings.from_json(data), None


def load_settings() -> Settings:
    """The stored settings, or the defaults for anything missing or unusable (never raises)."""
    return read_settings()[0]


def save_settings(settings: Settings) -> None:
    """Write atomically; raises OSError (e.g. a read-only config folder), which callers report."""
    from iwari_desktop.engine.files.atomic import atomic_write_text

    atomic_write_text(settings_path(), json.dumps(settings.to_json(), indent=1))


def written_folders() -> tuple[Path, ...]:
    """Every folder the game writes into, in one place, so the start-up sweep misses none of them:
    the data folder itself (history.json), saves, campaign profiles, settings, and the cache with its
    redrawn map art."""
    return (data_dir(), saves_dir(), profiles_dir(), config_dir(), cache_dir(), art_cache_dir())


def art_cache_dir() -> Path:
    """Where map art redrawn after a Tiled edit is kept (scenes/board/map_picture.py writes `<map>-<hash>.png`)."""
    return cache_dir() / "maps"


# the redrawn art is written as `.<name>.tmp.png` and renamed (pygame picks the format by the extension)
_ART_PARTIAL = re.compile(r"^\..+\.tmp\.png$")


def clean_stale_temporaries() -> int:
    """Remove what interrupted writes left in every folder the game writes (run once, at start-up): each
    folder is listed once, for both kinds of temporary name (an atomic write's and the redrawn art's)."""
    from iwari_desktop.engine.files.atomic import clean_stale_temporaries as clean, is_temporary

    def temporary(name: str) -> bool:
        return is_temporary(name) or bool(_ART_PARTIAL.match(name))

    return sum(clean(folder, matches=temporary) for folder in written_folders())


# ---- saves ---------------------------------------------------------------------------------------

@dataclass
class SaveEntry:
    """One file in the saves folder, described without replaying it (listing must stay fast)."""

    path: Path
    title: str
    map_name: str = ""
    players: tuple[str, ...] = ()
    turn: int = 0
    round: int = 0                # the round the board shows; 0 in saves from before it was written
    saved_at: str = ""
    over: bool = False
    error: str | None = None
    sort_key: float = 0.0
    label: str = ""               # the name the player gave a slot save ("" if none)
    newer: bool = False           # written by a newer Iwari Desktop: cannot be read here, but not damaged
    chapter: tuple[str, str] | None = None   # (profile, campaign) of a campaign chapter's save
    recorded: bool = False        # a campaign chapter whose result is already in the profile
    is_file: bool = True          # False for a folder (or FIFO, device) that took a save's name

    @property
    def damaged(self) -> bool:
        return self.error is not None

    @property
    def is_autosave(self) -> bool:
        return is_autosave_name(self.path.name)

    @property
    def file_name(self) -> str:
        """The file's name, printable (a name that is not UTF-8 shows U+FFFD) and not absurdly long."""
        return clip(self.path.name, MAX_SHOWN)

    @property
    def slot_name(self) -> str:
        """"Autosave", "Slot 3" or the file's name: what the file is, independent of its label."""
        if self.is_autosave:   # a campaign chapter's says so: the player's name alone does not tell it apart
            return _("Campaign autosave") if self.chapter is not None else _("Autosave")
        if self.path.stem.startswith("slot-"):
            return _("Slot {slot}").format(slot=clip(self.path.stem[5:], MAX_SHOWN))
        return self.file_name

    @property
    def problem(self) -> str:
        """A short reason this save cannot be loaded ("" if it can)."""
        if not self.error:
            return ""
        reason = self.error.split(": ", 1)[1] if ": " in self.error else self.error
        return reason

    @property
    def progress(self) -> str:
        """How far the game got, as the board says it: "round 4" ("turn 9" for a save that predates rounds)."""
        if self.over:
            return _("finished")
        return (_("round {round}").format(round=self.round) if self.round
                else _("turn {turn}").format(turn=self.turn))

    @property
    def when(self) -> str:
        """The save time in the player's local time, short; "?" for a time the calendar cannot show."""
        try:
            return datetime.fromisoformat(self.saved_at).astimezone().strftime(date_format())
        except (ValueError, OverflowError, OSError):  # not a date, or at the calendar's edge in local time
            pass
        try:
            return datetime.fromtimestamp(self.sort_key).strftime(date_format()) if self.sort_key else "?"

        except (ValueError, OverflowError, OSError):
            return "?"


MAX_SHOWN = 80          # characters of a label, a name or a file name the load screen shows
MAX_LISTED = 500        # files of the saves folder looked at (newest first); a folder of junk stays fast


def _title_for(path: Path, meta: dict[str, Any]) -> str:
    if is_autosave_name(path.name):
        return _("Autosave")
    label = _label(meta)
    slot = clip(path.stem[5:], MAX_SHOWN) if path.stem.startswith("slot-") else None
    if label and label != f"Slot {slot}":  # a slot's default label is shown in the reader's language
        return label
    if slot is not None:
        return _("Slot {slot}").format(slot=slot)
    return clip(path.stem, MAX_SHOWN)


def _timestamp(saved_at: str, fallback: float) -> float:
    """Sort key of a save time; the file's mtime when the text is no date the calendar can convert."""
    try:
        return datetime.fromisoformat(saved_at).timestamp()
    except (ValueError, OverflowError, OSError):
        return fallback


def describe_save(path: Path) -> SaveEntry:
    from iwari_desktop.engine.files.saves import SaveError, read_save_data

    try:
        mtime = path.stat().st_mtime
    except OSError:
        try:
            mtime = path.lstat().st_mtime   # a link to nowhere: when the link was made
        except OSError:
            mtime = 0.0
    if path.is_symlink() and not path.exists():
        # said in words: the reader's "no such file" beside a file the list shows reads as nonsense
        return SaveEntry(path, clip(path.stem, MAX_SHOWN), sort_key=mtime, is_file=False,
                         error=_("{file}: a link to a file that is no longer there ({target})").format(
                             file=clip(path.name, MAX_SHOWN), target=clip(_link_target(path), MAX_SHOWN)))
    try:
        data = read_save_data(path)
    except SaveError as error:
        return SaveEntry(path, clip(path.stem, MAX_SHOWN), error=message_of(error), sort_key=mtime,
                         is_file=path.is_file())
    from iwari_desktop.engine.files.saves import SAVE_VERSION

    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
        return SaveEntry(path, _title_for(path, data.get("meta", {})), sort_key=mtime, newer=True,
                         error=_("{file}: made by a newer Iwari Desktop (save version {version}; "
                                 "this version reads up to {supported})").format(
                             file=clip(path.name, MAX_SHOWN), version=version, supported=SAVE_VERSION))

    summary = data.get("summary") if isinstance(data.get("summary"), dict) else {}
    saved_at = data.get("saved_at")
    saved_at = saved_at if isinstance(saved_at, str) and len(saved_at) <= 64 else ""
    players = summary.get("players", [])
    turn, round_ = summary.get("turn"), summary.get("round")
    return SaveEntry(
        path=path, title=_title_for(path, data.get("meta", {})), map_name=_text(summary.get("map_name")) or "?",
        players=tuple(_text(p) for p in players[:8]) if isinstance(players, list) else (),
        turn=_count(turn), round=_count(round_),
        saved_at=saved_at, over=summary.get("over") is True, sort_key=_timestamp(saved_at, mtime),
        label=_label(data.get("meta", {})), **_chapter_of(data.get("meta")),
    )


def _link_target(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "?"


def _chapter_of(meta: Any) -> dict[str, Any]:
    """The profile and campaign of a chapter's save, read loosely (`scenes/campaign_run.ChapterTag` reads it
    exactly when the chapter resumes): enough to keep a chapter in progress from being evicted."""
    tag = meta.get("campaign") if isinstance(meta, dict) else None
    if not isinstance(tag, dict) or not isinstance(tag.get("profile"), str) or not isinstance(tag.get("campaign"), str):
        return {}
    return {"chapter": (_text(tag["profile"]), _text(tag["campaign"])), "recorded": tag.get("recorded") is True}


def _count(value: Any) -> int:
    """A summary's turn or round as shown: a plain int in range, else 0 (unknown)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 100_000 else 0


def _text(value: Any) -> str:
    """A summary value as short printable text (the summary is for listing only; loading never trusts it)."""
    return clip(" ".join(value.split()), MAX_SHOWN) if isinstance(value, str) else ""


def _label(meta: Any) -> str:
    """The player's name for a save, cut to what a list row shows: a 50,000-character label must not freeze it."""
    label = meta.get("label") if isinstance(meta, dict) else None
    return _text(label)


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
        entry.error = _("{file}: unreadable ({reason})").format(file=entry.file_name, reason=error.strerror or error)
        return entry
    if key not in _CHECKED:
        from iwari_desktop.engine.files.saves import SaveError

        try:
            load_save(entry.path)
            _CHECKED[key] = None
        except SaveError as error:
            _CHECKED[key] = message_of(error)
    entry.error = _CHECKED[key]
    return entry


def list_saves(named: Callable[[str], bool] | None = None) -> list[SaveEntry]:
    """Every `*.json` in the saves folder, newest first; unreadable files are listed as damaged, and so is
    a folder (a FIFO, a device) that took a save's name: it says why, rather than the save vanishing."""
    from iwari_desktop.engine.files.atomic import is_temporary

    folder = saves_dir()
    candidates: list[tuple[float, Path]] = []
    try:
        names = os.listdir(folder)
    except OSError:  # no folder yet, or one we may not read: nothing to list
        return []
    for name in names:
        if not name.endswith(".json") or is_temporary(name) or (named is not None and not named(name)):
            continue
        path = folder / name
        try:
            info = path.stat()
        except OSError:
            try:
                info = path.lstat()   # a symlink to nowhere: listed, and the reader says what is wrong
            except OSError:
                continue
        candidates.append((info.st_mtime, path))
    candidates.sort(key=lambda c: c[0], reverse=True)
    entries = [describe_save(p) for _, p in candidates[:MAX_LISTED]]
    entries.sort(key=lambda e: e.sort_key, reverse=True)
    return entries


def write_slot(game: "Game", slot: int, label: str = "") -> Path:
    from iwari_desktop.engine.files.saves import write_save

    path = slot_path(slot)
    write_save(path, game, {"label": label or f"Slot {slot}"})
    return path


def load_save(path: Path) -> "Game":
    """Replay a save; raises SaveError (one line, naming the file) and never modifies the file."""
    from iwari_desktop.engine.files.saves import read_save

    return read_save(path)


def date_format() -> str:
    """How a save's time is written in the active language (strftime codes)."""
    # TRANSLATORS: a strftime pattern for a save's date and time; keep the % codes
    return _("%Y-%m-%d %H:%M")
