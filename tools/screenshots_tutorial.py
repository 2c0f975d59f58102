"""Screenshots of Learn to play, for docs/screenshots and the README.

    .venv/bin/python tools/screenshots_tutorial.py [--size 1280x720] [--out DIR]

Opens the tutorial from the main menu's "Learn to play" (the menu is saved too, as `menu.png`),
plays it by its own script through the controller, and saves the steps the README shows: a wrong
card refused (`tutorial-refused.png`), the totem cap (`tutorial-cap.png`) and the half-journey
scoring with the coach (`tutorial-scoring.png`). Other sizes get the size in the file name.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from screenshots import screenshot_run  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    args, (w, h), suffix, out = screenshot_run(__doc__.splitlines()[0], argv)

    from iwari_desktop.app import App
    from iwari_desktop.engine import PlaceTent
    from iwari_desktop.engine.tutorial import StepKind
    from iwari_desktop.scenes.board.overlays import AnnouncementOverlay
    from iwari_desktop.scenes.tutorial.tutorial import TutorialScoringScene

    app = App(size=(w, h), fullscreen=False)
    app.settings.computer_pace = "instant"
    app.step(0)

    def shot(name: str) -> None:
        app.draw()
        app.screenshot(out / f"{name}{suffix}.png")
        print(out / f"{name}{suffix}.png")

    shot("menu")
    app.stack.top.choose("learn")
    app.step(0)
    board = app.stack.top
    c, coach = board.controller, board.controller.coach
    hand = list(c.hand())
    c.toggle_card(next(i for i, card in enumerate(hand) if card.key == "tundra"))  # not the card asked for
    board._after()
    shot("tutorial-refused")
    saved = set()
    for _ in range(3000):
        top = app.stack.top
        if coach.is_kind(StepKind.FINISH):
            break
        if isinstance(top, AnnouncementOverlay):
            top.acknowledge()
        elif isinstance(top, TutorialScoringScene):
            if top.step == 4 and "scoring" not in saved:
                shot("tutorial-scoring")
                saved.add("scoring")
            top.close() if top.at_table else top.go(top.step + 1)
        elif c.computer_to_move or (c.turn_done and c.computer_level(c.last_seat) is not None and not c.over):
            board.computers.step(time.monotonic() + 1000)
            if board.computers.thinker is not None:
                board.computers.thinker.join(10)
                board.computers.step(time.monotonic() + 1000)
        elif c.over and c.turn_done:
            board.primary()
        else:
            wanted = coach.expected()
            state = c.state
            if (isinstance(wanted, PlaceTent) and state.pending is not None and "cap" not in saved
                    and state.totems_in(state.pending.territory) > 0
                    and state.totems_in(state.pending.territory) == state.totem_cap(state.pending.territory)):
                shot("tutorial-cap")
                saved.add("cap")
            coach.perform(c)
            board._after()
        app.step(0)
    app.pg.quit()
    return 0 if {"cap", "scoring"} <= saved else 1


if __name__ == "__main__":
    sys.exit(main())
