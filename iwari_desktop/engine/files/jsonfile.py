"""JSON files through the bounded reader: never a traceback, never a hang, never an absurd value.

Saves, position files, settings (and the campaign and history files to come) are JSON. On top of
`reader.read_text` (regular files only, bounded size, UTF-8 with an optional byte-order mark) this
refuses, with a one-line reason: invalid JSON, nesting deeper than the kind's limit, numbers with
more digits than it allows, NaN/Infinity, over-long text values and over-long lists. What comes
back is plain JSON data whose every part is within the limits, ready for `typed.Fields`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from iwari_desktop.engine.core.text import Text
from iwari_desktop.engine.files.reader import (
    LIMITS, FileKind, FileReadError, Limits, file_label, read_text,
)
from iwari_desktop.i18n import N_

MAX_BYTES = LIMITS[FileKind.SAVE].max_bytes


class JsonFileError(FileReadError):
    """One line saying why the file cannot be read as JSON of its kind."""


class _Refused(Exception):
    """Raised from inside the JSON parser's hooks; becomes a JsonFileError naming the file."""


def read_json_file(path: str | Path, max_bytes: int | None = None, kind: FileKind = FileKind.SAVE) -> Any:
    """The parsed JSON of a file of `kind`, or JsonFileError with one line saying why not."""
    try:
        text = read_text(path, kind, max_bytes)
    except JsonFileError:
        raise
    except FileReadError as error:
        raise JsonFileError(error.text or str(error)) from None
    return parse_json_text(text, file_label(path), LIMITS[kind])


def parse_json_text(text: str, name: str, limits: Limits) -> Any:
    """`text` as JSON within `limits`; `name` starts every message."""
    if text.startswith("\ufeff"):
        text = text[1:]

    def bounded_int(digits: str) -> int:
        if len(digits.lstrip("-")) > limits.max_digits:
            raise _Refused(Text(N_("a number of {digits:,} digits (at most {limit} are read)"), digits=len(digits),
                                limit=limits.max_digits))
        return int(digits)

    def bounded_float(digits: str) -> float:
        value = float(digits[:400]) if len(digits) <= 400 else float("inf")
        if value != value or value in (float("inf"), float("-inf")):
            raise _Refused(Text(N_("a number too large to read ({digits})"),
                                digits=f"{digits[:20]}…" if len(digits) > 20 else digits))
        return value

    def no_constant(word: str) -> Any:
        raise _Refused(Text(N_("{word} is not a number a game file holds"), word=word))

    try:
        data = json.loads(text, parse_int=bounded_int, parse_float=bounded_float, parse_constant=no_constant)
    except _Refused as refusal:
        raise JsonFileError(_unreadable(name, refusal.args[0])) from None
    except json.JSONDecodeError as error:
        raise JsonFileError(Text(N_("{file}: {problem}"), file=name, problem=Text(
            N_("not valid JSON (line {line}: {detail})"), line=error.lineno, detail=error.msg))) from None
    except (ValueError, RecursionError, MemoryError):  # nesting deeper than Python's own limit
        raise JsonFileError(_unreadable(name, Text(N_("absurd numbers or nesting")))) from None
    problem = _over_limits(data, limits)
    if problem:
        raise JsonFileError(_unreadable(name, problem))
    return data


def _unreadable(name: str, why: str) -> Text:
    return Text(N_("{file}: {problem}"), file=name, problem=Text(N_("unreadable JSON ({why})"), why=why))


def _over_limits(data: Any, limits: Limits) -> str:
    """What in `data` breaks `limits` ("" if nothing); iterative, so depth cannot exhaust the stack."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if len(value) > limits.max_string:
                return Text(N_("a text of {length:,} characters (at most {limit:,} are read)"), length=len(value),
                            limit=limits.max_string)
            continue
        if isinstance(value, (dict, list)):
            if depth > limits.max_depth:
                return Text(N_("nested more than {limit} levels deep"), limit=limits.max_depth)
            if len(value) > limits.max_items:
                return Text(N_("a list of {count:,} entries (at most {limit:,} are read)"), count=len(value),
                            limit=limits.max_items)
            if isinstance(value, dict):
                stack.extend((key, depth) for key in value)
                stack.extend((item, depth + 1) for item in value.values())
            else:
                stack.extend((item, depth + 1) for item in value)
    return ""
