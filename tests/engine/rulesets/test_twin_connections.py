"""E4 Glacial Mass: connections 1 and 11 both join Whitecrown Expanse (t2, Glaciers) and Frostbitten
Steppe (t3, Tundra) and are two connections in every rule (P31): each scores (B16), may be covered by a
mountain (11 carries peak group 2 with 15; 1 has none) and takes Honour on its own. Icebergs are art.
"""

from __future__ import annotations

import pytest

from engine_fixtures import small_board
from engine_helpers import final_scoring_now, give_hand
from lands_helpers import ALL_FEATS, line, new_real_game, play_random, round_trip
from iwari_desktop.engine import Biome, FeatKind, Phase, Place, PlaceFeat, PlaceTotem, get_board, observe
from iwari_desktop.engine.core import primitives
from iwari_desktop.engine.core.modules import REGISTRY
from iwari_desktop.engine.core.scoring import connection_block, connection_winners
from iwari_desktop.engine.rulesets.twin_connections import TwinConnections, twin_pairs

GLACIERS, TUNDRA, FOREST = Biome.GLACIERS, Biome.TUNDRA, Biome.FOREST
T_WHITECROWN, T_FROSTBITTEN = 2, 3
RED, GREEN = 0, 1


def _seed_covering(number: int, n_players: int = 3) -> int:
    """A deal whose mountains cover `number` (3 players: one of 11 and 15, group 2, is covered)."""
    return next(s for s in range(200) if number in new_real_game("glacial-mass", n_players, s).state.mountains)


def _build(state, last_totem: bool = True) -> None:
    """Red 3 tents + 2 totems in t2 (green 1 tent + 1 totem), red 2 tents in t3 (+1 totem if `last_totem`)."""
    for space in (29, 30, 32, 21, 22):
        primitives.put_tent(state, RED, space)
    primitives.put_tent(state, GREEN, 31)
    primitives.put_totem(state, RED, T_WHITECROWN)
    primitives.put_totem(state, RED, T_WHITECROWN)
    primitives.put_totem(state, GREEN, T_WHITECROWN)
    if last_totem:
        primitives.put_totem(state, RED, T_FROSTBITTEN)


def test_e4_glacial_mass_has_one_twin_pair_and_the_module_shows_it() -> None:
    board = get_board("glacial-mass")
    assert twin_pairs(board) == ((1, 11),)
    assert board.connections_by_number[1].territories == board.connections_by_number[11].territories == (2, 3)
    assert twin_pairs(small_board()) == ()
    state = new_real_game("glacial-mass", 3, 1).state
    assert REGISTRY["twin-connections"] is TwinConnections and "twin-connections" in [m.key for m in state.modules]
    view = observe(state, 1).module_view("twin-connections")
    assert view == {"twins": [[1, 11]], "icebergs": [8, 9, 13]}
    assert TwinConnections.summary and "E4" not in TwinConnections.summary


def test_e4_icebergs_are_the_peak_slots_on_water() -> None:
    board = get_board("glacial-mass")
    assert board.iceberg_connections == frozenset({8, 9, 13})
    for c in board.connections:
        assert c.iceberg == (c.peak_group is not None and c.kind.value == "water")
    assert small_board().iceberg_connections == frozenset({2, 4, 6, 8})
    assert small_board(mountains=False).iceberg_connections == frozenset()


def test_e4_twins_score_separately() -> None:
    state = new_real_game("glacial-mass", 3, _seed_covering(15)).state
    assert 11 not in state.mountains and 1 not in state.mountains
    _build(state)
    assert connection_winners(state, 1) == connection_winners(state, 11) == {RED}
    final_scoring_now(state)
    report = state.reports[-1]
    one, eleven = line(report, "connection:1"), line(report, "connection:11")
    assert one.base == eleven.base == {RED: 4} and one.points == eleven.points == {RED: 4}
    assert report.by_category()["totems"][RED] == 8


def test_e4_a_mountain_covers_only_its_own_twin() -> None:
    state = new_real_game("glacial-mass", 3, _seed_covering(11)).state
    assert 11 in state.mountains and 1 not in state.mountains
    _build(state)
    assert connection_block(state, 11) == "B3: covered by a mountain" and connection_block(state, 1) is None
    final_scoring_now(state)
    report = state.reports[-1]
    assert line(report, "connection:1").points == {RED: 4}
    assert line(report, "connection:11") is None
    assert report.by_category()["totems"][RED] == 4


def test_p31_honour_goes_on_one_twin_chosen_by_the_earner() -> None:
    game = new_real_game("glacial-mass", 3, _seed_covering(15), feats={FeatKind.HONOUR})
    state = game.state
    _build(state, last_totem=False)
    give_hand(state, RED, [TUNDRA, FOREST, FOREST])
    game.play(Place(T_FROSTBITTEN, (TUNDRA,), 1))
    game.play(PlaceTotem())                     # red now holds both ends of 1 and of 11
    assert state.phase is Phase.FEAT
    choices = [a for a in game.legal_actions() if isinstance(a, PlaceFeat)]
    assert choices == [PlaceFeat(FeatKind.HONOUR, 1, True), PlaceFeat(FeatKind.HONOUR, 11, True)]
    game.play(PlaceFeat(FeatKind.HONOUR, 11, True))
    assert state.feat_supply[FeatKind.HONOUR] == 0
    final_scoring_now(state)
    report = state.reports[-1]
    assert (line(report, "connection:1").multiplier, line(report, "connection:11").multiplier) == (1, 2)
    assert report.by_category()["totems"][RED] == 4 + 8


def test_p31_with_one_twin_covered_honour_goes_on_the_other_at_once() -> None:
    game = new_real_game("glacial-mass", 3, _seed_covering(11), feats={FeatKind.HONOUR})
    state = game.state
    _build(state, last_totem=False)
    give_hand(state, RED, [TUNDRA, FOREST, FOREST])
    game.play(Place(T_FROSTBITTEN, (TUNDRA,), 1))
    game.play(PlaceTotem())
    assert state.phase is Phase.DRAW           # one target: placed without asking (P4)
    assert [(f.feat, f.target, f.on_connection) for f in state.feats] == [(FeatKind.HONOUR, 1, True)]


def _twins_agree(state) -> None:
    assert connection_winners(state, 1) == connection_winners(state, 11)
    if state.is_terminal():
        final = state.reports[-1]
        one, eleven = line(final, "connection:1"), line(final, "connection:11")
        if one and eleven:
            assert one.base == eleven.base
        covered = set(state.mountains)
        if bool(one) != bool(eleven):
            assert (1 in covered) != (11 in covered)
            assert (one is None) == (1 in covered)


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_e4_random_games_on_glacial_mass(n_players: int) -> None:
    game = new_real_game("glacial-mass", n_players, seed=60 + n_players, feats=ALL_FEATS, first_player=None)
    play_random(game, seed=60 + n_players, check=_twins_agree)
    assert game.is_over() and game.state.result.winners


def test_e4_glacial_mass_save_round_trip_and_determinism() -> None:
    game = new_real_game("glacial-mass", 4, seed=3, feats=ALL_FEATS, first_player=None)
    play_random(game, seed=3, stop_after=70)
    loaded = round_trip(game)
    play_random(game, seed=4)
    play_random(loaded, seed=4)
    assert loaded.state == game.state and loaded.log == game.log
    round_trip(game)
