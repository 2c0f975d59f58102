"""The solo/co-op players'-side bot (bots/solo.py): observation only, legal complete games, and stronger
than the one-ply greedy bot on a fixed sample (a measured outcome, not a timing)."""

from __future__ import annotations

import pytest

from iwari_desktop.engine.bots.registry import UnknownLevel, make_vs_void_bot
from iwari_desktop.engine.bots.solo import SoloBot
from iwari_desktop.engine.bots.solo_eval import infections_to_flip
from iwari_desktop.engine.cli.vs_void import play_vs_void
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.maps.registry import get_board

from test_bots_spy import hidden_swapped

VS_VOID_MAPS = ["new-horizons", "vast-lands", "floating-lands", "forgotten-island", "glacial-mass",
                "uncharted-paths", "long-road"]


def _positions(map_id: str, mode: GameMode, seed: int, count: int) -> list[GameState]:
    """Positions of one game played by the solo bot where the active seat has a real choice."""
    board = get_board(map_id)
    n = 1 if mode is GameMode.SOLO else 2
    state = new_game(GameConfig.quick(map_id, n, seed, mode=mode), board)
    bot = SoloBot(seed)
    found: list[GameState] = []
    step = 0
    while not state.is_terminal() and len(found) < count:
        options = legal_actions(state)
        if len(options) > 1 and step % 3 == 0:
            found.append(state.clone())
        apply(state, bot.choose(state, options))
        step += 1
    return found


@pytest.mark.parametrize("mode", [GameMode.SOLO, GameMode.COOP])
def test_s3_solo_bot_decides_from_the_seats_observation_only(mode):
    """A spy: the deck order, the partner's closed hand (S12) and the game RNG redrawn never change a decision."""
    checked = 0
    for position in _positions("glacial-mass", mode, 5, 8):
        seat = position.active_seat
        twin = hidden_swapped(position, seat, 99)
        assert twin.deck != position.deck or len(position.deck) < 2
        a = SoloBot(7).choose(position, legal_actions(position))
        b = SoloBot(7).choose(twin, legal_actions(twin))
        assert a == b
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("map_id", VS_VOID_MAPS)
def test_s10_solo_bot_plays_complete_legal_games_on_every_map(map_id):
    """Every decision goes through the engine's legality checks; each game ends with a result and a reason."""
    board = get_board(map_id)
    for mode, seed in ((GameMode.SOLO, 11), (GameMode.COOP, 12)):
        game = play_vs_void(board, mode, seed, "solo")
        assert game.state.is_terminal()
        assert game.state.result.won in (True, False)
        assert game.state.result.end and game.state.result.reason


def test_s7_infections_to_flip_follows_the_infection_rule():
    """1 tent alone: the next Infection's Void totem ties it (a tie is the Void's); 1 tent + 1 totem fills the
    cap, so two ruins come first; an unexplored territory is the Void's already."""
    assert infections_to_flip(1, 0, 0, 0, 5, 0, True, 8) == 1
    assert infections_to_flip(1, 1, 0, 0, 5, 0, True, 8) == 2
    assert infections_to_flip(0, 0, 0, 0, 5, 0, True, 8) == 0
    # a ruin on the last space counts the territory while the player still leads: never flipped
    assert infections_to_flip(2, 2, 0, 0, 1, 0, True, 8) == 4


def test_solo_bot_is_built_by_name_from_the_registry():
    assert isinstance(make_vs_void_bot("solo", 3), SoloBot)
    with pytest.raises(UnknownLevel):
        make_vs_void_bot("nonsense", 3)


def test_s10_solo_bot_leaves_the_void_fewer_territories_than_greedy():
    """Measured on fixed seeds with K = 10 (so games run to their natural end and the Void's final tally is
    comparable): the solo bot's Void territories in total stay below the one-ply greedy bot's."""
    board = get_board("vast-lands")
    seeds = [2000 + i for i in range(4)]
    solo = sum(play_vs_void(board, GameMode.SOLO, s, "solo", 10).state.result.void_territories for s in seeds)
    greedy = sum(play_vs_void(board, GameMode.SOLO, s, "greedy", 10).state.result.void_territories for s in seeds)
    assert solo < greedy
