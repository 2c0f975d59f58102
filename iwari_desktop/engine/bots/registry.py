"""The computer levels by name, as setup screens, saves and the tournament command name them.

`make_bot(level, seed, budget)` builds a fresh player; every level answers `choose(state, options)`
and decides only from what the active seat may know.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Protocol

from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.bots.easy import EasyBot
from iwari_desktop.engine.bots.expert import ExpertBot
from iwari_desktop.engine.bots.hard import DEFAULT_BUDGET, WALL_FACTOR, HardBot
from iwari_desktop.engine.bots.normal import NormalBot
from iwari_desktop.engine.bots.random_bot import RandomBot
from iwari_desktop.engine.bots.solo import SoloBot


class Bot(Protocol):
    """What every level offers: one decision for the active seat, never changing `state`."""

    def choose(self, state: GameState, options: list[Action] | None = None) -> Action: ...


LEVELS: dict[str, Callable[..., Any]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
}
ALIASES = {"greedy": "normal"}  # the first greedy bot became Normal


class UnknownLevel(ValueError):
    """A level name that is neither a level nor an alias; the message lists the valid names."""


def level_names() -> list[str]:
    """Levels in strength order, the aliases left out."""
    return list(LEVELS)


def canonical_level(name: str) -> str:
    """The level a name or alias stands for (case-insensitive); UnknownLevel otherwise."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in LEVELS:
        raise UnknownLevel(f"unknown level {name!r} (levels: {', '.join(LEVELS)})")
    return key


def make_bot(level: str, seed: int, budget: float = DEFAULT_BUDGET,
             clock: Callable[[], float] = time.thread_time, wall_factor: float = WALL_FACTOR) -> Bot:
    """A new player of `level` seeded with `seed`; `budget` (seconds per decision, on `clock`: by default
    the CPU time of the thread that thinks) and `wall_factor` (its wall-clock cap, as a multiple of the
    budget; `math.inf` for none) matter to Hard only."""
    key = canonical_level(level)
    if key == "hard":
        return HardBot(seed, budget=budget, clock=clock, wall_factor=wall_factor)
    return LEVELS[key](seed)


VS_VOID_LEVELS: dict[str, Callable[..., Any]] = {"random": RandomBot, "solo": SoloBot, "expert": ExpertBot}
"""Players' side against the Void (solo and co-op), by name, weakest first; cli/vs_void.py adds its one-ply
`greedy`."""


def make_vs_void_bot(name: str, seed: int, budget: float | None = None,
                     clock: Callable[[], float] = time.thread_time) -> Bot:
    """A new players'-side bot for a game against the Void (`expert`, `solo`, `random`); UnknownLevel otherwise.

    `budget` matters to the Expert only: None searches a fixed number of worlds (the same decisions on any
    machine: tests, selfplay, campaign simulate); seconds on `clock` (the thinking thread's CPU time, with
    a wall-clock cap) is what the app gives it, `expert.APP_BUDGET`."""
    key = name.strip().lower()
    if key not in VS_VOID_LEVELS:
        raise UnknownLevel(f"unknown solo bot {name!r} (bots: {', '.join(VS_VOID_LEVELS)})")
    if key == "expert" and budget is not None:
        return ExpertBot(seed, budget=budget, clock=clock)
    return VS_VOID_LEVELS[key](seed)
