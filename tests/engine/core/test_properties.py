"""Property tests over whole random games on the fixture board.

Every player count, feats on/off (any subset), draft on/off, many seeds: after every single action
the invariants of `engine_helpers.check_invariants` hold (cards and pieces conserved, totem cap, one
tent per space), scores never decrease, legal_actions is never empty before the end, and the game
ends within a bounded number of steps. A second property applies *every* legal action (on a copy)
at every step of a game.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_fixtures import small_board
from engine_helpers import check_invariants

from iwari_desktop.engine import BASE_FEATS, GameConfig, IllegalAction, Pass, Phase, apply, legal_actions, new_game
from iwari_desktop.engine.bots.players import GreedyBot, RandomBot

MAX_STEPS = 1500  # a game on the fixture board takes about 150-200 steps
BOARD = small_board()

feat_sets = st.sets(st.sampled_from(sorted(BASE_FEATS, key=lambda f: f.value))).map(frozenset)
seeds = st.integers(min_value=0, max_value=2**63 - 1)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _new(n, seed, feats, draft, first_player=None):
    config = GameConfig.quick("small-test", n, seed, feats=feats, draft=draft, first_player=first_player)
    return new_game(config, BOARD)


def _play_checked(state, bot):
    check_invariants(state)
    scores = list(state.scores)
    steps = 0
    while not state.is_terminal():
        options = legal_actions(state)
        assert options, f"no legal action in phase {state.phase} before the end"
        action = bot.choose(state, options)
        apply(state, action)
        steps += 1
        assert steps <= MAX_STEPS, "the game did not end"
        check_invariants(state)
        assert all(now >= before for now, before in zip(state.scores, scores)), "a score decreased"
        scores = list(state.scores)
    assert legal_actions(state) == []
    assert state.result is not None and state.reports[-1].kind == "final"
    assert state.deck_exhaustions >= 2 or any(left == 0 for left in state.tents_left)
    assert len(set(state.turns_taken)) == 1, f"unequal turns {state.turns_taken}"  # B14
    assert list(state.result.totals) == state.scores
    return steps


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@SETTINGS
@given(seed=seeds, bot_seed=seeds, feats=feat_sets, draft=st.booleans())
def test_random_games_keep_every_invariant(n, seed, bot_seed, feats, draft):
    state = _new(n, seed, feats, draft)
    _play_checked(state, RandomBot(bot_seed))


@pytest.mark.parametrize("n", [2, 5])
@settings(max_examples=6, deadline=None)
@given(seed=seeds, feats=feat_sets)
def test_greedy_games_keep_every_invariant(n, seed, feats):
    state = _new(n, seed, feats, draft=False)
    _play_checked(state, GreedyBot(seed % 1000))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@settings(max_examples=8, deadline=None)
@given(seed=seeds, bot_seed=seeds, feats=feat_sets, draft=st.booleans())
def test_every_legal_action_applies_without_error(n, seed, bot_seed, feats, draft):
    state = _new(n, seed, feats, draft)
    bot = RandomBot(bot_seed)
    steps = 0
    while not state.is_terminal():
        options = legal_actions(state)
        assert len(set(options)) == len(options), "duplicate legal actions"
        for action in options:
            trial = state.clone()
            try:
                apply(trial, action)
            except IllegalAction as error:  # pragma: no cover - a failure is the point
                raise AssertionError(f"legal action {action} refused in phase {state.phase}: {error}") from None
            check_invariants(trial)
        apply(state, bot.choose(state, options))
        steps += 1
        assert steps <= MAX_STEPS


@SETTINGS
@given(seed=seeds, bot_seed=seeds, n=st.integers(2, 5))
def test_phases_and_the_deciding_seat_are_consistent(seed, bot_seed, n):
    state = _new(n, seed, BASE_FEATS, draft=True)
    bot = RandomBot(bot_seed)
    while not state.is_terminal():
        seat = state.current_player()
        assert seat == state.active_seat and 0 <= seat < n
        if state.phase is Phase.PIECES:
            assert state.pending is not None and state.pending.pieces_left > 0
        if state.phase is Phase.THIRD_TRIBE:
            assert n == 2 and state.acting_tribe == 2
        if state.phase is Phase.MAIN and state.hands[seat]:
            assert Pass() not in legal_actions(state)  # B5
        apply(state, bot.choose(state))
    assert state.current_player() is None
