"""`python -m iwari_desktop.engine campaign list|simulate`: print and validate campaign files, or play their chapters with a bot.

Exit codes follow `cli.common`: 0 every file is a valid campaign (its chapters are printed); 1 a
campaign with mistakes (one line per problem on stdout, "file: field: problem", every problem of
the file at once, map checks included); 2 a file that is not a campaign at all (missing, not JSON,
another format, a newer version), one "error: ..." line on stderr.

Without --campaign every bundled campaign in assets/campaigns/ is listed.

`campaign simulate --games N --seed S [--bot NAME] [--difficulty easy|normal|hard|rulebook] [--campaign FILE|ID]
[--workers N]` plays every chapter N times with a solo-capable bot (engine/campaign/simulate.py) and prints one JSON
line per chapter (`chapter`, `map`, `k`, `win_rate`, `stars`: the share of tries earning each star)
and a last summary line with the calibration checks. Bad input (arguments, a campaign with mistakes
or not a campaign) exits 2 with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any

from iwari_desktop.engine.cli.common import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, CommandError
from iwari_desktop.engine.cli.workers import check_workers
from iwari_desktop.engine.campaign import simulate as sim
from iwari_desktop.engine.campaign.campaign_file import bundled_campaign_path, bundled_campaign_paths, read_campaign
from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.engine.campaign.format import Campaign, CampaignInvalid, Chapter, NotACampaign
from iwari_desktop.engine.core.config import OPTIONS, ConfigError
from iwari_desktop.engine.core.errors import IllegalAction
from iwari_desktop.engine.files.reader import is_plain_id
from iwari_desktop.engine.maps.board import MapError
from iwari_desktop.engine.maps.registry import get_board


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("campaign", help="list, validate and simulate campaign files",
                                   description="Without a subcommand: list the bundled campaigns.")
    _options(parser)
    parser.set_defaults(handler=list_campaigns)
    commands = parser.add_subparsers(dest="campaign_command", metavar="{list,simulate}", parser_class=type(parser))
    listing = commands.add_parser("list", help="print the chapters (map, K per difficulty, goals) and validate")
    _options(listing, argparse.SUPPRESS)
    listing.set_defaults(handler=list_campaigns)
    simulating = commands.add_parser("simulate", help="play every chapter N times with a bot: win rate and stars")
    simulating.add_argument("--games", type=int, required=True, help="tries per chapter (1 to 100000)")
    simulating.add_argument("--seed", type=int, required=True, help="try seeds S, S + 1, ... (0 to 2^63 - 1)")
    simulating.add_argument("--bot", default=None,
                            help=f"a solo-capable bot: {', '.join(sorted(sim.solo_bots()))} (default: the strongest "
                                 f"registered, {sim.default_bot()})")
    simulating.add_argument("--difficulty", default="normal",
                            help="easy, normal, hard (K + 1, K, K - 1) or rulebook (every chapter at the rulebook's "
                                 "K: 3 solo, 1 co-op)")
    simulating.add_argument("--workers", type=int, default=1, metavar="N",
                            help="play the tries on N processes (the same figures for any N; default 1)")
    simulating.add_argument("--campaign", metavar="FILE|ID", default="journey",
                            help="a campaign file or a bundled campaign id (default: journey)")
    simulating.set_defaults(handler=simulate_campaign)


def _options(parser: argparse.ArgumentParser, default: Any = None) -> None:
    parser.add_argument("--campaign", metavar="FILE", default=default,
                        help="a campaign file or a bundled campaign id (default: every bundled campaign)")
    parser.add_argument("--json", action="store_true", default=default if default is not None else False,
                        help="one JSON object per chapter")


def _targets(choice: str | None) -> list[Path]:
    if choice is None:
        paths = list(bundled_campaign_paths())
        if not paths:
            raise CommandError("no bundled campaigns found in assets/campaigns", EXIT_FAILED)
        return paths
    path = Path(choice)
    if not path.exists() and is_plain_id(choice) and bundled_campaign_path(choice).is_file():
        return [bundled_campaign_path(choice)]
    return [path]


def _board_name(map_id: str) -> str:
    try:
        return get_board(map_id).name
    except MapError:
        return map_id


def _chapter_json(campaign: Campaign, number: str, chapter: Chapter) -> dict[str, Any]:
    return {"campaign": campaign.id, "chapter": chapter.id, "number": number, "title": chapter.title,
            "map": chapter.map, "k": {d.value: chapter.k_at(d) for d in Difficulty},
            "seed": "fresh" if chapter.seed is None else chapter.seed,
            "goals": [goal.text for goal in chapter.goals],
            **({"opens_at_stars": chapter.opens_at_stars} if chapter.is_bonus else {})}


def _chapter_lines(number: str, chapter: Chapter) -> list[str]:
    ks = "/".join(str(chapter.k_at(d)) for d in Difficulty)
    deal = "fresh deal each try" if chapter.seed is None else f"same deal each try (seed {chapter.seed})"
    words = "/".join(d.value for d in Difficulty)
    head = f"{number:>3}. {chapter.title} [{chapter.id}]  map {_board_name(chapter.map)}  K {words} {ks}  {deal}"
    if chapter.is_bonus:
        head += f"  opens at {chapter.opens_at_stars} stars"
    return [head] + [f"       goal {i + 1}: {goal.text}" for i, goal in enumerate(chapter.goals)]


def _print_campaign(campaign: Campaign, as_json: bool) -> None:
    numbered = [(str(i + 1), c) for i, c in enumerate(campaign.chapters)]
    if campaign.bonus is not None:
        numbered.append(("B", campaign.bonus))
    if as_json:
        for number, chapter in numbered:
            print(json.dumps(_chapter_json(campaign, number, chapter), ensure_ascii=True))
        return
    bonus = " + bonus" if campaign.bonus else ""
    print(f"{campaign.id}: {campaign.title} ({campaign.mode.value}, {len(campaign.chapters)} chapters{bonus}, "
          f"{campaign.max_stars} stars)")
    for number, chapter in numbered:
        print("\n".join(_chapter_lines(number, chapter)))


def list_campaigns(args: argparse.Namespace) -> int:
    """Each campaign's chapters, or its problems; the worst outcome decides the exit code."""
    logging.getLogger("pytmx.util_pygame").disabled = True   # pytmx logs its missing pygame on stderr
    targets = _targets(args.campaign)
    exit_code = EXIT_OK
    for path in targets:
        try:
            campaign = read_campaign(path, get_board)
        except NotACampaign as error:
            if len(targets) == 1:
                raise CommandError(str(error), EXIT_BAD_INPUT) from None
            print(f"error: {error}", file=sys.stderr)
            exit_code = EXIT_BAD_INPUT
            continue
        except CampaignInvalid as error:
            print("\n".join(error.problems))
            exit_code = max(exit_code, EXIT_FAILED)
            continue
        _print_campaign(campaign, bool(args.json))
    return exit_code


MAX_GAMES = 100_000
MAX_SEED = 2 ** 63 - 1


def simulate_campaign(args: argparse.Namespace) -> int:
    """One JSON line per chapter as soon as it is measured, then the summary; bad input exits 2."""
    logging.getLogger("pytmx.util_pygame").disabled = True
    if not 1 <= args.games <= MAX_GAMES:
        raise CommandError(f"--games must be from 1 to {MAX_GAMES}, not {args.games}", EXIT_BAD_INPUT)
    if not 0 <= args.seed <= MAX_SEED:
        raise CommandError(f"--seed must be from 0 to 2^63 - 1, not {args.seed}", EXIT_BAD_INPUT)
    refused = check_workers(args.workers)
    if refused:
        raise CommandError(refused, EXIT_BAD_INPUT)
    try:
        difficulty = Difficulty.parse(args.difficulty)
        bot_name = sim.default_bot() if args.bot is None else args.bot.strip().lower()
        bot = sim.bot_factory(bot_name)
    except ValueError as error:
        raise CommandError(str(error), EXIT_BAD_INPUT) from None
    targets = _targets(args.campaign)
    try:
        campaign = read_campaign(targets[0], get_board)
    except (NotACampaign, CampaignInvalid) as error:
        raise CommandError(str(error), EXIT_BAD_INPUT) from None
    allowed = OPTIONS["k"].allowed
    for chapter in campaign.all_chapters:
        if chapter.k_at(difficulty) not in allowed:
            raise CommandError(f"chapter {chapter.id}: K = {chapter.k_at(difficulty)} at {difficulty.label} is beyond "
                               f"the {allowed[0]} to {allowed[-1]} a game against the Void offers", EXIT_BAD_INPUT)
    stats = []
    try:
        for chapter_stats in sim.simulate(campaign, get_board, difficulty, args.games, args.seed, bot,
                                          workers=args.workers):
            stats.append(chapter_stats)
            print(json.dumps(chapter_stats.to_json()), flush=True)
    except ConfigError as error:   # a chapter's K the engine does not offer (the option allows 1 to 10)
        raise CommandError(str(error), EXIT_BAD_INPUT) from None
    except (sim.GameDidNotEnd, sim.TryFailed, IllegalAction) as error:   # an engine or bot bug, not bad input
        raise CommandError(str(error), EXIT_FAILED) from None
    print(json.dumps(sim.summary(campaign, difficulty, bot_name, args.games, args.seed, stats)), flush=True)
    return EXIT_OK
