"""Normal: the greedy one-ply player, judged by the shared evaluation from the deciding seat's side.

What it fixes over the first greedy bot (issue #11):
- every option is valued as the deciding seat's margin over its strongest rival after the option,
  so pieces of the 2-player third tribe and feats (whoever earned them) go where they help the
  seat that places them, not where they help the tribe that owns them;
- Exchange is an option like any other, valued by the hand it leaves;
- a Place is judged once per (territory, pieces) and then paid with the payment that keeps the
  best hand, so it never spends a pair or a third card where one card would do.

It decides on a world drawn by `worlds.sample_world` (`observation.determinize` on a canonical
public copy), never on the state it was given, so hidden hands and the deck order cannot sway it;
the world is drawn with the bot's own RNG, which also breaks ties.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from iwari_desktop.engine.core.actions import Action, Draw, Exchange, Place, PlaceTent
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.placement import payments_for
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.state import EMPTY, GameState, Phase
from iwari_desktop.engine.bots.base import SeededBot
from iwari_desktop.engine.bots.evaluation import estimate, margin, margins_with_one_more_tent, seat_value
from iwari_desktop.engine.bots.worlds import public_copy, sample_world

KEPT_CARD = 0.6       # a card left in hand: known, and it pays next turn
PAIR_BONUS = 0.25     # per card of a pair: a pair pays for a piece anywhere (B6)
DRAWN_CARD = 0.4      # a card yet to be drawn: unknown, though chosen from the display
_COMPLETING = (Phase.PIECES, Phase.FEAT)


def hand_value(hand: list[Biome] | tuple[Biome, ...]) -> float:
    """What the cards left in hand are worth to the next turn, in points of the evaluation."""
    counts = Counter(hand)
    return sum(n * KEPT_CARD + (n * PAIR_BONUS if n >= 2 else 0.0) for n in counts.values())


def _space_score(state: GameState, tribe: int, space: int) -> float:
    """A cheap guess at a tent space's worth for settlements (B17): the group it would join, room to grow."""
    owner = state.space_owner
    neighbours = state.space_neighbours
    seen = {space}
    stack = [n for n in neighbours[space] if owner[n] == tribe]
    seen.update(stack)
    joined = 0
    while stack:
        current = stack.pop()
        joined += 1
        for nxt in neighbours[current]:
            if nxt not in seen and owner[nxt] == tribe:
                seen.add(nxt)
                stack.append(nxt)
    room = sum(1 for n in neighbours[space] if owner[n] == EMPTY)
    return joined + 0.2 * room


@dataclass
class NormalBot(SeededBot):
    """Level Normal: one-ply greedy on the shared evaluation (see the module docstring).

    `choose` (bots/base.py) plays a single option at once; `pick` takes the best value, ties by the RNG."""

    # ---- the public face -----------------------------------------------------------------------
    def decide(self, state: GameState, options: list[Action]) -> Action:
        return self.pick(self.rank(state, options))

    def rank(self, state: GameState, options: list[Action]) -> list[tuple[float, Action]]:
        """Every option with its value for the deciding seat, judged on a determinized copy of `state`."""
        seat = state.active_seat
        world = sample_world(public_copy(state, seat), seat, self.rng)
        return self.rank_in(world, seat, options)

    # ---- valuing options ---------------------------------------------------------------------
    def rank_in(self, world: GameState, seat: int, options: list[Action]) -> list[tuple[float, Action]]:
        """Values of `options` in `world` (already free of other seats' secrets) for `seat`."""
        phase = world.phase
        if phase is Phase.DRAW or phase is Phase.DRAFT:
            return self._rank_draws(world, seat, options)
        hand = world.hands[seat]
        board_values: dict[tuple[int, int], float] = {}
        scored: list[tuple[float, Action]] = []
        now = None
        for action in options:
            if isinstance(action, Place):
                key = (action.territory, action.pieces)
                value = board_values.get(key)
                if value is None:
                    trial = world.clone()
                    apply(trial, action)
                    value = board_values[key] = self.complete(trial, seat)
                remaining = list(hand)
                for card in action.cards:
                    remaining.remove(card)
                scored.append((value + hand_value(remaining) + DRAWN_CARD * len(action.cards), action))
            elif isinstance(action, Exchange):
                if now is None:
                    now = seat_value(world, seat)
                remaining = list(hand)
                remaining.remove(action.card)
                scored.append((now + hand_value(remaining) + DRAWN_CARD, action))
            else:
                trial = world.clone()
                apply(trial, action)
                scored.append((self.complete(trial, seat), action))
        return scored

    def complete(self, trial: GameState, seat: int) -> float:
        """The seat's value once the action under way is finished with the cheapest good piece choices.

        Spends `trial` (its last piece choice is played on it rather than on a copy): every caller hands
        over a copy made for this valuation and never looks at it again (issue #32: one clone fewer per
        choice point)."""
        return self._complete(trial, seat, True)[0]

    def completed(self, trial: GameState, seat: int) -> GameState:
        """The position `complete` values: the action under way finished with its best pieces (the hint's
        explanation compares it with the position before). Leaves `trial` as it was."""
        return self._complete(trial, seat, False)[1]

    def _complete(self, trial: GameState, seat: int, spend: bool) -> tuple[float, GameState]:
        """Best (value, position) over the completions of `trial`; with `spend` the last candidate is applied
        to `trial` itself, after every other candidate has been tried on a copy of it (so the earlier results
        never see that change, and the position returned for the last one is exactly the position after it)."""
        if trial.phase not in _COMPLETING or trial.is_terminal():
            return seat_value(trial, seat), trial
        best: tuple[float, GameState] | None = None
        candidates = self._completion_candidates(trial)
        last = len(candidates) - 1
        for i, action in enumerate(candidates):
            twin = trial if spend and i == last else trial.clone()
            apply(twin, action)
            result = self._complete(twin, seat, True)   # twin is this call's own: its completions may spend it
            if best is None or result[0] > best[0]:
                best = result
        return best if best is not None else (seat_value(trial, seat), trial)

    def _completion_candidates(self, state: GameState) -> list[Action]:
        """At most one tent (the best space by `_space_score`) and the totem; every feat target."""
        options = legal_actions(state)
        if state.phase is not Phase.PIECES:
            return options
        tribe = state.acting_tribe
        tents = [a for a in options if isinstance(a, PlaceTent)]
        others = [a for a in options if not isinstance(a, PlaceTent)]
        if tents:
            others.append(max(tents, key=lambda a: _space_score(state, tribe, a.space)))
        return others

    def _rank_draws(self, world: GameState, seat: int, options: list[Action]) -> list[tuple[float, Action]]:
        """A display card by how much more the hand could place next turn; the deck by its average card."""
        worth = self.biome_worth(world, seat)
        hand = world.hands[seat]
        hidden = list(world.deck)
        for other, cards in enumerate(world.hands):
            if other != seat:
                hidden.extend(cards)
        scored: list[tuple[float, Action]] = []
        for action in options:
            if isinstance(action, Draw) and action.card is not None:
                scored.append((hand_power(hand + [action.card], worth), action))
            elif isinstance(action, Draw):
                counts = Counter(hidden)
                total = sum(counts.values()) or 1
                value = sum(n * hand_power(hand + [card], worth) for card, n in counts.items()) / total
                scored.append((value, action))
            else:
                trial = world.clone()
                apply(trial, action)
                scored.append((self.complete(trial, seat), action))
        return scored

    def biome_worth(self, world: GameState, seat: int) -> dict[Biome, float]:
        """Per biome, the best gain in margin one more tent of the seat's tribe would bring in a territory of it.

        Computed by adding the tent to the counts of a scratch copy (not through the rules), as a quick
        measure of which cards are worth drawing.
        """
        tribe = world.tribe_of_seat(seat)
        base = margin(estimate(world), tribe)
        by_biome = world.board.territories_by_biome
        empty = world.territory_empty
        roomy = [t for territories in by_biome.values() for t in territories if empty[t] > 0]
        gains = margins_with_one_more_tent(world, tribe, roomy)
        if gains is not None:   # the same floats without a scratch copy (issue #32)
            after = dict(zip(roomy, gains))
            worth: dict[Biome, float] = {}
            for biome, territories in by_biome.items():
                best = 0.0
                for territory in territories:
                    if empty[territory] > 0:
                        best = max(best, after[territory] - base)
                worth[biome] = best
            return worth
        scratch = world.clone()
        worth = {}
        for biome, territories in by_biome.items():
            best = 0.0
            for territory in territories:
                if scratch.territory_empty[territory] <= 0:
                    continue
                scratch.territory_tents[territory][tribe] += 1
                best = max(best, margin(estimate(scratch), tribe) - base)
                scratch.territory_tents[territory][tribe] -= 1
            worth[biome] = best
        return worth


def hand_power(hand: list[Biome], worth: dict[Biome, float]) -> float:
    """How much the best Place this hand pays for could gain next turn (a second piece counted at 80%)."""
    key = tuple(sorted(hand))
    best = 0.0
    for biome, value in worth.items():
        for _, pieces in payments_for(key, biome):
            best = max(best, value * (1.0 if pieces == 1 else 1.8))
    return best + 0.05 * len(set(hand))
