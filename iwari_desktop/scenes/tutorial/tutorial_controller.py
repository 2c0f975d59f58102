"""The tutorial's controller: the ordinary GameController with the coach's gate in front of it.

Every gesture a person (or "Skip this step", or the smoke run) makes goes through the same methods
as in a normal game; before one reaches the engine, the coach checks it is the current step's move.
A refused gesture changes nothing in the game: the coach records the step's explanation, which the
tutorial screen shows in its panel. Computer turns (the scripted opponents) pass untouched.
"""

from __future__ import annotations

from iwari_desktop.engine import Action, Game, Phase, Place, PlaceTotem
from iwari_desktop.engine.tutorial import StepKind
from iwari_desktop.i18n import N_, _
from ..board.controller import GameController
from .tutorial_coach import NO_UNDO, Coach

FOLLOW_COACH = N_("Follow the coach in the panel under the map; the thing to click glows.")


class TutorialController(GameController):
    """A GameController whose gestures the coach filters; see the module docstring."""

    def __init__(self, game: Game, coach: Coach) -> None:
        self.coach = coach
        super().__init__(game, autosave=None)  # a scripted deal cannot be replayed from a save: never saved
        self.you = self.human_seats()[0]  # the learner, named "Your tribe": "Your hand", not "Your tribe's hand"

    def _refuse(self, reason: str | None = None) -> bool:
        self.coach.refuse(reason)
        self._changed()
        return False

    def _learner_turn(self) -> bool:
        return not self.computer_to_move and not (self.turn_done and self.computer_level(self.last_seat) is not None)

    def prompt(self) -> str:
        """The banner's line: on the learner's turn the coach's panel says what to do."""
        if self._learner_turn() and not self.turn_done and not self.over:
            return _(FOLLOW_COACH)
        return super().prompt()

    # ---- cards -------------------------------------------------------------------------------------
    def _blocked(self) -> bool:
        """The ordinary checks, but the learner's own finished turn is explained by the coach."""
        if self.turn_done and self._learner_turn() and not self.over:
            self._refuse()
            return True
        return super()._blocked()

    def toggle_card(self, index: int) -> None:
        if self.turn_done and self._learner_turn() and not self.over:
            self._refuse()
            return None
        if self._blocked_quietly():
            return super().toggle_card(index)  # the ordinary "not now" message
        if not self.coach.allows_card(self, index):
            self._refuse()
            return None
        super().toggle_card(index)
        if self.coach.selection_complete(self):
            self.coach.advance()
            self._changed()
        return None

    def clear_selection(self) -> None:
        if self.selected and not self.coach.is_kind(StepKind.SELECT):
            self._refuse()  # the step's cards stay picked until they are played
            return
        super().clear_selection()

    # ---- the turn ---------------------------------------------------------------------------------
    def confirm(self) -> bool:
        if self.turn_done and not self._learner_turn():
            return super().confirm()  # a scripted opponent's finished turn passes on by itself
        if not self.coach.is_kind(StepKind.END_TURN) or not self.turn_done:
            return self._refuse()
        played = super().confirm()
        if played:
            self.coach.advance()
            self._changed()
        return played

    def set_pieces(self, pieces: int | None) -> None:
        """The "Place 1 piece only" switch: only to the piece count the step asks for."""
        wanted = self.coach.expected()
        if pieces is not None and isinstance(wanted, Place) and pieces != wanted.pieces:
            self._refuse()
            return
        super().set_pieces(pieces)

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return self._refuse(NO_UNDO)

    def totem_allowed(self) -> bool:
        """The totem button and circle light only when the step asks for a totem."""
        return super().totem_allowed() and isinstance(self.coach.expected(), PlaceTotem)

    def lit_territories(self) -> set[int]:
        if self.state.phase is Phase.MAIN and self._learner_turn():
            return self.coach.lit(self).territories if self.selected else set()
        return super().lit_territories()

    def lit_spaces(self) -> set[int]:
        if self._learner_turn() and self.state.phase is Phase.PIECES:
            return self.coach.lit(self).spaces & super().lit_spaces()
        return super().lit_spaces()

    def _blocked_quietly(self) -> bool:
        """A gesture the ordinary controller refuses anyway (not the learner's turn)."""
        return self.turn_done or self.computer_to_move or self.over

    # ---- the one gate to the engine ------------------------------------------------------------------
    def click_territory(self, territory: int) -> bool:
        if self.turn_done and self._learner_turn() and not self.over:
            return self._refuse()
        if self._learner_turn() and not self._blocked_quietly():
            wanted = self.coach.expected()
            if self.state.phase is Phase.PIECES:
                pending = self.state.pending
                if not isinstance(wanted, PlaceTotem) or pending is None or pending.territory != territory:
                    return self._refuse()
            elif not isinstance(wanted, Place) or wanted.territory != territory:
                return self._refuse()
        return super().click_territory(territory)

    def click_totem_stack(self, territory: int) -> bool:
        if self._learner_turn() and not self._blocked_quietly() and not isinstance(self.coach.expected(), PlaceTotem):
            return self._refuse()
        return super().click_totem_stack(territory)

    def _submit(self, action: Action) -> bool:
        if self._learner_turn() and not self.turn_done:
            if not self.coach.allows(action):
                return self._refuse()
            played = super()._submit(action)
            if played:
                self.coach.advance()
                self._changed()
            return played
        return super()._submit(action)
