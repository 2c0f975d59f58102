"""Reading a small JSON file that a person may have handed us: never a traceback, never a hang.

Saves and position files are a few hundred kilobytes at most; anything larger, unreadable, not
UTF-8, not JSON, absurdly nested or holding absurd numbers is refused with a one-line reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

MAX_BYTES = 16 * 1024 * 1024


class JsonFileError(Exception):
    """One line saying why the file cannot be read as JSON."""


def read_json_file(path: str | Path, max_bytes: int = MAX_BYTES) -> Any:
    """The parsed JSON, or JsonFileError with one line saying why not.

    At most `max_bytes` + 1 bytes are read, so a huge file or a device like /dev/zero cannot hang us.
    """
    path = Path(path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(max_bytes + 1)  # bounded: /dev/zero or a huge file cannot hang us
    except FileNotFoundError:
        raise JsonFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise JsonFileError(f"{path}: is a folder, not a file") from None
    except OSError as error:
        raise JsonFileError(f"{path.name}: cannot be read ({error.strerror or type(error).__name__})") from None
    if len(raw) > max_bytes:
        raise JsonFileError(f"{path.name}: too large to be a game file (over {max_bytes // (1024 * 1024)} MB)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise JsonFileError(f"{path.name}: not a text file (not UTF-8)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise JsonFileError(f"{path.name}: not valid JSON (line {error.lineno}: {error.msg})") from None
    except (ValueError, RecursionError):  # numbers over Python's digit limit, or nesting too deep
        raise JsonFileError(f"{path.name}: unreadable JSON (absurd numbers or nesting)") from None
