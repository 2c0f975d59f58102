"""Screenshots of solo and co-op against the Void, for docs/screenshots.

    .venv/bin/python tools/screenshots_solo.py [--size 1280x720] [--out DIR] [--map new-horizons]

Runs the real application (SDL's dummy driver without a display, or a real window under Xvfb),
plays a seeded solo game through the controller (random legal choices from a seeded RNG, submitted
by the same controller methods a click uses) and saves: the Solo and Co-op setup screens
(`setup-solo`, `setup-coop`), the Void action step (`solo-void-action`), the board just after a
Corruption (`solo-corruption`: mid-sequence, on a step that puts a Void piece down, later pieces still
hidden; the game lets the engine settle the Void's ties so one Corruption is one sequence) and the end
screen (`solo-end`); then, from a solo position file, a move of pieces half made (`solo-move`: the tent
chosen, its destinations lit), and a co-op game with open hands (`coop-open-hands`: the partner's cards
in their tribe row), and an Infection stopped for the player's choice (`solo-void-step`, its last step on the
steps screen; `solo-void-choice`, the board asking). Saves go to a temporary folder.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from screenshots import screenshot_run, shooter  # noqa: E402  (beside this file)


MOVE_POSITION = {   # New Horizons: Desert completely explored, so Desert + a Coast pair move two pieces (S9)
    "format": "iwari-position", "version": 1, "map": "new-horizons", "mode": "solo", "tribes": [{"name": "Aiyana"}],
    "tents": [{"tribe": "Aiyana", "territory": "Amberdune Wastes", "count": 3},
              {"tribe": "void", "territory": "Amberdune Wastes", "count": 2},
              {"tribe": "Aiyana", "territory": "Saltwind Bay", "count": 1}],
    "totems": [{"territory": "Amberdune Wastes", "stack": ["void", "Aiyana"]}],
    "counted": ["Amberdune Wastes", {"territory": "Sunscorch Flats", "when": "corruption"}], "pawn": 1}


def move_shot(app, shot) -> None:
    """A move of pieces (S9) made by the controller's click gestures: cards, source, destination, a tent."""
    from iwari_desktop.engine import Biome, Game
    from iwari_desktop.engine.files.positions import load_position
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game

    state = load_position(MOVE_POSITION).state
    state.hands[0] = [Biome.DESERT, Biome.COAST, Biome.COAST]
    start_game(app, Game(state.config, state))
    board = app.stack.find(BoardScene)
    while app.stack.top is not board:
        app.stack.pop()
    c = board.controller
    for i in range(3):
        c.toggle_card(i)
    names = {t.name: t.index for t in state.board.territories}
    c.click_territory(names["Amberdune Wastes"])
    c.click_territory(names["Saltwind Bay"])
    c.click_space(sorted(c.lit_spaces())[0])
    board._after()
    board.anims.clear()
    shot("solo-move")


def open_hands_shot(app, shot, seed: int) -> None:
    """A co-op game with open hands a few turns in: the partner's cards drawn read-only in their row."""
    from iwari_desktop.engine import Game, GameConfig, PlayerSpec
    from iwari_desktop.engine.core.config import PLAYER_COLOURS, GameMode
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game
    from iwari_desktop.scenes.selftest.solo_driver import void_step

    specs = tuple(PlayerSpec(n, PLAYER_COLOURS[i]) for i, n in enumerate(["Aiyana", "Wren"]))
    start_game(app, Game.new(GameConfig("new-horizons", specs, seed, mode=GameMode.COOP,
                                        options={"open_hands": True})))
    board = app.stack.find(BoardScene)
    c = board.controller
    rng = random.Random(seed)
    while sum(c.state.turns_taken) < 3 or not c.void_action_open():
        while app.stack.top is not board:
            app.stack.pop()
        void_step(c, rng)
        board._after()
    while app.stack.top is not board:
        app.stack.pop()
    board.anims.clear()
    shot("coop-open-hands")


def choice_shot(app, shot, seed: int = 3) -> None:
    """Mid-Infection with a choice (issue #34): a solo game on New Horizons (the Void's ties left to the
    player) played until an Infection stops for "which territory first"; its last step on the steps screen
    (`solo-void-step`: the Tribes panel at that step), then the board asking for the choice
    (`solo-void-choice`: every offered territory lit, no forecast of the next card yet)."""
    from iwari_desktop.engine import Game, GameConfig, PlayerSpec
    from iwari_desktop.engine.core.config import PLAYER_COLOURS, GameMode
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.selftest.smoke_driver import dismiss_screen
    from iwari_desktop.scenes.selftest.solo_driver import void_step
    from iwari_desktop.scenes.setup.setup import start_game
    from iwari_desktop.scenes.solo.void_steps import VoidStepsScene

    start_game(app, Game.new(GameConfig("new-horizons", (PlayerSpec("Aiyana", PLAYER_COLOURS[0]),), seed,
                                        mode=GameMode.SOLO)))
    board = app.stack.find(BoardScene)
    c = board.controller
    rng = random.Random(seed)
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, VoidStepsScene):
            if any(not choice.space for choice in c.void_choices()):
                top.index = len(top.plan) - 1
                top._hold()
                top.clock = top.step_seconds() * 0.5   # its piece has arrived, the pawn stands; time is left
                shot("solo-void-step")
                top.finish()
                board.anims.clear()
                shot("solo-void-choice")
                return
            top.finish()
        elif top is not board and dismiss_screen(top) is not None:
            pass
        elif top is board:
            void_step(c, rng)
            board._after()
        app.step(0)
    raise SystemExit("no Infection stopped for a choice")


def main(argv: list[str] | None = None) -> int:
    def own(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--map", default="new-horizons")
        parser.add_argument("--seed", type=int, default=7)

    args, (w, h), suffix, out = screenshot_run(__doc__.splitlines()[0], argv, own)

    import pygame

    from iwari_desktop.app import App
    from iwari_desktop.engine.core.config import GameMode
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup_mode import ModeSetupScene
    from iwari_desktop.scenes.selftest.smoke_driver import dismiss_screen
    from iwari_desktop.scenes.selftest.solo_driver import void_step
    from iwari_desktop.scenes.solo.void_end import VoidEndScene
    from iwari_desktop.scenes.solo.void_steps import VoidStepsScene

    app = App(size=(w, h), fullscreen=False)

    shot = shooter(app, out, suffix)

    app.stack.top.choose("coop")
    shot("setup-coop")
    app.stack.pop()
    app.stack.top.choose("solo")
    setup = app.stack.top
    assert isinstance(setup, ModeSetupScene) and setup.model.mode is GameMode.SOLO
    setup.pick_map(args.map)
    shot("setup-solo")
    setup.model.auto_ties = True
    setup.start(seed=args.seed)
    board = app.stack.find(BoardScene)
    c = board.controller
    rng = random.Random(args.seed)
    took_void_action = took_corruption = False
    for _ in range(5000):
        top = app.stack.top
        if isinstance(top, VoidEndScene):
            break
        if dismiss_screen(top) is not None:
            pass
        elif isinstance(top, VoidStepsScene):
            step = top.plan[top.index] if top.index < len(top.plan) else None
            mid = step is not None and (step.ruin is not None or step.totem is not None) \
                and top.index < len(top.plan) - 1
            if not took_corruption and mid and any(s.kind == "corruption" for s in top.plan[:top.index + 1]):
                took_corruption = True
                shot("solo-corruption")
            top.advance()
        elif c.void_action_open() and not took_void_action and c.state.turn >= 3:
            took_void_action = True
            board.anims.clear()  # the tent just placed stands on its space, not half-way down its drop
            shot("solo-void-action")
        else:
            void_step(c, rng)
            board._after()
        app.step(0)
    shot("solo-end")
    move_shot(app, shot)
    open_hands_shot(app, shot, args.seed)
    choice_shot(app, shot)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
