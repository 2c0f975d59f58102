"""The click flow of an S9 move against the Void: cards, the territory to leave, the territory to enter,
then each piece (an own tent and the empty space it goes to, or the own totem).

A part of `GameController`, handed the `BoardContext`, the expansion's flow (whose lit territories and
Place targets a move's sources join) and the piece-count switch. The gestures follow the base
Place: pick the cards; the selection lights the territories its cards can move pieces out of (full
territories of a completely explored biome) beside the ordinary Place targets; a click on one makes
it the source and lights where the pieces can go; a click there commits the move (`MovePieces`,
as many pieces as the cards buy unless the player chose fewer). Each piece then takes two clicks:
one of the player's lit tents in the source, then a lit empty space in the destination; the totem
goes with one click on the source's totem stack or the totem button. Every choice lit is one of
the engine's legal actions; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine import Biome, Phase
from iwari_desktop.engine.rulesets.solo.actions import MovePiece, MovePieces
from iwari_desktop.i18n import _, ngettext
from .controller_context import BoardContext
from .controller_flow import ExpansionFlow

if TYPE_CHECKING:
    from iwari_desktop.engine.core.state import GameState

_TOTEM = MovePiece(None, None)


class MoveFlow:
    """S9 gestures and lit targets (see the module docstring)."""

    def __init__(self, ctx: BoardContext, flow: ExpansionFlow, pieces_choice: Callable[[], int | None]) -> None:
        self.ctx = ctx
        self.flow = flow
        self.pieces_choice = pieces_choice                # the "1 piece only" switch (None: as many as paid)
        self.move_source: int | None = None               # the territory the pieces leave (chosen by a click)
        self._move_cards: tuple[Biome, ...] | None = None  # the selection the source was chosen with
        self.move_from: int | None = None                 # the own tent chosen to move next (a space)

    @property
    def state(self) -> GameState:
        return self.ctx.state

    def _say(self, text: str, error: bool = False) -> None:
        self.ctx.say(text, error)

    def reset_flow(self) -> None:
        self.move_source = self.move_from = None

    # ---- the action step: cards, source, destination ------------------------------------------------
    def move_options(self) -> list[MovePieces]:
        """The S9 moves the selected cards pay for exactly (empty outside the action step)."""
        if self.state.phase is not Phase.MAIN:
            return []
        cards = self.ctx.selected_cards()
        if not cards:
            return []
        return [a for a in self.ctx.legal() if isinstance(a, MovePieces) and a.cards == cards]

    def chosen_move_source(self) -> int | None:
        """The source clicked with the current selection (None once the selection changed)."""
        if self.move_source is None or self._move_cards != self.ctx.selected_cards():
            return None
        return self.move_source if any(a.source == self.move_source for a in self.move_options()) else None

    def move_sources(self) -> set[int]:
        """Territories the selection can move pieces out of (none once one is chosen)."""
        if self.chosen_move_source() is not None:
            return set()
        return {a.source for a in self.move_options()}

    def move_destinations(self) -> dict[int, list[int]]:
        """Destination -> piece counts for the chosen source."""
        source = self.chosen_move_source()
        out: dict[int, list[int]] = {}
        for a in self.move_options():
            if a.source == source:
                out.setdefault(a.territory, []).append(a.pieces)
        return {t: sorted(set(p)) for t, p in out.items()}

    def move_counts(self) -> set[int]:
        """Piece counts a move from the chosen source offers (for the "1 piece only" switch)."""
        return {p for counts in self.move_destinations().values() for p in counts}

    # ---- the pieces of a move under way -------------------------------------------------------------------
    def moving(self) -> bool:
        """A move's pieces are being placed now."""
        return self.state.phase is Phase.PIECES and any(
            isinstance(a, MovePiece) for a in self.ctx.legal())

    def _piece_moves(self) -> list[MovePiece]:
        return [a for a in self.ctx.legal() if isinstance(a, MovePiece)] if self.moving() else []

    def chosen_move_from(self) -> int | None:
        space = self.move_from
        if space is None or not any(a.source_space == space for a in self._piece_moves()):
            return None
        return space

    def move_source_now(self) -> int | None:
        """The territory the move under way takes its pieces from (from the module's memory)."""
        from iwari_desktop.engine.rulesets.solo.data import KEY

        memory = self.state.ext.get(KEY)
        return getattr(memory, "moving", None)

    # ---- what is lit -----------------------------------------------------------------------------------
    def move_lit_territories(self) -> set[int] | None:
        """Territories to light for a move (None: no move is involved, the other flows decide)."""
        source = self.chosen_move_source()
        if source is not None:
            return set(self.move_destinations())
        sources = self.move_sources()
        if sources:
            base = self.flow.flow_lit_territories()
            return (base or set()) | sources
        if self.moving():
            lit = {self.state.pending.territory}
            if _TOTEM in self._piece_moves() and self.move_source_now() is not None:
                lit.add(self.move_source_now())
            return lit
        return None

    def move_lit_spaces(self) -> set[int]:
        """The own tents that can move (none chosen yet), or the empty spaces the chosen tent can go to and
        the chosen tent itself (a click on it puts it back)."""
        moves = self._piece_moves()
        chosen = self.chosen_move_from()
        if chosen is not None:
            return {a.space for a in moves if a.source_space == chosen and a.space is not None} | {chosen}
        return {a.source_space for a in moves if a.source_space is not None}

    # ---- gestures ----------------------------------------------------------------------------------------
    def move_click_territory(self, territory: int) -> bool | None:
        """A territory click that belongs to a move (None: not one)."""
        if self.moving():
            if territory == self.move_source_now() or territory == self.state.pending.territory:
                if _TOTEM in self._piece_moves() and self.chosen_move_from() is None:
                    return self.ctx.submit(_TOTEM)
            self._say(self.move_prompt() or "", True)
            return False
        if self.state.phase is not Phase.MAIN or not self.move_options():
            return None
        names = self.state.board.territories
        source = self.chosen_move_source()
        if source is None:
            if territory not in self.move_sources() or territory in self.flow.place_choices():
                return None
            self.move_source = territory
            self._move_cards = self.ctx.selected_cards()
            n = len(self.move_destinations())
            self._say(ngettext("Moving pieces out of {source}: click the lit territory they go to (click {source} "
                               "again to choose another).",
                               "Moving pieces out of {source}: click one of the {n} lit territories they go to "
                               "(click {source} again to choose another).", n).format(source=names[territory].name, n=n))
            return True
        if territory == source:
            self.move_source = None
            self._say(_("Move from {source} put back: choose again.").format(source=names[territory].name))
            return True
        counts = self.move_destinations().get(territory)
        cards = self.ctx.selected_cards()
        if not counts:
            reason = self.ctx.explain(MovePieces(source, territory, cards, 1))
            self._say(reason or _("Your pieces from {source} cannot go to {name} with these cards.").format(
                source=names[source].name, name=names[territory].name), True)
            return False
        choice = self.pieces_choice()
        pieces = choice if choice in counts else max(counts)
        return self.ctx.submit(MovePieces(source, territory, cards, pieces))

    def move_click_space(self, space: int) -> bool | None:
        """A space click while a move's pieces are placed (None: no move under way)."""
        moves = self._piece_moves()
        if not moves:
            return None
        chosen = self.chosen_move_from()
        if any(a.source_space == space for a in moves):
            self.move_from = None if chosen == space else space
            self.ctx.changed()
            return True
        if chosen is not None:
            action = MovePiece(chosen, space)
            if action in moves:
                self.move_from = None
                return self.ctx.submit(action)
        self._say(self.move_prompt() or "", True)
        return False

    def move_totem(self) -> bool | None:
        """The totem button (T) while a move's pieces are placed (None: no move under way)."""
        moves = self._piece_moves()
        if not moves:
            return None
        if _TOTEM in moves:
            self.move_from = None
            return self.ctx.submit(_TOTEM)
        self._say(_("Your totem cannot move now: a totem under a Void totem stays, and the totem cap must "
                    "allow it in the new territory."), True)
        return False

    def move_totem_allowed(self) -> bool:
        return _TOTEM in self._piece_moves()

    # ---- words ---------------------------------------------------------------------------------------------
    def move_prompt(self) -> str | None:
        """The banner's sentence while a move is being made (None: no move involved)."""
        names = self.state.board.territories
        if self.moving():
            p = self.state.pending
            source = self.move_source_now()
            src = names[source].name if source is not None else ""
            dst = names[p.territory].name
            number = {"n": p.placed + 1, "of": p.placed + p.pieces_left, "source": src, "destination": dst}
            if self.chosen_move_from() is not None:
                return _("Move piece {n} of {of}: click a lit empty space in {destination} for the chosen tent "
                         "(click the tent again to choose another).").format(**number)
            tents = bool(self.move_lit_spaces())
            if tents and self.move_totem_allowed():
                return _("Move piece {n} of {of} from {source} to {destination}: click one of your lit tents in "
                         "{source}, or move your totem (T).").format(**number)
            if self.move_totem_allowed():
                return _("Move piece {n} of {of} from {source} to {destination}: move your totem (T or click "
                         "{source}).").format(**number)
            return _("Move piece {n} of {of} from {source} to {destination}: click one of your lit tents in "
                     "{source}.").format(**number)
        source = self.chosen_move_source()
        if source is not None:
            return _("Click a lit territory to move your pieces from {source} there (Esc: cancel).").format(
                source=names[source].name)
        return None



def move_words(state: Any, action: MovePiece) -> str:
    """Recent moves' words for one piece of a move (before it is played)."""
    from iwari_desktop.engine.rulesets.solo.data import KEY

    board = state.board
    destination = state.pending.territory if state.pending is not None else None
    to = board.territories[destination].name if destination is not None else "?"
    if action.source_space is None:
        source = getattr(state.ext.get(KEY), "moving", None)
        where = board.territories[source].name if source is not None else "?"
        return _("moves a totem from {source} to {destination}").format(source=where, destination=to)
    territory = board.spaces[action.source_space].territory
    where = board.territories[territory].name if territory is not None else "?"
    return _("moves a tent from {source} to {destination}").format(source=where, destination=to)
