"""Screenshots of solo and co-op against the Void, for docs/screenshots.

    .venv/bin/python tools/screenshots_solo.py [--size 1280x720] [--out DIR] [--map new-horizons]

Runs the real application (SDL's dummy driver without a display, or a real window under Xvfb),
plays a seeded solo game through the controller (random legal choices from a seeded RNG, submitted
by the same controller methods a click uses) and saves: the Solo and Co-op setup screens
(`setup-solo`, `setup-coop`), the Void action step (`solo-void-action`), the board just after a
Corruption (`solo-corruption`: mid-sequence, on a step that puts a Void piece down, later pieces still
hidden; the game lets the engine settle the Void's ties so one Corruption is one sequence) and the end
screen (`solo-end`). Saves go to a temporary folder.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from screenshots import use_temporary_folders_and_any_display  # noqa: E402  (beside this file)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--map", default="new-horizons")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    suffix = "" if (w, h) == (1280, 720) else f"-{w}x{h}"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    use_temporary_folders_and_any_display()

    import pygame

    from iwari_desktop.app import App
    from iwari_desktop.engine.core.config import GameMode
    from iwari_desktop.scenes.board import BoardScene
    from iwari_desktop.scenes.overlays import AnnouncementOverlay, HandoffOverlay
    from iwari_desktop.scenes.setup_mode import ModeSetupScene
    from iwari_desktop.scenes.solo_driver import void_step
    from iwari_desktop.scenes.scoring import ScoringScene
    from iwari_desktop.scenes.void_end import VoidEndScene
    from iwari_desktop.scenes.void_steps import VoidStepsScene

    app = App(size=(w, h), fullscreen=False)

    def shot(name: str) -> None:
        app.step(0)
        app.screenshot(out / f"{name}{suffix}.png")
        print("wrote", out / f"{name}{suffix}.png")

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
        if isinstance(top, HandoffOverlay):
            top.confirm()
        elif isinstance(top, AnnouncementOverlay):
            top.acknowledge()
        elif isinstance(top, ScoringScene):
            top.skip()
            top.close()
        elif isinstance(top, VoidStepsScene):
            step = top.plan[top.index] if top.index < len(top.plan) else None
            mid = step is not None and (step.ruin is not None or step.totem is not None) \
                and top.index < len(top.plan) - 1
            if not took_corruption and mid and any("Corruption at" in s for s in top.steps[:top.index + 1]):
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
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
