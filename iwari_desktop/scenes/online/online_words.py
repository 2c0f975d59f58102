"""The online screens' words that more than one screen says: a seat's kind and state, the computer levels."""

from __future__ import annotations

from ...i18n import N_, _
from ..ui import terms
from .online_net import SeatLine

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
KIND_NAMES = {"remote": N_("Player online"), "local": N_("At the host's computer"), "computer": N_("Computer")}


def level_name(level: str | None) -> str:
    return terms.level_name(level or "normal")


def clock(seconds: float) -> str:
    seconds = int(max(0.0, seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


def seat_state(line: SeatLine, away: float | None, in_game: bool = False) -> str:
    """A seat's state in a few words: connected, away for how long, a computer standing in, free."""
    if line.kind == "computer":
        return _("computer, {level}").format(level=level_name(line.level))
    if away is not None:
        if line.standin is not None:
            return _("away {time} · a computer ({level}) plays").format(time=clock(away), level=level_name(line.standin))
        return _("away {time}").format(time=clock(away))
    if not line.taken:
        return _("free seat")
    if not line.connected:
        return _("not connected")
    return _("ready") if line.ready and not in_game else _("connected")


def seat_state_short(line: SeatLine, away: float | None) -> str:
    """The same state in fewer words, for the board's strip when the whole of `seat_state` does not fit ("" when
    the seat's dot says enough: connected). Why: with three or more seats a stand-in's "away 0:03 · a computer
    (Normal) plays" was cut just where it said who plays (play-test 2026-11-29)."""
    if line.kind == "computer":
        return level_name(line.level)
    if away is not None:
        return _("computer plays") if line.standin is not None else _("away {time}").format(time=clock(away))
    if line.taken and not line.connected:
        return _("not connected")
    return ""


def seat_kind(line: SeatLine) -> str:
    if line.kind == "computer":
        return _("Computer ({level})").format(level=level_name(line.level))
    return _(KIND_NAMES.get(line.kind, KIND_NAMES["remote"]))
