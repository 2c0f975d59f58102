"""Stepping through a finished (or unfinished) game from its setup and action log, forward and back.

A replay never trusts a stored state: the state at step n is the deal from the seed with the first
n logged actions applied by the rules, exactly what loading a save does. Going back is replaying
from the nearest checkpoint (a cloned state kept every `CHECKPOINT_EVERY` steps), so any step is
reached in at most that many rule applications however long the game was. Pure: no pygame, no
files; the screens ask `state_at`, `transition` and `touched` and draw what they get.
"""

from __future__ import annotations

from dataclasses import dataclass

from iwari_desktop.engine.core.actions import Action, PlaceFeat
from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.engine.core.game import Game
from iwari_desktop.engine.core.rules import apply
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.maps.board import Board

CHECKPOINT_EVERY = 24


@dataclass(frozen=True)
class Touched:
    """Where on the board one action happened: what a replay lights while narrating it."""

    territories: frozenset[int] = frozenset()
    spaces: frozenset[int] = frozenset()
    connections: frozenset[int] = frozenset()

    @property
    def empty(self) -> bool:
        return not (self.territories or self.spaces or self.connections)


class Replay:
    """A game's log as steps 0..`end`: step n is the state after the first n actions.

    Built by replaying the log once (which also finds the half journey and proves every action
    legal: an IllegalAction from a tampered log surfaces here, before anything is shown).
    """

    def __init__(self, config: GameConfig, actions: list[Action], board: Board | None = None,
                 every: int = CHECKPOINT_EVERY) -> None:
        self.config = config
        self.actions = list(actions)
        self.every = max(1, every)
        game = Game.new(config, board)
        self.board = game.state.board
        self._checkpoints: list[GameState] = [game.state.clone()]
        self.half: int | None = None
        state = game.state
        for n, action in enumerate(self.actions, start=1):
            apply(state, action)
            if self.half is None and any(r.kind == "half" for r in state.reports):
                self.half = n
            if n % self.every == 0:
                self._checkpoints.append(state.clone())
        self._final = state
        self._cache: tuple[int, GameState] | None = None

    @classmethod
    def of_game(cls, game: Game, every: int = CHECKPOINT_EVERY) -> "Replay":
        return cls(game.config, game.log, game.state.board, every)

    @property
    def end(self) -> int:
        """The last step: every action applied."""
        return len(self.actions)

    @property
    def finished(self) -> bool:
        """True when the log reaches the end of the game (only then may hidden hands be shown)."""
        return self._final.is_terminal()

    def clamp(self, step: int) -> int:
        return max(0, min(self.end, step))

    def state_at(self, step: int) -> GameState:
        """The state after `step` actions (a fresh copy the caller may keep; never shared with the replay)."""
        step = self.clamp(step)
        if step == self.end:
            return self._final.clone()
        cached = self._cache
        if cached is not None and cached[0] <= step and step - cached[0] < self.every:
            base, state = cached[0], cached[1].clone()
        else:
            base = (step // self.every) * self.every
            state = self._checkpoints[base // self.every].clone()
        for action in self.actions[base:step]:
            apply(state, action)
        self._cache = (step, state.clone())
        return state

    def transition(self, step: int) -> tuple[GameState, Action, GameState] | None:
        """The state before the action that led to `step`, that action, and the state after (None at step 0)."""
        step = self.clamp(step)
        if step == 0:
            return None
        before = self.state_at(step - 1)
        after = before.clone()
        apply(after, self.actions[step - 1])
        return before, self.actions[step - 1], after


def touched(before: GameState, action: Action, after: GameState) -> Touched:
    """The territories, spaces and connections an action changed or named.

    Read from the action's own fields (a territory, a source, a feat's target) and from the state's
    change (spaces whose owner changed, stacks that grew, feats that appeared), so rule modules'
    actions and the Void's automatic moves light their places without a list of action types.
    """
    territories: set[int] = set()
    spaces: set[int] = set()
    connections: set[int] = set()
    for name in ("territory", "source"):
        value = getattr(action, name, None)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(before.board.territories):
            territories.add(value)
    if isinstance(action, PlaceFeat):
        (connections if action.on_connection else territories).add(action.target)
    if before.pending is not None and before.pending.territory is not None:
        if len(after.totem_stacks) == len(before.totem_stacks) and \
                after.totem_stacks[before.pending.territory] != before.totem_stacks[before.pending.territory]:
            territories.add(before.pending.territory)
    for s, (was, now) in enumerate(zip(before.space_owner, after.space_owner)):
        if was != now:
            spaces.add(s)
    for t, (was, now) in enumerate(zip(before.totem_stacks, after.totem_stacks)):
        if was != now:
            territories.add(t)
    for feat in after.feats[len(before.feats):]:
        (connections if feat.on_connection else territories).add(feat.target)
    return Touched(frozenset(territories), frozenset(spaces), frozenset(connections))
