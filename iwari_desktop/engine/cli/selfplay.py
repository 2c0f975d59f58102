"""`python -m iwari_desktop.engine selfplay`: complete games between bots, one JSON line per game.

    python -m iwari_desktop.engine selfplay --map new-horizons --players 3 --games 10 --seed 1 --bot greedy

Game i (0-based) is set up with seed S+i; the bots of that game are seeded from it too, so one line
can be reproduced alone with `--seed S+i --games 1`. Each line:

    {"seed": 7, "map": "new-horizons", "players": 3, "scores": [41, 38, 45], "winner": [2],
     "players_lose": false, "turns": 57, "decisions": 512, "modules": ["mountains"]}

`scores` is per tribe and `winner` lists the winning tribes (a list, since wins can be shared) (tribe i is player i; in a 2-player game tribe 2 is the third
tribe, so `scores` has three entries, B12; the neutral Void of E3/E5 is left out). `modules` lists the active rule modules' keys in hook
order (the map's rules, feats, options). `turns` counts player turns, `decisions` every call to a
bot (actions, piece placements, draws, feats). The last line is the speed:
`{"games": K, "games_per_second": X, "decisions_per_second": Y}`, timing only setup and play after
the map has been loaded (not map loading, not printing).

`--mode solo|coop [--k N]` plays against the Void instead (cli/selfplay_vs_void.py): one line per game
with `result` ("win"/"loss"), `void_territories`, `end`, `turns`, and `win_rate` in the last line.

Bad arguments (unknown map, a player count the map does not take, K < 1, unknown bot) are one
"error: ..." line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from iwari_desktop.engine.maps.board import Board, MapError
from iwari_desktop.engine.bots.players import BOTS
from iwari_desktop.engine.bots.registry import VS_VOID_LEVELS
from iwari_desktop.engine.cli.common import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, CommandError
from iwari_desktop.engine.cli.workers import Progress, check_workers, ordered_map
from iwari_desktop.engine.core.config import BASE_FEATS, ConfigError, GameConfig
from iwari_desktop.engine.core.errors import IllegalAction
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState, Phase

MAX_DECISIONS = 200_000  # far beyond any real game; a guard against an engine bug looping forever
_BOT_SEED_SALT = 0xB0757EED


MAX_GAMES = 1_000_000  # hours of play; a typo of many digits should not mean 'run forever'
DEFAULT_PLAYERS = 3     # a multiplayer game's seats when --players is not given


def register(subparsers: Any) -> None:
    """Add the `selfplay` subcommand; its handler is `selfplay`."""
    parser = subparsers.add_parser(
        "selfplay", help="play complete games between bots and print one JSON line per game",
        description="Play K complete games between bots; game i uses seed S+i.")
    parser.add_argument("--map", default="new-horizons", metavar="ID",
                        help="a bundled map id or a .tmx path (default: new-horizons)")
    parser.add_argument("--players", type=int, default=None, metavar="N",
                        help="number of players (default 3; solo: 1, coop: 2)")
    parser.add_argument("--games", type=int, default=1, metavar="K", help="number of games (default 1)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    solo_bots = sorted({*VS_VOID_LEVELS, "greedy"})   # cli/vs_void.py adds its greedy measuring stick
    parser.add_argument("--bot", default="random", metavar="NAME",
                        help=f"the bot for every seat: {', '.join(sorted(BOTS))}; against the Void (--mode solo|coop): "
                             f"{', '.join(solo_bots)} (default random)")
    parser.add_argument("--feats", action="store_true", help="play with the four base feats (B19)")
    parser.add_argument("--draft", action="store_true", help="start with the draft variant (B4)")
    parser.add_argument("--expeditions", action="store_true", help="play with three expedition cards (E8)")
    parser.add_argument("--courage", action="store_true", help="play with the Courage feat (E9)")
    parser.add_argument("--worship", type=int, default=0, metavar="N", help="play Worship variant N, 1-3 (E10)")
    parser.add_argument("--mode", default="multiplayer", choices=("multiplayer", "solo", "coop"),
                        help="solo or coop: play against the Void (S1-S12; --players, if given, must be 1 / 2)")
    parser.add_argument("--k", type=int, default=None, metavar="N",
                        help="solo/coop: Void territories that lose the game (default 3 solo, 1 coop)")
    parser.add_argument("--to-end", action="store_true",
                        help="solo/coop: play on after the Void reaches K (the bots still play for K); the line "
                             "adds the result at K and the Void's tally at the natural end")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="play the games on N processes (the same lines for any N; default 1)")
    parser.set_defaults(handler=selfplay)


@dataclass
class PlayedGame:
    """A finished bot game with what its JSON line and the final speed line need (decisions, time)."""

    state: GameState
    decisions: int
    seconds: float

    def to_json(self, seed: int) -> dict[str, Any]:
        """The per-game JSON line described in the module docstring."""
        s = self.state
        result = s.result
        return {
            "seed": seed,
            "map": s.board.map_id,
            "players": s.n_players,
            "scores": [s.scores[t] for t in s.roles.scoring],  # the neutral Void (added last) never scores
            "winner": list(result.winners),
            "players_lose": bool(result.players_lose),
            "turns": sum(s.turns_taken),
            "decisions": self.decisions,
            "modules": [m.key for m in s.modules],
        }


def bot_seeds(game_seed: int, n_players: int) -> list[int]:
    """One seed per seat derived from the game's seed (the bots never touch the game's own RNG)."""
    rng = Rng(game_seed ^ _BOT_SEED_SALT)
    return [rng.next_u64() for _ in range(n_players)]


def play_game(board: Board, n_players: int, seed: int, bot: str = "random", feats: bool = False,
              draft: bool = False, options: dict[str, Any] | None = None) -> PlayedGame:
    """Set up and play one complete game between bots of kind `bot`; times setup plus play.

    `options` are setup options (`expeditions`, `courage`, `worship`); a refused one is a ConfigError."""
    config = GameConfig.quick(board.map_id, n_players, seed, feats=BASE_FEATS if feats else frozenset(),
                              draft=draft, options=options or {})
    bot_class = BOTS[bot]
    start = time.perf_counter()
    state = new_game(config, board)
    bots = [bot_class(s) for s in bot_seeds(seed, n_players)]
    decisions = play_out(state, bots, seed)
    return PlayedGame(state, decisions, time.perf_counter() - start)


def play_game_on(map_arg: str, n_players: int, seed: int, **kwargs: Any) -> PlayedGame:
    """`play_game` on the map `map_arg` names (loaded once per process): what a worker process is sent."""
    return play_game(load_board_for(map_arg), n_players, seed, **kwargs)


def play_out(state: GameState, bots: Sequence[Any], seed: int, limit: int = MAX_DECISIONS) -> int:
    """Play `state` to its end, every decision by the active seat's bot; returns the decisions taken.
    RuntimeError (an engine bug) after `limit` decisions."""
    decisions = 0
    over = Phase.GAME_OVER
    while state.phase is not over:   # `is_terminal` written out: this loop is every decision's (issue #32)
        options = legal_actions(state)
        apply(state, bots[state.active_seat].choose(state, options))
        decisions += 1
        if decisions > limit:
            raise RuntimeError(f"game seed {seed} did not end after {limit} decisions")
    return decisions


@dataclass(frozen=True)
class GameLine:
    """What a game sends back to the printing process (a worker's whole state stays in the worker)."""

    line: dict[str, Any]
    seconds: float
    decisions: int
    won: bool = False
    refused: str | None = None     # a refused setup (exit 2)
    failed: str | None = None      # an engine bug: IllegalAction or a game without end (exit 1)


def game_line(play: Callable[[int], PlayedGame], seed: int) -> GameLine:
    """`play(seed)` as a GameLine; errors become fields, for exceptions do not all cross processes."""
    try:
        played = play(seed)
    except ConfigError as error:
        return GameLine({}, 0.0, 0, refused=str(error))
    except (IllegalAction, RuntimeError) as error:  # an engine bug, not bad input
        return GameLine({}, 0.0, 0, failed=f"game seed {seed}: {error}")
    won = bool(getattr(played.state.result, "won", False))
    return GameLine(played.to_json(seed), played.seconds, played.decisions, won)


def each_game(args: argparse.Namespace, play: Callable[[int], PlayedGame]) -> Iterator[GameLine]:
    """Game i of `--games` played by `play(S + i)` (on `--workers` processes: `play` must then be
    picklable), its JSON line printed in seed order, then yielded; a refused setup is a CommandError with
    exit 2, an engine bug (IllegalAction, a game without end) one with exit 1."""
    seeds = range(args.seed, args.seed + args.games)
    with Progress(args.games) as progress:
        for played in ordered_map(partial(game_line, play), seeds, getattr(args, "workers", 1)):
            if played.refused is not None:
                raise CommandError(played.refused, EXIT_BAD_INPUT)
            if played.failed is not None:
                raise CommandError(played.failed, EXIT_FAILED)
            print(json.dumps(played.line), flush=True)
            progress.step()
            yield played


def speed_line(games: int, seconds: float, decisions: int) -> dict[str, Any]:
    """The last line of a run: games and decisions per second of setup and play."""
    seconds = max(seconds, 1e-9)
    return {"games": games, "games_per_second": round(games / seconds, 2),
            "decisions_per_second": round(decisions / seconds, 1)}


def load_board_for(map_arg: str) -> Board:
    """`get_board` for the CLI: a bad map is a CommandError (exit 2), not a traceback.

    pytmx's "cannot import pygame" log line is silenced first; the loader blocks pygame on purpose.
    """
    logging.getLogger("pytmx.util_pygame").disabled = True  # pytmx's "cannot import pygame" is noise here
    try:
        return get_board(map_arg)
    except MapError as error:
        raise CommandError(str(error), EXIT_BAD_INPUT) from None


def check_players(board: Board, n_players: int) -> None:
    """Refuse an impossible player count once, before any game starts (CommandError, exit 2).

    The map says how many it takes: 2 to 5, or 2 to 6 on The Void (its sixth tribe plays purple, E7).
    """
    if not board.min_players <= n_players <= board.max_players:
        raise CommandError(f"{board.name} takes {board.min_players} to {board.max_players} players, not {n_players}",
                           EXIT_BAD_INPUT)


def setup_options(args: argparse.Namespace) -> dict[str, Any]:
    """The setup options the flags ask for (only those set, so a base game's setup is unchanged)."""
    options: dict[str, Any] = {name: True for name in ("expeditions", "courage") if getattr(args, name)}
    if args.worship:
        options["worship"] = args.worship
    return options


def stdout_closed() -> int:
    """The reader went away (`selfplay ... | head -1`): stop quietly, as Unix tools do."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return EXIT_OK


def selfplay(args: argparse.Namespace) -> int:
    """Handler of `selfplay`; a reader closing stdout early (`| head -1`) ends the run quietly with exit 0."""
    try:
        return _selfplay(args)
    except BrokenPipeError:
        return stdout_closed()


def _selfplay(args: argparse.Namespace) -> int:
    if args.mode == "multiplayer" and args.bot not in BOTS:   # solo/coop bots are checked in run_vs_void
        raise CommandError(f"unknown bot {args.bot!r} (bots: {', '.join(sorted(BOTS))})", EXIT_BAD_INPUT)
    if not 1 <= args.games <= MAX_GAMES:
        raise CommandError(f"--games must be 1 to {MAX_GAMES:,}, not {args.games}", EXIT_BAD_INPUT)
    refused = check_workers(args.workers)
    if refused:
        raise CommandError(refused, EXIT_BAD_INPUT)
    board = load_board_for(args.map)
    if args.mode != "multiplayer":
        return args.vs_void(args, board)  # hooked on by cli/selfplay_vs_void.register (which imports this module)
    if args.k is not None:
        raise CommandError("--k belongs to a solo or coop game (--mode solo|coop)", EXIT_BAD_INPUT)
    if args.to_end:
        raise CommandError("--to-end belongs to a solo or coop game (--mode solo|coop)", EXIT_BAD_INPUT)
    if args.players is None:
        args.players = DEFAULT_PLAYERS
    check_players(board, args.players)
    seconds = 0.0
    decisions = 0
    play = partial(play_game_on, args.map, args.players, bot=args.bot, feats=args.feats, draft=args.draft,
                   options=setup_options(args))
    for played in each_game(args, play):
        seconds += played.seconds
        decisions += played.decisions
    print(json.dumps(speed_line(args.games, seconds, decisions)))
    sys.stdout.flush()
    return EXIT_OK
