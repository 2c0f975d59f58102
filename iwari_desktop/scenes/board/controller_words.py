"""The words the board screen shows: banner prompts, tooltips, and why a selection cannot pay.

A part of `GameController`, kept apart so the gesture code stays small. It is handed the controller
itself, and only reads it: the words must describe what the player sees, so they ask the controller's
own queries (a subclass's too: the tutorial lights fewer spaces and offers the totem only when its step
asks for it). Every sentence is built from engine results (legal actions, the engine's own refusal
reasons, public state); none of it decides a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, Biome, IllegalAction, Phase, Place, apply
from ...i18n import N_, _, ngettext
from iwari_desktop.engine.core.scoring import connection_winners, majority_holders
from iwari_desktop.engine.rulesets.contested import PlaceContested
from iwari_desktop.engine.rulesets.ruins import TakeRuin
from iwari_desktop.engine.rulesets.void_totems import VoidMove
from ..presenters.views import module_view
from .narration import feat_place, view_counts
from ..ui.terms import biome_name, connection_kind, either, feat_name

from .controller_flow import feat_where

if TYPE_CHECKING:
    from iwari_desktop.engine.core.state import GameState
    from .controller import GameController

NO_PAYMENT = N_("These cards can't pay together: each piece needs one card of the territory's biome or a pair of "
                "one biome; every card you play must pay for a piece.")
UNEXPLORED_HINT = N_("An unexplored territory takes exactly one tent.")
NOT_YET = N_("These cards can't pay on their own, but with your {card} card as well they can: pick it too.")


def cards_text(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


class ControllerWords:
    """Sentences for the banner, tooltips and refusals (see the module docstring)."""

    def __init__(self, controller: GameController) -> None:
        self.c = controller

    @property
    def state(self) -> GameState:
        return self.c.state

    def prompt(self) -> str:
        s = self.state
        watching = self.c.void.steps_prompt()
        if watching:
            return watching
        if self.c.over:
            if self.c.void.void_view() is not None:
                return _("The game against the Void is over: see the result.")
            return _("The journey is over: see the final scoring.")
        active = self.c.tribe_name(s.active_seat)
        if self.c.needs_handoff:
            return _("Pass the computer to {player}.").format(player=active)
        if self.c.turn_done:
            if self.c.computer_level(self.c.last_seat) is not None:
                return _("{player}'s turn is over.").format(player=self.c.tribe_name(self.c.last_seat))
            if s.active_seat == self.c.viewer_seat:
                return _("Done. Press Enter or End turn to go on.")
            if self.c.computer_level(s.active_seat) is not None:
                return _("Turn over — Enter lets {player} (computer) play.").format(player=active)
            return _("Turn over — pass the computer to {player} (Enter).").format(player=active)
        level = self.c.computer_level(s.active_seat)
        if level is not None:
            from ..ui.terms import level_name

            return _("{player} is playing (computer, {level}): watch its move.").format(player=active,
                                                                                         level=level_name(level))
        phase = s.phase
        if phase is Phase.DRAFT:
            left = cards_text(3 - len(s.hands[s.active_seat]))
            return _("{player}, draft your starting hand: take {cards} from the display or the deck.").format(
                player=active, cards=left)
        if phase is Phase.DRAW:
            return _("Draw {cards}: click a display card or the deck (D).").format(
                cards=cards_text(3 - len(s.hands[s.active_seat])))
        if phase is Phase.FEAT:
            claim = s.pending_feats[0]
            where = feat_where(self.c.flow.feat_options())
            who = self.c.tribe_name(claim.tribe)
            if claim.feat.value == "courage":
                return _("{player} explored the last territory and earned Courage: put it on {where} "
                         "holding a feat; it cancels one feat there.").format(player=who, where=where)
            return _("{player} earned the {feat} feat: place it on {where}.").format(
                player=who, feat=feat_name(claim.feat), where=where)
        if phase is Phase.MODULE:
            return self.c.void.void_prompt() or self.module_prompt()
        if phase is Phase.PIECES and s.pending is not None:
            moving = self.c.moves.move_prompt()
            if moving:
                return moving
            p = s.pending
            t = s.board.territories[p.territory].name
            parts = ([_("a lit tent space")] if self.c.lit_spaces() else []) + (
                [_("your totem (T)")] if self.c.totem_allowed() else []) + (
                [_("the moved Void totem (V)")] if self.c.flow.void_totem_allowed() else [])
            what = either(parts or [_("a lit tent space")])
            return _("Place piece {n} of {total} in {territory}: click {what}.").format(
                n=p.placed + 1, total=p.placed + p.pieces_left, territory=t, what=what)
        if phase is Phase.THIRD_TRIBE:
            third = self.c.tribe_name(s.third_tribe)
            if self.c.selected:
                return self._selection_prompt(_("for the {tribe}").format(tribe=third))
            return _("{tribe}'s turn: pick cards from your hand and place a piece for the {tribe}.").format(
                tribe=third)
        if phase is Phase.MAIN:
            if self.c.can_pass():
                return _("{player}, your hand is empty: pass (Enter).").format(player=active)
            if self.c.selected:
                return self._selection_prompt("")
            targets = self.action_targets()
            token = self.module_view("determination")
            held = (" " + _("You hold the Determination token.")
                    if token and token.get("holder") == s.active_seat else "")
            return _("{player}, pick 1–3 cards (click or keys 1–3), then a lit {targets}; "
                     "or exchange one card (X).").format(player=active, targets=targets) + held
        return ""

    def action_targets(self) -> str:
        """What cards can be played on this turn, in words: "territory", or with the expansion's own targets
        ("territory, ruin space or Void totem") when `legal_actions` offers such an action now."""
        kinds = {type(a) for a in self.c.legal()}
        names = [_("territory")] + [_(word) for kind, word in ((TakeRuin, N_("ruin space")),
                                                               (PlaceContested, N_("contested token")),
                                                               (VoidMove, N_("Void totem"))) if kind in kinds]
        return either(names)

    def module_prompt(self) -> str:
        """A rule module's decision: today the Worship feat, placed before the final scoring."""
        name = self.c.flow.pending_feat_name()
        if name is None:
            return _("A rule of this map is waiting for a decision.")
        placer = self.c.tribe_name(self.state.active_seat)
        where = feat_where(self.c.flow.feat_options())
        view = self.module_view("worship") if name == feat_name("worship") else None
        if not view or view.get("winner") is None:
            return _("{player}, put the {feat} feat on {where}.").format(player=placer, feat=name, where=where)
        winner = self.c.tribe_name(view["winner"])
        if winner != placer:
            return _("{player}, put Worship on {where} for the {winner} (most {counts}).").format(
                player=placer, where=where, winner=winner, counts=view_counts(view['counts']))
        return _("{winner}, you win Worship for the most {counts}: put it on {where}.").format(
            winner=winner, counts=view_counts(view['counts']), where=where)

    def module_view(self, key: str):
        """The public view of an active rule module (None if the game has no such module)."""
        return module_view(self.state, key)

    def _selection_prompt(self, suffix: str) -> str:
        moving = self.c.moves.move_prompt()
        if moving:
            return moving
        if self.c.flow.void_source is not None:
            source = self.state.board.territories[self.c.flow.void_source].name
            return _("Click a lit territory to move the Void totem from {source} there (Esc: cancel).").format(
                source=source)
        if self.c.flow.use_permit and self.c.flow.permit_offered():
            return _("Determination token on: click a lit unexplored territory to put 2 pieces there.")
        places = self.c.place_choices()
        extras = []
        if self.c.flow.lit_ruins():
            extras.append(_("a lit ruin space"))
        if self.c.flow.lit_tokens():
            extras.append(_("a lit contested token"))
        if self.c.flow.void_sources():
            extras.append(_("a lit Void totem to move"))
        if self.c.moves.move_sources():
            extras.append(_("a lit full territory to move your pieces out of"))
        if not places and not extras:
            return _("These cards can't pay for a piece anywhere: change the selection.")
        if not places:
            return _("Click {what}.").format(what=either(extras))
        counts = self.c.piece_counts()
        pieces = ngettext("{counts} piece", "{counts} pieces", max(counts)).format(
            counts=either([str(c) for c in counts]))
        extra = f" {suffix}" if suffix else ""
        more = ("; " + _("or {what}").format(what=either(extras))) if extras else ""
        if self.c.flow.permit_offered():
            more += "; " + _("or use the Determination token")
        n = len(places)
        return ngettext("{n} territory lit: click it to place {pieces}{extra}{more}.",
                        "{n} territories lit: click one to place {pieces}{extra}{more}.", n).format(
            n=n, pieces=pieces, extra=extra, more=more)

    def territory_info(self, territory: int) -> list[str]:
        s = self.state
        t = s.board.territories[territory]
        lines = [f"{t.name} ({biome_name(t.biome)})"]
        counts = s.territory_tents[territory]
        void = s.void_tribe  # the neutral Void's tents are its ruins: counted apart, never called tents
        tents = ", ".join(f"{self.c.tribe_name(i)} {c}" for i, c in enumerate(counts) if c and i != void)
        ruins = counts[void] if void is not None else 0
        if tents or not ruins:
            lines.append(_("Tents: {tents}").format(tents=tents or _("unexplored")))
        if ruins:
            lines.append(_("Ruins of the Void: {n}").format(n=ruins))
        lines.append(_("Empty tent spaces: {empty} of {total}").format(empty=s.territory_empty[territory],
                                                                       total=len(t.tent_spaces)))
        if t.holds_totems:
            totems = ", ".join(f"{self.c.tribe_name(i)} {c}" for i, c in enumerate(s.totem_counts[territory]) if c)
            lines.append(_("Totems: {n} of cap {cap}").format(n=s.totems_in(territory), cap=s.totem_cap(territory))
                         + (f" ({totems})" if totems else ""))
        else:
            lines.append(_("Takes no totems"))
        return lines

    def connection_info(self, number: int) -> list[str]:
        s = self.state
        c = s.board.connections_by_number[number]
        a, b = c.territories
        lines = [_("Connection {number} · {kind}").format(number=number, kind=connection_kind(c.kind))]
        if number in s.mountains:
            lines.append(_("Blocked by a mountain: scores nothing"))
        for t in (a, b):
            holders = majority_holders(s.totem_counts[t])
            who = ", ".join(self.c.tribe_name(h) for h in sorted(holders)) or _("nobody")
            lines.append(_("{territory}: totem majority {who}").format(territory=s.board.territories[t].name, who=who))
        winners = connection_winners(s, number) if number not in s.mountains else set()
        if winners:
            total = s.totems_in(a) + (s.totems_in(b) if b != a else 0)
            lines.append(_("Would score {points} for {who}").format(
                points=total, who=", ".join(self.c.tribe_name(w) for w in sorted(winners))))
        return lines

    def mountain_info(self, number: int) -> list[str]:
        """Tooltip for a mountain: the connection it blocks and what that costs."""
        s = self.state
        c = s.board.connections_by_number[number]
        a, b = (s.board.territories[t].name for t in c.territories)
        return [_("Mountain on connection {number}").format(number=number),
                _("Blocks the {kind} connection {a} – {b}").format(kind=connection_kind(c.kind), a=a, b=b),
                _("That connection scores nothing at the end")]

    def deck_info(self) -> list[str]:
        """Tooltip for the deck: cards left, the discards, and what its running out will bring."""
        s = self.state
        lines = [_("Deck: {cards} left").format(cards=cards_text(len(s.deck))),
                 _("Discard pile: {cards}").format(cards=cards_text(len(s.discard)))]
        if s.end_triggered or s.is_terminal():
            lines.append(_("The journey ends with this round"))
        elif s.deck_exhaustions == 0:
            lines.append(_("First journey: when the deck runs out, the discards"))
            lines.append(_("are reshuffled and tents score for the half journey"))
        else:
            lines.append(_("Second journey: when the deck runs out again,"))
            lines.append(_("the journey ends with that round"))
        return lines

    def card_info(self, biome, where: str) -> list[str]:
        """Tooltip for a display or hand card: its biome by name and what it pays for."""
        label = biome_name(biome)
        if biome is Biome.VOID:   # never pays and is never wild (S3): what it does instead
            head = _("{biome} card ({where})").format(biome=label, where=where)
            if where == _("display"):
                return [head, _("Counts toward a Corruption while it lies here;"),
                        _("taken into the hand it sets off nothing")]
            return [head, _("Pays for no piece; in the Void action it goes above the display"),
                    _("and sets off an Infection (a Corruption once 4 are out)")]
        return [_("{biome} card ({where})").format(biome=label, where=where),
                _("Pays for one piece in a {biome} territory,").format(biome=label),
                _("or, paired with another {biome} card, one piece anywhere").format(biome=label)]

    def feat_info(self, index: int) -> list[str]:
        """Tooltip for a feat on the board: which feat, who earned it, what it multiplies."""
        s = self.state
        feat = s.feats[index]
        name = feat_name(feat.feat)
        lines = [_("{feat} feat on {where}").format(feat=name, where=feat_place(s, feat)),
                 _("Earned by {player}").format(player=self.c.tribe_name(feat.tribe))]
        counts: dict[int, int] = {}
        for module in s.modules:
            found = (module.connection_multiplier_feats(s) if feat.on_connection
                     else module.territory_multiplier_feats(s))
            counts[feat.target] = counts.get(feat.target, 0) + found.get(feat.target, 0)
        n = counts.get(feat.target, 0)
        if n:
            text = (ngettext("Final scoring: totem points of this connection ×{factor} ({n} feat here)",
                             "Final scoring: totem points of this connection ×{factor} ({n} feats here)", n)
                    if feat.on_connection else
                    ngettext("Final scoring: tent points of this territory ×{factor} ({n} feat here)",
                             "Final scoring: tent points of this territory ×{factor} ({n} feats here)", n))
            lines.append(text.format(factor=n + 1, n=n))
        else:
            lines.append(_("Counts for nothing at the final scoring"))
        return lines

    def selection_problem(self) -> str | None:
        """Why the picked cards can pay nowhere, in plain words; None if some territory takes them.

        Judged from engine results only: no legal Place uses exactly these cards; the unexplored
        hint is added only when the engine itself refuses a territory for that reason (B8).
        """
        cards = self.c.selected_cards()
        if not cards or self.state.phase not in (Phase.MAIN, Phase.THIRD_TRIBE):
            return None
        places = [a for a in self.c.legal() if isinstance(a, Place)]
        if any(a.cards == cards for a in places):
            return None
        options = self.c.flow.flow_options()
        if options.ruins or options.tokens or options.void_moves or self.c.moves.move_options():
            return None
        # Picked card by card on the way to a three-card payment: say what completes it, not "can't".
        hand = self.c.hand()
        for i, card in enumerate(hand):
            if i not in self.c.selected and any(a.cards == tuple(sorted(cards + (card,))) for a in places):
                return _(NOT_YET).format(card=biome_name(card))
        text = _(NO_PAYMENT)
        if len(cards) >= 2 and any(self._refusal_rule(Place(t.index, cards, 2)) == "B8"
                                   for t in self.state.board.territories):
            text += " " + _(UNEXPLORED_HINT)

        return text

    def _refusal_rule(self, action: Action) -> str | None:
        """The rule id the engine cites when refusing `action`, or None if it would accept it."""
        try:
            apply(self.state.clone(), action)
        except IllegalAction as error:
            return error.rule
        return None
