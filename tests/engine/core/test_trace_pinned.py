"""Every decision and every random draw pinned: 112 games traced byte for byte (issue #32).

Why: the engine's speed work (legal actions kept up to date, cheaper hooks) must not move one decision of any
bot nor one draw of the game's RNG, on any map, player count, mode or option. `bench/trace.py --set pinned`
plays the games (its `pinned_games` says which) and the committed trace was written by the engine before any
of that work. Regenerate it only for a deliberate rule change, and say so in the commit:

    .venv/bin/python bench/trace.py --set pinned > tests/engine/core/trace_pinned.jsonl
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from bench_trace_module import TRACE

PINNED = Path(__file__).with_name("trace_pinned.jsonl")
GAMES = TRACE.SETS["pinned"]
LINES = PINNED.read_text(encoding="utf-8").splitlines()


def test_the_pinned_set_covers_every_map_player_count_mode_and_option():
    """The set is what the trace claims to pin: all 8 maps, every player count a map takes, solo and co-op
    wherever the map has them, and every setup option and the draft at least once."""
    from iwari_desktop.engine.maps.registry import MAP_IDS, get_board
    assert len(GAMES) == len(LINES) == 112
    for map_id in MAP_IDS:
        board = get_board(map_id)
        counts = {g.players for g in GAMES if g.map_id == map_id and g.mode == "multiplayer"}
        assert counts == set(range(2, board.max_players + 1))
        modes = {g.mode for g in GAMES if g.map_id == map_id}
        assert modes == ({"multiplayer"} if map_id == "the-void" else {"multiplayer", "solo", "coop"})
    options = {(name, value) for g in GAMES for name, value in g.options}
    assert {("expeditions", True), ("courage", True), ("worship", 1), ("worship", 2), ("worship", 3),
            ("open_hands", True), ("auto_void_ties", True)} <= options
    assert any(g.draft for g in GAMES) and any(g.feats for g in GAMES) and any(g.to_end for g in GAMES)


@pytest.mark.parametrize("map_id", sorted({g.map_id for g in GAMES}))
def test_every_decision_and_draw_is_the_pinned_one(map_id):
    """Each game's line (decision digest, count, scores or Void tally, game and bot RNG states) is byte for
    byte the committed one."""
    logging.getLogger("pytmx.util_pygame").disabled = True
    for game, pinned in zip(GAMES, LINES):
        if game.map_id == map_id:
            assert json.dumps(TRACE.trace(game)) == pinned, f"{game} changed"
