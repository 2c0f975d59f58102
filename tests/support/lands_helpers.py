"""Helpers for the tests of the expansion map modules on the bundled maps (Floating Lands, Glacial Mass,
The Long Road): real games through the public API, random playthroughs with invariants, save round trips.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Callable, Iterable

from engine_helpers import check_invariants
from iwari_desktop.engine import Game, GameConfig, GameState, get_board
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.cli.selfplay import bot_seeds
from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.scoring import ScoreLine, ScoreReport
from iwari_desktop.engine.files.saves import load_game, save_game, state_digest
from iwari_desktop.engine.maps.board import Board

ALL_FEATS = frozenset({FeatKind.UNION, FeatKind.DISCOVERY, FeatKind.HONOUR, FeatKind.RESPECT})


def board_without(map_id: str, *rule_ids: str) -> Board:
    """The bundled map with some of its rule ids taken out (to show what a module changes)."""
    board = get_board(map_id)
    return dataclasses.replace(board, rules=tuple(r for r in board.rules if r not in rule_ids))


def new_real_game(map_id: str, n_players: int = 3, seed: int = 1, feats: Iterable[FeatKind] = (),
                  board: Board | None = None, first_player: int | None = 0) -> Game:
    config = GameConfig.quick(map_id, n_players, seed, feats=frozenset(feats), first_player=first_player)
    return Game.new(config, board)


def play_random(game: Game, seed: int, check: Callable[[GameState], None] | None = None,
                stop_after: int | None = None) -> Game:
    """Random bots (seeded like `selfplay`) play on; `check` runs after every action."""
    bots = [RandomBot(s) for s in bot_seeds(seed, game.state.n_players)]
    steps = 0
    while not game.is_over() and (stop_after is None or steps < stop_after):
        state = game.state
        game.play(bots[state.active_seat].choose(state, game.legal_actions()))
        check_invariants(game.state)
        if check is not None:
            check(game.state)
        steps += 1
        assert steps < 5000, "the game did not end"
    return game


def round_trip(game: Game) -> Game:
    """Save to JSON text and load back; the loaded game must equal the saved one."""
    loaded = load_game(json.loads(json.dumps(save_game(game))), board=game.state.board)
    assert loaded.state == game.state
    assert state_digest(loaded) == state_digest(game)
    assert loaded.log == game.log
    return loaded


def line(report: ScoreReport, subject: str) -> ScoreLine | None:
    found = [l for l in report.lines if l.subject == subject]
    assert len(found) <= 1
    return found[0] if found else None
