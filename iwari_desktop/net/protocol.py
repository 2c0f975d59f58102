"""The messages between a table's host and its clients (issue #33, notes in docs/network.md).

Every message is a `msgspec.Struct` tagged by its class name in the field "type", so one JSON object
names what it is and a decoder checks its whole schema at once: unknown types, missing or extra-typed
fields and over-long strings never reach the table's logic. Strings are bounded by `Meta` constraints
(a name is at most 24 characters, a chat line 200, an action 120, a join code 12) because a host reads
messages from strangers; the frame itself is bounded by the transport (`MAX_FRAME`).

`PROTOCOL_VERSION` changes whenever a message changes. `Hello` is the one message that never changes
shape: a client of another version is still understood well enough to be told "this table runs
version X" (`WrongVersion`) and nothing else happens.
"""

from __future__ import annotations

import string
from enum import Enum
from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta, Struct

PROTOCOL_VERSION = 1
MAX_FRAME = 256 * 1024  # bytes a frame may hold (websockets' max_size)

MAX_NAME = 24
MAX_CHAT = 200
MAX_ACTION = 120
MAX_CODE = 12
MAX_CREDENTIAL = 64
MAX_SEATS = 6
MAX_LOG = 2000  # log lines in one GameView (a game has a few hundred actions)
MAX_PARAMS = 16

# close codes (RFC 6455 leaves 4000-4999 to applications)
CLOSE_BAD_MESSAGE = 4000
CLOSE_WRONG_VERSION = 4001
CLOSE_BAD_CREDENTIAL = 4002
CLOSE_TOO_MANY = 4003
CLOSE_TOO_SLOW = 4004
CLOSE_TOO_BIG = 1009

Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME)]
ChatText = Annotated[str, Meta(max_length=MAX_CHAT)]
ActionText = Annotated[str, Meta(min_length=1, max_length=MAX_ACTION)]
Code = Annotated[str, Meta(max_length=MAX_CODE)]
Credential = Annotated[str, Meta(min_length=1, max_length=MAX_CREDENTIAL)]
Seat = Annotated[int, Meta(ge=0, lt=MAX_SEATS)]
StateNumber = Annotated[int, Meta(ge=0, le=2**31)]
ShortText = Annotated[str, Meta(max_length=400)]
Level = Annotated[str, Meta(max_length=12)]
SeatKindText = Literal["remote", "local", "computer"]


_FORMATTER = string.Formatter()


class ProtocolError(ValueError):
    """A frame that is not a message of this protocol; the message is one line saying why."""


class Direction(Enum):
    """Which side a frame travels to: a host decodes TO_HOST frames, a client TO_CLIENT frames."""

    TO_HOST = "to_host"
    TO_CLIENT = "to_client"


class _Msg(Struct, tag=True, forbid_unknown_fields=True, frozen=True):
    """Base of every message: the tag (field "type") is the class name."""


class SeatKey(Struct, frozen=True, forbid_unknown_fields=True):
    """A seat and the credential that acts for it (granted in `Welcome`, sent back in `Hello` and intents)."""

    seat: Seat
    credential: Credential


# ---- client -> host -------------------------------------------------------------------------------

class Hello(_Msg):
    """The first message of a connection; an empty `credentials` list is a new joiner.

    `host_credential` (from `create_table`) marks the host's own connection: it may start the game,
    decide for away seats and play again, and it holds the LOCAL seats (people at the host's computer).

    Its shape never changes between versions (see the module doc), so `version` can always be read.
    """

    version: int
    app_version: Annotated[str, Meta(max_length=40)]
    table_code: Code
    name: Name
    credentials: Annotated[list[SeatKey], Meta(max_length=MAX_SEATS)] = []
    host_credential: Credential | None = None   # the host's own connection (it also holds the LOCAL seats)


class TakeSeat(_Msg):
    """Sit at a free remote seat in the lobby under `name`."""

    seat: Seat
    name: Name


class LeaveSeat(_Msg):
    """Stand up from a seat in the lobby (never once the game started)."""

    seat: Seat


class SetReady(_Msg):
    ready: bool


class Intent(_Msg):
    """Play `action` (the engine's text form) for `seat`, as seen at `state_number`."""

    seat: Seat
    credential: Credential
    state_number: StateNumber
    action: ActionText


class Undo(_Msg):
    """Take back the last action of `seat`'s own turn (never past a drawn card)."""

    seat: Seat
    credential: Credential
    state_number: StateNumber


class Chat(_Msg):
    text: ChatText


class StartGame(_Msg):
    """Host only: start once every remote seat is taken."""


class AwayDecision(_Msg):
    """Host only: for an away seat, wait (`computer` None) or let a computer of that level stand in."""

    seat: Seat
    computer: Level | None = None


class PlayAgain(_Msg):
    """Host only, after the end: a new game with the same seats and credentials and a fresh seed."""


class ConfigureSeat(_Msg):
    """Host only, in the lobby: make a seat remote, local or a computer of `level`."""

    seat: Seat
    kind: SeatKindText
    level: Level | None = None


# ---- host -> client -------------------------------------------------------------------------------

class SeatInfo(Struct, frozen=True, forbid_unknown_fields=True):
    """What everybody may know about a seat (never its credential)."""

    seat: Seat
    name: Annotated[str, Meta(max_length=MAX_NAME)]
    kind: SeatKindText
    level: Level | None = None
    taken: bool = False
    connected: bool = False
    ready: bool = False
    away_seconds: float | None = None
    computer_standin: Level | None = None


class Welcome(_Msg):
    """The host's answer to a good Hello: the seats (with credentials) this connection holds."""

    version: int
    table_code: Code
    host_name: Annotated[str, Meta(max_length=MAX_NAME)]
    seats: Annotated[list[SeatKey], Meta(max_length=MAX_SEATS)]
    is_host: bool


class WrongVersion(_Msg):
    """The table runs another protocol version; the connection closes (CLOSE_WRONG_VERSION)."""

    table_version: int
    app_version: Annotated[str, Meta(max_length=40)]


class LobbyState(_Msg):
    map_id: Annotated[str, Meta(max_length=64)]
    mode: Annotated[str, Meta(max_length=16)]
    options: dict[Annotated[str, Meta(max_length=32)], Union[bool, int]]
    seats: Annotated[list[SeatInfo], Meta(max_length=MAX_SEATS)]
    can_start: bool
    started: bool = False


class GameView(_Msg):
    """What one seat may see after a change: `snapshot` is `seat_view.seat_snapshot(state, seat)`.

    `log` is the public log (`seat_view.public_log_entry` of every action), never naming a drawn card.
    """

    state_number: StateNumber
    seat: Seat
    snapshot: dict[str, Any]
    log: Annotated[list[Annotated[str, Meta(max_length=MAX_ACTION)]], Meta(max_length=MAX_LOG)]
    last_action: Annotated[str, Meta(max_length=MAX_ACTION)] | None = None
    last_seat: Seat | None = None
    can_undo: bool = False


class Phrase(Struct, frozen=True, forbid_unknown_fields=True):
    """A translatable sentence as the engine makes it (`core/text.py` Text): an N_ msgid (with its plural)
    and named params, each a plain value or a Phrase itself (a biome's name, a nested reason); or, with
    `parts`, a list joined by `sep` (a Joined). `refusals.text_of(phrase)` rebuilds the Text, which
    `render(text, _, ngettext)` shows in the player's language."""

    msgid: ShortText = ""
    plural: ShortText | None = None
    params: Annotated[dict[Annotated[str, Meta(max_length=32)], Union[str, int, "Phrase"]],
                      Meta(max_length=MAX_PARAMS)] = {}
    rule: Annotated[str, Meta(max_length=24)] | None = None
    parts: Annotated[list[Union[str, "Phrase"]], Meta(max_length=MAX_PARAMS)] | None = None
    sep: Union[str, "Phrase", None] = None


class Refused(_Msg):
    """An intent that did nothing: the engine's rule id (or the table's: "stale", "turn", "credential",
    "seat", "host", "lobby", "chat", ...) and the reason as a Phrase for the client to translate;
    `english` is the whole sentence for logs and for a client that shows it as it is."""

    state_number: StateNumber
    rule: Annotated[str, Meta(max_length=24)]
    reason: Phrase
    english: ShortText = ""

    # the reason's top level, for a client that translates one sentence without nesting (`text_of` does all)
    @property
    def msgid(self) -> str:
        return self.reason.msgid

    @property
    def plural(self) -> str | None:
        return self.reason.plural

    @property
    def params(self) -> dict[str, str | int]:
        """The reason's params, a nested phrase given in English (prefer `refusals.text_of(reason)`)."""
        return {key: phrase_english(value) if isinstance(value, Phrase) else value
                for key, value in self.reason.params.items()}


class ChatLine(_Msg):
    name: Annotated[str, Meta(max_length=MAX_NAME)]
    text: ChatText
    at: float


class SeatStatus(_Msg):
    seats: Annotated[list[SeatInfo], Meta(max_length=MAX_SEATS)]


class GameOver(_Msg):
    state_number: StateNumber
    result: dict[str, Any]


class Closed(_Msg):
    reason: ShortText


def phrase_english(phrase: Phrase, depth: int = 0) -> str:
    """A Phrase as its English sentence (no catalogue), for logs and simple clients."""
    if depth > 8:
        return phrase.msgid
    if phrase.parts is not None:
        sep = phrase_english(phrase.sep, depth + 1) if isinstance(phrase.sep, Phrase) else (phrase.sep or ", ")
        return sep.join(phrase_english(part, depth + 1) if isinstance(part, Phrase) else part for part in phrase.parts)
    params = {key: phrase_english(value, depth + 1) if isinstance(value, Phrase) else value
              for key, value in phrase.params.items()}
    template = phrase.plural if phrase.plural is not None and params.get("count") != 1 else phrase.msgid
    if not params:
        return template
    try:
        fields = [(name, spec, conversion) for _, name, spec, conversion in _FORMATTER.parse(template)
                  if name is not None]
        if not all(name.isidentifier() and name in params and not spec and conversion is None
                   for name, spec, conversion in fields):
            return template
        return template.format(**params)
    except (ValueError, IndexError, KeyError):
        return template


ToHost = Union[Hello, TakeSeat, LeaveSeat, SetReady, Intent, Undo, Chat, StartGame, AwayDecision, PlayAgain,
               ConfigureSeat]
ToClient = Union[Welcome, WrongVersion, LobbyState, GameView, Refused, ChatLine, SeatStatus, GameOver, Closed]
HOST_ONLY = (StartGame, AwayDecision, PlayAgain, ConfigureSeat)

_DECODERS = {Direction.TO_HOST: msgspec.json.Decoder(ToHost), Direction.TO_CLIENT: msgspec.json.Decoder(ToClient)}
_ENCODER = msgspec.json.Encoder()


def encode_message(message: Struct) -> bytes:
    """The JSON bytes of one message (the "type" field first)."""
    return _ENCODER.encode(message)


def decode_message(raw: bytes | str, direction: Direction = Direction.TO_HOST) -> Any:
    """The typed message in `raw`, or ProtocolError with a one-line reason.

    Oversized frames, garbage, an unknown "type", a missing field, a wrong type or a string over its
    bound are all refused here, before any table logic runs.
    """
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    if not isinstance(raw, (bytes, bytearray, memoryview)):
        raise ProtocolError(f"a frame must be bytes, not {type(raw).__name__}")
    if len(raw) > MAX_FRAME:
        raise ProtocolError(f"frame of {len(raw)} bytes is over the limit of {MAX_FRAME}")
    try:
        return _DECODERS[direction].decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as error:
        reason = " ".join(str(error).split())[:300]
        raise ProtocolError(f"bad message: {reason}") from None
    except RecursionError:
        raise ProtocolError("bad message: nested too deeply") from None


def peek_version(raw: bytes | str) -> int | None:
    """The `version` of a Hello frame of any protocol version (None if it is not a readable Hello).

    A host asks this when `decode_message` refused a first frame, to answer a client of another
    version with WrongVersion instead of "bad message".
    """
    try:
        data = msgspec.json.decode(raw)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None
    if isinstance(data, dict) and data.get("type") == "Hello":
        version = data.get("version")
        if type(version) is int:
            return version
    return None
