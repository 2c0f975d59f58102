"""A Game: setup + seed + action log + current state, with replay and undo.

The state alone can continue a game; the log is what makes it reproducible (a seed plus the log
replays bit for bit) and what saves store. Undo replays the log minus its last action, which is
cheap at engine speed and can never drift from the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from iwari_desktop.engine.core.actions import Action, Draw, parse_action
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.engine.core.errors import IllegalAction
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.i18n import N_


class UndoUnavailable(Exception):
    """Undo would reach back past a hidden card being revealed or into an earlier turn."""


@dataclass
class Game:
    """A game as the app and saves handle it: setup, current state and the action log.

    Play through `play`, not `rules.apply` on `state`, so that the log (what saves store) and the
    undo floor stay right.
    """

    config: GameConfig
    state: GameState
    log: list[Action] = field(default_factory=list)
    undo_floor: int = 0  # log length below which undo may not go

    @classmethod
    def new(cls, config: GameConfig, board: Board | None = None) -> "Game":
        """A freshly dealt game; `board` defaults to the map `config.map_id` names (bundled id or .tmx path)."""
        return cls(config, new_game(config, board))

    @classmethod
    def replay(cls, config: GameConfig, actions: list[Action | str], board: Board | None = None) -> "Game":
        """Rebuild a game from its setup and log; raises IllegalAction at the first bad step."""
        game = cls.new(config, board)
        for step, action in enumerate(actions, start=1):
            parsed = parse_action(action) if isinstance(action, str) else action
            try:
                game.play(parsed)
            except IllegalAction as error:
                raise IllegalAction(error.rule, N_("step {step} ({action}): {reason}"), step=step, action=str(parsed),
                                    reason=error.reason) from None
        return game

    @property
    def board(self) -> Board:
        """The map; immutable, so every clone of the state shares it."""
        return self.state.board

    def legal_actions(self) -> list[Action]:
        """The same list, in the same stable order, as `rules.legal_actions` on the current state."""
        return legal_actions(self.state)

    def play(self, action: Action) -> None:
        """Apply one action and log it; an IllegalAction leaves state and log untouched.

        Undo cannot go back past an action that revealed a hidden card (a deck draw, or the display
        refilled from the deck), ended the turn, ended the game or was made during the draft.
        """
        turn_before = self.state.turn
        deck_before = len(self.state.deck) + self.state.deck_exhaustions * 1000
        apply(self.state, action)
        self.log.append(action)
        deck_after = len(self.state.deck) + self.state.deck_exhaustions * 1000
        revealed = action.reveals_hidden or deck_after != deck_before
        if revealed or self.state.turn != turn_before or self.state.phase in (Phase.GAME_OVER, Phase.DRAFT):
            self.undo_floor = len(self.log)

    def can_undo(self) -> bool:
        """False at the start of a turn and right after anything hidden was revealed (see `play`)."""
        return len(self.log) > self.undo_floor

    def undo(self) -> Action:
        """Take back the last action of the current turn; hidden cards already seen stay seen."""
        if not self.can_undo():
            raise UndoUnavailable("nothing to undo in this turn since the last hidden card was revealed")
        undone = self.log[-1]
        rebuilt = Game.replay(self.config, self.log[:-1], self.state.board)
        rebuilt.undo_floor = self.undo_floor
        self.state, self.log = rebuilt.state, rebuilt.log
        return undone

    def is_over(self) -> bool:
        """True once the final scoring has run and `state.result` holds the outcome."""
        return self.state.is_terminal()


def is_draw_from_display(action: Action) -> bool:
    """True for a Draw of a face-up display card, the kind of draw that reveals nothing hidden."""
    return isinstance(action, Draw) and action.card is not None
