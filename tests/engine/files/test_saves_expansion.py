"""Saves of expansion games round-trip at every decision point, and `score` reads them at any point.

One random game per expansion map, each with every option the map allows (expedition cards,
Courage, the Worship variant it takes) and a spread of player counts (2 with the third tribe and the
neutral Void, up to 6 on The Void). At every decision (Place, each piece, a Void-totem move, a ruin,
a contested token, each draw, each feat, Worship before the final scoring) the save is written to
JSON, read back by replaying its log, and must give an equal state (module data included), the same
log, undo floor and legal actions.
"""

from __future__ import annotations

import json

import pytest

from iwari_desktop.engine import BASE_FEATS, Game, GameConfig, get_board
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.cli.score import score_save
from iwari_desktop.engine.files.saves import load_game, save_game

ALL = {"courage": True}
CASES = [
    ("forgotten-island", 2, dict(ALL, expeditions=True, worship=1)),
    ("uncharted-paths", 3, dict(ALL, expeditions=True, worship=3)),
    ("floating-lands", 4, dict(ALL, expeditions=True, worship=3)),
    ("glacial-mass", 5, dict(ALL, expeditions=True, worship=1)),
    ("long-road", 4, dict(ALL, expeditions=True, worship=3)),
    ("the-void", 6, dict(ALL, worship=2)),
    ("the-void", 2, dict(ALL, worship=2)),
]
SCORE_EVERY = 40   # `score` on the save every so many decisions (it plays the end on a copy)


@pytest.mark.parametrize("map_id, n, options", CASES, ids=[f"{m}-{n}" for m, n, _ in CASES])
def test_expansion_save_round_trips_at_every_decision_point(map_id, n, options):
    board = get_board(map_id)
    game = Game.new(GameConfig.quick(map_id, n, 7 + n, feats=BASE_FEATS, options=options), board)
    bot = RandomBot(n)
    checked = 0
    while True:
        data = json.loads(json.dumps(save_game(game)))
        loaded = load_game(data, board=board)
        assert loaded.state == game.state
        assert loaded.log == game.log and loaded.undo_floor == game.undo_floor
        assert loaded.legal_actions() == game.legal_actions()
        if checked % SCORE_EVERY == 0 or game.is_over():
            document = score_save(data, "s.json")
            assert document["hypothetical"] is not game.is_over()
            assert [t["points"] for t in document["totals"]] == list(document["result"]["totals"])
        checked += 1
        if game.is_over():
            break
        game.play(bot.choose(game.state, game.legal_actions()))
    state = game.state
    assert checked > 100 and state.result is not None
    keys = {m.key for m in state.modules}
    assert {"courage", "worship"} <= keys and ("expeditions" in keys) == bool(options.get("expeditions"))
    assert set(board.rules) <= keys
