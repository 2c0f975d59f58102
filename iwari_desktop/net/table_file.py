"""A table's save, so a host or `iwari serve` that restarts reopens it and the players rejoin their seats.

The game inside is an ordinary save (`engine/files/saves.py`, docs/save-format.md): setup, action log,
undo floor and digests, replayed and checked on reading. Around it: the join code, the seat plan and
names, the sha256 of every credential (never a credential itself: a stolen table file acts for nobody),
the state number (so intents seen before the restart are still judged right) and the chat's tail.

Reading is typed and bounded by one msgspec schema: anything malformed, of the wrong type or too big is a
one-line TableError, never a traceback (a fuzz test feeds it garbage).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from iwari_desktop.engine.core.config import COMPUTER_LEVELS, ConfigError, GameConfig
from iwari_desktop.engine.files.saves import SaveError, load_game, save_game
from iwari_desktop.net import protocol as p
from iwari_desktop.net.chat import CHAT_TAIL, clean_chat, clean_name
from iwari_desktop.net.seat_view import public_log_entry
from iwari_desktop.net.seats import ChatEntry, SeatKind, SeatPlan, TableError

if TYPE_CHECKING:
    from iwari_desktop.net.table import Table

TABLE_FORMAT = "iwari-desktop-table"
TABLE_VERSION = 1

Hash = Annotated[str, Meta(pattern="^[0-9a-f]{64}$")]


class _SeatFile(Struct, forbid_unknown_fields=True):
    kind: Literal["remote", "local", "computer"]
    name: Annotated[str, Meta(max_length=p.MAX_NAME)]
    level: Annotated[str, Meta(max_length=12)] | None = None
    credential_hash: Hash | None = None
    ready: bool = False
    standin: Annotated[str, Meta(max_length=12)] | None = None


class _ChatFile(Struct, forbid_unknown_fields=True):
    name: Annotated[str, Meta(max_length=p.MAX_NAME)]
    text: Annotated[str, Meta(max_length=p.MAX_CHAT)]
    at: float


class _TableFile(Struct, forbid_unknown_fields=True):
    format: Literal["iwari-desktop-table"]
    version: Annotated[int, Meta(ge=1)]
    code: Annotated[str, Meta(min_length=1, max_length=p.MAX_CODE)]
    host_name: Annotated[str, Meta(max_length=p.MAX_NAME)]
    host_hash: Hash
    setup: dict[str, Any]
    seats: Annotated[list[_SeatFile], Meta(min_length=1, max_length=p.MAX_SEATS)]
    state_number: Annotated[int, Meta(ge=0, le=2**31)] = 0
    game: dict[str, Any] | None = None
    chat: Annotated[list[_ChatFile], Meta(max_length=CHAT_TAIL)] = []


def table_to_json(table: "Table") -> dict[str, Any]:
    """The table as JSON-ready data (host side only: it holds the setup's seed and the full game)."""
    return {
        "format": TABLE_FORMAT,
        "version": TABLE_VERSION,
        "code": table.code,
        "host_name": table.host_name,
        "host_hash": table.host_hash,
        "setup": table.config.to_json(),
        "seats": [{"kind": s.kind.value, "name": s.name, "level": s.level, "credential_hash": s.credential_hash,
                   "ready": s.ready, "standin": s.standin} for s in table.seats],
        "state_number": table.state_number,
        "game": None if table.game is None else save_game(table.game),
        "chat": [{"name": c.name, "text": c.text, "at": c.at} for c in table.chat],
    }


def table_from_json(cls: type["Table"], data: object, now: float) -> "Table":
    """Rebuild a Table from `table_to_json`'s data; TableError (one line) for anything damaged.

    Nobody is connected after a restart: once the game runs every seat starts away at `now` (its
    stand-in, if the host had chosen one, plays on). LOCAL seats get fresh credentials, handed to the
    host's connection when it says Hello with the host credential.
    """
    if not isinstance(data, dict):
        raise TableError("a table file holds a JSON object")
    if data.get("format") == TABLE_FORMAT and isinstance(data.get("version"), int) and data["version"] > TABLE_VERSION:
        raise TableError(f"the table file is of a newer version ({data['version']}); please update the game")
    try:
        record = msgspec.convert(data, _TableFile)
    except (msgspec.ValidationError, RecursionError) as error:
        raise TableError(f"damaged table file: {' '.join(str(error).split())[:200]}") from None
    try:
        config = GameConfig.from_json(record.setup)
        config.check_options()
    except ConfigError as error:
        raise TableError(f"damaged table file: {error}") from None
    if len(record.seats) != len(config.players):
        raise TableError("damaged table file: its seats do not match its setup")
    for index, seat in enumerate(record.seats):
        if seat.kind == "computer" and seat.level not in COMPUTER_LEVELS:
            raise TableError(f"damaged table file: seat {index} has no computer level")
        if seat.standin is not None and seat.standin not in COMPUTER_LEVELS:
            raise TableError(f"damaged table file: seat {index} has an unknown stand-in")
    plan = [SeatPlan(SeatKind(s.kind), s.level, s.name or f"Player {i + 1}") for i, s in enumerate(record.seats)]
    try:
        table = cls(record.code, config, plan, record.host_name or "Host")
    except (TableError, ValueError) as error:
        raise TableError(f"damaged table file: {error}") from None
    table.host_hash, table.host_credential = record.host_hash, ""
    for seat, stored in zip(table.seats, record.seats):
        if seat.kind is SeatKind.REMOTE:
            seat.credential, seat.credential_hash = None, stored.credential_hash
        seat.ready = stored.ready
    if record.game is not None:
        try:
            table.game = load_game(record.game, source="table")
        except SaveError as error:
            raise TableError(str(error).splitlines()[0][:300]) from None
        except (RecursionError, ValueError, TypeError, KeyError, AttributeError) as error:
            raise TableError(f"damaged table file: the game cannot be read ({type(error).__name__})") from None
        if len(table.game.config.players) != len(table.seats) or table.game.config.map_id != config.map_id:
            raise TableError("damaged table file: its game does not match its seats")
        table.log = [public_log_entry(action) for action in table.game.log]
        for seat, stored in zip(table.seats, record.seats):
            if seat.kind is not SeatKind.COMPUTER:
                seat.away_since, seat.standin = now, stored.standin
    table.state_number = record.state_number
    table.chat = [ChatEntry(clean_name(c.name, "?"), clean_chat(c.text), c.at) for c in record.chat]
    return table
