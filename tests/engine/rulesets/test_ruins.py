"""E3 Forgotten Island ruins (with P7, P10, P11, P33) on the bundled forgotten-island map.

Ruin spaces there (space: icon biome, connection, the territories it joins):
  74 Coast c11 (t0 Coast - t10 Tundra), 75 Desert c9 (t1-t3), 76 Glaciers c6 (t3-t7),
  77 Forest c2 (t6-t8), 78 Tundra c4 (t7-t9), 79 Forest c14 (t8-t11); every connection is water.
Roads: 48-0-74-1-21 (0 in t0, 1 and 21 in t10); the two roads to a ruin space run along its
connection, so the settlement tests rely on those being roads on this map (`connection-roads`).
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine_helpers import (
    FULL_DECK, all_cards, draw_until_turn_ends, final_scoring_now, give_hand, put_tent, put_totem,
)
from iwari_desktop.engine import (
    BASE_FEATS, Biome, Exchange, FeatKind, Game, GameConfig, GameMode, IllegalAction, Phase, PlaceFeat, TribeRole,
    apply, get_board, legal_actions, new_game, observe, parse_action,
)
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.observation import determinize
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.scoring import connection_block, decide_winner, score_report
from iwari_desktop.engine.core.settlements import group_containing, settlements
from iwari_desktop.engine.core.state import EMPTY
from iwari_desktop.engine.files.saves import load_game, save_game, state_digest
from iwari_desktop.engine.rulesets.ruins import RuinData, Ruins, TakeRuin

BOARD = get_board("forgotten-island")
RUINS = (74, 75, 76, 77, 78, 79)
COAST_RUIN, DESERT_RUIN, FOREST_RUINS = 74, 75, (77, 79)
RED, GREEN, BLUE = 0, 1, 2
T_COAST, T_TUNDRA = 0, 10   # the two ends of connection 11


def game(n: int = 3, seed: int = 1, feats=frozenset(), first: int | None = 0):
    return new_game(GameConfig.quick("forgotten-island", n, seed, feats=frozenset(feats), first_player=first), BOARD)


def take(state, space: int) -> None:
    apply(state, TakeRuin(space))


def kept(state) -> list[list[int]]:
    return state.ext["ruins"].kept


# ---- setup ---------------------------------------------------------------------------------------

def test_e3_setup_puts_a_void_ruin_on_every_ruin_space():
    state = game(4)
    void = state.void_tribe
    assert void == 4 and state.tribes[void].role is TribeRole.VOID and state.roles.scoring == (0, 1, 2, 3)
    assert BOARD.ruin_spaces == RUINS
    assert [state.space_owner[s] for s in RUINS] == [void] * 6
    assert state.tents_left[void] == 21 - 6
    # in no territory: no territory counts a Void tent
    assert all(counts[void] == 0 for counts in state.territory_tents)
    assert sum(state.territory_empty) == sum(len(t.tent_spaces) for t in BOARD.territories)
    assert kept(state) == [[] for _ in range(5)]


def test_p33_two_players_seat_the_third_tribe_before_the_void():
    state = game(2)
    assert [t.role for t in state.tribes] == [TribeRole.SEAT, TribeRole.SEAT, TribeRole.THIRD, TribeRole.VOID]
    assert [state.space_owner[s] for s in RUINS] == [3] * 6


@dataclass(frozen=True)
class ToySolo(RuleModule):
    """Stands in for the solo module (not built yet): asks for the Void, nothing else."""

    key: ClassVar[str] = "solo"
    tribe_roles: ClassVar[tuple] = (TribeRole.VOID,)


def test_e3_solo_setup_leaves_ruin_spaces_empty_and_still_blocked(monkeypatch):
    """S11: no ruins at a solo setup; an empty ruin space still blocks its connection, and taking it
    keeps no ruin (there was none)."""
    monkeypatch.setitem(REGISTRY, "solo", ToySolo)
    state = new_game(GameConfig.quick("forgotten-island", 1, 3, mode=GameMode.SOLO, first_player=0), BOARD)
    assert state.void_tribe == 1 and all(state.space_owner[s] == EMPTY for s in RUINS)
    assert connection_block(state, 11).startswith("E3:")
    give_hand(state, 0, [Biome.COAST, Biome.COAST, Biome.DESERT])
    take(state, COAST_RUIN)
    assert state.space_owner[COAST_RUIN] == 0 and kept(state) == [[], []]
    assert state.tents_left[state.void_tribe] == 21 and connection_block(state, 11) is None


# ---- taking a ruin space ----------------------------------------------------------------------------

def test_e3_a_ruin_space_is_offered_only_for_two_cards_of_its_icon():
    state = game()
    give_hand(state, RED, [Biome.COAST, Biome.COAST, Biome.FOREST])
    ruin_actions = [a for a in legal_actions(state) if isinstance(a, TakeRuin)]
    assert ruin_actions == [TakeRuin(COAST_RUIN)]
    give_hand(state, RED, [Biome.FOREST, Biome.FOREST, Biome.COAST])
    assert [a for a in legal_actions(state) if isinstance(a, TakeRuin)] == [TakeRuin(s) for s in FOREST_RUINS]
    give_hand(state, RED, [Biome.DESERT, Biome.DESERT, Biome.COAST])  # a wild pair does not pay for the Coast ruin
    assert [a for a in legal_actions(state) if isinstance(a, TakeRuin)] == [TakeRuin(DESERT_RUIN)]
    with pytest.raises(IllegalAction) as refused:
        take(state, COAST_RUIN)
    assert refused.value.rule == "E3" and "two Coast cards" in refused.value.reason
    assert "E3" not in refused.value.reason  # player-facing words carry no ruling id


def test_e3_taking_a_ruin_is_the_whole_action_one_tent_and_two_cards():
    state = game()
    give_hand(state, RED, [Biome.COAST, Biome.COAST, Biome.COAST])
    discard = len(state.discard)
    territory_tents = [list(c) for c in state.territory_tents]
    take(state, COAST_RUIN)
    assert state.space_owner[COAST_RUIN] == RED
    assert state.hands[RED] == [Biome.COAST]            # exactly two cards paid, the third stays
    assert state.discard[discard:] == [Biome.COAST, Biome.COAST]
    assert state.phase is Phase.DRAW                    # nothing else that action
    assert state.tents_left[RED] == 19 and state.totems_left[RED] == 8
    assert state.tents_left[state.void_tribe] == 15      # the ruin is kept, not returned to the Void
    assert kept(state)[RED] == [COAST_RUIN]
    assert [list(c) for c in state.territory_tents] == territory_tents  # in no territory (P10)
    assert all_cards(state) == FULL_DECK


def test_e3_a_taken_ruin_space_cannot_be_taken_again():
    state = game()
    give_hand(state, RED, [Biome.COAST, Biome.COAST, Biome.DESERT])
    take(state, COAST_RUIN)
    draw_until_turn_ends(state)
    give_hand(state, GREEN, [Biome.COAST, Biome.COAST, Biome.DESERT])
    assert TakeRuin(COAST_RUIN) not in legal_actions(state)
    with pytest.raises(IllegalAction) as refused:
        take(state, COAST_RUIN)
    assert refused.value.rule == "B10"


def test_e3_refusals_name_the_rule():
    state = game()
    give_hand(state, RED, [Biome.COAST, Biome.COAST, Biome.DESERT])
    with pytest.raises(IllegalAction) as not_ruin:
        take(state, 0)
    assert not_ruin.value.rule == "E3" and "not a ruin space" in not_ruin.value.reason
    state.tents_left[RED] = 0
    with pytest.raises(IllegalAction) as no_tent:
        take(state, COAST_RUIN)
    assert no_tent.value.rule == "B11"
    state.tents_left[RED] = 20
    apply(state, Exchange(Biome.DESERT))
    with pytest.raises(IllegalAction) as drawing:
        take(state, COAST_RUIN)
    assert drawing.value.rule == "B5"


def test_e3_ruin_action_text_round_trips():
    assert str(TakeRuin(74)) == "ruin s74" and parse_action("ruin s74") == TakeRuin(74)


# ---- scoring: kept ruins, blocked connections ----------------------------------------------------------

def test_e3_p33_each_kept_ruin_scores_one_point_on_its_own_line():
    state = game()
    give_hand(state, RED, [Biome.COAST, Biome.COAST, Biome.DESERT])
    take(state, COAST_RUIN)
    draw_until_turn_ends(state)
    give_hand(state, GREEN, [Biome.FOREST, Biome.FOREST, Biome.DESERT])
    take(state, 77)
    draw_until_turn_ends(state)
    give_hand(state, BLUE, [Biome.FOREST, Biome.FOREST, Biome.DESERT])
    take(state, 79)
    draw_until_turn_ends(state)
    give_hand(state, RED, [Biome.DESERT, Biome.DESERT, Biome.FOREST])
    take(state, DESERT_RUIN)
    draw_until_turn_ends(state)
    assert kept(state) == [[74, 75], [77], [79], []]
    before = list(state.scores)
    final_scoring_now(state)
    lines = [l for l in state.reports[-1].lines if l.category == "ruins"]
    assert [(l.subject, l.base, l.multiplier) for l in lines] == [
        ("ruins:0", {RED: 2}, 1), ("ruins:1", {GREEN: 1}, 1), ("ruins:2", {BLUE: 1}, 1)]
    assert lines[0].label == "Player 1's ruins"
    assert lines[0].detail == ("Player 1 kept 2 ruins, 1 point each: Coast ruin on connection 11, "
                               "Desert ruin on connection 9")
    by_category = state.reports[-1].by_category()
    assert by_category["ruins"] == [2, 1, 1, 0]
    assert [state.scores[t] - before[t] for t in range(3)] == [state.reports[-1].totals()[t] for t in range(3)]
    assert all(l.category != "ruins" for r in state.reports[:-1] for l in r.lines)  # only at the end


def test_e3_p10_a_connection_scores_only_once_its_ruin_space_holds_a_tribe_tent():
    state = game()
    put_tent(state, RED, 48)
    put_tent(state, RED, 21)
    put_totem(state, RED, T_COAST)
    put_totem(state, RED, T_TUNDRA)
    assert connection_block(state, 11) == ("E3: connection 11 is blocked by a ruin until a tribe's tent stands "
                                           "on its ruin space")
    assert connection_block(state, 12) is None
    assert not [l for l in score_report(state, final=True).lines if l.subject == "connection:11"]
    give_hand(state, GREEN, [Biome.COAST, Biome.COAST, Biome.DESERT])  # any tribe's tent unlocks it
    state.active_seat = GREEN
    take(state, COAST_RUIN)
    assert connection_block(state, 11) is None
    line = next(l for l in score_report(state, final=True).lines if l.subject == "connection:11")
    assert line.base == {RED: 2}


def test_p10_every_ruin_space_on_a_connection_must_hold_a_tribe_tent():
    """A board with two ruin spaces on connection 11 (74 and, moved there, 75)."""
    spaces = list(BOARD.spaces)
    spaces[DESERT_RUIN] = dataclasses.replace(spaces[DESERT_RUIN], connection=11)
    board = dataclasses.replace(BOARD, spaces=tuple(spaces))
    state = new_game(GameConfig.quick("forgotten-island", 3, 1, first_player=0), board)
    give_hand(state, RED, [Biome.COAST, Biome.COAST, Biome.DESERT])
    take(state, COAST_RUIN)
    assert connection_block(state, 11).startswith("E3:")
    draw_until_turn_ends(state)
    give_hand(state, GREEN, [Biome.DESERT, Biome.DESERT, Biome.COAST])
    take(state, DESERT_RUIN)
    assert connection_block(state, 11) is None and connection_block(state, 9) is None


def test_p11_the_tent_that_unlocks_a_connection_earns_respect_for_its_majority_holder():
    state = game(feats=BASE_FEATS)
    put_tent(state, RED, 48)
    put_tent(state, RED, 21)
    put_totem(state, RED, T_COAST)
    put_totem(state, RED, T_TUNDRA)
    assert not state.feats   # blocked: no Respect yet (P11)
    give_hand(state, GREEN, [Biome.COAST, Biome.COAST, Biome.DESERT])
    state.active_seat = GREEN
    take(state, COAST_RUIN)  # green's tent unlocks connection 11, where red holds both majorities
    respect = [f for f in state.feats if f.feat is FeatKind.RESPECT]
    assert [(f.tribe, f.target, f.on_connection) for f in respect] == [(RED, 11, True)]


# ---- the road network (P10) ---------------------------------------------------------------------------

def test_p10_a_tent_on_a_ruin_space_joins_settlements_and_union_goes_on_a_territory():
    state = game(feats=BASE_FEATS)
    for space in (48, 0, 1, 21):
        put_tent(state, RED, space)
    assert group_containing(state, 0) == [0, 48]     # the Void ruin links nobody (P10)
    give_hand(state, RED, [Biome.COAST, Biome.COAST, Biome.DESERT])
    take(state, COAST_RUIN)
    assert settlements(state, RED) == [[0, 1, 21, 48, 74]]
    assert state.phase is Phase.FEAT                 # Union: the settlement touches t0 and t10, not the ruin
    assert legal_actions(state) == [PlaceFeat(FeatKind.UNION, T_COAST, False), PlaceFeat(FeatKind.UNION, T_TUNDRA, False)]
    apply(state, PlaceFeat(FeatKind.UNION, T_TUNDRA, False))
    assert state.phase is Phase.DRAW
    line = next(l for l in score_report(state, final=True).lines if l.category == "settlement")
    assert line.base == {RED: 5}


def test_p10_void_ruins_form_no_scoring_settlement():
    state = game()
    final_scoring_now(state)
    assert state.scores[state.void_tribe] == 0
    assert not [l for l in state.reports[-1].lines if state.void_tribe in l.base]


def test_p10_kept_ruins_are_not_pieces_in_supply_for_the_tie_break():
    state = game()
    give_hand(state, RED, [Biome.COAST, Biome.COAST, Biome.DESERT])
    take(state, COAST_RUIN)
    assert state.supply_left(RED) == 19 + 8 and state.supply_left(GREEN) == 20 + 8
    state.scores[:] = [10, 10, 3, 0]
    result = decide_winner(state)
    assert result.winners == (GREEN,) and result.decided_by == "supply"


# ---- the third tribe (P7, P33) ---------------------------------------------------------------------------

def test_p7_p33_the_third_tribe_takes_a_ruin_space_and_keeps_it():
    state = game(2)
    third = state.third_tribe
    give_hand(state, RED, [Biome.COAST, Biome.COAST, Biome.DESERT])
    apply(state, Exchange(Biome.DESERT))
    assert state.phase is Phase.THIRD_TRIBE and TakeRuin(COAST_RUIN) in legal_actions(state)
    take(state, COAST_RUIN)
    assert state.space_owner[COAST_RUIN] == third and kept(state)[third] == [COAST_RUIN]
    assert state.hands[RED] == [] and state.phase is Phase.DRAW
    draw_until_turn_ends(state)
    final_scoring_now(state)
    line = next(l for l in state.reports[-1].lines if l.category == "ruins")
    assert line.base == {third: 1} and line.label == "Third tribe's ruins"


# ---- module data: observation, digest, saves, determinism ----------------------------------------------

def test_e3_public_view_shows_void_ruins_kept_ruins_and_blocked_connections():
    state = game()
    give_hand(state, RED, [Biome.COAST, Biome.COAST, Biome.DESERT])
    take(state, COAST_RUIN)
    for seat in range(3):
        seen = observe(state, seat)
        assert seen.module_view("ruins") == {
            "void_ruins": [75, 76, 77, 78, 79], "kept": [1, 0, 0, 0], "kept_spaces": [[74], [], [], []],
            "blocked_connections": [2, 4, 6, 9, 14]}
        assert seen.space_owner[75] == state.void_tribe and seen.space_owner[74] == RED
    guess = determinize(state, GREEN, Rng(5))
    assert guess.ext["ruins"] == state.ext["ruins"] and guess.ext["ruins"] is not state.ext["ruins"]
    assert json.dumps(observe(state, 0).to_json())   # JSON-ready


def test_e3_void_ruins_and_kept_ruins_are_in_the_save_digest():
    g = Game.new(GameConfig.quick("forgotten-island", 3, 1, first_player=0), BOARD)
    give_hand(g.state, RED, [Biome.COAST, Biome.COAST, Biome.DESERT])
    g.play(TakeRuin(COAST_RUIN))
    digest = state_digest(g)
    g.state.ext["ruins"] = RuinData([[], [COAST_RUIN], [], []])
    assert state_digest(g) != digest
    g.state.ext["ruins"] = RuinData([[COAST_RUIN], [], [], []])
    assert state_digest(g) == digest
    g.state.space_owner[75] = EMPTY
    assert state_digest(g) != digest


def _random_game(n: int, seed: int, feats=BASE_FEATS) -> tuple[Game, list]:
    g = Game.new(GameConfig.quick("forgotten-island", n, seed, feats=feats), BOARD)
    bot = RandomBot(seed + 7)
    while not g.is_over():
        g.play(bot.choose(g.state, g.legal_actions()))
    return g, [a for a in g.log if isinstance(a, TakeRuin)]


def test_e3_save_round_trip_of_a_game_with_ruins_taken():
    g = Game.new(GameConfig.quick("forgotten-island", 3, 11, feats=BASE_FEATS), BOARD)
    bot = RandomBot(4)
    checked = took = 0
    while not g.is_over():
        if checked % 7 == 0 or (g.log and isinstance(g.log[-1], TakeRuin)):
            loaded = load_game(json.loads(json.dumps(save_game(g))), board=BOARD)
            assert loaded.state == g.state and loaded.legal_actions() == g.legal_actions()
        action = bot.choose(g.state, g.legal_actions())
        took += isinstance(action, TakeRuin)
        g.play(action)
        checked += 1
    loaded = load_game(json.loads(json.dumps(save_game(g))), board=BOARD)
    assert loaded.state == g.state and loaded.state.result == g.state.result
    assert took >= 1 and "ruin s" in " ".join(save_game(g)["actions"])


def test_e3_games_with_ruins_replay_identically():
    first, taken = _random_game(4, 21)
    again, _ = _random_game(4, 21)
    assert taken and again.state == first.state and again.log == first.log
    replayed = Game.replay(first.config, [str(a) for a in first.log], BOARD)
    assert replayed.state == first.state


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_e3_random_playthroughs_conserve_pieces_and_cards(n):
    """Every allowed player count, several seeds: pieces (ruins included) and cards conserved, scores never
    fall, blocked connections never score, every game ends; and ruins do get taken."""
    taken_total = 0
    for seed in range(6):
        state = new_game(GameConfig.quick("forgotten-island", n, 100 + seed, feats=BASE_FEATS), BOARD)
        bot = RandomBot(seed)
        void = state.void_tribe
        scores = list(state.scores)
        steps = 0
        while not state.is_terminal():
            action = bot.choose(state)
            taken_total += isinstance(action, TakeRuin)
            apply(state, action)
            steps += 1
            assert steps < 2000
            assert all_cards(state) == FULL_DECK
            kept_ruins = sum(len(k) for k in kept(state))
            on_board = Counter(state.space_owner)
            assert on_board[void] + state.tents_left[void] + kept_ruins == 21
            assert all(on_board[t] + state.tents_left[t] == 20 for t in state.roles.scoring)
            assert all(state.space_owner[s] != EMPTY for s in RUINS)
            assert all(now >= before for now, before in zip(state.scores, scores))
            scores = list(state.scores)
        final = state.reports[-1]
        blocked = {BOARD.spaces[s].connection for s in RUINS if state.space_owner[s] == void}
        assert not [l for l in final.lines if l.category == "totems" and int(l.subject.split(":")[1]) in blocked]
        assert sum(l.base.get(t, 0) for l in final.lines if l.category == "ruins" for t in l.base) == sum(
            len(k) for k in kept(state))
        assert state.scores[void] == 0 and void not in state.result.winners
    assert taken_total > 0


def test_e3_module_is_switched_on_by_the_map_and_described():
    state = game()
    ruins = [m for m in state.modules if m.key == "ruins"]
    assert len(ruins) == 1 and isinstance(ruins[0], Ruins)
    assert Ruins.title and Ruins.summary and "E3" not in Ruins.summary
