"""The seats of an online table, the secrets that act for them and the setup it accepts (issue #33).

A credential is `secrets.token_urlsafe(24)` (192 random bits), handed once to the connection that takes
the seat and kept by the player; the host keeps only its sha256 and compares in constant time
(`hmac.compare_digest`), so neither a table file nor a timing side channel gives a seat away. Join
codes are short and read aloud, so their alphabet has no look-alikes.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from msgspec import Struct

from iwari_desktop.engine.core.config import ConfigError, GameConfig
from iwari_desktop.engine.core.game import Game
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.maps.board import MapError
from iwari_desktop.engine.maps.registry import bundled_map_ids

from iwari_desktop.net.chat import RateLimit

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, no 1/I: read aloud and typed without doubt
CODE_LENGTH = 6


class SeatKind(Enum):
    """Who plays a seat: someone on another computer, a person at the host's computer, or a computer."""

    REMOTE = "remote"
    LOCAL = "local"
    COMPUTER = "computer"


@dataclass(frozen=True)
class SeatPlan:
    """A seat as the host set it up; `level` (one of COMPUTER_LEVELS) only for a computer seat."""

    kind: SeatKind
    level: str | None = None
    name: str = ""


class TableError(ValueError):
    """A table that cannot be made or read back (bad plan, damaged table file); one line saying why."""


@dataclass(frozen=True)
class Outbox:
    """A message for one connection; `close` is the close code to close it with after sending."""

    conn_id: int
    message: Struct
    close: int | None = None


@dataclass
class Seat:
    """A seat's live record. `credential` (plain) lives only in memory, the file keeps `credential_hash`."""

    index: int
    kind: SeatKind
    level: str | None
    name: str
    credential_hash: str | None = None
    credential: str | None = None
    ready: bool = False
    away_since: float | None = None
    standin: str | None = None          # the computer level playing while the seat is away

    @property
    def taken(self) -> bool:
        return self.kind is SeatKind.COMPUTER or self.credential_hash is not None


@dataclass
class Connection:
    conn_id: int
    name: str
    is_host: bool
    seats: set[int] = field(default_factory=set)
    chat: RateLimit = field(default_factory=RateLimit)


@dataclass(frozen=True)
class ChatEntry:
    name: str
    text: str
    at: float


def new_code() -> str:
    """A short join code: 6 characters of an alphabet without look-alikes (32**6, about a billion)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """A code as typed ("abc def", "abcdef") in the form tables are named by."""
    return "".join(code.split()).upper()


def new_credential() -> str:
    return secrets.token_urlsafe(24)


def credential_hash(credential: str) -> str:
    return hashlib.sha256(credential.encode("utf-8", "surrogatepass")).hexdigest()


def credential_matches(credential: str, stored_hash: str | None) -> bool:
    """Constant-time check of a credential against its stored sha256 (False when the seat has none)."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(credential_hash(credential), stored_hash)


def result_json(game: Game) -> dict[str, Any]:
    """The end as every seat may know it: scores, why it ended and the result's own JSON form (nothing is
    hidden any more at the end)."""
    state = game.state
    data: dict[str, Any] = {"scores": list(state.scores), "end_reason": state.end_reason}
    to_json = getattr(state.result, "to_json", None)
    if callable(to_json):
        data["result"] = to_json()
    return json.loads(json.dumps(data))   # plain JSON: a Text (a str subclass) becomes its English str


def check_setup(config: GameConfig) -> None:
    """TableError unless `config` names a bundled map and deals a game. Why here: a table may be set up by a
    stranger (a dedicated server), and a map path would make the host read its own files; a setup that
    cannot deal would only fail at StartGame, inside the event loop."""
    if config.map_id not in bundled_map_ids():
        raise TableError(f"the setup names no bundled map ({config.map_id[:40]!r})")
    try:
        config.check_options()
        new_game(config)
    except (ConfigError, MapError, ValueError, KeyError, TypeError) as error:
        raise TableError(f"the setup cannot start a game ({' '.join(str(error).split())[:200]})") from None
