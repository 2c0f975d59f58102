"""Actions: small immutable values with a text form, like python-chess moves.

`str(action)` gives the text stored in saves and logs; `parse_action(text)` reads it back.
A Place action only commits cards and a territory; the pieces follow one `PlaceTent`/`PlaceTotem`
step at a time, so each legal-action list stays short (issue: decision points).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from .biomes import Biome
from .errors import ActionParseError


class FeatKind(Enum):
    UNION = "union"
    DISCOVERY = "discovery"
    HONOUR = "honour"
    RESPECT = "respect"
    COURAGE = "courage"
    WORSHIP = "worship"


class Action:
    """Base of every action. `reveals_hidden` marks actions after which undo is no longer possible."""

    __slots__ = ()
    reveals_hidden: bool = False


@dataclass(frozen=True, slots=True)
class Place(Action):
    territory: int
    cards: tuple[Biome, ...]
    pieces: int

    def __str__(self) -> str:
        return f"place t{self.territory} {'+'.join(c.key for c in self.cards)} {self.pieces}"


@dataclass(frozen=True, slots=True)
class PlaceTent(Action):
    space: int

    def __str__(self) -> str:
        return f"tent s{self.space}"


@dataclass(frozen=True, slots=True)
class PlaceTotem(Action):
    def __str__(self) -> str:
        return "totem"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    card: Biome

    def __str__(self) -> str:
        return f"exchange {self.card.key}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take one card: from the display (`card` is its biome) or the deck top (`card` is None)."""

    card: Biome | None

    @property
    def reveals_hidden(self) -> bool:  # type: ignore[override]
        return self.card is None

    def __str__(self) -> str:
        return "draw deck" if self.card is None else f"draw {self.card.key}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class PlaceFeat(Action):
    """Put an earned feat on a territory (`on_connection` False) or connection number (True)."""

    feat: FeatKind
    target: int
    on_connection: bool

    def __str__(self) -> str:
        return f"feat {self.feat.value} {'c' if self.on_connection else 't'}{self.target}"


# Text forms of actions that rule modules introduce (python-chess finds variants the same way):
# each parser returns its Action for a text it knows, else None.
ACTION_PARSERS: list[Callable[[str], "Action | None"]] = []


def register_action_parser(parser: Callable[[str], "Action | None"]) -> Callable[[str], "Action | None"]:
    if parser not in ACTION_PARSERS:
        ACTION_PARSERS.append(parser)
    return parser


def _index(token: str, prefix: str) -> int:
    if not token.startswith(prefix) or not token[len(prefix):].isdigit():
        raise ActionParseError(f"expected {prefix}<number>, got {token!r}")
    return int(token[len(prefix):])


def parse_action(text: str) -> Action:
    words = text.split()
    if not words:
        raise ActionParseError("empty action")
    verb, args = words[0], words[1:]
    try:
        if verb == "place" and len(args) == 3:
            cards = tuple(Biome.parse(c) for c in args[1].split("+"))
            return Place(_index(args[0], "t"), cards, int(args[2]))
        if verb == "tent" and len(args) == 1:
            return PlaceTent(_index(args[0], "s"))
        if verb == "totem" and not args:
            return PlaceTotem()
        if verb == "exchange" and len(args) == 1:
            return Exchange(Biome.parse(args[0]))
        if verb == "draw" and len(args) == 1:
            return Draw(None if args[0] == "deck" else Biome.parse(args[0]))
        if verb == "pass" and not args:
            return Pass()
        if verb == "feat" and len(args) == 2:
            on_connection = args[1].startswith("c")
            return PlaceFeat(FeatKind(args[0]), _index(args[1], "c" if on_connection else "t"), on_connection)
    except ValueError as error:
        raise ActionParseError(f"bad action {text!r}: {error}") from None
    for parser in ACTION_PARSERS:
        action = parser(text)
        if action is not None:
            return action
    raise ActionParseError(f"bad action {text!r}")
