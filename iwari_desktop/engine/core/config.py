"""Game parameters (the OpenSpiel "Game" half): fixed at setup, never changed by play."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.biomes import TribeColour

BASE_FEATS: frozenset[FeatKind] = frozenset({FeatKind.UNION, FeatKind.DISCOVERY, FeatKind.HONOUR, FeatKind.RESPECT})
PLAYER_COLOURS: tuple[TribeColour, ...] = (
    TribeColour.RED, TribeColour.GREEN, TribeColour.BLUE, TribeColour.YELLOW, TribeColour.ORANGE,
)


class ConfigError(ValueError):
    """A setup that cannot start a game; the message says what to change."""


@dataclass(frozen=True)
class PlayerSpec:
    """A seat's name and colour as chosen at setup; the seat is its position in `GameConfig.players`."""

    name: str
    colour: TribeColour


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

    @classmethod
    def quick(cls, map_id: str, n_players: int, seed: int, **kwargs: Any) -> "GameConfig":
        """A config with default names and colours; handy for bots, tests and the CLI."""
        players = tuple(PlayerSpec(f"Player {i + 1}", PLAYER_COLOURS[i]) for i in range(n_players))
        return cls(map_id=map_id, players=players, seed=seed, **kwargs)

    def to_json(self) -> dict[str, Any]:
        """The `setup` object of a save; `from_json` reads it back."""
        return {
            "map": self.map_id,
            "players": [{"name": p.name, "colour": p.colour.value} for p in self.players],
            "seed": self.seed,
            "feats": sorted(f.value for f in self.feats),
            "draft": self.draft,
            "first_player": self.first_player,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameConfig":
        """Read a save's `setup` object; missing optional fields take their defaults.

        Any malformed field raises ConfigError with one line, so a damaged save is refused cleanly.
        """
        try:
            players = tuple(PlayerSpec(str(p["name"]), TribeColour(p["colour"])) for p in data["players"])
            first = data.get("first_player")
            return cls(
                map_id=str(data["map"]),
                players=players,
                seed=int(data["seed"]),
                feats=frozenset(FeatKind(f) for f in data.get("feats", [])),
                draft=bool(data.get("draft", False)),
                first_player=None if first is None else int(first),
            )
        except (KeyError, TypeError, ValueError, OverflowError) as error:
            raise ConfigError(f"bad game setup ({error})") from None
