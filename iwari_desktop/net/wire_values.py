"""Rule-module data, score reports and results as tagged JSON, read back typed and bounded.

Why a tagged form and not `modules.plain`: `plain` is one-way (a digest), while a client must get back
the very objects the host has, so `==` holds and the engine runs on them: a tuple must come back a
tuple, a `Text` a Text (screens translate it), an enum its member, a module's dataclass itself.

The form: JSON null/bool/int/float/str/list stand for themselves; everything else is an object with one
tag key: `{"$t": [...]}` a tuple, `{"$d": [[key, value], ...]}` a dict, `{"$e": ["Biome", 3]}` an enum
member, `{"$x": [template, plural, rule, params]}` a Text, `{"$j": [parts, sep]}` a Joined, and
`{"$c": ["WorshipData", {field: value}]}` a dataclass (fields at their plain default left out). Only the enums and dataclasses listed in
`CLASSES`/`ENUMS` are read; a dataclass's fields are checked against its annotations after reading, and
the whole reading has a node budget and a depth limit, so a hostile message costs bounded time.
"""

from __future__ import annotations

import dataclasses
import math
import string
import threading
import types
import typing
from enum import Enum
from typing import Any

import msgspec

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.biomes import Biome, ConnectionKind, TribeColour
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.scoring import GameResult, ScoreLine, ScoreReport
from iwari_desktop.engine.core.state import Phase, TribeRole
from iwari_desktop.engine.core.text import Joined, Text
from iwari_desktop.engine.rulesets.expeditions import ExpeditionCard, ExpeditionData, MissionKind
from iwari_desktop.engine.rulesets.ruins import RuinData
from iwari_desktop.engine.rulesets.solo.data import Claim, Placing, VoidData
from iwari_desktop.engine.rulesets.solo.events import EventLog, VoidEvent
from iwari_desktop.engine.rulesets.solo.outcome import TerritoryControl, VoidOutcome
from iwari_desktop.engine.rulesets.worship import WorshipData
from iwari_desktop.net.errors import WireError

MAX_DEPTH = 16           # deepest nesting read (module data is a few levels deep)
MAX_NODES = 200_000      # values read per call: bounds the time a hostile message can cost
MAX_TEXT = 4000          # characters of one string
MAX_INT = 1 << 64        # |int| below this (the RNG word is the largest int the engine keeps)

# Every dataclass that module data, reports and results hold; a new one shows up as an encode TypeError in
# tests/net/test_state_codec.py's games of every mode, and is added here.
CLASSES: dict[str, type] = {cls.__name__: cls for cls in (
    ScoreLine, ScoreReport, GameResult, VoidOutcome, TerritoryControl, VoidData, Claim, Placing, EventLog,
    VoidEvent, WorshipData, RuinData, ExpeditionData, ExpeditionCard,
)}
ENUMS: dict[str, type[Enum]] = {cls.__name__: cls for cls in (
    Biome, FeatKind, MissionKind, TribeColour, ConnectionKind, GameMode, Phase, TribeRole,
)}

# Records the engine never changes once made (state clones share them: `GameState.clone` the score reports,
# `VoidData.__deepcopy__` the claims and events), which every later snapshot of a game carries again. Their wire
# form is kept by the record's identity (the record kept beside it, so the id is not another's), and what was
# read by the exact plain JSON it was read from: a client reads a game's reports and Void steps once, not once
# a move. Both bounded (MAX_KEPT): an old entry goes when a new one comes.
KEPT_RECORDS = frozenset({"ScoreReport", "VoidEvent", "Claim"})
MAX_KEPT = 1024
_KEPT: dict[tuple[int, bytes], tuple[Any, int]] = {}
_KEPT_WIRE: dict[int, tuple[Any, Any]] = {}
_KEPT_LOCK = threading.Lock()
_JSON_ENCODER = msgspec.json.Encoder()
_JSON_DECODER = msgspec.json.Decoder()

# fields annotated `Any` in the engine (to keep imports one-way) whose values are known to be narrower
NARROWER: dict[tuple[type, str], Any] = {(VoidData, "outcome"): VoidOutcome | None}


def encode_value(value: Any) -> Any:
    """The tagged JSON form of `value` (see the module docstring); TypeError for a type it does not know.

    Why a table of encoders by type: the checks below were made in the same order for each of the
    hundreds of thousands of values a game's snapshots hold (a Void game's event log, the score reports);
    they are now made once per type (`_encoder_for`) and each value goes straight to its encoder."""
    kind = type(value)
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _encoder_for(kind)
    return encoder(value)


def _same(value: Any) -> Any:
    return value


def _encode_joined(value: Joined) -> Any:
    return {"$j": [[encode_value(p) for p in value.parts], encode_value(value.sep)]}


def _encode_text(value: Text) -> Any:
    return {"$x": [value.template, value.plural, value.rule,
                   [[k, encode_value(v)] for k, v in value.params.items()]]}


def _encode_list(value: list) -> Any:
    return [encode_value(v) for v in value]


def _encode_tuple(value: tuple) -> Any:
    return {"$t": [encode_value(v) for v in value]}


def _encode_dict(value: dict) -> Any:
    return {"$d": [[encode_value(k), encode_value(v)] for k, v in value.items()]}


_ENCODERS: dict[type, Any] = {type(None): _same, bool: _same, int: _same, str: _same, float: _same,
                              list: _encode_list, tuple: _encode_tuple, dict: _encode_dict}
_NO_DEFAULT = object()


def _encoder_for(kind: type) -> Any:
    """The encoder of every value of type `kind`, decided by the checks `encode_value` made for each value
    before (in their order), and kept in `_ENCODERS` (the engine's types are few)."""
    name = kind.__name__
    if issubclass(kind, Joined):
        encoder = _encode_joined
    elif issubclass(kind, Text):
        encoder = _encode_text
    elif issubclass(kind, Enum):
        if ENUMS.get(name) is not kind:
            raise TypeError(f"enum {name} has no wire form")

        def encoder(value: Enum) -> Any:
            return {"$e": [name, value.value]}
    elif dataclasses.is_dataclass(kind):
        if CLASSES.get(name) is not kind:
            raise TypeError(f"class {name} has no wire form")
        # each field with its plain default (None, 0, False, ""), left out where the value is that (`_is_default`)
        fields = tuple((f.name, f.default if f.default is not dataclasses.MISSING and type(f.default) in (
            type(None), bool, int, str) else _NO_DEFAULT) for f in dataclasses.fields(kind))

        def encoder(value: Any) -> Any:
            out = {}
            for key, default in fields:
                field_value = getattr(value, key)
                if default is _NO_DEFAULT or type(field_value) is not type(default) or field_value != default:
                    out[key] = encode_value(field_value)
            return {"$c": [name, out]}

        if name in KEPT_RECORDS:
            made = encoder

            def encoder(value: Any) -> Any:
                known = _KEPT_WIRE.get(id(value))
                if known is not None and known[0] is value:
                    return known[1]
                wire = made(value)
                with _KEPT_LOCK:
                    if len(_KEPT_WIRE) >= MAX_KEPT:
                        del _KEPT_WIRE[next(iter(_KEPT_WIRE))]
                    _KEPT_WIRE[id(value)] = (value, wire)
                return wire
    else:
        raise TypeError(f"a {name} has no wire form")
    _ENCODERS[kind] = encoder
    return encoder


def decode_value(data: Any, expected: Any = Any) -> Any:
    """Read `encode_value`'s form back; WireError (one line) for anything it would not have written.

    `expected` is an annotation the result must conform to (Any: no check)."""
    reader = _Reader()
    value = reader.read(data, 0)
    if not conforms(value, expected):
        raise WireError(f"expected {_name(expected)}, got {type(value).__name__}")
    return value


class _Reader:
    def __init__(self) -> None:
        self.nodes = 0

    def read(self, data: Any, depth: int) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise WireError("too many values")
        if depth > MAX_DEPTH:
            raise WireError("values nested too deep")
        kind = type(data)
        if data is None or kind is bool:
            return data
        if kind is int:
            if not -MAX_INT < data < MAX_INT:
                raise WireError("a number out of range")
            return data
        if kind is float:
            if not math.isfinite(data):
                raise WireError("a number that is not finite")
            return data
        if kind is str:
            return check_text(data)
        if kind is list:
            return [self.read(v, depth + 1) for v in data]
        if kind is not dict or len(data) != 1:
            raise WireError(f"unexpected {kind.__name__}")
        (tag, body), = data.items()
        if tag == "$t":
            return tuple(self.read(v, depth + 1) for v in _list(body))
        if tag == "$d":
            out = {}
            for pair in _list(body):
                key, value = _pair(pair)
                key = self.read(key, depth + 1)
                if not _hashable(key):
                    raise WireError("a dict key that cannot be a key")
                out[key] = self.read(value, depth + 1)
            return out
        if tag == "$e":
            name, value = _pair(body)
            cls = ENUMS.get(name) if type(name) is str else None
            if cls is None:
                raise WireError("an unknown kind of value")
            try:
                return cls(value)
            except (ValueError, TypeError):
                raise WireError(f"not a {name}") from None
        if tag == "$x":
            return self._text(body, depth)
        if tag == "$j":
            parts, sep = _pair(body)
            parts = [self.read(p, depth + 1) for p in _list(parts)]
            sep = self.read(sep, depth + 1)
            if not isinstance(sep, str):
                raise WireError("a joined text's separator is no text")
            return Joined(parts, sep)
        if tag == "$c":
            return self._dataclass(body, depth)
        raise WireError("an unknown kind of value")

    def _text(self, body: Any, depth: int) -> Text:
        items = _list(body)
        if len(items) != 4:
            raise WireError("a text needs 4 parts")
        template, plural, rule, params = items
        if type(template) is not str or (plural is not None and type(plural) is not str) or (
                rule is not None and type(rule) is not str):
            raise WireError("a text's parts are not texts")
        if params:   # a Text without params is not formatted: its braces are harmless
            for part in (template, plural):
                if part is not None:
                    _check_template(part)
        values = {}
        for pair in _list(params):
            key, value = _pair(pair)
            if type(key) is not str or not key.isidentifier():
                raise WireError("a text parameter without a name")
            values[key] = self.read(value, depth + 1)
        try:
            return Text(check_text(template) if plural is None else (check_text(template), check_text(plural)),
                        rule=None if rule is None else check_text(rule), **values)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):
            raise WireError("a text whose parameters do not fit it") from None

    def _dataclass(self, body: Any, depth: int) -> Any:
        """A record; one of KEPT_RECORDS read before at this depth from the very same plain JSON is taken from
        `_KEPT` (its values counted against the budget as reading it counts them: the same answer, or the same
        "too many values")."""
        if not (type(body) is list and len(body) == 2 and type(body[0]) is str and body[0] in KEPT_RECORDS):
            return self._make_record(body, depth)
        try:
            key = (depth, _JSON_ENCODER.encode(body))
        except Exception:   # not JSON (msgspec's own errors, a number too big): read as it is, to its WireError
            return self._make_record(body, depth)
        known = _KEPT.get(key)
        # the bytes decode back to `body` only if it is plain JSON (a tuple, a number key, inf would not)
        if known is not None and _JSON_DECODER.decode(key[1]) == body:
            value, nodes = known
            self.nodes += nodes
            if self.nodes > MAX_NODES:
                raise WireError("too many values")
            return value
        before = self.nodes
        value = self._make_record(body, depth)
        with _KEPT_LOCK:
            if len(_KEPT) >= MAX_KEPT:
                del _KEPT[next(iter(_KEPT))]
            _KEPT[key] = (value, self.nodes - before)
        return value

    def _make_record(self, body: Any, depth: int) -> Any:
        name, fields = _pair(body)
        cls = CLASSES.get(name) if type(name) is str else None
        if cls is None or type(fields) is not dict:
            raise WireError("an unknown kind of record")
        hints, names, required = _record(cls)
        if not names.issuperset(fields) or not required.issubset(fields):
            raise WireError(f"a {name} with other fields than it has")
        values = {}
        for key, hint, check in hints:
            if key not in fields:
                continue   # left out because it had its default value (`_is_default`)
            value = self.read(fields[key], depth + 1)
            if not check(value):
                raise WireError(f"{name}.{key} is not a {_name(hint)}")
            values[key] = value
        try:
            return cls(**values)
        except (TypeError, ValueError, AttributeError):
            raise WireError(f"a {name} that cannot be made") from None


def check_text(text: Any) -> str:
    """`text` if it is a string of bounded length without lone surrogates, else WireError."""
    if type(text) is not str and not isinstance(text, Text):
        raise WireError("expected a text")
    if len(text) > MAX_TEXT:
        raise WireError("a text too long")
    if not text.isascii():   # an ASCII string (most) has no surrogate: the flag is read, not the characters
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise WireError("a text that is not UTF-8") from None
    return text


def _check_template(template: str) -> None:
    """Only the placeholders the engine writes: `{name}`, `{name!r}`, `{name:,}`. Why: a format spec such
    as `{name:>999999999}` would make the reader build a gigabyte string, and `{name.attr}` reach into objects.

    A template that passed is remembered (up to `MAX_TEMPLATES` of them): the engine writes a few hundred, and
    a snapshot carries the same ones over and over (every line of every score report)."""
    if template in _GOOD_TEMPLATES:
        return
    try:
        fields = list(string.Formatter().parse(check_text(template)))
    except ValueError:
        raise WireError("a text template that is malformed") from None
    for _literal, name, spec, conversion in fields:
        if name is None:
            continue
        if not name.isidentifier() or spec not in ("", ",") or conversion not in (None, "r"):
            raise WireError("a text template with a placeholder the engine does not write")
    if len(_GOOD_TEMPLATES) < MAX_TEMPLATES:
        _GOOD_TEMPLATES.add(template)


MAX_TEMPLATES = 4096     # templates remembered as checked: a hostile peer sending new ones fills no more memory
_GOOD_TEMPLATES: set[str] = set()


def _is_default(field: dataclasses.Field, value: Any) -> bool:
    """A field holding its plain default (None, 0, False, ""), which the wire form leaves out: half of a Void
    step record's fields are None, and a solo snapshot carries eighty of them."""
    default = field.default
    return default is not dataclasses.MISSING and type(default) in (type(None), bool, int, str) and (
        type(value) is type(default) and value == default)


def _required(cls: type) -> set[str]:
    """The fields the wire form always has: those without a plain default."""
    return {f.name for f in dataclasses.fields(cls) if not (
        f.default is not dataclasses.MISSING and type(f.default) in (type(None), bool, int, str))}


def _list(value: Any) -> list:
    if type(value) is not list:
        raise WireError("expected a list")
    return value


def _pair(value: Any) -> tuple[Any, Any]:
    if type(value) is not list or len(value) != 2:
        raise WireError("expected a pair")
    return value[0], value[1]


def _hashable(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, float, str, Enum)):
        return True
    return type(value) is tuple and all(_hashable(v) for v in value)


_HINTS: dict[type, dict[str, Any]] = {}
_RECORDS: dict[type, tuple[tuple[tuple[str, Any, Any], ...], frozenset[str], frozenset[str]]] = {}


def _record(cls: type) -> tuple[tuple[tuple[str, Any, Any], ...], frozenset[str], frozenset[str]]:
    """What reading a `cls` needs, worked out once per class: each field with its annotation and that
    annotation's check (`_checker`), the field names, and the names the wire form always has (`_required`)."""
    found = _RECORDS.get(cls)
    if found is None:
        hints = _hints(cls)
        found = _RECORDS[cls] = (tuple((key, hint, _checker(hint)) for key, hint in hints.items()),
                                 frozenset(hints), frozenset(_required(cls)))
    return found


def _hints(cls: type) -> dict[str, Any]:
    """Field name → annotation of a dataclass; a name the annotations cannot resolve counts as Any."""
    found = _HINTS.get(cls)
    if found is None:
        try:
            resolved = typing.get_type_hints(cls)
        except Exception:   # an annotation naming a type-checking-only import: check those fields loosely
            resolved = {}
        found = _HINTS[cls] = {f.name: NARROWER.get((cls, f.name), resolved.get(f.name, Any))
                               for f in dataclasses.fields(cls)}
    return found


def conforms(value: Any, hint: Any) -> bool:
    """Whether `value` fits the annotation `hint` (the subset of typing the engine's records use)."""
    return _checker(hint)(value)


_CHECKERS: dict[Any, Any] = {}


def _checker(hint: Any) -> Any:
    """`conforms(·, hint)` as a function of the value alone, the annotation taken apart once (`_compile`)
    and kept per annotation. Why: a snapshot checks tens of thousands of values against the same few
    annotations, and `typing.get_origin`/`get_args` on each were most of the checking's time."""
    try:
        found = _CHECKERS.get(hint)
    except TypeError:   # an unhashable annotation (none of the engine's): taken apart each time
        return _compile(hint)
    if found is None:
        found = _CHECKERS[hint] = _compile(hint)
    return found


def _anything(value: Any) -> bool:
    return True


def _compile(hint: Any) -> Any:
    """The check of `hint`: the same answers, branch by branch, as the one-pass reading of it used to give."""
    if hint is Any or hint is object:
        return _anything
    if hint is None or hint is type(None):
        return lambda value: value is None
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        options = tuple(_checker(a) for a in args)
        return lambda value: any(check(value) for check in options)
    if origin is list:
        if not args:
            return lambda value: type(value) is list
        item = _checker(args[0])
        return lambda value: type(value) is list and all(map(item, value))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _checker(args[0])
            return lambda value: type(value) is tuple and all(map(item, value))
        if not args:
            return lambda value: type(value) is tuple
        items = tuple(_checker(a) for a in args)
        return lambda value: type(value) is tuple and len(items) == len(value) and all(
            check(v) for v, check in zip(value, items))
    if origin is dict:
        if not args:
            return lambda value: type(value) is dict
        key_check, value_check = _checker(args[0]), _checker(args[1])
        return lambda value: type(value) is dict and all(
            key_check(k) and value_check(v) for k, v in value.items())
    if origin is not None:
        return _anything   # an annotation form the records do not use: not checked
    if hint is bool:
        return lambda value: type(value) is bool
    if hint is int:
        return lambda value: isinstance(value, int) and type(value) is not bool   # a Biome is an int too
    if hint is float:
        return lambda value: type(value) in (int, float)
    if hint is str:
        return lambda value: isinstance(value, str)
    if isinstance(hint, type):
        return lambda value: isinstance(value, hint)
    return _anything


def _name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")
