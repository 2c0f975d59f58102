"""The shared evaluation: its exact part is the engine's own final scoring, its estimate adds what is to come."""

from __future__ import annotations

from engine_helpers import make_state, put_tent

from iwari_desktop.engine.bots.evaluation import estimate, final_points, margin, tent_points
from iwari_desktop.engine.bots.random_bot import RandomBot
from iwari_desktop.engine.core.config import BASE_FEATS, GameConfig
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.scoring import rank_tents, score_report
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.maps.registry import get_board


def test_b15_tent_points_match_the_rulebook_example() -> None:
    assert tent_points([3, 2, 1, 1]) == [7, 3, 2, 2]
    assert tent_points([0, 2, 2]) == [0, 4, 4]
    for counts in ([1, 0, 0], [4, 4, 1], [2, 3, 0, 3, 1]):
        points, _ = rank_tents(counts)
        assert tent_points(counts) == [points.get(t, 0) for t in range(len(counts))]


def test_b15_b16_b17_b19_final_points_equal_the_engines_final_scoring_throughout_games() -> None:
    """Feats and mountains on, two maps: at every step the fast evaluation scores what score_report scores."""
    checked = 0
    for map_id, players, seed in (("new-horizons", 3, 1), ("vast-lands", 2, 2), ("glacial-mass", 4, 3)):
        board = get_board(map_id)
        state = new_game(GameConfig.quick(map_id, players, seed, feats=BASE_FEATS), board)
        bot = RandomBot(seed)
        while not state.is_terminal():
            expected = score_report(state, final=True).totals()
            assert final_points(state) == [float(p) for p in expected]
            apply(state, bot.choose(state, legal_actions(state)))
            checked += 1
        assert state.feats, "a game with feats should have placed some"
    assert checked > 300


def test_b13_estimate_counts_the_half_journey_while_it_is_still_to_come() -> None:
    state = make_state(3, seed=2, mountains=False)
    put_tent(state, 0, 12)  # alone in the Forest: 1 point now, 1 more at the half journey
    assert estimate(state)[0] == 2.0
    state.deck_exhaustions = 1
    assert estimate(state)[0] == 1.0


def test_b12_margin_counts_the_third_tribe_as_a_rival() -> None:
    assert margin([10.0, 8.0, 12.0], 0) == -2.0
    assert margin([10.0, 8.0, 3.0], 0) == 2.0
