"""Self-play against the Void (solo and co-op): the player-side bot and one game's JSON line.

`selfplay --mode solo|coop` comes here. The random bot (bots.players.RandomBot) takes every decision,
the Void's tie choices included. `VoidGreedyBot` is the measuring stick for campaign difficulty: it
plays the players' side one decision ahead, judging each choice by the position after the rest of
its turn — its pieces one step ahead, its Void action (S4) with that action's pieces for the few
best-looking plays, the Void's own steps with the first option (the fixed tie rule's). The
position is judged by `bots/solo_plan.plan`: the Infections still to come follow the pawn (S5), a
Corruption among them counts its two territories (S6), and each open territory needs so many more
pieces to hold through the hits it will take; the worst K - 1 may be given up. Draws plan a hand
that plays all three cards (`bots/solo_draw`), which leaves the Void action nothing (S4). The plan
made at a turn's first decision is followed through its pieces and Void action. It decides from the
observation only: it never reads the deck order or a partner's closed hand (its look-ahead ends
before any card is drawn; tests/engine/bots/test_bots_solo.py spies on it).

Each game's line: `{"seed", "map", "mode", "players", "k", "result": "win"|"loss", "void_territories",
"end", "reason", "turns", "corruptions", "decisions"}`; the last line adds `win_rate` to the speed line.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from iwari_desktop.engine.bots.base import SeededBot, follow_line
from iwari_desktop.engine.bots.registry import VS_VOID_LEVELS
from iwari_desktop.engine.core.actions import Action, Draw
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.cli.selfplay import PlayedGame, bot_seeds, play_out
from iwari_desktop.engine.cli.selfplay_to_end import GAME_K, PlayingFor, to_end_fields
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.engine.bots.solo_draw import draw_score
from iwari_desktop.engine.bots.solo_plan import plan_value as position_value
from iwari_desktop.engine.rulesets.solo.actions import VoidPlay
from iwari_desktop.engine.rulesets.solo.data import data

ROLLOUT_STEPS = 60
WIDTH = 8             # options tried at a decision inside a play-out
DEEP = 3              # best-looking options whose Void action is played out too




@dataclass
class VoidGreedyBot(SeededBot):
    """One step ahead for the players' side, its own Void action played out greedily (module docstring)."""

    line: list[Action] = field(init=False, default_factory=list)   # the rest of the turn as last planned

    def _play_out(self, trial: GameState, seat: int, depth: int, line: list[Action] | None = None) -> float:
        """Finish this turn's decisions before any card is drawn: pieces one step ahead, the Void action with
        its pieces played out (`depth` > 0, for the few best-looking plays), the Void's own choices with the
        first option (the fixed tie rule's)."""
        for _ in range(ROLLOUT_STEPS):
            if trial.phase not in (Phase.PIECES, Phase.MODULE):
                break
            options = legal_actions(trial)
            if not options:
                break
            if len(options) == 1 or trial.phase is Phase.MODULE and not _ours(trial):
                apply(trial, options[0])
                if line is not None:
                    line.append(options[0])
                continue
            if depth < 0 and trial.phase is Phase.PIECES:
                candidates = options[:1] + options[-1:]   # a first look: one tent space and the last (the totem)
            elif len(options) <= WIDTH:
                candidates = options
            else:
                candidates = options[:WIDTH - 1] + options[-1:]   # the totem is last
            scored = []
            for option in candidates:
                probe = trial.clone()
                apply(probe, option)
                scored.append((position_value(probe, seat), option, probe))
            if depth > 0 and isinstance(options[0], VoidPlay):
                scored.sort(key=lambda x: -x[0])
                scored = [(self._play_out(probe, seat, depth - 1), option, probe)
                          for _, option, probe in scored[:DEEP]]
            best = max(scored, key=lambda x: x[0])
            apply(trial, best[1])
            if line is not None:
                line.append(best[1])
        return position_value(trial, seat)

    def _after(self, state: GameState, action: Action, depth: int = 1, line: list[Action] | None = None) -> float:
        trial = state.clone()
        apply(trial, action)
        return self._play_out(trial, state.active_seat, depth, line)

    def decide(self, state: GameState, options: list[Action]) -> Action:
        seat = state.active_seat
        planned = self._planned(state, options)
        if planned is not None:
            return planned
        if state.phase is Phase.DRAW:
            scored = [(draw_score(state, seat, a.card) if isinstance(a, Draw) else 0.0, a) for a in options]
        else:
            depth = 0
            scored = [(self._after(state, a, -1 if len(options) > DEEP else 0), a) for a in options]
            if len(scored) > DEEP:   # the few best-looking ones again, their Void action played out
                depth = 1
                scored.sort(key=lambda x: -x[0])
                scored = [(self._after(state, a, 1), a) for _, a in scored[:DEEP]]
        choice = self.pick(scored)
        if state.phase is not Phase.DRAW:
            self.line = []
            self._after(state, choice, depth, self.line)   # remember the rest of the turn as planned
        return choice

    def _planned(self, state: GameState, options: list[Action]) -> Action | None:
        """The next step of the turn as planned at its first decision, while play follows that plan: the
        pieces and the Void action it already weighed. A draw, a new action or a choice left to the player
        for the Void (its ties) is weighed afresh."""
        if state.phase not in (Phase.PIECES, Phase.MODULE) or state.phase is Phase.MODULE and not _ours(state):
            self.line = []
            return None
        return follow_line(self.line, options)


def _ours(state: GameState) -> bool:
    """A module decision that is the seat's own play (the Void action, its pieces, a free Place)."""
    kind = data(state).decision
    return kind is not None and kind[0] in ("action", "pieces", "free")


VS_VOID_BOTS = {**VS_VOID_LEVELS, "greedy": VoidGreedyBot}   # `solo`: bots/solo.py


@dataclass
class VoidGame(PlayedGame):
    """A finished game against the Void; its JSON line is the one in the module docstring (a game played
    to its end for a K, `play_for`, adds `to_end`, `tally` and `outright`: cli/selfplay_to_end.py)."""

    play_for: int | None = None

    def to_json(self, seed: int) -> dict[str, Any]:
        s = self.state
        outcome = s.result
        line = {"seed": seed, "map": s.board.map_id, "mode": s.config.mode.value, "players": s.n_players,
                "k": outcome.k, "result": "win" if outcome.won else "loss",
                "void_territories": outcome.void_territories, "end": outcome.end, "reason": outcome.reason,
                "turns": outcome.turns, "corruptions": outcome.corruptions, "decisions": self.decisions}
        if self.play_for is not None:
            line.update(to_end_fields(outcome, self.play_for))
        return line


def play_vs_void_on(map_arg: str, mode: GameMode, seed: int, **kwargs: Any) -> VoidGame:
    """`play_vs_void` on the map `map_arg` names (loaded once per process): what a worker process is sent."""
    from iwari_desktop.engine.cli.selfplay import load_board_for
    return play_vs_void(load_board_for(map_arg), mode, seed, **kwargs)


def play_vs_void(board: Board, mode: GameMode, seed: int, bot: str = "random", k: int | None = None,
                 auto_ties: bool = False, max_decisions: int = 200_000, to_end: bool = False) -> VoidGame:
    """Set up and play one game against the Void; times setup plus play. `to_end`: on past K to the
    natural end, the bots playing for K (cli/selfplay_to_end.py)."""
    n = 1 if mode is GameMode.SOLO else 2
    play_for = (k if k is not None else (3 if mode is GameMode.SOLO else 1)) if to_end else None
    options: dict[str, Any] = {}
    if k is not None:
        options["k"] = k
    if play_for is not None:
        options["k"] = GAME_K
    if auto_ties:
        options["auto_void_ties"] = True
    config = GameConfig.quick(board.map_id, n, seed, mode=mode, options=options)
    start = time.perf_counter()
    state = new_game(config, board)
    bots = [VS_VOID_BOTS[bot](s) for s in bot_seeds(seed, n)]
    if play_for is not None:
        bots = [PlayingFor(b, play_for) for b in bots]
    decisions = play_out(state, bots, seed, max_decisions)
    return VoidGame(state, decisions, time.perf_counter() - start, play_for)
