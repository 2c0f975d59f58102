"""E8 / P15 / P46: the expedition cards, checked after every placement of the active player."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine_fixtures import small_board
from engine_helpers import (
    BLUE, COAST, DESERT, FOREST, GREEN, RED, SPACES, T_COAST, T_DESERT, T_FOREST, T_GLACIERS, T_TUNDRA, T_TUNDRA2, TUNDRA, YELLOW,
    draw_until_turn_ends, give_hand, place, put_tents, put_totem,
)
from iwari_desktop.engine import BASE_FEATS, ConfigError, Exchange, Game, GameConfig, Phase, apply
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.core import primitives
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.observation import observe
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import EMPTY, GameState, TribeRole
from iwari_desktop.engine.files.saves import load_game, save_game
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.expeditions import (
    CARDS_BY_NUMBER, EXPEDITION_CARDS, ExpeditionData, Expeditions, can_ever_be_met, mission_met,
)

EXPANSION_MAPS = ("floating-lands", "forgotten-island", "glacial-mass", "uncharted-paths", "long-road")


def small(n: int = 4, seed: int = 1, rules: tuple[str, ...] = ()) -> GameState:
    board = dataclasses.replace(small_board(mountains=False), rules=rules)
    return new_game(GameConfig.quick("small-test", n, seed, first_player=0, options={"expeditions": True}), board)


def reveal(state: GameState, *numbers: int) -> ExpeditionData:
    """Put these cards face up instead of the shuffled ones (a position for one card's test)."""
    data = state.ext["expeditions"] = ExpeditionData(list(numbers), [[] for _ in numbers])
    return data


def awards(state: GameState) -> list[tuple[str, dict[int, int]]]:
    return [(line.subject, line.points) for r in state.reports if r.kind == "award" for line in r.lines]


def test_e8_sixteen_cards_and_their_rewards_come_from_one_table():
    assert [c.number for c in EXPEDITION_CARDS] == list(range(1, 17))
    rewards = {c.number: (c.first, c.second) for c in EXPEDITION_CARDS}
    expected = {**{n: (4, 2) for n in (1, 2, 3, 4, 5, 8, 9, 10, 11, 12)}, 6: (5, 3), 13: (5, 3), 7: (6, 3),
                14: (6, 3), 15: (5, 3), 16: (5, 3)}
    assert rewards == expected
    # P15: cards 8-12 follow the biome order of 1-5
    assert [CARDS_BY_NUMBER[n].biome for n in range(1, 6)] == [CARDS_BY_NUMBER[n].biome for n in range(8, 13)]
    assert CARDS_BY_NUMBER[3].mission == "have 4 tents in Glaciers territories"
    assert CARDS_BY_NUMBER[16].mission.startswith("have tents on 3 road crossings")


def test_e8_three_cards_revealed_from_the_seeded_rng():
    first = [small(seed=s).ext["expeditions"].cards for s in range(12)]
    assert all(len(set(cards)) == 3 and set(cards) <= set(range(1, 17)) for cards in first)
    assert first == [small(seed=s).ext["expeditions"].cards for s in range(12)]  # the seed fixes them
    assert len({tuple(cards) for cards in first}) > 6                           # and they vary with it
    state = small(seed=3)
    assert state.hands == small(seed=3).hands


def test_e8_refused_on_the_void_and_off_in_solo_and_coop_with_the_reason():
    with pytest.raises(ConfigError, match="^The Void is played without expedition cards"):
        new_game(GameConfig.quick("the-void", 4, 1, options={"expeditions": True}))
    for mode, n in ((GameMode.SOLO, 1), (GameMode.COOP, 2)):
        with pytest.raises(ConfigError, match=f"option expeditions is not part of a {mode.value} game"):
            new_game(GameConfig.quick("floating-lands", n, 1, mode=mode, options={"expeditions": True}))
    assert Expeditions.title and Expeditions.summary and "E8" not in Expeditions.summary


def test_e8_first_scores_the_first_reward_and_keeps_the_card_second_scores_the_second_and_it_leaves():
    state = small(n=4)
    data = reveal(state, 6, 5, 16)   # a tent in every biome; 4 tents in Desert; 3 road crossings
    for tribe, k in ((RED, 0), (GREEN, 1), (BLUE, 2)):
        put_tents(state, tribe, [SPACES[t][k] for t in (T_DESERT, T_TUNDRA, T_FOREST, T_GLACIERS)])
    give_hand(state, RED, [COAST])
    place(state, T_COAST, [COAST], 1, SPACES[T_COAST][0])   # red's tent in the fifth biome
    assert data.claims == [[RED], [], []] and state.scores[RED] == 5
    line = state.reports[-1].lines[0]
    assert state.reports[-1].kind == "award" and line.category == "expedition" and line.subject == "expedition:6"
    assert line.detail == "Player 1 is the first to have a tent in every biome: 5 points; keeps the card"
    draw_until_turn_ends(state)
    give_hand(state, GREEN, [COAST])
    place(state, T_COAST, [COAST], 1, SPACES[T_COAST][1])
    assert data.claims == [[RED, GREEN], [], []] and state.scores[GREEN] == 3
    assert state.reports[-1].lines[0].detail == ("Player 2 is the second to have a tent in every biome: 3 points; "
                                                 "the card leaves the game")
    draw_until_turn_ends(state)
    give_hand(state, BLUE, [COAST])
    place(state, T_COAST, [COAST], 1, SPACES[T_COAST][2])    # blue meets it too, but the card has left
    assert mission_met(state, CARDS_BY_NUMBER[6], BLUE)
    assert data.claims == [[RED, GREEN], [], []] and state.scores[BLUE] == 0
    observed = observe(state, YELLOW).module_view("expeditions")
    assert observed[0] == {"number": 6, "mission": "have a tent in every biome", "rewards": [5, 3],
                           "claimed_by": [RED, GREEN], "in_play": False}
    assert observed[1]["in_play"] and observed[1]["claimed_by"] == [] and observed[1]["rewards"] == [4, 2]


def test_p15_all_missions_met_at_once_are_claimed_and_each_only_once():
    state = small(n=3)
    data = reveal(state, 5, 15, 7)
    put_tents(state, RED, SPACES[T_DESERT][:4])         # road chain 0-1-2-3 in Desert
    put_tents(state, RED, SPACES[T_FOREST][:1] + SPACES[T_GLACIERS][:1])
    give_hand(state, RED, [DESERT])
    place(state, T_DESERT, [DESERT], 1, SPACES[T_DESERT][4])  # 5 Desert tents in a chain of 5, first in 3 territories
    assert data.claims == [[RED], [RED], [RED]]
    assert state.scores[RED] == 4 + 5 + 6
    assert [subject for subject, _ in awards(state)] == ["expedition:5", "expedition:15", "expedition:7"]
    draw_until_turn_ends(state)
    for _ in range(2):   # green and blue pass the turn on; red places again and claims nothing twice
        apply_exchange(state)
    give_hand(state, RED, [DESERT])
    place(state, T_DESERT, [DESERT], 1, SPACES[T_DESERT][5])
    assert data.claims == [[RED], [RED], [RED]] and state.scores[RED] == 15


def apply_exchange(state: GameState) -> None:
    apply(state, Exchange(state.hands[state.active_seat][0]))
    draw_until_turn_ends(state)


def test_p15_the_active_player_is_checked_after_the_third_tribes_placement_and_the_third_tribe_never_claims():
    state = small(n=2)
    third = state.third_tribe
    data = reveal(state, 1, 5, 13)
    put_tents(state, RED, SPACES[T_TUNDRA][:4])          # red met card 1 without a placement of its own
    put_tents(state, third, SPACES[T_DESERT][:4])        # the third tribe meets card 5
    give_hand(state, RED, [DESERT, DESERT, FOREST])
    apply(state, Exchange(FOREST))
    assert state.phase is Phase.THIRD_TRIBE and data.claims == [[], [], []]
    place(state, T_DESERT, [DESERT], 1, SPACES[T_DESERT][4])   # a third-tribe tent: red (active) is checked
    assert data.claims == [[RED], [], []] and state.scores[RED] == 4 and state.scores[third] == 0


def test_p15_pieces_outside_territories_do_not_count_for_missions_1_to_14_but_do_for_settlements():
    state = new_game(GameConfig.quick("forgotten-island", 3, 2, first_player=0, options={"expeditions": True}))
    board = state.board
    ruin = next(s for s in board.ruin_spaces if board.spaces[s].ruin_biome is TUNDRA)
    if state.space_owner[ruin] != EMPTY:
        primitives.remove_tent(state, ruin)                   # the Void ruin of setup, if the ruins rule put one
    tundra_spaces = [s for t in board.territories_by_biome[TUNDRA] for s in board.territories[t].tent_spaces]
    put_tents(state, RED, tundra_spaces[:3])
    primitives.put_tent(state, RED, ruin)
    assert board.spaces[ruin].territory is None
    assert not mission_met(state, CARDS_BY_NUMBER[1], RED)     # 3 Tundra tents + 1 on a ruin space
    neighbours = [n for n in state.space_neighbours[ruin] if state.space_owner[n] == EMPTY]
    chain = [ruin]
    frontier = list(neighbours)
    while len(chain) < 5 and frontier:      # grow a red settlement of 5 through the ruin space
        space = frontier.pop(0)
        if state.space_owner[space] == EMPTY and board.spaces[space].territory is not None:
            put_tents(state, RED, [space])
            chain.append(space)
            frontier += [n for n in state.space_neighbours[space] if n not in chain]
    assert len(chain) == 5
    assert mission_met(state, CARDS_BY_NUMBER[15], RED)        # P10: the ruin-space tent joins the settlement


def test_e8_tent_and_totem_missions_on_exact_positions():
    state = small(n=3)
    card = CARDS_BY_NUMBER
    put_tents(state, RED, [SPACES[t][0] for t in (T_DESERT, T_TUNDRA, T_FOREST, T_GLACIERS)])
    assert not mission_met(state, card[6], RED)
    put_tents(state, RED, [SPACES[T_COAST][0]])
    assert mission_met(state, card[6], RED)
    for t in (T_DESERT, T_TUNDRA, T_FOREST, T_GLACIERS):
        put_totem(state, RED, t)
    assert not mission_met(state, card[13], RED) and not mission_met(state, card[8], RED)
    put_totem(state, RED, T_TUNDRA2)
    assert mission_met(state, card[8], RED)            # 2 totems in Tundra territories (two of them)
    assert not mission_met(state, card[13], RED)       # still no totem in Coast
    put_totem(state, RED, T_COAST)
    assert mission_met(state, card[13], RED)
    assert not mission_met(state, card[12], RED)       # 1 totem in Desert


def test_p15_first_place_needs_an_own_piece_and_may_be_shared():
    state = small(n=3)
    card7, card14 = CARDS_BY_NUMBER[7], CARDS_BY_NUMBER[14]
    put_tents(state, GREEN, [SPACES[t][0] for t in (T_DESERT, T_TUNDRA, T_FOREST)])
    put_tents(state, RED, [SPACES[t][1] for t in (T_DESERT, T_TUNDRA)])
    assert mission_met(state, card7, GREEN) and not mission_met(state, card7, RED)
    put_tents(state, RED, [SPACES[T_FOREST][1]])       # shared first place counts
    assert mission_met(state, card7, RED)
    assert not mission_met(state, card7, BLUE)          # no piece: no first place, even where all have 0
    put_totem(state, RED, T_DESERT)
    put_totem(state, RED, T_TUNDRA)
    put_totem(state, GREEN, T_FOREST, 2)
    put_totem(state, RED, T_FOREST)
    assert not mission_met(state, card14, RED)
    put_totem(state, RED, T_FOREST)
    assert mission_met(state, card14, RED) and mission_met(state, card14, GREEN) is False


@dataclass(frozen=True)
class ToyVoid(RuleModule):
    key: ClassVar[str] = "toy-void-expeditions"
    tribe_roles: ClassVar[tuple] = (TribeRole.VOID,)


def test_p15_first_place_in_totems_shared_with_the_neutral_void_counts(monkeypatch):
    monkeypatch.setitem(REGISTRY, ToyVoid.key, ToyVoid)
    state = small(n=3, rules=(ToyVoid.key,))
    void = state.void_tribe
    for t in (T_DESERT, T_TUNDRA, T_FOREST):
        put_tents(state, RED, [SPACES[t][0]])
        put_totem(state, RED, t)
        put_totem(state, void, t)
    assert mission_met(state, CARDS_BY_NUMBER[14], RED)
    put_totem(state, void, T_FOREST)
    assert not mission_met(state, CARDS_BY_NUMBER[14], RED)


def test_e8_road_crossings_are_tent_spaces_with_three_or_more_road_segments():
    state = new_game(GameConfig.quick("new-horizons", 3, 1, first_player=0, options={"expeditions": True}))
    roads = state.board.road_counts
    crossings = [s for s, n in enumerate(roads) if n >= 3]
    two_roads = [s for s, n in enumerate(roads) if n == 2]
    put_tents(state, RED, crossings[:2] + two_roads[:3])
    assert not mission_met(state, CARDS_BY_NUMBER[16], RED)
    put_tents(state, RED, crossings[2:3])
    assert mission_met(state, CARDS_BY_NUMBER[16], RED)


def test_p46_a_card_that_can_never_be_met_on_the_map_is_left_out():
    floating = get_board("floating-lands")
    assert not can_ever_be_met(CARDS_BY_NUMBER[8], floating)     # two totems in Tundra: its Tundra takes none
    assert all(can_ever_be_met(c, floating) for c in EXPEDITION_CARDS if c.number != 8)
    assert all(can_ever_be_met(c, get_board("new-horizons")) for c in EXPEDITION_CARDS)
    seen = set()
    for seed in range(60):
        state = new_game(GameConfig.quick("floating-lands", 3, seed, options={"expeditions": True}))
        seen |= set(state.ext["expeditions"].cards)
    assert 8 not in seen and len(seen) == 15
    # card 13 there: a totem in each of the four biomes that take totems
    state = new_game(GameConfig.quick("floating-lands", 3, 1, options={"expeditions": True}))
    for territory in state.board.territories:
        if territory.totem_space is not None and not any(
                state.totem_counts[t.index][RED] for t in state.board.territories if t.biome is territory.biome):
            put_totem(state, RED, territory.index)
    assert mission_met(state, CARDS_BY_NUMBER[13], RED)


def _random_game(map_id: str, n: int, seed: int, options: dict) -> Game:
    game = Game.new(GameConfig.quick(map_id, n, seed, feats=BASE_FEATS, options=options))
    bot = RandomBot(seed)
    while not game.is_over():
        game.play(bot.choose(game.state, game.legal_actions()))
    return game


@pytest.mark.parametrize("map_id", EXPANSION_MAPS + ("new-horizons",))
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_e8_random_games_with_every_option_end_and_award_exactly_the_table(map_id, n):
    game = _random_game(map_id, n, 11 * n, {"expeditions": True, "courage": True, "worship": 1 + n % 2 * 2})
    state = game.state
    data = state.ext["expeditions"]
    claimed = []
    for number, claims in zip(data.cards, data.claims):
        card = CARDS_BY_NUMBER[number]
        assert len(claims) <= 2 and len(set(claims)) == len(claims)
        assert state.third_tribe not in claims
        claimed += [(f"expedition:{number}", {t: p}) for t, p in zip(claims, (card.first, card.second))]
    assert sorted(awards(state), key=repr) == sorted(claimed, key=repr)  # in time order, not card order
    assert state.reports[-1].kind == "final"
    assert state.scores == [sum(r.totals()[t] for r in state.reports) for t in range(len(state.tribes))]


def test_e8_save_round_trip_at_every_decision_point_and_replay_is_identical():
    config = GameConfig.quick("long-road", 2, 5, feats=BASE_FEATS,
                              options={"expeditions": True, "courage": True, "worship": 3})
    game = Game.new(config)
    bot = RandomBot(8)
    checked = 0
    while True:
        loaded = load_game(json.loads(json.dumps(save_game(game))))
        assert loaded.state == game.state and loaded.legal_actions() == game.legal_actions()
        checked += 1
        if game.is_over():
            break
        game.play(bot.choose(game.state, game.legal_actions()))
    assert checked > 100 and awards(game.state)
    assert Game.replay(config, [str(a) for a in game.log]).state == game.state

