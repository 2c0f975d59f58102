"""Play a campaign's chapters with a bot, to measure each chapter's win rate and star shares.

This is the calibration tool of docs/campaign.md: the order, K and goal numbers of a campaign are
tuned with measured win rates, not by feel. A try of a chapter is one game on the chapter's map, at
the chapter's K for the difficulty, dealt by its seed policy: try seed `s` deals seed `s` on a
fresh-deal chapter and the chapter's own seed on a fixed-deal one, while the bot seeds always
come from `s` (`cli.vs_void.bot_seeds`), so the tries of a fixed deal still differ. On a fresh-deal
chapter a try is therefore exactly the game `cli.vs_void.play_vs_void(board, mode, s, bot, k)`
plays, which the tests check. Each finished game goes through the one converter
(`from_game.chapter_result`) and the chapter's goals, like a player's try.

Bots: the players'-side bots against the Void by name: `random` and `greedy` (`cli.vs_void`) and
those the registry lists in `VS_VOID_LEVELS` (weakest first). The default is the strongest of the
registry's (its last but `random`), else `greedy`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from iwari_desktop.engine.bots import registry
from iwari_desktop.engine.cli.vs_void import VS_VOID_BOTS, bot_seeds
from iwari_desktop.engine.cli.workers import Progress, ordered_map
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.errors import IllegalAction
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.maps.board import Board

from iwari_desktop.engine.campaign.difficulty import CampaignMode, Difficulty
from iwari_desktop.engine.campaign.format import Campaign, Chapter
from iwari_desktop.engine.campaign.from_game import chapter_result
from iwari_desktop.engine.campaign.goals import check_goals

MAX_DECISIONS = 200_000
FALLBACK_BOT = "greedy"

BotFactory = Callable[[int], Any]


class UnknownBot(ValueError):
    """A bot name that is no solo-capable player; the message lists the ones there are."""


class GameDidNotEnd(RuntimeError):
    """A simulated game ran past the decision limit: an engine or bot bug, not bad input."""


class TryFailed(RuntimeError):
    """A simulated try met an illegal action (an engine or bot bug), as one line that crosses processes."""


def _registry_solo_levels() -> dict[str, BotFactory]:
    """The registry's players'-side bots against the Void (`VS_VOID_LEVELS`, weakest first), if it has any."""
    return dict(getattr(registry, "VS_VOID_LEVELS", {}))


def solo_bots() -> dict[str, BotFactory]:
    """Every bot that plays the players' side against the Void, by name: the registry's and cli/vs_void's."""
    bots: dict[str, BotFactory] = dict(_registry_solo_levels())
    for name, factory in VS_VOID_BOTS.items():
        bots.setdefault(name, factory)
    return bots


def default_bot() -> str:
    """The strongest registry bot against the Void (its last but random), else the greedy player."""
    levels = [name for name in _registry_solo_levels() if name != "random"]
    return levels[-1] if levels else FALLBACK_BOT


def bot_factory(name: str) -> BotFactory:
    bots = solo_bots()
    key = name.strip().lower()
    if key not in bots:
        raise UnknownBot(f"unknown solo bot {name!r} (bots that play against the Void: {', '.join(sorted(bots))})")
    return bots[key]


def game_mode(campaign: Campaign) -> GameMode:
    return GameMode.SOLO if campaign.mode is CampaignMode.SOLO else GameMode.COOP


def play_try(board: Board, chapter: Chapter, mode: GameMode, difficulty: Difficulty, try_seed: int,
             bot: BotFactory) -> GameState:
    """One try of `chapter`: set up by its seed policy at the difficulty's K and played to the end."""
    players = 1 if mode is GameMode.SOLO else 2
    config = GameConfig.quick(board.map_id, players, chapter.deal_seed(try_seed), mode=mode,
                              options={"k": chapter.k_at(difficulty)})
    state = new_game(config, board)
    bots = [bot(seed) for seed in bot_seeds(try_seed, players)]
    decisions = 0
    while not state.is_terminal():
        apply(state, bots[state.active_seat].choose(state, legal_actions(state)))
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise GameDidNotEnd(f"chapter {chapter.id}, try seed {try_seed}: no end after {MAX_DECISIONS} decisions")
    return state


@dataclass(frozen=True)
class ChapterStats:
    """A chapter's measured figures over `games` tries."""

    chapter: Chapter
    k: int
    games: int
    wins: int
    stars: tuple[int, ...]      # per goal: tries that met it
    turns_of_wins: int          # sum of the turns of the won tries

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"chapter": self.chapter.id, "map": self.chapter.map, "k": self.k, "games": self.games,
                "win_rate": round(self.win_rate, 4),
                "stars": [round(n / self.games, 4) if self.games else 0.0 for n in self.stars],
                "goals": [goal.text for goal in self.chapter.goals],
                "mean_turns_of_wins": round(self.turns_of_wins / self.wins, 1) if self.wins else None}


def try_outcome(board: Board, chapter: Chapter, mode: GameMode, difficulty: Difficulty, bot: BotFactory,
                try_seed: int) -> tuple[bool, int, tuple[bool, ...]]:
    """One try judged: (won, turns, each goal met) — small, so a worker process sends back only this."""
    try:
        result = chapter_result(play_try(board, chapter, mode, difficulty, try_seed, bot))
    except IllegalAction as error:
        raise TryFailed(f"chapter {chapter.id}, try seed {try_seed}: {error}") from None
    return result.won, result.turns, tuple(check.met for check in check_goals(chapter.goals, result))


def simulate_chapter(board: Board, chapter: Chapter, mode: GameMode, difficulty: Difficulty, games: int,
                     seed: int, bot: BotFactory, workers: int = 1) -> ChapterStats:
    """`games` tries of `chapter` with try seeds seed, seed + 1, …; each judged by the chapter's goals.
    `workers` processes share the tries; the figures are the same for any number (cli/workers.py)."""
    wins = 0
    stars = [0] * len(chapter.goals)
    turns = 0
    judge = partial(try_outcome, board, chapter, mode, difficulty, bot)
    with Progress(games, f"tries of {chapter.id}") as progress:
        for won, try_turns, met in ordered_map(judge, range(seed, seed + games), workers):
            wins += won
            turns += try_turns if won else 0
            for n, goal_met in enumerate(met):
                stars[n] += goal_met
            progress.step()
    return ChapterStats(chapter, chapter.k_at(difficulty), games, wins, tuple(stars), turns)


def simulate(campaign: Campaign, load_board: Callable[[str], Board], difficulty: Difficulty, games: int,
             seed: int, bot: BotFactory, workers: int = 1) -> Iterator[ChapterStats]:
    """Every chapter (the bonus last), one `ChapterStats` each as soon as it is measured."""
    mode = game_mode(campaign)
    for chapter in campaign.all_chapters:
        yield simulate_chapter(load_board(chapter.map), chapter, mode, difficulty, games, seed, bot, workers)


FIRST_AT_LEAST = 0.85          # the opening chapter: a strong player nearly always wins it
LAST_BETWEEN = (0.20, 0.40)    # the closing chapter: hard, not hopeless
NOISE = 0.10                   # a chapter may measure this much above the one before it (sampling noise)
STEEPEST = 0.30                # no step of the climb is steeper than this


def calibration(stats: list[ChapterStats]) -> dict[str, bool]:
    """The calibration goal of docs/campaign.md (issue #20), measured with the Expert, on the journey's chapters
    (the bonus left out): the first won at least 85 % of the time, the last 20-40 %, and a smooth climb between
    (no chapter easier than the one before beyond the noise, no step steeper than 30 points)."""
    journey = [s for s in stats if not s.chapter.is_bonus]
    rates = [s.win_rate for s in journey]
    if not rates:
        return {"first_easy": False, "last_hard": False, "climbs": False, "smooth": False, "all_winnable": False,
                "met": False}
    steps = list(zip(rates, rates[1:]))
    checks = {
        "first_easy": rates[0] >= FIRST_AT_LEAST,
        "last_hard": LAST_BETWEEN[0] <= rates[-1] <= LAST_BETWEEN[1],
        # rates are shares of tries (0.7 = 14/20): compared to the point, so a step of exactly 30 points is
        # one (1.0 - 0.7 is 0.30000000000000004 in floating point)
        "climbs": all(round(later - earlier, 4) <= NOISE for earlier, later in steps),
        "smooth": all(round(earlier - later, 4) <= STEEPEST for earlier, later in steps),
        "all_winnable": all(r > 0 for r in rates),
    }
    checks["met"] = all(checks.values())
    return checks


def summary(campaign: Campaign, difficulty: Difficulty, bot: str, games: int, seed: int,
            stats: list[ChapterStats]) -> dict[str, Any]:
    """The last line of `campaign simulate`: totals and the calibration checks."""
    tries = sum(s.games for s in stats)
    return {"summary": True, "campaign": campaign.id, "difficulty": difficulty.value, "bot": bot,
            "games": games, "seed": seed, "chapters": len(stats),
            "win_rate": round(sum(s.wins for s in stats) / tries, 4) if tries else 0.0,
            "expected_stars": round(sum(sum(s.stars) / s.games for s in stats if s.games), 2),
            "max_stars": campaign.max_stars, "calibration": calibration(stats)}
