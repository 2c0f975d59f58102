"""The small general hooks the solo work added to core/, each proven with a toy module on the fixture board:
`exchange_filter`, `after_turn`, `own_end`, `scores_points`, `switches_off` and `drop_pending_pieces`."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine_fixtures import small_board
from engine_helpers import give_hand, put_tents
from iwari_desktop.engine import Biome, Exchange, GameConfig, IllegalAction, Phase, Place, PlaceTent, apply
from iwari_desktop.engine import legal_actions, new_game
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.primitives import drop_pending_pieces


@dataclass(frozen=True)
class NoDesertExchange(RuleModule):
    key: ClassVar[str] = "toy-no-desert-exchange"
    own_end: ClassVar[bool] = True
    switches_off: ClassVar[tuple[str, ...]] = ("mountains",)

    def exchange_filter(self, state, card):
        return "S3: no Desert exchange" if card is Biome.DESERT else None

    def after_turn(self, state):
        return "toy-end" if state.turn >= 2 else None


@dataclass(frozen=True)
class Pointless(RuleModule):
    key: ClassVar[str] = "toy-pointless"
    scores_points: ClassVar[bool] = False

    def after_placement(self, state, tribe, territory, space):
        if space is not None and state.pending is not None:
            drop_pending_pieces(state)   # every Place stops after its first piece


@pytest.fixture
def toys(monkeypatch):
    monkeypatch.setitem(REGISTRY, NoDesertExchange.key, NoDesertExchange)
    monkeypatch.setitem(REGISTRY, Pointless.key, Pointless)


def game(rules):
    board = dataclasses.replace(small_board(), rules=rules)
    return new_game(GameConfig.quick("small-test", 3, 1, first_player=0), board)


def test_exchange_filter_after_turn_own_end_and_switches_off(toys):
    state = game(("toy-no-desert-exchange",))
    assert state.mountains == () and [m.key for m in state.modules] == ["toy-no-desert-exchange"]
    give_hand(state, 0, [Biome.DESERT, Biome.FOREST, Biome.FOREST])
    assert Exchange(Biome.DESERT) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="S3"):
        apply(state, Exchange(Biome.DESERT))
    state.tents_left[1] = 0            # B11 would trigger the end: off under own_end
    apply(state, Exchange(Biome.FOREST))
    while state.phase is Phase.DRAW:
        apply(state, legal_actions(state)[-1])
    assert state.phase is Phase.MAIN and not state.end_triggered
    apply(state, legal_actions(state)[-1])
    while state.phase is Phase.DRAW or state.phase is Phase.PIECES:
        apply(state, legal_actions(state)[-1])
    assert state.phase is Phase.GAME_OVER and state.end_reason == "toy-end"


def test_scores_points_false_keeps_only_the_modules_lines_and_drop_pending_pieces_ends_the_action(toys):
    state = game(("toy-pointless",))
    give_hand(state, 0, [Biome.DESERT, Biome.DESERT, Biome.FOREST])
    put_tents(state, 1, [5])
    apply(state, Place(0, (Biome.DESERT, Biome.DESERT), 2))
    apply(state, PlaceTent(0))
    assert state.phase is Phase.DRAW and state.pending is None   # the second piece was given up
    from iwari_desktop.engine.core.scoring import score_report
    assert score_report(state, final=True).lines == []
