"""A server's tables on disk, so that they survive a restart (issue #33, `iwari serve --store DIR`).

One file a table, `table-<CODE>.json`, holding `Table.to_json()` (the game as a save of
docs/save-format.md, the seat plan, credential hashes, names, the chat's tail) inside a small envelope
with its own format string. Every write is atomic (the engine's temp file + rename + folder sync), so a
server killed mid-write keeps the table's previous file; the temporaries such a kill leaves are removed
at the next start.

Reading is bounded and never trusts the folder: at most `MAX_TABLES` files, each at most `MAX_FILE_BYTES`,
only names of the code alphabet; a damaged file is skipped with one reason (the server prints it) and
the others load.
"""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from iwari_desktop.engine.files.atomic import atomic_write_text, clean_stale_temporaries

FORMAT = "iwari-online-table"
VERSION = 1
MAX_TABLES = 1000
MAX_FILE_BYTES = 4 * 1024 * 1024
_NAME = re.compile(r"^table-([A-Z0-9]{1,12})\.json$")


class StoreError(ValueError):
    """A table file that cannot be read back; one line saying why."""


@dataclass(frozen=True)
class Loaded:
    """What `TableStore.load_all` found: the tables' data by code, and one reason per skipped file."""

    tables: dict[str, dict[str, Any]]
    skipped: list[str]


class TableStore:
    """The folder of a server's tables."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def path(self, code: str) -> Path:
        name = f"table-{code}.json"
        if not _NAME.match(name):
            raise StoreError(f"{code!r} is not a table code")
        return self.folder / name

    def save(self, code: str, data: dict[str, Any]) -> None:
        """Write one table's data atomically (OSError when the disk refuses; the old file stays)."""
        text = json.dumps({"format": FORMAT, "version": VERSION, "code": code, "table": data},
                          ensure_ascii=False, separators=(",", ":"))
        atomic_write_text(self.path(code), text)

    def remove(self, code: str) -> None:
        try:
            os.unlink(self.path(code))
        except FileNotFoundError:
            pass

    def read(self, path: Path) -> tuple[str, dict[str, Any]]:
        """One table file's code and data (StoreError with the reason when it is not a table file)."""
        match = _NAME.match(path.name)
        if match is None:
            raise StoreError(f"{path.name}: not a table file name")
        try:
            info = path.stat()
            if not stat.S_ISREG(info.st_mode):
                raise StoreError(f"{path.name}: not a regular file")
            size = info.st_size
            if size > MAX_FILE_BYTES:
                raise StoreError(f"{path.name}: {size} bytes, over the limit of {MAX_FILE_BYTES}")
            with open(path, "rb") as handle:
                raw = handle.read(MAX_FILE_BYTES + 1)
        except OSError as error:
            raise StoreError(f"{path.name}: cannot be read ({error.strerror or error})") from None
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise StoreError(f"{path.name}: not JSON") from None
        if type(data) is not dict or data.get("format") != FORMAT:
            raise StoreError(f"{path.name}: not a table file (format is not {FORMAT})")
        if type(data.get("version")) is not int or data["version"] > VERSION:
            raise StoreError(f"{path.name}: written by a newer version ({data.get('version')!r})")
        if data.get("code") != match.group(1) or type(data.get("table")) is not dict:
            raise StoreError(f"{path.name}: its code or table is missing")
        return match.group(1), data["table"]

    def load_all(self) -> Loaded:
        """Every table in the folder (none when it does not exist yet), bounded in count and size."""
        clean_stale_temporaries(self.folder)
        tables: dict[str, dict[str, Any]] = {}
        skipped: list[str] = []
        try:
            names = sorted(os.listdir(self.folder))
        except FileNotFoundError:
            return Loaded(tables, skipped)
        except OSError as error:
            return Loaded(tables, [f"{self.folder}: cannot be listed ({error.strerror or error})"])
        candidates = [n for n in names if n.startswith("table-") and n.endswith(".json")]
        if len(candidates) > MAX_TABLES:
            skipped.append(f"{len(candidates) - MAX_TABLES} table files over the limit of {MAX_TABLES} not read")
            candidates = candidates[:MAX_TABLES]
        for name in candidates:
            try:
                code, data = self.read(self.folder / name)
            except StoreError as error:
                skipped.append(str(error))
                continue
            tables[code] = data
        return Loaded(tables, skipped)
