"""The replay helper: the state at every step of a finished game equals the game's own state there.

The reference is the game replayed with `Game.replay` on the log's prefix (the path saves take), so
a replay built from checkpoints, stepped forward, stepped back or jumped, must land on exactly the
same state. Three kinds of game: a base game with a computer seat, an expansion map with every
option it takes, and a solo game against the Void.
"""

from __future__ import annotations

import random

import pytest

from history_helpers import finished_game
from iwari_desktop.engine.core.actions import Draw, Place, PlaceFeat, PlaceTent
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.game import Game
from iwari_desktop.engine.replay import Replay, touched

GAMES = {
    "base": lambda: finished_game("new-horizons", seed=5),
    "expansion": lambda: finished_game("uncharted-paths", (("Ann", None), ("Ben", None), ("Cat", None)), seed=9,
                                       bot="random", courage=True, expeditions=True, worship=3),
    "solo": lambda: finished_game("new-horizons", (("Ann", None),), seed=3, mode=GameMode.SOLO),
}


@pytest.fixture(scope="module", params=list(GAMES))
def game(request):
    return GAMES[request.param]()


def prefix_states(game: Game):
    """The state after each prefix of the log, by applying the log one action at a time to a fresh deal."""
    trial = Game.new(game.config, game.state.board)
    states = [trial.state.clone()]
    for action in game.log:
        trial.play(action)
        states.append(trial.state.clone())
    return states


def test_every_step_forward_equals_the_game(game):
    replay = Replay.of_game(game, every=7)
    reference = prefix_states(game)
    assert replay.end == len(game.log) and replay.finished
    for step in range(replay.end + 1):
        assert replay.state_at(step) == reference[step], f"step {step}"
    assert replay.state_at(replay.end) == game.state


def test_every_step_backward_and_jumps_equal_the_game(game):
    replay = Replay.of_game(game, every=7)
    reference = prefix_states(game)
    for step in range(replay.end, -1, -1):
        assert replay.state_at(step) == reference[step], f"step {step}"
    rng = random.Random(4)
    for _ in range(60):
        step = rng.randrange(replay.end + 1)
        assert replay.state_at(step) == reference[step], f"jump to {step}"


def test_states_handed_out_are_copies(game):
    replay = Replay.of_game(game)
    state = replay.state_at(3)
    state.scores[0] += 1000
    state.hands[0].clear()
    assert replay.state_at(3) != state
    assert replay.state_at(replay.end) == game.state


def test_half_journey_is_the_step_that_brought_its_scoring(game):
    replay = Replay.of_game(game)
    if game.config.mode is not GameMode.MULTIPLAYER and replay.half is None:
        assert not any(r.kind == "half" for r in game.state.reports)
        return
    half = replay.half
    assert half is not None and 0 < half < replay.end
    assert any(r.kind == "half" for r in replay.state_at(half).reports)
    assert not any(r.kind == "half" for r in replay.state_at(half - 1).reports)


def test_transition_is_the_logged_action_between_neighbouring_steps(game):
    replay = Replay.of_game(game)
    assert replay.transition(0) is None
    for step in (1, replay.end // 2, replay.end):
        before, action, after = replay.transition(step)
        assert before == replay.state_at(step - 1) and after == replay.state_at(step)
        assert action == game.log[step - 1]


def test_touched_lights_where_each_kind_of_move_happened():
    game = finished_game("new-horizons", seed=5)
    replay = Replay.of_game(game)
    seen = set()
    for step in range(1, replay.end + 1):
        before, action, after = replay.transition(step)
        lit = touched(before, action, after)
        if isinstance(action, Place):
            assert action.territory in lit.territories
            seen.add("place")
        elif isinstance(action, PlaceTent):
            assert lit.spaces == {action.space}
            seen.add("tent")
        elif isinstance(action, PlaceFeat):
            assert action.target in (lit.connections if action.on_connection else lit.territories)
            seen.add("feat")
        elif isinstance(action, Draw):
            assert lit.empty
            seen.add("draw")
    assert seen == {"place", "tent", "feat", "draw"}


def test_a_log_that_breaks_the_rules_is_refused_when_the_replay_is_built():
    from iwari_desktop.engine.core.errors import IllegalAction

    game = finished_game("new-horizons", seed=5)
    broken = list(game.log)
    broken[5], broken[6] = broken[6], broken[5]
    with pytest.raises(IllegalAction):
        Replay(game.config, broken + broken, game.state.board)
