"""Self-play against the Void (solo and co-op): the player-side bot and one game's JSON line.

`selfplay --mode solo|coop` comes here. The random bot (bots.players.RandomBot) takes every decision,
the Void's tie choices included. `VoidGreedyBot` plays the players' side one step ahead: it judges
each choice by the position after it (the Void's own steps that follow are played out with the
first option, which is the fixed tie rule's choice), scoring counted territories, the side that
would control each open one if counted now, and the Void's distance from K. It is the measuring
stick for campaign difficulty, not a strong player. It knows one strategic fact: the Void's totems
run out fast (every Infection where a cap leaves room takes one), and then everything is counted. It reads the real state (the deck order is never
consulted: its look-ahead ends before any card is drawn).

Each game's line: `{"seed", "map", "mode", "players", "k", "result": "win"|"loss", "void_territories",
"end", "reason", "turns", "corruptions", "decisions"}`; the last line adds `win_rate` to the speed line.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.bots.registry import VS_VOID_LEVELS
from iwari_desktop.engine.core.actions import Action, Draw, Exchange
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.engine.rulesets.solo.counting import control
from iwari_desktop.engine.rulesets.solo.data import PLAYERS, data
from iwari_desktop.engine.rulesets.solo.outcome import k_of
from iwari_desktop.engine.rulesets.solo.actions import VoidSkip

ROLLOUT_STEPS = 60


def position_value(state: GameState) -> float:
    """How good the position is for the players' side (higher is better)."""
    if state.phase is Phase.GAME_OVER and state.result is not None:
        return 1000.0 if state.result.won else -1000.0
    d = data(state)
    k = k_of(state)
    value = 0.0
    void_claims = 0
    for t in state.board.territories:
        if not t.tent_spaces:
            continue
        claim = d.claims.get(t.index)
        if claim is not None:
            if claim.side == PLAYERS:
                value += 6.0
            else:
                void_claims += 1
            continue
        side, _, pt, vt, po, vo = control(state, t.index)
        value += 2.0 if side == PLAYERS else -2.0
        value += 0.3 * (pt - vt) + 0.5 * (po - vo)
    value -= 25.0 * void_claims * (1.0 + void_claims / max(k, 1))
    # the Void ends the game when it runs out of totems, and every open territory then goes to count:
    # keep its totems in its supply by leaving it no room under the caps
    void = state.void_tribe
    value += 2.0 * state.totems_left[void]
    for t in state.board.territories:
        if t.tent_spaces and t.index not in d.claims and t.totem_space is not None:
            value -= 1.0 * max(0, state.totem_cap(t.index) - len(state.totem_stacks[t.index]))
    value -= 3.0 * (d.above + state.display.count(Biome.VOID)) + 8.0 * d.beside
    return value


@dataclass
class VoidGreedyBot:
    """One step ahead for the players' side, the Void's following steps played out (module docstring)."""

    seed: int = 0
    rng: Rng = field(init=False)

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)

    def _after(self, state: GameState, action: Action) -> float:
        trial = state.clone()
        apply(trial, action)
        steps = 0
        # finish the move/place's pieces greedily, then the Void's steps with the first option
        while trial.phase in (Phase.PIECES, Phase.MODULE) and steps < ROLLOUT_STEPS:
            options = legal_actions(trial)
            if not options:
                break
            if trial.phase is Phase.PIECES and len(options) > 1 and steps == 0:
                return max(self._after(trial, a) for a in options[:12])
            apply(trial, options[0])
            steps += 1
        return position_value(trial)

    def choose(self, state: GameState, options: list[Action] | None = None) -> Action:
        options = options if options is not None else legal_actions(state)
        if len(options) == 1:
            return options[0]
        scored: list[tuple[float, Action]] = []
        for action in options:
            if isinstance(action, Draw):
                scored.append((self._draw_value(state, action), action))
            elif isinstance(action, Exchange):
                scored.append((position_value(state) - 0.5, action))
            elif isinstance(action, VoidSkip):
                scored.append((position_value(state) + 1.0, action))
            else:
                scored.append((self._after(state, action), action))
        top = max(s for s, _ in scored)
        best = [a for s, a in scored if s == top]
        return best[self.rng.below(len(best))]

    def _draw_value(self, state: GameState, action: Draw) -> float:
        if action.card is None:
            return 0.4
        if action.card is Biome.VOID:
            return 0.1  # takes it off the Corruption count, but it must be played for the Void later
        d = data(state)
        value = 0.0
        for territory in state.board.territories_by_biome.get(action.card, ()):
            if territory not in d.claims and state.territory_empty[territory]:
                value += 0.5
        return value


VS_VOID_BOTS = {**VS_VOID_LEVELS, "greedy": VoidGreedyBot}   # `solo`: bots/solo.py


@dataclass
class VoidGame:
    state: GameState
    decisions: int
    seconds: float

    def to_json(self, seed: int) -> dict[str, Any]:
        s = self.state
        outcome = s.result
        return {"seed": seed, "map": s.board.map_id, "mode": s.config.mode.value, "players": s.n_players,
                "k": outcome.k, "result": "win" if outcome.won else "loss",
                "void_territories": outcome.void_territories, "end": outcome.end, "reason": outcome.reason,
                "turns": outcome.turns, "corruptions": outcome.corruptions, "decisions": self.decisions}


def bot_seeds(game_seed: int, n: int) -> list[int]:
    rng = Rng(game_seed ^ 0xB0757EED)
    return [rng.next_u64() for _ in range(n)]


def play_vs_void(board: Board, mode: GameMode, seed: int, bot: str = "random", k: int | None = None,
                 auto_ties: bool = False, max_decisions: int = 200_000) -> VoidGame:
    """Set up and play one game against the Void; times setup plus play."""
    n = 1 if mode is GameMode.SOLO else 2
    options: dict[str, Any] = {}
    if k is not None:
        options["k"] = k
    if auto_ties:
        options["auto_void_ties"] = True
    config = GameConfig.quick(board.map_id, n, seed, mode=mode, options=options)
    start = time.perf_counter()
    state = new_game(config, board)
    bots = [VS_VOID_BOTS[bot](s) for s in bot_seeds(seed, n)]
    decisions = 0
    while not state.is_terminal():
        options_now = legal_actions(state)
        apply(state, bots[state.active_seat].choose(state, options_now))
        decisions += 1
        if decisions > max_decisions:
            raise RuntimeError(f"game seed {seed} did not end after {max_decisions} decisions")
    return VoidGame(state, decisions, time.perf_counter() - start)
