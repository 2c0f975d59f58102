"""The expansion's click flows: ruin spaces, Void-totem moves, contested tokens, Determination, mixed feats.

A part of `GameController` (handed a `BoardContext`), kept apart so each file stays small. It owns the
flow's own choices (the chosen Void source, the Determination switch). Every flow is the base game's:
pick cards, and what those cards can do lights up. What lights is read from `legal_actions` only:

- a ruin space (`TakeRuin`) or a contested token (`PlaceContested`) lights when the selected cards are
  exactly what the engine would take for it — found by playing the action on a copy of the state and
  seeing which cards left the hand, so no payment rule is repeated here;
- a Void-totem move (`VoidMove`) carries its cards: the selection lights the move's sources, a click on
  one (or on its totem stack) lights its destinations, and the move's pieces then follow one at a time,
  the moved Void totem (`VoidTotem`) being one of them, in the order the player chooses;
- the Determination token is a Place the engine allows only by a module's permit: a 2-piece Place whose
  trial leaves `pending.permit` set. Such Places are never chosen silently: the player switches the
  token on with its own button, and only then do those territories take 2 pieces;
- a feat whose targets mix territories and connections (Courage, Worship) lights both kinds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from ...engine import Action, Biome, IllegalAction, Phase, Place, PlaceFeat, apply
from iwari_desktop.engine.rulesets.contested import PlaceContested
from iwari_desktop.engine.rulesets.ruins import TakeRuin
from iwari_desktop.engine.rulesets.void_totems import VoidMove, VoidTotem
from ...i18n import _, ngettext
from ..ui.terms import biome_name, both, either, feat_name
from .controller_context import BoardContext

if TYPE_CHECKING:
    from iwari_desktop.engine.core.state import GameState


@dataclass
class FlowOptions:
    """What the current selection can do beside an ordinary Place, keyed for clicks."""

    ruins: dict[int, TakeRuin] = field(default_factory=dict)              # ruin space -> its action
    tokens: dict[int, PlaceContested] = field(default_factory=dict)       # contested token -> its action
    void_moves: list[VoidMove] = field(default_factory=list)      # moves paid by exactly the selection
    permit_places: set[int] = field(default_factory=set)          # territories where 2 pieces need the permit


def _biomes(cards: tuple[Biome, ...]) -> str:
    counts = Counter(cards)
    return both([biome_name(b) if n == 1 else (_("two {biome}") if n == 2 else _("three {biome}")).format(
        biome=biome_name(b)) for b, n in counts.items()])


def feat_where(options: list[PlaceFeat]) -> str:
    """Where the feat may go, as "a lit territory", "a lit connection" or both (a whole phrase, so a
    language can make the adjective agree with its noun)."""
    kinds = {a.on_connection for a in options}
    if kinds == {True, False}:
        return _("a lit territory or connection")
    return _("a lit connection") if True in kinds else _("a lit territory")


class ExpansionFlow:
    """The expansion's gestures and lit targets (see the module docstring)."""

    def __init__(self, ctx: BoardContext) -> None:
        self.ctx = ctx
        self.void_source: int | None = None     # a Void-totem move's chosen source territory (E5 flow)
        self.use_permit = False                 # the player switched the Determination token on
        self._trials: dict = {}                 # trial results of this version of the screen
        self._trials_version = -1

    @property
    def state(self) -> GameState:
        return self.ctx.state

    def _say(self, text: str, error: bool = False) -> None:
        self.ctx.say(text, error)

    # ---- engine facts by trial -------------------------------------------------------------------------
    def paid_cards(self, action: Action) -> tuple[Biome, ...] | None:
        """The cards `action` would take from the hand paying for it (None if the engine refuses it)."""
        cache = self._trial_cache()
        if ("paid", action) not in cache:
            trial = self.state.clone()
            seat = trial.active_seat
            before = Counter(trial.hands[seat])
            try:
                apply(trial, action)
            except IllegalAction:
                cache["paid", action] = None
            else:
                cache["paid", action] = tuple(sorted((before - Counter(trial.hands[seat])).elements()))
        return cache["paid", action]

    def uses_permit(self, action: Place) -> bool:
        """Whether the engine allows this Place only through a module's permit (the Determination token)."""
        if not self.state.hooks.placement_permit or action.pieces != 2:
            return False
        cache = self._trial_cache()
        if ("permit", action) not in cache:
            trial = self.state.clone()
            try:
                apply(trial, action)
            except IllegalAction:
                cache["permit", action] = False
            else:
                cache["permit", action] = trial.pending is not None and trial.pending.permit is not None
        return cache["permit", action]

    def _trial_cache(self) -> dict:
        if self._trials_version != self.ctx.version():
            self._trials = {}
            self._trials_version = self.ctx.version()
        return self._trials

    def flow_options(self) -> FlowOptions:
        """The selection's ruin spaces, contested tokens, Void-totem moves and Determination territories."""
        cache = self._trial_cache()
        if "options" in cache:
            return cache["options"]
        options = FlowOptions()
        cards = self.ctx.selected_cards()
        if cards and self.state.phase in (Phase.MAIN, Phase.THIRD_TRIBE):
            for action in self.ctx.legal():
                if isinstance(action, TakeRuin) and len(cards) == 2 and self.paid_cards(action) == cards:
                    options.ruins[action.space] = action
                elif isinstance(action, PlaceContested) and len(cards) == 2 and self.paid_cards(action) == cards:
                    options.tokens[action.token] = action
                elif isinstance(action, VoidMove) and action.cards == cards:
                    options.void_moves.append(action)
                elif isinstance(action, Place) and action.cards == cards and self.uses_permit(action):
                    options.permit_places.add(action.territory)
        cache["options"] = options
        return options

    # ---- what is lit ---------------------------------------------------------------------------------------
    def void_sources(self) -> set[int]:
        """Territories whose Void totem the selection can move (none once a source is chosen)."""
        if self.void_source is not None:
            return set()
        return {m.source for m in self.flow_options().void_moves}

    def void_destinations(self) -> set[int]:
        """Where the chosen source's Void totem can go with the selected cards."""
        if self.void_source is None:
            return set()
        return {m.territory for m in self.flow_options().void_moves if m.source == self.void_source}

    def lit_ruins(self) -> set[int]:
        return set(self.flow_options().ruins)

    def lit_tokens(self) -> dict[int, int]:
        """Contested token -> the territory the selection would move it into."""
        return {token: a.territory for token, a in self.flow_options().tokens.items()}

    def permit_offered(self) -> bool:
        """The selection could use the Determination token (2 pieces in an unexplored territory)."""
        return bool(self.flow_options().permit_places)

    def void_totem_allowed(self) -> bool:
        return any(isinstance(a, VoidTotem) for a in self.ctx.legal())

    def feat_options(self) -> list[PlaceFeat]:
        """The feat placements offered now: an earned feat (FEAT) or a decision before the scoring (Worship)."""
        if self.state.phase not in (Phase.FEAT, Phase.MODULE):
            return []
        return [a for a in self.ctx.legal() if isinstance(a, PlaceFeat)]

    def pending_feat_name(self) -> str | None:
        options = self.feat_options()
        return feat_name(options[0].feat) if options else None

    def flow_lit_territories(self) -> set[int] | None:
        """Territories to light in MAIN/THIRD_TRIBE/FEAT/MODULE; None leaves it to the base rules."""
        phase = self.state.phase
        if phase in (Phase.FEAT, Phase.MODULE):
            return {a.target for a in self.feat_options() if not a.on_connection}
        if phase not in (Phase.MAIN, Phase.THIRD_TRIBE):
            return None
        if self.void_source is not None:
            return self.void_destinations()
        if self.use_permit and self.permit_offered():
            return set(self.flow_options().permit_places)
        return set(self.place_choices()) | self.void_sources()

    def place_choices(self) -> dict[int, list[int]]:
        """Territory -> piece counts the selected cards can legally buy there."""
        cards = self.ctx.selected_cards()
        if not cards:
            return {}
        choices: dict[int, list[int]] = {}
        for action in self.ctx.legal():
            if isinstance(action, Place) and action.cards == cards and self.place_choice_allowed(action):
                choices.setdefault(action.territory, []).append(action.pieces)
        return {t: sorted(set(p)) for t, p in choices.items()}

    def place_choice_allowed(self, place: Place) -> bool:
        """An ordinary Place the click flow may play: the permit's 2 pieces only once the player chose the token."""
        return self.use_permit or place.pieces != 2 or not self.uses_permit(place)

    # ---- gestures ----------------------------------------------------------------------------------------
    def reset_flow(self) -> None:
        self.void_source = None
        self.use_permit = False

    def toggle_permit(self) -> bool:
        """Switch the Determination token on or off for the selected cards."""
        if self.ctx.blocked():
            return False
        if not self.permit_offered():
            self._say(_("The Determination token lets its holder put 2 pieces in an unexplored territory: select "
                        "cards that pay for 2 pieces there (one of them of its biome), then switch it on."), True)
            return False
        self.use_permit = not self.use_permit
        self.void_source = None
        if self.use_permit:
            self._say(_("Determination token on: click a lit unexplored territory for 2 pieces, a tent first. "
                        "Afterwards the token passes to the previous player."))
        else:
            self._say(_("Determination token off: an unexplored territory takes one tent."))
        return True

    def click_void_source(self, territory: int) -> bool:
        """Choose (or, clicked again, drop) the territory whose Void totem moves."""
        if self.ctx.blocked():
            return False
        name = self.state.board.territories[territory].name
        if self.void_source == territory:
            self.void_source = None
            self._say(_("Void totem of {territory} put back: choose again.").format(territory=name))
            return True
        if territory not in self.void_sources():
            if not self.ctx.selected_cards():
                self._say(_("Pick the cards for the move first, then click the Void totem to move."), True)
            else:
                self._say(_("These cards cannot move a Void totem out of {territory}.").format(territory=name), True)
            return False
        self.void_source = territory
        self.use_permit = False
        targets = len(self.void_destinations())
        self._say(ngettext("Moving a Void totem out of {territory}: click the {n} lit territory to move it "
                           "there (click {territory} again to choose another).",
                           "Moving a Void totem out of {territory}: click one of the {n} lit territories to move it "
                           "there (click {territory} again to choose another).", targets).format(
            territory=name, n=targets))
        return True

    def _click_void_destination(self, territory: int) -> bool:
        source = self.void_source
        move = next((m for m in self.flow_options().void_moves
                     if m.source == source and m.territory == territory), None)
        if move is not None:
            return self.ctx.submit(move)
        cards = self.ctx.selected_cards()
        reason = self.ctx.explain(VoidMove(source, territory, cards))  # type: ignore[arg-type]
        self._say(reason or _("The Void totem cannot go there with these cards."), True)
        return False

    def flow_click_territory(self, territory: int) -> bool | None:
        """A territory click the expansion's flows take (None: the base flow handles it)."""
        phase = self.state.phase
        if phase in (Phase.FEAT, Phase.MODULE):
            return self._click_feat_target(territory, False)
        if phase not in (Phase.MAIN, Phase.THIRD_TRIBE) or not self.ctx.selected_cards():
            return None
        if self.void_source is not None:
            if territory == self.void_source:
                return self.click_void_source(territory)
            return self._click_void_destination(territory)
        if territory in self.void_sources() and territory not in self.place_choices():
            return self.click_void_source(territory)
        if self.use_permit and territory in self.flow_options().permit_places:
            return self.ctx.submit(Place(territory, self.ctx.selected_cards(), 2))
        return None

    def _click_feat_target(self, target: int, on_connection: bool) -> bool:
        options = self.feat_options()
        if not options:
            self._say(self.ctx.prompt(), True)
            return False
        match = next((a for a in options if a.target == target and a.on_connection == on_connection), None)
        if match is not None:
            return self.ctx.submit(match)
        where = feat_where(options)
        what = (_("connection {number}").format(number=target) if on_connection
                else self.state.board.territories[target].name)
        self._say(_("The {feat} feat cannot go on {what}: choose {where}.").format(
            feat=feat_name(options[0].feat), what=what, where=where), True)
        return False

    def place_void_totem(self) -> bool:
        """The moved Void totem goes onto the territory's stack now (one of the move's pieces)."""
        if self.ctx.blocked():
            return False
        if not self.void_totem_allowed():
            if self.state.phase is Phase.PIECES and self.state.pending is not None \
                    and self.state.pending.module_pieces:
                self._say(_("The moved Void totem would break the totem cap now: place your own tent first."), True)
            else:
                self._say(_("No Void totem is on its way: select cards and click a Void totem to move it."), True)
            return False
        return self.ctx.submit(VoidTotem())

    def _in_action_step(self) -> bool:
        """True when the game waits for an action; otherwise the prompt is said again (False)."""
        if self.ctx.blocked():
            return False
        if self.state.phase not in (Phase.MAIN, Phase.THIRD_TRIBE):
            self._say(self.ctx.prompt(), True)
            return False
        return True

    def click_ruin(self, space: int) -> bool:
        """A click on a ruin space in the action step: take it with the two selected cards."""
        if not self._in_action_step():
            return False
        s = self.state
        action = self.flow_options().ruins.get(space)
        if action is not None:
            return self.ctx.submit(action)
        icon = s.board.spaces[space].ruin_biome
        cards = self.ctx.selected_cards()
        need = (_("exactly two {biome} cards").format(biome=biome_name(icon)) if icon is not None
                else _("two cards of its icon"))
        reason = self.ctx.explain(TakeRuin(space))
        if reason is not None:
            self._say(reason, True)
        elif not cards:
            self._say(_("Pick the cards first: this ruin space is taken with {need}.").format(need=need), True)
        else:
            self._say(_("This ruin space is taken with {need} and nothing else, not {cards}.").format(
                need=need, cards=_biomes(cards)), True)
        return False

    def click_token(self, token: int) -> bool:
        """A click on a contested token still on its spot: move it with the two selected cards."""
        if not self._in_action_step():
            return False
        s = self.state
        action = self.flow_options().tokens.get(token)
        if action is not None:
            return self.ctx.submit(action)
        spot = s.board.contested_spots[token]
        ways, reasons = [], []
        for territory in spot.territories:
            option = PlaceContested(token, territory)
            if option in self.ctx.legal():
                paid = self.paid_cards(option)
                ways.append(_("{cards} cards into {territory}").format(
                    cards=_biomes(paid), territory=s.board.territories[territory].name) if paid else
                    s.board.territories[territory].name)
            else:
                reasons.append(self.ctx.explain(option))
        if ways:
            self._say(_("Select the cards for this contested token: {ways}.").format(ways=either(ways)), True)
        else:
            self._say(next((r for r in reasons if r), _("This contested token cannot move now.")), True)

        return False

    def click_feat_connection(self, number: int) -> bool:
        if self.ctx.blocked():
            return False
        return self._click_feat_target(number, True)
