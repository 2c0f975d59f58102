"""Typed errors of the engine."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from iwari_desktop.engine.core.text import Text, nN_


class IllegalAction(Exception):
    """An action the rules forbid; the message starts with the ruling id it breaks (e.g. "B8: ...").

    `reason` is the sentence without the id: a `Text` (see core/text.py), so a scene can show it in
    the player's language while `str(error)` stays English for logs, saves and the CLI. Call it as
    `IllegalAction("B11", N_("{name} has no tents left"), name=...)` or with a ready `Text`.
    """

    def __init__(self, rule: str, message: "str | tuple[str, str]", /, **params: Any) -> None:
        if not isinstance(message, Text) or params:
            message = Text(message, **params)
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.reason: Text = message


class ActionParseError(ValueError):
    """A text form that is not an action."""


def plural(count: int, noun: str) -> str:
    """'1 piece', '2 pieces': engine messages are shown to players word for word."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


@lru_cache(maxsize=128)
def pieces(count: int) -> Text:
    """'1 piece' / '2 pieces' as a translatable Text."""
    return Text(nN_("{count} piece", "{count} pieces"), count=count)


@lru_cache(maxsize=128)
def tents(count: int) -> Text:
    """'1 tent' / '2 tents' (cached: scoring asks for the same few counts over and over)."""
    return Text(nN_("{count} tent", "{count} tents"), count=count)


@lru_cache(maxsize=128)
def points(count: int) -> Text:
    return Text(nN_("{count} point", "{count} points"), count=count)


@lru_cache(maxsize=128)
def totems(count: int) -> Text:
    return Text(nN_("{count} totem", "{count} totems"), count=count)


def totem_cap_refusal(territory: str, cap: int) -> IllegalAction:
    """B9: one more totem would break the territory's totem cap (placing or moving a totem)."""
    return IllegalAction("B9", nN_("{territory} may hold at most {count} totem: the most tents any one tribe has there",
                                   "{territory} may hold at most {count} totems: the most tents any one tribe has there"),
                         territory=territory, count=cap)
