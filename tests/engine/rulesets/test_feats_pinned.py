"""B19 / P5 pinned (issue #32): the order in which tribes are asked for Honour and Respect when a piece
leaves (P5), on hand-built positions of the fixture board and the bundled maps."""

from __future__ import annotations

from engine_helpers import (
    BLUE, DESERT, FOREST, GREEN, RED, SPACES, T_DESERT, T_FOREST, T_TUNDRA, give_hand, make_state, place, put_tents,
    put_totem,
)
from iwari_desktop.engine import FeatKind, GameConfig, new_game
from iwari_desktop.engine.core import primitives
from iwari_desktop.engine.rulesets.feat_rules import p5_order


def test_p5_the_acting_tribe_first_then_turn_order_from_the_active_player_each_tribe_once():
    state = make_state(4)
    state.active_seat = 2
    assert p5_order(state, 1) == [1, 2, 3, 0]
    assert p5_order(state, 2) == [2, 3, 0, 1]


def test_p5_the_third_tribe_and_the_neutral_void_come_after_the_seats():
    state = make_state(2)
    state.active_seat = 1
    assert state.third_tribe == 2
    assert p5_order(state, 0) == [0, 1, 2]
    assert p5_order(state, 2) == [2, 1, 0]
    state = new_game(GameConfig.quick("uncharted-paths", 3, 1, first_player=0))
    state.active_seat = 2
    assert state.void_tribe == 3
    assert p5_order(state, 1) == [1, 2, 0, 3]
    assert p5_order(state, 3) == [3, 2, 0, 1]


def _shared_desert_and_a_blue_tundra(state) -> None:
    """Red and green share Desert's totem majority; blue's three totems hold Tundra's (connection 1, land)."""
    put_tents(state, RED, SPACES[T_DESERT][:3])
    put_tents(state, GREEN, SPACES[T_TUNDRA][:3])
    for tribe, territory in ((RED, T_DESERT), (GREEN, T_DESERT), (RED, T_TUNDRA), (GREEN, T_TUNDRA)):
        put_totem(state, tribe, territory)
    put_totem(state, BLUE, T_TUNDRA, 3)


def test_p5_when_a_totem_leaves_the_actor_is_asked_first_even_after_the_active_player():
    """Two tribes qualify for Honour at the same moment: the acting tribe earns it, not the active player."""
    state = make_state(3, feats=(FeatKind.HONOUR,), mountains=False)
    _shared_desert_and_a_blue_tundra(state)
    assert state.active_seat == RED
    primitives.remove_totem(state, T_TUNDRA, BLUE, actor=GREEN)
    assert state.pending_feats == []          # blue still holds Tundra alone (2 against 1 and 1)
    primitives.remove_totem(state, T_TUNDRA, BLUE, actor=GREEN)
    assert [(c.feat, c.tribe, c.connections) for c in state.pending_feats] == [(FeatKind.HONOUR, GREEN, (1,))]


def test_p5_with_no_one_acting_first_turn_order_from_the_active_player_decides():
    state = make_state(3, feats=(FeatKind.HONOUR,), mountains=False)
    _shared_desert_and_a_blue_tundra(state)
    state.active_seat = GREEN
    primitives.remove_totem(state, T_TUNDRA, BLUE, actor=BLUE)    # blue qualifies nowhere: green is next
    primitives.remove_totem(state, T_TUNDRA, BLUE, actor=BLUE)
    assert [(c.feat, c.tribe, c.connections) for c in state.pending_feats] == [(FeatKind.HONOUR, GREEN, (1,))]


def test_b19_a_totem_in_a_full_territory_earns_no_discovery():
    """Discovery is for the tent on a territory's last empty tent space; a totem put there later is no such tent."""
    state = make_state(3, feats=(FeatKind.DISCOVERY,), mountains=False)
    put_tents(state, RED, SPACES[T_FOREST][:2])
    put_tents(state, GREEN, SPACES[T_FOREST][2:])
    assert state.territory_empty[T_FOREST] == 0
    give_hand(state, RED, [FOREST, DESERT, DESERT])
    place(state, T_FOREST, [FOREST], 1, "totem")
    assert FeatKind.DISCOVERY not in state.feats_earned and state.feat_supply[FeatKind.DISCOVERY] == 2


def test_p5_p7_p11_the_third_tribes_tent_that_unlocks_a_connection_asks_the_third_tribe_first():
    """Forgotten Island, 2 players: red and the third tribe share both majorities of connection 11 (water, ruin
    space 74 with a Coast icon). The third tribe takes the ruin space (P7): its tent unlocks the connection (P11)
    and, acting, it is asked first (P5), before the active player."""
    from iwari_desktop.engine import Biome, Exchange, Phase, apply
    from iwari_desktop.engine.rulesets.ruins import TakeRuin

    state = new_game(GameConfig.quick("forgotten-island", 2, 1, feats=frozenset({FeatKind.RESPECT}), first_player=0))
    third = state.third_tribe
    for tribe in (RED, third):
        put_totem(state, tribe, 0)             # t0 Coast and t10 Tundra, the ends of connection 11
        put_totem(state, tribe, 10)
    give_hand(state, RED, [Biome.COAST, Biome.COAST, Biome.DESERT])
    apply(state, Exchange(Biome.DESERT))
    assert state.phase is Phase.THIRD_TRIBE and not state.pending_feats
    apply(state, TakeRuin(74))
    assert [(f.feat, f.tribe, f.target, f.on_connection) for f in state.feats] == [(FeatKind.RESPECT, third, 11, True)]
