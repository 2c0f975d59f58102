"""Computer players that act only through legal_actions/apply on their own copy of the state.

A bot carries its own RNG (not the game's), so bots never disturb the game's random stream and a
game replays from its log alone. A bot that looks ahead plans on `observation.determinize`, a state
with the hidden cards redrawn, so it cannot use other hands or the deck order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from iwari_desktop.engine.core.actions import Action, Draw, Exchange, Place, PlaceFeat, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.observation import determinize
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.scoring import connection_block, majority_holders, rank_tents, settlement_lines, totem_lines
from iwari_desktop.engine.core.state import GameState, Phase


@dataclass
class RandomBot:
    """Picks uniformly among the legal actions with its own seeded RNG.

    A baseline opponent and a reproducible fuzzer: seeded games reach odd corners of the rules.
    """

    seed: int = 0
    rng: Rng = field(init=False)

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)

    def choose(self, state: GameState, options: list[Action] | None = None) -> Action:
        """Never changes `state`; pass `options` when the caller already computed legal_actions(state)."""
        options = options if options is not None else legal_actions(state)
        return options[self.rng.below(len(options))]


def _tent_value(state: GameState, tribe: int) -> int:
    """Tent points the tribe would score if the game were scored now (cheap one-ply evaluation)."""
    total = 0
    for counts in state.territory_tents:
        if counts[tribe]:
            total += rank_tents(counts)[0].get(tribe, 0)
    return total


def _position_value(state: GameState, tribe: int) -> float:
    """What the tribe would score if the game ended now: tents, totem connections and settlements.

    Counting totems and settlements too keeps the bot from ignoring two of the three ways to
    score (it used to place almost no totems); a majority on one side of a connection earns part
    credit, since a one-ply look would never see a first totem pay. Feats are left out.
    """
    value = float(_tent_value(state, tribe))
    for line in totem_lines(state):
        value += line.base.get(tribe, 0)
    # half a connection: a totem majority on one side is worth something before the other side
    for connection in state.board.connections:
        if connection_block(state, connection.number):
            continue
        held = [tribe in majority_holders(state.totem_counts[t]) for t in connection.territories]
        if held[0] != held[1]:
            value += 0.4 * sum(len(state.totem_stacks[t]) for t in connection.territories)
    for line in settlement_lines(state):
        value += line.base.get(tribe, 0)
    return value


@dataclass
class GreedyBot:
    """Looks one placement ahead: prefers the piece that most improves its score if the game ended now.

    Card plays are judged by trying their best first piece; draws prefer cards that match the
    territories where the bot already leads. Ties break with the bot's own RNG.
    """

    seed: int = 0
    rng: Rng = field(init=False)

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)

    def _best(self, scored: list[tuple[float, Action]]) -> Action:
        top = max(s for s, _ in scored)
        best = [a for s, a in scored if s == top]
        return best[self.rng.below(len(best))]

    def _after(self, state: GameState, action: Action, tribe: int) -> float:
        trial = state.clone()
        apply(trial, action)
        if trial.phase is Phase.PIECES and trial.pending is not None:
            follow = legal_actions(trial)
            return max((self._after(trial, a, tribe) for a in follow), default=-1.0)
        return _position_value(trial, tribe)

    def choose(self, state: GameState, options: list[Action] | None = None) -> Action:
        """Never changes `state`; plans on a determinized copy, so other hands and the deck order cannot sway it.

        A single option is returned at once, without drawing on the bot's RNG. Pass `options` when the caller
        already computed legal_actions(state).
        """
        options = options if options is not None else legal_actions(state)
        if len(options) == 1:
            return options[0]
        # plan only on what this seat may know: other hands and the deck order are guessed
        state = determinize(state, state.active_seat, self.rng)
        tribe = state.acting_tribe
        base = _position_value(state, tribe)
        scored: list[tuple[float, Action]] = []
        for action in options:
            if isinstance(action, (Place, PlaceTent, PlaceTotem)):
                gain = self._after(state, action, tribe) - base
                if isinstance(action, Place):
                    gain -= 0.3 * len(action.cards)
                    if state.phase is Phase.THIRD_TRIBE:
                        gain = -gain  # help the shared third tribe as little as possible
                scored.append((gain, action))
            elif isinstance(action, Exchange):
                scored.append((-0.5, action))
            elif isinstance(action, Draw):
                scored.append((self._draw_value(state, tribe, action), action))
            elif isinstance(action, PlaceFeat):
                scored.append((self._feat_value(state, tribe, action), action))
            else:
                scored.append((0.0, action))
        return self._best(scored)

    def _draw_value(self, state: GameState, tribe: int, action: Draw) -> float:
        if action.card is None:
            return 0.4
        value = 0.0
        for territory in state.board.territories_by_biome.get(action.card, ()):
            counts = state.territory_tents[territory]
            if state.territory_empty[territory] and counts[tribe] >= max(counts):
                value += 0.5
        return value

    def _feat_value(self, state: GameState, tribe: int, action: PlaceFeat) -> float:
        if action.on_connection:
            return 1.0
        counts = state.territory_tents[action.target]
        points = rank_tents(counts)[0]
        mine = points.get(tribe, 0)
        best_other = max((p for t, p in points.items() if t != tribe), default=0)
        return mine - best_other


BOTS = {"random": RandomBot, "greedy": GreedyBot}
