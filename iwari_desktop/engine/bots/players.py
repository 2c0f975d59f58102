"""Older import path of the computer players, kept for callers written before the levels existed.

`GreedyBot` is the Normal level now; `BOTS` names what `selfplay --bot` accepts.
"""

from __future__ import annotations

from iwari_desktop.engine.bots.easy import EasyBot
from iwari_desktop.engine.bots.hard import HardBot
from iwari_desktop.engine.bots.normal import NormalBot
from iwari_desktop.engine.bots.random_bot import RandomBot

GreedyBot = NormalBot

BOTS = {"random": RandomBot, "greedy": NormalBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}

__all__ = ["BOTS", "EasyBot", "GreedyBot", "HardBot", "NormalBot", "RandomBot"]
