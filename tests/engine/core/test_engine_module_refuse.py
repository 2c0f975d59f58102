"""The `refuse` hook: a module action that `legal_actions` does not list is refused by its module.

By default the refusal names the module's ruling; a module may name the precise rule instead (E3's
ruin space names B10 when a tent is already there). Exercised by toy modules on the fixture board.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine_fixtures import small_board
from iwari_desktop.engine import Exchange, GameConfig, IllegalAction, Phase, apply, legal_actions, new_game
from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.primitives import finish_action


@dataclass(frozen=True, slots=True)
class Knock(Action):
    times: int

    def __str__(self) -> str:
        return f"knock {self.times}"


@dataclass(frozen=True)
class Door(RuleModule):
    """Offers `knock 1` as a whole action; keeps the default refusal."""

    key: ClassVar[str] = "toy-door"
    ruling: ClassVar[str] = "E7"
    title: ClassVar[str] = "the toy door"
    action_types: ClassVar[tuple[type, ...]] = (Knock,)

    def extra_actions(self, state, phase, tribe, hand) -> list[Action]:
        return [Knock(1)] if phase is Phase.MAIN else []

    def apply_action(self, state, action) -> None:
        state.ext["knocks"] = state.ext.get("knocks", 0) + action.times
        finish_action(state)


@dataclass(frozen=True)
class PickyDoor(Door):
    """Names the precise rule: more than one knock breaks B6 (a stand-in), anything else B5."""

    key: ClassVar[str] = "toy-picky-door"

    def refuse(self, state, action) -> IllegalAction:
        if action.times > 1:
            return IllegalAction("B6", "one knock is enough")
        return IllegalAction("B5", "not now")


def _game(monkeypatch, cls):
    monkeypatch.setitem(REGISTRY, cls.key, cls)
    board = dataclasses.replace(small_board(mountains=False), rules=(cls.key,))
    return new_game(GameConfig.quick("small-test", 3, 1, first_player=0), board)


def test_default_refusal_names_the_module_ruling(monkeypatch):
    state = _game(monkeypatch, Door)
    assert Knock(1) in legal_actions(state)
    with pytest.raises(IllegalAction) as refused:
        apply(state, Knock(2))
    assert refused.value.rule == "E7" and "the toy door" in refused.value.reason
    apply(state, Knock(1))
    assert state.ext["knocks"] == 1 and state.phase is Phase.MAIN and state.active_seat == 1  # hand full: no draw


def test_a_module_refusal_names_the_precise_rule(monkeypatch):
    state = _game(monkeypatch, PickyDoor)
    with pytest.raises(IllegalAction) as too_many:
        apply(state, Knock(3))
    assert (too_many.value.rule, too_many.value.reason) == ("B6", "one knock is enough")
    apply(state, Exchange(state.hands[0][0]))
    assert state.phase is Phase.DRAW
    with pytest.raises(IllegalAction) as later:
        apply(state, Knock(1))   # drawing now: not listed, so refused by the module
    assert later.value.rule == "B5" and "knocks" not in state.ext
