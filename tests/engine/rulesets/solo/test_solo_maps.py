"""S11 map rules in solo (P22-P24) on the real maps; Glacial Mass and the base maps play plain solo."""

from __future__ import annotations

from engine_helpers import give_hand, put_tent, put_tents, put_totem
from solo_helpers import VOID_CARD, vd

from iwari_desktop.engine import (
    Biome, Exchange, GameConfig, Phase, Place, PlaceTent, PlaceTotem, apply, legal_actions, new_game,
)
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.rulesets.solo.actions import VoidChoice, VoidPlay
from iwari_desktop.engine.rulesets.solo.data import Claim
from iwari_desktop.engine.rulesets.solo.end import finish, prepare_end
from iwari_desktop.engine.rulesets.void_totems import VoidMove

TUNDRA, FOREST, GLACIERS, COAST, DESERT = Biome.TUNDRA, Biome.FOREST, Biome.GLACIERS, Biome.COAST, Biome.DESERT


def players_hold_everything(state):
    for t in state.board.territories:
        if t.tent_spaces:
            vd(state).claims[t.index] = Claim("players", 1, 0, 0, 0, "players", "filled", 1)


def steps_until_main(state):
    """Finish the turn with the first legal options (draws) until the next player action."""
    for _ in range(50):
        if state.phase is Phase.MAIN:
            return
        apply(state, legal_actions(state)[0])
    raise AssertionError("no player action reached")


def solo(map_id: str, seed: int = 1, **options):
    return new_game(GameConfig.quick(map_id, 1, seed, mode=GameMode.SOLO, first_player=0,
                                     options=dict(options, auto_void_ties=True)))


def test_s11_glacial_mass_and_the_base_maps_play_plain_solo_without_mountains():
    for map_id, keys in (("glacial-mass", ["twin-connections", "solo"]), ("new-horizons", ["solo"]),
                         ("vast-lands", ["solo"])):
        state = solo(map_id)
        assert [m.key for m in state.modules] == keys and state.mountains == ()


# ---- Floating Lands (P24) ----------------------------------------------------------------------

def test_p24_floating_lands_a_tundra_card_in_the_player_action_adds_one_ruin_to_tundra():
    state = solo("floating-lands")
    tundra = 7
    give_hand(state, 0, [TUNDRA, TUNDRA, DESERT])
    apply(state, Place(tundra, (TUNDRA, TUNDRA), 1))         # a pair: still one ruin
    apply(state, PlaceTent(state.board.territories[tundra].tent_spaces[0]))
    assert state.territory_tents[tundra][state.void_tribe] == 1


def test_p24_floating_lands_an_exchange_adds_no_ruin():
    state = solo("floating-lands")
    give_hand(state, 0, [TUNDRA, DESERT, DESERT])
    apply(state, Exchange(TUNDRA))
    assert state.territory_tents[7][state.void_tribe] == 0


def test_s11_floating_lands_tundra_ruins_count_as_joined_and_8_win():
    state = solo("floating-lands")
    spaces = state.board.territories[7].tent_spaces
    put_tents(state, state.void_tribe, spaces[:7])           # 7 Tundra ruins, joined whatever the roads
    give_hand(state, 0, [TUNDRA, DESERT, DESERT])
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(7, (TUNDRA,), 1, 0))
    apply(state, PlaceTent(spaces[7]))
    assert state.phase is Phase.GAME_OVER and state.end_reason == "void-settlement"


def test_s11_floating_lands_settlement_reach_sees_groups_one_ruin_apart_and_the_bots_threat_grows_with_it():
    """S11's settlement of 8 as the bots weigh it: the Tundra's ruins all join, and its space s6 has a road
    to s7 in Lanternleaf Wood, so a ruin on s6 joins a Tundra group to a group there. `solo_settlement_reach`
    says how big one ruin makes a group; the map threat grows as the two groups near 8 together, though the
    largest group alone (4) stays below where the old term began (docs/ai.md)."""
    from iwari_desktop.engine.bots.solo_eval import largest_void_settlement, map_threats
    from iwari_desktop.engine.rulesets.solo import maprules

    state = solo("floating-lands")
    void = state.void_tribe
    put_tents(state, void, [7, 24, 25, 26])                  # four joined ruins in Lanternleaf Wood, s7 beside s6
    reaches, threats = [], []
    for tundra_space in (42, 45, 47):                        # Tundra ruins, joined by S11, not touching s6
        put_tent(state, void, tundra_space)
        reaches.append(maprules.settlement_reaches(state))
        threats.append(map_threats(state))
    assert largest_void_settlement(state) == 4
    assert reaches == [(6,), (7,), (8,)]                     # s6 would join 1, 2, then 3 Tundra ruins to the 4
    assert threats == [6.0, 24.0, 54.0]                      # as near as a group of 5, 6, 7: the old term's grades
    assert 0 < threats[0] < threats[1] < threats[2]
    blocked = state.clone()
    put_tent(blocked, 0, 6)                                  # the player's tent on the joining space
    assert maprules.settlement_reaches(blocked) == (5,) and map_threats(blocked) == 0.0
    assert maprules.settlement_reaches(solo("glacial-mass")) == ()   # other maps: the largest group alone
    give_hand(state, 0, [TUNDRA, DESERT, DESERT])             # and the reach is real: a ruin on s6 wins for the Void
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(7, (TUNDRA,), 1, 0))
    apply(state, PlaceTent(6))
    assert state.phase is Phase.GAME_OVER and state.end_reason == "void-settlement"


# ---- Forgotten Island (P23) --------------------------------------------------------------------

def test_p23_forgotten_island_no_setup_ruins_and_void_ruins_go_on_ruin_spaces_of_their_biome():
    state = solo("forgotten-island")
    assert all(state.space_owner[s] < 0 for s in state.board.ruin_spaces)   # S11: none at setup
    give_hand(state, 0, [DESERT, DESERT, COAST])
    apply(state, Exchange(COAST))
    apply(state, VoidPlay(1, (DESERT,), 1, 0))               # Desert territory 1, paid with a Desert card
    assert legal_actions(state) == [PlaceTent(75)]           # the empty Desert ruin space
    apply(state, PlaceTent(75))
    assert state.space_owner[75] == state.void_tribe and not state.is_explored(1)


def test_s11_forgotten_island_more_ruins_than_tents_on_ruin_spaces_wins_for_the_void():
    state = solo("forgotten-island")
    from iwari_desktop.engine.core.primitives import put_tent as put
    put(state, state.void_tribe, 75)
    put(state, state.void_tribe, 76)
    put(state, 0, 74)
    players_hold_everything(state)
    finish(state, "all-counted")
    assert state.result.won is False and state.result.reason == "ruin-spaces"


def test_s11_forgotten_island_equal_ruins_and_tents_on_ruin_spaces_is_no_void_win_in_solo_or_coop():
    """S11: only strictly more Void ruins than player tents on the ruin spaces wins for the Void; 2 against 2
    leaves the result to the counted territories (here all the players'), in solo and in co-op."""
    from iwari_desktop.engine.core.primitives import put_tent as put

    for mode, seats in ((GameMode.SOLO, 1), (GameMode.COOP, 2)):
        state = new_game(GameConfig.quick("forgotten-island", seats, 1, mode=mode, first_player=0,
                                          options={"auto_void_ties": True}))
        put(state, state.void_tribe, 75)
        put(state, state.void_tribe, 76)
        put(state, 0, 74)
        put(state, seats - 1, 77)
        players_hold_everything(state)
        finish(state, "all-counted")
        assert state.result.won is True and state.result.reason != "ruin-spaces", (mode, state.result)


# ---- The Uncharted Paths (P22) -----------------------------------------------------------------

def test_p22_uncharted_paths_no_setup_totems_totems_go_to_the_centre_and_five_win():
    state = solo("uncharted-paths")
    void = state.void_tribe
    assert state.totem_counts[0][void] == 0
    put_tents(state, 0, state.board.territories[4].tent_spaces[:3])   # Forest 4: cap 3 -> a Void totem
    state.totem_stacks[0].extend([void] * 4)
    state.totem_counts[0][void] = 4
    state.totems_left[void] -= 4
    vd(state).pawn = 1                                          # Forest 4 - Tundra 5
    give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(None, (), 0, 1))
    assert state.totem_counts[4][void] == 0
    assert state.phase is Phase.GAME_OVER and state.end_reason == "void-totems"


def test_p22_uncharted_paths_the_centre_is_never_infected_or_counted_and_the_only_move_source():
    state = solo("uncharted-paths")
    void = state.void_tribe
    prepare_end(state, "all-counted")
    assert 0 not in vd(state).claims
    state = solo("uncharted-paths")
    put_tents(state, 0, state.board.territories[4].tent_spaces[:2])
    put_totem(state, void, 0)
    put_totem(state, void, 5)                                     # a Void totem elsewhere: no source in solo
    give_hand(state, 0, [FOREST, FOREST, TUNDRA])
    moves = [a for a in legal_actions(state) if isinstance(a, VoidMove)]
    assert moves and all(m.source == 0 for m in moves)


def test_p60_uncharted_paths_the_infected_territorys_cap_decides_and_the_centre_has_none():
    """The totem leaves the territory's cap open, so the next Infection there sends another to the centre."""
    state = solo("uncharted-paths")
    void = state.void_tribe
    put_tents(state, 0, state.board.territories[4].tent_spaces[:2])   # Forest 4: cap 2, no totem
    players_hold_everything(state)
    del vd(state).claims[4]                                            # only Forest 4 is infected
    for n in (1, 2):
        vd(state).pawn = 1                                             # Forest 4 - Tundra 5
        give_hand(state, 0, [VOID_CARD, DESERT, DESERT])
        apply(state, Exchange(DESERT))
        apply(state, VoidPlay(None, (), 0, 1))
        assert state.totem_counts[0][void] == n and state.totem_counts[4][void] == 0
        steps_until_main(state)


def test_p62_uncharted_paths_a_void_totem_of_the_void_action_stays_in_its_territory():
    """Only the Void's own placements (Infection, Corruption, settlement bonus) go to the centre (S11 text)."""
    state = solo("uncharted-paths")
    void = state.void_tribe
    put_tents(state, 0, state.board.territories[4].tent_spaces[:2])   # Forest 4: cap 2
    give_hand(state, 0, [FOREST, FOREST, DESERT])
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(4, (FOREST,), 1, 0))
    assert PlaceTotem() in legal_actions(state)
    apply(state, PlaceTotem())
    assert state.totem_counts[4][void] == 1 and state.totem_counts[0][void] == 0
    assert state.phase is not Phase.GAME_OVER


# ---- The Long Road -----------------------------------------------------------------------------

def test_s11_long_road_void_ruins_go_on_the_purple_road_first_and_win_it_at_the_end():
    state = solo("long-road")
    give_hand(state, 0, [FOREST, FOREST, DESERT])
    apply(state, Exchange(DESERT))
    apply(state, VoidPlay(2, (FOREST,), 1, 0))
    assert legal_actions(state) == [PlaceTent(s) for s in (3, 4, 5, 6, 7)]   # the road spaces of territory 2
    apply(state, PlaceTent(3))
    players_hold_everything(state)
    finish(state, "all-counted")
    assert state.result.won is False and state.result.reason == "purple-road"


def test_s11_forgotten_island_end_margin_is_ruins_less_tents_and_the_bots_threat_grows_with_it():
    """The ruin-space comparison as the bots weigh it: `solo_end_margin` is the Void's lead, the end check's
    verdict is its sign (S11), and the plan value's map threat grows with every site of that lead (a flat
    penalty once lost gave the Expert nothing to race for: docs/ai.md)."""
    from iwari_desktop.engine.bots.solo_eval import MARGIN_STEP, map_threats
    from iwari_desktop.engine.core.primitives import put_tent as put
    from iwari_desktop.engine.rulesets.solo import maprules

    state = solo("forgotten-island")
    threats = [map_threats(state)]
    assert maprules.end_margins(state) == (0,) and maprules.end_check(state) is None
    put(state, state.void_tribe, 75)
    assert maprules.end_margins(state) == (1,) and maprules.end_check(state) == "ruin-spaces"
    threats.append(map_threats(state))
    put(state, state.void_tribe, 76)
    threats.append(map_threats(state))
    put(state, 0, 74)
    assert maprules.end_margins(state) == (1,)
    assert threats[1] - threats[0] == MARGIN_STEP + 15.0                  # the lead taken: graded step + lost
    assert threats[2] - threats[1] == MARGIN_STEP                         # one site more: one step more
    assert map_threats(state) == threats[1]                              # a tent on a site takes one back
    assert maprules.end_margins(solo("glacial-mass")) == ()               # no such comparison there
