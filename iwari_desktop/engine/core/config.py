"""Game parameters (the OpenSpiel "Game" half): fixed at setup, never changed by play."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Mapping

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.biomes import TribeColour

from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_

BASE_FEATS: frozenset[FeatKind] = frozenset({FeatKind.UNION, FeatKind.DISCOVERY, FeatKind.HONOUR, FeatKind.RESPECT})
PLAYER_COLOURS: tuple[TribeColour, ...] = (
    TribeColour.RED, TribeColour.GREEN, TribeColour.BLUE, TribeColour.YELLOW, TribeColour.ORANGE,
)
SIXTH_COLOUR = TribeColour.PURPLE  # E7: the sixth tribe, only on maps that take 6 players


class GameMode(Enum):
    """How the seats play: against each other, or alone / as a pair against the Void (S1, S12).

    `value` is stored in saves. Solo and co-op are played by the rule module registered under the
    mode's value; without it a game of that mode cannot start (ConfigError).
    """

    MULTIPLAYER = "multiplayer"
    SOLO = "solo"
    COOP = "coop"


# The modes as a setup refusal names them ("a coop game takes 2 players"), marked for translation.
MODE_WORDS = {GameMode.MULTIPLAYER: N_("multiplayer"), GameMode.SOLO: N_("solo"), GameMode.COOP: N_("coop")}


# mode -> (fewest, most) seats
MODE_SEATS: dict[GameMode, tuple[int, int]] = {GameMode.MULTIPLAYER: (2, 6), GameMode.SOLO: (1, 1), GameMode.COOP: (2, 2)}


@dataclass(frozen=True)
class OptionSpec:
    """A setup option: its type, allowed values and the modes it belongs to; `help` is one line for players."""

    kind: type
    allowed: tuple[Any, ...]
    modes: frozenset[GameMode]
    help: str


_MP = frozenset({GameMode.MULTIPLAYER})
_VS_VOID = frozenset({GameMode.SOLO, GameMode.COOP})
OPTIONS: dict[str, OptionSpec] = {
    "expeditions": OptionSpec(bool, (False, True), _MP, N_("three expedition cards to race for (E8)")),
    "courage": OptionSpec(bool, (False, True), _MP, N_("the Courage feat for exploring the last territory (E9)")),
    "worship": OptionSpec(int, (0, 1, 2, 3), _MP, N_("the Worship feat, variant 1-3, decided before the final scoring (E10)")),
    "k": OptionSpec(int, tuple(range(1, 11)), _VS_VOID, N_("Void territories that make the players lose (S10)")),
    "open_hands": OptionSpec(bool, (False, True), frozenset({GameMode.COOP}), N_("partners see each other's hands (S12)")),
    "auto_void_ties": OptionSpec(bool, (False, True), _VS_VOID, N_("the game decides the Void's ties by a fixed rule")),
}


class ConfigError(ValueError):
    """A setup that cannot start a game; the message says what to change."""


# the computer levels a seat may name (the bots' registry offers exactly these; a test checks)
COMPUTER_LEVELS = ("random", "easy", "normal", "hard")


@dataclass(frozen=True)
class PlayerSpec:
    """A seat's name and colour as chosen at setup; the seat is its position in `GameConfig.players`.

    `computer` is the level of a computer seat ("easy", "normal", "hard"), None for a person. It rides
    in the setup so a save restores who plays each seat; it never changes how the game is dealt.
    """

    name: str
    colour: TribeColour
    computer: str | None = None

    def __post_init__(self) -> None:
        if self.computer is not None and self.computer not in COMPUTER_LEVELS:
            raise ConfigError(f"unknown computer level {self.computer!r} (levels: {', '.join(COMPUTER_LEVELS)})")


@dataclass(frozen=True)
class GameConfig:
    """Everything that fixes a game's start: the same config and map make `new_game` deal the identical game.

    That is why saves store it beside the action log. Frozen: play never changes it.
    """

    map_id: str
    players: tuple[PlayerSpec, ...]
    seed: int
    feats: frozenset[FeatKind] = field(default_factory=frozenset)
    draft: bool = False
    first_player: int | None = None  # None: chosen at random from the seed (B4)
    mode: GameMode = GameMode.MULTIPLAYER
    # setup options (OPTIONS), stored as sorted (name, value) pairs so the config stays hashable
    options: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.options, Mapping):
            object.__setattr__(self, "options", tuple(sorted(self.options.items())))
        else:
            object.__setattr__(self, "options", tuple(sorted(tuple(pair) for pair in self.options)))

    def option(self, name: str, default: Any = None) -> Any:
        """The value of setup option `name`, or `default` when it was not set."""
        return dict(self.options).get(name, default)

    def check_options(self) -> None:
        """ConfigError for an unknown option, a value of the wrong type or range, or an option of another mode.

        Said in the player's language: a setup or table from a newer version reaches these."""
        for name, value in self.options:
            spec = OPTIONS.get(name)
            if spec is None:
                raise ConfigError(Text(N_("unknown option {name} (options: {known})"), name=repr(name),
                                       known=", ".join(sorted(OPTIONS))))
            if type(value) is not spec.kind or value not in spec.allowed:
                allowed = ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in spec.allowed)
                raise ConfigError(Text(N_("option {name} must be one of {allowed}, not {value}"), name=name,
                                       allowed=allowed, value=repr(value)))
            if self.mode not in spec.modes:
                raise ConfigError(Text(N_("option {name} is not part of a {mode} game"), name=name,
                                       mode=Text(MODE_WORDS[self.mode])))

    @classmethod
    def quick(cls, map_id: str, n_players: int, seed: int, **kwargs: Any) -> "GameConfig":
        """A config with default names and colours (the sixth is purple, E7); handy for bots, tests and the CLI."""
        colours = PLAYER_COLOURS + (SIXTH_COLOUR,)
        players = tuple(PlayerSpec(f"Player {i + 1}", colours[i % len(colours)]) for i in range(n_players))
        return cls(map_id=map_id, players=players, seed=seed, **kwargs)

    def to_json(self) -> dict[str, Any]:
        """The `setup` object of a save; `from_json` reads it back.

        `mode` and `options` are written only when not the defaults, so a base game's setup reads as
        it always did (save version 1 digests depend on it).
        """
        data: dict[str, Any] = {
            "map": self.map_id,
            "players": [_player_json(p) for p in self.players],
            "seed": self.seed,
            "feats": sorted(f.value for f in self.feats),
            "draft": self.draft,
            "first_player": self.first_player,
        }
        if self.mode is not GameMode.MULTIPLAYER:
            data["mode"] = self.mode.value
        if self.options:
            data["options"] = {name: value for name, value in self.options}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameConfig":
        """Read a save's `setup` object; missing optional fields take their defaults.

        Any malformed field raises ConfigError with one line, so a damaged save is refused cleanly.
        """
        try:
            players = tuple(PlayerSpec(str(p["name"]), TribeColour(p["colour"]),
                                       None if p.get("computer") is None else str(p["computer"]))
                            for p in data["players"])
            first = data.get("first_player")
            return cls(
                map_id=str(data["map"]),
                players=players,
                seed=int(data["seed"]),
                feats=frozenset(FeatKind(f) for f in data.get("feats", [])),
                draft=bool(data.get("draft", False)),
                first_player=None if first is None else int(first),
                mode=GameMode(data.get("mode", GameMode.MULTIPLAYER.value)),
                options=dict(data.get("options", {})),
            )
        except (KeyError, TypeError, ValueError, OverflowError, AttributeError) as error:
            raise ConfigError(f"bad game setup ({error})") from None


def _player_json(player: PlayerSpec) -> dict[str, Any]:
    """A seat in a save's setup; `computer` only for computer seats, so a save of people reads as before."""
    data: dict[str, Any] = {"name": player.name, "colour": player.colour.value}
    if player.computer is not None:
        data["computer"] = player.computer
    return data
