"""The tables a player joined and the seat credentials that get them back in (issue #33, item 5).

A seat's credential is what lets a player return after a dropped connection, a killed game or another
evening: it is kept in the player's data folder (the caller passes `storage.data_dir()`; this package
imports no storage, docs/architecture.md), in one small JSON file, `online-tables.json`, newest table
first, at most `MAX_TABLES`. Written atomically (the engine's temp file + rename; the temp file is made
readable by its owner only, and so is the file, because a credential is a secret), so a crash mid-write
keeps the previous list.

Reading is bounded and typed (msgspec against the `KnownTables` schema, the file at most 256 KiB): a
damaged, foreign or hand-edited file reads as no remembered tables plus a one-line reason, never a
traceback, and the next `remember` writes a good file over it.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta, Struct

from iwari_desktop.engine.files.atomic import atomic_write_text
from iwari_desktop.net import protocol as p

FILE_NAME = "online-tables.json"
FORMAT = "iwari-online-tables"
VERSION = 1
MAX_TABLES = 20
MAX_FILE_BYTES = 256 * 1024

Address = Annotated[str, Meta(min_length=1, max_length=255)]
Port = Annotated[int, Meta(ge=1, le=65535)]


class KnownTable(Struct, frozen=True, forbid_unknown_fields=True):
    """A table this player joined: where it is, its code, the seats held (with credentials) and when."""

    address: Address
    port: Port
    code: p.Code
    seats: Annotated[list[p.SeatKey], Meta(max_length=p.MAX_SEATS)] = []
    name: Annotated[str, Meta(max_length=p.MAX_NAME)] = ""
    last_seen: Annotated[float, Meta(ge=0)] = 0.0
    host_credential: p.Credential | None = None   # only on the host's own computer

    def same_table(self, other: "KnownTable") -> bool:
        return (self.address, self.port, self.code) == (other.address, other.port, other.code)


class KnownTables(Struct, frozen=True, forbid_unknown_fields=True):
    format: str
    version: Annotated[int, Meta(ge=1)]
    tables: Annotated[list[KnownTable], Meta(max_length=MAX_TABLES * 5)] = []


_DECODER = msgspec.json.Decoder(KnownTables)


class CredentialFileError(ValueError):
    """The remembered tables cannot be read; one line saying why."""


def known_tables_path(data_dir: Path) -> Path:
    return Path(data_dir) / FILE_NAME


def read_known(path: Path) -> list[KnownTable]:
    """The remembered tables, newest first (CredentialFileError when the file is damaged or too big)."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise CredentialFileError(f"{path.name}: not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise CredentialFileError(f"{path.name}: over {MAX_FILE_BYTES} bytes")
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        return []
    except OSError as error:
        raise CredentialFileError(f"{path.name}: cannot be read ({error.strerror or error})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise CredentialFileError(f"{path.name}: over {MAX_FILE_BYTES} bytes")
    try:
        data = _DECODER.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, RecursionError) as error:
        raise CredentialFileError(f"{path.name}: {' '.join(str(error).split())[:200]}") from None
    if data.format != FORMAT:
        raise CredentialFileError(f"{path.name}: not a list of online tables")
    if data.version > VERSION:
        raise CredentialFileError(f"{path.name}: written by a newer version ({data.version})")
    return sorted(data.tables, key=lambda t: -t.last_seen)[:MAX_TABLES]


def load_known(path: Path) -> tuple[list[KnownTable], str | None]:
    """`read_known` for a screen: the tables, and the reason when the file could not be read (then none)."""
    try:
        return read_known(path), None
    except CredentialFileError as error:
        return [], str(error)


def write_known(path: Path, tables: list[KnownTable]) -> None:
    """Write the list atomically (OSError when the disk refuses; the old file stays)."""
    tables = sorted(tables, key=lambda t: -t.last_seen)[:MAX_TABLES]
    text = msgspec.json.encode(KnownTables(format=FORMAT, version=VERSION, tables=tables)).decode("utf-8")
    atomic_write_text(path, text)


def remember(path: Path, table: KnownTable, now: float | None = None) -> list[KnownTable]:
    """Put `table` first (replacing the same address, port and code) and write the list; returns it."""
    table = msgspec.structs.replace(table, last_seen=time.time() if now is None else now)
    tables, _ = load_known(path)
    tables = [table] + [t for t in tables if not t.same_table(table)]
    write_known(path, tables[:MAX_TABLES])
    return tables[:MAX_TABLES]


def forget(path: Path, address: str, port: int, code: str) -> list[KnownTable]:
    """Drop one table from the list (the player said so, or its game is long over)."""
    tables, _ = load_known(path)
    kept = [t for t in tables if (t.address, t.port, t.code) != (address, port, code)]
    if len(kept) != len(tables):
        write_known(path, kept)
    return kept


def find(path: Path, address: str, port: int, code: str) -> KnownTable | None:
    """The remembered seats for one table (None when never joined from here)."""
    tables, _ = load_known(path)
    return next((t for t in tables if (t.address, t.port, t.code) == (address, port, code)), None)
