"""The tutorial's coach: which step the learner is on, what to light, and which gestures to let through.

No pygame here. The coach reads the script (`engine/tutorial`), and the tutorial's controller asks
it before every gesture reaches the engine: the step's own move passes, anything else is refused
with the step's explanation and never changes the game. `perform` makes the step's move through the
same controller calls a person's clicks make; "Skip this step", the smoke run and the tests use it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from iwari_desktop.engine import Action, Biome, Draw, Exchange, Place, PlaceTent, PlaceTotem, parse_action
from iwari_desktop.engine.tutorial import TUTORIAL, LearnerStep, Script, StepKind
from iwari_desktop.i18n import N_

WATCH_TEXT = N_("{name} is playing. Watch the map: each piece lights up as it is placed.")
NO_UNDO = N_("There is no undo in the tutorial: every step is needed for the next.")


@dataclass
class Lit:
    """What to light for the current step: hand indices, display slots, the deck, buttons, map targets."""

    hand: set[int] = field(default_factory=set)
    display: set[int] = field(default_factory=set)
    deck: bool = False
    buttons: set[str] = field(default_factory=set)   # "primary", "exchange", "totem", "finish"
    territories: set[int] = field(default_factory=set)
    spaces: set[int] = field(default_factory=set)


class Coach:
    """The learner's place in the script; `refusal` is the (untranslated) reason of the last refused gesture."""

    def __init__(self, script: Script = TUTORIAL) -> None:
        self.script = script
        self.index = 0
        self.refusal: str | None = None
        self.refusals = 0
        self.skipped = 0

    # ---- where we are ----------------------------------------------------------------------------
    @property
    def step(self) -> LearnerStep | None:
        return self.script.steps[self.index] if self.index < len(self.script.steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    @property
    def number(self) -> int:
        """The step's number from 1 (the last step's number once done)."""
        return min(self.index + 1, len(self.script.steps))

    @property
    def total(self) -> int:
        return len(self.script.steps)

    def is_kind(self, kind: StepKind) -> bool:
        return self.step is not None and self.step.kind is kind

    def expected(self) -> Action | None:
        """The engine action the current step asks for (ACTION steps only)."""
        if self.is_kind(StepKind.ACTION):
            return parse_action(self.step.action)  # type: ignore[union-attr]
        return None

    def wanted_cards(self) -> tuple[Biome, ...]:
        """The cards the learner must have selected for this step (sorted; empty when cards play no part)."""
        step = self.step
        if step is None:
            return ()
        if step.kind is StepKind.SELECT:
            return tuple(sorted(Biome.parse(word) for word in step.action.split()[1:]))
        action = self.expected()
        if isinstance(action, Place):
            return tuple(sorted(action.cards))
        if isinstance(action, Exchange):
            return (action.card,)
        return ()

    def advance(self) -> None:
        self.index += 1
        self.refusal = None

    def refuse(self, reason: str | None = None) -> None:
        """Record a refused gesture: the step's own explanation unless a more precise one is given."""
        step = self.step
        self.refusal = reason or (step.refusal if step is not None else None)
        self.refusals += 1

    # ---- what to light -----------------------------------------------------------------------------
    def lit(self, controller) -> Lit:
        lit = Lit()
        step = self.step
        watching = controller.computer_to_move or (controller.turn_done and not self.is_kind(StepKind.END_TURN))
        if step is None or watching:
            return lit
        if step.kind is StepKind.END_TURN:
            lit.buttons.add("primary")
            return lit
        if step.kind is StepKind.FINISH:
            lit.buttons.add("finish")
            return lit
        hand = list(controller.hand())
        if step.kind is StepKind.SELECT:
            needed = Counter(self.wanted_cards()) - Counter(hand[i] for i in controller.selected if i < len(hand))
            lit.hand = {i for i, card in enumerate(hand) if i not in controller.selected and needed[card] > 0}
            return lit
        action = self.expected()
        if isinstance(action, Place):
            lit.territories = {action.territory}
        elif isinstance(action, PlaceTent):
            lit.spaces = {action.space}
        elif isinstance(action, PlaceTotem):
            lit.buttons.add("totem")
            if controller.state.pending is not None:
                lit.territories = {controller.state.pending.territory}
        elif isinstance(action, Exchange):
            lit.buttons.add("exchange")
        elif isinstance(action, Draw):
            if action.card is None:
                lit.deck = True
            else:
                slots = controller.display_slots()
                lit.display = {slots.index(action.card)} if action.card in slots else set()
        return lit

    # ---- the gate ---------------------------------------------------------------------------------
    def allows_card(self, controller, index: int) -> bool:
        """A click on hand card `index`: only while picking cards, and only a card the step needs."""
        if not self.is_kind(StepKind.SELECT):
            return False
        hand = list(controller.hand())
        if index in controller.selected:
            return True  # taking a card back out of the selection is always fine while picking
        if not 0 <= index < len(hand):
            return False
        needed = Counter(self.wanted_cards()) - Counter(hand[i] for i in controller.selected if i < len(hand))
        return needed[hand[index]] > 0

    def selection_complete(self, controller) -> bool:
        return self.is_kind(StepKind.SELECT) and controller.selected_cards() == self.wanted_cards()

    def allows(self, action: Action) -> bool:
        return self.expected() == action

    # ---- doing the step for the learner --------------------------------------------------------------
    def perform(self, controller) -> bool:
        """Make the current step's move through the controller's click methods; False if it did not take.

        SCORING and FINISH steps belong to screens, not to the controller: the scenes perform those.
        """
        step = self.step
        if step is None:
            return False
        before = self.index
        if step.kind is StepKind.SELECT:
            if Counter(controller.selected_cards()) - Counter(self.wanted_cards()):
                controller.clear_selection()  # a card the step does not use is picked: start afresh
            for card in (Counter(self.wanted_cards()) - Counter(controller.selected_cards())).elements():
                hand = list(controller.hand())
                index = next(i for i, held in enumerate(hand) if held == card and i not in controller.selected)
                controller.toggle_card(index)
        elif step.kind is StepKind.END_TURN:
            controller.confirm()
        elif step.kind is StepKind.ACTION:
            action = self.expected()
            if isinstance(action, Place):
                controller.click_territory(action.territory)
            elif isinstance(action, PlaceTent):
                controller.click_space(action.space)
            elif isinstance(action, PlaceTotem):
                controller.place_totem()
            elif isinstance(action, Exchange):
                controller.exchange()
            elif isinstance(action, Draw):
                if action.card is None:
                    controller.draw_deck()
                else:
                    controller.draw_display(controller.display_slots().index(action.card))
        return self.index != before
