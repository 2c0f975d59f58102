"""The Expert (`expert`): the players' side against the Void, searching whole turns in sampled worlds.

Why: the greedy bots judge a move by the position before any card is drawn, yet most territories
are lost to what the draws bring — the display's next card turned up, a Void card among them, the
fourth Void card making the Infection a Corruption that counts two territories at once (S3, S6;
issue #20's loss anatomy: Corruption counts are the biggest leak). A player who knows the deck order
wins about half of the ground the greedy bot loses; a fair player must win it back by weighing the
draws it cannot see. So the Expert:

1. at the start of a turn, lets `Follower` (the solo bot's look-ahead, trying a spread of the Void
   action's options so that laying a Void card is among them) play out every legal action's turn (its
   pieces, the Void action it chooses for the Void and the Void's choices left to the player) and keeps
   the `CANDIDATES` best whole turns;
2. deals `worlds` worlds the seat may believe in — `worlds.public_copy` (every hidden card in a
   canonical order, the game's RNG replaced) then `observation.determinize` with the bot's own RNG,
   which lays the hidden deck out by S2's piles (`rulesets/solo/piles.py`) — and plays every
   candidate turn in every world (common random numbers) through its draws and what they reveal,
   `turns_ahead` more turns with a cheap base policy (`expert_rollout`), then judges the position (a
   horizon beyond `TO_END` turns plays every world to the natural end, K out of the way, and judges the
   Void's final tally against the K played for: `expert_rollout.end_value`);
   after `PRUNE_AFTER` worlds only the `KEEP` best lines are played in the rest (the worlds go where the
   choice is close);
3. plays the turn with the best mean, and follows it through its pieces and Void action; each draw
   is chosen the same way (every distinct draw, the refill played out in each world);
4. searches a step it has no plan for the same way, to the natural end: in the app a person plays the
   Place and its pieces and asks the Hint at the Void action, where laying the fourth Void card sets off
   the Corruption now (S4, S6) — `_step_lines`. Only a Void tie choice (the order of a strike's
   territories, a ruin's space, a settlement's bonus) keeps one greedy step (`_tie_step` says why).

Because every world comes from the public copy, two positions that look the same to the seat give
the same decision for the same seed, whatever the hidden cards are (tests/engine/bots/test_bots_expert.py).

Budget: `worlds` fixed (the default: tests, `selfplay`, `campaign simulate` — results independent of
the machine's speed) or `budget` seconds on `clock` (the app: the thinking thread's CPU time, with a
wall-clock cap of `wall_factor` × budget), in which case worlds are added until the time is spent (at
least `MIN_WORLDS`, at most `MAX_WORLDS`).

Like every players'-side bot it plays for the K of the state it is given: `selfplay --to-end` hands
it a view whose K is the one to play for (`cli/selfplay_to_end.py`).

**The K gate.** In a game played for K >= `VERDICT_FROM` (5: the campaign's chapters; `for_verdict`) the
Expert plays for the verdict at K rather than the lowest tally: the turn `VoidGreedyBot` would play joins
the candidates, a world's end is judged first by whether the Void stayed under K
(`expert_rollout.VERDICT_STEP`), the play-outs' base policy judges with the K played for, and where the K is
in play greedy's turn stands unless another line kept the Void under K in clearly more worlds
(`_verdict_choice`). Below 5 none of it happens and the Expert is the tally search above, move for move.
Why gated: the verdict search won long-road's deals at K = 6 like greedy (13/20 against the tally search's
7/20), but made the rulebook's K = 3 games worse by more than a territory (docs/ai.md, "Playing for the K of
the chapter" and "The K gate").
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable

from iwari_desktop.engine.bots.base import TIE, SeededBot, follow_line
from iwari_desktop.engine.bots.expert_rollout import (
    VERDICT_FROM, end_value, final_tally, play_turns, position_value, refilling, spread, void_kind, with_k,
)
from iwari_desktop.engine.core.config import OPTIONS
from iwari_desktop.engine.rulesets.solo.outcome import k_of
from iwari_desktop.engine.bots.solo import NESTED_WIDTH, SoloBot
from iwari_desktop.engine.bots.solo_plan import plan_value
from iwari_desktop.engine.bots.void_greedy import VoidGreedyBot
from iwari_desktop.engine.bots.worlds import public_copy, sample_world
from iwari_desktop.engine.core.actions import Action, Draw
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.rulesets.solo.actions import VoidChoice
from iwari_desktop.engine.rulesets.solo.data import hush

WORLDS = 6           # worlds per searched decision in the fixed (deterministic) mode (the kept lines see them all)
MIN_WORLDS = 2       # the timed mode searches at least this many
MAX_WORLDS = 24      # and at most this many: a draw's worlds (to the end of its turn) cost milliseconds, and
                     # past a few dozen the means no longer move, while the Hint kept the person waiting
CANDIDATES = 6       # whole turns compared at a turn's start
PRUNE_AFTER = 3      # worlds every line is played in before the weaker ones are dropped
KEEP = 2             # lines still played in the worlds after that
TURNS_AHEAD = 99     # turns the base policy plays after a searched turn: beyond TO_END, to the natural end
                     # (draws look to their turn's end only)
APP_BUDGET = 1.5     # seconds of thinking-thread CPU a searched decision may take in the app
WALL_FACTOR = 2.5    # the app's wall-clock cap, as a multiple of the budget
TO_END = 20          # a horizon beyond this many turns plays every world to the game's natural end
PRIOR = 1e-3         # the greedy value's weight in the choice: it only breaks (near) ties
OVERRULE = 0.34      # the share of worlds more a line must keep the Void under K in to overrule greedy's turn,
                     # when the K is in play (`_verdict_choice`): more than two of six, so three


@dataclass
class ExpertBot(SeededBot):
    """Whole-turn search in sampled worlds for the players' side (module docstring)."""

    worlds: int = WORLDS
    candidates: int = CANDIDATES
    prune_after: int = PRUNE_AFTER
    min_worlds: int = MIN_WORLDS   # the timed mode's floor; the Hint takes 1 so a slow world cannot double its wait
    keep: int = KEEP
    budget: float | None = None
    # the timed mode's hard stop, from the start of the decision (candidates included): no world is begun that the
    # longest so far says would end past it, and one under way past it is stopped — a later world is dropped, the
    # first keeps the lines it reached, best by plan value first (the Hint: `hints.HINT_SEARCH_CAP`)
    cap: float | None = None
    clock: Callable[[], float] = time.thread_time
    wall_factor: float = WALL_FACTOR
    turns_ahead: int = TURNS_AHEAD
    line: list[Action] = field(init=False, default_factory=list)
    searched: int = field(init=False, default=0)    # worlds dealt by the last search (for benchmarks)
    played_for: int | None = None   # the K of the game when the state shown carries another (`for_verdict`)
    greedy_at: int | None = field(init=False, default=None)   # greedy's turn among the last turn's lines
    under_k: list[tuple[int, int]] = field(init=False, default_factory=list)   # per line: worlds under K, played
    _begun: float = field(init=False, default=0.0)   # the clock when the decision began (the `cap` counts from it)

    def decide(self, state: GameState, options: list[Action]) -> Action:
        self._begun = self.clock() if self._capped() else 0.0   # (the clock is read only where a cap needs it)
        seat = state.active_seat
        public = public_copy(state, seat)
        planned = self._planned(public, options)
        if planned is not None:
            return planned
        ahead = self.turns_ahead
        self.greedy_at = None
        if public.phase is Phase.DRAW:
            lines = self._draw_lines(options)
            priors = [0.0] * len(lines)
            ahead = 0   # a draw: to the end of this turn
        elif public.phase is Phase.MAIN:
            lines, priors = self._turn_lines(public, seat, options)
        elif refilling(public) or all(isinstance(o, VoidChoice) for o in options):
            return self._tie_step(public, seat, options)   # a Void tie choice: one greedy step (`_tie_step`)
        else:   # a step the Expert did not plan (a person's pieces, then the Void action): searched like a turn
            lines, priors = self._step_lines(public, seat, options)
        if len(lines) == 1:
            self.line = list(lines[0][1:])
            return lines[0][0]
        means = self._search(public, seat, lines, 1 + ahead)
        verdict = self._verdict_choice(lines, means)
        if verdict is not None:
            self.line = list(lines[verdict][1:])
            return lines[verdict][0]
        scored = [(m + PRIOR * p, i) for i, (m, p) in enumerate(zip(means, priors))]
        top = max(s for s, _ in scored)
        best = [i for s, i in scored if s >= top - TIE]
        chosen = lines[best[self.rng.below(len(best))]]
        self.line = list(chosen[1:])
        return chosen[0]

    def for_verdict(self, public: GameState) -> bool:
        """Whether this game is played for K >= `VERDICT_FROM`: the K gate (module docstring).

        The K is `played_for` when set, else the state's own. Why a field: `selfplay --to-end` (and bench/expert.py)
        show the bot K = held + 1 once the Void holds the K, so a game played for K = 3 shows K = 5, 6 … in its
        second half; gated on the K shown, those games would leave main's tally search half way through.
        `cli/selfplay_to_end.PlayingFor` sets the field; the app and `campaign simulate` play at the chapter's own
        K and leave it None."""
        k = self.played_for if self.played_for is not None else k_of(public)
        return k >= VERDICT_FROM

    # ---- what the Expert believes ----------------------------------------------------------------
    def _planned(self, public: GameState, options: list[Action]) -> Action | None:
        """The next move of the turn chosen at its start, while play follows it (before any draw)."""
        if public.phase in (Phase.MAIN, Phase.DRAW):
            self.line = []
            return None
        return follow_line(self.line, options)

    def _verdict_choice(self, lines: list[list[Action]], means: list[float]) -> int | None:
        """When the K is in play — the last search's worlds ended both under K and not — at a turn's start: greedy's
        turn, unless another line kept the Void under K in `OVERRULE` more of its worlds (then the best such line,
        by that share, then by its mean). None: the K is not in play, or no greedy turn was searched (a game played
        for K below `VERDICT_FROM`, a draw, a step the Expert did not plan).

        Why: at the campaign's K (5–8) a chapter is decided by holding the last territory or two, and there the
        plan value greedy plays by (it gives up K − 1 territories on purpose) judges a turn better than a handful
        of play-outs by a base policy weaker than greedy: on long-road at K = 6 the search alone won 7–9 of the 20
        deals greedy won 14 of, even with greedy's turn among its candidates; overruling it only by a clear margin
        won 13 (docs/ai.md, "Playing for the K of the chapter"). Where every world is lost the K is not in play and
        the tally decides."""
        g = self.greedy_at
        if g is None or not self._k_in_play():
            return None
        shares = [won / played if played else -1.0 for won, played in self.under_k]
        rivals = [i for i in range(len(lines)) if i != g and shares[i] >= shares[g] + OVERRULE]
        if not rivals:
            return g
        return max(rivals, key=lambda i: (shares[i], means[i], -i))

    def _k_in_play(self) -> bool:
        """Some world of the last search ended under K and some did not."""
        won = sum(w for w, _ in self.under_k)
        played = sum(p for _, p in self.under_k)
        return 0 < won < played

    # ---- candidates ------------------------------------------------------------------------------
    def _turn_lines(self, public: GameState, seat: int, options: list[Action],
                    cap: int | None = None) -> tuple[list[list[Action]], list[float]]:
        """The `cap` (default `candidates`) best whole turns by the solo bot's look-ahead, each as its list of
        moves, best first; at a turn's start (no `cap`) of a game played for the verdict (`for_verdict`) also the
        turn the greedy measuring stick would play (`greedy_at`: its place among them; `_verdict_choice` says why)."""
        follower = Follower(0)
        scored = []
        for index, option in enumerate(options):
            line = [option]
            scored.append((follower.followed_value(public, seat, option, line)[1], index, line))
        scored.sort(key=lambda item: (-item[0], item[1]))
        kept = scored[:self.candidates if cap is None else cap]
        lines, priors = [line for _, _, line in kept], [value for value, _, _ in kept]
        if cap is None and self.for_verdict(public):
            greedy = greedy_line(public, options)
            if greedy not in lines:
                lines.append(greedy)
                priors.append(plan_value(played_line(public, greedy), seat))
            self.greedy_at = lines.index(greedy)
        return lines, priors

    def _step_lines(self, public: GameState, seat: int,
                    options: list[Action]) -> tuple[list[list[Action]], list[float]]:
        """The rest of a turn from a decision the Expert has no plan for, as `_turn_lines` (each option followed
        to the turn's draw), plus the best line of every Void action kind the cap left out (`void_kind`).

        Why: the Hint is asked where a person played the turn's Place and pieces, most of all at the Void action,
        where laying a Void card at 3 of 4 sets off the Corruption now (S4, S6). The plan value ranks the lines but
        cannot see the draws, so whether the Corruption comes now, later or from the refill is left to the worlds:
        the kinds are all searched even when the plan value ranks one kind's lines below the cap."""
        lines, priors = self._turn_lines(public, seat, options, len(options))
        kept = list(range(min(self.candidates, len(lines))))
        kinds = {void_kind(lines[i][0]) for i in kept}
        for i in range(len(kept), len(lines)):
            if void_kind(lines[i][0]) not in kinds:
                kinds.add(void_kind(lines[i][0]))
                kept.append(i)
        return [lines[i] for i in kept], [priors[i] for i in kept]

    def _tie_step(self, public: GameState, seat: int, options: list[Action]) -> Action:
        """A Void tie choice the Expert did not plan — which of the pawn's territories is hit first, which closest
        space takes the ruin, where a settlement's bonus goes (S5, S8, P21) — in a strike the refill set off (S3)
        or after a Void action it did not plan: one greedy step, not a search.

        Why not searched: the choice only orders the pieces of a strike already under way, and the cards the
        refill turns up next are the same whichever is chosen. A search judged at the end of the turn (a draw's
        horizon) would see the same futures as this step, up to the worlds' noise; one to the natural end would
        cost a turn's search again at every tie, one or two a turn. And measured (docs/ai.md, "A step it did not
        plan"): searching the ties after a forced Void action, which drops the plan, changed one or two decisions
        a game — and through the bot's RNG every later world — and the 12 done-when games came out worse (mean
        Void tally 6.25 against 5.42)."""
        scored = [(Follower(0).followed_value(public, seat, a)[1], a) for a in options]
        return self.pick(scored)

    @staticmethod
    def _draw_lines(options: list[Action]) -> list[list[Action]]:
        """Every distinct draw (two display cards of one biome are one choice)."""
        seen: list[Action] = []
        for option in options:
            if isinstance(option, Draw) and option not in seen:
                seen.append(option)
        return [[o] for o in seen] or [[options[0]]]

    # ---- the search ------------------------------------------------------------------------------
    def _search(self, public: GameState, seat: int, lines: list[list[Action]], turns: int) -> list[float]:
        """Each line's mean value over the same sampled worlds (module docstring, step 2)."""
        totals = [0.0] * len(lines)
        alive = list(range(len(lines)))
        start_cpu, start_wall = self.clock(), time.perf_counter()
        n = 0
        k = k_of(public)
        verdict = self.for_verdict(public)
        to_end = turns > TO_END
        view = None
        self.under_k = [(0, 0)] * len(lines)
        if to_end:   # the worlds run with K out of the way; for the verdict the base policy plays for the K shown
            view = public.config if verdict else None
            public = with_k(public, max(OPTIONS["k"].allowed))
        longest = 0.0
        while self._more(n, start_cpu, start_wall, longest):
            world_start = self.clock() if self._capped() else 0.0
            world = sample_world(public, seat, self.rng)
            hush(world)   # a look-ahead world: its Void steps write no sentences (data.VoidData.quiet)
            values: list[tuple[int, float, bool | None]] = []
            for i in alive:
                if values and self._past_cap():
                    break   # the cap: stop inside the world (below)
                trial = world.clone()
                play_turns(trial, turns, lines[i], view)
                if to_end:
                    under = final_tally(trial.result) < k if trial.result is not None else None
                    values.append((i, end_value(trial, k, verdict), under))
                else:
                    values.append((i, position_value(trial, seat), None))
            if len(values) < len(alive):
                if n:
                    break   # a later world cut short is dropped: the lines keep the worlds they were all played in
                alive = [i for i, _, _ in values]   # the first one: the lines it reached (best by plan value first)
            for i, value, under in values:
                totals[i] += value
                if under is not None:
                    won, played = self.under_k[i]
                    self.under_k[i] = (won + under, played + 1)
            if self._capped():
                longest = max(longest, self.clock() - world_start)
            n += 1
            if n == self.prune_after and len(alive) > self.keep:
                alive = sorted(alive, key=lambda i: (-totals[i], i))[:self.keep]
        self.searched = n
        return [totals[i] / n if i in alive else -math.inf for i in range(len(lines))]

    def _more(self, done: int, start_cpu: float, start_wall: float, longest: float = 0.0) -> bool:
        """Whether to deal another world: the fixed count, or the budget (at least `min_worlds`, at most MAX_WORLDS),
        and never one that the longest world so far says would end past the `cap`."""
        if self.budget is None:
            return done < self.worlds
        if done >= 1 and self._past_cap(longest):
            return False
        if done < self.min_worlds:
            return True
        if done >= MAX_WORLDS:
            return False
        if self.clock() - start_cpu >= self.budget:
            return False
        return math.isinf(self.wall_factor) or time.perf_counter() - start_wall < self.budget * self.wall_factor

    def _capped(self) -> bool:
        return self.budget is not None and self.cap is not None

    def _past_cap(self, ahead: float = 0.0) -> bool:
        """Whether the decision's time (and `ahead` seconds more) is past the `cap`; never without one."""
        cap = self.cap if self.budget is not None else None
        return cap is not None and self.clock() + ahead - self._begun > cap


class Follower(SoloBot):
    """The solo bot's play-out of a turn, trying a spread of the Void action's options (`expert_rollout.spread`)
    rather than the first ones, so the turns the Expert compares include laying a Void card."""

    def tried(self, options: list[Action]) -> list[Action]:
        return spread(options, NESTED_WIDTH)


def greedy_line(public: GameState, options: list[Action]) -> list[Action]:
    """The whole turn the greedy measuring stick (`VoidGreedyBot`, seeded alike every time) would play from
    `public`: its action and the rest of the turn it planned."""
    greedy = VoidGreedyBot(0)
    first = greedy.choose(public, options)
    return [first] + list(greedy.line)


def played_line(public: GameState, line: list[Action]) -> GameState:
    """A copy of `public` after the moves of `line`, as far as they are legal."""
    trial = public.clone()
    for move in line:
        listed = legal_actions(trial)
        if move not in listed:
            break
        apply(trial, move, listed)
    return trial
