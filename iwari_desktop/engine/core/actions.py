"""Actions: small immutable values with a text form, like python-chess moves.

`str(action)` gives the text stored in saves and logs; `parse_action(text)` reads it back.
A Place action only commits cards and a territory; the pieces follow one `PlaceTent`/`PlaceTotem`
step at a time, so each legal-action list stays short (issue: decision points).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.errors import ActionParseError
from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_

# Feat names as a sentence reads them, marked for translation (the English is the feat's `value`).
_FEAT_WORDS = {"union": N_("union"), "discovery": N_("discovery"), "honour": N_("honour"), "respect": N_("respect"),
               "courage": N_("courage"), "worship": N_("worship")}


class FeatKind(Enum):
    """Every feat the engine knows: the four base feats (B19), Courage (E9) and Worship (E10).

    `value` is the text form used in actions, saves and observations.
    """

    UNION = "union"
    DISCOVERY = "discovery"
    HONOUR = "honour"
    RESPECT = "respect"
    COURAGE = "courage"
    WORSHIP = "worship"

    @property
    def word(self) -> Text:
        """`value` as a translatable Text, for sentences a player may read in another language."""
        return Text(_FEAT_WORDS[self.value])


class Action:
    """Base of every action. `reveals_hidden` marks actions after which undo is no longer possible."""

    __slots__ = ()
    reveals_hidden: bool = False


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Commit `cards` from the hand to one territory for `pieces` pieces (B5, B6).

    Only the payment is chosen here; the pieces follow as PlaceTent/PlaceTotem steps so each decision
    stays small. In Phase.THIRD_TRIBE it is the third tribe's Place, paid from the active player's hand (B12).
    """

    territory: int
    cards: tuple[Biome, ...]
    pieces: int

    def __str__(self) -> str:
        return f"place t{self.territory} {'+'.join(c.key for c in self.cards)} {self.pieces}"


@dataclass(frozen=True, slots=True)
class PlaceTent(Action):
    """The pending Place's next piece as a tent on `space` (a board-wide space index) in its territory."""

    space: int

    def __str__(self) -> str:
        return f"tent s{self.space}"


@dataclass(frozen=True, slots=True)
class PlaceTotem(Action):
    """The pending Place's next piece as a totem; no argument, since a territory has one totem stack (B10)."""

    def __str__(self) -> str:
        return "totem"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """The whole action is discarding this one card (B5); the hand is refilled by the normal draw afterwards."""

    card: Biome

    def __str__(self) -> str:
        return f"exchange {self.card.key}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take one card: from the display (`card` is its biome) or the deck top (`card` is None)."""

    card: Biome | None

    @property
    def reveals_hidden(self) -> bool:  # type: ignore[override]
        """Only a deck draw shows a hidden card; taking a face-up display card can still be undone."""
        return self.card is None

    def __str__(self) -> str:
        return "draw deck" if self.card is None else f"draw {self.card.key}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """The action of a player with nothing legal to do, which means an empty hand (B5, P3); offered only then."""

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
    """Let `parse_action` read a rule module's own action texts (from saves and logs).

    Usable as a decorator; registering the same parser again is a no-op.
    """
    if parser not in ACTION_PARSERS:
        ACTION_PARSERS.append(parser)
    return parser


def _index(token: str, prefix: str) -> int:
    if not token.startswith(prefix) or not token[len(prefix):].isdigit():
        raise ActionParseError(f"expected {prefix}<number>, got {token!r}")
    return int(token[len(prefix):])


def parse_action(text: str) -> Action:
    """The inverse of `str(action)`, for base actions and every registered module action.

    Anything else raises a one-line ActionParseError, so a damaged log is refused rather than misread.
    """
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
    import iwari_desktop.engine.rulesets as rulesets  # module parsers register on import (a save read before any setup)
    rulesets.load_all()
    for parser in ACTION_PARSERS:
        action = parser(text)
        if action is not None:
            return action
    raise ActionParseError(f"bad action {text!r}")
