"""S3 / S6 / S10 / E10 / P7 / B5 / B11 pinned in the turn flow with toy rule modules (issue #32).

Every chained hook is asked of every module that implements it, in hook order, once; a module that holds
the game (Phase.MODULE) hands the rest of the chain on when it resumes: the Void's step before the draw
(S3), the same face-up card to the next listeners (an Infection, S3/S6), the decisions before the final
scoring (Worship, E10). A module that ends the game stops the flow there (S10). The third tribe's turn is
owed for a module's own choice alone (P7), `after_action` hears the tribe whose action it was, a hand
still full after the action draws nothing (B5), and a module that owns the end switches B11 off (S10).
Small positions on the fixture board (tests/support/engine_helpers.py); each toy logs what it is asked.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine_fixtures import small_board
from engine_helpers import (
    COAST, DESERT, FOREST, GLACIERS, T_FOREST, TUNDRA, draw_until_turn_ends, end_by_last_turn, give_hand, set_deck_top,
    set_display,
)
from iwari_desktop.engine import Action, Draw, Exchange, GameConfig, Phase, Place, PlaceTent, apply, legal_actions
from iwari_desktop.engine import new_game
from iwari_desktop.engine.core import flow, primitives
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.rules import resume

RED, GREEN, BLUE = range(3)


@dataclass(frozen=True, slots=True)
class Go(Action):
    """A toy module's one decision while it holds the game."""

    def __str__(self) -> str:
        return "toy-go"


@dataclass(frozen=True, slots=True)
class Free(Action):
    """A toy module's own action that costs no card; `end` ends the game at once (like the Void winning, S10)."""

    end: bool = False

    def __str__(self) -> str:
        return f"toy-free{' end' if self.end else ''}"


def log(state) -> list[str]:
    return state.ext.setdefault("toy-log", [])


@dataclass(frozen=True)
class Holding(RuleModule):
    """Holds the game the first time it is asked a question and logs every question and every decision; asked the
    same question again, it logs that and lets play go on (so a flow that asks twice shows in the log)."""

    key: ClassVar[str] = "toy-holding"
    name: ClassVar[str] = "?"

    def _hold(self, state, question: str) -> bool:
        log(state).append(f"{self.name} {question}")
        asked = state.ext.setdefault(f"{self.key} asked", [])
        if question in asked:
            return False
        asked.append(question)
        return True

    def module_actions(self, state) -> list[Action]:
        return [Go()]

    def apply_action(self, state, action) -> None:
        log(state).append(f"{self.name} decides")
        resume(state)


@dataclass(frozen=True)
class StepA(Holding):
    """A step before the hand refill, like the Void's action (S3 step 2)."""

    key: ClassVar[str] = "toy-step-a"
    name: ClassVar[str] = "a"

    def before_draw(self, state) -> bool:
        return self._hold(state, f"before the draw of turn {state.turn}")


@dataclass(frozen=True)
class StepB(StepA):
    key: ClassVar[str] = "toy-step-b"
    name: ClassVar[str] = "b"


@dataclass(frozen=True)
class AlarmA(Holding):
    """Stops the refill for every Desert turned face up, like an Infection for a Void card (S3 step 4, S6)."""

    key: ClassVar[str] = "toy-alarm-a"
    name: ClassVar[str] = "a"

    def on_display_card(self, state, card) -> bool:
        question = f"sees {card.key} as display card {len(state.display)}"
        if card is not DESERT:
            log(state).append(f"{self.name} {question}")
            return False
        return self._hold(state, question)


@dataclass(frozen=True)
class AlarmB(AlarmA):
    key: ClassVar[str] = "toy-alarm-b"
    name: ClassVar[str] = "b"


@dataclass(frozen=True)
class WorshipA(Holding):
    """Decisions before the final scoring, like Worship (E10)."""

    key: ClassVar[str] = "toy-worship-a"
    name: ClassVar[str] = "a"

    def before_final_scoring(self, state) -> bool:
        return self._hold(state, "before the final scoring")


@dataclass(frozen=True)
class WorshipB(WorshipA):
    key: ClassVar[str] = "toy-worship-b"
    name: ClassVar[str] = "b"


@dataclass(frozen=True)
class DesertEnds(RuleModule):
    """A Desert turned face up ends the game at once (S10: the Void wins the moment it completes a condition)."""

    key: ClassVar[str] = "toy-desert-ends"

    def on_display_card(self, state, card) -> bool:
        if card is DESERT:
            primitives.end_game(state, "toy: a Desert came up")
        return False


@dataclass(frozen=True)
class FreeActions(RuleModule):
    """Offers its own actions (no card paid) to the player and to the third tribe (P7: every kind of action the
    rules offer), and logs whose action `after_action` hears."""

    key: ClassVar[str] = "toy-free-actions"
    action_types: ClassVar[tuple[type, ...]] = (Free,)

    def extra_actions(self, state, phase, tribe, hand) -> list[Action]:
        return [Free(), Free(end=True)] if phase is Phase.THIRD_TRIBE or phase is Phase.MAIN else []

    def apply_action(self, state, action) -> None:
        if action.end:
            primitives.end_game(state, "toy: the game ends now")
        else:
            primitives.finish_action(state)

    def after_action(self, state, tribe) -> None:
        log(state).append(f"action of tribe {tribe}")


@dataclass(frozen=True)
class OwnEnd(RuleModule):
    """Decides by itself when the game ends (S10), so B11's tribe out of tents ends nothing."""

    key: ClassVar[str] = "toy-own-end"
    own_end: ClassVar[bool] = True


TOYS = (StepA, StepB, AlarmA, AlarmB, WorshipA, WorshipB, DesertEnds, FreeActions, OwnEnd)


@pytest.fixture(autouse=True)
def toys(monkeypatch):
    for toy in TOYS:
        monkeypatch.setitem(REGISTRY, toy.key, toy)


def game(*toys: type[RuleModule], players: int = 3):
    """A game on the fixture board (no mountains) with the toy modules, in this hook order."""
    board = dataclasses.replace(small_board(mountains=False), rules=tuple(t.key for t in toys))
    state = new_game(GameConfig.quick("small-test", players, 1, first_player=0), board)
    assert [m.key for m in state.modules] == [t.key for t in toys]
    return state


def decide(state) -> None:
    assert legal_actions(state) == [Go()]
    apply(state, Go())


def test_s3_each_step_before_the_draw_is_asked_once_in_hook_order_and_then_the_player_draws():
    state = game(StepA, StepB)
    give_hand(state, RED, [DESERT, FOREST, FOREST])
    apply(state, Exchange(DESERT))
    assert state.phase is Phase.MODULE and flow.module_holding(state).key == StepA.key
    decide(state)
    assert state.phase is Phase.MODULE and flow.module_holding(state).key == StepB.key
    decide(state)
    assert log(state) == ["a before the draw of turn 1", "a decides", "b before the draw of turn 1", "b decides"]
    assert state.phase is Phase.DRAW and state.active_seat == RED
    assert state.module_turn is None and state.continuation is None   # no module holds the game any more


def test_s3_s6_a_card_that_stops_the_refill_is_shown_to_every_listener_before_the_refill_goes_on():
    state = game(AlarmA, AlarmB)
    set_display(state, [FOREST, FOREST, COAST, COAST])
    set_deck_top(state, [DESERT, TUNDRA])
    give_hand(state, RED, [GLACIERS, GLACIERS, FOREST])
    apply(state, Place(T_FOREST, (GLACIERS, GLACIERS), 1))   # B6: a pair as a wild, one tent
    apply(state, PlaceTent(12))
    apply(state, Draw(COAST))
    apply(state, Draw(COAST))                               # the hand is full: the display refills (B5)
    assert state.phase is Phase.MODULE and state.display == [FOREST, FOREST, DESERT]
    decide(state)
    assert state.phase is Phase.MODULE and flow.module_holding(state).key == AlarmB.key
    decide(state)
    assert log(state) == ["a sees desert as display card 3", "a decides", "b sees desert as display card 3", "b decides",
                          "a sees tundra as display card 4", "b sees tundra as display card 4"]
    assert state.display == [FOREST, FOREST, DESERT, TUNDRA]
    assert state.phase is Phase.MAIN and state.active_seat == GREEN and state.turns_taken == [1, 0, 0]


def test_s10_a_card_that_ends_the_game_stops_the_refill_and_the_turn_there():
    state = game(DesertEnds)
    set_display(state, [FOREST, FOREST, COAST, COAST])
    set_deck_top(state, [DESERT, TUNDRA])
    give_hand(state, RED, [GLACIERS, FOREST, FOREST])
    apply(state, Exchange(GLACIERS))
    apply(state, Draw(COAST))
    assert state.phase is Phase.GAME_OVER and state.end_reason == "toy: a Desert came up"
    assert state.display == [FOREST, FOREST, COAST, DESERT] and state.deck[-1] is TUNDRA
    assert state.turns_taken == [0, 0, 0] and [r.kind for r in state.reports] == ["final"]


def test_e10_each_decision_before_the_final_scoring_is_asked_once_in_hook_order_then_the_game_is_scored():
    state = game(WorshipA, WorshipB)
    end_by_last_turn(state)
    assert state.phase is Phase.MODULE and state.reports == []
    decide(state)
    assert state.phase is Phase.MODULE and flow.module_holding(state).key == WorshipB.key and state.reports == []
    decide(state)
    assert log(state) == ["a before the final scoring", "a decides", "b before the final scoring", "b decides"]
    assert state.phase is Phase.GAME_OVER and [r.kind for r in state.reports] == ["final"]


def test_p7_b12_a_modules_own_action_alone_makes_the_third_tribes_turn_owed():
    state = game(FreeActions, players=2)
    third = state.third_tribe
    give_hand(state, RED, [DESERT])
    apply(state, Exchange(DESERT))           # the hand is empty: no Place is left for the third tribe
    assert state.phase is Phase.THIRD_TRIBE and legal_actions(state) == [Free(), Free(end=True)]
    apply(state, Free())
    assert log(state) == [f"action of tribe {RED}", f"action of tribe {third}"]
    assert state.phase is Phase.DRAW and state.active_seat == RED


def test_s10_a_module_ending_the_game_during_the_third_tribes_action_leaves_nothing_under_way():
    state = game(FreeActions, players=2)
    give_hand(state, RED, [DESERT])
    apply(state, Exchange(DESERT))
    apply(state, Free(end=True))
    assert state.phase is Phase.GAME_OVER and state.end_reason == "toy: the game ends now"
    assert state.pending is None and state.pending_feats == [] and state.third_action is False


def test_b5_s3_a_hand_still_full_after_the_action_draws_nothing_and_the_turn_ends():
    state = game(FreeActions)
    assert len(state.hands[RED]) == 3
    apply(state, Free())
    assert log(state) == [f"action of tribe {RED}"]
    assert state.phase is Phase.MAIN and state.active_seat == GREEN and len(state.hands[RED]) == 3


def test_b11_s10_a_tribe_out_of_tents_ends_the_journey_unless_a_module_owns_the_end():
    for toys, triggered in (((), True), ((OwnEnd,), False)):
        state = game(*toys, players=2)
        state.tents_left[state.third_tribe] = 0   # B11: the third tribe counts too
        give_hand(state, RED, [DESERT, FOREST, FOREST])
        apply(state, Exchange(DESERT))
        if state.phase is Phase.THIRD_TRIBE:
            apply(state, legal_actions(state)[0])
            while state.phase is Phase.PIECES:
                apply(state, legal_actions(state)[0])
        draw_until_turn_ends(state)
        assert state.turns_taken == [1, 0] and state.end_triggered is triggered, toys
