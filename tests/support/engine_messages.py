"""Every player-facing sentence the engine marks for translation, found by reading its source.

The engine marks a sentence with `N_("...")` (or a singular/plural pair with `nN_("...", "...")`) and
passes it, with its named params as keywords, to `Text`, `ruled` or `IllegalAction`. This module walks
the source with `ast` (no import, no extraction tool) so the tests can check each template against the
params its call site fills and against the German catalogue fragment.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path
from repo_root import ROOT
PACKAGE = ROOT / "iwari_desktop"
# The engine, plus the one scene module that words engine refusals (its `_()`/`N_()` sentences).
SOURCES = sorted((PACKAGE / "engine").rglob("*.py")) + [PACKAGE / "scenes" / "ui" / "words.py"]
FRAGMENT = PACKAGE / "locale" / "de" / "engine-fragment.po"
# Calls that take a message first (after the rule for IllegalAction/ruled) and its params as keywords.
_MESSAGE_CALLS = {"Text", "ruled", "IllegalAction"}
_EXTRA = {"rule"}  # keywords that are not params of the sentence


@dataclass(frozen=True)
class Message:
    msgid: str
    plural: str | None
    where: str                    # "path:line"
    params: frozenset[str] | None  # the keywords its call fills; None: not passed to a message call here


def _marked(node: ast.AST) -> tuple[str, str | None] | None:
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        return None
    name, args = node.func.id, node.args
    if name in ("N_", "_") and len(args) == 1 and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
        return args[0].value, None
    if name == "nN_" and len(args) == 2 and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
        return args[0].value, args[1].value
    return None


def _call_name(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def engine_messages() -> list[Message]:
    """Every marked sentence, once per place it is marked. Read once per worker while the sources stay as they
    are (three tests ask; the parse of the engine was most of their time)."""
    return list(_messages_in(tuple((path, path.stat().st_mtime_ns, path.stat().st_size) for path in SOURCES)))


@functools.lru_cache(maxsize=1)
def _messages_in(sources: tuple[tuple[Path, int, int], ...]) -> tuple[Message, ...]:
    """`engine_messages` of the files `sources` names (each with its change time and size)."""
    found: list[Message] = []
    for path, _changed, _size in sources:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        owned: dict[int, frozenset[str] | None] = {}
        tables: dict[str, frozenset[str] | None] = {}   # a table of templates used as Text(TABLE[key], ...)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _call_name(node) in _MESSAGE_CALLS:
                keywords = [k.arg for k in node.keywords]
                params = None if None in keywords else frozenset(k for k in keywords if k not in _EXTRA)
                for arg in node.args:
                    if isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name):
                        tables[arg.value.id] = params
                    if isinstance(arg, ast.Name):   # a template kept in a name: Text(CLAIM_WORDS, ...)
                        tables[arg.id] = params
                    for choice in (arg.body, arg.orelse) if isinstance(arg, ast.IfExp) else (arg,):
                        if _marked(choice) is not None:
                            owned[id(choice)] = params
        for node in ast.walk(tree):
            if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                    and node.targets[0].id in tables):
                for inner in ast.walk(node.value):
                    if _marked(inner) is not None:
                        owned.setdefault(id(inner), tables[node.targets[0].id])
        for node in ast.walk(tree):
            marked = _marked(node)
            if marked is not None:
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                found.append(Message(marked[0], marked[1], where, owned.get(id(node))))
    return tuple(found)


def read_fragment(path: Path = FRAGMENT):
    """The German fragment as a Babel catalogue."""
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        return read_po(handle, locale="de")
