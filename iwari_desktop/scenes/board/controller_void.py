"""The solo and co-op gestures of the board: the Void action, the Void's ties, a settlement's free Place.

A part of `GameController`, handed the `BoardContext`, the S9 move flow and Recent moves (where the
Void's step sentences go). The Void action is the turn's second step (S4): the player picks cards
from the hand, then clicks a lit territory to place for the Void (biome cards pay, Void cards go
above the display), or presses the main button to lay only Void cards or to skip by discarding a
card of a completely explored biome. Every choice offered is one of the engine's legal actions;
nothing here decides a rule. After each action the Void's records are sorted by `narration.void_news`:
the Void's own steps are queued for the steps screen, a Void action skipped for want of cards becomes a
notice, and the player's own choices stay out of both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ...engine import Action, Biome, Phase
from iwari_desktop.engine.rulesets.solo.actions import Decline, FreePlace, VoidChoice, VoidHand, VoidPlay, VoidSkip
from ...i18n import _, ngettext
from .controller_context import BoardContext, RecentMoves
from .controller_move import MoveFlow
from ..presenters.views import void_view as presenter_void_view
from ..ui.terms import biome_name, either

if TYPE_CHECKING:
    from iwari_desktop.engine.core.state import GameState

VOID_MODES = ("solo", "coop")
STEPS_GRACE = 1.0   # seconds after the steps panel went by itself in which Next's click or key is still its


class VoidFlow:
    """Solo / co-op decisions on top of the base click flow (see the module docstring); the S9 move's
    gestures come from `MoveFlow`."""

    def __init__(self, ctx: BoardContext, moves: MoveFlow, recent: RecentMoves) -> None:
        self.ctx = ctx
        self.moves = moves
        self.recent = recent
        self.void_steps: list = []              # Void step events still to be shown one by one
        self.void_steps_pawn: int | None = None  # where the pawn stood before the queued steps began
        self.history_held = 0                   # Void steps in Recent moves not shown yet (the steps screen shows them)
        self.steps_showing = False              # the steps screen is open: the banner speaks of it, nothing else
        self.steps_frame: GameState | None = None  # the position of the step on screen (every panel shows it)
        self.steps_gone: tuple[float, Any] | None = None  # when and where the steps panel went by itself
        # the next step of a standing hint (the board sets it): a click on a territory plays the free Place the
        # hint names there, whose size a click could not choose (it takes the largest)
        self.hinted_step: Callable[[], Any] = lambda: None

    @property
    def state(self) -> GameState:
        return self.ctx.state

    @property
    def shown_state(self) -> GameState:
        """The position the panels show: the step on screen while the Void's steps are shown (its pieces,
        counters and claims so far, never those of later steps), else the game's."""
        return self.steps_frame if self.steps_showing and self.steps_frame is not None else self.state

    def steps_went(self, panel: Any, now: float) -> None:
        """The steps screen closed by itself (its last step's time ran out) at `now`, its panel at `panel`."""
        self.steps_gone = (now, panel)

    def meant_for_steps(self, confirm: bool, pos: tuple[int, int] | None, now: float) -> bool:
        """A click where the steps panel just was, or Enter, within STEPS_GRACE seconds of the panel going by
        itself: the player reached for Next as the last step ran out, so the board must not answer it
        ("Nothing to play there…", or Enter playing the main button). Asked once: the next one counts."""
        gone, self.steps_gone = self.steps_gone, None
        if gone is None or now - gone[0] > STEPS_GRACE:
            return False
        return confirm or (pos is not None and gone[1].collidepoint(pos))

    def _say(self, text: str, error: bool = False) -> None:
        self.ctx.say(text, error)

    # ---- views -------------------------------------------------------------------------------------
    def void_view(self) -> dict[str, Any] | None:
        """The solo or co-op module's public view (None in a multiplayer game); the presenters' registry
        knows which modules are the Void's."""
        return presenter_void_view(self.state)

    def hands_open(self) -> bool:
        """Solo (one player), or co-op with open hands: nothing is hidden, so no handoff is needed."""
        config = self.state.config
        if config.mode.value not in VOID_MODES:  # asked every frame: the config answers without building a view
            return False
        return len(config.players) == 1 or bool(config.option("open_hands", False))

    def open_hands(self) -> list | None:
        """Co-op with open hands (S12): every seat's cards from the module's public view; None in every
        other game (closed hands are never drawn)."""
        config = self.state.config
        if config.mode.value != "coop" or not config.option("open_hands", False):
            return None
        return (self.void_view() or {}).get("hands")

    def _of(self, kind: type) -> list[Any]:
        return [a for a in self.ctx.legal() if isinstance(a, kind)]

    def void_action_open(self) -> bool:
        """The Void action (S4) is the step now: cards from the hand may be picked for it."""
        return self.state.phase is Phase.MODULE and bool(self._of(VoidPlay) or self._of(VoidSkip))

    def void_cards_selected(self) -> tuple[tuple[Biome, ...], int]:
        """The selected biome cards and the number of selected Void cards."""
        cards = self.ctx.selected_cards()
        return tuple(c for c in cards if c is not Biome.VOID), sum(1 for c in cards if c is Biome.VOID)

    def void_place_choices(self) -> dict[int, list[int]]:
        """Territory -> piece counts the selected cards buy for the Void."""
        if not self.void_action_open():
            return {}
        cards, voids = self.void_cards_selected()
        if not cards:
            return {}
        out: dict[int, list[int]] = {}
        for a in self._of(VoidPlay):
            if a.territory is not None and a.cards == cards and a.void_cards == voids:
                out.setdefault(a.territory, []).append(a.pieces)
        return {t: sorted(p) for t, p in out.items()}

    def void_choices(self) -> list[VoidChoice]:
        return self._of(VoidChoice)

    def void_lit_territories(self) -> set[int] | None:
        """What to light in a solo/co-op decision (None: not one of those, the other flows decide)."""
        moving = self.moves.move_lit_territories()
        if moving is not None:
            return moving
        if self.state.phase is not Phase.MODULE or self.void_view() is None:
            return None
        choices = [c.target for c in self.void_choices() if not c.space]
        if choices:
            return set(choices)
        free = {a.territory for a in self._of(FreePlace)}
        if free:
            return free
        if self.void_action_open():
            return set(self.void_place_choices())
        return None

    def void_lit_spaces(self) -> set[int]:
        return {c.target for c in self.void_choices() if c.space} | self.moves.move_lit_spaces()

    def void_primary(self) -> tuple[str, Action] | None:
        """The main button's solo/co-op meaning now: (label, action), or None."""
        hand_only = self._of(VoidHand)
        if hand_only:
            return _("Skip: only Void cards in hand"), hand_only[0]
        declines = self._of(Decline)
        if declines:
            return _("Decline the free Place"), declines[0]
        if not self.void_action_open():
            return None
        cards, voids = self.void_cards_selected()
        if not cards and voids:
            play = VoidPlay(None, (), 0, voids)
            if play in self.ctx.legal():
                # short enough for the button; the banner says where they go and what they set off
                return ngettext("Lay {n} Void card", "Lay {n} Void cards", voids).format(n=voids), play
        if len(cards) == 1 and not voids:
            skip = VoidSkip(cards[0])
            if skip in self.ctx.legal():
                return _("Skip: discard {biome}").format(biome=biome_name(cards[0])), skip
        return None

    def steps_prompt(self) -> str | None:
        """The banner while the Void's steps are shown: one instruction, the step screen's own (the decision
        or draw that follows is asked only once the steps are done)."""
        if not self.steps_showing:
            return None
        return _("The Void is acting: its steps are shown one by one. Next (Enter) goes on, "
                 "Skip to the end (Esc) shows the rest.")

    def void_prompt(self) -> str | None:
        """The banner's sentence for a solo/co-op decision (None: not one)."""
        if self.void_view() is None or self.state.phase is not Phase.MODULE:
            return None
        choices = self.void_choices()
        if choices:
            if choices[0].space:
                return _("The Void's ruin has several closest spaces: click the lit space it goes to.")
            return _("Choose which lit territory the Void treats first.")
        if self._of(FreePlace):
            return _("Your new settlement earns a free Place: click a lit territory, or decline it.")
        placing = self.void_placing_prompt()
        if placing:
            return placing
        if self.void_action_open():
            skip = " " + _("Or skip with one card of a fully explored biome.") if self._of(VoidSkip) else ""
            if not self._of(VoidPlay):
                return _("The Void action must be skipped: pick one card of a fully explored biome.")
            chosen = self.void_primary()
            if chosen is not None and isinstance(chosen[1], VoidPlay):
                voids = chosen[1].void_cards
                view = self.void_view() or {}
                corrupt = view.get("toward_corruption", 0) + voids >= view.get("corruption_at", 4)
                return (ngettext("The main button lays {n} Void card above the display, setting off a Corruption. "
                                 "Or add biome cards and click a lit territory.",
                                 "The main button lays {n} Void cards above the display, setting off a Corruption. "
                                 "Or add biome cards and click a lit territory.", voids) if corrupt else
                        ngettext("The main button lays {n} Void card above the display, setting off an Infection. "
                                 "Or add biome cards and click a lit territory.",
                                 "The main button lays {n} Void cards above the display, setting off one Infection. "
                                 "Or add biome cards and click a lit territory.", voids)).format(n=voids)
            if chosen is not None and isinstance(chosen[1], VoidSkip):
                return _("The main button discards this {biome} card to skip the Void action: every {biome} "
                         "territory is full or counted.").format(biome=biome_name(chosen[1].card))
            return _("Now play at least one card for the Void: pick cards, then a lit territory "
                     "(Void cards alone: the main button).") + skip
        return None

    def void_placing_totem_at(self, territory: int) -> bool:
        """True while a module places its pieces one at a time (the Void's, or a free Place) in `territory`
        and a totem may go there now: a click on that territory's totem circle places it, as T does."""
        from iwari_desktop.engine.core.actions import PlaceTotem
        from iwari_desktop.engine.rulesets.solo.data import data

        if self.state.phase is not Phase.MODULE or (self.void_view() or {}).get("decision") != "pieces":
            return False
        placing = data(self.state).placing
        return placing is not None and placing.territory == territory and bool(self._of(PlaceTotem))

    def void_placing_prompt(self) -> str | None:
        """The pieces of a Place the module puts one at a time (the Void's, or a free Place, S4/S8)."""
        from iwari_desktop.engine.core.actions import PlaceTent, PlaceTotem
        from iwari_desktop.engine.rulesets.solo.data import data

        placing = data(self.state).placing
        if placing is None or (self.void_view() or {}).get("decision") != "pieces":
            return None
        void = placing.tribe == self.state.void_tribe
        parts = [_("a lit space")] if self._of(PlaceTent) else []
        if self._of(PlaceTotem):
            parts.append(_("a Void totem (T)") if void else _("your totem (T)"))
        territory = self.state.board.territories[placing.territory].name
        prompt = (ngettext("Place the Void's piece in {territory}: click {what}.",
                           "Place the Void's {n} pieces in {territory}, one at a time: click {what}.",
                           placing.pieces_left) if void else
                  ngettext("Place the piece of your free Place in {territory}: click {what}.",
                           "Place the {n} pieces of your free Place in {territory}, one at a time: click {what}.",
                           placing.pieces_left))
        return prompt.format(n=placing.pieces_left, territory=territory, what=either(parts or [_("a lit space")]))

    def free_counts(self) -> set[int]:
        """The sizes of free Place offered now (for the "1 piece only" switch, as for a Place)."""
        return {a.pieces for a in self._of(FreePlace)}

    # ---- gestures ----------------------------------------------------------------------------------
    def void_click_territory(self, territory: int) -> bool | None:
        """A territory click in a solo/co-op decision (None: not one, the other flows handle it)."""
        moving = self.moves.move_click_territory(territory)
        if moving is not None:
            return moving
        if self.state.phase is not Phase.MODULE or self.void_view() is None:
            return None
        choice = next((c for c in self.void_choices() if not c.space and c.target == territory), None)
        if choice is not None:
            return self.ctx.submit(choice)
        free = sorted((a for a in self._of(FreePlace) if a.territory == territory), key=lambda a: a.pieces)
        if free:   # the size the hint names, else the one the "1 piece only" switch asks for, else the largest
            wanted = self.hinted_step()
            if wanted not in free:
                wanted = next((a for a in free if a.pieces == self.moves.pieces_choice()), free[-1])
            return self.ctx.submit(wanted)
        if self.void_action_open():
            cards, voids = self.void_cards_selected()
            name = self.state.board.territories[territory].name
            if not cards:
                self._say(_("Pick the biome cards that pay for the Void's pieces first, then click {territory}.").format(
                    territory=name), True)

                return False
            counts = self.void_place_choices().get(territory)
            if counts:
                return self.ctx.submit(VoidPlay(territory, cards, max(counts), voids))
            guess = 2 if len(cards) >= 2 else 1
            return self.ctx.submit(VoidPlay(territory, cards, guess, voids))
        return None

    def void_click_space(self, space: int) -> bool | None:
        moving = self.moves.move_click_space(space)
        if moving is not None:
            return moving
        choice = next((c for c in self.void_choices() if c.space and c.target == space), None)
        return None if choice is None else self.ctx.submit(choice)

    def void_confirm(self) -> bool:
        primary = self.void_primary()
        if primary is None:
            return False
        return self.ctx.submit(primary[1])

    # ---- the Void's steps, one event each ----------------------------------------------------------
    def void_events_total(self) -> int:
        """How many Void step events the engine has recorded so far (0 outside a game against the Void)."""
        from .narration import void_events_total

        return void_events_total(self.state)

    def shown_history(self) -> list[tuple[int, str]]:
        """Recent moves without the Void steps the step-by-step screen has not reached yet."""
        history = self.recent.lines
        held = min(self.history_held, len(history))
        return history[:len(history) - held] if held else history

    def void_mark(self) -> tuple[int, int | None]:
        """How many Void events were recorded and the pawn's connection before an action (its steps' start)."""
        view = self.void_view()
        return self.void_events_total(), (view or {}).get("pawn")

    def note_void_steps(self, before: tuple[int, int | None]) -> list[str]:
        """Queue the Void's steps an action recorded, to be shown one by one, and put their lines in Recent
        moves (`narration.void_news` sorts them); returns the notices for the banner (a Void action skipped
        for want of cards)."""
        if self.void_view() is None:
            return []
        from .narration import void_news

        total, pawn = before
        news = void_news(self.state, total)
        mark = len(self.ctx.game.log) - 1
        for entry in news.entries:
            self.recent.add(entry, mark)
        if news.steps:
            if not self.void_steps:
                self.void_steps_pawn = pawn
            self.void_steps.extend(news.steps)
        return news.notices
