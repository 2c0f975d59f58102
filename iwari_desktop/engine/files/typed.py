"""Typed fields of a JSON object, each read with its type and range or refused in one line.

JSON says nothing about types: a tribe colour can arrive as a list, a seed as "٣" (which Python's
`int` happily reads as 3) or with four thousand digits, a label with fifty thousand characters.
`Fields` reads each value as exactly one type within stated bounds, and a `FieldError` names the
field and the bad value (clipped, never repeated in full). Readers of every file kind use it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from iwari_desktop.engine.core.text import Text
from iwari_desktop.engine.files.reader import is_map_reference, short
from iwari_desktop.i18n import N_

_MISSING = object()


class FieldError(ValueError):
    """A field of the wrong type or out of range; the message names the field and is one line."""


def kind_of(value: Any) -> str:
    """The JSON word for a value's type, for messages ("a list", "text"...)."""
    word = _KINDS.get(type(value))
    return Text(word) if word else type(value).__name__


_KINDS = {dict: N_("an object"), list: N_("a list"), str: N_("text"), bool: N_("true/false"), int: N_("a number"),
          float: N_("a number"), type(None): N_("null")}


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Fields:
    """One JSON object read field by field; `where` prefixes every message ("setup", "tribe 2")."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise FieldError(Text(N_("{where} must be an object, not {kind}"), where=where, kind=kind_of(data)))
        self.data = data
        self.where = where

    def _name(self, key: str) -> str:
        return f"{self.where}: '{key}'" if self.where else f"'{key}'"

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        if key in self.data:
            return self.data[key]
        if default is _MISSING:
            raise FieldError(Text(N_("{field} is missing"), field=self._name(key)))
        return default

    def int(self, key: str, low: int, high: int, default: Any = _MISSING) -> int:
        """A JSON integer (not true/false, not text, not 2.0) with low <= value <= high."""
        if key not in self.data and default is not _MISSING:
            return default
        value = self.raw(key)
        if not is_int(value):
            raise FieldError(Text(N_("{field} must be a whole number, not {kind} {value}"), field=self._name(key),
                                  kind=kind_of(value), value=short(value)))
        if not low <= value <= high:
            raise FieldError(Text(N_("{field} must be from {low} to {high}, not {value}"), field=self._name(key),
                                  low=low, high=high, value=short(value)))
        return value

    def optional_int(self, key: str, low: int, high: int) -> int | None:
        return None if self.raw(key, None) is None else self.int(key, low, high)

    def bool(self, key: str, default: Any = _MISSING) -> bool:
        if key not in self.data and default is not _MISSING:
            return default
        value = self.raw(key)
        if not isinstance(value, bool):
            raise FieldError(Text(N_("{field} must be true or false, not {value}"), field=self._name(key),
                                  value=short(value)))
        return value

    def str(self, key: str, max_length: int, default: Any = _MISSING, choices: Iterable[str] | None = None) -> str:
        """Text of at most `max_length` characters (and one of `choices` if given)."""
        if key not in self.data and default is not _MISSING:
            return default
        value = self.raw(key)
        if not isinstance(value, str):
            raise FieldError(Text(N_("{field} must be text, not {kind} {value}"), field=self._name(key),
                                  kind=kind_of(value), value=short(value)))
        if len(value) > max_length:
            raise FieldError(Text(N_("{field} is {length:,} characters long (at most {limit})"), field=self._name(key),
                                  length=len(value), limit=max_length))
        if choices is not None:
            allowed = tuple(choices)
            if value not in allowed:
                raise FieldError(Text(N_("{field} must be one of {choices}, not {value}"), field=self._name(key),
                                      choices=", ".join(allowed), value=short(value)))
        return value

    def map_reference(self, key: str) -> str:
        """A map id (ASCII letters, digits, '-', '_', at most 64) or a .tmx path of sane length: it becomes a path."""
        value = self.raw(key)
        if not is_map_reference(value):
            raise FieldError(Text(N_("{field} must be a map id (letters, digits, '-', '_') or a .tmx file, not {value}"),
                                  field=self._name(key), value=short(value)))
        return value

    def list(self, key: str, max_length: int, default: Any = _MISSING) -> list[Any]:
        value = self.raw(key, default)
        if not isinstance(value, list):
            raise FieldError(Text(N_("{field} must be a list, not {kind} {value}"), field=self._name(key),
                                  kind=kind_of(value), value=short(value)))
        if len(value) > max_length:
            raise FieldError(Text(N_("{field} has {count:,} entries (at most {limit})"), field=self._name(key),
                                  count=len(value), limit=max_length))
        return value

    def obj(self, key: str, where: str | None = None, default: Any = _MISSING) -> "Fields":
        return Fields(self.raw(key, default), where or self._name(key))

    def str_list(self, key: str, max_length: int, max_item: int, default: Any = _MISSING) -> list[str]:
        items = self.list(key, max_length, default)
        for i, item in enumerate(items):
            if not isinstance(item, str) or len(item) > max_item:
                raise FieldError(Text(N_("{field} entry {number} must be text of at most {limit} characters, not {value}"),
                                      field=self._name(key), number=i + 1, limit=max_item, value=short(item)))
        return items
