"""Module data in copies, saves, observations and determinized states; public knowledge of hands."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from engine_fixtures import small_board
from engine_helpers import give_hand, set_display
from iwari_desktop.engine import BASE_FEATS, Biome, Draw, Exchange, Game, GameConfig, Phase
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.observation import determinize, observe
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import apply
from iwari_desktop.engine.files.saves import SAVE_VERSION, SaveError, load_game, save_game, state_digest


@dataclass
class Expeditions:
    """Module data with a hidden part: the face-down cards and the revealed ones."""

    face_down: list[int] = field(default_factory=list)
    revealed: list[int] = field(default_factory=list)
    claimed: dict[int, list[int]] = field(default_factory=dict)


@dataclass(frozen=True)
class HiddenCards(RuleModule):
    key: ClassVar[str] = "toy-hidden"

    def on_setup(self, state) -> None:
        cards = list(range(1, 17))
        state.rng.shuffle(cards)
        state.ext[self.key] = Expeditions(face_down=cards[3:], revealed=cards[:3])

    def after_placement(self, state, tribe, territory, space) -> None:
        data = state.ext[self.key]
        data.claimed.setdefault(tribe, []).append(territory)

    def public_view(self, state, seat):
        data = state.ext[self.key]
        return {"face_down": len(data.face_down), "revealed": list(data.revealed),
                "claimed": {str(t): list(v) for t, v in data.claimed.items()}}

    def redraw_hidden(self, guess, seat, rng) -> None:
        rng.shuffle(guess.ext[self.key].face_down)


@pytest.fixture
def hidden(monkeypatch):
    monkeypatch.setitem(REGISTRY, HiddenCards.key, HiddenCards)
    return dataclasses.replace(small_board(), rules=("toy-hidden",))


def test_a_copy_deep_copies_module_data(hidden):
    state = Game.new(GameConfig.quick("small-test", 3, 2), hidden).state
    twin = state.clone()
    twin.ext["toy-hidden"].face_down.pop()
    twin.ext["toy-hidden"].claimed[0] = [5]
    assert len(state.ext["toy-hidden"].face_down) == 13 and state.ext["toy-hidden"].claimed == {}
    assert twin != state


def test_module_data_is_part_of_the_save_digest(hidden):
    game = Game.new(GameConfig.quick("small-test", 3, 2), hidden)
    before = state_digest(game)
    game.state.ext["toy-hidden"].face_down.reverse()
    assert state_digest(game) != before


def test_pending_place_and_earned_feats_are_part_of_the_save_digest():
    game = Game.new(GameConfig.quick("small-test", 3, 2, feats=BASE_FEATS), small_board())
    place = next(a for a in game.legal_actions() if str(a).startswith("place"))
    game.play(place)
    before = state_digest(game)
    game.state.pending.pieces_left += 1
    assert state_digest(game) != before
    game.state.pending.pieces_left -= 1
    game.state.feats_earned.setdefault(next(iter(BASE_FEATS)), []).append(1)
    assert state_digest(game) != before


def test_a_save_whose_module_data_was_tampered_with_is_refused(hidden, monkeypatch):
    game = Game.new(GameConfig.quick("small-test", 3, 2), hidden)
    bot = RandomBot(2)
    for _ in range(20):
        game.play(bot.choose(game.state))
    data = save_game(game)
    assert load_game(data, board=hidden).state == game.state
    game.state.ext["toy-hidden"].revealed.reverse()
    data["digest"] = state_digest(game)  # a digest that no replay of the log reaches
    with pytest.raises(SaveError, match="does not match its checksum"):
        load_game(data, board=hidden)


def test_saves_round_trip_with_module_data_at_every_decision_point(hidden):
    game = Game.new(GameConfig.quick("small-test", 2, 5, feats=BASE_FEATS), hidden)
    bot = RandomBot(5)
    while not game.is_over():
        assert load_game(save_game(game), board=hidden).state == game.state
        game.play(bot.choose(game.state))
    assert load_game(save_game(game), board=hidden).state == game.state


def test_a_version_1_save_still_loads():
    board = small_board()
    game = Game.new(GameConfig.quick("small-test", 3, 7, feats=BASE_FEATS), board)
    bot = RandomBot(7)
    for _ in range(40):
        game.play(bot.choose(game.state))
    data = save_game(game)
    assert data["version"] == SAVE_VERSION == 3
    old = dict(data, version=1, digest=state_digest(game, 1))
    assert load_game(old, board=board).state == game.state
    with pytest.raises(SaveError, match="does not match its checksum"):
        load_game(dict(data, version=1), board=board)  # a version 3 digest is not a version 1 digest


def test_observation_shows_each_modules_public_view_only(hidden):
    state = Game.new(GameConfig.quick("small-test", 3, 2), hidden).state
    view = observe(state, 1).module_view("toy-hidden")
    assert view == {"face_down": 13, "revealed": state.ext["toy-hidden"].revealed, "claimed": {}}
    assert observe(state, 1).to_json()["modules"]["toy-hidden"] == view


def test_determinize_carries_module_data_and_redraws_only_its_hidden_part(hidden):
    state = Game.new(GameConfig.quick("small-test", 3, 2), hidden).state
    data = state.ext["toy-hidden"]
    orders = set()
    for i in range(8):
        guess = determinize(state, 0, Rng(i))
        g = guess.ext["toy-hidden"]
        assert g.revealed == data.revealed and sorted(g.face_down) == sorted(data.face_down)
        assert g is not data
        orders.add(tuple(g.face_down))
        assert observe(guess, 0) == observe(state, 0)
    assert len(orders) > 1  # the face-down order is redrawn, not copied


def test_a_card_seen_taken_from_the_display_stays_in_that_hand_in_every_sample():
    state = Game.new(GameConfig.quick("small-test", 3, 11, first_player=0), small_board()).state
    give_hand(state, 0, [Biome.FOREST, Biome.COAST, Biome.COAST])
    set_display(state, [Biome.DESERT, Biome.GLACIERS, Biome.TUNDRA, Biome.TUNDRA])
    apply(state, Exchange(Biome.FOREST))
    apply(state, Draw(Biome.DESERT))  # everyone sees seat 0 take the Desert
    assert state.known_cards[0] == [Biome.DESERT]
    while state.phase is Phase.DRAW:
        apply(state, Draw(None))
    for i in range(40):
        guess = determinize(state, 1, Rng(i))
        assert Biome.DESERT in guess.hands[0] and len(guess.hands[0]) == 3
        assert Counter(c for h in guess.hands for c in h) + Counter(guess.deck) == \
            Counter(c for h in state.hands for c in h) + Counter(state.deck)


def test_a_known_card_is_forgotten_once_played():
    state = Game.new(GameConfig.quick("small-test", 3, 11, first_player=0), small_board()).state
    give_hand(state, 0, [Biome.FOREST, Biome.COAST, Biome.COAST])
    set_display(state, [Biome.DESERT, Biome.GLACIERS, Biome.TUNDRA, Biome.TUNDRA])
    apply(state, Exchange(Biome.FOREST))
    apply(state, Draw(Biome.DESERT))
    while state.phase is Phase.DRAW:
        apply(state, Draw(None))
    while state.active_seat != 0 or state.phase is not Phase.MAIN:
        options = [a for a in Game(state.config, state).legal_actions() if str(a).startswith(("exchange", "draw"))]
        apply(state, options[0])
    apply(state, Exchange(Biome.DESERT))
    assert Biome.DESERT not in state.known_cards[0]
