"""Helpers for the solo and co-op tests: games on the fixture board (modes solo/coop, no mountains) and
positions built with the engine API (tests/support/engine_helpers.py puts pieces straight into the state).

Fixture board: t0 Desert 0-6 (road 0-1-2-3-4), t1 Tundra 7-11 (road 4-7, chain 7-8-9-10), t2 Forest
12-15 (chain), t3 Glaciers 16-19 (16-17-18), t4 Coast 20-23 (20-21-22), t5 Tundra 24-26 (24-25).
Connections: 1 t0-t1, 2 t1-t2, 3 t2-t3, 4 t3-t4, 5 t4-t5, 6 t0-t5, 7 t0-t2, 8 t1-t3, 9 t2-t4.
Solo tribes: 0 the player, 1 the Void; co-op: 0 and 1 the partners, 2 the Void.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any, Callable

from engine_fixtures import small_board

from iwari_desktop.engine import Biome, GameConfig, apply, legal_actions, new_game
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.rulesets.solo.data import data
from iwari_desktop.engine.rulesets.solo.end import cards_in_play
from iwari_desktop.engine.rulesets.solo.events import VoidEvent

VOID_CARD = Biome.VOID


def vs_board():
    return dataclasses.replace(small_board(mountains=False), modes=frozenset({"multiplayer", "solo", "coop"}))


def solo_state(seed: int = 1, coop: bool = False, **options: Any) -> GameState:
    mode = GameMode.COOP if coop else GameMode.SOLO
    config = GameConfig.quick("small-test", 2 if coop else 1, seed, mode=mode, options=options, first_player=0)
    return new_game(config, vs_board())


def void(state: GameState) -> int:
    return state.void_tribe


def steps_until(state: GameState, phase: Phase, chooser=None, limit: int = 200) -> None:
    """Play the first legal option (or `chooser`'s) until `phase` is pending."""
    for _ in range(limit):
        if state.phase is phase:
            return
        options = legal_actions(state)
        apply(state, chooser(options) if chooser else options[0])
    raise AssertionError(f"{phase} not reached")


def total_cards(state: GameState) -> Counter:
    return cards_in_play(state)


def vd(state: GameState):
    return data(state)


def play_to_the_end(game, choose: Callable, starts: Callable[[VoidEvent], bool]) -> tuple[list[VoidEvent], int]:
    """Play `game` to its end with `choose(state)`; returns the events from the last action that recorded an
    event `starts` accepts, to the end (a sequence may span several actions: the Void's ties are the player's
    decisions), and the Void pawn's connection before that action."""
    since, pawn = 0, data(game.state).pawn
    while not game.is_over():
        total, before = data(game.state).events.total, data(game.state).pawn
        game.play(choose(game.state))
        if any(starts(event) for event in data(game.state).events.since(total)):
            since, pawn = total, before
    return data(game.state).events.since(since), pawn
