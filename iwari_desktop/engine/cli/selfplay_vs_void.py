"""`selfplay --mode solo|coop`: complete games against the Void, one JSON line per game (cli/vs_void.py).

    python -m iwari_desktop.engine selfplay --mode solo --map glacial-mass --games 10 --seed 1 --k 3 --bot greedy

The last line: `{"games", "games_per_second", "decisions_per_second", "win_rate"}`, timing setup and
play only. `--to-end` (cli/selfplay_to_end.py) plays every game to its natural end for K: each line adds
`to_end`, `tally` (the Void's territories at the end, 12 for an outright Void win) and `outright`, its
`result` is the one at K, and the last line adds `mean_tally`.

    python -m iwari_desktop.engine selfplay --mode solo --map glacial-mass --games 6 --seed 91000 --k 3 --bot expert --to-end --workers 2

Bad arguments (a map not played against the Void, K out of range) exit 2 with one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from typing import Any

from iwari_desktop.engine.cli.common import EXIT_BAD_INPUT, EXIT_OK, CommandError
from iwari_desktop.engine.cli.selfplay import each_game, speed_line
from iwari_desktop.engine.cli.vs_void import VS_VOID_BOTS, play_vs_void_on
from iwari_desktop.engine.core.config import MODE_SEATS, OPTIONS, GameMode
from iwari_desktop.engine.maps.board import Board


def register(subparsers: Any) -> None:
    """`selfplay --mode solo|coop` runs `run_vs_void`: set on the `selfplay` parser (registered first), so
    selfplay.py never imports this module, which imports it (no import circle)."""
    subparsers.choices["selfplay"].set_defaults(vs_void=run_vs_void)


def run_vs_void(args: argparse.Namespace, board: Board) -> int:
    mode = GameMode(args.mode)
    if args.bot not in VS_VOID_BOTS:
        raise CommandError(f"unknown bot {args.bot!r} (bots: {', '.join(sorted(VS_VOID_BOTS))})", EXIT_BAD_INPUT)
    if mode.value not in board.modes:
        raise CommandError(f"{board.name} cannot be played in {mode.value} mode", EXIT_BAD_INPUT)
    seats = MODE_SEATS[mode][0]   # solo one seat, co-op two (S12): --players may only repeat it
    if args.players is not None and args.players != seats:
        raise CommandError(f"a {mode.value} game has {seats} player{'s' if seats > 1 else ''}, not {args.players} "
                           f"(leave out --players)", EXIT_BAD_INPUT)
    if args.k is not None and args.k not in OPTIONS["k"].allowed:
        allowed = OPTIONS["k"].allowed
        raise CommandError(f"--k must be {allowed[0]} to {allowed[-1]}, not {args.k}", EXIT_BAD_INPUT)
    if args.feats or args.draft or args.expeditions or args.courage or args.worship:
        raise CommandError("a game against the Void has no feats, draft, expedition cards, Courage or Worship (S1)",
                           EXIT_BAD_INPUT)
    seconds = 0.0
    decisions = 0
    wins = 0
    tallies = []
    play = partial(play_vs_void_on, args.map, mode, bot=args.bot, k=args.k, to_end=args.to_end)
    for game in each_game(args, play):
        seconds += game.seconds
        decisions += game.decisions
        if args.to_end:
            wins += game.line["result"] == "win"
            tallies.append(game.line["tally"])
        else:
            wins += game.won
    last = {**speed_line(args.games, seconds, decisions), "win_rate": round(wins / args.games, 4)}
    if args.to_end:
        last["mean_tally"] = round(sum(tallies) / len(tallies), 3)
    print(json.dumps(last))
    sys.stdout.flush()
    return EXIT_OK
