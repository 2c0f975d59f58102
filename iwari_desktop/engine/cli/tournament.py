"""`python -m iwari_desktop.engine tournament`: computer levels against each other, seats rotated.

    python -m iwari_desktop.engine tournament --map new-horizons --players 3 \
        --seats hard,normal,normal --games 200 --seed 1 --budget 0.8

Game i (0-based) is dealt with seed S+i and seats rotated by i: seat j plays level
`seats[(j + i) % N]`, so every level sits in every seat equally often over N games and no level
keeps the first-player advantage. Bot seeds derive from the game's seed as in `selfplay`. One JSON
line per game:

    {"game": 0, "seed": 1, "map": "new-horizons", "players": 3, "seats": ["hard", "normal", "normal"],
     "scores": [51, 47, 44], "winners": [0], "winner_levels": ["hard"], "players_lose": false,
     "decisions": 520, "seconds": 14.2}

and last exactly this shape (levels in the order of --seats, each once):

    {"games": K, "levels": {"hard": {"win_rate": 0.61, "ci95": [0.54, 0.68], "seconds_per_decision": 0.82}, ...}}

A level's win rate is over the seats it played: a seat counts a win when its tribe is among the
winners (a shared win counts for each sharer; a 2-player game the third tribe wins alone counts
for no one, B12). `ci95` is the Wilson score interval of that rate. `seconds_per_decision` is the
mean time the level took over the decisions that had a choice (at least two legal options).
Hard's budget counts the CPU time of the thread that thinks (`time.thread_time`, as in the game
window), so other programs on a busy machine slow the tournament down without weakening Hard; its
play still depends on the machine's speed, so only the deal, not the moves, is reproducible from
the seed. Unlike the game window, the tournament puts no wall-clock cap on the search (a person
waits there, nobody here). `seconds_per_decision` is measured on the same CPU clock (bench/ai.py
measures the wall time a player waits, on one core).

Bad arguments (unknown map or level, seats not matching the player count, K < 1, a budget that is
not a positive number of seconds up to 60) are one "error: ..." line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from iwari_desktop.engine.bots.hard import DEFAULT_BUDGET
from iwari_desktop.engine.bots.registry import UnknownLevel, canonical_level, make_bot
from iwari_desktop.engine.cli.common import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, CommandError
from iwari_desktop.engine.cli.selfplay import (MAX_DECISIONS, MAX_GAMES, bot_seeds, check_players, load_board_for,
                                               stdout_closed)
from iwari_desktop.engine.core.config import BASE_FEATS, ConfigError, GameConfig
from iwari_desktop.engine.core.errors import IllegalAction
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.maps.board import Board

MAX_BUDGET = 60.0  # seconds per decision; more is a typo, not a plan


def register(subparsers: Any) -> None:
    """Add the `tournament` subcommand; its handler is `tournament`."""
    parser = subparsers.add_parser(
        "tournament", help="play computer levels against each other and report win rates",
        description="Play K games between computer levels with seats rotated; game i uses seed S+i.")
    parser.add_argument("--map", default="new-horizons", metavar="ID", help="a bundled map id or a .tmx path")
    parser.add_argument("--players", type=int, default=3, metavar="N", help="number of players (default 3)")
    parser.add_argument("--seats", required=True, metavar="LEVEL,LEVEL,...",
                        help="one level per seat: random, easy, normal, hard")
    parser.add_argument("--games", type=int, default=1, metavar="K", help="number of games (default 1)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET, metavar="SECONDS",
                        help=f"Hard's thinking time per decision (default {DEFAULT_BUDGET})")
    parser.add_argument("--feats", action="store_true", help="play with the four base feats (B19)")
    parser.set_defaults(handler=tournament)


@dataclass
class LevelTally:
    """Seats played, seats won and thinking time of one level over the tournament."""

    seats: int = 0
    wins: int = 0
    seconds: float = 0.0
    decisions: int = 0

    def to_json(self) -> dict[str, Any]:
        """The level's entry of the final line."""
        rate = self.wins / self.seats if self.seats else 0.0
        low, high = wilson_interval(self.wins, self.seats)
        per = self.seconds / self.decisions if self.decisions else 0.0
        return {"win_rate": round(rate, 3), "ci95": [round(low, 3), round(high, 3)],
                "seconds_per_decision": round(per, 4)}


def wilson_interval(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval: unlike the normal approximation it stays inside [0, 1] at 0% or 100%."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_seats(text: str, n_players: int) -> list[str]:
    """The canonical level of each seat; CommandError (exit 2) for a wrong count or an unknown level."""
    names = [part for part in text.split(",")]
    if len(names) != n_players:
        raise CommandError(f"--seats names {len(names)} level(s) but --players is {n_players}", EXIT_BAD_INPUT)
    try:
        return [canonical_level(name) for name in names]
    except UnknownLevel as error:
        raise CommandError(str(error), EXIT_BAD_INPUT) from None


def check_budget(budget: float) -> None:
    """A positive, finite number of seconds up to MAX_BUDGET; CommandError (exit 2) otherwise."""
    if not (math.isfinite(budget) and 0 < budget <= MAX_BUDGET):
        raise CommandError(f"--budget must be more than 0 and at most {MAX_BUDGET:g} seconds, not {budget:g}",
                           EXIT_BAD_INPUT)


@dataclass
class TournamentGame:
    """One finished game: its JSON line and what each seat's level spent."""

    line: dict[str, Any]
    seat_seconds: list[float] = field(default_factory=list)
    seat_decisions: list[int] = field(default_factory=list)
    seat_won: list[bool] = field(default_factory=list)


def play_one(board: Board, levels: list[str], game: int, seed: int, budget: float, feats: bool) -> TournamentGame:
    """Deal game `game` with `seed` and play it out with one bot per seat (levels already rotated)."""
    n = len(levels)
    config = GameConfig.quick(board.map_id, n, seed, feats=BASE_FEATS if feats else frozenset())
    state = new_game(config, board)
    bots = [make_bot(level, s, budget, clock=time.thread_time, wall_factor=math.inf)
            for level, s in zip(levels, bot_seeds(seed, n))]
    seconds = [0.0] * n
    choices = [0] * n
    decisions = 0
    start = time.perf_counter()
    while not state.is_terminal():
        options = legal_actions(state)
        seat = state.active_seat
        began = time.thread_time()
        action = bots[seat].choose(state, options)
        if len(options) > 1:
            seconds[seat] += time.thread_time() - began
            choices[seat] += 1
        apply(state, action)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"game seed {seed} did not end after {MAX_DECISIONS} decisions")
    result = state.result
    winners = [] if result.players_lose else [t for t in result.winners if t < n]
    line = {
        "game": game, "seed": seed, "map": board.map_id, "players": n, "seats": levels,
        "scores": list(state.scores), "winners": list(result.winners),
        "winner_levels": [levels[t] for t in winners], "players_lose": bool(result.players_lose),
        "decisions": decisions, "seconds": round(time.perf_counter() - start, 2),
    }
    return TournamentGame(line, seconds, choices, [seat in winners for seat in range(n)])


def tournament(args: argparse.Namespace) -> int:
    """Handler of `tournament`; a reader closing stdout early ends the run quietly with exit 0."""
    try:
        return _tournament(args)
    except BrokenPipeError:
        return stdout_closed()


def _tournament(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= MAX_GAMES:
        raise CommandError(f"--games must be 1 to {MAX_GAMES:,}, not {args.games}", EXIT_BAD_INPUT)
    check_budget(args.budget)
    seats = parse_seats(args.seats, args.players)
    board = load_board_for(args.map)
    check_players(board, args.players)
    n = args.players
    tallies = {level: LevelTally() for level in dict.fromkeys(seats)}
    for game in range(args.games):
        seed = args.seed + game
        levels = [seats[(j + game) % n] for j in range(n)]
        try:
            played = play_one(board, levels, game, seed, args.budget, args.feats)
        except ConfigError as error:
            raise CommandError(str(error), EXIT_BAD_INPUT) from None
        except (IllegalAction, RuntimeError) as error:  # an engine or bot bug, not bad input
            raise CommandError(f"game seed {seed}: {type(error).__name__}: {error}", EXIT_FAILED) from None
        for seat, level in enumerate(levels):
            tally = tallies[level]
            tally.seats += 1
            tally.wins += played.seat_won[seat]
            tally.seconds += played.seat_seconds[seat]
            tally.decisions += played.seat_decisions[seat]
        print(json.dumps(played.line), flush=True)
    print(json.dumps({"games": args.games, "levels": {k: t.to_json() for k, t in tallies.items()}}))
    sys.stdout.flush()
    return EXIT_OK
