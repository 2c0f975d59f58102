"""The one door every game file comes in by: bounded, never blocking, never a traceback.

Saves, position files, settings, maps (and the campaign and history files to come) are files a
person can edit, copy from a friend, truncate by pulling a USB stick, or replace with something
that is not a file at all: a folder, a FIFO that blocks whoever opens it, a symlink to /dev/zero
that never ends. Each kind of file has `Limits` (size, nesting, digits, text length, list length)
checked *before* anything deeper parses it, so no input can make the game hang, run out of memory
or raise anything but a one-line `FileReadError`. Reading never writes: a refused file is left
exactly as it was.

Format layers sit on top: `jsonfile` (JSON with the same limits), `typed` (typed fields with
one-line messages) and `tmxcheck` (the XML pre-check of Tiled maps).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_

UTF8_BOM = b"\xef\xbb\xbf"
MESSAGE_LIMIT = 300   # characters of a one-line message (a dialog line, a CLI line)
VALUE_LIMIT = 60      # characters of a bad value quoted inside a message


class FileKind(Enum):
    """Every kind of file the game reads; each has its own limits in `LIMITS`."""

    SAVE = "save"
    POSITION = "position"
    SETTINGS = "settings"
    MAP = "map"
    CAMPAIGN = "campaign"   # campaign files (assets/campaigns) and profile progress: small
    HISTORY = "history"     # finished-game history (to come): grows with every game played


@dataclass(frozen=True)
class Limits:
    """How big a file of one kind may be, checked before it is parsed any deeper.

    The numbers are far above anything the game writes (a whole game's save is ~30 KB, a bundled
    map ~40 KB) and far below what could hurt: a refusal here always means a foreign or broken file.
    """

    max_bytes: int
    max_depth: int = 16          # nesting of JSON arrays/objects or XML elements
    max_digits: int = 40         # digits of one number (a 64-bit seed has 20)
    max_string: int = 10_000     # characters of one text value
    max_items: int = 100_000     # entries of one list or object, elements of a map


LIMITS: dict[FileKind, Limits] = {
    FileKind.SAVE: Limits(max_bytes=4 * 1024 * 1024, max_depth=16, max_string=100_000, max_items=50_000),
    FileKind.POSITION: Limits(max_bytes=1024 * 1024, max_depth=16, max_items=10_000),
    FileKind.SETTINGS: Limits(max_bytes=64 * 1024, max_depth=8, max_string=1_000, max_items=1_000),
    FileKind.MAP: Limits(max_bytes=4 * 1024 * 1024, max_depth=32, max_string=4_096, max_items=50_000),
    FileKind.CAMPAIGN: Limits(max_bytes=1024 * 1024, max_depth=16, max_items=10_000),
    FileKind.HISTORY: Limits(max_bytes=16 * 1024 * 1024, max_depth=16, max_items=200_000),
}


class FileReadError(ValueError):
    """A file that cannot be read as a game file; the message is one line, names the file and says why."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))
        # the sentence for players, translatable (core/text.py); str() stays the English line
        self.text: Text | None = message if isinstance(message, Text) else None


# ---- text for messages ----------------------------------------------------------------------------

def printable(text: str) -> str:
    """`text` safe to draw or print: undecodable bytes of file names (surrogates) become U+FFFD."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace") if _has_surrogates(text) else text


def _has_surrogates(text: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def clip(text: str, limit: int = VALUE_LIMIT) -> str:
    """`text` cut to `limit` characters (at least 8 kept), saying how long it was: a bad value is never repeated in full."""
    text = printable(text)
    if len(text) <= limit:
        return text
    suffix = f"… ({len(text):,} characters)"
    return text[:max(limit - len(suffix), 8)] + suffix


def short(value: object, limit: int = VALUE_LIMIT) -> str:
    """The repr of a bad value for a message, clipped; huge numbers are described, not printed."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** limit:
        return f"a number of {len(str(abs(value))):,} digits"
    if isinstance(value, str) and len(value) > limit:
        return f"{printable(value[:max(limit - 20, 8)])!r}… ({len(value):,} characters)"
    if isinstance(value, (list, dict)) and len(value) > 8:
        return f"a {'list' if isinstance(value, list) else 'object'} of {len(value):,} entries"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int over Python's digit limit, or absurd nesting
        text = f"<{type(value).__name__}>"
    return clip(text, limit)


def one_line(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message as one printable line of at most `limit` characters."""
    return clip(" ".join(str(message).split()), limit)


def file_label(path: str | Path) -> str:
    """A file's name for a message: printable and not absurdly long."""
    return clip(Path(path).name or str(path), 80)


# ---- reading bytes --------------------------------------------------------------------------------

def read_bytes(path: str | Path, kind: FileKind = FileKind.SAVE, max_bytes: int | None = None) -> bytes:
    """The whole file, or FileReadError with one line saying why not.

    Only a regular file is opened (following symlinks to it): a folder, a FIFO, a socket or a device
    is refused from its metadata, before it is opened, so nothing can block or stream forever. The
    open itself is non-blocking and re-checked, in case the file was swapped in between. At most
    `max_bytes` + 1 bytes are ever read.
    """
    path = Path(path)
    limit = LIMITS[kind].max_bytes if max_bytes is None else max_bytes
    name = file_label(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise FileReadError(Text(N_("{file}: no such file"), file=clip(str(path), 120))) from None
    except OSError as error:
        raise FileReadError(Text(N_("{file}: cannot be read ({reason})"), file=name, reason=_reason(error))) from None
    _check_regular(name, info.st_mode)
    if info.st_size > limit:
        raise FileReadError(too_large(name, kind, limit))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise FileReadError(Text(N_("{file}: cannot be read ({reason})"), file=name, reason=_reason(error))) from None
    try:
        _check_regular(name, os.fstat(fd).st_mode)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1024 * 1024, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as error:
        raise FileReadError(Text(N_("{file}: cannot be read ({reason})"), file=name, reason=_reason(error))) from None
    finally:
        os.close(fd)
    if total > limit:
        raise FileReadError(too_large(name, kind, limit))
    return b"".join(chunks)


def read_text(path: str | Path, kind: FileKind = FileKind.SAVE, max_bytes: int | None = None) -> str:
    """The file as UTF-8 text; a byte-order mark at the start (some editors write one) is dropped."""
    raw = read_bytes(path, kind, max_bytes)
    return decode_utf8(raw, file_label(path))


def decode_utf8(raw: bytes, name: str) -> str:
    if raw.startswith(UTF8_BOM):
        raw = raw[len(UTF8_BOM):]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileReadError(Text(N_("{file}: {problem}"), file=name,
                                 problem=Text(N_("not a text file (not UTF-8 at byte {byte})"), byte=error.start))) from None


def _check_regular(name: str, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise FileReadError(Text(N_("{file}: is a folder, not a file"), file=name))
    what = (N_("a named pipe (FIFO)") if stat.S_ISFIFO(mode) else N_("a device") if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else N_("a socket") if stat.S_ISSOCK(mode) else N_("a special file"))
    raise FileReadError(Text(N_("{file}: not a text file ({what}, not a plain file)"), file=name, what=Text(what)))


# One sentence per kind of file (a whole sentence each, so every language can word it its own way).
_TOO_LARGE = {
    FileKind.SAVE: N_("{file}: too large to be a game save file (over {size})"),
    FileKind.POSITION: N_("{file}: too large to be a game position file (over {size})"),
    FileKind.SETTINGS: N_("{file}: too large to be a game settings file (over {size})"),
    FileKind.MAP: N_("{file}: too large to be a game map file (over {size})"),
    FileKind.CAMPAIGN: N_("{file}: too large to be a game campaign file (over {size})"),
    FileKind.HISTORY: N_("{file}: too large to be a game history file (over {size})"),
}


def too_large(name: str, kind: FileKind, limit: int) -> Text:
    return Text(_TOO_LARGE[kind], file=name, size=_size(limit))


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n // 1024} KB"


# ---- names used as paths ----------------------------------------------------------------------

MAX_ID = 64


def is_plain_id(text: object) -> bool:
    """A map id as bundled maps have them: 1 to 64 ASCII letters, digits, '-' or '_', starting alphanumerically.

    Saves name their map by id, and the id becomes a file name: anything else (a path, '..', a
    7-million-character name, non-ASCII look-alikes) is refused before it reaches the file system.
    """
    return (isinstance(text, str) and 0 < len(text) <= MAX_ID and text.isascii() and text[0].isalnum()
            and all(ch.isalnum() or ch in "-_" for ch in text))


MAX_PATH = 1_024
MAX_PATH_PART = 255


def is_map_reference(text: object) -> bool:
    """A map as saves and position files name it: a plain id, or a `.tmx` path of sane length and characters.

    The CLI plays maps straight from a `.tmx` path and its saves name that path; anything else
    (absurdly long, control characters, not a .tmx) never reaches the file system.
    """
    if is_plain_id(text):
        return True
    return (isinstance(text, str) and text.endswith(".tmx") and len(text) <= MAX_PATH and text.isprintable()
            and all(0 < len(part) <= MAX_PATH_PART for part in text.replace("\\", "/").split("/") if part))


def is_ascii_number(text: str, max_digits: int = 9) -> bool:
    """Only ASCII digits, 1 to `max_digits` of them ('²', '٣' or a thousand digits are not numbers here)."""
    return 0 < len(text) <= max_digits and text.isascii() and text.isdigit()
