"""The board controller is a facade over parts handed what they use (issue #18 item 5).

Two promises: the parts reach nothing of their host untyped (no `attr-defined` ignores left in the
controller's files, at most 5 in all of scenes/), and a subclass's gate in front of the controller's
entry points (the tutorial's coach does this) stands in front of every part's gestures too.
"""

from __future__ import annotations

import random

from iwari_desktop.engine import Action, Game, GameConfig
from iwari_desktop.engine.rulesets.solo.actions import VoidPlay
from iwari_desktop.scenes.board.controller import GameController
from repo_root import ROOT
from solo_scene_helpers import solo_game, until

IGNORE = "type: ignore[attr-defined]"


def test_no_attr_defined_ignores_in_the_controller_and_at_most_five_in_scenes():
    scenes = ROOT / "iwari_desktop" / "scenes"
    found = {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8").count(IGNORE)
             for path in scenes.rglob("*.py")}
    controller = {path: n for path, n in found.items() if path.startswith("iwari_desktop/scenes/board/controller")}
    assert len(controller) >= 5 and sum(controller.values()) == 0, controller
    assert sum(found.values()) <= 5, {path: n for path, n in found.items() if n}


class GatedController(GameController):
    """A controller with a gate in front of `_blocked` and `_submit` that counts what it saw and, when told,
    refuses every gesture (`block`) or every action (`refuse`)."""

    def __init__(self, game: Game, *, block: bool = False) -> None:
        self.block = block
        self.refuse = False
        self.submitted: list[Action] = []
        self.blocked_asked = 0
        super().__init__(game)

    def _blocked(self) -> bool:
        self.blocked_asked += 1
        return self.block or super()._blocked()

    def _submit(self, action: Action) -> bool:
        self.submitted.append(action)
        return False if self.refuse else super()._submit(action)


def test_a_subclass_gate_on_blocked_stops_the_expansion_flows_gestures():
    c = GatedController(Game.new(GameConfig.quick("the-void", 3, 1, first_player=0)), block=True)
    c.viewer_seat = c.state.active_seat
    log = list(c.game.log)
    assert not c.toggle_permit() and not c.click_token(0) and not c.place_void_totem()
    assert c.blocked_asked == 3 and c.submitted == [] and c.game.log == log


def test_s4_a_subclass_gate_on_submit_sees_the_void_flows_action_and_keeps_it_out_of_the_game():
    c = GatedController(solo_game(seed=5))
    until(c, random.Random(5), lambda: c.void_action_open() and c.needs_handoff is False and not c.turn_done)
    assert c.submitted == c.game.log  # every action so far went through the gate, the Void flow's too
    c.refuse = True
    play = next(a for a in c.legal() if isinstance(a, VoidPlay) and a.territory is not None)
    hand = list(c.hand())
    for card in play.cards:
        c.toggle_card(next(i for i, h in enumerate(hand) if h == card and i not in c.selected))
    log = list(c.game.log)
    assert play.territory in c.lit_territories()
    assert not c.click_territory(play.territory)
    assert c.submitted[-1] == play and c.game.log == log
