"""What the setup screen has chosen so far, and the engine's verdict on it.

The model only collects choices and turns them into a `GameConfig`. Whether a choice can start a
game is never worked out here: `EngineJudge` builds a trial game from a config and keeps the
engine's `ConfigError` (in words for players) as the reason, so a greyed-out control and a refused
start always say what the engine says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from iwari_desktop.engine import BASE_FEATS, ConfigError, FeatKind, Game, GameConfig, MapError, PlayerSpec, TribeColour
from iwari_desktop.engine.core.config import PLAYER_COLOURS, SIXTH_COLOUR
from iwari_desktop.engine.maps.board import Board
from .setup_words import OPTION_TITLES
from ..ui.words import localized, player_text
from ...i18n import _, ngettext
from ..ui.terms import both, colour_name

DEFAULT_NAMES = ("Aiyana", "Bodhi", "Chenoa", "Dakota", "Elan", "Kiona")
NAME_LIMIT = 16  # characters a name entry takes (longer names would not fit the side panel)
OPTION_DEFAULTS: dict[str, Any] = {"expeditions": False, "courage": False, "worship": 0}
assert set(OPTION_DEFAULTS) == set(OPTION_TITLES)


def colours_for(board: Board | None) -> tuple[TribeColour, ...]:
    """The tribe colours a map offers: the five player colours, and purple where the map seats a sixth (E7)."""
    if board is not None and board.max_players > len(PLAYER_COLOURS):
        return PLAYER_COLOURS + (SIXTH_COLOUR,)
    return PLAYER_COLOURS


@dataclass
class SetupModel:
    map_id: str = ""
    names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES[:3]))
    colours: list[TribeColour] = field(default_factory=lambda: list(PLAYER_COLOURS[:3]))
    computers: list[str | None] = field(default_factory=lambda: [None] * 3)  # a seat's computer level, None: a person
    feats: set[FeatKind] = field(default_factory=lambda: set(BASE_FEATS))
    draft: bool = False
    first: int | None = None
    options: dict[str, Any] = field(default_factory=lambda: dict(OPTION_DEFAULTS))

    def chosen_options(self) -> dict[str, Any]:
        """The options switched on (an option left off stays out of the config, so base saves read as before)."""
        return {name: value for name, value in self.options.items() if value}

    def config(self, seed: int) -> GameConfig:
        seats = self.computers + [None] * (len(self.names) - len(self.computers))
        players = tuple(PlayerSpec(n, c, k) for n, c, k in zip(self.names, self.colours, seats))
        return GameConfig(self.map_id, players, seed, frozenset(self.feats), self.draft, self.first,
                          options=self.chosen_options())

    # ---- edits that keep the form consistent -----------------------------------------------------
    def add_player(self, offered: tuple[TribeColour, ...]) -> None:
        used = set(self.colours)
        self.colours.append(next((c for c in offered if c not in used), offered[0]))
        names = {n.casefold() for n in self.names}
        self.names.append(next((n for n in DEFAULT_NAMES if n.casefold() not in names),
                               _("Player {n}").format(n=len(self.names) + 1)))
        self.computers[len(self.names) - 1:] = [None]

    def remove_player(self, index: int) -> None:
        del self.names[index]
        del self.colours[index]
        del self.computers[index:index + 1]
        if self.first is not None and self.first >= len(self.names):
            self.first = None

    def fit_to(self, board: Board) -> str:
        """Fit the players to a newly chosen map: its player range and its colours. Returns what changed, in words."""
        notes: list[str] = []
        left_out = self.names[board.max_players:]
        while len(self.names) > board.max_players:
            self.remove_player(len(self.names) - 1)
        while len(self.names) < board.min_players:
            self.add_player(colours_for(board))
        offered = colours_for(board)
        recoloured = []
        for i, colour in enumerate(self.colours):
            if colour not in offered:
                used = set(self.colours)
                self.colours[i] = next(c for c in offered if c not in used)
                recoloured.append(self.names[i] or _("Player {n}").format(n=i + 1))
        if left_out:
            who = ", ".join(n or "?" for n in left_out)
            notes.append(ngettext("{map} takes {low} to {high} players, so {who} is left out",
                                  "{map} takes {low} to {high} players, so {who} are left out", len(left_out)).format(
                map=board.name, low=board.min_players, high=board.max_players, who=who))
        if recoloured:
            notes.append(ngettext("{names} changed colour: {colour} plays only on maps for six",
                                  "{names} changed colour: {colour} plays only on maps for six",
                                  len(recoloured)).format(names=both(recoloured), colour=colour_name(SIXTH_COLOUR)))

        return "; ".join(notes)


class EngineJudge:
    """Asks the engine whether a setup can start, by building a trial game; answers are cached per config.

    A trial game costs about a millisecond; the screen asks a handful of them per change.
    """

    def __init__(self) -> None:
        self._verdicts: dict[GameConfig, str | None] = {}

    def refusal(self, config: GameConfig) -> str | None:
        """The engine's reason, in words for players, why `config` cannot start; None when it can."""
        if config not in self._verdicts:
            try:
                Game.new(config)
                verdict = None
            except (ConfigError, MapError) as error:
                verdict = player_text(localized(error))
            if len(self._verdicts) > 512:
                self._verdicts.clear()
            self._verdicts[config] = verdict
        return self._verdicts[config]

    @staticmethod
    def trial(model: SetupModel, options: dict[str, Any], n_players: int | None = None) -> GameConfig:
        """The model's map, player count, feats and colours with plain names and only `options`.

        Plain names keep a half-typed name from standing in for the verdict on a map or an option.
        """
        n = len(model.names) if n_players is None else n_players
        colours: list[TribeColour] = []
        for colour in model.colours[:n]:  # a colour picked twice is the form's mistake, not the map's
            colours.append(colour if colour not in colours else
                           next(c for c in PLAYER_COLOURS + (SIXTH_COLOUR,) if c not in colours and c not in model.colours))
        spare = [c for c in PLAYER_COLOURS + (SIXTH_COLOUR,) if c not in colours]
        colours += spare[:n - len(colours)]
        players = tuple(PlayerSpec(f"Player {i + 1}", colours[i]) for i in range(n))
        return GameConfig(model.map_id, players, 1, frozenset(model.feats), options={k: v for k, v in options.items() if v})

    def map_refusal(self, model: SetupModel) -> str | None:
        """Why this map cannot start with this many players and no options, else None."""
        return self.refusal(self.trial(model, {}))

    def option_refusal(self, model: SetupModel, name: str, value: Any) -> str | None:
        """Why choosing `value` for option `name` would be refused on this map (switching off never is)."""
        if not value:
            return None
        return self.refusal(self.trial(model, {name: value}))

    def options_refusal(self, model: SetupModel) -> str | None:
        """Why the options chosen together cannot start on this map, else None."""
        chosen = model.chosen_options()
        return self.refusal(self.trial(model, chosen)) if chosen else None

    def third_tribe_colour(self, model: SetupModel) -> TribeColour | None:
        """The colour the engine gives a two-player game's third tribe (None with more players or a bad setup)."""
        if len(model.names) != 2 or not model.map_id:
            return None
        try:
            trial = Game.new(self.trial(model, {}))
        except (ConfigError, MapError):
            return None
        third = trial.state.third_tribe
        return trial.state.tribes[third].colour if third is not None else None
