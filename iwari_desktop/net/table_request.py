"""Making a table on a dedicated server over the wire (issue #33; the server is net/server.py).

Why its own messages: an `iwari serve` has no player at its keyboard, so the person who hosts sends
the setup and the seat plan from their own game, and gets back the join code and the host credential
(the one that may start the game and decide for away seats). A connection's first frame is either a
`Hello` (protocol.py) or a `CreateTable`; after a `TableCreated` answer the server closes normally and
the host connects again with a Hello carrying the credential, like everybody else.

`CreateTable` is read only by a server that allows it (`TableServer(allow_create=True)`, the dedicated
server); the game's own hosting (net/hosting.py) makes its one table itself and refuses it.
"""

from __future__ import annotations

from typing import Annotated, Any, Union

import msgspec
from msgspec import Meta, Struct

from iwari_desktop.net import protocol as p


class SeatRequest(Struct, frozen=True, forbid_unknown_fields=True):
    """One seat of the plan: who plays it ("remote", "local" at the host's computer, or "computer" of `level`)."""

    kind: p.SeatKindText
    level: p.Level | None = None
    name: Annotated[str, Meta(max_length=p.MAX_NAME)] = ""


class CreateTable(Struct, tag=True, forbid_unknown_fields=True, frozen=True):
    """Ask the server for a new table with this setup (`encode_config` form; the server picks the seed)."""

    version: int
    app_version: Annotated[str, Meta(max_length=40)]
    config: dict[str, Any]
    seats: Annotated[list[SeatRequest], Meta(min_length=1, max_length=p.MAX_SEATS)]
    host_name: p.Name


class TableCreated(Struct, tag=True, forbid_unknown_fields=True, frozen=True):
    """The new table's join code and the host's credential (kept secret by the host)."""

    table_code: p.Code
    host_credential: p.Credential


FirstFrame = Union[p.Hello, CreateTable]
_FIRST = msgspec.json.Decoder(FirstFrame)
_CREATED = msgspec.json.Decoder(Union[TableCreated, p.WrongVersion, p.Closed])


def decode_first(raw: bytes | str) -> p.Hello | CreateTable:
    """A connection's first frame: a Hello or a CreateTable (ProtocolError with one line otherwise)."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    if len(raw) > p.MAX_FRAME:
        raise p.ProtocolError(f"frame of {len(raw)} bytes is over the limit of {p.MAX_FRAME}")
    try:
        return _FIRST.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as error:
        raise p.ProtocolError("bad first message: " + " ".join(str(error).split())[:300]) from None
    except RecursionError:
        raise p.ProtocolError("bad first message: nested too deeply") from None


def decode_created(raw: bytes | str) -> TableCreated | p.WrongVersion | p.Closed:
    """The server's answer to a CreateTable (ProtocolError when it is none of the three)."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    try:
        return _CREATED.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as error:
        raise p.ProtocolError("bad answer: " + " ".join(str(error).split())[:300]) from None
