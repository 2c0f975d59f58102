"""The plain values the online screens read (no network types): seats, the lobby, a seat's view, what arrived,
remembered and found tables, a planned seat. Made by `online_net`, the one module that speaks to net/."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.core.state import GameState


# ---- what the scenes read ------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatLine:
    """A seat as everybody may know it; `mine`: this connection holds it."""

    seat: int
    name: str
    kind: str                      # "remote", "local" or "computer"
    level: str | None = None
    taken: bool = False
    connected: bool = False
    ready: bool = False
    away_seconds: float | None = None
    standin: str | None = None
    mine: bool = False


@dataclass(frozen=True)
class LobbyInfo:
    map_id: str
    mode: str
    can_start: bool
    started: bool


@dataclass(frozen=True)
class SeatView:
    """What the host sent for one seat: the masked state the board draws and plays on, and the public log."""

    seat: int
    state_number: int
    state: GameState
    log: tuple[str, ...]
    last_action: str | None
    last_seat: int | None
    can_undo: bool


@dataclass(frozen=True)
class Update:
    """Something arrived. kind: connected, welcome, lobby, status, view, refused, chat, over, dropped,
    reconnecting, failed, closed. `text` is already in the player's language."""

    kind: str
    text: str = ""
    view: SeatView | None = None


@dataclass(frozen=True)
class ChatEntry:
    """One chat line; `at` is the host's time of it (with the writer and text, what makes a line the same line when
    the host sends the chat's tail again after a reconnect)."""

    name: str
    text: str
    at: float = 0.0


@dataclass(frozen=True)
class Remembered:
    """A table this computer joined before (its seats' credentials are kept with the player's data)."""

    address: str
    port: int
    code: str
    name: str
    seats: tuple[int, ...]
    last_seen: float
    hosted: bool = False       # this computer hosted it: Continue opens the table again from its save


@dataclass(frozen=True)
class TableProgress:
    """How far a table hosted here got, from its save: still in the lobby, a game at a round, or over."""

    started: bool
    over: bool = False
    round: int = 0


@dataclass(frozen=True)
class Found:
    """A table found on the local network."""

    name: str
    address: str
    port: int
    code: str = ""


@dataclass(frozen=True)
class PlannedSeat:
    """A seat as the host sets it up: kind "remote", "local" or "computer" (with its level)."""

    kind: str
    level: str | None
    name: str
