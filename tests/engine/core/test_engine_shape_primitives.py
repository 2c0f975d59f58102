"""The public primitives rule modules build on (core/primitives.py): each does its bookkeeping and refuses
with an IllegalAction naming the rule before changing anything."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine_fixtures import small_board
from engine_helpers import BLUE, GREEN, RED, SPACES, T_DESERT, T_FOREST, T_GLACIERS, T_TUNDRA, put_tents, put_totem
from iwari_desktop.engine import FeatKind, GameConfig, IllegalAction, Phase
from iwari_desktop.engine.core import primitives
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import EMPTY, GameState, TribeRole
from iwari_desktop.engine.rulesets.feat_rules import p5_order


def make(n: int = 3, feats=(), rules: tuple[str, ...] = ()) -> GameState:
    board = dataclasses.replace(small_board(mountains=False), rules=rules)
    return new_game(GameConfig.quick("small-test", n, 3, feats=frozenset(feats), first_player=0), board)


def test_b11_put_tent_updates_counts_and_refuses_a_taken_space_or_empty_supply():
    state = make()
    primitives.put_tent(state, GREEN, SPACES[T_FOREST][0])
    assert state.space_owner[SPACES[T_FOREST][0]] == GREEN and state.territory_tents[T_FOREST][GREEN] == 1
    assert state.territory_empty[T_FOREST] == 3 and state.tents_left[GREEN] == 19
    with pytest.raises(IllegalAction) as taken:
        primitives.put_tent(state, RED, SPACES[T_FOREST][0])
    assert taken.value.rule == "B10"
    state.tents_left[RED] = 0
    with pytest.raises(IllegalAction) as empty:
        primitives.put_tent(state, RED, SPACES[T_FOREST][1])
    assert empty.value.rule == "B11" and state.space_owner[SPACES[T_FOREST][1]] == EMPTY


def test_b9_put_totem_keeps_the_cap_unless_told_otherwise():
    state = make()
    put_tents(state, RED, SPACES[T_DESERT][:1])
    primitives.put_totem(state, BLUE, T_DESERT)
    with pytest.raises(IllegalAction) as capped:
        primitives.put_totem(state, BLUE, T_DESERT)
    assert capped.value.rule == "B9" and state.totem_stacks[T_DESERT] == [BLUE]
    primitives.put_totem(state, BLUE, T_FOREST, check_cap=False)  # setup pieces (E5's Void totems)
    assert state.totem_stacks[T_FOREST] == [BLUE] and state.totems_left[BLUE] == 6


def test_b19_put_runs_the_feat_checks():
    state = make(feats=(FeatKind.UNION,))
    for space in SPACES[T_DESERT][:4]:  # spaces 0-3 are a road chain: the fourth tent completes a settlement
        primitives.put_tent(state, RED, space)
    assert [(c.feat, c.tribe) for c in state.pending_feats] == [(FeatKind.UNION, RED)]


def test_remove_and_move_tent_return_pieces_and_keep_counts():
    state = make()
    put_tents(state, GREEN, SPACES[T_FOREST][:2])
    assert primitives.remove_tent(state, SPACES[T_FOREST][0]) == GREEN
    assert state.territory_tents[T_FOREST][GREEN] == 1 and state.tents_left[GREEN] == 19
    primitives.move_tent(state, SPACES[T_FOREST][1], SPACES[T_GLACIERS][0])
    assert state.territory_tents[T_FOREST][GREEN] == 0 and state.territory_tents[T_GLACIERS][GREEN] == 1
    assert state.territory_empty[T_FOREST] == 4 and state.tents_left[GREEN] == 19
    with pytest.raises(IllegalAction) as empty:
        primitives.remove_tent(state, SPACES[T_FOREST][0])
    assert empty.value.rule == "B10"


def test_s9_a_totem_under_another_cannot_be_taken_when_only_the_top_may_move():
    state = make()
    put_tents(state, RED, SPACES[T_DESERT][:2])
    put_totem(state, RED, T_DESERT)
    put_totem(state, BLUE, T_DESERT)
    with pytest.raises(IllegalAction) as under:
        primitives.remove_totem(state, T_DESERT, RED, top_only=True)
    assert under.value.rule == "S9" and state.totem_stacks[T_DESERT] == [RED, BLUE]
    primitives.remove_totem(state, T_DESERT, RED)
    assert state.totem_stacks[T_DESERT] == [BLUE] and state.totems_left[RED] == 8


def test_b9_move_totem_checks_the_destination_cap_before_anything_changes():
    state = make()
    put_tents(state, RED, SPACES[T_DESERT][:2])
    put_tents(state, RED, SPACES[T_FOREST][:1])
    put_totem(state, BLUE, T_DESERT, 2)
    put_totem(state, GREEN, T_FOREST)
    with pytest.raises(IllegalAction) as capped:
        primitives.move_totem(state, BLUE, T_DESERT, T_FOREST)
    assert capped.value.rule == "B9" and state.totem_stacks[T_DESERT] == [BLUE, BLUE]
    put_tents(state, RED, SPACES[T_FOREST][1:2])
    primitives.move_totem(state, BLUE, T_DESERT, T_FOREST)
    assert state.totem_stacks[T_DESERT] == [BLUE] and state.totem_stacks[T_FOREST] == [GREEN, BLUE]
    assert state.totem_counts[T_FOREST][BLUE] == 1 and state.totems_left[BLUE] == 6


def test_p5_a_totem_leaving_hands_honour_to_the_acting_tribe_first_then_turn_order():
    """Red and green share Desert's majority; blue's totems hold Tundra's. When they leave, red and green
    qualify for Honour on connection 1 (Desert-Tundra, land) at the same moment: the actor (green) earns it (P5)."""
    state = make(feats=(FeatKind.HONOUR,))
    put_tents(state, RED, SPACES[T_DESERT][:3])
    put_tents(state, GREEN, SPACES[T_TUNDRA][:3])
    put_totem(state, RED, T_DESERT)
    put_totem(state, GREEN, T_DESERT)
    put_totem(state, RED, T_TUNDRA)
    put_totem(state, GREEN, T_TUNDRA)
    put_totem(state, BLUE, T_TUNDRA, 3)
    assert p5_order(state, GREEN) == [GREEN, RED, BLUE]
    primitives.remove_totem(state, T_TUNDRA, BLUE, actor=GREEN)
    assert state.pending_feats == []  # blue still holds Tundra's majority alone (2 against 1 and 1)
    primitives.remove_totem(state, T_TUNDRA, BLUE, actor=GREEN)  # now 1-1-1: red and green qualify at once
    assert [(c.feat, c.tribe, c.connections) for c in state.pending_feats] == [(FeatKind.HONOUR, GREEN, (1,))]


def test_pay_cards_discards_from_the_active_hand_or_refuses():
    state = make()
    hand = list(state.hands[0])
    with pytest.raises(IllegalAction) as missing:
        primitives.pay_cards(state, hand + hand)
    assert missing.value.rule == "B6" and state.hands[0] == hand
    primitives.pay_cards(state, hand[:2])
    assert state.hands[0] == hand[2:] and state.discard[-2:] == hand[:2]


def test_award_points_scores_now_with_an_explained_line():
    state = make()
    line = primitives.award_points(state, {GREEN: 4}, "expedition", "expedition:3", "Expedition 3 (first)",
                                   "4 tents in Glaciers territories")
    assert state.scores == [0, 4, 0]
    assert state.reports[-1].kind == "award" and state.reports[-1].lines == [line]
    assert line.points == {GREEN: 4}


@dataclass(frozen=True)
class NeedsVoid(RuleModule):
    key: ClassVar[str] = "toy-needs-void"
    tribe_roles: ClassVar[tuple] = (TribeRole.VOID,)


def test_e5_award_points_never_gives_the_neutral_void_points(monkeypatch):
    monkeypatch.setitem(REGISTRY, NeedsVoid.key, NeedsVoid)
    state = make(rules=("toy-needs-void",))
    with pytest.raises(ValueError):
        primitives.award_points(state, {state.void_tribe: 1}, "x", "x", "x")
    assert state.scores == [0, 0, 0, 0] and state.reports == []


def test_s10_end_game_scores_and_decides_at_once_with_its_reason():
    state = make()
    put_tents(state, BLUE, SPACES[T_DESERT][:3])
    primitives.end_game(state, "void-settlement")
    assert state.is_terminal() and state.end_reason == "void-settlement"
    assert state.reports[-1].kind == "final" and state.scores[BLUE] == 3 and state.result.winners == (BLUE,)
    with pytest.raises(IllegalAction) as over:
        primitives.end_game(state, "again")
    assert over.value.rule == "B14"


def test_piece_done_and_finish_action_refuse_when_nothing_waits():
    state = make()
    with pytest.raises(IllegalAction) as no_place:
        primitives.piece_done(state)
    assert no_place.value.rule == "B5"
    primitives.begin_place(state, RED, T_DESERT, 1)
    assert state.phase is Phase.PIECES and not state.pending.explored_at_start
    with pytest.raises(IllegalAction) as early:
        primitives.finish_action(state)
    assert early.value.rule == "B5"
    primitives.put_tent(state, RED, SPACES[T_DESERT][0])
    primitives.piece_done(state)
    # the hand was never paid from, so nothing to draw: the turn ended and the next player is up
    assert state.pending is None and state.phase is Phase.MAIN and state.active_seat == 1 and state.turn == 2
