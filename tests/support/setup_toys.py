"""Toy option modules for the setup-screen tests, so they hold whichever expansion modules are merged.

Each toy is registered under the real option's key and refuses exactly what the real module refuses
(E7: no expedition cards on a map for six; E10: Worship variant 2 only where there are contested
tokens), through `build_deck`, which every engine version calls with the config and the map. The
engine's ConfigError is then what the screen must show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from iwari_desktop.engine import ConfigError, rulesets
from iwari_desktop.engine.core.text import Text
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule

# the real modules' sentences (in the catalogue, so a German screen shows them in German)
EXPEDITIONS_REFUSAL = "{map} is played without expedition cards: switch them off"
WORSHIP_REFUSAL = "Worship variant 2 counts tents on contested tokens, and {map} has none"


@dataclass(frozen=True)
class ToyExpeditions(RuleModule):
    key: ClassVar[str] = "expeditions"
    ruling: ClassVar[str] = "E8"
    summary: ClassVar[str] = "Race the others to three missions for bonus points."

    def build_deck(self, config, board, deck, removed) -> None:
        if board.max_players >= 6:
            raise ConfigError(Text(EXPEDITIONS_REFUSAL, rule="E7", map=board.name))


@dataclass(frozen=True)
class ToyCourage(RuleModule):
    key: ClassVar[str] = "courage"
    ruling: ClassVar[str] = "E9"
    summary: ClassVar[str] = "Exploring the last territory earns a token that cancels a feat."


@dataclass(frozen=True)
class ToyWorship(RuleModule):
    key: ClassVar[str] = "worship"
    ruling: ClassVar[str] = "E10"
    summary: ClassVar[str] = "One more feat is decided just before the final scoring."

    def build_deck(self, config, board, deck, removed) -> None:
        if config.option("worship") == 2 and "contested" not in board.rules:
            raise ConfigError(Text(WORSHIP_REFUSAL, rule="E10", map=board.name))


def install_toys(monkeypatch) -> None:
    """Register the toys in place of whatever is registered (the real modules come back after the test)."""
    rulesets.load_all()  # real modules register on import: import them first so the toys win
    for toy in (ToyExpeditions, ToyCourage, ToyWorship):
        monkeypatch.setitem(REGISTRY, toy.key, toy)
