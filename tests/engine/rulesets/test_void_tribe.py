"""E7 The Void: the purple sixth tribe, the Void cards as a sixth biome, no mountains, no expedition cards (P41)."""

from __future__ import annotations

from collections import Counter
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from void_helpers import (
    MAP, T_GREYWOOD, T_MAW, T_SHARDVEIL, VOID_DECK, all_cards, check_void_invariants, random_game, void_game,
)

from engine_helpers import give_hand
from iwari_desktop.engine import (
    BASE_FEATS, Biome, ConfigError, Game, GameConfig, Place, PlaceTent, PlayerSpec, TribeColour, apply, legal_actions,
    new_game,
)
from iwari_desktop.engine.core.modules import REGISTRY
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.state import Phase, TribeRole
from iwari_desktop.engine.files.saves import load_game, save_game
from iwari_desktop.engine.rulesets.void_tribe import VoidTribe, void_cards_in_play

VOID, FOREST, DESERT = Biome.VOID, Biome.FOREST, Biome.DESERT


@pytest.mark.parametrize("n_players, kept", [(2, 10), (3, 10), (4, 11), (5, 12), (6, 12)])
def test_e7_void_cards_join_the_deck_with_removal_per_player_count(n_players, kept):
    state = void_game(n_players)
    in_play = all_cards(state) - Counter(state.removed)
    assert in_play[VOID] == kept == void_cards_in_play(n_players)
    assert Counter(state.removed)[VOID] == 12 - kept
    # every biome loses as many as the Void (B2, E7)
    assert len(set(Counter(state.removed).values()) | ({0} if not state.removed else set())) == 1
    assert all_cards(state) == VOID_DECK


def test_e7_six_players_the_sixth_seat_is_the_purple_tribe():
    state = void_game(6)
    purple = state.tribes[5]
    assert purple.colour is TribeColour.PURPLE and purple.role is TribeRole.PURPLE and purple.seat == 5
    assert state.third_tribe is None and state.void_tribe is None
    assert (state.tents_left[5], state.totems_left[5]) == (20, 8)   # 20 Void ruins, 8 Void totems
    assert state.roles.scoring == (0, 1, 2, 3, 4, 5) and 5 in state.roles.feat_earners
    assert not state.removed and len(state.deck) + len(state.display) + sum(map(len, state.hands)) == 69


def test_p41_with_fewer_players_purple_is_a_colour_to_choose_not_an_extra_tribe():
    assert [t.role for t in void_game(4).tribes] == [TribeRole.SEAT] * 4
    players = (PlayerSpec("Ana", TribeColour.PURPLE), PlayerSpec("Ben", TribeColour.RED), PlayerSpec("Cy", TribeColour.BLUE))
    state = new_game(GameConfig(MAP, players, 1))
    assert [t.role for t in state.tribes] == [TribeRole.PURPLE, TribeRole.SEAT, TribeRole.SEAT]
    assert (state.tents_left, state.totems_left) == ([20] * 3, [8] * 3)
    two = void_game(2)
    assert [t.role for t in two.tribes] == [TribeRole.SEAT, TribeRole.SEAT, TribeRole.THIRD]
    assert two.tribes[2].colour is not TribeColour.PURPLE


def test_e7_seven_players_are_refused():
    with pytest.raises(ConfigError, match="2 to 6 players, not 7"):
        void_game(7)


def test_e7_no_mountains_on_the_void():
    state = void_game(2)
    assert state.mountains == () and "mountains" not in [m.key for m in state.modules]
    assert [m.key for m in state.modules] == ["void-tribe", "contested", "determination"]


def test_e7_expedition_cards_are_refused_on_the_void():
    assert "expeditions" in REGISTRY          # the option's module exists: the map is what refuses it
    with pytest.raises(ConfigError, match="^The Void is played without expedition cards"):
        void_game(4, options={"expeditions": True})
    assert VoidTribe().refuse_setup(GameConfig.quick(MAP, 4, 1), void_game(4).board) is None
    void_game(4, options={"expeditions": False})   # switched off: fine


def test_e7_void_territories_are_paid_with_void_cards_and_void_pairs_are_wild():
    state = void_game(3)
    give_hand(state, 0, [VOID, VOID, DESERT])
    options = set(legal_actions(state))
    assert Place(T_SHARDVEIL, (VOID,), 1) in options and Place(T_MAW, (VOID,), 1) in options
    assert Place(T_GREYWOOD, (VOID, VOID), 1) in options            # a Void pair pays anywhere (B6)
    assert Place(T_GREYWOOD, (DESERT,), 1) not in options
    apply(state, Place(T_SHARDVEIL, (VOID,), 1))
    space = state.board.territories[T_SHARDVEIL].tent_spaces[0]
    apply(state, PlaceTent(space))
    assert state.territory_tents[T_SHARDVEIL][0] == 1 and state.hands[0] == [DESERT, VOID]
    assert state.phase is Phase.DRAW and state.discard[-1] is VOID


def test_e7_purple_scores_and_can_win_like_any_player():
    state, _ = random_game(6, seed=11, check_every=False)
    assert len(state.scores) == 6 and state.scores[5] > 0
    assert list(state.result.totals) == list(state.scores)


@pytest.mark.parametrize("n_players", [2, 3, 4, 5, 6])
def test_e7_random_games_on_the_void_end_with_cards_and_pieces_conserved(n_players):
    for seed in (1, 2):
        state, log = random_game(n_players, seed)
        assert state.is_terminal()
        check_void_invariants(state)
        # determinism: the same setup and log replay to the identical state
        replayed = Game.replay(state.config, [str(a) for a in log])
        assert replayed.state == state


def test_e7_a_void_game_survives_a_save_round_trip_at_every_step():
    state, log = random_game(6, seed=5, check_every=False)
    game = Game.new(state.config)
    for i, action in enumerate(log):
        game.play(action)
        if i % 25 == 0 or i == len(log) - 1:
            loaded = load_game(save_game(game))
            assert loaded.state == game.state and loaded.log == game.log
    assert game.state == state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n_players=st.integers(2, 6), seed=st.integers(0, 2**32), draft=st.booleans(),
       feats=st.sets(st.sampled_from(sorted(BASE_FEATS, key=lambda f: f.value))).map(frozenset),
       courage=st.booleans(), worship=st.integers(0, 3))
def test_e7_property_every_void_game_conserves_cards_and_pieces_scores_never_fall_and_ends(
        n_players, seed, draft, feats, courage, worship):
    options = {"courage": courage, "worship": worship}
    state = new_game(GameConfig.quick(MAP, n_players, seed, draft=draft, feats=feats, options=options))
    rng = Rng(seed)
    scores = list(state.scores)
    for _ in range(20_000):
        if state.is_terminal():
            break
        options = legal_actions(state)
        apply(state, options[rng.below(len(options))])
        check_void_invariants(state)
        assert all(now >= before for now, before in zip(state.scores, scores))
        scores = list(state.scores)
    assert state.is_terminal()
