"""The Hint button's thinking: what a strong computer would play for the person to move, and why.

Against other tribes the suggestion is Hard's (a short budget: a quick suggestion, not a full
search); in solo and co-op it is the Expert's (`engine/bots/expert.py`, timed: the search stops at
`EXPERT_HINT_BUDGET` of the thinking thread's CPU so the whole hint stays within `HINT_CAP`), playing
the players' side against the Void. The move and its reason (`engine/bots/explain*.py`) are both
worked out on the worker thread the computer seats use (`computer_turns.Thinker`), from the thread's
own clone of the position, so asking never blocks the window; the screen then lights the move's cards
and shows the line.

The Expert plans a whole turn at its start (the Place, its pieces, the Void action and the Void's
pieces); a solo adviser is kept while the person follows that plan, so the next hint in the same turn
continues it instead of deciding afresh, and the reason of a step is read from the very moves the
later hints will suggest.

A hint names its whole move (issue #34): the action, then every piece in order ("a totem, then a tent"),
because the reason is read from exactly those pieces — a Place of two totems and the same Place with two
tents can end differently (S7: ties and the virtual totem). The hint then stands while the person plays
that move and rings the next piece each time (`hint_ring`; the board draws it like the tutorial's coach),
with the banner counting the pieces (`hint_prompt`); it goes once the move is played or left.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from iwari_desktop.engine.bots.explain import Reason, explain
from iwari_desktop.engine.bots.explain_solo import SoloReason, explain_solo, void_placing
from iwari_desktop.engine.bots.expert import APP_BUDGET, ExpertBot
from iwari_desktop.engine.bots.hard import HardBot
from iwari_desktop.engine.bots.registry import make_vs_void_bot
from iwari_desktop.engine.core.actions import Action, Draw, Exchange, Place, PlaceFeat, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.rulesets.solo.actions import FreePlace, VoidChoice, VoidPlay
from iwari_desktop.i18n import _, ngettext
from ..ui.terms import biome_name
from .hint_words import hint_line

HINT_BUDGET = 0.25  # seconds of the thinking thread's CPU Hard may spend on a hint
# the thinking thread's CPU a solo/co-op hint stays within: the Expert's app budget, as a computer seat's decision
# (bench/hint.py measures it)
HINT_CAP = APP_BUDGET
# the Expert's search budget in a hint: worlds are dealt while it lasts
EXPERT_HINT_BUDGET = 0.8
# the hard stop of the hint's search, counted from the start of the decision: no world is begun that the longest
# so far says would end past it, and one under way past it is dropped (`ExpertBot.cap`); the reason, worked out
# after the search, has the rest of HINT_CAP (a few hundredths of a second: docs/performance.md)
HINT_SEARCH_CAP = HINT_CAP - 0.4
# worlds the Hint's Expert deals before its budget may stop it: one, so a turn whose every world is slow (a loaded
# machine, many candidate turns) stops after it instead of doubling the wait (bench/hint.py, docs/performance.md)
HINT_MIN_WORLDS = 1


@dataclass(frozen=True)
class Hint:
    """What the adviser would play now, for the seat that asked, and why in a line.

    `steps` is the whole move the reason was read from (a Place, then each of its pieces; a Void action,
    then the Void's pieces and the rules' choices), asked when the game's log was `asked_at` long. The hint
    stands while the person plays those steps in order, and lights the next one each time (`next_step`),
    so the move played is the move the reason describes.
    """

    action: Action
    text: str
    reason: Reason | SoloReason | None = None
    steps: tuple[Action, ...] = ()
    asked_at: int = -1

    def next_step(self, log: list[Action]) -> Action | None:
        """The step to play next when the moves since the hint are its first steps in order; None when the
        person played something else, undid past it, or played it all."""
        steps = self.steps or (self.action,)
        if self.asked_at < 0 or len(log) < self.asked_at:
            return None
        done = list(log[self.asked_at:])
        if len(done) >= len(steps) or list(steps[:len(done)]) != done:
            return None
        return steps[len(done)]


def against_void(controller) -> bool:
    """A solo or co-op game: hints come from the players'-side bot."""
    return controller.game.config.mode is not GameMode.MULTIPLAYER


def hint_tooltip(controller) -> str:
    """The Hint button's tooltip: who suggests the move."""
    if against_void(controller):
        return _("What the Expert would play now, and what it does against the Void")
    return _("What a Hard computer would play now")


@dataclass
class Adviser:
    """A bot for `Thinker`: decides with Hard or the Expert, then explains the decision (same thread).

    `asked_at` is the game's log length when the last hint was asked and `hinted` its move, so
    `follows` can tell whether the person has been playing the Expert's plan since.
    """

    solo: bool
    seed: int
    budget: float = HINT_BUDGET
    expert_budget: float = EXPERT_HINT_BUDGET
    reason: Reason | SoloReason | None = field(init=False, default=None)
    hinted: Action | None = field(init=False, default=None)
    asked_at: int = field(init=False, default=-1)
    bot: ExpertBot | HardBot = field(init=False)

    def __post_init__(self) -> None:
        if self.solo:
            bot = make_vs_void_bot("expert", self.seed, budget=self.expert_budget, clock=time.thread_time)
            assert isinstance(bot, ExpertBot)
            bot.min_worlds = HINT_MIN_WORLDS
            bot.cap = HINT_SEARCH_CAP
            self.bot = bot
        else:
            self.bot = HardBot(self.seed, budget=self.budget, clock=time.thread_time)

    def choose(self, state: GameState, options: list[Action] | None = None) -> Action:
        options = options if options is not None else legal_actions(state)
        action = self.bot.choose(state, options)
        seat = state.active_seat
        if isinstance(self.bot, ExpertBot):
            planned = list(self.bot.line)
            reason = explain_solo(state, seat, action, planned)
            self.reason = reason
            # the step the reason was read from becomes the Expert's plan, so the next hints suggest exactly it
            rest = list(reason.facts.steps[1:]) if reason.facts is not None else []
            self.bot.line = rest + planned[len(rest):] if planned[:len(rest)] == rest else rest
        else:
            self.reason = explain(state, seat, action)
        self.hinted = action
        return action

    def follows(self, log: list[Action]) -> bool:
        """Whether the moves played since the last hint are its move and then the Expert's plan, in order
        (the plan is caught up to them). Called on the UI thread only, while no hint is being worked out."""
        if not self.solo or self.hinted is None or not 0 <= self.asked_at < len(log):
            return False
        if log[self.asked_at] != self.hinted or not isinstance(self.bot, ExpertBot):
            return False
        line = self.bot.line
        for action in log[self.asked_at + 1:]:
            if not line or line[0] != action:
                return False
            line.pop(0)
        return True


def hint_steps(action: Action, reason: Reason | SoloReason | None) -> tuple[Action, ...]:
    """The whole move a reason was read from, starting with `action` (just `action` when it has no pieces)."""
    if isinstance(reason, SoloReason):
        steps = reason.facts.steps if reason.facts is not None else ()
    elif isinstance(reason, Reason):
        steps = reason.steps
    else:
        steps = ()
    return tuple(steps) if steps and steps[0] == action else (action,)


def piece_words(state: GameState, steps: tuple[Action, ...]) -> str:
    """"a totem, then a tent" — every piece after the move's first step (which the move's own words name), in the
    order they are played (a Void action's are the Void's: ruins and Void totems). Empty when none follows."""
    words: list[str] = []
    for_void = void_placing(state, steps[0]) is not None if steps else False
    for step in steps[1:]:
        if isinstance(step, VoidPlay):
            for_void = True
        elif isinstance(step, (Place, FreePlace)):
            for_void = False
            if isinstance(step, FreePlace):   # the new settlement's reward: say it, or "1 piece … a tent, then a tent"
                words.append(ngettext("the free Place of {n} piece it earns", "the free Place of {n} pieces it earns",
                                      step.pieces).format(n=step.pieces))
        elif isinstance(step, PlaceTent):
            words.append(_("a ruin") if for_void else _("a tent"))
        elif isinstance(step, PlaceTotem):
            words.append(_("a Void totem") if for_void else _("a totem"))
        elif isinstance(step, PlaceFeat):
            place = (state.board.territories[step.target].name if not step.on_connection
                     else _("a connection"))
            words.append(_("the {feat} feat on {place}").format(feat=str(step.feat.word), place=place))
    if not words:
        return ""
    text = words[0]
    for word in words[1:]:
        text = _("{first}, then {second}").format(first=text, second=word)
    return text


def hint_for(controller, action: Action, adviser: Adviser, asked_at: int = -1) -> Hint:
    """The hint to show for `action` (the adviser's answer for the position on screen): the whole move, each
    piece named, then the reason read from exactly that move."""
    reason = adviser.reason
    steps = hint_steps(action, reason)
    move = controller.describe(action).rstrip(".")
    pieces = piece_words(controller.state, steps)
    if pieces and isinstance(action, (PlaceTent, PlaceTotem)):   # asked between the pieces: the rest follow
        move = _("{move}, then {pieces} (the hint rings each in turn)").format(move=move, pieces=pieces)
    elif pieces and sum(isinstance(s, (PlaceTent, PlaceTotem)) for s in steps[1:]) == 1:
        move = _("{move}: {pieces} (the hint rings it)").format(move=move, pieces=pieces)
    elif pieces:
        move = _("{move}: {pieces} (the hint rings each in turn)").format(move=move, pieces=pieces)
    text = hint_line(controller.state, move, reason) if reason is not None else move
    return Hint(action, text, reason, steps, asked_at)


def _paid_with(action: Action) -> list[Biome]:
    """The cards a move takes from the hand: its payment, an exchanged card, or a Void play's Void cards too."""
    if isinstance(action, Exchange):
        return [action.card]
    cards = list(getattr(action, "cards", ()) or ())
    if isinstance(action, VoidPlay):
        cards += [Biome.VOID] * action.void_cards
    return cards


def _picking(controller) -> bool:
    """Cards may be picked now: the action step, or a solo/co-op Void action."""
    return controller.state.phase in (Phase.MAIN, Phase.THIRD_TRIBE) or controller.void_action_open()


def hint_cards(controller, action: Action) -> list[int]:
    """Hand indices of the cards a hinted move pays with (lit in the hand)."""
    cards = _paid_with(action)
    hand, picked = list(controller.hand()), []
    for card in cards:
        for i, held in enumerate(hand):
            if held == card and i not in picked:
                picked.append(i)
                break
    return picked


def show_hint(controller, hint: Hint) -> None:
    """Light a hint the way a person would set it up: its cards picked, so its targets light."""
    picked = hint_cards(controller, hint.action)
    if picked and _picking(controller):
        controller.selected[:] = picked
        pieces = getattr(hint.action, "pieces", None)
        controller.pieces_choice = pieces
    controller.notify(hint.text)


def hint_targets(controller, hint: Hint | None) -> tuple[set[int] | None, set[int] | None]:
    """(territories, spaces) to light instead of every legal target while the hint's move is set up.

    With the hinted cards picked, only the hinted territory lights (a pair of cards would otherwise
    light every territory); a hinted tent lights its one space. None: light as usual (no hint, or the
    person picked other cards).
    """
    if hint is None or controller.turn_done or not controller.hand_visible:
        return None, None
    action = hint.next_step(controller.game.log) if hint.asked_at >= 0 else hint.action
    if isinstance(action, (Place, VoidPlay)) and action.territory is not None:
        if _picking(controller) and controller.selected_cards() == tuple(sorted(_paid_with(action))):
            return {action.territory}, None
    elif isinstance(action, PlaceTent):
        return None, {action.space}
    elif isinstance(action, PlaceTotem):
        return None, set()   # only the totem circle lights (and rings): no tent space
    elif isinstance(action, VoidChoice):
        return (None, {action.target}) if action.space else ({action.target}, None)
    elif isinstance(action, PlaceFeat) and not action.on_connection:
        return {action.target}, None
    return None, None


def hinted_step(controller, hint: Hint | None) -> Action | None:
    """The step of the hint's move to play next while it stands (None: no hint, or it no longer applies)."""
    if hint is None or controller.turn_done or not controller.hand_visible or hint.asked_at < 0:
        return None
    return hint.next_step(controller.game.log)


def hint_ring(controller, hint: Hint | None) -> tuple[str, int] | None:
    """What the hint rings now, as the tutorial's coach does: ("space", space) for the next tent or ruin,
    ("totem", territory) for the next totem; None before the first piece or when the hint no longer applies."""
    if hint is None or controller.turn_done or not controller.hand_visible or hint.asked_at < 0:
        return None
    log = controller.game.log
    action = hint.next_step(log)
    if isinstance(action, PlaceTent) or (isinstance(action, VoidChoice) and action.space):
        return "space", action.space if isinstance(action, PlaceTent) else action.target
    if isinstance(action, PlaceTotem):
        done = len(log) - hint.asked_at
        territory = next((s.territory for s in reversed(hint.steps[:done])
                          if isinstance(s, (Place, VoidPlay, FreePlace)) and s.territory is not None), None)
        pending = controller.state.pending
        if territory is None and pending is not None:
            territory = pending.territory
        return ("totem", territory) if territory is not None else None
    return None


def hint_draw(controller, hint: Hint | None) -> Draw | None:
    """The draw the hint names next, while the person may draw (the display card or the deck it rings), or None."""
    if hint is None or controller.turn_done or not controller.hand_visible:
        return None
    action = hint.next_step(controller.game.log) if hint.asked_at >= 0 else hint.action
    if not isinstance(action, Draw) or controller.state.phase not in (Phase.DRAW, Phase.DRAFT):
        return None
    return action


def hint_prompt(controller, hint: Hint | None) -> str | None:
    """The banner's line while a hint's move is set up and only its territory lights (`hint_targets`).

    The ordinary line counts every territory the picked cards could pay for ("12 territories lit"),
    which would contradict the board while the hint lights one. None: the ordinary line applies (no
    hint, or the person picked other cards, so everything legal lights again).
    """
    if hint is not None and isinstance(hint.action, Exchange) and _picking(controller) and \
            controller.selected_cards() == (hint.action.card,) and not controller.turn_done:
        return _("The hint picked your {card} card: press Exchange (X) to swap it, or pick other cards.").format(
            card=biome_name(hint.action.card))
    draw = hint_draw(controller, hint)
    if draw is not None:
        if draw.card is None:
            return _("The hint rings the deck: click it to draw its top card.")
        return _("The hint rings the {card} card in the display: click it.").format(card=biome_name(draw.card))
    ring = hint_ring(controller, hint)
    if ring is not None and hint is not None:
        return _piece_prompt(controller, hint, ring)
    lit, _spaces = hint_targets(controller, hint)
    if not lit or hint is None:
        return None
    action = hint.next_step(controller.game.log) if hint.asked_at >= 0 else hint.action
    if not isinstance(action, (Place, VoidPlay)) or action.territory is None:
        return None
    territory = controller.state.board.territories[action.territory].name
    pieces = ngettext("{count} piece", "{count} pieces", action.pieces).format(count=action.pieces)
    if isinstance(action, VoidPlay):
        text = _("The hint lights {territory}: click it to place {pieces} for the Void, or pick other cards.")
    elif controller.state.phase is Phase.THIRD_TRIBE:
        return _("The hint lights {territory}: click it to place {pieces} for the {tribe}, or pick other "
                 "cards.").format(territory=territory, pieces=pieces,
                                  tribe=controller.tribe_name(controller.state.third_tribe))
    else:
        text = _("The hint lights {territory}: click it to place {pieces}, or pick other cards.")
    return text.format(territory=territory, pieces=pieces)


def _piece_prompt(controller, hint: Hint, ring: tuple[str, int]) -> str:
    """The banner's line while the hint guides a piece: which piece of how many, and where to click."""
    log = controller.game.log
    pieces = [s for s in hint.steps if isinstance(s, (PlaceTent, PlaceTotem))]
    done = sum(1 for s in log[hint.asked_at:] if isinstance(s, (PlaceTent, PlaceTotem)))
    values = {"number": min(done + 1, len(pieces)) or 1, "count": len(pieces) or 1}
    for_void = any(isinstance(s, VoidPlay) for s in hint.steps)
    if ring[0] == "totem":
        if for_void:
            return _("The hint rings the Void's totem (piece {number} of {count}): click the ringed circle.").format(
                **values)
        return _("The hint rings your totem (piece {number} of {count}): click the ringed circle or press T.").format(
            **values)
    if not pieces:
        return _("The hint rings the space to choose: click it.")
    if for_void:
        return _("The hint rings the space for the Void's ruin (piece {number} of {count}): click it.").format(
            **values)
    return _("The hint rings the space for your tent (piece {number} of {count}): click it.").format(**values)
