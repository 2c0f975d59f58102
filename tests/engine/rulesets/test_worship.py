"""E10 / P14 / P48: Worship, decided before the final scoring in one of three variants."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine_fixtures import small_board
from engine_helpers import (BLUE, GREEN, RED, YELLOW, draw_until_turn_ends, end_by_last_turn, give_hand, last_seat,
                            put_tents, put_totem)
from iwari_desktop.engine import (
    BASE_FEATS, Biome, ConfigError, Exchange, FeatKind, Game, GameConfig, IllegalAction, Phase, PlaceFeat, apply,
    legal_actions,
)
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.core.biomes import BASE_BIOMES
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.observation import observe
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState, TribeRole
from iwari_desktop.engine.files.saves import load_game, save_game
from iwari_desktop.engine.rulesets.contested import PlaceContested
from iwari_desktop.engine.rulesets.worship import Worship

WORSHIP = FeatKind.WORSHIP
# New Horizons: tent spaces with exactly one road segment (dead ends), and their territories
DEAD_ENDS = {35: "Frostmere Reach", 71: "Thornroot Weald", 28: "Sunscorch Flats", 34: "Sunscorch Flats",
             37: "Amberdune Wastes", 53: "Ashen Isle"}


def game(map_id: str, n: int, variant: int, seed: int = 1, **kwargs) -> GameState:
    return new_game(GameConfig.quick(map_id, n, seed, first_player=0, options={"worship": variant}, **kwargs))


def line(state: GameState, subject: str):
    return next(l for l in state.reports[-1].lines if l.subject == subject)


def test_e10_variant_1_most_tents_on_dead_ends_places_worship_on_any_territory():
    state = game("new-horizons", 4, 1)
    board = state.board
    assert all(board.road_counts[s] == 1 and board.territories[board.spaces[s].territory].name == name
               for s, name in DEAD_ENDS.items())
    put_tents(state, RED, [35, 71])
    put_tents(state, GREEN, [28, 30])      # 30 is on two roads: no dead end
    end_by_last_turn(state)
    assert state.phase is Phase.MODULE and state.module_turn == "worship"
    assert state.current_player() == RED    # the winner places it
    options = legal_actions(state)
    assert options == [PlaceFeat(WORSHIP, t.index, False) for t in board.territories]
    with pytest.raises(IllegalAction) as refused:
        apply(state, Exchange(Biome.FOREST))
    assert refused.value.rule == "E10"
    frostmere = board.territory_named("Frostmere Reach").index
    apply(state, PlaceFeat(WORSHIP, frostmere, False))
    assert state.is_terminal()
    frost = line(state, f"territory:{frostmere}")
    assert frost.multiplier == 2 and frost.points == {RED: 2}
    assert line(state, f"territory:{board.territory_named('Thornroot Weald').index}").multiplier == 1
    assert line(state, "worship").detail == (
        "Player 1 has the most tents on dead-end tent spaces (Player 1 2, Player 2 1, Player 3 0, Player 4 0) "
        "and puts Worship on Frostmere Reach: one more feat for its tent multiplier")
    assert state.feats_earned[WORSHIP] == [RED]


def test_p14_a_tie_discards_worship_all_zero_included():
    state = game("new-horizons", 3, 1)
    put_tents(state, RED, [35])
    put_tents(state, BLUE, [71])
    end_by_last_turn(state)
    assert state.is_terminal() and not any(f.feat is WORSHIP for f in state.feats)
    assert line(state, "worship").detail == ("tie for most tents on dead-end tent spaces (Player 1 1, Player 2 0, "
                                             "Player 3 1): Worship is discarded")
    nobody = game("new-horizons", 3, 1)
    end_by_last_turn(nobody)
    assert nobody.is_terminal() and nobody.ext["worship"].outcome == "nobody"
    assert line(nobody, "worship").detail == "nobody has tents on dead-end tent spaces: Worship is discarded"


def test_p14_the_third_tribe_may_win_and_the_player_of_the_last_turn_places_it():
    state = game("new-horizons", 2, 1)
    third = state.third_tribe
    put_tents(state, third, [35, 71])
    put_tents(state, GREEN, [28])
    end_by_last_turn(state)
    assert state.phase is Phase.MODULE and state.current_player() == last_seat(state) == GREEN
    assert state.ext["worship"].winner == third
    apply(state, legal_actions(state)[0])
    assert state.is_terminal() and state.feats[-1].tribe == third


@dataclass(frozen=True)
class ToyVoid(RuleModule):
    key: ClassVar[str] = "toy-void-worship"
    tribe_roles: ClassVar[tuple] = (TribeRole.VOID,)


def test_p14_the_neutral_void_never_competes(monkeypatch):
    monkeypatch.setitem(REGISTRY, ToyVoid.key, ToyVoid)
    board = dataclasses.replace(small_board(mountains=False), rules=(ToyVoid.key,))
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=0, options={"worship": 1}), board)
    dead_ends = [s for s, n in enumerate(board.road_counts) if n == 1]
    put_tents(state, state.void_tribe, dead_ends[:3])
    put_tents(state, GREEN, dead_ends[3:4])
    end_by_last_turn(state)
    assert state.ext["worship"].winner == GREEN and state.ext["worship"].counts[state.void_tribe] == 0


def test_e10_variant_3_one_golden_token_per_base_biome_on_a_random_totem_space():
    goldens = [game("new-horizons", 3, 3, seed=s).ext["worship"].golden for s in range(10)]
    board = game("new-horizons", 3, 3).board
    for golden in goldens:
        assert [board.territories[t].biome for t in golden] == list(BASE_BIOMES)
    assert goldens == [game("new-horizons", 3, 3, seed=s).ext["worship"].golden for s in range(10)]
    assert len({tuple(g) for g in goldens}) > 3
    floating = game("floating-lands", 3, 3).ext["worship"].golden    # its Tundra has no totem space (P14)
    assert len(floating) == 4 and Biome.TUNDRA not in [game("floating-lands", 3, 3).board.territories[t].biome
                                                        for t in floating]
    view = observe(game("new-horizons", 3, 3, seed=4), GREEN).module_view("worship")
    assert view["golden"] == goldens[4] and view["variant"] == 3 and view["standing"] == [0, 0, 0]


def test_e10_variant_3_most_totems_on_golden_spaces_places_worship_on_a_connection_without_a_mountain():
    state = game("new-horizons", 4, 3, seed=2)
    board = state.board
    golden = state.ext["worship"].golden
    connection = next(c for c in board.connections if c.territories[0] in golden and c.number not in state.mountains)
    a, b = connection.territories
    for t in (a, b):
        put_tents(state, RED, [board.territories[t].tent_spaces[0]])
        put_totem(state, RED, t)
    other = next(t for t in golden if t not in (a, b))
    put_tents(state, YELLOW, [board.territories[other].tent_spaces[0]])
    put_totem(state, YELLOW, other)
    end_by_last_turn(state)
    assert state.phase is Phase.MODULE and state.current_player() == RED
    assert legal_actions(state) == [PlaceFeat(WORSHIP, c.number, True) for c in board.connections
                                    if c.number not in state.mountains]
    assert state.mountains and all(PlaceFeat(WORSHIP, m, True) not in legal_actions(state) for m in state.mountains)
    apply(state, PlaceFeat(WORSHIP, connection.number, True))
    scored = line(state, f"connection:{connection.number}")
    assert scored.multiplier == 2 and scored.points == {RED: 4}
    assert "puts Worship on connection" in line(state, "worship").detail


def test_e10_variant_2_only_with_contested_tokens_and_every_option_off_in_solo_and_coop():
    with pytest.raises(ConfigError, match="^Worship variant 2 counts tents on contested tokens, and New Horizons "
                                          "has none$"):
        game("new-horizons", 3, 2)
    for mode, n in ((GameMode.SOLO, 1), (GameMode.COOP, 2)):
        with pytest.raises(ConfigError, match=f"option worship is not part of a {mode.value} game"):
            new_game(GameConfig.quick("long-road", n, 1, mode=mode, options={"worship": 1}))
    assert Worship.summary and "E10" not in Worship.summary
    for variant in (1, 3):
        assert game("the-void", 4, variant).ext["worship"].variant == variant


def test_e10_variant_2_most_tents_on_contested_tokens_goes_on_a_token_territory_with_their_tent():
    state = game("the-void", 3, 2)
    spots = state.board.contested_spots
    territories = state.board.territories
    # red moves token 0 and token 1 (each into its first territory), green token 3
    for seat, token in ((RED, 0), (GREEN, 3), (BLUE, None), (RED, 1)):
        assert state.active_seat == seat
        if token is None:
            apply(state, Exchange(state.hands[seat][0]))
        else:
            target = spots[token].territories[0]
            biome = territories[target].biome
            give_hand(state, seat, [biome, biome])
            apply(state, PlaceContested(token, target))
        draw_until_turn_ends(state)
    red_targets = sorted({spots[0].territories[0], spots[1].territories[0]})
    end_by_last_turn(state)
    assert state.ext["worship"].counts == [2, 1, 0]
    assert state.phase is Phase.MODULE and state.current_player() == RED
    assert legal_actions(state) == [PlaceFeat(WORSHIP, t, False) for t in red_targets]
    apply(state, PlaceFeat(WORSHIP, red_targets[1], False))
    assert line(state, f"territory:{red_targets[1]}").multiplier == 2
    assert "most tents on contested tokens (Player 1 2, Player 2 1, Player 3 0)" in line(state, "worship").detail


def test_p13_a_tent_on_a_contested_token_that_explores_the_last_territory_earns_courage():
    state = new_game(GameConfig.quick("the-void", 3, 1, first_player=0, options={"courage": True}))
    spot = state.board.contested_spots[0]
    last = spot.territories[0]
    for territory in state.board.territories:
        if territory.index != last:
            put_tents(state, GREEN, territory.tent_spaces[:1])
    biome = state.board.territories[last].biome
    give_hand(state, RED, [biome, biome])
    apply(state, PlaceContested(0, last))
    assert state.feats_earned[FeatKind.COURAGE] == [RED]


def worship_options(g: Game) -> list:
    from iwari_desktop.engine.rulesets.worship import worship_targets
    data = g.state.ext["worship"]
    return worship_targets(g.state, data, data.winner)


def test_e10_random_games_and_save_round_trip_with_the_decision_pending():
    for map_id, n, variant in (("the-void", 6, 2), ("the-void", 2, 1), ("glacial-mass", 5, 3), ("long-road", 2, 1)):
        config = GameConfig.quick(map_id, n, 40 + n, feats=BASE_FEATS, options={"worship": variant, "courage": True})
        g = Game.new(config)
        bot = RandomBot(n)
        held = 0
        while not g.is_over():
            if g.state.phase is Phase.MODULE and g.state.module_turn == "worship":
                held += 1
                loaded = load_game(json.loads(json.dumps(save_game(g))))
                assert loaded.state == g.state and loaded.legal_actions() == g.legal_actions()
            g.play(bot.choose(g.state, g.legal_actions()))
        data = g.state.ext["worship"]
        assert data.outcome in ("placed", "tie", "nobody")
        assert (data.outcome == "placed") == any(f.feat is WORSHIP for f in g.state.feats)
        assert held == (1 if data.outcome == "placed" and len(worship_options(g)) > 1 else 0)
        assert Game.replay(config, [str(a) for a in g.log]).state == g.state


def test_e10_a_score_asked_for_before_the_decision_has_no_worship_line_yet():
    """A mid-game score (a bot's estimate, a preview) must not try to explain an undecided Worship."""
    from iwari_desktop.engine.core.scoring import score_report

    state = game("floating-lands", 3, 3, seed=2)
    put_tents(state, RED, [state.board.territories[1].tent_spaces[0]])
    report = score_report(state, final=True)
    assert state.ext["worship"].outcome is None
    assert not [line for line in report.lines if line.category == "worship"]
