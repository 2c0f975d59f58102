"""The base game's gestures: a click or key of the board screen turned into one engine action.

A part of `GameController`, kept apart so the controller file holds its state, its views and the one
path to the engine (`_submit`), and this file what each gesture does with them. It is handed the live
controller and calls every other gesture, query and gate through it (`controller.click_territory`,
`ctx.submit`, `ctx.blocked` …), never its own copy: a subclass that puts itself in front of one (the
tutorial's coach refuses clicks, lights fewer spaces, offers the totem only when its step asks) stands in
front of every gesture that leads there too. The controller's own names for these gestures are one-line
forwards in `controller_parts.PartsFacade`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Biome, Draw, Exchange, Pass, Phase, Place, PlaceTent, PlaceTotem
from ...i18n import _
from .controller_context import Message

if TYPE_CHECKING:
    from .controller import GameController


class Gestures:
    """What each click and key of the base game does (see the module docstring)."""

    def __init__(self, controller: GameController) -> None:
        self.c = controller
        self.ctx = controller.ctx  # the controller's gates, bound on the live controller

    def cards_pickable(self) -> bool:
        """Whether a hand card may be picked now (click or number key): the hand shows its keys exactly then."""
        if not self.c.hand_visible or self.c.turn_done or self.c.computer_to_move or self.c.over:
            return False
        return self.c.state.phase in (Phase.MAIN, Phase.THIRD_TRIBE) or self.c.void.void_action_open()

    def toggle_card(self, index: int) -> None:
        if self.c.turn_done or self.c.computer_to_move:
            self.ctx.blocked()  # says why no card is picked now
            return
        if not self.c.hand_visible:
            return
        hand = self.c.hand()
        if not 0 <= index < len(hand):
            return
        if self.c.state.phase not in (Phase.MAIN, Phase.THIRD_TRIBE) and not self.c.void.void_action_open():
            self.ctx.say(_("Your cards are used in the action step. {prompt}").format(prompt=self.ctx.prompt()), True)
            return
        self.c.reset_flow()
        if index in self.c.selected:
            self.c.selected.remove(index)
        elif len(self.c.selected) >= 3:
            self.ctx.say(_("A turn plays at most 3 cards."), True)
            return
        else:
            self.c.selected.append(index)
        self.c.pieces_choice = None
        self.ctx.changed()
        problem = self.c.selection_problem()
        self.c.message = Message(problem) if problem else None

    def clear_selection(self) -> None:
        if self.c.selected or self.c.message or self.c.flow.void_source is not None or self.c.flow.use_permit:
            self.c.reset_flow()
            self.c.selected.clear()
            self.c.pieces_choice = None
            self.c.message = None
            self.ctx.changed()

    def set_pieces(self, pieces: int | None) -> None:
        self.c.pieces_choice = pieces
        self.ctx.changed()

    def click_territory(self, territory: int) -> bool:
        """A click on a territory: place there (MAIN/THIRD_TRIBE) or put a feat there (FEAT)."""
        if self.ctx.blocked():
            return False
        s = self.c.state
        phase = s.phase
        name = s.board.territories[territory].name
        taken = self.c.void.void_click_territory(territory)
        taken = self.c.flow.flow_click_territory(territory) if taken is None else taken
        if taken is not None:
            return taken
        if phase is Phase.PIECES:
            if s.pending is not None and territory == s.pending.territory and self.c.totem_allowed() and not self.c.lit_spaces():
                return self.c.place_totem()
            return False
        if phase not in (Phase.MAIN, Phase.THIRD_TRIBE):
            self.ctx.say(self.ctx.prompt(), True)
            return False
        cards = self.c.selected_cards()
        if not cards:
            self.ctx.say(_("Pick the cards to pay with first (click them or press 1–3), then click {territory}.").format(
                territory=name), True)
            return False
        choices = self.c.place_choices().get(territory)
        if choices:
            pieces = self.c.pieces_choice if self.c.pieces_choice in choices else max(choices)
            return self.ctx.submit(Place(territory, cards, pieces))
        return self.ctx.submit(Place(territory, cards, self._guess_pieces(cards, territory)))

    def _guess_pieces(self, cards: tuple[Biome, ...], territory: int) -> int:
        """The piece count a player most likely meant, so the engine can say why it is refused."""
        biome = self.c.state.board.territories[territory].biome
        if len(cards) == 3:
            return 2
        if len(cards) == 2 and cards[0] == cards[1] == biome:
            return 2
        return 1

    def click_space(self, space: int) -> bool:
        if self.ctx.blocked():
            return False
        taken = self.c.void.void_click_space(space)
        if taken is not None:
            return taken
        if self.c.state.phase is not Phase.PIECES and not any(isinstance(a, PlaceTent) for a in self.c.legal()):
            if self.c.state.board.spaces[space].is_ruin_space:
                return self.c.flow.click_ruin(space)
            territory = self.c.state.board.spaces[space].territory
            if territory is not None:
                return self.c.click_territory(territory)
            return False
        return self.ctx.submit(PlaceTent(space))

    def click_nowhere(self) -> None:
        """A click on the map that hits no territory, space or connection: say what the board waits for."""
        if self.ctx.blocked():
            return
        self.ctx.say(_("Nothing to play there. {prompt}").format(prompt=self.ctx.prompt()), False)

    def place_totem(self) -> bool:
        if self.ctx.blocked():
            return False
        moved = self.c.moves.move_totem()  # solo/co-op: a moved totem (S9)
        return moved if moved is not None else self.ctx.submit(PlaceTotem())

    def click_connection(self, number: int) -> bool:
        if self.ctx.blocked():
            return False
        if self.c.state.phase in (Phase.FEAT, Phase.MODULE):
            return self.c.flow.click_feat_connection(number)
        return False

    def place_feat(self, target: int, on_connection: bool | None = None) -> bool:
        """Put the pending feat on `target`: a connection if `on_connection`, a territory if False; None
        picks the kind the feat is offered on (a claim on one kind only)."""
        if on_connection is None:
            kinds = {a.on_connection for a in self.c.feat_options() if a.target == target}
            on_connection = kinds == {True}
        return self.c.click_connection(target) if on_connection else self.c.click_territory(target)

    def exchange(self) -> bool:
        if self.ctx.blocked():
            return False
        cards = self.c.selected_cards()
        if len(cards) != 1:
            self.ctx.say(_("Select exactly one card to exchange (click it or press its number), then Exchange."), True)
            return False
        return self.ctx.submit(Exchange(cards[0]))

    def pass_turn(self) -> bool:
        if self.ctx.blocked():
            return False
        return self.ctx.submit(Pass())

    def draw_display(self, index: int) -> bool:
        if self.ctx.blocked():
            return False
        slots = self.c.display_slots()
        if not 0 <= index < len(slots) or slots[index] is None:
            return False
        return self.ctx.submit(Draw(slots[index]))

    def draw_deck(self) -> bool:
        if self.ctx.blocked():
            return False
        return self.ctx.submit(Draw(None))

    def undo(self) -> bool:
        if not self.c.can_undo():
            self.ctx.say(_("Nothing to undo: undo reaches back only within your turn, and not past a card drawn from "
                           "the deck."), True)
            return False
        self.c.game.undo()
        self.c.undo_history()
        self.c.reset_flow()
        self.c.selected.clear()
        self.c.pieces_choice = None
        self.ctx.say(_("Undone."), False)
        return True

    def confirm(self) -> bool:
        """Enter: end a finished turn (then the handoff), pass with an empty hand, or accept the handoff."""
        if self.c.needs_handoff:
            return self.c.accept_handoff()
        if self.c.turn_done:
            self.c.turn_done = False
            self.c.selected.clear()
            self.c.message = None
            self.c._settle_viewer()
            self.ctx.changed()
            return True
        if self.c.can_pass():
            return self.c.pass_turn()
        return self.c.void.void_confirm()

    def accept_handoff(self) -> bool:
        if not self.c.needs_handoff:
            return False
        self.c.viewer_seat = self.c.state.active_seat
        self.c.reset_flow()
        self.c.selected.clear()
        self.c.message = None
        self.ctx.changed()
        return True

    def click_totem_stack(self, territory: int) -> bool:
        """A click on a territory's totem space: a Void source, the moved Void totem, or the own totem."""
        phase = self.c.state.phase
        if self.c.moves.moving():  # solo/co-op: a move's totem (controller_move)
            return bool(self.c.moves.move_click_territory(territory))
        if phase in (Phase.MAIN, Phase.THIRD_TRIBE) and territory in self.c.flow.void_sources():
            return self.c.flow.click_void_source(territory)
        if phase is Phase.PIECES:
            pending = self.c.state.pending
            if pending is None or pending.territory != territory:
                return False
            void, own = self.c.flow.void_totem_allowed(), self.c.totem_allowed()
            if void and own:
                self.ctx.say(_("Two totems can go here: your own (T) or the moved Void totem (V). Use their buttons."),
                             True)
                return False
            if void:
                return self.c.place_void_totem()
            return self.c.place_totem()
        if self.c.void.void_placing_totem_at(territory):   # the Void's (or a free Place's) totem, as T places it
            return self.c.place_totem()
        return self.c.click_territory(territory)
