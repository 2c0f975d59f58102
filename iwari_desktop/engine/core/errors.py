"""Typed errors of the engine."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid; the message starts with the ruling id it breaks (e.g. "B8: ...")."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.reason = message


class ActionParseError(ValueError):
    """A text form that is not an action."""


def plural(count: int, noun: str) -> str:
    """'1 piece', '2 pieces': engine messages are shown to players word for word."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
