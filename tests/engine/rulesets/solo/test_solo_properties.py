"""Properties of random solo and co-op games on all seven maps, and saves in both modes."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from iwari_desktop.engine import Biome, Game, GameConfig, Phase, apply, legal_actions, new_game
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.files.saves import load_game, save_game
from iwari_desktop.engine.rulesets.solo.data import data
from iwari_desktop.engine.rulesets.solo.end import cards_in_play
from iwari_desktop.engine.rulesets.solo.sides import settled

VS_VOID_MAPS = ("new-horizons", "vast-lands", "floating-lands", "forgotten-island", "glacial-mass",
                "uncharted-paths", "long-road")
ALL_CARDS = Counter({Biome.TUNDRA: 13, Biome.FOREST: 12, Biome.GLACIERS: 11, Biome.COAST: 11, Biome.DESERT: 10,
                     Biome.VOID: 12})


def pieces_ok(state) -> None:
    kept = state.ext.get("ruins")
    kept_ruins = sum(len(k) for k in kept.kept) if kept else 0
    for tribe, t in enumerate(state.tribes):
        on_board = sum(1 for who in state.space_owner if who == tribe)
        totems = sum(stack.count(tribe) for stack in state.totem_stacks)
        tents_total = 21
        extra = kept_ruins if tribe == state.void_tribe else 0
        assert state.tents_left[tribe] + on_board + extra == tents_total
        assert state.totems_left[tribe] + totems == 8


@settings(max_examples=28, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(map_id=st.sampled_from(VS_VOID_MAPS), coop=st.booleans(), seed=st.integers(0, 10_000),
       auto=st.booleans())
def test_random_games_conserve_cards_and_pieces_keep_claims_and_end_with_a_reason(map_id, coop, seed, auto):
    mode = GameMode.COOP if coop else GameMode.SOLO
    options = {"auto_void_ties": True} if auto else {}
    state = new_game(GameConfig.quick(map_id, 2 if coop else 1, seed, mode=mode, options=options))
    bot = RandomBot(seed)
    claims: dict = {}
    for _ in range(20_000):
        if state.is_terminal():
            break
        apply(state, bot.choose(state))
        d = data(state)
        assert cards_in_play(state) == ALL_CARDS
        pieces_ok(state)
        for t, claim in claims.items():
            assert d.claims[t] == claim               # a counted territory never changes
        claims = {t: c for t, c in d.claims.items()}
        if state.phase in (Phase.MAIN, Phase.DRAW) and state.result is None:
            a, b = state.board.connections_by_number[d.pawn].territories
            assert not (settled(state, a) and settled(state, b))
    assert state.is_terminal() and state.end_reason
    assert state.result.won in (True, False) and state.result.reason
    assert state.result.void_territories == sum(1 for c in data(state).claims.values() if c.side == "void")


@settings(max_examples=6, deadline=None)
@given(coop=st.booleans(), seed=st.integers(0, 1000))
def test_saves_round_trip_at_every_decision_in_both_modes(coop, seed):
    mode = GameMode.COOP if coop else GameMode.SOLO
    game = Game.new(GameConfig.quick("glacial-mass", 2 if coop else 1, seed, mode=mode))
    bot = RandomBot(seed)
    step = 0
    while not game.state.is_terminal():
        if step % 7 == 0:
            loaded = load_game(json.loads(json.dumps(save_game(game))))
            assert loaded.state == game.state and loaded.legal_actions() == game.legal_actions()
        game.play(bot.choose(game.state))
        step += 1
    loaded = load_game(json.loads(json.dumps(save_game(game))))
    assert loaded.state.result == game.state.result


def test_replay_is_exact_and_every_action_text_parses():
    from iwari_desktop.engine import parse_action
    game = Game.new(GameConfig.quick("forgotten-island", 1, 11, mode=GameMode.SOLO))
    bot = RandomBot(3)
    while not game.state.is_terminal():
        action = bot.choose(game.state)
        assert parse_action(str(action)) == action
        game.play(action)
    again = Game.replay(game.config, [str(a) for a in game.log])
    assert again.state == game.state
