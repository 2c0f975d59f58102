"""The `solo` and `coop` rule modules: the Void automaton, switched on by the game mode (S1-S12).

Setup (S2) builds the four piles with three Void cards each; the neutral Void tribe (8 Void totems, 21
ruins, P19) is added through `tribe_roles`; mountains are switched off (S1) and nothing scores points
(`scores_points`). Void cards never pay, are never wild and cannot be exchanged (S3). After the player
action the module holds the game for the Void's steps and the Void action (`before_draw`, S3/S4);
each Void card turned face up stops the refill for an Infection or a Corruption (`on_display_card`,
S5/S6). Counting (S7) happens in `after_placement` when a territory's last space fills; counted
territories are closed (`piece_veto`), and a Place whose territory closes mid-action gives up its
remaining pieces (`drop_pending_pieces`, P52). The end (S10) is the module's own (`own_end`,
`after_turn`, `decide_result`), and the result is an `outcome.VoidOutcome`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, ClassVar

from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.engine.core.errors import IllegalAction
from iwari_desktop.engine.core.modules import RuleModule, plain, register
from iwari_desktop.engine.core.primitives import drop_pending_pieces, finish_action, move_tent, move_totem, pay_cards, piece_done
from iwari_desktop.engine.core.primitives import begin_place, resume
from iwari_desktop.engine.core.scoring import ScoreLine
from iwari_desktop.engine.core.state import GameState, PendingPlace, Phase, TribeRole
from iwari_desktop.engine.maps.board import Board

import iwari_desktop.engine.rulesets.solo.maprules as maprules
import iwari_desktop.engine.rulesets.solo.settlements as settlements
import iwari_desktop.engine.rulesets.solo.steps as steps
from iwari_desktop.engine.rulesets.solo.actions import (
    Decline, FreePlace, MovePiece, MovePieces, VoidChoice, VoidHand, VoidPlay, VoidSkip,
)
from iwari_desktop.engine.rulesets.solo.counting import count, note
from iwari_desktop.engine.rulesets.solo.digest_v2 import v2_data_json
from iwari_desktop.engine.rulesets.solo.data import CORRUPTION_AT, KEY, PILES, VOID, VOID_CARDS_PER_PILE, VoidData, data
from iwari_desktop.engine.rulesets.solo.end import after_count, finish, prepare_end, turn_end_reason
from iwari_desktop.engine.rulesets.solo.events import HAND_ONLY, SILENT
from iwari_desktop.engine.rulesets.solo.infection import fix_pawn
from iwari_desktop.engine.rulesets.solo.moves import move_options, piece_moves
from iwari_desktop.engine.rulesets.solo.outcome import END_VOID_SETTLEMENT, claim_sentence, k_of
from iwari_desktop.engine.rulesets.solo.piles import lay_out_piles
from iwari_desktop.engine.rulesets.solo.sides import is_counted, side_of
from iwari_desktop.engine.core.text import Text, ruled
from iwari_desktop.i18n import N_

_VOID_HAND = VoidHand()
# Refusals asked inside the legal-action loops: made once, not per call.
_NEVER_PAYS = ruled("S3", N_("Void cards never pay for pieces and are never wild"))
_NO_EXCHANGE = ruled("S3", N_("a Void card cannot be exchanged"))


@lru_cache(maxsize=256)
def _closed(territory: str) -> Text:
    return ruled("S7", N_("{territory} has been counted and is closed"), territory=territory)
PLAYER_TENTS = 21   # P19


@register
@dataclass(frozen=True)
class Solo(RuleModule):
    """One player against the Void (S1-S11)."""

    key: ClassVar[str] = "solo"
    order: ClassVar[int] = 90   # after the map's rules: their vetoes and moves are asked first
    ruling: ClassVar[str] = "S4"
    title: ClassVar[str] = N_("the Void")
    summary: ClassVar[str] = N_("Play against the Void: after each action play at least one card for it; Void cards "
                              "turned up infect the land, and four at once corrupt it.")
    tribe_roles: ClassVar[tuple[TribeRole, ...]] = (TribeRole.VOID,)
    action_types: ClassVar[tuple[type, ...]] = (
        VoidPlay, VoidSkip, VoidChoice, FreePlace, Decline, MovePieces, MovePiece, VoidHand)
    own_end: ClassVar[bool] = True
    scores_points: ClassVar[bool] = False
    switches_off: ClassVar[tuple[str, ...]] = ("mountains",)

    # ---- setup ---------------------------------------------------------------------------------
    def refuse_setup(self, config: GameConfig, board: Board) -> str | None:
        """S1: no feats against the Void (expedition cards and the other options are multiplayer-only)."""
        if config.feats:
            return Text(N_("a game against the Void is played without feats: switch them off"))
        if config.draft:
            return Text(N_("a game against the Void deals its starting hands; switch the draft off"))
        return None

    def build_deck(self, config: GameConfig, board: Board, deck: list[Biome], removed: list[Biome]) -> None:
        """S2: all 57 biome cards (no cards leave the game for the player count)."""
        deck.extend(removed)
        removed.clear()

    def on_setup(self, state: GameState) -> None:
        """P19: each player has all 21 tents (no score track is needed); the Void 21 ruins and 8 totems."""
        state.ext[KEY] = VoidData()
        for seat in range(state.n_players):
            state.tents_left[seat] = PLAYER_TENTS

    def after_deal(self, state: GameState) -> None:
        """S2: split the rest into four piles differing by at most one, three Void cards shuffled into each."""
        rest = state.deck
        n = len(rest)
        sizes = [n // PILES + (1 if i < n % PILES else 0) for i in range(PILES)]
        piles: list[list[Biome]] = []
        start = 0
        for size in sizes:
            pile = rest[start:start + size] + [Biome.VOID] * VOID_CARDS_PER_PILE
            state.rng.shuffle(pile)
            piles.append(pile)
            start += size
        state.deck = [card for pile in piles for card in pile]
        data(state).discard_mark = len(state.discard)

    # ---- paying and placing ----------------------------------------------------------------------
    def payment_filter(self, state: GameState, tribe: int, territory: int, cards: tuple[Biome, ...],
                       pieces: int) -> str | None:
        if Biome.VOID in cards:
            return _NEVER_PAYS
        return None

    def exchange_filter(self, state: GameState, card: Biome) -> str | None:
        if card is Biome.VOID:
            return _NO_EXCHANGE
        return None

    def piece_veto(self, state: GameState, tribe: int, territory: int, totem: bool) -> str | None:
        claims = state.ext[KEY].claims
        if territory in claims:
            return _closed(state.board.territories[territory].name)
        return None

    def extra_actions(self, state: GameState, phase: Phase, tribe: int, hand: list[Biome]) -> list[Action]:
        """P20: a hand of only Void cards skips the action; S9: moves out of completely explored biomes."""
        if phase is not Phase.MAIN:
            return []
        if hand and all(c is Biome.VOID for c in hand):
            return [_VOID_HAND]
        return move_options(state, tribe, hand)

    def piece_actions(self, state: GameState, pending: PendingPlace) -> list[Action]:
        source = state.ext[KEY].moving
        if source is None or pending.module_pieces == 0:
            return []
        return piece_moves(state, pending, source)

    def module_actions(self, state: GameState) -> list[Action]:
        return steps.decision_options(state)

    def refuse(self, state: GameState, action: Action) -> IllegalAction:
        if isinstance(action, VoidHand):
            return IllegalAction("P20", N_("the action is skipped only when the hand holds nothing but Void cards"))
        if isinstance(action, (MovePieces, MovePiece)):
            return IllegalAction("S9", N_("'{action}' is not a legal move: pay with cards of a completely explored "
                                          "biome and move own pieces that fit in the other territory"), action=str(action))
        return IllegalAction(self.ruling, N_("'{action}' cannot be played now"), action=str(action))

    def apply_action(self, state: GameState, action: Action) -> None:
        d = data(state)
        if state.phase is Phase.MODULE:
            steps.decide(state, action)
            self._go_on(state)
            return
        if isinstance(action, VoidHand):
            note(state, Text(N_("The hand holds only Void cards, so the action is skipped.")), HAND_ONLY)
            finish_action(state)
            return
        if isinstance(action, MovePieces):
            pieces = action.pieces
            pay_cards(state, action.cards)
            d.moving = action.source
            d.moved = True
            begin_place(state, state.active_seat, action.territory, pieces, module_pieces=pieces)
            return
        if isinstance(action, MovePiece):
            p = state.pending
            if action.space is None:
                move_totem(state, p.tribe, d.moving, p.territory, actor=p.tribe)
            else:
                move_tent(state, action.source_space, action.space, actor=p.tribe)
            if state.phase is Phase.GAME_OVER:
                return
            if state.pending is None or state.pending.pieces_left == 0:   # its territory closed (P52)
                d.moving = None
                finish_action(state)
                return
            if state.pending.pieces_left == 1:
                d.moving = None
            piece_done(state)
            return
        raise IllegalAction(self.ruling, N_("'{action}' is not an action of a game against the Void"), action=str(action))

    def _go_on(self, state: GameState) -> None:
        """After a decision: run the next steps; with none left, let the interrupted flow go on."""
        if steps.drive(state) or state.phase is Phase.GAME_OVER:
            return
        resume(state)

    # ---- the turn --------------------------------------------------------------------------------
    def after_action(self, state: GameState, tribe: int) -> None:
        """Remember what the player action paid (P24) before the Void action adds to the discard."""
        if state.phase is Phase.GAME_OVER or tribe == state.void_tribe:
            return
        d = data(state)
        paid = state.pending is not None or d.moved
        d.paid = [int(c) for c in state.discard[d.discard_mark:]] if paid else []

    def before_draw(self, state: GameState) -> bool:
        """S3 step 2: the queued steps (settlement bonuses, P24's ruins), then the Void action."""
        d = data(state)
        if not state.deck and state.discard:   # P59: a new deck whenever a card must come and the deck is empty
            self._new_deck(state)
        for territory in maprules.ruins_after_action(state, [Biome(c) for c in d.paid]):
            d.steps.append(["ruin", territory])
        d.paid = []
        d.steps.append(["void-action"])
        return steps.drive(state)

    def on_display_card(self, state: GameState, card: Biome) -> bool:
        """S3 step 4: each Void card turned face up stops play for an Infection (a Corruption at 4, S6)."""
        if card is not Biome.VOID:
            return False
        data(state).steps.append(["revealed"])
        return steps.drive(state)

    def on_deck_exhausted(self, state: GameState) -> bool:
        """S10: shuffle the discard pile into a new deck, no scoring."""
        self._new_deck(state)
        return True

    @staticmethod
    def _new_deck(state: GameState) -> None:
        if state.discard:
            state.deck.extend(state.discard)
            state.discard = []
            state.rng.shuffle(state.deck)
            data(state).discard_mark = 0

    def after_turn(self, state: GameState) -> str | None:
        d = data(state)
        d.action_done = False
        d.moved = False
        d.discard_mark = len(state.discard)
        reason = turn_end_reason(state)
        if reason:
            prepare_end(state, reason)
        return reason

    # ---- counting and settlements ----------------------------------------------------------------
    def after_placement(self, state: GameState, tribe: int, territory: int | None, space: int | None) -> None:
        if state.phase is Phase.GAME_OVER or space is None:
            return
        d = data(state)
        side = side_of(state, tribe)
        new, largest = settlements.check(state, side)
        if side == VOID and largest >= maprules.void_settlement_win(state):
            finish(state, END_VOID_SETTLEMENT)
            return
        for group in new:
            d.steps.insert(0, ["void-bonus" if side == VOID else "free-place", group])
        if territory is not None and state.territory_empty[territory] == 0 and not is_counted(state, territory):
            count(state, territory, "filled")
            p = state.pending
            if p is not None and p.territory == territory:
                drop_pending_pieces(state)  # P52: the rest of the Place is given up
            if d.placing is not None and d.placing.territory == territory:
                d.placing.pieces_left = 0
            if not d.steps and d.decision is None and d.placing is None:
                fix_pawn(state)   # idle (the player's own action); otherwise when the Void's steps are done
            after_count(state)

    def after_removal(self, state: GameState, actor: int, tribe: int, territory: int | None,
                      space: int | None) -> None:
        if space is not None:
            settlements.unmark(state, space)

    # ---- the end ---------------------------------------------------------------------------------
    def decide_result(self, state: GameState):
        d = data(state)
        if d.outcome is None:   # ended by something else (a module's own end): decide now
            prepare_end(state, state.end_reason or "ended")
        return d.outcome

    def final_lines(self, state: GameState) -> list[ScoreLine]:
        """One line per counted territory: who controls it and why (no points, S1)."""
        lines = []
        d = data(state)
        for territory, claim in sorted(d.claims.items()):
            t = state.board.territories[territory]
            lines.append(ScoreLine("claim", f"territory:{territory}", f"{t.name} ({t.biome.label})", {},
                                   detail=SILENT if d.quiet else claim_sentence(state, claim)))   # quiet: a look-ahead
        return lines

    def redraw_hidden(self, guess: GameState, seat: int, rng) -> None:
        """A redrawn first deck keeps S2's piles: three Void cards in each untouched pile (piles.py)."""
        lay_out_piles(guess, rng)

    # ---- views -----------------------------------------------------------------------------------
    def public_view(self, state: GameState, seat: int) -> Any:
        """The pawn, the Void cards above the display (n of 4) and beside the board (n of 3), the claims, the
        tally toward K, the pending decision's kind, the latest Void steps; the partner's hand with open hands."""
        d = data(state)
        view = {
            "pawn": d.pawn, "above": d.above, "toward_corruption": d.above + state.display.count(Biome.VOID),
            "corruption_at": CORRUPTION_AT, "beside": d.beside, "corruptions": d.corruptions,
            "claims": {str(t): c.side for t, c in sorted(d.claims.items())},
            "void_territories": sum(1 for c in d.claims.values() if c.side == VOID), "k": k_of(state),
            "decision": None if d.decision is None else d.decision[0], "log": list(d.log[-10:]),
        }
        if state.config.option("open_hands", False):
            view["hands"] = [[c.key for c in h] for h in state.hands]
        return view

    def data_json(self, state: GameState) -> Any:
        """The module data for the digest without the step records (screens only; a load records them again)."""
        d = state.ext.get(KEY)
        if d is None:
            return None
        return {f.name: plain(getattr(d, f.name)) for f in fields(d) if f.name != "events"}

    def digest_json(self, state: GameState, version: int) -> Any:
        """A version 2 digest held the log's words: those saves are checked with the words of that time."""
        if version == 2 and state.ext.get(KEY) is not None:
            return v2_data_json(state)
        return self.data_json(state)


@register
@dataclass(frozen=True)
class Coop(Solo):
    """Two partners as one side against the Void (S12): the same automaton, K defaults to 1."""

    key: ClassVar[str] = "coop"
    ruling: ClassVar[str] = "S12"
    summary: ClassVar[str] = N_("Two partners form one side against the Void: take turns, each following the solo "
                              "turn; your pieces count together.")
