"""The solo/co-op player-side bot (`selfplay --mode solo|coop --bot solo`): evaluation plus short look-ahead.

Why not the one-ply greedy of cli/vs_void.py: the Void is beaten by planning for the pawn's next
connections and for Corruptions, which a count-now evaluation never sees. This bot judges every
option by `solo_eval.value` of the position after it, where the rest of the action (its pieces,
the Void action that follows, the Void's placements and the tie choices the rules leave to the
player) is played out with the same evaluation one piece at a time. The look-ahead stops before any
card is drawn, and runs on `worlds.public_copy` of the seat's view, so nothing hidden (deck order,
a partner's closed hand) can sway a decision: decisions come from the observation only.

Draws are judged without look-ahead: a display card by what it does for the territories it can
reach and the Corruption count (taking a Void card from the display removes it from the count,
S3), the deck top by the average.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from iwari_desktop.engine.bots.solo_eval import territory_flip, value
from iwari_desktop.engine.bots.worlds import public_copy
from iwari_desktop.engine.core.actions import Action, Draw
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.rulesets.solo.data import CORRUPTION_AT, data

FOLLOW_STEPS = 24      # decisions played out after an option before it is judged
NESTED_WIDTH = 16      # options tried at each played-out decision


@dataclass
class SoloBot:
    """Players' side against the Void (module docstring); `seed` only breaks exact ties."""

    seed: int = 0
    rng: Rng = field(init=False)

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)

    def choose(self, state: GameState, options: list[Action] | None = None) -> Action:
        options = options if options is not None else legal_actions(state)
        if len(options) == 1:
            return options[0]
        seat = state.active_seat
        world = public_copy(state, seat)
        if world.phase is Phase.DRAW:
            scored = [(self._draw_value(world, seat, a), a) for a in options]
        else:
            scored = [(self._after(world, seat, a), a) for a in options]
        top = max(s for s, _ in scored)
        best = [a for s, a in scored if s >= top - 1e-9]
        return best[self.rng.below(len(best))]

    # ---- look-ahead ------------------------------------------------------------------------------
    def _after(self, world: GameState, seat: int, action: Action) -> float:
        return value(self.followed(world, seat, action), seat)

    def followed(self, world: GameState, seat: int, action: Action) -> GameState:
        """A copy of `world` after `action` and the rest of the turn played out (what `_after` values)."""
        trial = world.clone()
        apply(trial, action)
        self._follow(trial, seat)
        return trial

    def _follow(self, trial: GameState, seat: int) -> None:
        """Play out the rest of this turn's decisions (pieces, Void action, Void choices) greedily."""
        for _ in range(FOLLOW_STEPS):
            if trial.phase not in (Phase.PIECES, Phase.MODULE) or trial.active_seat != seat:
                return
            options = legal_actions(trial)
            if not options:
                return
            if len(options) == 1:
                apply(trial, options[0])
                continue
            best, best_value = options[0], None
            for option in options[:NESTED_WIDTH]:
                probe = trial.clone()
                apply(probe, option)
                v = value(probe, seat)
                if best_value is None or v > best_value:
                    best, best_value = option, v
            apply(trial, best)

    # ---- draws -------------------------------------------------------------------------------------
    def _draw_value(self, world: GameState, seat: int, action: Draw) -> float:
        d = data(world)
        pressure = d.above + world.display.count(Biome.VOID)
        hand = world.hands[seat]
        if action.card is None:
            return 0.8
        if action.card is Biome.VOID:
            held = hand.count(Biome.VOID)
            relief = 2.0 if pressure >= CORRUPTION_AT - 1 else 1.0 if pressure >= 2 else 0.2
            return relief - 1.2 * held
        best = 0.0
        for territory in world.board.territories_by_biome.get(action.card, ()):
            if territory in d.claims or world.territory_empty[territory] == 0 and not world.is_explored(territory):
                continue
            flip = territory_flip(world, territory)
            need = 2.0 if not world.is_explored(territory) else max(0.0, 3.0 - flip) * 0.8
            best = max(best, need)
        return best + 0.3 * (hand.count(action.card) == 1)
