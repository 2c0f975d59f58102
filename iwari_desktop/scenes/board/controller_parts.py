"""The controller's parts, and the controller methods that only pass a call on to one of them.

`GameController` builds its parts (`controller_context`); this base class gives the screens, the
smoke drivers and the tests the controller's long-standing methods for what now lives in a part, so a
call such as `controller.void_sources()` keeps working. It reads nothing but its own part fields.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Biome, Place, PlaceFeat
from iwari_desktop.engine.rulesets.solo.actions import VoidChoice
from .controller_context import RecentMoves
from .controller_flow import ExpansionFlow, FlowOptions
from .controller_gestures import Gestures
from .controller_move import MoveFlow
from .controller_void import VoidFlow
from .controller_words import ControllerWords


class PartsFacade:
    """The parts of a board controller and the calls passed on to them (see the module docstring)."""

    recent: RecentMoves       # Recent moves
    flow: ExpansionFlow       # the expansion's click flows
    moves: MoveFlow           # S9 moves against the Void
    void: VoidFlow            # solo/co-op decisions and the Void's steps
    words: ControllerWords    # banner and tooltips
    gestures: Gestures        # the base game's clicks and keys

    def reset_flow(self) -> None:
        """Drop the half-made choices of every flow (a Void source, the Determination switch, a move)."""
        self.flow.reset_flow()
        self.moves.reset_flow()

    # ---- the base game's gestures (controller_gestures) ----------------------------------------------
    def cards_pickable(self) -> bool:
        return self.gestures.cards_pickable()

    def toggle_card(self, index: int) -> None:
        self.gestures.toggle_card(index)

    def clear_selection(self) -> None:
        self.gestures.clear_selection()

    def set_pieces(self, pieces: int | None) -> None:
        self.gestures.set_pieces(pieces)

    def click_territory(self, territory: int) -> bool:
        return self.gestures.click_territory(territory)

    def click_space(self, space: int) -> bool:
        return self.gestures.click_space(space)

    def click_nowhere(self) -> None:
        self.gestures.click_nowhere()

    def click_connection(self, number: int) -> bool:
        return self.gestures.click_connection(number)

    def click_totem_stack(self, territory: int) -> bool:
        return self.gestures.click_totem_stack(territory)

    def place_totem(self) -> bool:
        return self.gestures.place_totem()

    def place_feat(self, target: int, on_connection: bool | None = None) -> bool:
        return self.gestures.place_feat(target, on_connection)

    def exchange(self) -> bool:
        return self.gestures.exchange()

    def pass_turn(self) -> bool:
        return self.gestures.pass_turn()

    def draw_display(self, index: int) -> bool:
        return self.gestures.draw_display(index)

    def draw_deck(self) -> bool:
        return self.gestures.draw_deck()

    def undo(self) -> bool:
        return self.gestures.undo()

    def confirm(self) -> bool:
        return self.gestures.confirm()

    def accept_handoff(self) -> bool:
        return self.gestures.accept_handoff()

    @property
    def void_source(self) -> int | None:
        return self.flow.void_source

    @property
    def use_permit(self) -> bool:
        return self.flow.use_permit

    def paid_cards(self, action: Action) -> tuple[Biome, ...] | None:
        return self.flow.paid_cards(action)

    def uses_permit(self, action: Place) -> bool:
        return self.flow.uses_permit(action)

    def flow_options(self) -> FlowOptions:
        return self.flow.flow_options()

    def void_sources(self) -> set[int]:
        return self.flow.void_sources()

    def void_destinations(self) -> set[int]:
        return self.flow.void_destinations()

    def lit_tokens(self) -> dict[int, int]:
        return self.flow.lit_tokens()

    def permit_offered(self) -> bool:
        return self.flow.permit_offered()

    def void_totem_allowed(self) -> bool:
        return self.flow.void_totem_allowed()

    def feat_options(self) -> list[PlaceFeat]:
        return self.flow.feat_options()

    def toggle_permit(self) -> bool:
        return self.flow.toggle_permit()

    def click_token(self, token: int) -> bool:
        return self.flow.click_token(token)

    def place_void_totem(self) -> bool:
        return self.flow.place_void_totem()

    def moving(self) -> bool:
        return self.moves.moving()

    def chosen_move_source(self) -> int | None:
        return self.moves.chosen_move_source()

    def chosen_move_from(self) -> int | None:
        return self.moves.chosen_move_from()

    def move_totem_allowed(self) -> bool:
        return self.moves.move_totem_allowed()

    # ---- solo and co-op ---------------------------------------------------------------------------
    def void_view(self) -> dict[str, Any] | None:
        return self.void.void_view()

    def void_action_open(self) -> bool:
        return self.void.void_action_open()

    def void_choices(self) -> list[VoidChoice]:
        return self.void.void_choices()

    def void_primary(self) -> tuple[str, Action] | None:
        return self.void.void_primary()

    @property
    def history(self) -> list[tuple[int, str]]:
        """Recent moves: (tribe, what it did), public moves for the log panel."""
        return self.recent.lines

    def shown_history(self) -> list[tuple[int, str]]:
        return self.void.shown_history()

    @property
    def void_steps(self) -> list:
        """Solo/co-op: Void step events still to be shown one by one (the steps screen empties it)."""
        return self.void.void_steps

    @property
    def void_steps_pawn(self) -> int | None:
        return self.void.void_steps_pawn

    @void_steps_pawn.setter
    def void_steps_pawn(self, connection: int | None) -> None:
        self.void.void_steps_pawn = connection

    @property
    def history_held(self) -> int:
        return self.void.history_held

    @history_held.setter
    def history_held(self, held: int) -> None:
        self.void.history_held = held

    @property
    def steps_showing(self) -> bool:
        """Solo/co-op: the Void's steps screen is open (the banner then speaks only of it)."""
        return self.void.steps_showing

    @steps_showing.setter
    def steps_showing(self, showing: bool) -> None:
        self.void.steps_showing = showing

    @property
    def shown_state(self):
        """The position every panel shows: the Void's step on screen while its steps show, else the game's."""
        return self.void.shown_state

    @property
    def steps_frame(self):
        """Solo/co-op: the position of the Void's step on screen (the steps screen keeps it up to date)."""
        return self.void.steps_frame

    @steps_frame.setter
    def steps_frame(self, frame) -> None:
        self.void.steps_frame = frame

    def steps_went(self, panel, now: float) -> None:
        self.void.steps_went(panel, now)

    def meant_for_steps(self, confirm: bool, pos, now: float) -> bool:
        return self.void.meant_for_steps(confirm, pos, now)

    # ---- words ------------------------------------------------------------------------------------
    def prompt(self) -> str:
        return self.words.prompt()

    def selection_problem(self) -> str | None:
        return self.words.selection_problem()

    def module_view(self, key: str):
        return self.words.module_view(key)

    def territory_info(self, territory: int) -> list[str]:
        return self.words.territory_info(territory)

    def connection_info(self, number: int) -> list[str]:
        return self.words.connection_info(number)

    def mountain_info(self, number: int) -> list[str]:
        return self.words.mountain_info(number)

    def deck_info(self) -> list[str]:
        return self.words.deck_info()

    def card_info(self, biome, where: str) -> list[str]:
        return self.words.card_info(biome, where)

    def feat_info(self, index: int) -> list[str]:
        return self.words.feat_info(index)
