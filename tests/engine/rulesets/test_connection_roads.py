"""E2/E3 connection roads: road segments along a connection are roads for settlements only under the rule.

Floating Lands draws four such segments (0-1 along connection 2, 2-3 along 6, 4-5 along 10, 6-7 along
15). The chain used here: Windharp Grove (t1, Forest) 30-31-0, across connection 2 to Sunmote
Terraces (t2, Desert) 1-39-38.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine_fixtures import small_board
from engine_helpers import final_scoring_now, give_hand
from lands_helpers import ALL_FEATS, board_without, new_real_game, play_random, round_trip
from iwari_desktop.engine import Biome, FeatKind, GameConfig, Phase, Place, PlaceTent, get_board, new_game
from iwari_desktop.engine.core import primitives
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.settlements import group_containing, settlements, tribe_groups
from iwari_desktop.engine.maps.board import RoadSegment
from iwari_desktop.engine.rulesets.connection_roads import ConnectionRoads

DESERT, FOREST, TUNDRA = Biome.DESERT, Biome.FOREST, Biome.TUNDRA
RED = 0
CHAIN = (31, 0, 1, 39)   # 0-1 runs along connection 2


def test_e2_the_base_adjacency_leaves_along_connection_segments_out() -> None:
    board = get_board("floating-lands")
    along = [r for r in board.roads if r.along_connection is not None]
    assert {(r.a, r.b, r.along_connection) for r in along} == {(0, 1, 2), (2, 3, 6), (4, 5, 10), (6, 7, 15)}
    for road in along:
        assert road.b not in board.space_neighbours[road.a] and road.a not in board.space_neighbours[road.b]
        assert road.b in board.road_neighbours[road.a] and road.a in board.road_neighbours[road.b]
        connection = board.connections_by_number[road.along_connection]
        assert {board.spaces[road.a].territory, board.spaces[road.b].territory} == set(connection.territories)
    assert board.settlement_neighbours(False) is board.space_neighbours
    assert board.settlement_neighbours(True) is board.road_neighbours


@pytest.mark.parametrize("with_rule", [True, False])
def test_e2_a_settlement_reaches_across_a_connection_road_only_under_the_rule(with_rule: bool) -> None:
    board = get_board("floating-lands") if with_rule else board_without("floating-lands", "connection-roads")
    game = new_real_game("floating-lands", 3, seed=2, feats={FeatKind.UNION}, board=board)
    state = game.state
    assert state.hooks.connection_roads is with_rule
    for space in (31, 0, 39):
        primitives.put_tent(state, RED, space)
    give_hand(state, RED, [DESERT, FOREST, TUNDRA])
    game.play(Place(2, (DESERT,), 1))
    game.play(PlaceTent(1))            # joins 0 across connection 2
    if with_rule:
        assert group_containing(state, 1) == sorted(CHAIN)
        assert state.phase is Phase.FEAT   # Union earned: it may go on Windharp Grove or Sunmote Terraces
        assert state.pending_feats[0].feat is FeatKind.UNION and state.pending_feats[0].territories == (1, 2)
    else:
        assert group_containing(state, 1) == [1, 39]
        assert state.phase is Phase.DRAW and state.feat_supply[FeatKind.UNION] == 2
    state.pending_feats.clear()
    state.phase = Phase.DRAW
    final_scoring_now(state)
    found = [l for l in state.reports[-1].lines if l.category == "settlement"]
    assert [(l.base, l.multiplier) for l in found] == ([({RED: 4}, 1)] if with_rule else [])


def test_p30_a_mountain_on_the_connection_does_not_cut_its_road() -> None:
    """Two players cover one connection of every peak group (B3); find a deal that covers connection 2."""
    seed = next(s for s in range(200) if 2 in new_real_game("floating-lands", 2, s).state.mountains)
    state = new_real_game("floating-lands", 2, seed).state
    for space in CHAIN:
        primitives.put_tent(state, RED, space)
    assert settlements(state, RED) == [sorted(CHAIN)]


@dataclass(frozen=True)
class ToyBridges(RuleModule):
    """A toy rule that only declares `connection_roads`: the flag, not a map id, switches the roads on."""

    key: ClassVar[str] = "toy-bridges"
    connection_roads: ClassVar[bool] = True


@pytest.mark.parametrize("rules", [("toy-bridges",), ()])
def test_e2_any_module_may_declare_connection_roads(rules, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, ToyBridges.key, ToyBridges)
    base = small_board()
    bridge = RoadSegment(object_id=2999, a=5, b=24, along_connection=6)   # Desert 0 to Tundra 5, connection 6
    board = dataclasses.replace(base, roads=base.roads + (bridge,), rules=rules)
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=0), board)
    primitives.put_tent(state, RED, 5)
    primitives.put_tent(state, RED, 24)
    primitives.put_tent(state, RED, 25)
    assert group_containing(state, 5) == ([5, 24, 25] if rules else [5])


def test_e3_forgotten_island_lists_the_rule_and_its_ruin_spaces_join_the_network() -> None:
    state = new_real_game("forgotten-island", 3, 1).state
    assert state.hooks.connection_roads and "connection-roads" in [m.key for m in state.modules]
    board = state.board
    for ruin in board.ruin_spaces:
        assert board.space_neighbours[ruin] == ()           # only along-connection segments reach a ruin space
        assert len(state.space_neighbours[ruin]) == 2       # one to each territory of its connection


def test_e2_the_rule_reads_plainly_for_players() -> None:
    assert ConnectionRoads.connection_roads and REGISTRY["connection-roads"] is ConnectionRoads
    assert "settlement" in ConnectionRoads.summary and "E2" not in ConnectionRoads.summary


def _settlements_use_every_road(state) -> None:
    if state.is_terminal():
        final = state.reports[-1]
        for tribe in state.roles.scoring:
            groups = settlements(state, tribe)
            lines = [l for l in final.lines if l.category == "settlement" and tribe in l.base]
            assert sorted(l.base[tribe] for l in lines) == sorted(len(g) for g in groups)


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_e2_random_games_score_settlements_over_connection_roads(n_players: int) -> None:
    game = new_real_game("floating-lands", n_players, seed=40 + n_players, feats=ALL_FEATS, first_player=None)
    play_random(game, seed=40 + n_players, check=_settlements_use_every_road)
    assert game.is_over()


def test_e2_some_settlement_crosses_a_connection_road_in_random_play() -> None:
    """The rule matters in play: over a few seeded games some tribe's tents are joined across a bridge."""
    along = {(r.a, r.b) for r in get_board("floating-lands").roads if r.along_connection}
    crossed = 0
    for seed in range(6):
        state = play_random(new_real_game("floating-lands", 4, seed, first_player=None), seed).state
        for tribe in state.roles.scoring:
            for group in tribe_groups(state, tribe):
                crossed += sum(1 for a, b in along if a in group and b in group)
    assert crossed > 0


def test_e2_connection_roads_survive_a_save_round_trip() -> None:
    game = new_real_game("floating-lands", 2, seed=11, feats={FeatKind.UNION})
    play_random(game, seed=11, stop_after=80)
    loaded = round_trip(game)
    assert loaded.state.space_neighbours == game.state.board.road_neighbours
