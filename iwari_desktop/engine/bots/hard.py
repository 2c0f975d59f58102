"""Hard: determinized Monte-Carlo search over the options Normal finds promising.

Why this shape: a full game tree is out of reach in Python within a second, and most of Iwari's
options are plainly bad; what a one-ply player misses is the reply — the lead of one tent that
the next player takes back, the card it leaves in the display. So Hard

1. values every option with Normal's one-ply judgement and keeps the best few (CANDIDATES,
   within WINDOW points of the best); a clear best move is played at once;
2. repeats, until its time budget is spent: draw a world the seat may believe in
   (`worlds.sample_world`: other hands and the deck redrawn, the sampling step of determinized
   MCTS and of information-set MCTS, Cowling, Powley & Whitehouse 2012), and in that same world
   play each candidate still in the race, then let Normal play every seat for the rest of the
   round (a truncated rollout) until this seat's next turn or the end of the game, and score the
   seat's margin over its strongest rival with the shared evaluation; candidates clearly behind
   the leader drop out (successive elimination on paired differences);
3. plays the candidate with the best average margin.

This is determinized Monte-Carlo search with a one-level tree (the candidates) — perfect
information Monte Carlo over sampled worlds — not a deep tree; the rollouts are what look
further. Comparing the candidates in common worlds was chosen over UCB1 with one world per
simulation after measuring: with a few dozen simulations per decision the UCB version's noise
made it clearly weaker than Normal. Piece by piece placement (Phase.PIECES) follows Normal, whose
completion already picks the best pieces.

It plans only on sampled worlds built from a public copy of the state, so it never reads hidden
hands or the deck order. `iterations` replaces the clock by a fixed number of simulations, which
makes a decision reproducible for a given seed (tests); with the clock, the number of simulations
depends on the machine's speed.

The budget is CPU time of the thread that thinks (`time.thread_time`), not wall time: on a loaded
machine (other programs, or the game window's own frames on the UI thread, which hold the GIL)
the thinking thread simply gets its share later, and Hard still searches as much as on an idle
core; a loaded machine makes a person wait longer instead of making Hard weaker. So that a
starved thread cannot keep a person waiting without end, a wall-clock cap of WALL_FACTOR times
the budget stops the search too (3.2 s at the default budget), even within the first round (then
Normal's best option is played); only a machine giving the thread less than a quarter of a core
reaches it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.bots.base import SeededBot
from iwari_desktop.engine.bots.evaluation import estimate, margin
from iwari_desktop.engine.bots.normal import NormalBot
from iwari_desktop.engine.bots.worlds import public_copy, sample_world

DEFAULT_BUDGET = 0.8     # seconds per decision; the goal is <= 1.0 s median, <= 2.0 s worst
CANDIDATES = 5           # options kept for the search
WINDOW = 3.0             # points: options further behind Normal's best are not searched
MIN_ROUNDS_BEFORE_PRUNING = 4
PRUNE_SE = 2.0           # a candidate this many standard errors behind the leader is dropped
MAX_ROLLOUT_STEPS = 400  # far beyond one round; a guard against a rule module that never hands back
NO_SEARCH = (Phase.PIECES,)
OWN_TURNS = 1            # rollouts also play this many of the seat's own next turns (its kept cards pay there)
WALL_FACTOR = 4.0        # the search also stops after this many times the budget of wall time (a starved thread)


@dataclass
class SearchReport:
    """What the last search did, for benchmarks and the future hint line."""

    simulations: int = 0
    candidates: list[tuple[Action, int, float]] = field(default_factory=list)  # action, rollouts, mean margin


@dataclass
class HardBot(SeededBot):
    """Level Hard (see the module docstring). `budget` is seconds per decision; `iterations` overrides it."""

    budget: float = DEFAULT_BUDGET
    iterations: int | None = None
    own_turns: int = OWN_TURNS
    clock: Callable[[], float] = time.thread_time
    wall_factor: float = WALL_FACTOR
    policy: NormalBot = field(init=False)
    last: SearchReport = field(init=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.policy = NormalBot(self.rng.next_u64())
        self.last = SearchReport()

    def choose(self, state: GameState, options: list[Action] | None = None) -> Action:
        """As every bot's (bots/base.py); `last` is cleared first, so a forced move reports no search."""
        self.last = SearchReport()
        return super().choose(state, options)

    def decide(self, state: GameState, options: list[Action]) -> Action:
        started = time.perf_counter()  # the wall cap counts from here: Normal's ranking below is part of the wait
        seat = state.active_seat
        public = public_copy(state, seat)
        world = sample_world(public, seat, self.rng)
        self.policy.rng = Rng(self.rng.next_u64())
        scored = self.policy.rank_in(world, seat, options)
        if state.phase in NO_SEARCH:
            return self.policy.pick(scored)
        ordered = sorted(scored, key=lambda pair: -pair[0])
        top = ordered[0][0]
        candidates = [a for v, a in ordered[:CANDIDATES] if v >= top - WINDOW]
        if len(candidates) == 1:
            return candidates[0]
        return self._search(public, seat, candidates, started)

    def _search(self, public: GameState, seat: int, candidates: list[Action], started: float | None = None) -> Action:
        """Rounds of common worlds: each round draws one world and plays every live candidate in it.

        Judging all candidates in the same world, with the same rollout dice, compares them on equal
        terms (common random numbers), so the differences between them show after few rounds; a
        candidate clearly behind the leader (PRUNE_SE standard errors of the paired difference) stops
        being played, which leaves the time to the close calls.
        """
        results: list[list[float]] = [[] for _ in candidates]
        live = list(range(len(candidates)))
        deadline = self.clock() + self.budget
        wall_deadline = (time.perf_counter() if started is None else started) + self.budget * self.wall_factor
        rounds = 0
        simulations = 0
        while len(live) > 1:
            if self.iterations is not None:
                if simulations >= self.iterations:
                    break
            elif self._out_of_time(deadline, wall_deadline, rounds):
                break
            world = sample_world(public, seat, self.rng)
            dice = self.rng.next_u64()
            played: list[tuple[int, float]] = []
            for i in live:
                if self.iterations is None and self._out_of_time(deadline, wall_deadline, rounds):
                    break  # out of time mid-round (a busy machine): this round's partial results are dropped
                played.append((i, self._simulate(world.clone(), seat, candidates[i], dice)))
                simulations += 1
            if len(played) < len(live):
                break
            for i, value in played:
                results[i].append(value)
            rounds += 1
            if rounds >= MIN_ROUNDS_BEFORE_PRUNING:
                live = self._prune(live, results, rounds)
        # live candidates have a result for every round; compare them on the rounds they all played (with
        # none, every mean is -inf and the first candidate, Normal's best, is played)
        means = {i: sum(results[i]) / len(results[i]) for i in range(len(candidates)) if results[i]}
        self.last = SearchReport(simulations, [(a, len(r), means.get(i, -math.inf))
                                               for i, (a, r) in enumerate(zip(candidates, results))])
        best = max(live, key=lambda i: (means.get(i, -math.inf), -i))
        return candidates[best]

    def _out_of_time(self, deadline: float, wall_deadline: float, rounds: int) -> bool:
        """The budget on `clock` is spent (after at least one full round), or the wall-clock cap is reached
        (at any time: with no full round, Normal's best candidate is played)."""
        return (rounds >= 1 and self.clock() >= deadline) or time.perf_counter() >= wall_deadline

    @staticmethod
    def _prune(live: list[int], results: list[list[float]], rounds: int) -> list[int]:
        """Drop candidates whose paired difference to the leader is below -PRUNE_SE standard errors.

        Live candidates were played in every round so far, so their results pair up round by round.
        """
        def mean(i: int) -> float:
            return sum(results[i]) / rounds
        leader = max(live, key=mean)
        kept = []
        for i in live:
            if i == leader:
                kept.append(i)
                continue
            diffs = [a - b for a, b in zip(results[i], results[leader])]
            m = sum(diffs) / rounds
            var = sum((d - m) ** 2 for d in diffs) / (rounds - 1)
            if m + PRUNE_SE * math.sqrt(var / rounds) >= 0.0:
                kept.append(i)
        return kept

    def _simulate(self, world: GameState, seat: int, action: Action, dice: int) -> float:
        """Play `action` and a Normal rollout to this seat's next turn (and `own_turns` of its own turns
        beyond); the seat's margin then.

        `dice` seeds the rollout player, so every candidate of a round meets the same replies to the
        same situations.
        """
        self.policy.rng = Rng(dice)
        start_turn = world.turn
        stop_turn = start_turn + world.n_players * self.own_turns + (1 if self.own_turns else 0)
        apply(world, action)
        for _ in range(MAX_ROLLOUT_STEPS):
            if world.is_terminal():
                break
            if self.own_turns == 0:
                if world.phase is Phase.MAIN and world.active_seat == seat and world.turn != start_turn:
                    break
            elif world.turn >= stop_turn:
                break
            options = legal_actions(world)
            if len(options) == 1:
                apply(world, options[0])
                continue
            apply(world, self.policy.pick(self.policy.rank_in(world, world.active_seat, options)))
        return margin(estimate(world), world.tribe_of_seat(seat))
