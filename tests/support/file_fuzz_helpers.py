"""Shared by the file tests: hostile files (special files, mutations) and the checks every reader must pass.

"Clear error or correct load, never a traceback, a hang or a changed file": `within` turns a hang
into a failure (a SIGALRM deadline, far above any real run; it guards against endless reads, it
does not time anything), `snapshot` proves a file is unchanged, `assert_one_line` that a message is
a short single line.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

MESSAGE_LIMIT = 300
HANG_SECONDS = 30


class Hung(Exception):
    """The guarded code did not return before the deadline: it would have hung the game."""


@contextlib.contextmanager
def within(seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Fail with Hung instead of blocking for ever (a FIFO open, /dev/zero, an endless loop)."""

    def alarm(_signum, _frame):
        raise Hung(f"did not return within {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def snapshot(path: Path) -> tuple | None:
    """What a reader must never change: type, size, bytes (for regular files) and mtime."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    small = path.is_file() and not path.is_symlink() and info.st_size <= 16 * 1024 * 1024
    content = path.read_bytes() if small else None   # a 100 MB sparse file is compared by size and mtime
    return (info.st_mode, info.st_size, info.st_mtime_ns, content)


def assert_one_line(message: str) -> str:
    assert message, "an empty error message"
    assert "\n" not in message and "\r" not in message, message
    assert len(message) <= MESSAGE_LIMIT, f"{len(message)} characters: {message[:120]}…"
    message.encode("utf-8")  # printable: no lone surrogates from undecodable file names
    return message


def assert_read_or_refused(path: Path, read: Callable[[Path], Any], error: type[Exception],
                           accept: Callable[[Any], bool]) -> None:
    """The check every file fuzz test makes of one file: `read(path)` returns a value `accept` takes or
    raises `error` with a short one-line message; it never hangs and never changes the file."""
    before = snapshot(path)
    with within():
        try:
            value = read(path)
        except error as refusal:
            assert_one_line(str(refusal))
        else:
            assert accept(value), value
    assert snapshot(path) == before


def assert_refused(path: Path, read: Callable[[Path], Any], error: type[Exception], *words: str) -> str:
    """`read(path)` raises `error` in time with a one-line message naming every one of `words`, and leaves
    the file untouched; returns the message."""
    before = snapshot(path)
    with within():
        with pytest.raises(error) as refusal:
            read(path)
    message = assert_one_line(str(refusal.value))
    for word in words:
        assert word in message, message
    assert snapshot(path) == before
    return message


def assert_special_file_refused(path: Path, read: Callable[[Path], Any], error: type[Exception]) -> None:
    """A FIFO, a folder, /dev/zero... (see `special_files`) given to `read`: `error` with a one-line message,
    no hang, the file untouched."""
    assert_refused(path, read, error)


def write_cases(folder: Path, stem: str, cases: Iterator[tuple[str, bytes]]) -> Iterator[Path]:
    """Each case's bytes written to its own file `<stem>-<i>.json` in `folder`, for the caller to check."""
    for i, (_, content) in enumerate(cases):
        path = folder / f"{stem}-{i}.json"
        path.write_bytes(content)
        yield path


def special_files(folder: Path, name: str) -> dict[str, Path]:
    """A FIFO, a folder, a symlink to /dev/zero, a huge sparse file and an empty file, all called `name`."""
    made: dict[str, Path] = {}
    for kind in ("fifo", "folder", "devzero", "huge", "empty", "dangling"):
        sub = folder / kind
        sub.mkdir(parents=True, exist_ok=True)
        path = sub / name
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "folder":
            path.mkdir()
        elif kind == "devzero":
            path.symlink_to("/dev/zero")
        elif kind == "huge":
            with open(path, "wb") as handle:   # 100 MB, sparse: costs no disk
                handle.truncate(100 * 1024 * 1024)
        elif kind == "empty":
            path.write_bytes(b"")
        else:
            path.symlink_to(sub / "nowhere")
        made[kind] = path
    return made


SPECIAL_KINDS = ("fifo", "folder", "devzero", "huge", "empty", "dangling")


def mutations(raw: bytes, rng: random.Random, count: int) -> Iterator[tuple[str, bytes]]:
    """Damaged copies of a valid file: truncations, byte flips, inserted junk, BOM, non-UTF-8 bytes."""
    yield "bom", b"\xef\xbb\xbf" + raw
    yield "latin-1 byte", raw[:10] + b"\xe9" + raw[10:]
    yield "double bom", b"\xef\xbb\xbf\xef\xbb\xbf" + raw
    for _ in range(count):
        how = rng.choice(("truncate", "flip", "insert", "delete"))
        at = rng.randrange(len(raw))
        if how == "truncate":
            yield how, raw[:at]
        elif how == "flip":
            yield how, raw[:at] + bytes([raw[at] ^ (1 << rng.randrange(8))]) + raw[at + 1:]
        elif how == "insert":
            junk = rng.choice((b"[" * 50_000, b"9" * 5_000, b"1e999", b"\x00\xff", b'"' + b"x" * 60_000 + b'"',
                               b"NaN", b"-", b"\xef\xbb\xbf", b"<!DOCTYPE x>", b"&a;"))
            yield how, raw[:at] + junk + raw[at:]
        else:
            yield how, raw[:at] + raw[at + rng.randrange(1, 40):]


DEEP = json.loads("[" * 20 + "1" + "]" * 20)
WRONG_VALUES = [None, True, -1, 0, 10 ** 39, 1.5, "", "٣", "x" * 9_000, [], {}, DEEP, {"a": {"b": {"c": [1]}}}, ["red"]]


def field_paths(data, prefix: tuple = ()) -> Iterator[tuple]:
    """Every path to a value inside `data` (of lists, the first two entries)."""
    if prefix:
        yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from field_paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data[:2]):
            yield from field_paths(value, prefix + (index,))


def with_value(data, path: tuple, value):
    """A deep copy of `data` with the value at `path` replaced (wrong types, deep nesting, huge numbers)."""
    copied = copy.deepcopy(data)
    target = copied
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copied


def typed_edits(data, rng: random.Random, count: int) -> Iterator[tuple[str, bytes]]:
    """`count` copies of a JSON document with one field replaced by a value of a wrong type or size."""
    paths = list(field_paths(data))
    for _ in range(count):
        path = rng.choice(paths)
        value = rng.choice(WRONG_VALUES)
        yield f"{'/'.join(map(str, path))}={str(value)[:20]}", json.dumps(with_value(data, path, value)).encode()
