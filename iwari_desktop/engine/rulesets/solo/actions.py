"""The decisions solo and co-op add, each a small frozen Action with a text form for saves and logs.

`void-play t3 forest+coast+coast 2 v1` (the Void action, S4: a Place for the Void and/or Void cards laid
above the display; `-` for no Place), `void-skip desert` (S4's skip), `void-choice t3` / `void-choice s12`
(a choice the rules leave to the player: territory order, the closest space on a tie, the territory of a
settlement bonus), `free-place t4 2` / `decline` (S8's free Place), `move t2 t5 desert+tundra+tundra`
and `move-piece s3 s40` / `move-piece totem` (S9), `void-hand` (P20: a hand of only Void cards skips
the player action). The Void's and the free Place's pieces reuse the base `tent s<n>` / `totem`.
"""

from __future__ import annotations

from dataclasses import dataclass

from iwari_desktop.engine.core.actions import Action, register_action_parser
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.errors import ActionParseError


def _cards(cards: tuple[Biome, ...]) -> str:
    return "+".join(c.key for c in cards)


@dataclass(frozen=True, slots=True)
class VoidPlay(Action):
    """S4: `cards` pay for `pieces` Void pieces in `territory` (None: no Place), and `void_cards` Void
    cards go above the display (each play of at least one sets off one Infection or a Corruption)."""

    territory: int | None
    cards: tuple[Biome, ...]
    pieces: int
    void_cards: int

    def __str__(self) -> str:
        place = "-" if self.territory is None else f"t{self.territory} {_cards(self.cards)} {self.pieces}"
        return f"void-play {place} v{self.void_cards}"


@dataclass(frozen=True, slots=True)
class VoidSkip(Action):
    """S4: discard `card`, of a completely explored biome, instead of the Void action."""

    card: Biome

    def __str__(self) -> str:
        return f"void-skip {self.card.key}"


@dataclass(frozen=True, slots=True)
class VoidChoice(Action):
    """A choice the rules leave to the player (S5, S8, P21): a territory (`space` False) or a tent space."""

    target: int
    space: bool

    def __str__(self) -> str:
        return f"void-choice {'s' if self.space else 't'}{self.target}"


@dataclass(frozen=True, slots=True)
class FreePlace(Action):
    """S8: the free Place of a new settlement, `pieces` pieces in `territory`, no cards."""

    territory: int
    pieces: int

    def __str__(self) -> str:
        return f"free-place t{self.territory} {self.pieces}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """S8: the free Place is optional."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class MovePieces(Action):
    """S9: pay `cards` (of `source`'s completely explored biome, pairs wild) to move pieces to `territory`."""

    source: int
    territory: int
    cards: tuple[Biome, ...]
    pieces: int

    def __str__(self) -> str:
        return f"move t{self.source} t{self.territory} {_cards(self.cards)} {self.pieces}"


@dataclass(frozen=True, slots=True)
class MovePiece(Action):
    """One piece of a move: the tent on `source_space` to `space`, or (both None) a totem."""

    source_space: int | None
    space: int | None

    def __str__(self) -> str:
        return "move-piece totem" if self.space is None else f"move-piece s{self.source_space} s{self.space}"


@dataclass(frozen=True, slots=True)
class VoidHand(Action):
    """P20: the hand holds only Void cards, so the player action is skipped."""

    def __str__(self) -> str:
        return "void-hand"


def _number(token: str, prefix: str, text: str) -> int:
    if len(token) < 2 or token[0] != prefix or not token[1:].isdigit():
        raise ActionParseError(f"bad action {text!r}: expected {prefix}<number>, got {token!r}")
    return int(token[1:])


def _parse_cards(token: str, text: str) -> tuple[Biome, ...]:
    try:
        return tuple(Biome.parse(c) for c in token.split("+"))
    except ValueError as error:
        raise ActionParseError(f"bad action {text!r}: {error}") from None


@register_action_parser
def parse_vs_void(text: str) -> Action | None:
    """The texts above back to actions; None for other verbs."""
    words = text.split()
    if not words:
        return None
    verb, args = words[0], words[1:]
    if verb == "void-play":
        if len(args) == 2 and args[0] == "-":
            return VoidPlay(None, (), 0, _number(args[1], "v", text))
        if len(args) == 4 and args[2].isdigit():
            return VoidPlay(_number(args[0], "t", text), _parse_cards(args[1], text), int(args[2]),
                            _number(args[3], "v", text))
        raise ActionParseError(f"bad action {text!r}: expected void-play t<n> <cards> <pieces> v<n>")
    if verb == "void-skip" and len(args) == 1:
        return VoidSkip(_parse_cards(args[0], text)[0])
    if verb == "void-choice" and len(args) == 1:
        space = args[0].startswith("s")
        return VoidChoice(_number(args[0], "s" if space else "t", text), space)
    if verb == "free-place" and len(args) == 2 and args[1].isdigit():
        return FreePlace(_number(args[0], "t", text), int(args[1]))
    if verb == "decline" and not args:
        return Decline()
    if verb == "move" and len(args) == 4 and args[3].isdigit():
        return MovePieces(_number(args[0], "t", text), _number(args[1], "t", text), _parse_cards(args[2], text),
                          int(args[3]))
    if verb == "move-piece":
        if args == ["totem"]:
            return MovePiece(None, None)
        if len(args) == 2:
            return MovePiece(_number(args[0], "s", text), _number(args[1], "s", text))
        raise ActionParseError(f"bad action {text!r}: expected move-piece s<from> s<to> or move-piece totem")
    if verb == "void-hand" and not args:
        return VoidHand()
    return None
