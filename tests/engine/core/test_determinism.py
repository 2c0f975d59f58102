"""Determinism (seed + log replay bit for bit), undo within a turn, and what an observation hides."""

from __future__ import annotations

import dataclasses

import pytest

from engine_fixtures import small_board

from iwari_desktop.engine import (
    BASE_FEATS, Draw, Exchange, Game, GameConfig, IllegalAction, Phase, Place, PlaceTent, UndoUnavailable, new_game,
    observe,
)
from iwari_desktop.engine.bots.players import GreedyBot, RandomBot

BOARD = small_board()


def _config(n=3, seed=1, **kwargs):
    return GameConfig.quick("small-test", n, seed, **kwargs)


def _played(config, bot_seed=0, steps=None, bot=RandomBot):
    game = Game.new(config, BOARD)
    chooser = bot(bot_seed)
    taken = 0
    while not game.is_over() and (steps is None or taken < steps):
        game.play(chooser.choose(game.state, game.legal_actions()))
        taken += 1
    return game


# ---- determinism -------------------------------------------------------------------------------

@pytest.mark.parametrize("n, feats, draft", [(2, BASE_FEATS, False), (3, frozenset(), True), (4, BASE_FEATS, True),
                                             (5, frozenset(), False)])
def test_same_seed_and_log_replay_bit_for_bit(n, feats, draft):
    config = _config(n, seed=40 + n, feats=feats, draft=draft)
    game = _played(config, bot_seed=n)
    assert game.is_over()
    replayed = Game.replay(config, list(game.log), BOARD)
    assert replayed.state == game.state
    assert replayed.state.rng.state == game.state.rng.state
    assert replayed.state.reports == game.state.reports
    assert replayed.state.result == game.state.result
    from_text = Game.replay(config, [str(a) for a in game.log], BOARD)
    assert from_text.state == game.state and from_text.log == game.log


def test_same_seed_same_game_with_the_same_bots():
    config = _config(4, seed=77, feats=BASE_FEATS)
    a = _played(config, bot_seed=3, bot=GreedyBot)
    b = _played(config, bot_seed=3, bot=GreedyBot)
    assert a.log == b.log and a.state == b.state


def test_replay_of_a_prefix_matches_the_game_at_that_point():
    config = _config(3, seed=8)
    game = Game.new(config, BOARD)
    bot = RandomBot(2)
    snapshots = []
    for _ in range(80):
        snapshots.append((list(game.log), game.state.clone()))
        game.play(bot.choose(game.state, game.legal_actions()))
    for log, state in snapshots[::7]:
        assert Game.replay(config, log, BOARD).state == state


def test_replay_refuses_a_bad_log_naming_the_step():
    config = _config(3, seed=8)
    game = _played(config, steps=10)
    log = [str(a) for a in game.log]
    log[4] = "tent s999"
    with pytest.raises(IllegalAction) as error:
        Game.replay(config, log, BOARD)
    assert "step 5" in str(error.value)


def test_different_seeds_give_different_deals():
    deals = set()
    for seed in range(20):
        state = new_game(_config(4, seed=seed, first_player=0), BOARD)
        deals.add((tuple(map(tuple, state.hands)), tuple(state.display), tuple(state.deck)))
    assert len(deals) == 20


def test_different_seeds_give_different_games():
    logs = {tuple(str(a) for a in _played(_config(3, seed=seed), bot_seed=1).log) for seed in range(5)}
    assert len(logs) == 5


# ---- undo --------------------------------------------------------------------------------------

def _game_after_a_two_card_place(n=3):
    """A fresh game whose first player has played two cards and must draw two."""
    for seed in range(100):
        game = Game.new(_config(n, seed=seed, first_player=0), BOARD)
        two = [a for a in game.legal_actions() if isinstance(a, Place) and len(a.cards) == 2 and a.pieces == 1]
        if two:
            game.play(two[0])
            while game.state.phase is Phase.PIECES:
                game.play(game.legal_actions()[0])
            if game.state.phase is Phase.DRAW:
                assert len(game.state.hands[0]) == 1
                return game
    raise AssertionError("no seed gives a two-card Place")


def test_undo_within_a_turn_restores_the_exact_earlier_state():
    game = Game.new(_config(3, seed=3, first_player=0, feats=BASE_FEATS), BOARD)
    start = game.state.clone()
    place = next(a for a in game.legal_actions() if isinstance(a, Place))
    game.play(place)
    after_place = game.state.clone()
    tent = next(a for a in game.legal_actions() if isinstance(a, PlaceTent))
    game.play(tent)
    assert game.can_undo()
    assert game.undo() == tent
    assert game.state == after_place
    assert game.undo() == place
    assert game.state == start
    assert game.log == []
    assert not game.can_undo()
    with pytest.raises(UndoUnavailable):
        game.undo()


def test_undo_refused_after_a_draw_from_the_deck():
    game = _game_after_a_two_card_place()
    assert game.can_undo()
    game.play(Draw(None))                         # reveals a hidden card; the hand is not full yet
    assert game.state.phase is Phase.DRAW and game.state.active_seat == 0
    assert not game.can_undo()
    with pytest.raises(UndoUnavailable):
        game.undo()


def test_undo_refused_after_a_draw_that_refills_the_display_from_the_deck():
    game = Game.new(_config(3, seed=5, first_player=0), BOARD)
    game.play(Exchange(game.state.hands[0][0]))
    game.play(Draw(game.state.display[0]))        # hand full: the display is refilled from the deck
    assert game.state.active_seat == 1
    with pytest.raises(UndoUnavailable):
        game.undo()


def test_undo_refused_at_the_start_of_a_turn():
    game = Game.new(_config(3, seed=6, first_player=0), BOARD)
    bot = RandomBot(1)
    while game.state.active_seat == 0:
        game.play(bot.choose(game.state, game.legal_actions()))
    assert game.state.phase is Phase.MAIN and game.state.active_seat == 1
    assert not game.can_undo()
    with pytest.raises(UndoUnavailable):
        game.undo()


def test_undo_of_a_display_draw_mid_refill_is_allowed_and_exact():
    game = _game_after_a_two_card_place()
    before = game.state.clone()
    game.play(Draw(game.state.display[0]))        # a face-up card, display not refilled yet: nothing revealed
    assert game.can_undo()
    game.undo()
    assert game.state == before


def test_undo_in_a_two_player_turn_covers_the_third_tribe():
    for seed in range(9, 60):
        game = Game.new(_config(2, seed=seed, first_player=0), BOARD)
        game.play(next(a for a in game.legal_actions() if isinstance(a, Exchange)))
        if game.state.phase is Phase.THIRD_TRIBE:
            break
    assert game.state.phase is Phase.THIRD_TRIBE
    before = game.state.clone()
    game.play(game.legal_actions()[0])
    assert game.state != before
    game.undo()
    assert game.state == before


# ---- observation -------------------------------------------------------------------------------

def test_observation_hides_other_hands_and_the_deck_order():
    game = _played(_config(4, seed=10, first_player=0), steps=25)
    state = game.state
    seat = 0
    seen = observe(state, seat)
    assert seen.hand == tuple(state.hands[seat])
    assert seen.hand_sizes == tuple(len(h) for h in state.hands)
    assert seen.deck_size == len(state.deck)
    names = {f.name for f in dataclasses.fields(seen)}
    assert not names & {"hands", "deck", "rng", "removed"}

    # Shuffle what the seat must not know: other hands (same sizes) and the deck order and RNG.
    altered = state.clone()
    pool = altered.deck + [c for s in range(4) if s != seat for c in altered.hands[s]]
    pool.reverse()
    for s in range(4):
        if s != seat:
            size = len(altered.hands[s])
            altered.hands[s] = sorted(pool[:size])
            del pool[:size]
    altered.deck = pool
    altered.rng.state ^= 0xDEADBEEF
    assert altered.hands != state.hands or altered.deck != state.deck
    assert observe(altered, seat) == seen
    assert observe(altered, seat).to_json() == seen.to_json()


def test_observation_json_carries_no_hidden_card():
    game = _played(_config(3, seed=11, first_player=0), steps=30)
    state = game.state
    data = observe(state, 1).to_json()
    assert set(data) >= {"hand", "hand_sizes", "deck_size", "display"}
    assert data["hand"] == [c.key for c in state.hands[1]]
    flat = repr(data)
    assert "rng" not in flat and "'deck'" not in flat
    assert len(data["hand_sizes"]) == 3 and isinstance(data["deck_size"], int)


def test_determinize_keeps_the_seats_view_and_redraws_hidden_cards():
    from iwari_desktop.engine.core.observation import determinize
    from iwari_desktop.engine.core.rng import Rng

    game = Game.new(GameConfig.quick("small-test", 4, 21), small_board())
    for _ in range(30):
        game.play(RandomBot(3).choose(game.state))
    state, seat = game.state, game.state.active_seat
    guesses = [determinize(state, seat, Rng(k)) for k in range(5)]
    for guess in guesses:
        assert observe(guess, seat) == observe(state, seat)
        hidden = sorted(guess.deck + [c for s, h in enumerate(guess.hands) if s != seat for c in h])
        assert hidden == sorted(state.deck + [c for s, h in enumerate(state.hands) if s != seat for c in h])
    assert len({tuple(g.deck) for g in guesses}) > 1


def test_greedy_bot_does_not_peek_at_hidden_cards():
    """Swapping what the bot cannot see (other hands, deck order, RNG) never changes its choice.

    Cards everyone saw taken from the display are public (`known_cards`) and stay in their hands.
    """
    from iwari_desktop.engine.bots.players import GreedyBot
    from iwari_desktop.engine.core.rng import Rng

    game = Game.new(GameConfig.quick("small-test", 3, 8, feats=BASE_FEATS), small_board())
    checked = 0
    while not game.is_over() and checked < 60:
        state = game.state
        seat = state.active_seat
        twin = state.clone()
        unknown = {s: list(h) for s, h in enumerate(twin.hands) if s != seat}
        for s, hand in unknown.items():
            for card in twin.known_cards[s]:
                hand.remove(card)
        pool = list(twin.deck) + [c for h in unknown.values() for c in h]
        Rng(checked).shuffle(pool)
        for s, hand in unknown.items():
            twin.hands[s] = sorted(twin.known_cards[s] + [pool.pop() for _ in hand])
        twin.deck, twin.rng = pool, Rng(999 + checked)
        assert GreedyBot(5).choose(state) == GreedyBot(5).choose(twin)
        game.play(GreedyBot(checked).choose(state))
        checked += 1
