"""The words the board screen shows: banner prompts, tooltips, and why a selection cannot pay.

A mixin of `GameController`, kept apart so the gesture code stays small. Every sentence is built
from engine results (legal actions, the engine's own refusal reasons, public state); none of it
decides a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Phase, Place
from iwari_desktop.engine.core.errors import plural
from iwari_desktop.engine.core.scoring import connection_winners, majority_holders
from iwari_desktop.engine.rulesets.contested import PlaceContested
from iwari_desktop.engine.rulesets.ruins import TakeRuin
from iwari_desktop.engine.rulesets.void_totems import VoidMove
from .narration import feat_place, module_view
from iwari_desktop.i18n import _

if TYPE_CHECKING:
    from iwari_desktop.engine.core.state import GameState

NO_PAYMENT = ("These cards can't pay together: each piece needs one card of the territory's biome or a pair of "
              "one biome; every card you play must pay for a piece.")
UNEXPLORED_HINT = "An unexplored territory takes exactly one tent."
NOT_YET = "These cards can't pay on their own, but with your {card} card as well they can: pick it too."


class ControllerWords:
    """Sentences for the banner, tooltips and refusals (see the module docstring)."""

    # provided by GameController
    state: "GameState"
    selected: list[int]
    viewer_seat: int | None
    last_seat: int | None
    turn_done: bool
    version: int

    def prompt(self) -> str:
        s = self.state
        if self.over:
            if self.void_view() is not None:  # type: ignore[attr-defined]
                return "The game against the Void is over: see the result."
            return "The journey is over: see the final scoring."
        active = self.tribe_name(s.active_seat)
        if self.needs_handoff:
            return f"Pass the computer to {active}."
        if self.turn_done:
            if self.computer_level(self.last_seat) is not None:
                return f"{self.tribe_name(self.last_seat)}'s turn is over."
            if s.active_seat == self.viewer_seat:
                return "Done. Press Enter or Continue to go on."
            if self.computer_level(s.active_seat) is not None:
                return f"Turn over — Enter lets {active} (computer) play."
            return f"Turn over — pass the computer to {active} (Enter)."
        level = self.computer_level(s.active_seat)
        if level is not None:
            return f"{active} is playing (computer, {level.capitalize()}): watch its move."
        phase = s.phase
        if phase is Phase.DRAFT:
            left = plural(3 - len(s.hands[s.active_seat]), "card")
            return f"{active}, draft your starting hand: take {left} from the display or the deck."
        if phase is Phase.DRAW:
            return f"Draw {plural(3 - len(s.hands[s.active_seat]), 'card')}: click a display card or the deck (D)."
        if phase is Phase.FEAT:
            claim = s.pending_feats[0]
            where = self.feat_where(self.feat_options())
            who = self.tribe_name(claim.tribe)
            if claim.feat.value == "courage":
                return (f"{who} explored the last territory and earned Courage: put it on a lit {where} "
                        "holding a feat; it cancels one feat there.")
            return f"{who} earned the {claim.feat.value.capitalize()} feat: place it on a lit {where}."
        if phase is Phase.MODULE:
            return self.void_prompt() or self.module_prompt()  # type: ignore[attr-defined]
        if phase is Phase.PIECES and s.pending is not None:
            moving = self.move_prompt()  # type: ignore[attr-defined]
            if moving:
                return moving
            p = s.pending
            t = s.board.territories[p.territory].name
            parts = (["a lit tent space"] if self.lit_spaces() else []) + (
                ["your totem (T)"] if self.totem_allowed() else []) + (
                ["the moved Void totem (V)"] if self.void_totem_allowed() else [])
            what = ", ".join(parts[:-1]) + " or " + parts[-1] if len(parts) > 1 else (parts or ["a lit tent space"])[0]
            return f"Place piece {p.placed + 1} of {p.placed + p.pieces_left} in {t}: click {what}."
        if phase is Phase.THIRD_TRIBE:
            third = self.tribe_name(s.third_tribe)
            if self.selected:
                return self._selection_prompt(f"for the {third}")
            return f"{third}'s turn: pick cards from your hand and place a piece for the {third}."
        if phase is Phase.MAIN:
            if self.can_pass():
                return f"{active}, your hand is empty: pass (Enter)."
            if self.selected:
                return self._selection_prompt("")
            targets = self.action_targets()
            token = self.module_view("determination")
            held = " You hold the Determination token." if token and token.get("holder") == s.active_seat else ""
            return (f"{active}, pick 1–3 cards (click or keys 1–3), then a lit {targets}; "
                    f"or exchange one card (X).{held}")
        return ""

    def action_targets(self) -> str:
        """What cards can be played on this turn, in words: "territory", or with the expansion's own targets
        ("territory, ruin space or Void totem") when `legal_actions` offers such an action now."""
        kinds = {type(a) for a in self.legal()}
        names = ["territory"] + [word for kind, word in ((TakeRuin, "ruin space"), (PlaceContested, "contested token"),
                                                         (VoidMove, "Void totem")) if kind in kinds]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]

    def module_prompt(self) -> str:
        """A rule module's decision: today the Worship feat, placed before the final scoring."""
        name = self.pending_feat_name()
        if name is None:
            return "A rule of this map is waiting for a decision."
        placer = self.tribe_name(self.state.active_seat)
        where = self.feat_where(self.feat_options())
        view = self.module_view("worship") if name == "Worship" else None
        if not view or view.get("winner") is None:
            return f"{placer}, put the {name} feat on a lit {where}."
        winner = self.tribe_name(view["winner"])
        if winner != placer:
            return f"{placer}, put Worship on a lit {where} for the {winner} (most {view['counts']})."
        return f"{winner}, you win Worship for the most {view['counts']}: put it on a lit {where}."

    def module_view(self, key: str):
        """The public view of an active rule module (None if the game has no such module)."""
        return module_view(self.state, key)

    def _selection_prompt(self, suffix: str) -> str:
        moving = self.move_prompt()  # type: ignore[attr-defined]
        if moving:
            return moving
        if self.void_source is not None:
            source = self.state.board.territories[self.void_source].name
            return f"Click a lit territory to move the Void totem from {source} there (Esc: cancel)."
        if self.use_permit and self.permit_offered():
            return "Determination token on: click a lit unexplored territory to put 2 pieces there."
        places = self.place_choices()
        extras = []
        if self.lit_ruins():
            extras.append("a lit ruin space")
        if self.lit_tokens():
            extras.append("a lit contested token")
        if self.void_sources():
            extras.append("a lit Void totem to move")
        if self.move_sources():  # type: ignore[attr-defined]
            extras.append(_("a lit full territory to move your pieces out of"))
        if not places and not extras:
            return "These cards can't pay for a piece anywhere: change the selection."
        if not places:
            return "Click " + " or ".join(extras) + "."
        counts = self.piece_counts()
        pieces = " or ".join(str(c) for c in counts) + (" piece" if counts == [1] else " pieces")
        extra = f" {suffix}" if suffix else ""
        more = ("; or " + " or ".join(extras)) if extras else ""
        if self.permit_offered():
            more += "; or use the Determination token"
        n = len(places)
        return f"{n} territor{'y' if n == 1 else 'ies'} lit: click one to place {pieces}{extra}{more}."

    def territory_info(self, territory: int) -> list[str]:
        s = self.state
        t = s.board.territories[territory]
        lines = [f"{t.name} ({t.biome.label})"]
        counts = s.territory_tents[territory]
        tents = ", ".join(f"{self.tribe_name(i)} {c}" for i, c in enumerate(counts) if c) or "unexplored"
        lines.append(f"Tents: {tents}")
        lines.append(f"Empty tent spaces: {s.territory_empty[territory]} of {len(t.tent_spaces)}")
        if t.holds_totems:
            totems = ", ".join(f"{self.tribe_name(i)} {c}" for i, c in enumerate(s.totem_counts[territory]) if c)
            lines.append(f"Totems: {s.totems_in(territory)} of cap {s.totem_cap(territory)}" + (f" ({totems})" if totems else ""))
        else:
            lines.append("Takes no totems")
        return lines

    def connection_info(self, number: int) -> list[str]:
        s = self.state
        c = s.board.connections_by_number[number]
        a, b = c.territories
        lines = [f"Connection {number} · {c.kind.value}"]
        if number in s.mountains:
            lines.append("Blocked by a mountain: scores nothing")
        for t in (a, b):
            holders = majority_holders(s.totem_counts[t])
            who = ", ".join(self.tribe_name(h) for h in sorted(holders)) or "nobody"
            lines.append(f"{s.board.territories[t].name}: totem majority {who}")
        winners = connection_winners(s, number) if number not in s.mountains else set()
        if winners:
            total = s.totems_in(a) + (s.totems_in(b) if b != a else 0)
            lines.append(f"Would score {total} for " + ", ".join(self.tribe_name(w) for w in sorted(winners)))
        return lines

    def mountain_info(self, number: int) -> list[str]:
        """Tooltip for a mountain: the connection it blocks and what that costs."""
        s = self.state
        c = s.board.connections_by_number[number]
        a, b = (s.board.territories[t].name for t in c.territories)
        return [f"Mountain on connection {number}", f"Blocks the {c.kind.value} connection {a} – {b}",
                "That connection scores nothing at the end"]

    def deck_info(self) -> list[str]:
        """Tooltip for the deck: cards left, the discards, and what its running out will bring."""
        s = self.state
        lines = [f"Deck: {plural(len(s.deck), 'card')} left", f"Discard pile: {plural(len(s.discard), 'card')}"]
        if s.end_triggered or s.is_terminal():
            lines.append("The journey ends with this round")
        elif s.deck_exhaustions == 0:
            lines.append("First journey: when the deck runs out, the discards")
            lines.append("are reshuffled and tents score for the half journey")
        else:
            lines.append("Second journey: when the deck runs out again,")
            lines.append("the journey ends with that round")
        return lines

    def card_info(self, biome, where: str) -> list[str]:
        """Tooltip for a display or hand card: its biome by name and what it pays for."""
        label = biome.label
        return [f"{label} card ({where})", f"Pays for one piece in a {label} territory,",
                f"or, paired with another {label} card, one piece anywhere"]

    def feat_info(self, index: int) -> list[str]:
        """Tooltip for a feat on the board: which feat, who earned it, what it multiplies."""
        s = self.state
        feat = s.feats[index]
        name = feat.feat.value.capitalize()
        lines = [f"{name} feat on {feat_place(s, feat)}", f"Earned by {self.tribe_name(feat.tribe)}"]
        counts: dict[int, int] = {}
        for module in s.modules:
            found = (module.connection_multiplier_feats(s) if feat.on_connection
                     else module.territory_multiplier_feats(s))
            counts[feat.target] = counts.get(feat.target, 0) + found.get(feat.target, 0)
        n = counts.get(feat.target, 0)
        if n:
            what = "totem points of this connection" if feat.on_connection else "tent points of this territory"
            lines.append(f"Final scoring: {what} ×{n + 1} ({plural(n, 'feat')} here)")
        else:
            lines.append("Counts for nothing at the final scoring")
        return lines

    def selection_problem(self) -> str | None:
        """Why the picked cards can pay nowhere, in plain words; None if some territory takes them.

        Judged from engine results only: no legal Place uses exactly these cards; the unexplored
        hint is added only when the engine itself refuses a territory for that reason (B8).
        """
        cards = self.selected_cards()
        if not cards or self.state.phase not in (Phase.MAIN, Phase.THIRD_TRIBE):
            return None
        places = [a for a in self.legal() if isinstance(a, Place)]
        if any(a.cards == cards for a in places):
            return None
        options = self.flow_options()
        if options.ruins or options.tokens or options.void_moves or self.move_options():  # type: ignore[attr-defined]
            return None
        # Picked card by card on the way to a three-card payment: say what completes it, not "can't".
        hand = self.hand()
        for i, card in enumerate(hand):
            if i not in self.selected and any(a.cards == tuple(sorted(cards + (card,))) for a in places):
                return NOT_YET.format(card=card.label)
        text = NO_PAYMENT
        if len(cards) >= 2 and any(self._refusal_rule(Place(t.index, cards, 2)) == "B8"
                                   for t in self.state.board.territories):
            text += " " + UNEXPLORED_HINT
        return text
