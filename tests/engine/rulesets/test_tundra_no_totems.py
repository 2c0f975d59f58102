"""E2 Floating Lands: no totem in the Tundra territory; P11: its connections never score or earn Respect.

Floating Lands' Tundra is territory 7 (Anvil of the Sky, spaces 6, 42-47, 60), with no totem space;
its connections 3, 5, 9, 13, 14 and 15 are all water connections.
"""

from __future__ import annotations

import dataclasses

import pytest

from engine_helpers import final_scoring_now, give_hand
from lands_helpers import ALL_FEATS, board_without, new_real_game, play_random, round_trip
from iwari_desktop.engine import Biome, FeatKind, IllegalAction, Phase, Place, PlaceTent, PlaceTotem, get_board
from iwari_desktop.engine.core import primitives
from iwari_desktop.engine.core.modules import REGISTRY
from iwari_desktop.engine.core.scoring import connection_block
from iwari_desktop.engine.rulesets.tundra_no_totems import TundraNoTotems

TUNDRA, FOREST, DESERT = Biome.TUNDRA, Biome.FOREST, Biome.DESERT
T_ANVIL = 7           # the Tundra
T_GROVE = 1           # Windharp Grove, Forest
TUNDRA_CONNECTIONS = (3, 5, 9, 13, 14, 15)
RED, GREEN = 0, 1


def _game(feats=(), board=None, seed: int = 1):
    return new_real_game("floating-lands", 3, seed, feats, board=board)


def test_e2_floating_lands_switches_the_rule_on_and_says_so_in_words() -> None:
    state = _game().state
    keys = [m.key for m in state.modules]
    assert "tundra-no-totems" in keys and "connection-roads" in keys
    assert REGISTRY["tundra-no-totems"] is TundraNoTotems
    summary = TundraNoTotems.summary
    assert "Tundra" in summary and "totem" in summary and "E2" not in summary
    tundra = state.board.territories[T_ANVIL]
    assert tundra.biome is TUNDRA and not tundra.holds_totems


def test_e2_a_totem_in_the_tundra_is_refused_naming_the_rule() -> None:
    game = _game()
    state = game.state
    for space in (42, 43):
        primitives.put_tent(state, RED, space)
    give_hand(state, RED, [TUNDRA, TUNDRA, FOREST])
    assert Place(T_ANVIL, (TUNDRA, TUNDRA), 2) in game.legal_actions()  # two tents still fit
    game.play(Place(T_ANVIL, (TUNDRA, TUNDRA), 2))
    assert not any(isinstance(a, PlaceTotem) for a in game.legal_actions())
    with pytest.raises(IllegalAction) as refused:
        game.play(PlaceTotem())
    assert refused.value.rule == "E2" and "Tundra" in refused.value.reason
    game.play(PlaceTent(44))
    assert not any(isinstance(a, PlaceTotem) for a in game.legal_actions())  # second piece: a tent again
    with pytest.raises(IllegalAction, match="^E2: "):
        game.play(PlaceTotem())
    game.play(PlaceTent(45))
    assert state.totem_stacks[T_ANVIL] == [] and state.territory_tents[T_ANVIL][RED] == 4


def test_e2_the_same_place_elsewhere_may_end_with_a_totem() -> None:
    """Control: in a territory with a totem space the identical move offers the totem."""
    game = _game()
    state = game.state
    for space in (31, 0):
        primitives.put_tent(state, RED, space)
    give_hand(state, RED, [FOREST, FOREST, TUNDRA])
    game.play(Place(T_GROVE, (FOREST, FOREST), 2))
    game.play(PlaceTent(30))
    assert PlaceTotem() in game.legal_actions()
    game.play(PlaceTotem())
    assert state.totem_stacks[T_GROVE] == [RED]


def test_e2_two_pieces_never_fit_a_tundra_with_one_empty_space() -> None:
    game = _game()
    state = game.state
    for space in (6, 42, 43, 44):
        primitives.put_tent(state, RED, space)
    for space in (45, 46, 47):
        primitives.put_tent(state, GREEN, space)
    give_hand(state, RED, [TUNDRA, TUNDRA, FOREST])
    legal = game.legal_actions()
    assert Place(T_ANVIL, (TUNDRA,), 1) in legal
    assert Place(T_ANVIL, (TUNDRA, TUNDRA), 2) not in legal
    with pytest.raises(IllegalAction) as refused:
        game.play(Place(T_ANVIL, (TUNDRA, TUNDRA), 2))
    assert refused.value.rule == "E2"
    assert "room for only 1 tent" in refused.value.reason
    assert state.phase is Phase.MAIN and len(state.hands[RED]) == 3  # nothing paid


def test_e2_no_primitive_puts_a_totem_there_either() -> None:
    state = _game().state
    primitives.put_tent(state, RED, 42)
    with pytest.raises(IllegalAction, match="^B10: .*no totem space"):
        primitives.put_totem(state, RED, T_ANVIL)
    assert state.totem_stacks[T_ANVIL] == []


def _tundra_with_totem_space():
    """A broken copy of the map whose Tundra has a totem space: the module alone must still refuse."""
    board = get_board("floating-lands")
    territories = list(board.territories)
    territories[T_ANVIL] = dataclasses.replace(territories[T_ANVIL], totem_space=(10.0, 10.0))
    return dataclasses.replace(board, territories=tuple(territories))


@pytest.mark.parametrize("with_rule", [True, False])
def test_e2_the_refusal_is_the_module_not_only_the_missing_space(with_rule: bool) -> None:
    board = _tundra_with_totem_space()
    if not with_rule:
        board = dataclasses.replace(board, rules=tuple(r for r in board.rules if r != "tundra-no-totems"))
    game = _game(board=board)
    state = game.state
    for space in (42, 43):
        primitives.put_tent(state, RED, space)
    give_hand(state, RED, [TUNDRA, TUNDRA, FOREST])
    game.play(Place(T_ANVIL, (TUNDRA, TUNDRA), 2))
    game.play(PlaceTent(44))
    assert (PlaceTotem() in game.legal_actions()) is not with_rule
    if with_rule:
        with pytest.raises(IllegalAction, match="^E2: "):
            game.play(PlaceTotem())
    else:
        game.play(PlaceTotem())
        assert state.totem_stacks[T_ANVIL] == [RED]


def test_p11_connections_to_the_tundra_never_score_nor_earn_respect() -> None:
    game = _game(feats={FeatKind.RESPECT, FeatKind.HONOUR})
    state = game.state
    for number in TUNDRA_CONNECTIONS:
        reason = connection_block(state, number)
        if number in state.mountains:
            assert reason.startswith("B3: ")
        else:
            assert reason.startswith("P11: ") and "Anvil of the Sky" in reason
    assert all(connection_block(state, n) in (None, "B3: covered by a mountain")
               for n in state.board.connections_by_number if n not in TUNDRA_CONNECTIONS)
    # Red takes the totem majority at the other end of connection 3 (Sunmote Terraces, Desert) ...
    for space in (1, 39):
        primitives.put_tent(state, RED, space)
    primitives.put_tent(state, RED, 42)
    give_hand(state, RED, [DESERT, TUNDRA, FOREST])
    game.play(Place(2, (DESERT,), 1))
    game.play(PlaceTotem())
    # ... which earns nothing, and the final scoring pays nothing for any Tundra connection.
    assert state.feat_supply[FeatKind.RESPECT] == 1 and not state.feats
    final_scoring_now(state)
    final = state.reports[-1]
    assert not [l for l in final.lines if l.subject in {f"connection:{n}" for n in TUNDRA_CONNECTIONS}]


def test_p11_without_the_rule_a_tundra_connection_is_not_vetoed() -> None:
    state = _game(board=board_without("floating-lands", "tundra-no-totems")).state
    assert all(connection_block(state, n) in (None, "B3: covered by a mountain") for n in TUNDRA_CONNECTIONS)


def _tundra_stays_totem_free(state) -> None:
    assert state.totem_stacks[T_ANVIL] == []
    assert not [f for f in state.feats if f.on_connection and f.target in TUNDRA_CONNECTIONS]


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_e2_random_games_on_floating_lands_end_without_a_tundra_totem(n_players: int) -> None:
    game = new_real_game("floating-lands", n_players, seed=20 + n_players, feats=ALL_FEATS, first_player=None)
    play_random(game, seed=20 + n_players, check=_tundra_stays_totem_free)
    state = game.state
    assert state.is_terminal() and state.result.winners
    final = state.reports[-1]
    assert final.kind == "final" and final.totals() == [s - h for s, h in zip(state.scores, _half(state))]
    assert not [l for l in final.lines if l.subject in {f"connection:{n}" for n in TUNDRA_CONNECTIONS}]


def _half(state) -> list[int]:
    half = [r for r in state.reports if r.kind == "half"]
    return half[0].totals() if half else [0] * len(state.tribes)


def test_e2_floating_lands_save_round_trip_mid_game_and_at_the_end() -> None:
    game = new_real_game("floating-lands", 4, seed=5, feats=ALL_FEATS)
    play_random(game, seed=5, stop_after=60)
    loaded = round_trip(game)
    play_random(game, seed=6)
    play_random(loaded, seed=6)
    assert loaded.state == game.state and game.is_over()
    round_trip(game)


def test_e2_floating_lands_games_are_deterministic() -> None:
    first = play_random(new_real_game("floating-lands", 3, seed=9, feats=ALL_FEATS, first_player=None), seed=9)
    second = play_random(new_real_game("floating-lands", 3, seed=9, feats=ALL_FEATS, first_player=None), seed=9)
    assert first.log == second.log and first.state == second.state
