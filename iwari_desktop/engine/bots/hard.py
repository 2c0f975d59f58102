"""Hard: determinized Monte-Carlo search over the options Normal finds promising.

Why this shape: a full game tree is out of reach in Python within a second, and most of Iwari's
options are plainly bad; what a one-ply player misses is the reply — the lead of one tent that
the next player takes back, the card it leaves in the display. So Hard

1. values every option with Normal's one-ply judgement and keeps the best few (CANDIDATES,
   within WINDOW points of the best); a clear best move is played at once;
2. repeats, until its time budget is spent: draw a world the seat may believe in
   (`worlds.sample_world`: other hands and the deck redrawn, as in determinized MCTS / the
   sampling step of information-set MCTS, Cowling, Powley & Whitehouse 2012), pick a candidate
   by UCB1, play it, let Normal play every seat for the rest of the round (a truncated rollout)
   until this seat's next turn or the end of the game, and score the seat's margin over its
   strongest rival with the shared evaluation;
3. plays the candidate with the best average.

The search tree is one level deep (the candidates); the rollouts are what look further. Piece by
piece placement (Phase.PIECES) follows Normal, whose completion already picks the best pieces.

It plans only on sampled worlds built from a public copy of the state, so it never reads hidden
hands or the deck order. `iterations` replaces the clock by a fixed number of simulations, which
makes a decision reproducible for a given seed (tests); with the clock, the number of simulations
depends on the machine.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.bots.evaluation import estimate, margin
from iwari_desktop.engine.bots.normal import NormalBot
from iwari_desktop.engine.bots.worlds import public_copy, sample_world

DEFAULT_BUDGET = 0.8     # seconds per decision; the goal is <= 1.0 s median, <= 2.0 s worst
CANDIDATES = 5           # options kept for the search
WINDOW = 3.0             # points: options further behind Normal's best are not searched
UCB_C = 0.5              # exploration constant of UCB1 for rewards in [0, 1]
REWARD_SCALE = 5.0       # points of margin that move the reward from 0.5 to about 0.73
MAX_ROLLOUT_STEPS = 400  # far beyond one round; a guard against a rule module that never hands back
NO_SEARCH = (Phase.PIECES,)


@dataclass
class SearchReport:
    """What the last search did, for benchmarks and the future hint line."""

    simulations: int = 0
    candidates: list[tuple[Action, int, float]] = field(default_factory=list)  # action, visits, mean reward


@dataclass
class HardBot:
    """Level Hard (see the module docstring). `budget` is seconds per decision; `iterations` overrides it."""

    seed: int = 0
    budget: float = DEFAULT_BUDGET
    iterations: int | None = None
    rng: Rng = field(init=False)
    policy: NormalBot = field(init=False)
    last: SearchReport = field(init=False)

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)
        self.policy = NormalBot(self.rng.next_u64())
        self.last = SearchReport()

    def choose(self, state: GameState, options: list[Action] | None = None) -> Action:
        """Never changes `state`; a single option is returned at once without drawing on the bot's RNG."""
        options = options if options is not None else legal_actions(state)
        self.last = SearchReport()
        if len(options) == 1:
            return options[0]
        seat = state.active_seat
        public = public_copy(state, seat)
        world = sample_world(public, seat, self.rng)
        scored = self.policy.rank_in(world, seat, options)
        if state.phase in NO_SEARCH:
            return self.policy.pick(scored)
        ordered = sorted(scored, key=lambda pair: -pair[0])
        top = ordered[0][0]
        candidates = [a for v, a in ordered[:CANDIDATES] if v >= top - WINDOW]
        if len(candidates) == 1:
            return candidates[0]
        return self._search(public, seat, candidates)

    def _search(self, public: GameState, seat: int, candidates: list[Action]) -> Action:
        visits = [0] * len(candidates)
        totals = [0.0] * len(candidates)
        deadline = time.perf_counter() + self.budget
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done >= len(candidates) and time.perf_counter() >= deadline:
                break
            index = self._select(visits, totals, done)
            world = sample_world(public, seat, self.rng)
            totals[index] += self._simulate(world, seat, candidates[index])
            visits[index] += 1
            done += 1
        means = [t / v if v else -1.0 for t, v in zip(totals, visits)]
        self.last = SearchReport(done, [(a, v, m) for a, v, m in zip(candidates, visits, means)])
        best = max(range(len(candidates)), key=lambda i: (means[i], visits[i], -i))
        return candidates[best]

    @staticmethod
    def _select(visits: list[int], totals: list[float], done: int) -> int:
        """UCB1; every candidate is tried once first."""
        for i, v in enumerate(visits):
            if v == 0:
                return i
        log_n = math.log(done)
        return max(range(len(visits)),
                   key=lambda i: totals[i] / visits[i] + UCB_C * math.sqrt(log_n / visits[i]))

    def _simulate(self, world: GameState, seat: int, action: Action) -> float:
        """Play `action` and a Normal rollout to this seat's next turn; the reward in [0, 1]."""
        start_turn = world.turn
        apply(world, action)
        for _ in range(MAX_ROLLOUT_STEPS):
            if world.is_terminal():
                break
            if world.phase is Phase.MAIN and world.active_seat == seat and world.turn != start_turn:
                break
            options = legal_actions(world)
            if len(options) == 1:
                apply(world, options[0])
                continue
            decider = world.active_seat
            apply(world, self.policy.pick(self.policy.rank_in(world, decider, options)))
        value = margin(estimate(world), world.tribe_of_seat(seat))
        return 1.0 / (1.0 + math.exp(-value / REWARD_SCALE))
