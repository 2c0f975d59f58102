"""`selfplay` runs one complete game on every bundled map for every player count it allows.

Each map plays under its own rules (the modules its `rules` property names: ruins, Void totems, the
long road, ...), 2 to 5 players (The Void's six players are covered by tests/engine/cli/test_selfplay_void.py),
no feats and no draft. A game takes a few milliseconds, so the whole matrix runs in about a second.
"""

from __future__ import annotations

import json

import pytest

from iwari_desktop.engine.__main__ import main
from iwari_desktop.engine.cli.selfplay import play_game
from iwari_desktop.engine.maps.registry import MAP_IDS, bundled_map_ids, get_board

ENGINE_PLAYERS = range(2, 6)


def _player_counts(map_id: str) -> list[int]:
    board = get_board(map_id)
    return [n for n in ENGINE_PLAYERS if board.min_players <= n <= board.max_players]


MAPS = bundled_map_ids()  # the eight of MAPS.md, and any map dropped into assets/maps
CASES = [(map_id, n) for map_id in MAPS for n in _player_counts(map_id)]


def test_every_map_is_played_with_every_count_from_2_to_5() -> None:
    assert set(MAP_IDS) <= set(MAPS)
    assert {map_id for map_id, _ in CASES} == set(MAPS)
    for map_id in MAP_IDS:
        assert _player_counts(map_id) == [2, 3, 4, 5], f"{map_id} should take 2 to 5 players"


@pytest.mark.parametrize("map_id, n_players", CASES)
def test_one_complete_game(map_id: str, n_players: int) -> None:
    board = get_board(map_id)
    played = play_game(board, n_players, seed=7)
    state = played.state
    assert state.is_terminal(), f"{map_id} with {n_players} players did not end"
    tribes = max(n_players, 3)  # B12: a 2-player game also scores the third tribe
    # a map module may add the neutral Void (E3, E5), which never scores
    assert len(state.roles.scoring) == tribes and len(state.tribes) == tribes + (state.void_tribe is not None)
    assert len(state.scores) == len(state.tribes) and all(isinstance(s, int) and s >= 0 for s in state.scores)
    result = state.result
    assert list(result.totals) == list(state.scores)
    assert result.winners and all(w in state.roles.scoring for w in result.winners)
    best = max(state.scores)
    assert all(state.scores[w] == best for w in result.winners)
    assert sum(state.turns_taken) > 0 and played.decisions >= sum(state.turns_taken)


@pytest.mark.parametrize("map_id", MAPS)
def test_selfplay_command_on_each_map(map_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI entry itself, once per map with its largest engine player count."""
    n_players = _player_counts(map_id)[-1]
    code = main(["selfplay", "--map", map_id, "--players", str(n_players), "--games", "1", "--seed", "3"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    game, speed = (json.loads(line) for line in out.splitlines())
    assert game["map"] == map_id and game["players"] == n_players
    assert len(game["scores"]) in (n_players, n_players + 1)  # per tribe: the neutral Void (E3, E5) comes last
    assert game["scores"][n_players:] in ([], [0])           # ... and never scores
    assert speed["games"] == 1
