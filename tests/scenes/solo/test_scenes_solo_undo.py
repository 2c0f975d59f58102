"""Undo against the Void (S3, S6 with the board's Undo): it takes back steps of the player's own action and of
the Void action as long as nothing hidden came to light, and is refused once a Void step revealed hidden
information (a Corruption shuffling Void cards into the deck, a refill turning up deck cards)."""

from __future__ import annotations

import random

from iwari_desktop.engine import Game, GameConfig, Phase, PlayerSpec
from iwari_desktop.engine.core.config import PLAYER_COLOURS, GameMode
from iwari_desktop.engine.files.saves import state_digest
from iwari_desktop.engine.rulesets.solo.actions import VoidChoice, VoidPlay
from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.selftest.solo_driver import void_step


def solo(seed: int) -> GameController:
    game = Game.new(GameConfig("new-horizons", (PlayerSpec("Ann", PLAYER_COLOURS[0]),), seed, mode=GameMode.SOLO))
    return GameController(game)


def solo_games(seeds=range(3, 30)):
    """A fresh solo game and its seeded gesture RNG for each seed."""
    for seed in seeds:
        yield solo(seed), random.Random(seed)


def moves(c: GameController, limit: int):
    """Up to `limit` turns of a loop that plays gestures on `c`, ending early once the game is over."""
    for _ in range(limit):
        if c.over:
            return
        yield


def test_s3_undo_takes_back_a_step_of_the_players_own_action():
    c = solo(5)
    rng = random.Random(5)
    checked = 0
    for _ in range(400):
        if c.over or checked >= 3:
            break
        start_of_action = c.state.phase is Phase.MAIN and not c.turn_done and not c.needs_handoff
        before = state_digest(c.game)
        log = len(c.game.log)
        void_step(c, rng)
        if start_of_action and len(c.game.log) == log + 1 and not c.turn_done and c.state.phase is not Phase.MAIN:
            assert c.can_undo()
            assert c.undo() and c.message.text == "Undone."
            assert state_digest(c.game) == before and len(c.game.log) == log
            checked += 1
            void_step(c, random.Random(checked))  # play on with another choice
    assert checked >= 3


def test_s6_undo_is_refused_once_a_void_step_revealed_hidden_information():
    refused = 0
    for c, rng in solo_games():
        for _ in moves(c, 1500):
            phase = c.state.phase
            deck = (len(c.state.deck), c.state.deck_exhaustions)
            log = len(c.game.log)
            void_step(c, rng)
            if len(c.game.log) != log + 1 or phase is not Phase.MODULE:
                continue
            action = c.game.log[-1]
            if not isinstance(action, (VoidPlay, VoidChoice)) or c.turn_done or c.over:
                continue
            if (len(c.state.deck), c.state.deck_exhaustions) != deck:   # a Corruption shuffled the deck
                assert not c.can_undo()
                assert not c.undo()
                assert c.message.error and "Nothing to undo" in c.message.text
                assert len(c.game.log) == log + 1 and c.game.log[-1] == action
                refused += 1
                break
        if refused >= 2:
            break
    assert refused >= 2


def test_s4_undo_takes_back_the_void_action_while_nothing_hidden_showed():
    for c, rng in solo_games():
        for _ in moves(c, 800):
            opened = c.void_action_open() and not c.turn_done
            before = state_digest(c.game)
            deck = len(c.state.deck)
            log = len(c.game.log)
            void_step(c, rng)
            action = c.game.log[-1] if len(c.game.log) == log + 1 else None
            if opened and isinstance(action, VoidPlay) and action.territory is not None and not c.turn_done \
                    and len(c.state.deck) == deck:
                assert c.can_undo() and c.undo()
                assert state_digest(c.game) == before and c.void_action_open()
                return
    raise AssertionError("no Void Place was reached")
