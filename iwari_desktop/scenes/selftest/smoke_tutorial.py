"""`iwari --smoke tutorial`: Learn to play, headless, from the main menu to its last step.

The run opens the tutorial from the menu's "Learn to play" entry and plays it through by its own
script: each learner step is made by the coach through the controller's click methods (the path a
person's clicks take), the scripted opponents play through the board's computer seats, and the
scoring screens are stepped through with their own buttons. Before each move it also tries one
wrong click and checks the tutorial refuses it without changing the game. Temporary data folders;
one line of summary; exit code 0, or 1 naming the step that failed.
"""

from __future__ import annotations

import time

from collections.abc import Callable
from typing import Any

from .smoke import SmokeFailure, SmokeRun, _expect, open_from_menu, run_headless


def wrong_click_refused(board) -> bool:
    """Click a territory the step does not ask for; True if the coach refused it and the game is unchanged."""
    c = board.controller
    wanted = c.coach.lit(c).territories
    other = next(t for t in range(len(c.state.board.territories)) if t not in wanted)
    log, refusals = len(c.game.log), c.coach.refusals
    c.click_territory(other)
    return len(c.game.log) == log and c.coach.refusals == refusals + 1 and c.coach.refusal is not None


def drive(app, board, limit: int = 5000) -> dict[str, int]:
    """Play the tutorial on `board` to its Finish step; returns counts of what happened."""
    from iwari_desktop.engine.tutorial import StepKind
    from ..board.overlays import AnnouncementOverlay
    from ..tutorial.tutorial import TutorialScoringScene

    c = board.controller
    coach = c.coach
    board.computers.pace = "instant"
    app.settings.computer_pace = "instant"
    counts = {"steps": 0, "opponent_actions": 0, "refusals_checked": 0, "scorings": 0, "announcements": 0,
              "end_announced": 0}
    for _ in range(limit):
        top = app.stack.top
        if coach.is_kind(StepKind.FINISH) and top is board:
            return counts
        if coach.is_kind(StepKind.FINISH) and getattr(top, "on_yes", None) == board.leave:
            top.cancel()   # "Tutorial complete!": stay on the board, where Finish is lit
            counts["end_announced"] = 1
            continue
        if isinstance(top, AnnouncementOverlay):
            top.acknowledge()
            counts["announcements"] += 1
        elif isinstance(top, TutorialScoringScene):
            if top.at_table:
                top.close()
                counts["scorings"] += 1
                counts["steps"] += 1
            else:
                top.go(top.step + 1)
        elif top is board:
            if board.computers.busy and (c.computer_to_move or c.turn_done) and not coach.is_kind(StepKind.END_TURN) \
                    and not (c.over and c.turn_done):
                before = len(c.game.log)
                board.computers.step(time.monotonic() + 1000)
                if board.computers.thinker is not None:
                    board.computers.thinker.join(10)
                    board.computers.step(time.monotonic() + 1000)
                counts["opponent_actions"] += len(c.game.log) - before
            elif c.over and c.turn_done:
                board.primary()
            else:
                if counts["steps"] % 5 == 0 and coach.step.kind is not StepKind.SCORING:
                    _expect(wrong_click_refused(board), f"a wrong click at step {coach.number} was not refused")
                    counts["refusals_checked"] += 1
                number = coach.number
                _expect(coach.perform(c), f"step {number} ({coach.step.action or coach.step.kind.value}) "
                                          f"did not take: {c.message.text if c.message else 'no message'}")
                board._after()
                counts["steps"] += 1
        else:
            raise SmokeFailure(f"unexpected screen {type(top).__name__}")
        app.step(0)
    raise SmokeFailure(f"the tutorial did not reach its end within {limit} moves")


def run_tutorial_smoke(make_app: Callable[..., Any], size: tuple[int, int] = (1280, 720)) -> int:
    def body(run: SmokeRun, app) -> str:
        from ..tutorial.tutorial import TutorialScene

        run.step = "menu"
        board = open_from_menu(app, "learn", TutorialScene, "Learn to play did not open the tutorial")
        run.step = "tutorial"
        counts = drive(app, board)
        c = board.controller
        _expect(c.over and c.state.result is not None, "the tutorial game did not end")
        _expect(counts["end_announced"] == 1, "the end of the tutorial was not announced")
        run.step = "finish"
        board.skip_step()  # the Finish button's command
        app.step(0)
        _expect(type(app.stack.top).__name__ == "MenuScene", "Finish did not return to the main menu")
        scores = ", ".join(f"{c.tribe_name(t)} {c.state.scores[t]}" for t in range(len(c.state.tribes)))
        return (f"tutorial ok: {counts['steps']} steps by the script, {counts['opponent_actions']} opponent actions, "
                f"{counts['refusals_checked']} wrong clicks refused, {counts['scorings']} scorings, final {scores}; "
                f"{app.frames} frames in {run.seconds():.1f} s")

    return run_headless("tutorial smoke", body, make_app, size)
