"""`GameState.clone` copies attributes wholesale and replaces the mutable ones (issue #20's speed work):
every field must be either shared on purpose or copied, and a clone must never share a list with its original."""

from __future__ import annotations

import dataclasses

from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import SHARED_ON_CLONE, GameState
from iwari_desktop.engine.maps.registry import get_board


def _played(mode: GameMode = GameMode.MULTIPLAYER, players: int = 3, steps: int = 40) -> GameState:
    board = get_board("long-road")
    state = new_game(GameConfig.quick(board.map_id, players, 5, mode=mode), board)
    for _ in range(steps):
        apply(state, legal_actions(state)[-1])
    return state


def _mutable(value) -> bool:
    return isinstance(value, (list, dict, set)) or (dataclasses.is_dataclass(value) and not
                                                    getattr(type(value), "__dataclass_params__").frozen)


def test_every_shared_field_is_a_field_and_holds_no_mutable_value():
    state = _played()
    names = {f.name for f in dataclasses.fields(GameState)}
    assert SHARED_ON_CLONE <= names
    for name in SHARED_ON_CLONE - {"result", "_roles", "hooks"}:   # those three are replaced, never changed
        assert not _mutable(getattr(state, name)), name


def test_a_clone_equals_its_original_and_shares_no_mutable_part():
    for state in (_played(), _played(GameMode.SOLO, 1, 25), _played(GameMode.COOP, 2, 25)):
        twin = state.clone()
        assert twin == state
        for f in dataclasses.fields(GameState):
            if f.name in SHARED_ON_CLONE:
                continue
            original, copied = getattr(state, f.name), getattr(twin, f.name)
            if original is None or isinstance(original, (int, str, bool)):
                continue
            assert copied is not original, f.name
            if isinstance(original, list) and original and isinstance(original[0], list):
                assert all(a is not b for a, b in zip(original, copied)), f.name


def test_playing_on_a_clone_leaves_the_original_as_it_was():
    state = _played(GameMode.SOLO, 1, 25)
    before = state.clone()
    twin = state.clone()
    for _ in range(60):
        if twin.is_terminal():
            break
        apply(twin, legal_actions(twin)[0])
    assert state == before and twin != state
