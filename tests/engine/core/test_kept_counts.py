"""The counts the state keeps (core/kept.py) always equal a recount: after random actions, copies, undos,
saves and loads, on every map and mode (issue #32 item 2).

Why: the legal Places are listed from each territory's kept fit entry instead of its tents, empty spaces and
totems; an entry left stale by one forgotten update would quietly offer an illegal Place or hide a legal
one. The recount here is independent of the memo the state uses (`kept._entry` on the raw numbers), and the
setups are the pinned trace's (bench/trace.py: all 8 maps, every player count, solo, co-op, every option).
"""

from __future__ import annotations

import logging

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench_trace_module import TRACE

from iwari_desktop.engine.core.game import Game, UndoUnavailable
from iwari_desktop.engine.core.kept import _entry
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.files.saves import load_game, save_game
from iwari_desktop.engine.maps.registry import get_board

logging.getLogger("pytmx.util_pygame").disabled = True
GAMES = TRACE.SETS["pinned"]
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def recount(state: GameState) -> list[tuple[int, ...]]:
    """Every territory's fit entry from its raw numbers, without the memo the state uses."""
    holders = state.board.totem_holders
    return [_entry(tuple(tents), empty, len(stack), holders[t])
            for t, (tents, empty, stack) in enumerate(zip(state.territory_tents, state.territory_empty,
                                                          state.totem_stacks))]


def assert_kept(state: GameState) -> None:
    assert state.territory_fits == recount(state)


def _setup(index: int) -> GameState:
    game = GAMES[index % len(GAMES)]
    return new_game(TRACE.config_of(game), get_board(game.map_id))


@SETTINGS
@given(index=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**32), steps=st.integers(20, 400))
def test_kept_counts_equal_a_recount_after_random_actions_and_copies(index, seed, steps):
    state = _setup(index)
    rng = Rng(seed)
    assert_kept(state)
    for step in range(steps):
        if state.is_terminal():
            break
        options = legal_actions(state)
        apply(state, options[rng.below(len(options))])
        assert_kept(state)
        if step % 25 == 0:   # a copy keeps its own counts: playing on it leaves the original's as they were
            twin = state.clone()
            assert twin.territory_fits == state.territory_fits and twin.territory_fits is not state.territory_fits
            before = list(state.territory_fits)
            for _ in range(10):
                if twin.is_terminal():
                    break
                twin_options = legal_actions(twin)
                apply(twin, twin_options[rng.below(len(twin_options))])
            assert_kept(twin)
            assert state.territory_fits == before


@SETTINGS
@given(index=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**32), steps=st.integers(10, 200))
def test_kept_counts_equal_a_recount_after_undo_and_a_save_loaded_back(index, seed, steps):
    game = Game(TRACE.config_of(GAMES[index]), _setup(index))
    rng = Rng(seed)
    for _ in range(steps):
        if game.is_over():
            break
        options = game.legal_actions()
        game.play(options[rng.below(len(options))])
        if game.can_undo() and rng.below(3) == 0:
            try:
                game.undo()
            except UndoUnavailable:
                pass
            assert_kept(game.state)
    assert_kept(game.state)
    loaded = load_game(save_game(game), board=game.board)
    assert_kept(loaded.state)
    assert loaded.state.territory_fits == game.state.territory_fits
    assert "territory_fits" not in str(save_game(game))   # a save holds the counts, never what is derived


def test_a_position_set_straight_into_the_counts_is_counted_again_by_refresh_counts():
    """Whoever changes the counts other than through the rules (a position file, a test helper) refreshes them."""
    state = _setup(0)
    state.territory_tents[0][0] += 1
    state.territory_empty[0] -= 1
    assert state.territory_fits != recount(state)
    state.refresh_counts()
    assert_kept(state)


def test_b17_one_walk_finds_every_tribes_groups_as_the_walk_per_tribe_does():
    """The final scoring's settlements come from one walk over the spaces (`all_groups`, issue #32): the same
    groups, in the same order, as `tribe_groups` per tribe, along connections too (E2, E3)."""
    from iwari_desktop.engine.core.settlements import all_groups, tribe_groups
    for index in range(0, len(GAMES), 7):
        state = _setup(index)
        rng = Rng(index)
        for step in range(600):
            if state.is_terminal():
                break
            options = legal_actions(state)
            apply(state, options[rng.below(len(options))])
            if step % 60 == 0:
                groups = all_groups(state)
                for tribe in range(len(state.tribes)):
                    assert groups.get(tribe, []) == tribe_groups(state, tribe)
                    assert all_groups(state, minimum=4).get(tribe, []) == [g for g in tribe_groups(state, tribe)
                                                                           if len(g) >= 4]


def _slow_piece_options(state: GameState, tribe: int, territory: int, pieces_left: int, explored: bool):
    """`placement.piece_options` as it counted before the kept entries (issue #32)."""
    from iwari_desktop.engine.core.kept import fits
    from iwari_desktop.engine.core.placement import _territory_numbers
    empty, mine, top_other, totems, holds = _territory_numbers(state, tribe, territory)
    tents_left, totems_left = state.tents_left[tribe], state.totems_left[tribe]
    tent_ok = empty > 0 and tents_left > 0 and fits(pieces_left - 1, empty - 1, mine + 1, top_other, totems,
                                                    tents_left - 1, totems_left, holds)
    totem_ok = (explored and holds and totems_left > 0 and totems + 1 <= max(mine, top_other)
                and fits(pieces_left - 1, empty, mine, top_other, totems + 1, tents_left, totems_left - 1, holds))
    return tent_ok, totem_ok


def test_b8_b9_b11_the_kept_answers_of_can_place_and_piece_options_are_the_counted_ones():
    """At decisions of random games on every map and mode, for every tribe and territory: `can_place` and
    `piece_options` (which read the kept entry when they may) answer as counting the territory does."""
    from iwari_desktop.engine.core.placement import _can_place, _territory_numbers, can_place, piece_options
    for index in range(0, len(GAMES), 5):
        state = _setup(index)
        rng = Rng(index + 1)
        for step in range(700):
            if state.is_terminal():
                break
            if step % 9 == 0:
                for tribe in range(len(state.tribes)):
                    for territory in range(len(state.board.territories)):
                        numbers = _territory_numbers(state, tribe, territory)
                        for pieces in (1, 2):
                            assert can_place(state, tribe, territory, pieces) == _can_place(
                                numbers, pieces, state.tents_left[tribe], state.totems_left[tribe])
                            for explored in (False, True):
                                assert piece_options(state, tribe, territory, pieces, explored) == \
                                    _slow_piece_options(state, tribe, territory, pieces, explored)
            options = legal_actions(state)
            apply(state, options[rng.below(len(options))])
