"""What one seat may see, and states consistent with it.

`observe` is what pass-and-play screens draw from: other hands are reduced to their sizes and the
deck to its size, and the RNG is never exposed. Bots, which need a full state to try moves on,
plan on `determinize`: a state with the same observation whose hidden cards are redrawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.state import GameState, Phase


@dataclass(frozen=True)
class Observation:
    """What one seat may know now: its own hand, the other hands' and the deck's sizes, the public board.

    The RNG, the deck order and the removed cards are left out on purpose. Frozen, so screens and bots
    cannot change the game through it.
    """

    seat: int
    phase: Phase
    active_seat: int
    acting_tribe: int
    hand: tuple[Biome, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    display: tuple[Biome, ...]
    discard: tuple[Biome, ...]
    space_owner: tuple[int, ...]
    totem_stacks: tuple[tuple[int, ...], ...]
    tents_left: tuple[int, ...]
    totems_left: tuple[int, ...]
    scores: tuple[int, ...]
    mountains: tuple[int, ...]
    feats: tuple[tuple[str, int, int, bool], ...]
    deck_exhaustions: int
    end_triggered: bool
    turn: int
    pending_place: tuple[int, int, int, bool] | None = None   # tribe, territory, pieces left, explored
    feat_choice: tuple[str, tuple[int, ...], bool] | None = None  # feat, targets, on connections
    module_turn: str | None = None
    known_cards: tuple[tuple[Biome, ...], ...] = ()   # per seat: cards everyone saw go into that hand
    modules: tuple[tuple[str, Any], ...] = ()         # (module key, its public view for this seat)
    feat_options: tuple[tuple[int, bool], ...] = ()   # the pending feat's (target, on_connection) choices

    def module_view(self, key: str) -> Any:
        """The public view of module `key` (None if it is not active or keeps no data)."""
        return dict(self.modules).get(key)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form: biomes as keys, tuples as lists."""
        return {
            "seat": self.seat, "phase": self.phase.value, "active_seat": self.active_seat,
            "acting_tribe": self.acting_tribe, "hand": [c.key for c in self.hand], "hand_sizes": list(self.hand_sizes),
            "deck_size": self.deck_size, "display": [c.key for c in self.display],
            "discard": [c.key for c in self.discard], "space_owner": list(self.space_owner),
            "totem_stacks": [list(s) for s in self.totem_stacks], "tents_left": list(self.tents_left),
            "totems_left": list(self.totems_left), "scores": list(self.scores), "mountains": list(self.mountains),
            "feats": [list(f) for f in self.feats], "deck_exhaustions": self.deck_exhaustions,
            "end_triggered": self.end_triggered, "turn": self.turn,
            "pending_place": list(self.pending_place) if self.pending_place else None,
            "feat_choice": ([self.feat_choice[0], list(self.feat_choice[1]), self.feat_choice[2]]
                            if self.feat_choice else None),
            "module_turn": self.module_turn,
            "known_cards": [[c.key for c in k] for k in self.known_cards],
            "modules": {key: view for key, view in self.modules},
            "feat_options": [list(o) for o in self.feat_options],
        }


def observe(state: GameState, seat: int) -> Observation:
    """`seat`'s view of `state`: what a pass-and-play screen may show that seat without leaking hidden cards.

    In a 2-player game the third tribe has no hand of its own; it plays from the active player's (B12).
    """
    return Observation(
        seat=seat, phase=state.phase, active_seat=state.active_seat, acting_tribe=state.acting_tribe,
        hand=tuple(state.hands[seat]), hand_sizes=tuple(len(h) for h in state.hands), deck_size=len(state.deck),
        display=tuple(state.display), discard=tuple(state.discard), space_owner=tuple(state.space_owner),
        totem_stacks=tuple(tuple(s) for s in state.totem_stacks), tents_left=tuple(state.tents_left),
        totems_left=tuple(state.totems_left), scores=tuple(state.scores), mountains=state.mountains,
        feats=tuple((f.feat.value, f.tribe, f.target, f.on_connection) for f in state.feats),
        deck_exhaustions=state.deck_exhaustions, end_triggered=state.end_triggered, turn=state.turn,
        pending_place=None if state.pending is None else (
            state.pending.tribe, state.pending.territory, state.pending.pieces_left, state.pending.explored_at_start),
        feat_choice=None if not state.pending_feats else (
            state.pending_feats[0].feat.value, state.pending_feats[0].targets, state.pending_feats[0].on_connection),
        module_turn=state.module_turn,
        known_cards=tuple(tuple(k) for k in state.known_cards),
        modules=tuple((m.key, m.public_view(state, seat)) for m in state.modules),
        feat_options=tuple(state.pending_feats[0].options()) if state.pending_feats else (),
    )


def determinize(state: GameState, seat: int, rng: Rng) -> GameState:
    """A state a player could believe in: the same observation for `seat`, hidden cards redrawn.

    Other hands and the deck are dealt again at random from the cards `seat` cannot see, and
    the game's RNG is replaced, so a bot that plans on the result cannot use what it must not
    know (OpenSpiel calls this resampling from the information state). What is publicly known
    stays: a card everyone saw taken from the display stays in that hand in every sample
    (`state.known_cards`), and module data is carried over, each module redrawing only what
    `seat` cannot see of it (`RuleModule.redraw_hidden`).
    """
    guess = state.clone()
    kept: dict[int, list[Biome]] = {}
    hidden = list(guess.deck)
    for other, hand in enumerate(guess.hands):
        if other != seat:
            unknown = list(hand)
            kept[other] = []
            for card in (guess.known_cards[other] if guess.known_cards else ()):
                if card in unknown:
                    unknown.remove(card)
                    kept[other].append(card)
            hidden.extend(unknown)
    rng.shuffle(hidden)
    for other, hand in enumerate(guess.hands):
        if other != seat:
            guess.hands[other] = sorted(kept[other] + [hidden.pop() for _ in range(len(hand) - len(kept[other]))])
    guess.deck = hidden
    for module in guess.hooks.redraw_hidden:
        module.redraw_hidden(guess, seat, rng)
    guess.rng = Rng(rng.next_u64())
    return guess
