"""`apply(state, action, listed)`: the bots hand over the options they already listed (issue #32's speed work);
the same actions must be accepted with the same result and the same ones refused with the same ruling."""

from __future__ import annotations

import pytest

from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.errors import IllegalAction
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.solo.actions import VoidChoice


def _module_decisions(count: int) -> list[GameState]:
    """Positions of a seeded solo game where the solo module holds the game (Phase.MODULE) with a choice."""
    state = new_game(GameConfig.quick("glacial-mass", 1, 3, mode=GameMode.SOLO), get_board("glacial-mass"))
    found: list[GameState] = []
    for _ in range(400):
        if state.is_terminal() or len(found) >= count:
            break
        options = legal_actions(state)
        if state.phase is Phase.MODULE and len(options) > 1:
            found.append(state.clone())
        apply(state, options[len(options) // 2])
    return found


def test_s4_an_action_applied_with_its_listed_options_gives_the_same_position_as_without():
    positions = _module_decisions(6)
    assert len(positions) >= 4
    for position in positions:
        options = legal_actions(position)
        for action in options:
            plain, listed = position.clone(), position.clone()
            apply(plain, action)
            apply(listed, action, options)
            assert listed == plain


def test_s4_a_module_decision_not_listed_is_refused_with_its_ruling_whatever_list_is_handed_over():
    position = _module_decisions(1)[0]
    options = legal_actions(position)
    stranger = VoidChoice(-1, False)
    assert stranger not in options
    with pytest.raises(IllegalAction) as plain:
        apply(position.clone(), stranger)
    with pytest.raises(IllegalAction) as listed:
        apply(position.clone(), stranger, options)
    assert listed.value.rule == plain.value.rule and str(listed.value) == str(plain.value)
